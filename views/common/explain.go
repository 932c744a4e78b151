package common

import (
	"errors"
	"maps"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// Sentence is an error whose text is a whole sentence for the user: the rule
// the service applied, not a wrapped cause.
type Sentence string

func (s Sentence) Error() string { return string(s) }

// RefusalResponse is the body of a refusal (403) or a rejection (422), or nil
// for any other error.
func RefusalResponse(err error) *apiclient.ErrorResponse {
	var re *apiclient.RefusalError
	var ve *apiclient.ValidationError
	switch {
	case errors.As(err, &re):
		return &re.ErrorResponse
	case errors.As(err, &ve):
		return &ve.ErrorResponse
	}
	return nil
}

// Refused reports whether err is the service saying no: retrying will not help.
func Refused(err error) bool { return RefusalResponse(err) != nil }

// FieldMessages joins the service's field messages; a message about the
// resource as a whole (key resource, such as "inventory_item") reads without
// its key.
func FieldMessages(er *apiclient.ErrorResponse, resource string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(er.Fields)) {
		for _, m := range er.Fields[k] {
			if k != resource {
				m = k + " " + m
			}
			parts = append(parts, m)
		}
	}
	return strings.Join(parts, "; ")
}

// StateRule is the sentence for a refusal: the rule, then what the service
// said when it said something.
func StateRule(rule, said string) error {
	if said == "" {
		return Sentence(rule + ".")
	}
	return Sentence(rule + ". The service said: " + said)
}

// ActionFailure is the error panel for a failed action, with the error
// already put in words; a refusal gets no retry (retrying will not help).
func ActionFailure(what string, err, inWords error, retry tea.Cmd) tea.Msg {
	if Refused(err) {
		retry = nil
	}
	return ui.ShowError{What: what, Err: inWords, Retry: retry}
}
