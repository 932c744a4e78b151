package journal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
)

// Hook is the apiclient.WriteHook that sends every write of a client
// through the journal (apiclient.WithWriteHook(j.Hook)): the kind and the
// target come from the method and the path, the fields from the body.
func (j *Journal) Hook(ctx context.Context, c *apiclient.Client, w apiclient.WriteRequest, send func(ctx context.Context) error) error {
	kind, target := classifyPath(w.Method, w.Path, w.Body)
	fields := fieldsOf(w.Body)
	if kind == KindLines {
		// Only the lines it adds can be told apart (by not having been there).
		fields = map[string]string{"new_lines": newLinesOf(w.Body)}
	}
	r := j.Send(ctx, c, Write{Kind: kind, Target: target, Name: w.Method + " " + w.Path, Fields: fields, Send: send})
	switch {
	case r.Outcome == Done && r.Checked:
		return &AlreadyDoneError{Entry: r.Entry, FoundID: r.FoundID}
	case r.Outcome == Doubt:
		return &InDoubtError{Entry: r.Entry, Err: r.Err}
	case r.Outcome == Unsent && r.Earlier != nil:
		return &InDoubtError{Entry: *r.Earlier, Earlier: true, Err: &apiclient.OutcomeUnknownError{Method: w.Method, Path: w.Path, Err: r.Err}}
	}
	return r.Err
}

// InDoubtError is the error of a write in doubt: its own (no clear answer),
// or, with Earlier, an earlier write on the same record that a read could
// not settle, so this one was not sent. errors.Is(err,
// apiclient.ErrOutcomeUnknown) holds: nothing may send it again blindly.
type InDoubtError struct {
	Entry   Entry
	Earlier bool
	Err     error
}

func (e *InDoubtError) Error() string {
	if e.Earlier {
		return fmt.Sprintf("not sent: %v", e.Err)
	}
	return fmt.Sprintf("in doubt: %v", e.Err)
}

func (e *InDoubtError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, apiclient.ErrOutcomeUnknown) hold whatever left
// the write in doubt: a dropped connection or a 5xx answer alike.
func (e *InDoubtError) Is(target error) bool { return target == apiclient.ErrOutcomeUnknown }

// AlreadyDoneError is the "error" of a write not sent because the same
// write, sent earlier and in doubt, was found done by a read: the record
// exists once, as asked (FoundID).
type AlreadyDoneError struct {
	Entry   Entry
	FoundID int64
}

func (e *AlreadyDoneError) Error() string {
	return fmt.Sprintf("%s was done already (found %d); not sent again", e.Entry.Name, e.FoundID)
}

// EntryOf is the journal entry an error of a write carries (a write in
// doubt, or done already).
func EntryOf(err error) (Entry, bool) {
	var d *InDoubtError
	if errors.As(err, &d) {
		return d.Entry, true
	}
	var a *AlreadyDoneError
	if errors.As(err, &a) {
		return a.Entry, true
	}
	return Entry{}, false
}

// recordOf names the records of a path's first segment, as a target.
func recordOf(collection string) (string, bool) {
	switch collection {
	case "invoices", "expenses", "subjects", "generators", "recurring_generators", "webhooks", "inbox_files", "todos":
		return strings.TrimSuffix(collection, "s"), true
	case "inventory_items":
		return "item", true
	}
	return "", false
}

// createOf is the kind of a POST to a collection.
func createOf(collection string) (Kind, bool) {
	switch collection {
	case "invoices":
		return KindInvoice, true
	case "expenses":
		return KindExpense, true
	case "subjects":
		return KindSubject, true
	case "inventory_items":
		return KindItem, true
	case "webhooks":
		return KindWebhook, true
	case "generators", "recurring_generators":
		return KindGenerator, true
	case "inbox_files":
		return KindInboxFile, true
	}
	return "", false
}

// classifyPath reads what a write does from its method and path
// ("/accounts/<slug>/invoices/12/payments.json"): the kind, and the target
// (the record it changes, "invoice:12", or the collection it adds to).
func classifyPath(method, path string, body []byte) (Kind, string) {
	rest := path
	if strings.HasPrefix(rest, "/accounts/") {
		parts := strings.SplitN(strings.TrimPrefix(rest, "/accounts/"), "/", 2)
		rest = ""
		if len(parts) == 2 {
			rest = parts[1]
		}
	}
	segs := strings.Split(strings.TrimSuffix(strings.Trim(rest, "/"), ".json"), "/")
	target := strings.Trim(rest, "/")
	if len(segs) >= 2 {
		if rec, ok := recordOf(segs[0]); ok {
			target = rec + ":" + segs[1]
		}
	}
	switch {
	case (method == http.MethodPatch || method == http.MethodPut) && addsLines(body):
		return KindLines, target
	case method == http.MethodPatch || method == http.MethodPut:
		return KindUpdate, target
	case method == http.MethodDelete:
		return KindDelete, target
	case len(segs) == 1:
		if k, ok := createOf(segs[0]); ok {
			return k, segs[0]
		}
	case len(segs) == 3 && segs[2] == "payments" && (segs[0] == "invoices" || segs[0] == "expenses"):
		return KindPayment, target
	case len(segs) == 3 && segs[0] == "inventory_items" && segs[2] == "inventory_moves":
		return KindMove, target
	case len(segs) == 3 && segs[0] == "invoices" && segs[2] == "message":
		return KindEmail, target
	}
	return KindEvent, target
}

// maxField bounds a value kept among a write's fields: a file's content is
// no field to compare, and has no place in the journal.
const maxField = 500

// secretField: a credential or a file's content, never written to the journal.
func secretField(k string) bool { return k == "auth_header" || k == "attachment" || k == "attachments" }

// fieldsOf flattens a JSON body to the fields a check compares: the
// top-level values as text, the lines as LinesField.
func fieldsOf(body []byte) map[string]string {
	if len(body) == 0 {
		return nil
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil
	}
	out := map[string]string{}
	for k, v := range m {
		if secretField(k) {
			continue
		}
		switch x := v.(type) {
		case string:
			if len(x) <= maxField {
				out[k] = x
			}
		case json.Number:
			out[k] = x.String()
		case bool:
			out[k] = fmt.Sprint(x)
		case []any:
			if k == "lines" {
				out[k] = linesFromBody(x)
			}
		}
	}
	return out
}

// bodyLines are the lines of a body.
func bodyLines(body []byte) []map[string]any {
	var b struct {
		Lines []map[string]any `json:"lines"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&b); err != nil {
		return nil
	}
	return b.Lines
}

// addsLines: an update whose lines include one without an id adds it, and
// would add it again if sent twice (Conventions 9): not repeatable.
func addsLines(body []byte) bool {
	for _, l := range bodyLines(body) {
		if _, ok := l["id"]; !ok {
			return true
		}
	}
	return false
}

// newLinesOf is the lines without an id, as LinesField.
func newLinesOf(body []byte) string {
	var n, q, p []string
	for _, l := range bodyLines(body) {
		if _, ok := l["id"]; ok {
			continue
		}
		n, q, p = append(n, text(l["name"])), append(q, text(l["quantity"])), append(p, text(l["unit_price"]))
	}
	return LinesField(n, q, p)
}

func linesFromBody(ls []any) string {
	var n, q, p []string
	for _, l := range ls {
		m, _ := l.(map[string]any)
		n, q, p = append(n, text(m["name"])), append(q, text(m["quantity"])), append(p, text(m["unit_price"]))
	}
	return LinesField(n, q, p)
}

func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	}
	return fmt.Sprint(v)
}
