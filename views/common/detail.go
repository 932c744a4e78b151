package common

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// DetailConfig describes one detail page.
type DetailConfig[T any] struct {
	Noun string // singular, lower case: "expense"
	// Title is the breadcrumb title once the record is loaded ("Expense N-12").
	Title func(*T) string
	Fetch func(ctx context.Context, c *apiclient.Client, id int64) (*T, error)
	// Local is the kind of the account's local copy the record is read
	// from while Fetch runs (see localdetail.go); "" reads the service alone.
	Local store.Kind
	// Render draws the record's body in width cells.
	Render    func(r *T, width int) string
	URL       func(*T) string              // o; nil disables
	CopyValue func(*T) (text, what string) // y; nil disables
	CopyLabel string                       // y's help: "copy number" (the default)
	Actions   []DetailAction[T]
}

// DetailAction is a page's own key on the loaded record.
type DetailAction[T any] struct {
	Key key.Binding
	Run func(*T) tea.Cmd
	// Offered, when set, says whether the record's state allows the
	// action: when not, its key is left out of the help and does nothing
	// (no "mark as sent" on a sent invoice).
	Offered func(*T) bool
}

// detailKeys are the keys of a detail page (and its prompt).
type detailKeys struct {
	ScrollKeys
	Refresh, Browser, Copy key.Binding
	Extra                  []key.Binding
}

// ShortHelp implements help.KeyMap: the page's own actions first, so a
// narrow line cuts the keys every page has (r, o, y), which ? still lists.
func (k detailKeys) ShortHelp() []key.Binding {
	return Enabled(append(append([]key.Binding{}, k.Extra...), k.Refresh, k.Browser, k.Copy))
}

// FullHelp implements help.KeyMap.
func (k detailKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		k.All(),
		Enabled(append([]key.Binding{k.Refresh, k.Browser, k.Copy}, k.Extra...)),
	}
}

// prompt is a one-line question at the bottom of a detail page.
type prompt struct {
	label  string
	input  textinput.Model
	submit func(string) tea.Cmd
}

// DetailPage shows one record in a scrolling viewport. Use NewDetail.
type DetailPage[T any] struct {
	d      *Deps
	id     ui.PageID
	record int64
	cfg    DetailConfig[T]
	keys   detailKeys

	rec   *T
	state listState
	err   error
	req   int
	want  int

	vp     viewport.Model
	prompt *prompt

	width, height int
}

// NewDetail builds a detail page for a record id ("12").
func NewDetail[T any](d *Deps, id ui.PageID, cfg DetailConfig[T]) (*DetailPage[T], error) {
	rid, ok := nav.ID(id)
	if !ok {
		return nil, fmt.Errorf("%s", d.L.Tf("%s %q: not a record id", d.L.T(cfg.Noun), id.ID))
	}
	cfg.Noun, cfg.CopyLabel = d.L.T(cfg.Noun), d.L.T(cfg.CopyLabel) // catalog keys
	k := d.Keys
	var extra []key.Binding
	for _, a := range cfg.Actions {
		extra = append(extra, a.Key)
	}
	p := &DetailPage[T]{d: d, id: id, record: rid, cfg: cfg, vp: viewport.New(0, 0),
		keys: detailKeys{ScrollKeys: NewScrollKeys(k), Refresh: k.Refresh, Browser: k.Browser, Copy: k.Copy, Extra: extra}}
	p.keys.Browser.SetEnabled(cfg.URL != nil)
	p.keys.Copy.SetEnabled(cfg.CopyValue != nil)
	relabel(&p.keys.Copy, cfg.CopyLabel)
	return p, nil
}

// ID is the page's id; RecordID the record's.
func (p *DetailPage[T]) ID() ui.PageID { return p.id }

// RecordID is the id of the record shown.
func (p *DetailPage[T]) RecordID() int64 { return p.record }

// Record is the loaded record, if any.
func (p *DetailPage[T]) Record() (*T, bool) { return p.rec, p.rec != nil }

// Deps are the page's dependencies (for actions built around the page).
func (p *DetailPage[T]) Deps() *Deps { return p.d }

// Init loads the record.
func (p *DetailPage[T]) Init() tea.Cmd { return p.load() }

func (p *DetailPage[T]) load() tea.Cmd {
	p.req++
	p.want = p.req
	if p.rec == nil {
		p.state = stateLoading
	}
	fetch, rid := p.cfg.Fetch, p.record
	var local tea.Cmd
	if p.rec == nil {
		local = p.readCopy(p.req)
	}
	return tea.Batch(local, Call(p.d, p.id, p.req, func(ctx context.Context, c *apiclient.Client) (*T, error) {
		return fetch(ctx, c, rid)
	}))
}

// Title is the breadcrumb title.
func (p *DetailPage[T]) Title() string {
	if p.rec != nil && p.cfg.Title != nil {
		return p.cfg.Title(p.rec)
	}
	return capitalize(p.cfg.Noun) + " " + p.id.ID
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Loading drives the spinner.
func (p *DetailPage[T]) Loading() bool { return p.want != 0 }

// Capturing is true while a prompt is open.
func (p *DetailPage[T]) Capturing() bool { return p.prompt != nil }

// KeyMap is the keys the page handles now.
func (p *DetailPage[T]) KeyMap() help.KeyMap {
	if p.prompt != nil {
		return newPromptKeys()
	}
	return p.keys
}

// SetSize gives the page its body size and re-renders at the new width.
func (p *DetailPage[T]) SetSize(w, h int) {
	p.width, p.height = w, h
	p.Rerender()
}

// Rerender draws the record again (after the page's own state changed,
// e.g. the selected attachment), keeping the scroll position.
func (p *DetailPage[T]) Rerender() {
	p.vp.Width = p.width
	p.vp.Height = max(1, p.height-p.chromeLines())
	if p.rec == nil {
		p.vp.SetContent("")
		return
	}
	for i, a := range p.cfg.Actions {
		p.keys.Extra[i].SetEnabled(a.Key.Enabled() && (a.Offered == nil || a.Offered(p.rec)))
	}
	off := p.vp.YOffset
	p.vp.SetContent(p.cfg.Render(p.rec, p.width))
	p.vp.SetYOffset(off)
}

// chromeLines is the toolbar line plus the prompt's lines.
func (p *DetailPage[T]) chromeLines() int {
	if p.prompt != nil {
		return 3
	}
	return 1
}

// Prompt asks for one line of text at the bottom of the page; enter calls
// submit with the text, esc cancels. The page is Capturing meanwhile.
func (p *DetailPage[T]) Prompt(label, value string, submit func(string) tea.Cmd) tea.Cmd {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = 1024
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.SetValue(value)
	ti.CursorEnd()
	ti.Focus()
	p.prompt = &prompt{label: label, input: ti, submit: submit}
	p.Rerender()
	return nil
}

// Update handles keys, mouse wheel and the record's answers.
func (p *DetailPage[T]) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Result[*T]:
		if msg.Req != p.want {
			return nil
		}
		p.want = 0
		if msg.Err != nil {
			p.state, p.err = stateFailed, msg.Err
		} else {
			p.state, p.err, p.rec = stateReady, nil, msg.Value
			p.Rerender()
		}
		return nil
	case detailFromCopy[T]:
		p.fromCopy(msg)
		return nil
	case ui.Changed:
		return p.changed(msg)
	case tea.KeyMsg:
		if p.prompt != nil {
			return p.promptKey(msg)
		}
		return p.key(msg)
	case tea.MouseMsg:
		Scroll(&p.vp, p.keys.ScrollKeys, msg)
	}
	return nil
}

func (p *DetailPage[T]) key(msg tea.KeyMsg) tea.Cmd {
	k := p.keys
	if key.Matches(msg, k.Refresh) {
		return p.load()
	}
	if p.rec == nil || Scroll(&p.vp, k.ScrollKeys, msg) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Browser):
		return OpenURLCmd(p.d, p.cfg.URL(p.rec))
	case key.Matches(msg, k.Copy):
		text, what := p.cfg.CopyValue(p.rec)
		return CopyCmd(p.d, text, what)
	default:
		for _, a := range p.cfg.Actions {
			if key.Matches(msg, a.Key) && (a.Offered == nil || a.Offered(p.rec)) {
				return a.Run(p.rec)
			}
		}
	}
	return nil
}

// newPromptKeys are the keys while a prompt is open.
func newPromptKeys() inputKeys { return newInputKeys("ok", "cancel") }

func (p *DetailPage[T]) promptKey(msg tea.KeyMsg) tea.Cmd {
	pk := newPromptKeys()
	switch {
	case key.Matches(msg, pk.Esc):
		p.prompt = nil
		p.Rerender()
		return nil
	case key.Matches(msg, pk.Enter):
		pr := p.prompt
		p.prompt = nil
		p.Rerender()
		return pr.submit(strings.TrimSpace(pr.input.Value()))
	}
	p.prompt.input, _ = p.prompt.input.Update(ui.CleanTyped(msg, false))
	return nil
}

// View draws the toolbar and the record, or the loading / failed state.
func (p *DetailPage[T]) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	st := p.d.Styles
	var body string
	switch {
	case p.rec == nil && p.state == stateFailed:
		body = "\n" + LoadFailed(p.d, p.cfg.Noun+" "+p.id.ID, p.err, p.width)
	case p.rec == nil:
		body = "\n" + st.Muted.Render(textclean.Line(p.d.L.Tf("Loading %s…", p.cfg.Noun+" "+p.id.ID)))
	default:
		body = p.vp.View()
	}
	out := p.toolbar() + "\n" + body
	if p.prompt != nil {
		lines := strings.Split(out, "\n")
		if keep := p.height - 2; len(lines) > keep {
			lines = lines[:keep]
		}
		for len(lines) < p.height-2 {
			lines = append(lines, "")
		}
		p.prompt.input.Width = max(10, p.width-ansiWidth(p.prompt.label)-4)
		lines = append(lines, st.Title.Render(textclean.Line(p.prompt.label)+": ")+p.prompt.input.View(), // names a file
			st.Muted.Render(p.d.L.T("enter ok · esc cancel")))
		out = strings.Join(lines, "\n")
	}
	return out
}

// toolbar lists the page's actions, and says when a refresh failed while
// an older copy is shown.
func (p *DetailPage[T]) toolbar() string {
	st := p.d.Styles
	var parts []string
	for _, b := range ui.TranslateHelp(p.d.L, p.keys.ShortHelp()) {
		h := b.Help()
		parts = append(parts, h.Key+" "+h.Desc)
	}
	left := st.Muted.Render(strings.Join(parts, " · "))
	right := ""
	switch {
	case p.want != 0 && p.rec != nil:
		right = p.d.L.T("refreshing…")
	case p.rec != nil && p.state == stateFailed:
		right = st.Error.Render("✕ " + textclean.Line(p.d.L.Tf("refresh failed: %v", p.err)))
	case p.rec != nil && p.vp.TotalLineCount() > p.vp.Height:
		right = fmt.Sprintf("%d%%", int(p.vp.ScrollPercent()*100))
	}
	return ui.JoinRight(left, right, p.width)
}
