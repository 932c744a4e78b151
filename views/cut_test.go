package views_test

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// demoClient serves a fresh demo account (the one kasa --demo shows) for
// the test, its clock stopped at fixedTime.
func demoClient(t *testing.T) *apiclient.Client {
	t.Helper()
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Clock: sandbox.NewManualClock(fixedTime), Seed: 1}})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	c, err := apiclient.New(ts.URL+"/api/v3", apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount(info.Slug), apiclient.WithTransport(apiclient.StaticBearer(nil, info.OwnerToken)))
	if err != nil {
		t.Fatalf("make the demo client: %v", err)
	}
	return c
}

// cutAfterDigit is a value cut mid-way: an ellipsis right after a digit
// ("34 877…", "26. 11. 2026 08…", "N2026-0…").
var cutAfterDigit = regexp.MustCompile(`[0-9]…`)

// demoLists are the keys (or pages opened) that lead to every list of the
// demo, and the monitor; "t" shows the VAT by rate under documents.
func demoLists() map[string][]tea.Msg {
	more := func(k ui.Kind) []tea.Msg {
		return []tea.Msg{keyMsgOf("8"), ui.Open{ID: ui.PageID{Kind: k}}}
	}
	return map[string][]tea.Msg{
		"overview":            keyMsgs("0"),
		"figure":              keyMsgs("0", "enter"),
		"subjects":            keyMsgs("1"),
		"invoices_of_subject": keyMsgs("1", "I"),
		"invoices":            keyMsgs("2"),
		"invoices_rates":      keyMsgs("2", "t"),
		"expenses":            keyMsgs("3"),
		"expenses_rates":      keyMsgs("3", "t"),
		"inventory":           keyMsgs("4"),
		"inventory_moves":     keyMsgs("4", "M"),
		"inbox":               keyMsgs("5"),
		"todos":               keyMsgs("6"),
		"todos_completed":     keyMsgs("6", "c"),
		"events":              keyMsgs("7"),
		"more":                keyMsgs("8"),
		"generators":          more(nav.Generators),
		"recurring":           more(nav.RecurringGenerators),
		"bank_accounts":       more(nav.BankAccounts),
		"users":               more(nav.Users),
		"webhooks":            more(nav.Webhooks),
		"monitor":             keyMsgs("9"),
		"subject":             keyMsgs("1", "enter"),
		"invoice":             keyMsgs("2", "enter"),
		"expense":             keyMsgs("3", "enter"),
		"inventory_item":      keyMsgs("4", "enter"),
		"inbox_file":          keyMsgs("5", "enter"),
		"generator":           append(more(nav.Generators), keyMsgOf("enter")),
		"recurring_one":       append(more(nav.RecurringGenerators), keyMsgOf("enter")),
		"invoice_below":       keyMsgs("2", "enter", "G"),
		"expense_below":       keyMsgs("3", "enter", "G"),
		"item_below":          keyMsgs("4", "enter", "G"),
		"generator_below":     append(more(nav.Generators), keyMsgOf("enter"), keyMsgOf("G")),
	}
}

func keyMsgs(names ...string) []tea.Msg {
	out := make([]tea.Msg, 0, len(names))
	for _, n := range names {
		out = append(out, keyMsgOf(n))
	}
	return out
}

func keyMsgOf(name string) tea.Msg {
	if name == "enter" {
		return tea.KeyMsg{Type: tea.KeyEnter}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}

// TestNoValueIsCut draws every list of the demo, its totals and the
// monitor in Czech and English at 80x24 and 120x40, and fails where an
// ellipsis follows a digit: an amount, a date, a time or a number cut,
// which a bookkeeper would read as another figure (issue 28). Names and
// free text may be cut; values never are.
func TestNoValueIsCut(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every list of the demo")
	}
	for _, lang := range []locale.Tag{locale.Czech, locale.English} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			for name, steps := range demoLists() {
				t.Run(fmt.Sprintf("%s/%s/%dx%d", lang, name, size[0], size[1]), func(t *testing.T) {
					t.Parallel()
					h := newHarnessWith(t, demoClient(t), size[0], size[1], func(d *common.Deps) { d.L = locale.New(lang) })
					for _, msg := range steps {
						h.send(msg)
					}
					for i, line := range strings.Split(ansi.Strip(h.view()), "\n") {
						if cutAfterDigit.MatchString(line) {
							t.Errorf("line %d: a value cut: %q", i+1, line)
						}
					}
				})
			}
		}
	}
}
