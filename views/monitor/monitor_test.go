package monitor

import (
	"bytes"
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

var cet = time.FixedZone("CET", 3600)

type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// source is a small in-memory service: newest first, `since` at or after.
type source struct {
	mu   sync.Mutex
	name string // the account's company name

	events   []apiclient.Event // oldest first
	todos    []apiclient.Todo
	invoices []apiclient.Invoice
	expenses []apiclient.Expense
	low      []apiclient.InventoryItem
	calls    int
	toggled  []int64
	down     bool
	refuse   error // every read answers it (a 402, a 401)
}

func (s *source) Todos(_ context.Context, since time.Time, page int) ([]apiclient.Todo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.refuse != nil {
		return nil, s.refuse
	}
	if s.down {
		return nil, fmt.Errorf("list to-dos: dial tcp: connection refused")
	}
	if page > 1 {
		return nil, nil
	}
	var out []apiclient.Todo
	for i := len(s.todos) - 1; i >= 0; i-- {
		if since.IsZero() || !s.todos[i].CreatedAt.Before(since) {
			out = append(out, s.todos[i])
		}
	}
	return out, nil
}

func (s *source) Events(_ context.Context, since time.Time, page int) ([]apiclient.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if page > 1 {
		return nil, nil
	}
	var out []apiclient.Event
	for i := len(s.events) - 1; i >= 0; i-- {
		if since.IsZero() || !s.events[i].CreatedAt.Before(since) {
			out = append(out, s.events[i])
		}
	}
	return out, nil
}

func (s *source) Account(context.Context) (*apiclient.Account, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	return &apiclient.Account{APICallsLimit: 3000, APICallsUsed: 420, Name: s.name}, nil
}

func (s *source) Invoices(_ context.Context, status string, _ int) ([]apiclient.Invoice, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	var out []apiclient.Invoice
	for _, i := range s.invoices {
		if i.Status == status {
			out = append(out, i)
		}
	}
	return out, nil
}

func (s *source) Expenses(_ context.Context, status string, _ int) ([]apiclient.Expense, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	var out []apiclient.Expense
	for _, e := range s.expenses {
		if e.Status == status {
			out = append(out, e)
		}
	}
	return out, nil
}

func (s *source) LowQuantity(context.Context, int) ([]apiclient.InventoryItem, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	return s.low, nil
}

func (s *source) ToggleTodo(_ context.Context, id int64) (*apiclient.Todo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	s.toggled = append(s.toggled, id)
	for i := range s.todos {
		if s.todos[i].ID == id {
			s.todos[i].CompletedAt = apiclient.DateTime{Time: time.Date(2026, 11, 22, 10, 0, 0, 0, cet)}
			t := s.todos[i]
			return &t, nil
		}
	}
	return nil, fmt.Errorf("to-do %d not found", id)
}

func (s *source) addEvent(at time.Time, name, text string, rel ...apiclient.RelatedObject) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.events = append(s.events, apiclient.Event{Name: name, Text: text, CreatedAt: apiclient.DateTime{Time: at}, RelatedObjects: rel})
}

func (s *source) addTodo(at time.Time, name, text string, rel ...apiclient.RelatedObject) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.todos = append(s.todos, apiclient.Todo{ID: int64(len(s.todos) + 1), Name: name, Text: text, CreatedAt: apiclient.DateTime{Time: at}, RelatedObjects: rel})
}

// timerArmed is what the test timer yields instead of waiting.
type timerArmed struct {
	d   time.Duration
	msg tea.Msg
}

func armed(d time.Duration, msg tea.Msg) tea.Cmd {
	return func() tea.Msg { return timerArmed{d, msg} }
}

type fixture struct {
	m     *Model
	src   *source
	clock *testClock
	out   *bytes.Buffer
}

// newFixture is a monitor on a small account at 9:00 on 22 November 2026,
// after a first fetch (the baseline) and a second one that brought news.
func newFixture(t testing.TB, opts Options) *fixture {
	t.Helper()
	clock := &testClock{now: time.Date(2026, 11, 22, 9, 0, 0, 0, cet)}
	src := &source{}
	day := clock.Now()
	src.addTodo(day.Add(-50*time.Hour), "email_bounced", "E-mail to odberatel@firma.example bounced", apiclient.RelatedObject{Type: "Invoice", ID: 12})
	src.addTodo(day.Add(-3*time.Hour), "expense_payment_unpaired", "Payment of 1 200 CZK could not be paired")
	src.addEvent(day.Add(-26*time.Hour), "invoice_sent", "Invoice 2026-0040 was sent to ACME s.r.o.", apiclient.RelatedObject{Type: "Invoice", ID: 40})
	src.addEvent(day.Add(-2*time.Hour), "expense_created", "Expense N-2211 from Dodavatel a.s. was created", apiclient.RelatedObject{Type: "Expense", ID: 7})
	src.addEvent(day.Add(-time.Hour), "subject_created", "Subject Nová Firma s.r.o. was created", apiclient.RelatedObject{Type: "Subject", ID: 3})
	src.invoices = []apiclient.Invoice{
		{Status: "overdue", Currency: "CZK", RemainingAmount: apiclient.MustDecimal("12100.0")},
		{Status: "overdue", Currency: "EUR", RemainingAmount: apiclient.MustDecimal("250.5")},
		{Status: "open", Currency: "CZK", RemainingAmount: apiclient.MustDecimal("3025.0")},
		{Status: "sent", Currency: "CZK", RemainingAmount: apiclient.MustDecimal("1210.0")},
	}
	src.expenses = []apiclient.Expense{{Status: "overdue"}}
	src.low = []apiclient.InventoryItem{{Name: "Kabel USB-C"}, {Name: "Toner"}}
	opts.Source = src
	opts.Account = "firma"
	opts.Now = clock.Now
	opts.Loc = cet
	opts.Styles = ui.NewStyles(true)
	if opts.CacheDir == "" {
		opts.CacheDir = t.TempDir()
	}
	out := &bytes.Buffer{}
	if opts.Alerts == nil {
		opts.Alerts = out
	}
	m := New(opts)
	m.timer = armed
	f := &fixture{m: m, src: src, clock: clock, out: out}
	m.SetSize(40, 30)
	f.do(m.Init())
	f.fetchNow()
	// News after the baseline.
	clock.Set(day.Add(10 * time.Minute))
	src.addEvent(day.Add(5*time.Minute), "invoice_paid", "Invoice 2026-0040 was paid: 12 100 CZK", apiclient.RelatedObject{Type: "Invoice", ID: 40})
	src.addEvent(day.Add(7*time.Minute), "inbox_file_added", "sken-0042.pdf was added to the inbox")
	src.addTodo(day.Add(6*time.Minute), "inbox_files_too_many_attachments", "An e-mail to the inbox had too many attachments")
	f.do(m.Update(tuitest.Key("r")))
	return f
}

// do runs a Cmd the way the program would for the messages tests care
// about; timers and batches are unpacked without waiting.
func (f *fixture) do(cmd tea.Cmd) {
	for _, msg := range tuitest.Collect(cmd) {
		switch msg.(type) {
		case loadedMsg, fetchedMsg, toggledMsg:
			f.do(f.m.Update(msg))
		}
	}
}

// fetchNow delivers the due tick and runs the fetch it starts.
func (f *fixture) fetchNow() {
	cmd := f.m.Update(tickMsg{gen: f.m.members[0].gen})
	if cmd == nil {
		panic("the tick started no fetch")
	}
	f.do(cmd)
}

func TestGoldenScreens(t *testing.T) {
	for _, size := range [][2]int{{40, 30}, {100, 30}} {
		f := newFixture(t, Options{SharePercent: 25})
		f.m.SetSize(size[0], size[1])
		tuitest.Golden(t, fmt.Sprintf("monitor_%dx%d", size[0], size[1]), f.m.View())
	}
}

func TestViewFillsAnySizeExactly(t *testing.T) {
	f := newFixture(t, Options{})
	for w := 40; w <= 160; w += 7 {
		for h := 6; h <= 50; h += 4 {
			f.m.SetSize(w, h)
			lines := strings.Split(f.m.View(), "\n")
			if len(lines) != h {
				t.Fatalf("%dx%d: %d lines", w, h, len(lines))
			}
			for i, l := range lines {
				if ansi.StringWidth(l) != w {
					t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, ansi.StringWidth(l), l)
				}
			}
		}
	}
}

func TestNewItemsAreMarkedUntilSeen(t *testing.T) {
	f := newFixture(t, Options{})
	st := f.m.members[0].snap.State
	if st.NewEvents() != 2 || st.NewTodos() != 1 {
		t.Fatalf("new: %d events, %d to-dos", st.NewEvents(), st.NewTodos())
	}
	if got := windowTitle(locale.New(locale.English), []*poll.State{&st}); got != "kasa: 3 to-dos, 2 new events" {
		t.Fatalf("title = %q", got)
	}
	screen := f.m.View()
	if n := strings.Count(screen, markNew); n != 3 {
		t.Fatalf("%d new markers on screen, want 3:\n%s", n, screen)
	}
	// Moving onto a row marks it seen.
	f.do(f.m.Update(tuitest.Key("j")))
	if got := f.m.members[0].snap.State.NewTodos(); got != 1 {
		t.Fatalf("moving off the new to-do marked it seen (%d new)", got)
	}
	f.do(f.m.Update(tuitest.Key("k")))
	if got := f.m.members[0].snap.State.NewTodos(); got != 0 {
		t.Fatalf("the to-do under the cursor is still new (%d)", got)
	}
	// Leaving the terminal after looking at it marks the rest seen.
	f.m.Update(tea.FocusMsg{})
	f.do(f.m.Update(tea.BlurMsg{}))
	if got := f.m.members[0].snap.State.NewEvents(); got != 0 {
		t.Fatalf("%d events still new after the user looked", got)
	}
	if got := windowTitle(locale.New(locale.English), f.m.states()); got != "kasa: 3 to-dos" {
		t.Fatalf("title = %q", got)
	}
}

func TestEnterOpensTheItemsPage(t *testing.T) {
	// In the shell: an Open message for the to-do's invoice.
	f := newFixture(t, Options{})
	f.do(f.m.Update(tuitest.Key("G"))) // the oldest event: invoice 40
	cmd := f.m.Update(tuitest.Key("enter"))
	var opened []ui.PageID
	var collect func(tea.Cmd)
	collect = func(c tea.Cmd) {
		if c == nil {
			return
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				collect(c)
			}
		case ui.Open:
			opened = append(opened, msg.ID)
		}
	}
	collect(cmd)
	if want := nav.Record(nav.Invoice, 40); !slices.Equal(opened, []ui.PageID{want}) {
		t.Fatalf("opened %v, want %v", opened, want)
	}
	// Standalone: Run's caller gets the page id.
	f = newFixture(t, Options{})
	f.m.standalone = true
	f.m.Update(tuitest.Key("g"))
	f.m.Update(tuitest.Key("enter"))
	if f.m.opened == nil || f.m.opened.Page != (ui.PageID{Kind: nav.Todos}) {
		t.Fatalf("standalone opened %v, want the to-dos list for a to-do without a record", f.m.opened)
	}
}

func TestSpaceTogglesATodo(t *testing.T) {
	f := newFixture(t, Options{})
	f.m.Update(tuitest.Key("j")) // the second to-do (id 2)
	f.do(f.m.Update(tuitest.Key("space")))
	if !slices.Equal(f.src.toggled, []int64{2}) {
		t.Fatalf("toggled %v, want [2]", f.src.toggled)
	}
	if f.m.members[0].snap.State.OpenTodos() != 2 || !strings.Contains(f.m.View(), "[x]") {
		t.Fatalf("the toggled to-do is not shown done:\n%s", f.m.View())
	}
	// Space on an event does nothing.
	f.m.Update(tuitest.Key("G"))
	if cmd := f.m.Update(tuitest.Key("space")); cmd != nil {
		t.Fatal("space on an event did something")
	}
}

func TestTicksNeverStartASecondFetch(t *testing.T) {
	f := newFixture(t, Options{})
	f.clock.Set(f.m.members[0].snap.Next)
	fetch := f.m.Update(tickMsg{gen: f.m.members[0].gen})
	if fetch == nil || !f.m.members[0].fetching {
		t.Fatal("a due tick started no fetch")
	}
	if cmd := f.m.Update(tickMsg{gen: f.m.members[0].gen}); cmd != nil {
		t.Fatal("a tick during a fetch started another")
	}
	if cmd := f.m.Update(tuitest.Key("r")); cmd != nil || f.m.flash == "" {
		t.Fatal("r during a fetch started another")
	}
	old := f.m.members[0].gen - 1
	f.do(fetch)
	if f.m.members[0].fetching {
		t.Fatal("still fetching after the result")
	}
	if cmd := f.m.Update(tickMsg{gen: old}); cmd != nil {
		t.Fatal("a stale timer was obeyed")
	}
	// A tick before the due time only re-arms the timer.
	before := f.src.calls
	if cmd := f.m.Update(tickMsg{gen: f.m.members[0].gen}); cmd == nil || f.m.members[0].fetching {
		t.Fatal("an early tick should re-arm, not fetch")
	}
	if f.src.calls != before {
		t.Fatal("an early tick made requests")
	}
}

// r fetches now at the cost of a cycle (issue 26: it cost 7 with the
// counts): the to-dos and the events; the counts wait for an event that
// says they changed.
func TestRefreshFetchesNowAtTheCostOfACycle(t *testing.T) {
	f := newFixture(t, Options{})
	before := f.src.calls
	f.do(f.m.Update(tuitest.Key("r")))
	if got := f.src.calls - before; got != 2 {
		t.Fatalf("r made %d requests, want 2 (to-dos and events)", got)
	}
}

func TestAlertsForChosenEvents(t *testing.T) {
	f := newFixture(t, Options{Bell: true, Notify: NotifyOSC9, NotifyEvents: []string{"invoice_paid"}})
	got := f.out.String()
	want := "\a\x1b]9;kasa: Invoice 2026-0040 was paid: 12 100 CZK\x07"
	if got != want {
		t.Fatalf("alerts = %q, want %q", got, want)
	}
	evs := []poll.HeldEvent{{Event: apiclient.Event{Name: "x", Text: "evil\x1b]52;c;AAAA\x07; text"}}}
	s := alerts(locale.New(locale.English), evs, poll.Counts{}, []string{"*"}, false, NotifyOSC777)
	if strings.Count(s, "\x1b") != 1 || strings.Count(s, "\x07") != 1 || !strings.HasPrefix(s, "\x1b]777;notify;kasa;") {
		t.Fatalf("unsafe notification: %q", s)
	}
	if s := alerts(locale.New(locale.English), evs, poll.Counts{}, []string{"invoice_paid"}, true, NotifyOSC9); s != "" {
		t.Fatalf("an event not chosen alerted: %q", s)
	}
	seen := []poll.HeldEvent{{Event: apiclient.Event{Name: "invoice_paid"}, Seen: true}}
	if s := alerts(locale.New(locale.English), seen, poll.Counts{}, []string{"*"}, true, NotifyOSC9); s != "" {
		t.Fatalf("the baseline alerted: %q", s)
	}
}

func TestRestartPaintsTheCacheAtOnce(t *testing.T) {
	dir := t.TempDir()
	f := newFixture(t, Options{CacheDir: dir})
	// The cache write is a Cmd; the fixture ran it.
	if _, err := os.Stat(poll.CachePath(dir, "firma")); err != nil {
		t.Fatal(err)
	}
	m2 := New(Options{Source: f.src, Account: "firma", CacheDir: dir, Now: f.clock.Now, Loc: cet, Styles: ui.NewStyles(true)})
	m2.timer = armed
	m2.SetSize(40, 30)
	m2.Update(m2.Init()())
	if got := len(m2.members[0].snap.State.Events); got != 5 {
		t.Fatalf("restart shows %d events before any fetch, want 5", got)
	}
	if m2.members[0].snap.State.NewEvents() != 2 {
		t.Fatal("the unseen marks were lost across the restart")
	}
	if !strings.Contains(m2.View(), "sken-0042.pdf") {
		t.Fatalf("cached events not painted:\n%s", m2.View())
	}
}

func TestOfflineKeepsTheDataAndSaysHowOld(t *testing.T) {
	f := newFixture(t, Options{})
	f.src.mu.Lock()
	f.src.down = true
	f.src.mu.Unlock()
	last := f.clock.Now()
	f.clock.Set(f.m.members[0].snap.Next)
	f.fetchNow()
	screen := f.m.View()
	if !strings.Contains(screen, "! offline: data from 09:10 (1h33m old)") {
		t.Fatalf("no offline line:\n%s", screen)
	}
	if !strings.Contains(screen, "sken-0042.pdf") || f.m.members[0].snap.State.OpenTodos() != 3 {
		t.Fatalf("the last data is gone while offline:\n%s", screen)
	}
	retry := f.m.members[0].snap.Next.Sub(f.clock.Now())
	if retry <= 0 || retry > f.m.members[0].snap.Plan.Interval {
		t.Fatalf("retry in %v, interval %v", retry, f.m.members[0].snap.Plan.Interval)
	}
	// The service comes back: the monitor resumes by itself.
	f.src.mu.Lock()
	f.src.down = false
	f.src.mu.Unlock()
	f.clock.Set(f.m.members[0].snap.Next)
	f.fetchNow()
	if f.m.members[0].snap.State.Failures != 0 || !f.m.members[0].snap.State.LastSuccess.After(last) {
		t.Fatalf("did not resume: %+v", f.m.members[0].snap.State.LastError)
	}
	if strings.Contains(f.m.View(), "offline") {
		t.Fatal("still says offline after it resumed")
	}
}

// The monitor names an event's record by the number its account's counts
// read (no request of its own), so a Czech screen says what happened in
// Czech; a record it cannot name is named by the number in the service's
// words (issue 28: no English sentence on a Czech screen).
func TestEventLineNamesRecordsByTheCountsNumbers(t *testing.T) {
	cs := locale.New(locale.Czech)
	ev := apiclient.Event{Name: "invoice_created", Text: "Invoice 2026-0041 for Acme was created",
		RelatedObjects: []apiclient.RelatedObject{{Type: "Invoice", ID: 41}}}
	c := poll.Counts{Numbers: map[string]string{"Invoice:41": "2026-0041"}}
	if got := eventLine(cs, ev, c); got != "Faktura 2026-0041: vytvořeno" {
		t.Errorf("known number: %q", got)
	}
	if got := eventLine(cs, ev, poll.Counts{}); got != "Faktura 2026-0041: vytvořeno" {
		t.Errorf("unknown number: %q", got)
	}
}
