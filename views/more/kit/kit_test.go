package kit_test

import (
	"errors"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestHumanizeAndLabels(t *testing.T) {
	for in, want := range map[string]string{"some_name": "Some name", "x": "X", "": "", "_a_": "A"} {
		if got := kit.Humanize(in); got != want {
			t.Errorf("Humanize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := kit.ObjectLabel(locale.New(locale.English), apiclient.RelatedObject{Type: "RecurringGenerator", ID: 3}); got != "Recurring generator 3" {
		t.Errorf("label %q", got)
	}
	objs := []apiclient.RelatedObject{{Type: "Invoice", ID: 1}, {Type: "Subject", ID: 2}, {Type: "Estimate", ID: 9}}
	if got := kit.Summary(locale.New(locale.English), objs); got != "Invoice 1 +2" {
		t.Errorf("summary %q", got)
	}
}

func TestRelatedChoosesWrapsAndOpens(t *testing.T) {
	objs := []apiclient.RelatedObject{{Type: "Invoice", ID: 1}, {Type: "Subject", ID: 2}, {Type: "Estimate", ID: 9}}
	var r kit.Related
	if id, _, ok := r.Open(objs); !ok || id != nav.Record(nav.Invoice, 1) {
		t.Errorf("first object opens %v %v", id, ok)
	}
	r.Move(-1, len(objs)) // wraps to the last
	if _, why, ok := r.Open(objs); ok || !strings.Contains(why, "Estimate 9 has no page") {
		t.Errorf("an estimate has no page in kasa: ok %v, %q", ok, why)
	}
	r.Move(2, len(objs))
	if line := r.Line(objs); !strings.Contains(line, "▸ Subject 2") || !strings.Contains(line, "←/→ choose") {
		t.Errorf("line %q should mark the subject and offer a choice", line)
	}
	if _, why, ok := r.Open(nil); ok || why == "" {
		t.Error("nothing related should say so")
	}
	r.Reset()
	if r.Selected(len(objs)) != 0 {
		t.Error("Reset does not go back to the first object")
	}
}

func TestRulesSayTheRule(t *testing.T) {
	explain := func(what string, err error) string {
		return common.Explain(locale.New(locale.English), err, kit.Rules(what)).Error()
	}
	refusal := fmt.Errorf("list webhooks: %w", &apiclient.RefusalError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 403, Code: "forbidden"}})
	if got := explain("webhooks", refusal); !strings.HasPrefix(got, refusal.Error()+". ") || !strings.Contains(got, "paid plans") || !strings.Contains(got, "credential") {
		t.Errorf("webhook refusal: %q", got)
	}
	if got := explain("users", refusal); strings.Contains(got, "paid plans") || !strings.Contains(got, "refused") {
		t.Errorf("other refusal: %q", got)
	}
	val := &apiclient.ValidationError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 422,
		Fields: map[string][]string{"active": {"is already active"}}}}
	if got := explain("recurring generators", val); got != "the service says: active is already active" {
		t.Errorf("validation: %q", got)
	}
	plain := errors.New("dial tcp: connection refused")
	if got := explain("users", plain); got != plain.Error() {
		t.Errorf("a fault keeps its words on these pages: %q", got)
	}
	wrapped := common.Explain(locale.New(locale.English), refusal, kit.Rules("webhooks"))
	var ref *apiclient.RefusalError
	if !errors.As(wrapped, &ref) || !strings.Contains(wrapped.Error(), "paid plans") {
		t.Errorf("Explain loses the error or the text: %v", wrapped)
	}
	if common.Explain(locale.New(locale.English), nil, kit.Rules("x")) != nil {
		t.Error("nil error should stay nil")
	}
}

func TestFitAndWrap(t *testing.T) {
	if got := ui.FitLine("abcdef", 4); got != "abc…" {
		t.Errorf("FitLine cut %q", got)
	}
	if got := ui.JoinRight("left", "right", 12); got != "left   right" {
		t.Errorf("JoinRight %q", got)
	}
	lines := kit.Wrap("one two three four five six", 9, 2)
	if len(lines) != 2 || !strings.HasSuffix(lines[1], "…") {
		t.Errorf("Wrap %q: want two lines, the last marked as cut", lines)
	}
}
