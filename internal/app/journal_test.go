package app

import (
	"errors"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// The start says what it found of the writes an earlier run left in doubt.
func TestSettledTextSaysWhatTheStartFound(t *testing.T) {
	l := locale.New(locale.English)
	rs := []journal.Report{
		{Outcome: journal.Done, Entry: journal.Entry{Kind: journal.KindPayment, Target: "invoice:12"}},
		{Outcome: journal.NotApplied, Entry: journal.Entry{Kind: journal.KindMove, Target: "item:3"}},
		{Outcome: journal.Doubt, Entry: journal.Entry{Kind: journal.KindEmail, Target: "invoice:4"}},
	}
	text, kind := settledText(l, rs, nil)
	for _, want := range []string{"1 recorded", "1 did not land", "1 still in doubt"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q lacks %q", text, want)
		}
	}
	if kind != ui.ToastWarn {
		t.Errorf("kind %v: a write still in doubt is a warning", kind)
	}
	if text, _ := settledText(l, nil, nil); text != "" {
		t.Errorf("nothing in doubt says %q", text)
	}
	if text, _ := settledText(l, nil, errors.New("disk gone")); !strings.Contains(text, "disk gone") {
		t.Errorf("a journal that cannot be read says %q", text)
	}
}
