package monitor

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/ui"
)

// Owed in several currencies, the monitor's unpaid line adds the sum in the
// account's currency (the counts' UnpaidNative, internal/report's rule);
// owed in one, it does not repeat it (issue 27).
func TestUnpaidLineSaysTheSumInTheAccountsCurrency(t *testing.T) {
	m := New(Options{Account: "a", Styles: ui.NewStyles(true), Locale: locale.New(locale.English)})
	m.members[0].snap.State.Counts = poll.Counts{Known: true,
		Unpaid:       []poll.Amount{{Currency: "CZK", Amount: "1000.00"}, {Currency: "EUR", Amount: "10.00"}},
		UnpaidNative: &poll.Amount{Currency: "CZK", Amount: "1250.00"}}
	if got := strings.Join(m.countLines(200), "\n"); !strings.Contains(got, "CZK\u00a01,000.00 · €10.00 · in all CZK\u00a01,250.00") {
		t.Errorf("the unpaid line:\n%s", got)
	}
	m.members[0].snap.State.Counts.Unpaid = m.members[0].snap.State.Counts.Unpaid[:1]
	m.members[0].snap.State.Counts.UnpaidNative = nil
	if got := strings.Join(m.countLines(200), "\n"); strings.Contains(got, "in all") {
		t.Errorf("one currency, yet the sum is repeated:\n%s", got)
	}
}
