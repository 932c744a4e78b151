// Package kittest drives one page against the sandbox, without the shell,
// for the tests of the to-do, event and More pages: every Cmd runs to its
// message; messages routed to the page go back into it, the rest (toasts,
// errors, confirmations, opens) are kept for the test to look at.
package kittest

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
)

// Start is the sandbox clock's start.
var Start = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

// Now is the pages' fixed clock: three weeks after Start.
var Now = time.Date(2026, 11, 22, 13, 5, 0, 0, time.UTC)

// Slug is the test account.
const Slug = tuitest.Slug

// Sandbox runs a sandbox with one account on plan and returns it, what it
// made, and a client of the owner on it. Retries are off, so an injected
// fault reaches the page at once.
func Sandbox(t testing.TB, plan sandbox.Plan) (*sandbox.Server, sandbox.TestSetup, *apiclient.Client) {
	t.Helper()
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: Start, Plan: plan, Client: []apiclient.Option{apiclient.WithRetries(0)}})
	return env.Server, env.Setup, env.Client
}

// Deps are plain-styled dependencies on c with the fixed clock, in UTC.
func Deps(c *apiclient.Client) *common.Deps {
	return common.Deps{
		Client:      func() *apiclient.Client { return c },
		Styles:      ui.NewStyles(true),
		TableStyles: table.PlainStyles(),
		Keys:        ui.DefaultKeyMap(),
		Now:         func() time.Time { return Now },
		Timeout:     10 * time.Second,
		SearchDelay: time.Millisecond,
		Loc:         time.UTC,
		OpenURL:     func(string) tea.Cmd { return nil },
		Copy:        func(string) tea.Cmd { return nil },
	}.WithDefaults()
}

// Page is what the driver needs of a page.
type Page interface {
	ui.Page
	ID() ui.PageID
}

// Driver feeds one page.
type Driver struct {
	T    testing.TB
	Page Page
	// Seen are the messages meant for the shell, in order.
	Seen []tea.Msg
}

// New sizes the page, runs its Init to the end and returns the driver.
func New(t testing.TB, p Page, w, h int) *Driver {
	d := &Driver{T: t, Page: p}
	p.SetSize(w, h)
	d.Run(p.Init())
	return d
}

// Key sends a key (a name tuitest.Key knows, or runes) and runs what it starts.
func (d *Driver) Key(k string) { d.Run(d.Page.Update(tuitest.Key(k))) }

// Type sends each rune of s as a key.
func (d *Driver) Type(s string) {
	for _, k := range tuitest.Typed(s) {
		d.Run(d.Page.Update(k))
	}
}

// Run runs cmd and everything it leads to.
func (d *Driver) Run(cmd tea.Cmd) {
	queue := tuitest.Collect(cmd)
	for n := 0; len(queue) > 0; n++ {
		if n > 10000 {
			d.T.Fatal("message loop does not settle")
		}
		msg := queue[0]
		queue = queue[1:]
		if r, ok := msg.(ui.Routed); ok && r.Target() == d.Page.ID() {
			queue = append(queue, tuitest.Collect(d.Page.Update(msg))...)
			continue
		}
		d.Seen = append(d.Seen, msg)
		if c, ok := msg.(ui.Changed); ok { // the shell hands it to every page
			queue = append(queue, tuitest.Collect(d.Page.Update(c))...)
		}
	}
}

// Errors are the error panels asked for so far.
func (d *Driver) Errors() []ui.ShowError { return seen[ui.ShowError](d) }

// Toasts are the toasts asked for so far.
func (d *Driver) Toasts() []ui.Toast { return seen[ui.Toast](d) }

// Opens are the pages asked to open so far.
func (d *Driver) Opens() []ui.PageID {
	var out []ui.PageID
	for _, o := range seen[ui.Open](d) {
		out = append(out, o.ID)
	}
	return out
}

// Confirm runs Yes of the last confirmation asked for; it fails the test
// when none was.
func (d *Driver) Confirm() {
	d.T.Helper()
	cs := seen[ui.Confirm](d)
	if len(cs) == 0 {
		d.T.Fatal("no confirmation was asked for")
	}
	d.Run(cs[len(cs)-1].Yes)
}

// Reset forgets the messages seen so far.
func (d *Driver) Reset() { d.Seen = nil }

func seen[M any](d *Driver) []M {
	var out []M
	for _, m := range d.Seen {
		if v, ok := m.(M); ok {
			out = append(out, v)
		}
	}
	return out
}

// Seed runs f on the test account under the sandbox's lock.
func Seed(t testing.TB, srv *sandbox.Server, f func(a *sandbox.Account)) {
	t.Helper()
	a, ok := srv.Account(Slug)
	if !ok {
		t.Fatalf("no account %s in the sandbox", Slug)
	}
	srv.Do(func() { f(a) })
}
