package views_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// expenseList returns the expense list page on top of the shell.
func expenseList(t *testing.T, h *harness) *common.ListPage[apiclient.Expense] {
	t.Helper()
	p, ok := h.m.Top().(*common.ListPage[apiclient.Expense])
	if !ok {
		t.Fatalf("top page is %T, want the expense list", h.m.Top())
	}
	return p
}

func invoiceList(t *testing.T, h *harness) *common.ListPage[apiclient.Invoice] {
	t.Helper()
	p, ok := h.m.Top().(*common.ListPage[apiclient.Invoice])
	if !ok {
		t.Fatalf("top page is %T, want the invoice list", h.m.Top())
	}
	return p
}

func selectedExpense(t *testing.T, h *harness) int64 {
	t.Helper()
	e, ok := expenseList(t, h).Selected()
	if !ok {
		t.Fatal("no expense selected")
	}
	return e.ID
}

func requestsMatching(fx *fixtureServer, sub string) []string {
	var out []string
	for _, r := range fx.seen() {
		if strings.Contains(r, sub) {
			out = append(out, r)
		}
	}
	return out
}

func TestListPagesThroughNeedMore(t *testing.T) {
	fx := newFixtureServer()
	fx.addExpenses(42) // 45 in all: a full page and a short one
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3")
	p := expenseList(t, h)
	if got := p.Table().Len(); got != 40 {
		t.Fatalf("first load has %d rows, want a page of 40", got)
	}
	if !strings.Contains(h.view(), "40 loaded, more available") {
		t.Errorf("subtitle does not say more are available:\n%s", h.view())
	}
	h.keys("G")
	if got := p.Table().Len(); got != 45 {
		t.Fatalf("after G: %d rows, want 45 (second page loaded)", got)
	}
	if got := requestsMatching(fx, "expenses.json?page=2"); len(got) != 1 {
		t.Errorf("page 2 requested %d times (%v), want once", len(got), fx.seen())
	}
	if !strings.Contains(h.view(), "45 loaded, all loaded") {
		t.Errorf("subtitle does not say all are loaded:\n%s", h.view())
	}
	h.keys("G", "k", "j")
	if got := requestsMatching(fx, "page=3"); len(got) != 0 {
		t.Errorf("an exhausted list asked for page 3: %v", got)
	}
}

func TestRefreshKeepsTheSelectedRecord(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "j", "j")
	if got := selectedExpense(t, h); got != 203 {
		t.Fatalf("selected %d, want 203", got)
	}
	// A new expense arrives on top: the cursor must follow 203, not row 3.
	fx.mu.Lock()
	fx.expenses = append([]apiclient.Expense{{ID: 299, Number: "NEW", Status: "open"}}, fx.expenses...)
	fx.mu.Unlock()
	h.keys("r")
	if got := selectedExpense(t, h); got != 203 {
		t.Errorf("after refresh selected %d, want 203 still", got)
	}
	if got := expenseList(t, h).Table().Len(); got != 4 {
		t.Errorf("after refresh %d rows, want 4", got)
	}
}

func TestSearchIsDebouncedServerSideWithTags(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "/")
	p := expenseList(t, h)
	if !p.Capturing() {
		t.Fatal("search input open but page not capturing")
	}
	h.typeText("beta #office")
	// "q" and digits typed into the search must not quit or switch section.
	if h.topID().Kind != nav.Expenses {
		t.Fatalf("typing left the page: %v", h.topID())
	}
	searches := requestsMatching(fx, "expenses/search.json")
	if len(searches) == 0 {
		t.Fatal("no server search made")
	}
	last := searches[len(searches)-1]
	if !strings.Contains(last, "query=beta") || !strings.Contains(last, "tags%5B%5D=office") {
		t.Errorf("last search %q lacks query=beta and tags[]=office", last)
	}
	if got := p.Table().Len(); got != 1 {
		t.Errorf("search found %d rows, want 1 (Beta, tagged office)", got)
	}
	// The search shown is the one typed: the first enter opens what it
	// found (issue 28: it only confirmed the search, a second enter opened).
	h.keys("enter")
	if id := h.topID(); id.Kind != nav.Expense {
		t.Fatalf("the first enter did not open the expense found: top page %v", id)
	}
	h.keys("esc")
	if p.Capturing() {
		t.Error("back from the expense, the search input still has focus")
	}
	if !strings.Contains(h.view(), "search: beta #office") {
		t.Errorf("subtitle does not show the search:\n%s", h.view())
	}
	h.keys("esc")
	if got := p.Table().Len(); got != 3 {
		t.Errorf("esc did not clear the search: %d rows, want 3", got)
	}
	if strings.Contains(h.view(), "search:") {
		t.Errorf("search still shown after esc:\n%s", h.view())
	}
}

func TestSearchEscWhileTypingClears(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "/")
	h.typeText("gamma")
	p := expenseList(t, h)
	if p.Table().Len() != 1 {
		t.Fatalf("search gamma: %d rows, want 1", p.Table().Len())
	}
	h.keys("esc")
	if p.Capturing() || p.Table().Len() != 3 {
		t.Errorf("esc in the input: capturing=%v rows=%d, want false and 3", p.Capturing(), p.Table().Len())
	}
}

func TestFilterFormAppliesEndpointFilters(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "f", "right", "right", "enter") // status: any -> open -> overdue
	last := requestsMatching(fx, "expenses.json")
	if got := last[len(last)-1]; !strings.Contains(got, "status=overdue") {
		t.Fatalf("filtered request %q lacks status=overdue", got)
	}
	if got := expenseList(t, h).Table().Len(); got != 1 {
		t.Errorf("status overdue: %d rows, want 1", got)
	}
	if !strings.Contains(h.view(), "status: overdue") {
		t.Errorf("subtitle does not show the filter:\n%s", h.view())
	}
	h.keys("esc")
	if got := expenseList(t, h).Table().Len(); got != 3 {
		t.Errorf("esc did not clear the filter: %d rows", got)
	}
}

// The header says a filter is only paused while searching; clearing the
// search must bring it back, and a second esc clears the filter (issue 15.4).
func TestClearingASearchResumesThePausedFilter(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "f", "right", "right", "enter") // status: overdue
	h.keys("/")
	h.typeText("Auto")
	h.keys("enter")
	if !strings.Contains(h.view(), "(paused while searching)") {
		t.Fatalf("the filter is not shown as paused:\n%s", h.view())
	}
	h.keys("esc")
	last := requestsMatching(fx, "expenses.json")
	if got := last[len(last)-1]; !strings.Contains(got, "status=overdue") {
		t.Errorf("after the search was cleared the list was read without the filter: %q", got)
	}
	if v := h.view(); !strings.Contains(v, "status: overdue") || strings.Contains(v, "search: Auto") {
		t.Errorf("after esc the header should show the filter alone:\n%s", v)
	}
	h.keys("esc")
	if got := expenseList(t, h).Table().Len(); got != 3 {
		t.Errorf("the second esc did not clear the filter: %d rows", got)
	}
}

func TestFilterFormRejectsABadDate(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "f")
	for range 5 { // to "Created since"
		h.keys("tab")
	}
	n := len(fx.seen())
	h.typeText("31.02.2026")
	h.keys("enter")
	if !strings.Contains(h.view(), `"31.02.2026" is not a date (YYYY-MM-DD)`) {
		t.Errorf("no date error shown:\n%s", h.view())
	}
	if len(fx.seen()) != n {
		t.Errorf("a request was spent on a bad filter: %v", fx.seen()[n:])
	}
	for range 10 {
		h.keys("backspace")
	}
	h.typeText("1. 11. 2026") // as a Czech bookkeeper writes it (issue 14)
	h.keys("enter")
	last := fx.seen()[len(fx.seen())-1]
	if !strings.Contains(last, "since=2026-11-01T00%3A00%3A00.000Z") {
		t.Errorf("since not sent as an ISO 8601 time in the zone: %q", last)
	}
}

func TestListOpenBrowserAndCopy(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "o", "y")
	if !slices.Equal(h.rec.opened, []string{"https://app.example/acme/expenses/201"}) {
		t.Errorf("opened %v", h.rec.opened)
	}
	if !slices.Equal(h.rec.copied, []string{"889"}) {
		t.Errorf("copied %v, want the variable symbol 889", h.rec.copied)
	}
	if !slices.Contains(h.toasts(), "Copied variable symbol 889") {
		t.Errorf("toasts %v lack the copy confirmation", h.toasts())
	}
	h.keys("enter")
	if got := h.topID(); got != nav.Record(nav.Expense, 201) {
		t.Errorf("enter opened %v, want expense 201", got)
	}
}

func TestFailedListRetriesWithR(t *testing.T) {
	fx := newFixtureServer()
	fx.setFail("expenses")
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3")
	if !strings.Contains(h.view(), "Could not load expenses") || !strings.Contains(h.view(), "Press r to retry") {
		t.Fatalf("failure not shown:\n%s", h.view())
	}
	fx.setFail("")
	h.keys("r")
	if got := expenseList(t, h).Table().Len(); got != 3 {
		t.Errorf("after retry %d rows, want 3", got)
	}
}

func TestOfflineShowsInStatusBar(t *testing.T) {
	fx := newFixtureServer()
	c := fx.client(t)
	h := newHarness(t, c, 80, 24)
	if !strings.Contains(h.view(), "online") {
		t.Fatalf("status bar not online after a load:\n%s", h.view())
	}
	// A client whose server is gone: a transport error means offline.
	dead, err := apiclient.New("http://127.0.0.1:1/api/v3", apiclient.WithUserAgent("kasa-test", "t@example.com"),
		apiclient.WithAccount("test"), apiclient.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	h.deps.Client = func() *apiclient.Client { return dead }
	h.keys("r")
	if !strings.Contains(h.view(), "offline") {
		t.Errorf("status bar not offline after a transport error:\n%s", h.view())
	}
}

func TestSubjectDocumentsAreOneKeyAway(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("1", "E")
	want := common.FilteredList(nav.Expenses, "subject_id", "12")
	if got := h.topID(); got != want {
		t.Fatalf("E opened %v, want %v", got, want)
	}
	if last := fx.seen()[len(fx.seen())-1]; !strings.Contains(last, "subject_id=12") {
		t.Errorf("filtered list asked %q, want subject_id=12", last)
	}
	h.keys("esc", "enter", "I")
	want = common.FilteredList(nav.Invoices, "subject_id", "12")
	if got := h.topID(); got != want {
		t.Errorf("I on the detail opened %v, want %v", got, want)
	}
}

// e on the subjects list edits the selected subject, as on its detail page
// (issue 15.9: it did nothing and said nothing).
func TestEditASubjectFromTheList(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("1", "e")
	if want := forms.EditSubjectPage(12); h.topID() != want {
		t.Errorf("e on the subjects list opened %v, want %v", h.topID(), want)
	}
}

// Under a list of documents: what is listed, summed per currency, with
// what remains to pay; t adds the VAT by rate (issue 15, totals).
func TestTotalsUnderTheInvoiceList(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 100, 24)
	h.keys("2")
	// The proforma is totalled apart (its tax document will count it), and
	// only what is open, sent or overdue is unpaid (internal/report).
	if v := h.view(); !strings.Contains(v, "Σ all 3 · CZK\u00a019,118.00 + proformas 2,420.00, unpaid 9,118.00 · €1,210.00, unpaid 0.00") {
		t.Fatalf("no totals under the list:\n%s", v)
	}
	if strings.Contains(h.view(), "VAT by rate") {
		t.Fatal("the VAT by rate shows before t")
	}
	h.keys("t")
	if v := h.view(); !strings.Contains(v, "VAT by rate: 21%: 15,800.00 + VAT CZK\u00a03,318.00") {
		t.Errorf("t did not show the VAT by rate:\n%s", v)
	}
}

// > sorts the loaded rows by the next column, < reverses, and after the
// last the service's order comes back (issue 15, sorting); the header says
// which order is in force.
func TestSortingTheInvoiceList(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 120, 40)
	h.keys("2")
	numbers := func() []string {
		var out []string
		for _, i := range invoiceList(t, h).Table().Rows() {
			out = append(out, i.Number)
		}
		return out
	}
	service := numbers()
	h.keys(">", ">", ">", ">", ">") // number, client, issued, due, total
	if !strings.Contains(h.view(), "sorted by total ↑") {
		t.Fatalf("the header does not say the order:\n%s", h.view())
	}
	// By what each is worth in the account's currency: 2420 Kč, 19118 Kč,
	// then €1210 (30250 Kč), not €1210 first as its figure alone would say.
	if got := numbers(); !slices.Equal(got, []string{"2026-0044", "2026-0042", "2026-0043"}) {
		t.Errorf("by total ascending: %v", got)
	}
	h.keys("<")
	if got := numbers(); !slices.Equal(got, []string{"2026-0043", "2026-0042", "2026-0044"}) {
		t.Errorf("by total descending: %v", got)
	}
	h.keys(">", ">", ">") // remaining, status, then the service's order
	if got := numbers(); !slices.Equal(got, service) || strings.Contains(h.view(), "sorted by") {
		t.Errorf("after the last order the service's is back: %v (was %v)", got, service)
	}
}

func TestAutoRefreshReloadsTheListKeepingTheRecord(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "j", "j")
	fx.mu.Lock()
	fx.expenses = append([]apiclient.Expense{{ID: 299, Number: "NEW", Status: "open"}}, fx.expenses...)
	fx.mu.Unlock()
	h.send(ui.AutoRefresh{})
	if got := expenseList(t, h).Table().Len(); got != 4 {
		t.Errorf("after the timer %d rows, want 4 (the new expense loaded)", got)
	}
	if got := selectedExpense(t, h); got != 203 {
		t.Errorf("after the timer selected %d, want 203 still", got)
	}
}

// The document filters pick a subject by name, as the event log's does
// (issue 15.5): typing part of a name searches, ↓ chooses among matches, the
// list is read with the subject's id and the header names the subject.
func TestFilterPicksASubjectByName(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "f", "tab", "tab") // status, document type, subject
	h.typeText("a")                // Acme, Beta Supplies, Gamma
	if v := h.view(); !strings.Contains(v, "▸ Acme s.r.o. (12)") || !strings.Contains(v, "Beta Supplies GmbH (13)") {
		t.Fatalf("the subject field shows no matches:\n%s", v)
	}
	h.keys("down", "enter") // Beta Supplies
	last := requestsMatching(fx, "expenses.json")
	if got := last[len(last)-1]; !strings.Contains(got, "subject_id=13") {
		t.Fatalf("filtered request %q lacks subject_id=13", got)
	}
	if v := h.view(); !strings.Contains(v, "subject: Beta Supplies GmbH (13)") {
		t.Errorf("the header does not name the subject:\n%s", v)
	}
	want := 0
	for _, e := range fx.expenses {
		if e.SubjectID == 13 {
			want++
		}
	}
	if got := expenseList(t, h).Table().Len(); got != want || want == len(fx.expenses) {
		t.Errorf("Beta's expenses: %d rows, want %d of %d", got, want, len(fx.expenses))
	}
	h.keys("f", "tab", "tab")
	h.typeText("zzz")
	h.keys("enter")
	if v := h.view(); !strings.Contains(v, `Subject: no subject matches "13zzz"`) {
		t.Errorf("a name that matches nothing is not explained:\n%s", v)
	}
}
