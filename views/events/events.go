// Package events is the event log section: what happened in the account,
// newest first, or only the payments; filtered by subject and date.
package events

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
	"github.com/kasa-tui/kasa/views/nav"
)

// previewLines is the selected event's sentence and related objects
// under the table.
const previewLines = 3

// Makers are the event pages.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Events: func(id ui.PageID) (ui.Page, error) { return New(d, id) },
	}
}

// Row is an event with the key the table knows it by: log entries have no
// id, so the key is built from what they say (time, name, text, first
// related object), which also drops an entry repeated by offset paging.
type Row struct {
	Key string
	apiclient.Event
}

func rowOf(ev apiclient.Event) Row {
	rel := ""
	if len(ev.RelatedObjects) > 0 {
		rel = fmt.Sprintf("%s:%d", ev.RelatedObjects[0].Type, ev.RelatedObjects[0].ID)
	}
	return Row{Key: ev.CreatedAt.String() + "|" + ev.Name + "|" + rel + "|" + ev.Text, Event: ev}
}

// Page is the event log.
type Page struct {
	d    *common.Deps
	id   ui.PageID
	keys keyMap
	tbl  *table.Model[Row]
	rel  kit.Related

	paid   bool
	filter Filter
	form   *filterForm

	pg *common.Pager[Row]

	width, height int
}

// New is the event log page. An id made with
// common.FilteredList(nav.Events, "subject_id", "12") starts filtered to
// that subject (the filter can still be changed).
func New(d *common.Deps, id ui.PageID) (*Page, error) {
	p := &Page{d: d, id: id, keys: newKeyMap(d.Keys), rel: kit.Related{Known: d.KnownName, L: d.L}}
	preset, err := common.ParseFilterID(id.ID)
	if err != nil {
		return nil, err
	}
	for k, v := range preset {
		n, err := strconv.ParseInt(v, 10, 64)
		if k != "subject_id" || err != nil || n <= 0 {
			return nil, fmt.Errorf("%s", d.L.Tf("events cannot be filtered by %s:%s", k, v))
		}
		p.filter.SubjectID = n
	}
	p.tbl = table.New([]table.Column{
		{Title: "Time", Width: 16, Keep: true},
		{Title: "Who", Width: 14, Flex: 1, Priority: 2},
		{Title: "What happened", Width: 24, Flex: 4},
		{Title: "Related", Width: 14, Priority: 1, Keep: true},
	}, func(r Row) string { return r.Key }, p.cells, d.TableStyles).WithOwner(string(id.Kind))
	p.tbl.KeyMap = table.KeyMap{Up: d.Keys.Up, Down: d.Keys.Down, PageUp: d.Keys.PageUp, PageDown: d.Keys.PageDown,
		Top: d.Keys.Top, Bottom: d.Keys.Bottom}
	p.tbl.SetLocale(d.L)
	p.pg = common.NewPager(d, id, "events", p.tbl, p.request)
	p.pg.TopWhenGone = true // the log is newest first: news is at the top
	p.pg.Local, p.pg.Decode, p.pg.KeepID = p.localQuery, p.decode, p.selectedKey
	p.syncKeys()
	return p, nil
}

func (p *Page) cells(r Row) []string {
	// An entry without a user was made by the service itself (an invoice
	// becoming overdue, a recurring generator issuing one).
	who := p.d.L.T("automatic")
	if r.User != nil {
		who = r.User.FullName
	}
	return []string{p.d.Time(r.CreatedAt), who, Sentence(p.d.L, r.Event, p.d.KnownName), kit.SummaryNamed(p.d.L, r.RelatedObjects, p.d.KnownName)}
}

// export writes the log as it is shown (paid only, filtered), every page.
func (p *Page) export() tea.Cmd {
	since, err := p.filter.SinceTime(p.d.Loc)
	if err != nil {
		return ui.Emit(ui.ShowError{What: p.d.L.Tf("export %s", p.d.L.T("events")), Err: err})
	}
	f := export.Filters{SubjectID: p.filter.SubjectID, Since: since}
	kind := "events"
	if p.paid {
		kind = "events_paid"
	}
	return common.ExportCmd(p.d, kind, p.d.L.T("events"), f)
}

// PaidOnly reports whether only paid events are shown.
func (p *Page) PaidOnly() bool { return p.paid }

// Filter is the filter in force.
func (p *Page) Filter() Filter { return p.filter }

// Rows are the loaded events.
func (p *Page) Rows() []Row { return p.tbl.Rows() }

// Selected is the event under the cursor.
func (p *Page) Selected() (Row, bool) { return p.tbl.Selected() }

// ID is the page's id.
func (p *Page) ID() ui.PageID { return p.id }

// Init loads the first page.
func (p *Page) Init() tea.Cmd { return p.reload() }

// Title is the breadcrumb title.
func (p *Page) Title() string {
	if p.paid {
		return p.d.L.T("Events (paid)")
	}
	return p.d.L.T("Events")
}

// Loading drives the spinner.
func (p *Page) Loading() bool { return p.pg.Loading() }

// CatchingUp says the log's sync runs behind rows from the local copy.
func (p *Page) CatchingUp() bool { return p.pg.CatchingUp() }

// Capturing is true while the filter form is open.
func (p *Page) Capturing() bool { return p.form != nil }

// KeyMap is the keys the page handles now.
func (p *Page) KeyMap() help.KeyMap {
	if p.form != nil {
		return p.form.keys
	}
	// enter and ←/→ are offered only when there is something to open or
	// to choose among.
	k := p.keys
	r, ok := p.tbl.Selected()
	k.Enable(r.RelatedObjects, ok)
	return k
}

func (p *Page) syncKeys() {
	p.keys.Clear.SetEnabled(!p.filter.IsZero())
	if p.paid {
		p.keys.Paid.SetHelp("p", locale.Key("all events"))
	} else {
		p.keys.Paid.SetHelp("p", locale.Key("paid only"))
	}
}

// SetSize gives the page its body size.
func (p *Page) SetSize(w, h int) {
	p.width, p.height = w, h
	p.tbl.SetSize(w, max(3, h-1-previewLines))
	p.tbl.SetOrigin(0, 1)
}

// reload starts the log again from its first page, for a change of what
// it shows: the old rows go at once.
func (p *Page) reload() tea.Cmd {
	p.rel.Reset()
	return p.pg.Restart()
}

// request is the request for one page with the mode and filter in force now.
func (p *Page) request(page int) common.Fetch[Row] {
	paid, f, loc, names := p.paid, p.filter, p.d.Loc, p.d.Names
	return func(ctx context.Context, c *apiclient.Client) ([]Row, error) {
		since, err := f.SinceTime(loc)
		if err != nil {
			return nil, err
		}
		o := apiclient.EventListOptions{ListOptions: apiclient.ListOptions{Page: page}, SubjectID: f.SubjectID, Since: since}
		list := c.Events.List
		if paid {
			list = c.Events.ListPaid
		}
		evs, _, err := list(ctx, o)
		// The service's words often name no record ("Sent"): the records
		// the events are about are named by their numbers (bounded).
		names.Load(ctx, c, relatedRefs(evs)...)
		rows := make([]Row, len(evs))
		for i, ev := range evs {
			rows[i] = rowOf(ev)
		}
		return rows, err
	}
}

// Update handles keys, answers and routed helper messages. The related
// object picked goes back to the first whenever another event comes under
// the cursor.
func (p *Page) Update(msg tea.Msg) tea.Cmd {
	before, _ := p.tbl.Selected()
	cmd := p.update(msg)
	if after, _ := p.tbl.Selected(); after.Key != before.Key {
		p.rel.Reset()
	}
	return cmd
}

func (p *Page) update(msg tea.Msg) tea.Cmd {
	if cmd, ok := p.pg.Update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case common.Envelope:
		return p.update(msg.Msg)
	case common.Result[common.SubjectsFound]:
		if p.form != nil {
			p.form.found(msg)
		}
	case table.DebounceMsg:
		if p.form != nil {
			return p.form.search(msg)
		}
	case ui.AutoRefresh:
		// A quiet reload on the shell's timer: the rows stay until the
		// answer, and the cursor stays on the same event.
		if p.pg.Ready() && p.form == nil && !p.pg.Loading() {
			return p.pg.Sync(p.selectedKey())
		}
	case tea.KeyMsg:
		if p.form != nil {
			return p.formKey(msg)
		}
		return p.key(msg)
	case tea.MouseMsg:
		if p.form == nil && p.pg.Ready() {
			return common.Route(p.id, p.tbl.Update(msg))
		}
	}
	return nil
}

func (p *Page) key(msg tea.KeyMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Refresh):
		return p.reload()
	case key.Matches(msg, k.Paid):
		p.paid = !p.paid
		p.syncKeys()
		return p.reload()
	case key.Matches(msg, k.Filter):
		p.form = newFilterForm(p.d, p.id, p.filter)
		return nil
	case key.Matches(msg, k.Clear) && k.Clear.Enabled():
		p.filter = Filter{}
		p.syncKeys()
		return p.reload()
	case key.Matches(msg, k.Export):
		return p.export()
	}
	if !p.pg.Ready() {
		return nil
	}
	r, ok := p.tbl.Selected()
	if cmd, handled := p.rel.Key(msg, k.RelatedKeys, r.RelatedObjects, ok); handled {
		return cmd
	}
	return common.Route(p.id, p.tbl.Update(msg))
}

func (p *Page) formKey(msg tea.KeyMsg) tea.Cmd {
	out, cmd := p.form.update(msg)
	switch out {
	case formCancelled:
		p.form = nil
	case formApplied:
		p.filter, _ = p.form.value()
		p.form = nil
		p.syncKeys()
		return p.reload()
	}
	return cmd
}

// View draws the subtitle and the log (or the form, or the failure).
func (p *Page) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	st := p.d.Styles
	lines := []string{p.subtitle()}
	switch {
	case p.form != nil:
		lines = append(lines, p.form.view(p.width, st))
	case p.pg.Err() != nil:
		lines = append(lines, "", common.LoadFailed(p.d, p.d.L.T("events"), p.pg.Err(), p.width))
	default:
		empty := p.d.L.T("No events yet. What happens in the account is logged here.")
		switch {
		case !p.filter.IsZero():
			empty = p.d.L.T("No events match. Press esc to clear the filter.")
		case p.paid:
			empty = p.d.L.T("No paid events yet. Payments of invoices and expenses are logged here.")
		}
		p.tbl.SetEmptyText(empty)
		lines = append(lines, p.tbl.View())
		lines = append(lines, p.preview()...)
	}
	return strings.Join(lines, "\n")
}

func (p *Page) subtitle() string {
	st := p.d.Styles
	l := p.d.L
	left := l.T("all events")
	if p.paid {
		left = l.T("paid events")
	}
	if f := p.filter.describe(l); f != "" {
		left += " · " + f
	}
	right := p.pg.CopyStatus(p.d)
	n := p.tbl.Len()
	switch {
	case right != "":
	case p.pg.Err() != nil:
		right = l.T("failed")
	case !p.pg.Ready():
		right = l.T("loading…")
	case p.tbl.Exhausted():
		right = l.Tf("%d loaded, all loaded", n)
	default:
		right = l.Tf("%d loaded, more available", n)
	}
	return ui.JoinRight(st.Muted.Render(left), st.Muted.Render(right), p.width)
}

// preview is the selected event's whole sentence and its related objects.
func (p *Page) preview() []string {
	r, ok := p.tbl.Selected()
	text := Sentence(p.d.L, r.Event, p.d.KnownName)
	if said := strings.TrimSpace(r.Text); said != "" && !strings.Contains(text, said) {
		if p.d.L.Tag != locale.English {
			said = common.Quoted(p.d.L, said) // the service's words, once
		}
		text += " — " + said
	}
	return p.rel.Preview(text, r.RelatedObjects, ok && p.pg.Ready(), p.width, previewLines, p.d.Styles.Muted)
}

// relatedRefs are the first related record of each event, the one its
// sentence and its summary name.
func relatedRefs(evs []apiclient.Event) []common.Ref {
	var out []common.Ref
	for _, ev := range evs {
		out = common.AppendRelatedRef(out, ev.RelatedObjects)
	}
	return out
}
