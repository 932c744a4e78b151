package ui

import (
	"errors"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

func TestSectionKeysAndTab(t *testing.T) {
	f := newFixture(t, nil)
	for i, k := range sectionKinds {
		f.key(k.key)
		if got := f.m.SectionIndex(); got != i {
			t.Fatalf("after %q section = %d, want %d", k.key, got, i)
		}
		id, _ := f.m.TopID()
		if id != (PageID{Kind: Kind(k.kind)}) {
			t.Fatalf("after %q top = %+v, want root of %s", k.key, id, k.kind)
		}
	}
	f.key("tab")
	if f.m.SectionIndex() != 0 {
		t.Errorf("tab from the last section = %d, want wrap to 0", f.m.SectionIndex())
	}
	f.key("shift+tab")
	if f.m.SectionIndex() != 7 {
		t.Errorf("shift+tab from the first section = %d, want wrap to 7", f.m.SectionIndex())
	}
	f.key("tab", "tab")
	if f.m.SectionIndex() != 1 {
		t.Errorf("two tabs from 7 = %d, want 1", f.m.SectionIndex())
	}
	f.key("9") // no ninth section: nothing happens
	if f.m.SectionIndex() != 1 {
		t.Errorf("9 changed section to %d", f.m.SectionIndex())
	}
	if n := f.made[PageID{Kind: "invoices"}]; n != 1 {
		t.Errorf("invoices root made %d times, want 1 (cached)", n)
	}
}

func TestSectionWithoutMakerShowsPlaceholder(t *testing.T) {
	f := newFixture(t, nil)
	f.key("8")
	if _, ok := f.m.Top().(*Placeholder); !ok {
		t.Fatalf("top of More is %T, want *Placeholder", f.m.Top())
	}
	if v := f.m.View(); !strings.Contains(v, "More comes in a later version") {
		t.Errorf("view lacks the placeholder notice:\n%s", v)
	}
}

func TestOpenBackKeepsCachedPageAndCursor(t *testing.T) {
	f := newFixture(t, nil)
	root := f.m.Top()
	f.key("j", "j", "enter")
	detail := PageID{Kind: "detail", ID: "2"}
	if id, _ := f.m.TopID(); id != detail {
		t.Fatalf("enter opened %+v, want %+v", id, detail)
	}
	f.key("j") // moves the detail page's cursor
	f.key("esc")
	if f.m.Top() != root {
		t.Fatal("esc did not return to the same page instance")
	}
	if got := root.(*fakePage).cursor; got != 2 {
		t.Errorf("root cursor after esc = %d, want 2", got)
	}
	f.send(Open{ID: detail})
	if f.made[detail] != 1 {
		t.Errorf("detail made %d times, want 1 (from cache)", f.made[detail])
	}
	if got := f.m.Top().(*fakePage).cursor; got != 1 {
		t.Errorf("cached detail cursor = %d, want 1", got)
	}
	if f.pages[detail].inits != 1 {
		t.Errorf("cached detail initialised %d times, want 1", f.pages[detail].inits)
	}
	f.send(Back{})
	if f.m.Top() != root {
		t.Error("Back{} did not return to the root")
	}
}

func TestEscOnSectionRootStays(t *testing.T) {
	f := newFixture(t, nil)
	root := f.m.Top().(*fakePage)
	f.key("esc")
	if len(f.m.Stack()) != 1 || f.m.Top() != root {
		t.Fatalf("esc on root changed the stack: %+v", f.m.Stack())
	}
	if got := root.keysReceived(); got != "esc" {
		t.Errorf("root received keys %q, want the esc passed on", got)
	}
}

func TestEachSectionKeepsItsStack(t *testing.T) {
	f := newFixture(t, nil)
	f.key("enter") // detail 0 in Subjects
	f.key("2")
	f.key("1")
	if id, _ := f.m.TopID(); id != (PageID{Kind: "detail", ID: "0"}) {
		t.Errorf("back in Subjects top = %+v, want the detail left there", id)
	}
	f.key("1") // the current section's key again goes to its root
	if got := len(f.m.Stack()); got != 1 {
		t.Errorf("stack depth after re-selecting section = %d, want 1", got)
	}
}

func TestReplaceSwapsTop(t *testing.T) {
	f := newFixture(t, nil)
	f.key("enter")
	f.send(Replace{ID: PageID{Kind: "detail", ID: "9"}})
	want := []PageID{{Kind: "subjects"}, {Kind: "detail", ID: "9"}}
	if got := f.m.Stack(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("stack = %+v, want %+v", got, want)
	}
}

type routedMsg struct{ to PageID }

func (r routedMsg) Target() PageID { return r.to }

type plainMsg struct{}

func TestRoutedMessageReachesPageBelowTop(t *testing.T) {
	f := newFixture(t, nil)
	f.key("enter")
	root := f.pages[PageID{Kind: "subjects"}]
	detail := f.pages[PageID{Kind: "detail", ID: "0"}]
	before := len(root.got)
	f.send(routedMsg{to: root.id})
	if len(root.got) != before+1 {
		t.Fatal("routed message did not reach the page below the top")
	}
	if _, ok := root.got[len(root.got)-1].(routedMsg); !ok {
		t.Error("root got something else than the routed message")
	}
	for _, m := range detail.got {
		if _, ok := m.(routedMsg); ok {
			t.Error("the top page got a message routed elsewhere")
		}
	}
	// Other sections' cached roots get theirs too; unknown targets are dropped.
	f.key("2", "1")
	inv := f.pages[PageID{Kind: "invoices"}]
	f.send(routedMsg{to: inv.id})
	if _, ok := inv.got[len(inv.got)-1].(routedMsg); !ok {
		t.Error("routed message did not reach another section's page")
	}
	f.send(routedMsg{to: PageID{Kind: "nope"}})
	// An unrouted message goes to the top page.
	f.send(plainMsg{})
	if _, ok := detail.got[len(detail.got)-1].(plainMsg); !ok {
		t.Error("plain message did not reach the top page")
	}
}

func TestGlobalKeysIgnoredWhileCapturing(t *testing.T) {
	f := newFixture(t, nil)
	p := f.m.Top().(*fakePage)
	p.capturing = true
	f.key("q", "2", "?", "tab", "esc")
	if f.m.Quitting() || f.m.SectionIndex() != 0 || len(f.m.overlays) != 0 {
		t.Fatalf("global key acted while the page captures: quitting=%v section=%d overlays=%d",
			f.m.Quitting(), f.m.SectionIndex(), len(f.m.overlays))
	}
	if got := p.keysReceived(); got != "q,2,?,tab,esc" {
		t.Errorf("page received %q, want every key", got)
	}
	msgs := f.send(tuitest.Key("ctrl+c"))
	if !f.m.Quitting() || !hasMsg[tea.QuitMsg](msgs) {
		t.Error("ctrl+c did not quit while capturing")
	}
}

func TestQuit(t *testing.T) {
	f := newFixture(t, nil)
	msgs := f.send(tuitest.Key("q"))
	if !f.m.Quitting() || !hasMsg[tea.QuitMsg](msgs) {
		t.Error("q did not quit")
	}
}

func TestConfirmRunsYesOnlyOnYesOrEnterOnYes(t *testing.T) {
	yes := Emit(marker("deleted"))
	cases := []struct {
		keys []string
		want bool
	}{
		{[]string{"y"}, true},
		{[]string{"right", "enter"}, true},
		{[]string{"enter"}, false}, // the focus starts on No
		{[]string{"n"}, false},
		{[]string{"esc"}, false},
		{[]string{"x", "q", "2", "esc"}, false},
	}
	for _, c := range cases {
		f := newFixture(t, nil)
		f.send(Confirm{Question: "Delete subject Acme?", Yes: yes})
		if v := f.m.View(); !strings.Contains(v, "Delete subject Acme?") || !strings.Contains(v, "[ No ]") {
			t.Fatalf("dialog not shown with No focused:\n%s", v)
		}
		var msgs []tea.Msg
		for _, k := range c.keys {
			msgs = append(msgs, f.send(tuitest.Key(k))...)
		}
		if got := hasMsg[marker](msgs); got != c.want {
			t.Errorf("keys %v: Yes ran = %v, want %v", c.keys, got, c.want)
		}
		if len(f.m.overlays) != 0 {
			t.Errorf("keys %v: dialog still open", c.keys)
		}
		if f.m.SectionIndex() != 0 || f.m.Quitting() {
			t.Errorf("keys %v reached the shell while the dialog was open", c.keys)
		}
	}
}

func TestErrorPanelRetry(t *testing.T) {
	f := newFixture(t, nil)
	f.send(ShowError{What: "load subjects", Err: errors.New("server said 503"), Retry: Emit(marker("retried"))})
	v := f.m.View()
	for _, want := range []string{"Could not load subjects: server said 503", "press r to retry, esc to dismiss"} {
		if !strings.Contains(v, want) {
			t.Errorf("error panel lacks %q:\n%s", want, v)
		}
	}
	if msgs := f.send(tuitest.Key("x")); hasMsg[marker](msgs) || len(f.m.overlays) != 1 {
		t.Error("another key retried or closed the panel")
	}
	if msgs := f.send(tuitest.Key("r")); !hasMsg[marker](msgs) {
		t.Error("r did not run Retry")
	}
	if len(f.m.overlays) != 0 {
		t.Error("panel still open after retry")
	}

	f.send(ShowError{What: "load subjects", Err: errors.New("boom"), Retry: Emit(marker("retried"))})
	if msgs := f.send(tuitest.Key("esc")); hasMsg[marker](msgs) || len(f.m.overlays) != 0 {
		t.Error("esc should dismiss without retrying")
	}
}

func TestMakerErrorShowsPanelWithRetry(t *testing.T) {
	f := newFixture(t, nil)
	id := PageID{Kind: "detail", ID: "0"}
	f.fail[id] = errors.New("no such subject")
	f.key("enter")
	if v := f.m.View(); !strings.Contains(v, "Could not open detail 0: no such subject") {
		t.Fatalf("maker error not shown:\n%s", v)
	}
	delete(f.fail, id)
	f.key("r")
	if got, _ := f.m.TopID(); got != id {
		t.Errorf("retry did not open the page: top %+v", got)
	}
}

func TestToastExpiresOnItsTickOnly(t *testing.T) {
	f := newFixture(t, nil)
	first := tuitest.Collect(mustCmd(f.m.Update(Toast{Text: "Saved subject", Kind: ToastSuccess})))
	second := tuitest.Collect(mustCmd(f.m.Update(Toast{Text: "Invoice sent", Kind: ToastInfo})))
	if len(first) != 1 || len(second) != 1 {
		t.Fatalf("toast ticks: %v %v", first, second)
	}
	f.send(first[0]) // the older toast's tick
	if v := f.m.View(); !strings.Contains(v, "Invoice sent") {
		t.Fatalf("older tick dismissed the newer toast:\n%s", v)
	}
	f.send(second[0])
	if v := f.m.View(); strings.Contains(v, "Invoice sent") {
		t.Errorf("toast still shown after its own tick:\n%s", v)
	}
}

func mustCmd(_ tea.Model, cmd tea.Cmd) tea.Cmd { return cmd }

func TestHelpOverlayListsShellAndPageKeys(t *testing.T) {
	f := newFixture(t, nil)
	f.key("?")
	v := f.m.View()
	for _, want := range []string{"frobnicate", "next section", "quit", "Keys on Subjects"} {
		if !strings.Contains(v, want) {
			t.Errorf("help lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "switch account") {
		t.Error("help lists the account switcher though there are no accounts")
	}
	f.key("esc")
	if len(f.m.overlays) != 0 {
		t.Error("esc did not close help")
	}
	// The short line carries ? and the page's keys.
	line := strings.Split(f.m.View(), "\n")[22]
	for _, want := range []string{"? all keys", "F frobnicate", "q quit"} {
		if !strings.Contains(line, want) {
			t.Errorf("short help %q lacks %q", line, want)
		}
	}
}

func TestHelpShowsAccountsWhenThereAreSome(t *testing.T) {
	f := newFixture(t, func(o *Options) { o.Accounts = []AccountChoice{{"acme", "Acme"}, {"beta", "Beta"}} })
	f.key("?")
	if v := f.m.View(); !strings.Contains(v, "switch account") {
		t.Errorf("help lacks the account switcher:\n%s", v)
	}
}

func TestSpinnerTicksOnlyWhileLoading(t *testing.T) {
	f := newFixture(t, nil)
	if _, cmd := f.m.Update(spinner.TickMsg{ID: f.m.spin.ID()}); cmd != nil {
		t.Fatal("idle shell answered a spinner tick with another tick")
	}
	if _, cmd := f.m.Update(plainMsg{}); cmd != nil {
		t.Fatal("idle shell returned a Cmd for a message that starts nothing")
	}
	f.m.Top().(*fakePage).loading = true
	_, cmd := f.m.Update(plainMsg{})
	msgs := tuitest.Collect(cmd)
	if len(msgs) != 1 {
		t.Fatalf("loading started: got %v, want one spinner tick", msgs)
	}
	tick, ok := msgs[0].(spinner.TickMsg)
	if !ok {
		t.Fatalf("got %T, want spinner.TickMsg", msgs[0])
	}
	if v := f.m.View(); !strings.Contains(v, "loading") {
		t.Error("status bar does not say loading")
	}
	// While one chain runs, no second chain starts.
	if _, cmd := f.m.Update(plainMsg{}); cmd != nil {
		t.Error("a second spinner chain started")
	}
	if _, cmd := f.m.Update(tick); cmd == nil {
		t.Error("spinner stopped while loading")
	}
	f.m.Top().(*fakePage).loading = false
	if _, cmd := f.m.Update(spinner.TickMsg{ID: f.m.spin.ID()}); cmd != nil {
		t.Error("spinner kept ticking after loading ended")
	}
	if v := f.m.View(); strings.Contains(v, "loading") {
		t.Error("status bar still says loading")
	}
}

// A page showing data from the local copy while a sync runs behind it is
// catching up, not loading (issue 26): the bar says so and the spinner turns
// until the sync ends.
func TestStatusBarSaysCatchingUp(t *testing.T) {
	f := newFixture(t, nil)
	f.m.Top().(*fakePage).catchingUp = true
	_, cmd := f.m.Update(plainMsg{})
	if _, ok := tuitest.Find[spinner.TickMsg](tuitest.Collect(cmd)); !ok {
		t.Error("the spinner does not turn while catching up")
	}
	if v := f.m.View(); !strings.Contains(v, "catching up") || strings.Contains(v, "loading") {
		t.Errorf("status bar while catching up:\n%s", v)
	}
	f.m.Top().(*fakePage).catchingUp = false
	if _, cmd := f.m.Update(spinner.TickMsg{ID: f.m.spin.ID()}); cmd != nil {
		t.Error("spinner kept ticking after the sync ended")
	}
	if v := f.m.View(); strings.Contains(v, "catching up") {
		t.Error("status bar still says catching up")
	}
}

func TestStatusBar(t *testing.T) {
	f := newFixture(t, func(o *Options) {})
	f.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	status := func() string { v := strings.Split(f.m.View(), "\n"); return v[len(v)-1] }
	if s := status(); !strings.Contains(s, "conn –") || !strings.Contains(s, "rate –") || !strings.Contains(s, "refreshed –") {
		t.Errorf("unknown values not shown as –: %q", s)
	}
	at := time.Date(2026, 11, 22, 14, 5, 0, 0, time.Local)
	f.send(APIStatus{Conn: ConnOnline, RateRemaining: 398, RateLimit: 400, CallsUsed: 1234, CallsLimit: 20000, LastRefresh: at})
	f.send(APIStatus{Conn: ConnRetrying}) // zero fields keep their values
	s := status()
	for _, want := range []string{"acme · Jana Nováková", "◐ retrying", "rate 398/400", "API 1 234/20 000", "refreshed 14:05"} {
		if !strings.Contains(s, want) {
			t.Errorf("status %q lacks %q", s, want)
		}
	}
	f.send(APIStatus{Conn: ConnOffline})
	if s := status(); !strings.Contains(s, "○ offline") {
		t.Errorf("status %q lacks offline", s)
	}
}

func TestMouse(t *testing.T) {
	f := newFixture(t, nil)
	p := f.m.Top().(*fakePage)
	f.send(tea.MouseMsg{X: 3, Y: 5, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if p.lastMouseY != 3 {
		t.Errorf("page got Y=%d, want 3 (header lines removed)", p.lastMouseY)
	}
	f.send(tea.MouseMsg{X: 3, Y: 7, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if p.lastMouseY != 5 {
		t.Errorf("wheel: page got Y=%d, want 5", p.lastMouseY)
	}
	_, spans := f.m.sectionBar()
	f.send(tea.MouseMsg{X: spans[2].from + 1, Y: 0, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if f.m.SectionIndex() != 2 {
		t.Errorf("click on the third section selected %d", f.m.SectionIndex())
	}
}

func TestAccountSwitch(t *testing.T) {
	var hooked []string
	f := newFixture(t, func(o *Options) {
		o.Accounts = []AccountChoice{{"acme", "Acme s.r.o."}, {"beta", "Beta a.s."}}
		o.OnSwitchAccount = func(slug string) tea.Cmd {
			hooked = append(hooked, slug)
			return nil
		}
	})
	f.key("2", "enter")
	f.key("A")
	if v := f.m.View(); !strings.Contains(v, "Beta a.s. (beta)") || !strings.Contains(v, "acme) · current") {
		t.Fatalf("switcher not shown:\n%s", v)
	}
	f.key("j", "enter")
	if len(hooked) != 1 || hooked[0] != "beta" {
		t.Fatalf("hook calls = %v, want [beta]", hooked)
	}
	if f.m.Account() != "beta" {
		t.Errorf("account = %q", f.m.Account())
	}
	if got := f.m.Stack(); len(got) != 1 || got[0] != (PageID{Kind: "invoices"}) {
		t.Errorf("after switch stack = %+v, want the current section's root", got)
	}
	if f.made[PageID{Kind: "invoices"}] != 2 {
		t.Errorf("invoices made %d times, want 2 (cache cleared)", f.made[PageID{Kind: "invoices"}])
	}
	f.key("A", "enter") // picking the current account changes nothing
	if len(hooked) != 1 {
		t.Errorf("picking the current account called the hook")
	}
}

// A switch with a page to open after it (the monitor opening a record of
// another account) opens that page on the new account's pages.
func TestAccountSwitchThenOpen(t *testing.T) {
	f := newFixture(t, func(o *Options) {
		o.Accounts = []AccountChoice{{"acme", "Acme s.r.o."}, {"beta", "Beta a.s."}}
		o.OnSwitchAccount = func(string) tea.Cmd { return nil }
	})
	then := PageID{Kind: "detail", ID: "7"}
	f.send(SwitchAccount{Slug: "beta", Then: &then})
	if f.m.Account() != "beta" {
		t.Fatalf("account = %q", f.m.Account())
	}
	if got := f.m.Stack(); len(got) != 2 || got[1] != then {
		t.Errorf("after the switch the stack is %+v, want the section's root and %v", got, then)
	}
}

func TestCacheIsBoundedButKeepsStackedPages(t *testing.T) {
	f := newFixture(t, func(o *Options) { o.CacheSize = 2 })
	root := f.m.Top()
	for i := range 10 {
		f.send(Open{ID: PageID{Kind: "detail", ID: string(rune('a' + i))}})
		f.send(Back{})
	}
	if n := len(f.m.cache); n > 3 {
		t.Errorf("cache holds %d pages, want at most 2 off-stack + 1 stacked", n)
	}
	if f.m.Top() != root {
		t.Error("the stacked root was evicted")
	}
}

func TestStylesFromEnv(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	if !StylesFromEnv(env(map[string]string{"NO_COLOR": "1"})).NoColor {
		t.Error("NO_COLOR=1 not honoured")
	}
	if StylesFromEnv(env(map[string]string{"NO_COLOR": ""})).NoColor {
		t.Error("empty NO_COLOR turned colours off")
	}
	if StylesFromEnv(env(nil)).NoColor {
		t.Error("colours off without NO_COLOR")
	}
}

func TestGroupThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1234: "1 234", 20000: "20 000", 1234567: "1 234 567", -4500: "-4 500"} {
		if got := groupThousands(n); got != want {
			t.Errorf("groupThousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestNoSectionsDoesNotPanic(t *testing.T) {
	m := New(Options{Styles: NewStyles(true)})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, k := range []string{"1", "tab", "esc", "enter", "?"} {
		m.Update(tuitest.Key(k))
	}
	checkSize(t, "no sections", m.View(), 80, 24)
	if m.Top() != nil || len(m.Stack()) != 0 {
		t.Error("a page appeared without sections")
	}
}
