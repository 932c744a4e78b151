package editforms

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// failure turns a failed send into a FormResult: field messages for a 422,
// words for a refusal (refusal returns "" to fall back to the service's
// text), an unknown outcome, or a fault that kept nothing from the user.
func failure(err error, noun string, refusal func(e *apiclient.ErrorResponse) string) ui.FormResult {
	var ve *apiclient.ValidationError
	var re *apiclient.RefusalError
	switch {
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return ui.FormResult{Unknown: true,
			Problem: fmt.Sprintf("The connection dropped after the %s was sent: it may or may not have been saved.", noun)}
	case errors.As(err, &ve):
		if len(ve.Fields) > 0 {
			return ui.FormResult{FieldErrors: ve.Fields}
		}
		return ui.FormResult{Problem: fmt.Sprintf("The service refused the %s: %s", noun, describe(&ve.ErrorResponse))}
	case errors.As(err, &re):
		if refusal != nil {
			if s := refusal(&re.ErrorResponse); s != "" {
				return ui.FormResult{Problem: s}
			}
		}
		if len(re.Fields) > 0 {
			return ui.FormResult{FieldErrors: re.Fields}
		}
		return ui.FormResult{Problem: fmt.Sprintf("The service refused the %s: %s", noun, describe(&re.ErrorResponse))}
	}
	return ui.FormResult{Problem: fmt.Sprintf("Could not send the %s: %s. Nothing was lost: your input is still here; send again with ctrl+s.", noun, common.FaultReason(err))}
}

// describe is what the service said, in its own words.
func describe(e *apiclient.ErrorResponse) string {
	switch {
	case e.Description != "":
		return e.Description
	case len(e.Fields) > 0:
		return fieldText(e.Fields)
	case e.Code != "":
		return e.Code
	}
	return fmt.Sprintf("status %d", e.StatusCode)
}

// fieldText joins the service's field messages; a message about the record
// as a whole (keys document, event, inventory_item) reads without its key.
func fieldText(fields map[string][]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		for _, m := range fields[k] {
			switch k {
			case "document", "event", "inventory_item", "base":
			default:
				m = strings.ReplaceAll(k, "_", " ") + " " + m
			}
			parts = append(parts, m)
		}
	}
	return strings.Join(parts, "; ")
}

// sentence is an error whose text is a whole sentence for the user (shown
// by the error panel as "Could not <what>: <sentence>").
type sentence string

func (s sentence) Error() string { return string(s) }

// changed reports whether key's value differs from the form's first value;
// a key missing from v (a hidden field) counts as emptied.
func changed(orig, v ui.Values, key string) bool {
	return v[key] != orig[key]
}
