package common

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
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
func StateRule(l locale.Locale, rule, said string) error {
	if said == "" {
		return Sentence(rule + ".")
	}
	return Sentence(rule + ". " + l.Tf("The service said: %s", said))
}

// Refusal says how the service's "no" to a request is put in words. It is
// data, not code, so that every page explains failures the same way.
type Refusal struct {
	// Rule is the rule of api-v3.md the refusal is explained with ("An item
	// can be archived only when it has at least one inventory move"); ""
	// gives only what the service said.
	Rule string
	// Codes are rules of their own for some 403 codes. The rule names the
	// code, so the code is not repeated after it.
	Codes map[string]string
	// Fields are rules of their own for some 422 keys ("active": "it is
	// already active"): the first key (in sorted order) with a rule gives it,
	// and only that key's messages follow, with or without Notes.
	Fields map[string]string
	// Resource is the 422 key that stands for the record as a whole
	// ("inventory_item"): its messages read without the key.
	Resource string
	// Notes, when set, keep the error's own words (a load's failure says
	// where it failed) and add the rule behind an answer by its HTTP status:
	// "<error>. <note>". A rejection (422) then reads "the service says:
	// <messages>" and faults keep their words too.
	Notes map[int]string
}

// Explain is the one way a failed request is put in words, for the error
// panel and for a page's failed state: a refusal (403) or rejection (422)
// states the rule and what the service said; an unknown outcome says so; a
// fault gives its reason. The result still unwraps to err, so errors.As
// reaches the service's answer. A nil err stays nil.
func Explain(l locale.Locale, err error, r Refusal) error {
	if err == nil {
		return nil
	}
	return explained{text: explainText(l, err, r), err: err}
}

// explained is err put in words.
type explained struct {
	text string
	err  error
}

func (e explained) Error() string { return e.text }
func (e explained) Unwrap() error { return e.err }

func explainText(l locale.Locale, err error, r Refusal) string {
	er := RefusalResponse(err)
	if rule, said, ok := fieldRule(er, r); ok {
		return StateRule(l, rule, said).Error()
	}
	if r.Notes != nil {
		return noted(l, err, r)
	}
	if er != nil {
		rule, said := refusalRule(err, er, r)
		if rule == "" {
			return l.Tf("the service refused: %s", said)
		}
		return StateRule(l, rule, said).Error()
	}
	if IsUnknownOutcome(err) {
		var answer *apiclient.ErrorResponse
		if errors.As(err, &answer) {
			// A 5xx in doubt: the service answered, but not whether it did it.
			return l.Tf("no clear answer came (%s): reload to see whether it was done", FaultReason(l, err))
		}
		return l.T("the connection dropped before the answer came: reload to see whether it was done")
	}
	if errors.Is(err, ErrNoClient) {
		return l.T("no API client: sign in first")
	}
	return FaultReason(l, err)
}

// refusalRule picks the rule for a refusal and what the service said with it.
func refusalRule(err error, er *apiclient.ErrorResponse, r Refusal) (rule, said string) {
	said = FieldMessages(er, r.Resource)
	var re *apiclient.RefusalError
	if errors.As(err, &re) && r.Codes[re.Code] != "" {
		if said == "" {
			said = er.Description
		}
		return r.Codes[re.Code], said
	}
	if said == "" {
		said = Join(" ", er.Description, er.Code)
	}
	return r.Rule, said
}

// fieldRule is the rule of the first field of a refusal that has one, with
// that field's messages.
func fieldRule(er *apiclient.ErrorResponse, r Refusal) (rule, said string, ok bool) {
	if er == nil {
		return "", "", false
	}
	for _, k := range slices.Sorted(maps.Keys(er.Fields)) {
		if r.Fields[k] != "" {
			one := &apiclient.ErrorResponse{Fields: map[string][]string{k: er.Fields[k]}}
			return r.Fields[k], FieldMessages(one, r.Resource), true
		}
	}
	return "", "", false
}

// noted keeps the error's words and adds the note for its status.
func noted(l locale.Locale, err error, r Refusal) string {
	var ve *apiclient.ValidationError
	if errors.As(err, &ve) {
		return l.Tf("the service says: %s", FieldMessages(&ve.ErrorResponse, r.Resource))
	}
	var er *apiclient.ErrorResponse
	if errors.As(err, &er) && r.Notes[er.StatusCode] != "" {
		return err.Error() + ". " + l.T(r.Notes[er.StatusCode])
	}
	return err.Error()
}

// IsUnknownOutcome reports whether a request left but its answer never came.
func IsUnknownOutcome(err error) bool { return errors.Is(err, apiclient.ErrOutcomeUnknown) }
