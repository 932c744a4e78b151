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

// Refusal says how the service's "no" to a request is put in words.
type Refusal struct {
	// Rule is the rule of api-v3.md the refusal is explained with ("An item
	// can be archived only when it has at least one inventory move"); ""
	// gives only what the service said.
	Rule string
	// Codes are rules of their own for some 403 codes.
	Codes map[string]string
	// Resource is the 422 key that stands for the record as a whole
	// ("inventory_item"): its messages read without the key.
	Resource string
}

// Explain is the one way a failed request is put in words for the error
// panel: a refusal (403) or rejection (422) states the rule and what the
// service said; an unknown outcome says so; a fault gives its reason.
func Explain(err error, r Refusal) error {
	if er := RefusalResponse(err); er != nil {
		rule := r.Rule
		var re *apiclient.RefusalError
		if errors.As(err, &re) && r.Codes[re.Code] != "" {
			rule = r.Codes[re.Code]
		}
		said := FieldMessages(er, r.Resource)
		if said == "" {
			said = Join(" ", er.Description, er.Code)
		}
		if rule == "" {
			return Sentence("the service refused: " + said)
		}
		return StateRule(rule, said)
	}
	if IsUnknownOutcome(err) {
		return Sentence("the connection dropped before the answer came: reload to see whether it was done")
	}
	if errors.Is(err, ErrNoClient) {
		return err
	}
	return Sentence(FaultReason(err))
}

// IsUnknownOutcome reports whether a request left but its answer never came.
func IsUnknownOutcome(err error) bool { return errors.Is(err, apiclient.ErrOutcomeUnknown) }

// ActionFailure is the error panel for a failed action, with the error
// already put in words; a refusal gets no retry (retrying will not help).
func ActionFailure(what string, err, inWords error, retry tea.Cmd) tea.Msg {
	if Refused(err) {
		retry = nil
	}
	return ui.ShowError{What: what, Err: inWords, Retry: retry}
}
