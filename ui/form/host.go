package form

import (
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
)

type formState int

const (
	formLoading formState = iota
	formFailed
	formReady
)

// Host is a Page around a form. Use New.
type Host struct {
	opts Options
	keys Keys

	state   formState
	loadErr error
	// early are the keys pressed while the form loaded (typeahead): played
	// once it is ready, so nothing typed and no ctrl+s is lost.
	early   []tea.KeyMsg
	spec    *Spec
	inputs  map[string]*textinput.Model
	areas   map[string]*textarea.Model
	values  Values
	focus   int // index into spec.Fields
	touched map[string]bool
	tried   bool // a submit was attempted: show every error

	serverErrs map[string][]string // by field key
	summary    []string            // messages with no field
	problem    string
	notice     string
	restored   time.Time // when the restored draft was saved

	sending, checking bool
	unknown           bool
	recheck           Task
	entry             string // the journal entry of the write in doubt
	thenSend          bool   // the check running was asked by a send key
	checks            int    // automatic checks since the last send, for the backoff
	// lockRefused: the last send was refused as the record is locked;
	// unlocking: the spec's Unlock is running (unlock.go).
	lockRefused, unlocking bool

	drafts    draftState // drafts.go
	width     int
	height    int
	submitted Values // the values of the request in flight or last sent
}

// New builds the page; Init loads the form and any draft.
func New(o Options) *Host {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Loc == nil {
		o.Loc = time.Local
	}
	if o.DraftDelay <= 0 {
		o.DraftDelay = DefaultDraftDelay
	}
	if o.CheckDelay <= 0 {
		o.CheckDelay = 2 * time.Second
	}
	if o.Locale.Tag == "" {
		o.Locale = locale.New(locale.English)
	}
	o.Title = o.Locale.T(o.Title)
	return &Host{opts: o, keys: NewKeys(o.Locale), width: 80, height: 20}
}

// Routed messages of the host. from is the host that asked: a form closed
// and opened again under the same page id is a new host, and an answer meant
// for the old one is dropped.
type (
	formLoadedMsg struct {
		page  ui.PageID
		from  *Host
		ld    Loaded
		draft *Draft
	}
	formResultMsg struct {
		page  ui.PageID
		from  *Host
		check bool
		res   Result
	}
	formDraftTickMsg struct {
		page ui.PageID
		from *Host
	}
	formDiscardMsg struct{ page ui.PageID }
	// formCheckTickMsg is the time of the next automatic check of a write
	// in doubt.
	formCheckTickMsg struct {
		page ui.PageID
		from *Host
		n    int
	}
)

func (m formCheckTickMsg) Target() ui.PageID { return m.page }

// formConfirmedMsg: the user said yes to the spec's Confirm question.
type formConfirmedMsg struct {
	page ui.PageID
	from *Host
}

func (m formConfirmedMsg) Target() ui.PageID { return m.page }

func (m formLoadedMsg) Target() ui.PageID    { return m.page }
func (m formResultMsg) Target() ui.PageID    { return m.page }
func (m formDraftTickMsg) Target() ui.PageID { return m.page }
func (m formDiscardMsg) Target() ui.PageID   { return m.page }

// The answers carry the connection (ui.StatusCarrier): the shell shows a
// form's failed send while offline as "offline", as it does for any page.
func (m formLoadedMsg) APIStatus() ui.APIStatus { return m.ld.Status }
func (m formResultMsg) APIStatus() ui.APIStatus { return m.res.Status }

// Init implements ui.Page.
func (h *Host) Init() tea.Cmd { return h.loadCmd() }

func (h *Host) loadCmd() tea.Cmd {
	h.state = formLoading
	load, drafts, page, from := h.opts.Load, h.opts.Drafts, h.opts.ID, h
	return func() tea.Msg {
		msg := formLoadedMsg{page: page, from: from, ld: load()}
		if msg.ld.Err == nil && drafts != nil {
			if d, ok, err := drafts.Load(DraftID(page)); err == nil && ok {
				msg.draft = &d
			}
		}
		return msg
	}
}

// clear forgets the input and every state of the last send (after success
// or a discard); a later Init loads the form afresh.
func (h *Host) clear() {
	h.spec, h.values, h.inputs, h.areas = nil, nil, nil, nil
	h.sending, h.checking, h.unknown, h.recheck = false, false, false, nil
	h.entry, h.thenSend, h.checks = "", false, 0
	h.problem, h.notice, h.summary, h.serverErrs = "", "", nil, nil
	h.restored = time.Time{}
	h.state = formLoading
}

// Transient implements ui.Transient: a form leaves the shell's cache when it
// closes, so the next visit loads the record as it is then (remaining amount,
// quantity) instead of the form reloading itself in the background.
func (h *Host) Transient() bool { return true }

// Title implements ui.Page.
func (h *Host) Title() string {
	if h.spec != nil && h.spec.Title != "" {
		return h.spec.Title
	}
	return h.opts.Title
}

// KeyMap implements ui.Page.
func (h *Host) KeyMap() help.KeyMap {
	k := h.keys
	k.Unlock.SetEnabled(h.canUnlock())
	return k
}

// Loading implements ui.Page.
func (h *Host) Loading() bool { return h.state == formLoading || h.sending || h.checking }

// SetSize implements ui.Page.
func (h *Host) SetSize(w, ht int) {
	h.width, h.height = w, ht
	h.sizeInputs()
}

// sizeInputs gives each text input its width; done outside View so that an
// input scrolls with its cursor as the user types.
func (h *Host) sizeInputs() {
	if h.spec == nil {
		return
	}
	labelW := 0
	for i := range h.spec.Fields {
		labelW = max(labelW, ansi.StringWidth(h.spec.Fields[i].Label))
	}
	maxIn := max(10, max(h.width, 20)-min(labelW, 26)-8)
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		in, ok := h.inputs[f.Key]
		if !ok {
			continue
		}
		w := f.Width
		if w == 0 {
			w = 24
			if f.CharLimit > 0 && f.CharLimit < w {
				w = f.CharLimit + 1
			}
		}
		in.Width = min(w, maxIn)
	}
	for _, a := range h.areas {
		a.SetWidth(maxIn)
	}
}

// Capturing implements ui.Capturing: keys go to the form while it is editable.
func (h *Host) Capturing() bool {
	return h.state == formReady && h.spec.ReadOnly == ""
}

// Values returns a copy of the current values of the visible fields.
func (h *Host) Values() Values { return h.visibleValues() }

// Dirty reports whether the input differs from the form's first values.
func (h *Host) Dirty() bool {
	if h.spec == nil {
		return false
	}
	for k, v := range h.values {
		if h.spec.Initial[k] != v {
			return true
		}
	}
	return false
}

// Ready reports whether the form has loaded.
func (h *Host) Ready() bool { return h.state == formReady }

// Sending reports whether a submit is waiting for its answer.
func (h *Host) Sending() bool { return h.sending }

// Unknown reports whether the last send's outcome is unknown.
func (h *Host) Unknown() bool { return h.unknown }

// Problem is the message about the last failed submit ("" when none).
func (h *Host) Problem() string { return h.problem }

// FieldErrors returns the messages shown beside the field key: the
// service's, or the live validation's.
func (h *Host) FieldErrors(key string) []string {
	out := slices.Clone(h.serverErrs[key])
	if f := h.field(key); f != nil && f.Validate != nil {
		api := h.api()
		if err := f.Validate(api[key], api); err != nil {
			out = append(out, h.opts.Locale.T(err.Error())) // a rule's words are a catalog key
		}
	}
	return out
}

// Summary returns the service's messages that belong to no field.
func (h *Host) Summary() []string { return slices.Clone(h.summary) }

func (h *Host) field(key string) *Field {
	if h.spec == nil {
		return nil
	}
	for i := range h.spec.Fields {
		if h.spec.Fields[i].Key == key {
			return &h.spec.Fields[i]
		}
	}
	return nil
}

func (h *Host) hidden(f *Field) bool { return f.Hidden != nil && f.Hidden(h.api()) }

func (h *Host) focusable(i int) bool {
	f := &h.spec.Fields[i]
	return f.Kind != FieldInfo && !h.hidden(f)
}

func (h *Host) visibleValues() Values {
	out := Values{}
	if h.spec == nil {
		return out
	}
	api := h.api()
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if f.Kind != FieldInfo && !h.hidden(f) {
			out[f.Key] = api[f.Key]
		}
	}
	return out
}

func (h *Host) setup(spec *Spec, draft *Draft) {
	translate(h.opts.Locale, spec)
	h.spec = spec
	h.values = maps.Clone(spec.Initial)
	if h.values == nil {
		h.values = Values{}
	}
	for _, f := range spec.Fields {
		if v, ok := h.values[f.Key]; ok && f.Input != InputText {
			h.values[f.Key] = fromAPI(h.opts.Locale, f.Input, v)
		}
	}
	h.touched, h.tried = map[string]bool{}, false
	if draft != nil && draft.Journal != "" && h.opts.Settle != nil && spec.ReadOnly == "" {
		// The last send of this draft is in doubt: settled before any send.
		h.unknown, h.entry, h.recheck = true, draft.Journal, h.opts.Settle(draft.Journal)
	}
	if draft != nil && spec.ReadOnly == "" {
		changed := false
		for _, f := range spec.Fields {
			if v, ok := draft.Values[f.Key]; ok && f.Kind != FieldInfo && v != h.values[f.Key] {
				h.values[f.Key], changed = v, true
			}
		}
		if changed {
			h.restored = draft.SavedAt
		}
	}
	h.inputs, h.areas = map[string]*textinput.Model{}, map[string]*textarea.Model{}
	for _, f := range spec.Fields {
		if f.Kind == FieldWidget && f.Widget != nil {
			f.Widget.SetValue(h.values[f.Key])
			continue
		}
		if f.Kind == FieldTextArea {
			h.areas[f.Key] = newArea(f, h.values[f.Key])
			continue
		}
		if f.Kind != FieldText {
			continue
		}
		ti := textinput.New()
		ti.Prompt = ""
		ti.Placeholder = f.Placeholder
		ti.CharLimit = f.CharLimit
		if ti.CharLimit == 0 {
			ti.CharLimit = 500
		}
		ti.Cursor.SetMode(cursor.CursorStatic)
		if f.Secret {
			ti.EchoMode = textinput.EchoPassword
			ti.EchoCharacter = '•'
		}
		ti.SetValue(textclean.Line(h.values[f.Key])) // the service's text, shown
		h.inputs[f.Key] = &ti
	}
	h.sizeInputs()
	h.focus = -1
	h.moveFocus(1)
	h.state = formReady
}

func (h *Host) moveFocus(step int) {
	n := len(h.spec.Fields)
	if n == 0 {
		return
	}
	i := h.focus
	for range n {
		i = ((i+step)%n + n) % n
		if h.focusable(i) {
			break
		}
	}
	h.setFocus(i)
}

func (h *Host) setFocus(i int) {
	h.focus = i
	on := func(k string) bool { return i >= 0 && i < len(h.spec.Fields) && h.spec.Fields[i].Key == k }
	for k, in := range h.inputs {
		if on(k) {
			in.Focus()
		} else {
			in.Blur()
		}
	}
	for k, a := range h.areas {
		if on(k) {
			a.Focus()
		} else {
			a.Blur()
		}
	}
}

// newArea makes a plain multi-line input: no prompt, no line numbers, no
// colours (the focus marker and the frame carry the meaning).
func newArea(f Field, value string) *textarea.Model {
	ta := textarea.New()
	ta.Prompt = ""
	ta.ShowLineNumbers = false
	ta.Placeholder = f.Placeholder
	plain := textarea.Style{Base: lipgloss.NewStyle(), CursorLine: lipgloss.NewStyle(), CursorLineNumber: lipgloss.NewStyle(),
		EndOfBuffer: lipgloss.NewStyle(), LineNumber: lipgloss.NewStyle(), Placeholder: lipgloss.NewStyle(),
		Prompt: lipgloss.NewStyle(), Text: lipgloss.NewStyle()}
	ta.FocusedStyle, ta.BlurredStyle = plain, plain
	ta.Cursor.SetMode(cursor.CursorStatic)
	if f.CharLimit > 0 {
		ta.CharLimit = f.CharLimit
	}
	lines := f.Lines
	if lines <= 0 {
		lines = 3
	}
	ta.SetHeight(lines)
	ta.SetValue(textclean.Lines(value))
	return &ta
}

// lastFocusable reports whether the focus is on the last editable field.
func (h *Host) lastFocusable() bool {
	for i := h.focus + 1; i < len(h.spec.Fields); i++ {
		if h.focusable(i) {
			return false
		}
	}
	return true
}

// translate puts a loaded form's catalog keys in l's language: its title
// and noun, and its fields' labels, help lines, placeholders and choices
// (their values stay the API's). A text already in the language stays.
func translate(l locale.Locale, spec *Spec) {
	spec.Title, spec.Noun = l.T(spec.Title), l.T(spec.Noun)
	for i := range spec.Fields {
		f := &spec.Fields[i]
		f.Label, f.Placeholder = l.T(f.Label), l.T(f.Placeholder)
		help := make([]string, len(f.Help))
		for j, h := range f.Help {
			help[j] = l.T(h)
		}
		f.Help = help
		opts := make([]Option, len(f.Options))
		for j, o := range f.Options {
			opts[j] = Option{Value: o.Value, Label: l.T(o.Label)}
		}
		f.Options = opts
	}
}

// api is the values as the spec's functions and the service take them:
// amounts and days as the locale writes them turned into the API's form.
// What does not read as one is left as typed, for Validate to refuse.
func (h *Host) api() Values {
	if h.spec == nil {
		return h.values
	}
	var out Values
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		v := h.values[f.Key]
		if f.Input == InputText || strings.TrimSpace(v) == "" {
			continue
		}
		if a, ok := toAPI(h.opts.Locale, f.Input, v, h.opts.Now(), h.opts.Loc); ok && a != v {
			if out == nil {
				out = maps.Clone(h.values)
			}
			out[f.Key] = a
		}
	}
	if out == nil {
		return h.values
	}
	return out
}

// toAPI reads a typed amount or day in l's way and writes the API's.
func toAPI(l locale.Locale, in Input, v string, now time.Time, loc *time.Location) (string, bool) {
	switch in {
	case InputAmount:
		if plainNumber(v) {
			return v, true // the API's form already ("1234.50"): sent as typed
		}
		d, err := l.ParseNumber(v)
		if err != nil {
			return v, false
		}
		return d.String(), true
	case InputDate:
		if _, err := time.Parse("2006-01-02", v); err == nil {
			return v, true
		}
		t, err := l.ParseDate(v, now, loc)
		if err != nil {
			return v, false
		}
		return t.Format("2006-01-02"), true
	}
	return v, true
}

// plainNumber: digits with an optional sign and one dot, as the API writes.
func plainNumber(v string) bool {
	v = strings.TrimPrefix(strings.TrimPrefix(v, "-"), "+")
	digits, dots := 0, 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// fromAPI writes a value the service sent (an amount, a day) the way l
// writes it, for the field to show ("12100.5" as "12 100,5" in Czech);
// other text is kept.
func fromAPI(l locale.Locale, in Input, v string) string {
	if l.Tag == locale.English {
		return v // the API's own form is how English types them
	}
	switch in {
	case InputAmount:
		if d, err := decimal.NewFromString(strings.TrimSpace(v)); err == nil && strings.TrimSpace(v) != "" {
			return l.Number(d, 0)
		}
	case InputDate:
		if t, err := time.Parse("2006-01-02", strings.TrimSpace(v)); err == nil {
			return l.Date(t)
		}
	}
	return v
}
