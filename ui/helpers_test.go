package ui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/tuitest"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

// fakePage counts what happens to it and has a cursor moved by j/k.
type fakePage struct {
	id         PageID
	title      string
	cursor     int
	inits      int
	got        []tea.Msg
	loading    bool
	catchingUp bool
	capturing  bool
	w, h       int
	keys       fakeKeys
	lastMouseY int
}

type fakeKeys struct{ down, frob key.Binding }

func (k fakeKeys) ShortHelp() []key.Binding  { return []key.Binding{k.down, k.frob} }
func (k fakeKeys) FullHelp() [][]key.Binding { return [][]key.Binding{{k.down, k.frob}} }

func newFakePage(id PageID) *fakePage {
	title := strings.ToUpper(string(id.Kind[:1])) + string(id.Kind[1:])
	if id.ID != "" {
		title += " " + id.ID
	}
	return &fakePage{id: id, title: title, keys: fakeKeys{
		down: key.NewBinding(key.WithKeys("j"), key.WithHelp("j", "down")),
		frob: key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "frobnicate")),
	}}
}

func (p *fakePage) Init() tea.Cmd { p.inits++; return nil }

func (p *fakePage) Update(msg tea.Msg) tea.Cmd {
	p.got = append(p.got, msg)
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch msg.String() {
		case "j":
			p.cursor++
		case "enter":
			return Emit(Open{ID: PageID{Kind: "detail", ID: fmt.Sprint(p.cursor)}})
		}
	case tea.MouseMsg:
		p.lastMouseY = msg.Y
	}
	return nil
}

func (p *fakePage) View() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (cursor %d)\n", p.title, p.cursor)
	for i := range 5 {
		mark := "  "
		if i == p.cursor {
			mark = "> "
		}
		fmt.Fprintf(&b, "%srow %d of %s\n", mark, i, p.title)
	}
	return b.String()
}

func (p *fakePage) SetSize(w, h int)     { p.w, p.h = w, h }
func (p *fakePage) Title() string        { return p.title }
func (p *fakePage) KeyMap() help.KeyMap  { return p.keys }
func (p *fakePage) Loading() bool        { return p.loading }
func (p *fakePage) CatchingUp() bool     { return p.catchingUp }
func (p *fakePage) Capturing() bool      { return p.capturing }
func (p *fakePage) keysReceived() string { return keysOf(p.got) }

func keysOf(msgs []tea.Msg) string {
	var out []string
	for _, m := range msgs {
		if k, ok := m.(tea.KeyMsg); ok {
			out = append(out, k.String())
		}
	}
	return strings.Join(out, ",")
}

// fixture is a shell over fake pages that records every page it makes.
type fixture struct {
	m     *Model
	made  map[PageID]int
	pages map[PageID]*fakePage
	fail  map[PageID]error
}

var sectionKinds = []struct{ key, title, kind string }{
	{"1", "Subjects", "subjects"}, {"2", "Invoices", "invoices"}, {"3", "Expenses", "expenses"},
	{"4", "Inventory", "inventory"}, {"5", "Inbox", "inbox"}, {"6", "To-dos", "todos"},
	{"7", "Events", "events"}, {"8", "More", "more"},
}

func testSections() []Section {
	var s []Section
	for _, k := range sectionKinds {
		s = append(s, Section{Key: k.key, Title: k.title, Root: PageID{Kind: Kind(k.kind)}})
	}
	return s
}

func newFixture(t testing.TB, tweak func(*Options)) *fixture {
	t.Helper()
	f := &fixture{made: map[PageID]int{}, pages: map[PageID]*fakePage{}, fail: map[PageID]error{}}
	maker := func(id PageID) (Page, error) {
		if err := f.fail[id]; err != nil {
			return nil, err
		}
		f.made[id]++
		p := newFakePage(id)
		f.pages[id] = p
		return p, nil
	}
	makers := map[Kind]Maker{"detail": maker}
	for _, k := range sectionKinds[:7] { // "more" has no maker: a placeholder
		makers[Kind(k.kind)] = maker
	}
	opts := Options{
		Sections:      testSections(),
		Makers:        makers,
		Styles:        NewStyles(true),
		Account:       "acme",
		User:          "Jana Nováková",
		ToastDuration: 10 * time.Millisecond,
	}
	if tweak != nil {
		tweak(&opts)
	}
	f.m = New(opts)
	f.run(f.m.Init())
	f.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	return f
}

// send runs Update and feeds back the messages its Cmds yield (not spinner
// ticks and toast expiries, which tests deliver themselves).
func (f *fixture) send(msg tea.Msg) []tea.Msg {
	_, cmd := f.m.Update(msg)
	return f.run(cmd)
}

func (f *fixture) run(cmd tea.Cmd) []tea.Msg {
	var seen []tea.Msg
	for _, msg := range tuitest.Collect(cmd) {
		seen = append(seen, msg)
		switch msg.(type) {
		case toastExpired, tea.QuitMsg, marker:
			continue
		}
		if reflect.TypeOf(msg).PkgPath() == "github.com/charmbracelet/bubbles/spinner" {
			continue
		}
		seen = append(seen, f.send(msg)...)
	}
	return seen
}

func (f *fixture) key(keys ...string) {
	for _, k := range keys {
		f.send(tuitest.Key(k))
	}
}

// marker is what test Cmds yield, to prove they ran.
type marker string

func hasMsg[T any](msgs []tea.Msg) bool {
	for _, m := range msgs {
		if _, ok := m.(T); ok {
			return true
		}
	}
	return false
}
