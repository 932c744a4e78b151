// Package overview is the overview of the books (section 0, where kasa
// opens): a month's, quarter's or year's invoiced, received and expenses,
// output and input VAT by rate and the balance, what is unpaid and how old,
// the largest debtors and twelve months of invoiced against expenses. Every
// figure comes from internal/report, the rules the invoice list, the
// monitor and `kasa report` use too, and enter on a figure lists the
// documents it sums.
package overview

import (
	"context"
	"errors"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// Period kinds the overview steps through with p.
const (
	kindMonth = iota
	kindQuarter
	kindYear
	kinds
)

// Page is the overview. Use New.
type Page struct {
	d    *common.Deps
	id   ui.PageID
	keys keyMap

	books *report.Books
	rep   report.Report
	err   error
	req   int
	want  int

	kind, shift int // the period: its kind and how many periods back
	sel         int // the selected figure, an index into the openable rows
	offset      int // the first line shown in a narrow layout

	width, height int
}

// New is the overview page.
func New(d *common.Deps, id ui.PageID) *Page {
	return &Page{d: d, id: id, keys: newKeyMap(d)}
}

// Init loads the books.
func (p *Page) Init() tea.Cmd { return p.load() }

// load reads the books (books: the local copy, brought up to date). Before
// any are shown, the copy's books as they are come first, without a request:
// the overview paints at once and catches up (issue 26).
func (p *Page) load() tea.Cmd {
	p.req++
	p.want = p.req
	d := p.d
	fresh := common.Call(d, p.id, p.req, func(ctx context.Context, c *apiclient.Client) (report.Books, error) {
		return books(ctx, d, c)
	})
	if p.books != nil {
		return fresh
	}
	req := p.req
	return tea.Batch(common.Route(p.id, func() tea.Msg {
		b, ok := localBooks(d)
		return copyBooks{req: req, books: b, ok: ok}
	}), fresh)
}

// copyBooks are the books as the local copy holds them (ok: it holds them
// whole), read for the load req.
type copyBooks struct {
	req   int
	books report.Books
	ok    bool
}

// Title is the breadcrumb title.
func (p *Page) Title() string { return p.d.L.T("Overview") }

// Loading drives the spinner: the books are read and none are shown.
func (p *Page) Loading() bool { return p.want != 0 && p.books == nil }

// CatchingUp: books are shown while newer ones are read (ui.CatchingUp).
func (p *Page) CatchingUp() bool { return p.want != 0 && p.books != nil }

// KeyMap is the page's keys.
func (p *Page) KeyMap() help.KeyMap { return p.keys }

// SetSize gives the page its body size.
func (p *Page) SetSize(w, h int) { p.width, p.height = w, h }

// today is the day the figures are seen on.
func (p *Page) today() report.Day { return report.DayOf(p.d.Now().In(p.d.Loc)) }

// period is the period shown.
func (p *Page) period() report.Period {
	today := p.today()
	var cur report.Period
	switch p.kind {
	case kindQuarter:
		cur = report.Quarter(today)
	case kindYear:
		cur = report.Year(today)
	default:
		cur = report.Month(today)
	}
	return cur.Shift(p.shift)
}

// rebuild computes the report of the period shown from the books held.
func (p *Page) rebuild() {
	if p.books != nil {
		p.rep = p.books.Report(p.period(), p.today())
	}
	if n := len(p.figures()); p.sel >= n {
		p.sel = max(0, n-1)
	}
}

// Update handles the books' answer and the keys.
func (p *Page) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.Envelope:
		return p.Update(msg.Msg)
	case common.Result[report.Books]:
		if msg.Req != p.want {
			return nil
		}
		p.want = 0
		var stale *report.StaleError
		if msg.Err != nil && !errors.As(msg.Err, &stale) {
			p.err = msg.Err
			return nil
		}
		// Fresh books, or the copy's as it was (its header says when): the
		// status bar has the connection from the result.
		p.err, p.books = nil, &msg.Value
		p.rebuild()
	case copyBooks:
		if msg.req == p.want && p.books == nil && msg.ok {
			p.books = &msg.books
			p.rebuild()
		}
	case tea.KeyMsg:
		return p.key(msg)
	}
	return nil
}

// key handles one key press.
func (p *Page) key(msg tea.KeyMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Refresh):
		return p.load()
	case key.Matches(msg, k.Prev):
		p.shift--
	case key.Matches(msg, k.Next) && p.shift < 0:
		p.shift++
	case key.Matches(msg, k.Kind):
		p.kind, p.shift = (p.kind+1)%kinds, 0
	case key.Matches(msg, k.Up):
		p.sel = max(0, p.sel-1)
		return nil
	case key.Matches(msg, k.Down):
		p.sel = min(max(0, len(p.figures())-1), p.sel+1)
		return nil
	case key.Matches(msg, k.Open):
		return p.open()
	default:
		return nil
	}
	p.rebuild()
	return nil
}

// open lists the documents the selected figure sums.
func (p *Page) open() tea.Cmd {
	figs := p.figures()
	if p.books == nil || p.sel >= len(figs) {
		return nil
	}
	return ui.Emit(ui.Open{ID: FigureID(figs[p.sel].key, p.period().Name)})
}

// keyMap is the overview's keys.
type keyMap struct {
	Up, Down, Open, Prev, Next, Kind, Refresh key.Binding
}

func newKeyMap(d *common.Deps) keyMap {
	l, k := d.L, d.Keys
	return keyMap{Up: k.Up, Down: k.Down, Open: k.Open, Refresh: k.Refresh,
		Prev: key.NewBinding(key.WithKeys("left", "h", "["), key.WithHelp("←/→", l.T("earlier/later period"))),
		Next: key.NewBinding(key.WithKeys("right", "l", "]")),
		Kind: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", l.T("month, quarter, year")))}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding { return []key.Binding{k.Open, k.Prev, k.Kind, k.Refresh} }

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Open}, {k.Prev, k.Kind, k.Refresh}}
}
