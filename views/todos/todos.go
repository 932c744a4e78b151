// Package todos is the to-do section: the service's open and completed
// to-dos, toggled with space or x, each one's related records a key away.
package todos

import (
	"context"
	"sort"
	"strconv"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
	"github.com/kasa-tui/kasa/views/nav"
)

// maxPages bounds one load: 50 pages are 2,000 to-dos, far more than an
// account keeps open.
const maxPages = 50

// previewLines is what the page draws under the table: the selected
// to-do's text (two lines) and its related objects.
const previewLines = 3

// Makers are the to-do pages.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Todos: func(id ui.PageID) (ui.Page, error) { return New(d, id), nil },
	}
}

type loadState int

const (
	loading loadState = iota
	ready
	failed
)

// Page lists the to-dos, open or completed. It loads every page of the
// index at once: the API has no "completed" filter, so the page fetches all
// to-dos and splits them locally into the two views.
type Page struct {
	d    *common.Deps
	id   ui.PageID
	keys keyMap

	open, done *table.Model[apiclient.Todo]
	showDone   bool
	rel        kit.Related

	state loadState
	err   error
	req   int
	want  int
	// syncing is the request id of the sync of the to-dos' local copy in
	// flight (0: none).
	syncing int
	// pending holds each to-do whose toggle is in flight, as it was before.
	pending map[int64]apiclient.Todo

	width, height int
}

// New is the to-do page.
func New(d *common.Deps, id ui.PageID) *Page {
	p := &Page{d: d, id: id, keys: newKeyMap(d.Keys), pending: map[int64]apiclient.Todo{}, rel: kit.Related{Known: d.KnownName, L: d.L}}
	idOf := func(t apiclient.Todo) string { return strconv.FormatInt(t.ID, 10) }
	km := table.KeyMap{Up: d.Keys.Up, Down: d.Keys.Down, PageUp: d.Keys.PageUp, PageDown: d.Keys.PageDown,
		Top: d.Keys.Top, Bottom: d.Keys.Bottom}
	p.open = table.New(openColumns, idOf, p.openCells, d.TableStyles).WithOwner(string(id.Kind) + "/open")
	p.done = table.New(doneColumns, idOf, p.doneCells, d.TableStyles).WithOwner(string(id.Kind) + "/done")
	p.open.SetLocale(d.L)
	p.done.SetLocale(d.L)
	p.open.KeyMap, p.done.KeyMap = km, km
	p.open.SetEmptyText(d.L.T("Nothing to do. Bounced e-mails, unpaired payments and the like show up here."))
	p.done.SetEmptyText(d.L.T("No completed to-dos. Press c for the open ones."))
	p.open.SetLoading(true)
	p.done.SetLoading(true)
	return p
}

var openColumns = []table.Column{
	{Title: "To-do", Width: 24, Flex: 3},
	{Title: "Text", Width: 16, Flex: 2, Priority: 1},
	{Title: "Created", Width: 16, Priority: 3, Keep: true},
	{Title: "Related", Width: 14, Priority: 2, Keep: true},
}

var doneColumns = []table.Column{
	{Title: "To-do", Width: 24, Flex: 3},
	{Title: "Text", Width: 16, Flex: 2, Priority: 1},
	{Title: "Completed", Width: 16, Keep: true},
	{Title: "Created", Width: 16, Priority: 3, Keep: true},
	{Title: "Related", Width: 14, Priority: 2, Keep: true},
}

func (p *Page) openCells(t apiclient.Todo) []string {
	return []string{"○ " + Sentence(p.d.L, t.Name), t.Text, p.d.Time(t.CreatedAt), kit.SummaryNamed(p.d.L, t.RelatedObjects, p.d.KnownName)}
}

func (p *Page) doneCells(t apiclient.Todo) []string {
	return []string{"✓ " + Sentence(p.d.L, t.Name), t.Text, p.d.Time(t.CompletedAt),
		p.d.Time(t.CreatedAt), kit.SummaryNamed(p.d.L, t.RelatedObjects, p.d.KnownName)}
}

// ShowingCompleted reports whether the completed to-dos are shown.
func (p *Page) ShowingCompleted() bool { return p.showDone }

// Open and Completed are the two lists as loaded (and toggled) so far.
func (p *Page) Open() []apiclient.Todo { return p.open.Rows() }

// Completed is the completed to-dos, most recently completed first.
func (p *Page) Completed() []apiclient.Todo { return p.done.Rows() }

// Selected is the to-do under the cursor of the list shown.
func (p *Page) Selected() (apiclient.Todo, bool) { return p.cur().Selected() }

func (p *Page) cur() *table.Model[apiclient.Todo] {
	if p.showDone {
		return p.done
	}
	return p.open
}

// ID is the page's id.
func (p *Page) ID() ui.PageID { return p.id }

// Init loads the to-dos.
func (p *Page) Init() tea.Cmd { return p.load() }

// load reads the to-dos (from the local copy when it holds them all, and
// brings it up to date behind) and a load from the copy alone.
func (p *Page) load() tea.Cmd { return tea.Batch(p.read(), p.sync()) }

// read reads the to-dos: from the local copy when it holds them all (no
// request), else from the service.
func (p *Page) read() tea.Cmd {
	p.req++
	p.want = p.req
	if p.state != ready {
		p.state = loading
	}
	d, page, req := p.d, p.id, p.req
	fromService := common.Call(d, page, req, func(ctx context.Context, c *apiclient.Client) ([]apiclient.Todo, error) {
		todos, err := fetchAll(ctx, c)
		if err == nil {
			// "Invoice 2026-0038", not "Invoice 41" (bounded look-ups).
			d.Names.Load(ctx, c, relatedRefs(todos)...)
		}
		return todos, err
	})
	if d.Store == nil {
		return fromService
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
		defer cancel()
		todos, ok := common.ReadCopy[apiclient.Todo](ctx, d, store.Todos)
		if !ok {
			return fromService()
		}
		if c := d.Client(); c != nil {
			d.Names.Load(ctx, c, relatedRefs(todos)...)
		}
		return common.Result[[]apiclient.Todo]{Page: page, Req: req, Value: todos}
	}
}

// sync brings the to-dos' local copy up to date, unless a sync runs.
func (p *Page) sync() tea.Cmd {
	if p.d.Store == nil || p.syncing != 0 {
		return nil
	}
	p.req++
	p.syncing = p.req
	return common.SyncCmd(p.d, p.id, p.req, store.Todos)
}

// synced reads the copy again when the sync changed it.
func (p *Page) synced(r common.Result[common.Synced]) tea.Cmd {
	if r.Req != p.syncing {
		return nil
	}
	p.syncing = 0
	if r.Err != nil || !r.Value.Changed() {
		return nil
	}
	return p.read()
}

// fetchAll reads every page of the index (see Page).
func fetchAll(ctx context.Context, c *apiclient.Client) ([]apiclient.Todo, error) {
	var out []apiclient.Todo
	for page := 1; page <= maxPages; page++ {
		rows, _, err := c.Todos.List(ctx, apiclient.TodoListOptions{ListOptions: apiclient.ListOptions{Page: page}})
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
		if len(rows) < apiclient.PageSize {
			break
		}
	}
	return out, nil
}

// relatedRefs are the first related record of each to-do, the one its
// summary names first.
func relatedRefs(todos []apiclient.Todo) []common.Ref {
	var out []common.Ref
	for _, t := range todos {
		out = common.AppendRelatedRef(out, t.RelatedObjects)
	}
	return out
}

// Title is the breadcrumb title.
func (p *Page) Title() string {
	if p.showDone {
		return p.d.L.T("To-dos (completed)")
	}
	return p.d.L.T("To-dos")
}

// Loading drives the spinner.
func (p *Page) Loading() bool { return p.want != 0 || len(p.pending) > 0 }

// CatchingUp says the to-dos' local copy is being brought up to date.
func (p *Page) CatchingUp() bool { return p.syncing != 0 }

// KeyMap is the page's keys.
func (p *Page) KeyMap() help.KeyMap {
	k := p.keys
	if p.showDone {
		k.Completed.SetHelp("c", p.d.L.T("show open"))
	}
	// ←/→ choose among related objects: offered only when there is a choice.
	t, ok := p.cur().Selected()
	k.Enable(t.RelatedObjects, ok)
	k.Toggle.SetEnabled(ok)
	return k
}

// SetSize gives the page its body size.
func (p *Page) SetSize(w, h int) {
	p.width, p.height = w, h
	th := max(3, h-1-previewLines)
	p.open.SetSize(w, th)
	p.done.SetSize(w, th)
	p.open.SetOrigin(0, 1)
	p.done.SetOrigin(0, 1)
}

// Update handles keys, the load and toggle answers.
func (p *Page) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.Result[[]apiclient.Todo]:
		return p.loaded(msg)
	case common.Result[common.Synced]:
		return p.synced(msg)
	case ui.Changed:
		return p.changed(msg)
	case ui.AutoRefresh:
		// A quiet reload on the shell's timer; toggles in flight are kept.
		if p.state == ready && p.want == 0 {
			return p.load()
		}
	case tea.KeyMsg:
		return p.key(msg)
	case tea.MouseMsg:
		if p.state == ready {
			p.cur().Update(msg)
			p.rel.Reset()
		}
	}
	return nil
}

func (p *Page) loaded(r common.Result[[]apiclient.Todo]) tea.Cmd {
	if r.Req != p.want {
		return nil
	}
	p.want = 0
	p.open.SetLoading(false)
	p.done.SetLoading(false)
	if r.Err != nil {
		p.state, p.err = failed, r.Err
		return nil
	}
	p.state, p.err = ready, nil
	var open, done []apiclient.Todo
	for _, t := range r.Value {
		// A toggle still in flight wins over what the service said before it.
		if was, busy := p.pending[t.ID]; busy {
			t = flipped(was, p.d.Now())
		}
		if t.Completed() {
			done = append(done, t)
		} else {
			open = append(open, t)
		}
	}
	setSorted(p.open, open)
	setSorted(p.done, done)
	return nil
}

// setSorted shows rows newest first (open: by creation, completed: by
// completion), keeping the cursor on the same to-do when it is still there.
func setSorted(tbl *table.Model[apiclient.Todo], rows []apiclient.Todo) {
	sel, had := tbl.Selected()
	sort.SliceStable(rows, func(i, j int) bool { return newer(rows[i], rows[j]) })
	tbl.SetRows(rows)
	tbl.SetExhausted(true)
	if had {
		tbl.SelectID(strconv.FormatInt(sel.ID, 10))
	}
}

func newer(a, b apiclient.Todo) bool {
	if a.Completed() && b.Completed() && !a.CompletedAt.Equal(b.CompletedAt.Time) {
		return a.CompletedAt.After(b.CompletedAt.Time)
	}
	if !a.CreatedAt.Equal(b.CreatedAt.Time) {
		return a.CreatedAt.After(b.CreatedAt.Time)
	}
	return a.ID > b.ID
}

// flipped is t toggled locally: completed now, or open again.
func flipped(t apiclient.Todo, now time.Time) apiclient.Todo {
	if t.Completed() {
		t.CompletedAt = apiclient.DateTime{}
	} else {
		t.CompletedAt = apiclient.DateTime{Time: now}
	}
	return t
}

// place puts t in the list its state belongs to, out of the other one.
func (p *Page) place(t apiclient.Todo) {
	id := strconv.FormatInt(t.ID, 10)
	p.open.RemoveID(id)
	p.done.RemoveID(id)
	tbl := p.open
	if t.Completed() {
		tbl = p.done
	}
	rows := append([]apiclient.Todo{t}, tbl.Rows()...)
	setSorted(tbl, rows)
}

func (p *Page) key(msg tea.KeyMsg) tea.Cmd {
	k := p.keys
	switch {
	case key.Matches(msg, k.Refresh):
		return p.load()
	case key.Matches(msg, k.Completed):
		p.showDone = !p.showDone
		p.rel.Reset()
		return nil
	}
	if p.state != ready {
		return nil
	}
	t, ok := p.cur().Selected()
	if cmd, handled := p.rel.Key(msg, k.RelatedKeys, t.RelatedObjects, ok); handled {
		return cmd
	}
	switch {
	case key.Matches(msg, k.Toggle):
		if ok {
			return p.toggle(t)
		}
	default:
		before := p.cur().Cursor()
		p.cur().Update(msg)
		if p.cur().Cursor() != before {
			p.rel.Reset()
		}
	}
	return nil
}

// toggle shows the new state at once and asks the service. The answer
// comes back as ui.Changed with the to-do as the service has it; a failure
// as ui.Changed with the to-do as it was, so it is put back (and the panel
// offers no retry: the user toggles again).
func (p *Page) toggle(t apiclient.Todo) tea.Cmd {
	if _, busy := p.pending[t.ID]; busy {
		return ui.Emit(ui.Toast{Text: p.d.L.T("Still saving this to-do; try again in a moment"), Kind: ui.ToastWarn})
	}
	p.pending[t.ID] = t
	p.place(flipped(t, p.d.Now()))
	was := t
	what := p.d.L.Tf("mark the to-do as done (%s); it is back as it was", Sentence(p.d.L, was.Name))
	if was.Completed() {
		what = p.d.L.Tf("mark the to-do as not done (%s); it is back as it was", Sentence(p.d.L, was.Name))
	}
	return common.Act(p.d, common.Action[*apiclient.Todo]{
		What:    what,
		Refusal: kit.Rules("to-dos"),
		Once:    true,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Todo, error) {
			now, _, err := c.Todos.ToggleCompletion(ctx, was.ID)
			return now, err
		},
		Done: func(now *apiclient.Todo) []tea.Msg {
			text := p.d.L.Tf("Marked %q as done", Sentence(p.d.L, was.Name))
			if now != nil && !now.Completed() {
				text = p.d.L.Tf("Marked %q as not done", Sentence(p.d.L, was.Name))
			}
			return []tea.Msg{ui.Changed{Kind: nav.Todo, ID: was.ID, Record: now},
				ui.Toast{Text: text, Kind: ui.ToastSuccess}}
		},
		Failed: func(error) []tea.Msg { return []tea.Msg{ui.Changed{Kind: nav.Todo, ID: was.ID, Record: was}} },
	})
}

// changed ends the wait for a toggle and shows the to-do as the news has
// it, keeping the cursor on it where it is shown; news without the to-do
// (toggled on the monitor page) loads the list again.
func (p *Page) changed(c ui.Changed) tea.Cmd {
	if c.Kind != nav.Todo {
		return nil
	}
	delete(p.pending, c.ID)
	t, ok := common.RecordOf[apiclient.Todo](c)
	if !ok {
		return p.load()
	}
	p.place(t)
	p.cur().SelectID(strconv.FormatInt(t.ID, 10))
	return common.KeepCmd(p.d, store.Todos, c.Op, c.ID, t) // the answer, or the to-do as it was
}
