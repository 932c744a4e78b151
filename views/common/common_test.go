package common

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

type rec struct {
	ID   int64
	Name string
}

// fakeList is a list page whose Fetch records its queries; Client is nil,
// so tests drive it with answers they build.
func fakeList(t testing.TB, queries *[]Query) *ListPage[rec] {
	t.Helper()
	d := Deps{TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true), SearchDelay: time.Millisecond}.WithDefaults()
	p, err := NewList(d, ui.PageID{Kind: "recs"}, ListConfig[rec]{
		Title: "Recs", Noun: "recs", Kind: "rec",
		Columns: []table.Column{{Title: "Name", Width: 10}},
		Cells:   func(r rec) []string { return []string{r.Name} },
		ID:      func(r rec) int64 { return r.ID },
		Fetch: func(_ context.Context, _ *apiclient.Client, q Query) ([]rec, error) {
			*queries = append(*queries, q)
			return nil, nil
		},
		SearchHint: "name",
		Filters:    []FilterField{{Name: "status", Label: "Status", Kind: FieldChoice, Choices: []string{"a", "b"}}},
		Empty:      "nothing",
	})
	if err != nil {
		t.Fatal(err)
	}
	p.SetSize(60, 10)
	return p
}

func rows(n int) []rec {
	out := make([]rec, n)
	for i := range out {
		out[i] = rec{ID: int64(i + 1), Name: fmt.Sprint("r", i+1)}
	}
	return out
}

func TestListDropsAnswersItNoLongerWaitsFor(t *testing.T) {
	var qs []Query
	p := fakeList(t, &qs)
	p.Init()        // request 1
	p.pg.Reload("") // request 2 supersedes it
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: 1, Value: pageAnswer[rec]{Rows: rows(5), Page: 1}})
	if p.Table().Len() != 0 || !p.Loading() {
		t.Fatalf("stale answer 1 was taken: %d rows, loading %v", p.Table().Len(), p.Loading())
	}
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: 2, Value: pageAnswer[rec]{Rows: rows(3), Page: 1}})
	if p.Table().Len() != 3 || p.Loading() {
		t.Fatalf("answer 2: %d rows, loading %v; want 3, false", p.Table().Len(), p.Loading())
	}
	if !p.Table().Exhausted() {
		t.Error("a page of 3 (< 40) should end the list")
	}
}

func TestListKeepsOldRowsWhenLoadMoreFails(t *testing.T) {
	var qs []Query
	p := fakeList(t, &qs)
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(40), Page: 1}})
	p.Update(table.NeedMoreMsg{})
	if p.pg.wantMore == 0 {
		t.Fatal("NeedMoreMsg did not ask for page 2")
	}
	cmd := p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantMore, Err: errors.New("boom")})
	if p.Table().Len() != 40 || p.pg.state != stateReady {
		t.Errorf("failed page 2 lost the list: %d rows, state %v", p.Table().Len(), p.pg.state)
	}
	if !hasToast(cmd, "Could not load more recs: boom") {
		t.Error("no toast for the failed page")
	}
	p.Update(table.NeedMoreMsg{})
	if p.pg.wantMore == 0 {
		t.Error("after a failed page the list does not ask again")
	}
}

func hasToast(cmd tea.Cmd, text string) bool {
	for _, m := range tuitest.Collect(cmd) {
		if t, ok := m.(ui.Toast); ok && t.Text == text {
			return true
		}
	}
	return false
}

func TestSearchActsOnlyOnTheLastKeystroke(t *testing.T) {
	var qs []Query
	p := fakeList(t, &qs)
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(3)}})
	p.Update(tuitest.Key("/"))
	var ticks []tea.Cmd
	for _, k := range tuitest.Typed("ab") {
		ticks = append(ticks, p.Update(k))
	}
	req := p.pg.req
	p.Update(ticks[0]()) // the delay of "a" ends after "b" was typed
	if p.pg.req != req {
		t.Fatal("an outdated debounce started a search")
	}
	p.Update(ticks[1]())
	if p.pg.req != req+1 || p.query != "ab" {
		t.Fatalf("the last debounce did not search: req %d, query %q", p.pg.req, p.query)
	}
	if got := p.queryFor(1); got.Search != "ab" {
		t.Errorf("query %+v, want search ab", got)
	}
	if km := p.KeyMap().ShortHelp(); len(km) != 2 || km[0].Help().Desc != "search, then open" {
		t.Errorf("while typing the key map is %v, want the search keys", km)
	}
}

func TestPresetFilterComesFromThePageID(t *testing.T) {
	d := Deps{}.WithDefaults()
	cfg := ListConfig[rec]{Noun: "recs", Filters: []FilterField{{Name: "subject_id", Label: "Subject id", Kind: FieldID}},
		ID: func(r rec) int64 { return r.ID }, Cells: func(rec) []string { return nil }}
	p, err := NewList(d, FilteredList("recs", "subject_id", "12"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if q := p.queryFor(1); q.Int("subject_id") != 12 {
		t.Errorf("preset filter lost: %+v", q)
	}
	if p.keys.Filter.Enabled() {
		t.Error("f offered although the only filter is fixed by the page")
	}
	if _, err := NewList(d, FilteredList("recs", "colour", "red"), cfg); err == nil {
		t.Error("an unknown filter in the page id was accepted")
	}
}

func TestFilterFieldCheck(t *testing.T) {
	cases := []struct {
		f  FilterField
		v  string
		ok bool
	}{
		{FilterField{Label: "Since", Kind: FieldDate}, "2026-11-01", true},
		{FilterField{Label: "Since", Kind: FieldDate}, "1.11.2026", false},
		{FilterField{Label: "Subject", Kind: FieldID}, "12", true},
		{FilterField{Label: "Subject", Kind: FieldID}, "-3", false},
		{FilterField{Label: "Status", Kind: FieldChoice, Choices: []string{"open"}}, "open", true},
		{FilterField{Label: "Status", Kind: FieldChoice, Choices: []string{"open"}}, "shut", false},
		{FilterField{Label: "Any", Kind: FieldDate}, "", true},
	}
	for _, c := range cases {
		if err := c.f.Check(locale.New(locale.English), c.v, time.UTC); (err == nil) != c.ok {
			t.Errorf("%s %q: err %v, want ok=%v", c.f.Label, c.v, err, c.ok)
		}
	}
}

func TestSplitTags(t *testing.T) {
	text, tags := SplitTags("acme #travel  2026 #q4")
	if text != "acme 2026" || !slices.Equal(tags, []string{"travel", "q4"}) {
		t.Errorf("got %q %v", text, tags)
	}
}

func TestSaveFileNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 3 {
		p, err := SaveFile(dir, "scan.pdf", []byte{byte('a' + i)})
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.Base(p))
	}
	if want := []string{"scan.pdf", "scan (1).pdf", "scan (2).pdf"}; !slices.Equal(paths, want) {
		t.Errorf("names %v, want %v", paths, want)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "scan.pdf")); string(b) != "a" {
		t.Errorf("first file overwritten: %q", b)
	}
	p, err := SaveFile(dir, "../../etc/passwd", []byte("x"))
	if err != nil || filepath.Dir(p) != dir {
		t.Errorf("a name with ../ escaped the folder: %q %v", p, err)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600: the account's data (%v)", st.Mode().Perm(), err)
	}
}

func TestConnStatus(t *testing.T) {
	now := time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)
	answered := fmt.Errorf("get: %w", &apiclient.NotFoundError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 404}})
	transport := fmt.Errorf("get: %w", &url.Error{Op: "Get", URL: "http://x", Err: errors.New("refused")})
	refused := errors.New("filter until is not supported")
	cases := []struct {
		err  error
		want ui.ConnState
	}{{nil, ui.ConnOnline}, {answered, ui.ConnOnline}, {transport, ui.ConnOffline},
		{context.DeadlineExceeded, ui.ConnOffline}, {refused, ui.ConnUnknown}}
	for _, c := range cases {
		st := ConnStatus(nil, c.err, now)
		if st.Conn != c.want {
			t.Errorf("%v: conn %v, want %v", c.err, st.Conn, c.want)
		}
		if (c.want == ui.ConnOnline) != !st.LastRefresh.IsZero() {
			t.Errorf("%v: last refresh %v", c.err, st.LastRefresh)
		}
	}
}

// Money, dates, times, statuses and due dates as each locale writes them,
// every digit the service sent kept.
func TestFormatting(t *testing.T) {
	prague := time.FixedZone("CET", 3600)
	at := apiclient.DateTime{Time: time.Date(2026, 11, 22, 13, 5, 0, 0, time.UTC)}
	for _, c := range []struct {
		lang                                       locale.Tag
		money, exact, time, locked, overdue, state string
	}{
		{locale.English, "CZK\u00a011,000.10", "CZK\u00a012,345.678", "2026-11-22 14:05", "🔒 locked since 2026-11-22 14:05", "2026-11-01 (21 days overdue)", "● paid"},
		{locale.Czech, "11\u00a0000,10\u00a0Kč", "12\u00a0345,678\u00a0Kč", "22.\u00a011.\u00a02026 14:05", "🔒 zamčeno od 22.\u00a011.\u00a02026 14:05", "1.\u00a011.\u00a02026 (21 dní po splatnosti)", "● uhrazeno"},
	} {
		d := Deps{Loc: prague, L: locale.New(c.lang), Now: func() time.Time { return at.Time }}.WithDefaults()
		if got := d.Money(apiclient.MustDecimal("11000.10"), "CZK"); got != c.money {
			t.Errorf("%s Money = %q, want %q", c.lang, got, c.money)
		}
		if got := d.Money(apiclient.MustDecimal("12345.678"), "CZK"); got != c.exact {
			t.Errorf("%s Money keeps every digit: %q, want %q", c.lang, got, c.exact)
		}
		if got := d.Money(apiclient.Decimal{}, "CZK"); got != "" {
			t.Errorf("unset Money = %q", got)
		}
		if got := d.Time(at); got != c.time {
			t.Errorf("%s Time = %q, want %q", c.lang, got, c.time)
		}
		if got := Locked(d, at); got != c.locked {
			t.Errorf("%s Locked = %q, want %q", c.lang, got, c.locked)
		}
		if got := Overdue(d, apiclient.NewDate(2026, 11, 1)); got != c.overdue {
			t.Errorf("%s Overdue = %q, want %q", c.lang, got, c.overdue)
		}
		if got := d.Status("paid"); got != c.state {
			t.Errorf("%s Status = %q, want %q", c.lang, got, c.state)
		}
	}
	d := Deps{}.WithDefaults()
	for st, want := range map[string]string{"paid": "● paid", "overdue": "! overdue", "open": "○ open", "cancelled": "✕ cancelled", "weird": "· weird"} {
		if got := d.Status(st); got != want {
			t.Errorf("Status(%q) = %q, want %q", st, got, want)
		}
	}
}

// A column of amounts in Czech keeps its decimal commas one above the
// other, whatever the currency's symbol, and a currency without decimals
// ends its whole part where the others do.
func TestMoneyCellsAlignOnTheDecimalSeparator(t *testing.T) {
	d := Deps{L: locale.New(locale.Czech)}.WithDefaults()
	tails := map[string]int{}
	for cur, amount := range map[string]string{"CZK": "51183", "EUR": "840", "USD": "12.5", "JPY": "1500"} {
		c := d.MoneyCell(apiclient.MustDecimal(amount), cur)
		whole := strings.IndexByte(c, ',')
		if cur == "JPY" {
			whole = strings.LastIndexAny(c, "0123456789") + 1
		}
		// In a right-aligned column the whole part ends where the cell's
		// width less this tail is: equal tails, aligned commas.
		tails[cur] = utf8.RuneCountInString(c) - utf8.RuneCountInString(c[:whole])
	}
	for cur, tail := range tails {
		if tail != tails["CZK"] {
			t.Errorf("%s ends its whole part %d cells from the right, CZK %d: %v", cur, tail, tails["CZK"], tails)
		}
	}
}

func TestOSC52Copy(t *testing.T) {
	var b bytesWriter
	OSC52Copy(&b)("2026-0042")()
	if string(b) != "\x1b]52;c;MjAyNi0wMDQy\x07" {
		t.Errorf("wrote %q", string(b))
	}
}

type bytesWriter []byte

func (b *bytesWriter) Write(p []byte) (int, error) { *b = append(*b, p...); return len(p), nil }

func TestListActionsOnAnEmptyList(t *testing.T) {
	d := Deps{TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true)}.WithDefaults()
	var ran []string
	p, err := NewList(d, ui.PageID{Kind: "recs"}, ListConfig[rec]{
		Title: "Recs", Noun: "recs",
		Columns: []table.Column{{Title: "Name", Width: 10}},
		Cells:   func(r rec) []string { return []string{r.Name} },
		ID:      func(r rec) int64 { return r.ID },
		Fetch:   func(context.Context, *apiclient.Client, Query) ([]rec, error) { return nil, nil },
		Empty:   "nothing",
		Actions: []ListAction[rec]{
			{Key: d.Keys.New, Always: true, Run: func(rec) tea.Cmd { ran = append(ran, "new"); return nil }},
			{Key: d.Keys.Delete, Run: func(rec) tea.Cmd { ran = append(ran, "delete"); return nil }},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p.SetSize(60, 10)
	p.Init() // request 1: answered below with an empty page
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: 1, Value: pageAnswer[rec]{Page: 1}})
	if p.Table().Len() != 0 || p.Loading() {
		t.Fatalf("not an empty, loaded list: %d rows, loading %v", p.Table().Len(), p.Loading())
	}
	p.Update(tuitest.Key("d"))
	p.Update(tuitest.Key("n"))
	if strings.Join(ran, ",") != "new" {
		t.Fatalf("ran %v on an empty list, want only new (delete needs a record)", ran)
	}
}

func TestPagerKeepsTheCursorOrGoesToTheTop(t *testing.T) {
	var qs []Query
	p := fakeList(t, &qs)
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(5), Page: 1}})
	p.Table().SelectID("4")
	p.Reload()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(5), Page: 1, KeepID: "4"}})
	if sel, _ := p.Selected(); sel.ID != 4 {
		t.Errorf("after a reload the cursor is on %d, want 4", sel.ID)
	}
	p.pg.TopWhenGone = true
	p.Reload()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(3), Page: 1, KeepID: "4"}})
	if sel, _ := p.Selected(); sel.ID != 1 {
		t.Errorf("the kept row is gone: cursor on %d, want the top", sel.ID)
	}
}

// Without a browser (no xdg-open on a server) o shows the address and
// copies it, instead of only naming the missing opener (issue 15.8).
func TestOpenWithoutABrowserShowsAndCopiesTheAddress(t *testing.T) {
	var copied []string
	d := Deps{
		OpenURL: func(string) tea.Cmd {
			return func() tea.Msg {
				return BrowserError{Err: errors.New(`exec: "xdg-open": executable file not found in $PATH`)}
			}
		},
		Copy: func(s string) tea.Cmd { return func() tea.Msg { copied = append(copied, s); return nil } },
	}.WithDefaults()
	const addr = "https://app.fakturoid.cz/demo/invoices/41"
	var toasts []string
	for _, m := range tuitest.CollectNow(OpenURLCmd(d, addr)) {
		if t, ok := m.(ui.Toast); ok {
			toasts = append(toasts, t.Text)
		}
	}
	if !slices.Equal(copied, []string{addr}) {
		t.Errorf("copied %v, want the address", copied)
	}
	if len(toasts) != 1 || !strings.Contains(toasts[0], addr) || strings.Contains(toasts[0], "Opened") {
		t.Errorf("toasts %q should show the address and not claim it opened", toasts)
	}
}

// The summary of an action on several rows says what went through and,
// for the rest, why (a lost answer as such: it is not sent again).
func TestSummaryOfAnActionOnSeveral(t *testing.T) {
	msgs := Summary(locale.New(locale.English), "Lock", []Outcome{{Name: "expense 1"}, {Name: "expense 2", Err: errors.New("locked already")},
		{Name: "expense 3", Err: errors.New("reset"), Unknown: true}}, nil)
	toast, ok := msgs[len(msgs)-1].(ui.Toast)
	if !ok || toast.Kind != ui.ToastWarn {
		t.Fatalf("want a warning toast, got %#v", msgs)
	}
	for _, s := range []string{"Lock: 1 of 3 done", "expense 2: locked already", "expense 3: in doubt (no clear answer); kasa reads the service before anything is sent on it again"} {
		if !strings.Contains(toast.Text, s) {
			t.Errorf("summary %q lacks %q", toast.Text, s)
		}
	}
}
func TestHumanSize(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0 B"}, {999, "999 B"}, {1000, "1.0 kB"}, {12345, "12.3 kB"}, {999_999, "1.0 MB"}, {4_000_000, "4.0 MB"}, {3 << 40, "3.3 TB"}} {
		if got := HumanSize(locale.New(locale.English), c.n); got != c.want {
			t.Errorf("HumanSize(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
