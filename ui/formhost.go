package ui

// The form host: one Page around a list of fields, shared by every form of
// kasa (payments, inventory moves, invoice e-mails, ...).
//
// Why not huh: huh v0.8 validates a field only when it is left, stops
// updating once completed (a refused submit would need a new form and lose
// the focus), and hides whole groups, not single fields on one screen. The
// forms of kasa need live validation as typed, server errors beside fields
// after a refused submit, fields that appear with a toggle and a preview
// pane, so the host keeps its own small field model over bubbles/textinput.

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// FieldKind says how a field is edited.
type FieldKind int

// Field kinds.
const (
	FieldText     FieldKind = iota // a line of text
	FieldChoice                    // one of Options, ←/→ to choose
	FieldBool                      // yes or no, space to toggle
	FieldInfo                      // shown, never edited
	FieldTextArea                  // several lines; enter breaks a line, tab moves on
)

// Option is one choice of a FieldChoice.
type Option struct{ Value, Label string }

// Values are a form's values by field key. Booleans are "true" or "false".
type Values map[string]string

// Bool reads a FieldBool value.
func (v Values) Bool(key string) bool { return v[key] == "true" }

// BoolText is the Values text of b.
func BoolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// Field is one line of a form. Key is the API field name, so that the
// service's validation messages land beside the right field.
type Field struct {
	Key, Label  string
	Kind        FieldKind
	Options     []Option
	Placeholder string
	CharLimit   int
	// Width of a text input in cells (0: fits CharLimit, at most 24).
	Width int
	// Lines is the height of a FieldTextArea (0 means 3).
	Lines int
	// Aliases are other error keys that belong to this field.
	Aliases []string
	// Validate runs as the user types; an error blocks the submit.
	Validate func(value string, all Values) error
	// Warn is a remark that does not block the submit.
	Warn func(value string, all Values) string
	// Hint is shown after the value (for example "remaining 12 100,00 CZK").
	Hint func(all Values) string
	// Help lines are shown under the field while it has the focus.
	Help []string
	// Hidden hides the field (and leaves its value out of the submit).
	Hidden func(all Values) bool
	// Note is shown under the field whatever the focus (why it is read-only).
	Note string
}

// FormSpec is a loaded form: its fields with their first values and what
// submitting does.
type FormSpec struct {
	Title string
	// Noun names what the form makes, for questions: "payment".
	Noun    string
	Intro   []string
	Fields  []Field
	Initial Values
	// ReadOnly, when set, is why the form cannot be submitted; it is shown
	// and the submit keys do nothing.
	ReadOnly string
	// Submit sends the visible values; its Cmd must yield a FormResult.
	Submit func(v Values) tea.Cmd
	// Preview renders lines shown under the fields (width is the body's).
	Preview func(v Values, width int) []string
	// OnEdit runs after the user changed key; it may change other values
	// (a default that follows another field until the user sets it).
	OnEdit func(key string, v Values, touched func(string) bool)
}

// FormLoaded is what FormOptions.Load yields.
type FormLoaded struct {
	Spec *FormSpec
	Err  error
}

// FormResult is the answer to a submit (or to a check after an unknown
// outcome).
type FormResult struct {
	// Done, when set, means success: the host deletes the draft, resets
	// itself and runs Done (typically Back, a Toast and a refresh message).
	Done tea.Cmd
	// FieldErrors are the service's validation messages by field name.
	FieldErrors map[string][]string
	// Problem says in words what failed; the input is kept.
	Problem string
	// Unknown means the request may or may not have been carried out.
	Unknown bool
	// Check, with Unknown, looks for the record; it yields a FormResult
	// (Done when found, Unknown without Check when it is not there).
	Check tea.Cmd
}

// Draft is an unfinished form kept on disk.
type Draft struct {
	Values  Values    `json:"values"`
	SavedAt time.Time `json:"saved_at"`
}

// DraftStore keeps drafts by form id. Its methods do I/O: the host calls
// them only inside Cmds.
type DraftStore interface {
	Load(id string) (Draft, bool, error)
	Save(id string, d Draft) error
	Delete(id string) error
}

// FormOptions configure a FormHost.
type FormOptions struct {
	ID    PageID
	Title string // breadcrumb title until the form has loaded
	// Load fetches what the form needs (in a Cmd) and yields FormLoaded.
	Load       func() tea.Cmd
	Drafts     DraftStore // nil keeps no drafts
	Styles     Styles
	Now        func() time.Time // nil means time.Now
	Loc        *time.Location   // zone of the draft time shown; nil means Local
	DraftDelay time.Duration    // quiet time before a draft is written; 0 means 1s
}

// FormKeys are the keys of a form.
type FormKeys struct {
	Next, Prev, Enter, Submit, Cancel, Choose, Toggle, DiscardDraft, Resend, Recheck, Retry key.Binding
}

// DefaultFormKeys returns the form keys.
func DefaultFormKeys() FormKeys {
	return FormKeys{
		Next:         key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		Prev:         key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Enter:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "next / send on the last")),
		Submit:       key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "send")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Choose:       key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "choose")),
		Toggle:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "toggle")),
		DiscardDraft: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "discard draft")),
		Resend:       key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "send again")),
		Recheck:      key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "check again")),
		Retry:        key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
	}
}

// ShortHelp implements help.KeyMap.
func (k FormKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Submit, k.Cancel, k.Next, k.Choose}
}

// FullHelp implements help.KeyMap.
func (k FormKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.Enter, k.Choose, k.Toggle}, {k.Submit, k.Cancel, k.DiscardDraft, k.Resend, k.Recheck}}
}

type formState int

const (
	formLoading formState = iota
	formFailed
	formReady
)

// FormHost is a Page around a form. Use NewFormHost.
type FormHost struct {
	opts FormOptions
	keys FormKeys

	state   formState
	loadErr error
	spec    *FormSpec
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
	recheck           tea.Cmd

	editSeq   int // bumped on each edit; the draft tick with the last one saves
	savedSeq  int
	width     int
	height    int
	submitted Values // the values of the request in flight or last sent
}

// NewFormHost builds the page; Init loads the form and any draft.
func NewFormHost(o FormOptions) *FormHost {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Loc == nil {
		o.Loc = time.Local
	}
	if o.DraftDelay <= 0 {
		o.DraftDelay = time.Second
	}
	return &FormHost{opts: o, keys: DefaultFormKeys(), width: 80, height: 20}
}

// Routed messages of the host. from is the host that asked: a form closed
// and opened again under the same page id is a new host, and an answer meant
// for the old one is dropped.
type (
	formLoadedMsg struct {
		page  PageID
		from  *FormHost
		ld    FormLoaded
		draft *Draft
	}
	formResultMsg struct {
		page  PageID
		from  *FormHost
		check bool
		res   FormResult
	}
	formDraftTickMsg struct {
		page PageID
		from *FormHost
		seq  int
	}
	formDiscardMsg struct{ page PageID }
)

func (m formLoadedMsg) Target() PageID    { return m.page }
func (m formResultMsg) Target() PageID    { return m.page }
func (m formDraftTickMsg) Target() PageID { return m.page }
func (m formDiscardMsg) Target() PageID   { return m.page }

// DraftID is the key a form's draft is stored under.
func DraftID(id PageID) string { return string(id.Kind) + ":" + id.ID }

// Init implements Page.
func (h *FormHost) Init() tea.Cmd { return h.loadCmd() }

func (h *FormHost) loadCmd() tea.Cmd {
	h.state = formLoading
	load, drafts, page, from := h.opts.Load, h.opts.Drafts, h.opts.ID, h
	return func() tea.Msg {
		msg := formLoadedMsg{page: page, from: from}
		if lm, ok := load()().(FormLoaded); ok {
			msg.ld = lm
		} else {
			msg.ld.Err = fmt.Errorf("load form: no form came back")
		}
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
func (h *FormHost) clear() {
	h.spec, h.values, h.inputs, h.areas = nil, nil, nil, nil
	h.sending, h.checking, h.unknown, h.recheck = false, false, false, nil
	h.problem, h.notice, h.summary, h.serverErrs = "", "", nil, nil
	h.restored = time.Time{}
	h.state = formLoading
}

// Transient implements ui.Transient: a form leaves the shell's cache when it
// closes, so the next visit loads the record as it is then (remaining amount,
// quantity) instead of the form reloading itself in the background.
func (h *FormHost) Transient() bool { return true }

// Title implements Page.
func (h *FormHost) Title() string {
	if h.spec != nil && h.spec.Title != "" {
		return h.spec.Title
	}
	return h.opts.Title
}

// KeyMap implements Page.
func (h *FormHost) KeyMap() help.KeyMap { return h.keys }

// Loading implements Page.
func (h *FormHost) Loading() bool { return h.state == formLoading || h.sending || h.checking }

// SetSize implements Page.
func (h *FormHost) SetSize(w, ht int) {
	h.width, h.height = w, ht
	h.sizeInputs()
}

// sizeInputs gives each text input its width; done outside View so that an
// input scrolls with its cursor as the user types.
func (h *FormHost) sizeInputs() {
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

// Capturing implements Capturing: keys go to the form while it is editable.
func (h *FormHost) Capturing() bool {
	return h.state == formReady && h.spec.ReadOnly == ""
}

// Values returns a copy of the current values of the visible fields.
func (h *FormHost) Values() Values { return h.visibleValues() }

// Dirty reports whether the input differs from the form's first values.
func (h *FormHost) Dirty() bool {
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
func (h *FormHost) Ready() bool { return h.state == formReady }

// Sending reports whether a submit is waiting for its answer.
func (h *FormHost) Sending() bool { return h.sending }

// Unknown reports whether the last send's outcome is unknown.
func (h *FormHost) Unknown() bool { return h.unknown }

// Problem is the message about the last failed submit ("" when none).
func (h *FormHost) Problem() string { return h.problem }

// FieldErrors returns the messages shown beside the field key: the
// service's, or the live validation's.
func (h *FormHost) FieldErrors(key string) []string {
	out := slices.Clone(h.serverErrs[key])
	if f := h.field(key); f != nil && f.Validate != nil {
		if err := f.Validate(h.values[key], h.values); err != nil {
			out = append(out, err.Error())
		}
	}
	return out
}

// Summary returns the service's messages that belong to no field.
func (h *FormHost) Summary() []string { return slices.Clone(h.summary) }

func (h *FormHost) field(key string) *Field {
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

func (h *FormHost) hidden(f *Field) bool { return f.Hidden != nil && f.Hidden(h.values) }

func (h *FormHost) focusable(i int) bool {
	f := &h.spec.Fields[i]
	return f.Kind != FieldInfo && !h.hidden(f)
}

func (h *FormHost) visibleValues() Values {
	out := Values{}
	if h.spec == nil {
		return out
	}
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if f.Kind != FieldInfo && !h.hidden(f) {
			out[f.Key] = h.values[f.Key]
		}
	}
	return out
}

func (h *FormHost) setup(spec *FormSpec, draft *Draft) {
	h.spec = spec
	h.values = maps.Clone(spec.Initial)
	if h.values == nil {
		h.values = Values{}
	}
	h.touched, h.tried = map[string]bool{}, false
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
		ti.SetValue(h.values[f.Key])
		h.inputs[f.Key] = &ti
	}
	h.sizeInputs()
	h.focus = -1
	h.moveFocus(1)
	h.state = formReady
}

func (h *FormHost) moveFocus(step int) {
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

func (h *FormHost) setFocus(i int) {
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
	ta.SetValue(value)
	return &ta
}

// lastFocusable reports whether the focus is on the last editable field.
func (h *FormHost) lastFocusable() bool {
	for i := h.focus + 1; i < len(h.spec.Fields); i++ {
		if h.focusable(i) {
			return false
		}
	}
	return true
}

// Update implements Page.
func (h *FormHost) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case formLoadedMsg:
		if msg.from != h {
			return nil
		}
		if msg.ld.Err != nil || msg.ld.Spec == nil {
			h.state, h.loadErr = formFailed, msg.ld.Err
			return nil
		}
		h.setup(msg.ld.Spec, msg.draft)
		return nil
	case formResultMsg:
		if msg.from != h {
			return nil
		}
		return h.result(msg)
	case formDraftTickMsg:
		if msg.from != h || msg.seq != h.editSeq || h.savedSeq == msg.seq {
			return nil
		}
		h.savedSeq = msg.seq
		return h.saveDraftCmd()
	case formDiscardMsg:
		h.clear()
		h.clear()
		return tea.Batch(Emit(Back{}), h.deleteDraftCmd())
	case tea.KeyMsg:
		return h.key(msg)
	}
	return nil
}

func (h *FormHost) key(msg tea.KeyMsg) tea.Cmd {
	switch h.state {
	case formLoading:
		return nil
	case formFailed:
		if key.Matches(msg, h.keys.Retry) {
			return h.loadCmd()
		}
		if key.Matches(msg, h.keys.Cancel) || msg.String() == "q" {
			return Emit(Back{})
		}
		return nil
	}
	var f *Field
	if h.focus >= 0 && h.focus < len(h.spec.Fields) {
		f = &h.spec.Fields[h.focus]
	}
	isText := f != nil && (f.Kind == FieldText || f.Kind == FieldTextArea)
	isArea := f != nil && f.Kind == FieldTextArea
	switch {
	case key.Matches(msg, h.keys.Cancel), msg.String() == "q" && (!isText || h.spec.ReadOnly != ""):
		return h.cancel()
	case h.spec.ReadOnly != "":
		if key.Matches(msg, h.keys.Submit, h.keys.Enter) {
			h.notice = h.spec.ReadOnly
		}
		return nil
	case key.Matches(msg, h.keys.Submit):
		return h.submit(false)
	case key.Matches(msg, h.keys.Resend) && h.unknown:
		return h.submit(true)
	case key.Matches(msg, h.keys.Recheck) && h.unknown && h.recheck != nil:
		if h.checking {
			return nil
		}
		h.checking = true
		h.notice = "Checking whether the " + h.spec.Noun + " was recorded…"
		return h.wrap(h.recheck, true)
	case key.Matches(msg, h.keys.DiscardDraft):
		if h.restored.IsZero() {
			return nil
		}
		h.restored = time.Time{}
		h.setup(h.spec, nil)
		h.notice = "The draft was discarded."
		return h.deleteDraftCmd()
	case isArea && (msg.Type == tea.KeyEnter || msg.Type == tea.KeyUp || msg.Type == tea.KeyDown):
		// Inside a text area these move within the text; tab moves on.
	case key.Matches(msg, h.keys.Enter):
		if h.lastFocusable() {
			return h.submit(false)
		}
		h.moveFocus(1)
		return nil
	case key.Matches(msg, h.keys.Next):
		h.moveFocus(1)
		return nil
	case key.Matches(msg, h.keys.Prev):
		h.moveFocus(-1)
		return nil
	}
	if f == nil {
		return nil
	}
	old := h.values[f.Key]
	switch f.Kind {
	case FieldChoice:
		if len(f.Options) > 0 && (key.Matches(msg, h.keys.Choose) || key.Matches(msg, h.keys.Toggle)) {
			i := slices.IndexFunc(f.Options, func(o Option) bool { return o.Value == old })
			step := 1
			if msg.String() == "left" {
				step = -1
			}
			n := len(f.Options)
			h.values[f.Key] = f.Options[((i+step)%n+n)%n].Value
		}
	case FieldBool:
		if key.Matches(msg, h.keys.Choose) || key.Matches(msg, h.keys.Toggle) {
			h.values[f.Key] = BoolText(!h.values.Bool(f.Key))
		}
	case FieldText:
		in := h.inputs[f.Key]
		var cmd tea.Cmd
		*in, cmd = in.Update(msg)
		h.values[f.Key] = in.Value()
		if h.values[f.Key] == old {
			return cmd
		}
		return tea.Batch(cmd, h.edited(f.Key))
	case FieldTextArea:
		a := h.areas[f.Key]
		var cmd tea.Cmd
		*a, cmd = a.Update(msg)
		h.values[f.Key] = a.Value()
		if h.values[f.Key] == old {
			return cmd
		}
		return tea.Batch(cmd, h.edited(f.Key))
	}
	if h.values[f.Key] == old {
		return nil
	}
	return h.edited(f.Key)
}

// edited notes a change of key and schedules the draft write.
func (h *FormHost) edited(k string) tea.Cmd {
	h.touched[k] = true
	delete(h.serverErrs, k)
	h.notice = ""
	if h.spec.OnEdit != nil {
		h.spec.OnEdit(k, h.values, func(s string) bool { return h.touched[s] })
		for fk, in := range h.inputs {
			if in.Value() != h.values[fk] {
				in.SetValue(h.values[fk])
			}
		}
		for fk, a := range h.areas {
			if a.Value() != h.values[fk] {
				a.SetValue(h.values[fk])
			}
		}
	}
	h.editSeq++
	if h.opts.Drafts == nil {
		return nil
	}
	page, from, seq := h.opts.ID, h, h.editSeq
	return tea.Tick(h.opts.DraftDelay, func(time.Time) tea.Msg {
		return formDraftTickMsg{page: page, from: from, seq: seq}
	})
}

func (h *FormHost) saveDraftCmd() tea.Cmd {
	if h.opts.Drafts == nil {
		return nil
	}
	store, id := h.opts.Drafts, DraftID(h.opts.ID)
	if !h.Dirty() {
		return func() tea.Msg { _ = store.Delete(id); return nil }
	}
	d := Draft{Values: maps.Clone(h.values), SavedAt: h.opts.Now()}
	return func() tea.Msg {
		if err := store.Save(id, d); err != nil {
			return Toast{Text: "Could not keep the draft: " + err.Error(), Kind: ToastWarn}
		}
		return nil
	}
}

func (h *FormHost) deleteDraftCmd() tea.Cmd {
	if h.opts.Drafts == nil {
		return nil
	}
	store, id := h.opts.Drafts, DraftID(h.opts.ID)
	return func() tea.Msg {
		if err := store.Delete(id); err != nil {
			return Toast{Text: "Could not delete the draft: " + err.Error(), Kind: ToastWarn}
		}
		return nil
	}
}

func (h *FormHost) cancel() tea.Cmd {
	if h.Dirty() && h.spec.ReadOnly == "" {
		page := h.opts.ID
		return Emit(Confirm{Question: "Discard the unsaved " + h.spec.Noun + "?", Yes: Emit(formDiscardMsg{page: page})})
	}
	// Forget the form: the next visit of this cached page loads the record
	// afresh (a remaining amount may have changed in between).
	return tea.Batch(Emit(Back{}), h.deleteDraftCmd())
}

// submit validates and sends; resend is the explicit "send again" after an
// unknown outcome.
func (h *FormHost) submit(resend bool) tea.Cmd {
	if h.sending || h.checking {
		h.notice = "Sending…"
		return nil
	}
	if h.unknown && !resend {
		h.notice = h.unknownHelp()
		return nil
	}
	h.tried = true
	first := -1
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if f.Kind == FieldInfo || h.hidden(f) || f.Validate == nil {
			continue
		}
		if f.Validate(h.values[f.Key], h.values) != nil && first < 0 {
			first = i
		}
	}
	if first >= 0 {
		h.setFocus(first)
		h.notice = "Fix the marked fields first; nothing was sent."
		return nil
	}
	h.sending, h.unknown, h.recheck = true, false, nil
	h.problem, h.summary = "", nil
	h.notice = "Sending…"
	h.submitted = h.visibleValues()
	return h.wrap(h.spec.Submit(maps.Clone(h.submitted)), false)
}

func (h *FormHost) unknownHelp() string {
	s := "The outcome of the last send is unknown: ctrl+y sends again"
	if h.recheck != nil {
		s += ", ctrl+k checks again"
	}
	return s + "."
}

// wrap routes cmd's FormResult back to this host.
func (h *FormHost) wrap(cmd tea.Cmd, check bool) tea.Cmd {
	page, from := h.opts.ID, h
	return func() tea.Msg {
		var msg tea.Msg
		if cmd != nil {
			msg = cmd()
		}
		res, ok := msg.(FormResult)
		if !ok {
			res = FormResult{Problem: "The form got no answer; nothing was lost."}
		}
		return formResultMsg{page: page, from: from, check: check, res: res}
	}
}

func (h *FormHost) result(msg formResultMsg) tea.Cmd {
	res := msg.res
	if msg.check {
		h.checking = false
	} else {
		h.sending = false
	}
	h.notice = ""
	switch {
	case res.Done != nil:
		h.clear()
		return tea.Batch(res.Done, h.deleteDraftCmd())
	case res.Unknown:
		h.unknown = true
		h.problem = res.Problem
		if res.Check != nil {
			h.recheck = res.Check
			if !msg.check {
				h.checking = true
				h.notice = "Checking whether the " + h.spec.Noun + " was recorded…"
				return h.wrap(res.Check, true)
			}
		} else if msg.check {
			h.recheck = nil
		}
		h.notice = h.unknownHelp()
		return nil
	case len(res.FieldErrors) > 0:
		h.serverErrs, h.summary = map[string][]string{}, nil
		first := -1
		for _, k := range slices.Sorted(maps.Keys(res.FieldErrors)) {
			i := h.fieldFor(k)
			if i < 0 {
				for _, m := range res.FieldErrors[k] {
					h.summary = append(h.summary, humanKey(k)+" "+m)
				}
				continue
			}
			fk := h.spec.Fields[i].Key
			h.serverErrs[fk] = append(h.serverErrs[fk], res.FieldErrors[k]...)
			if first < 0 || i < first {
				first = i
			}
		}
		if first >= 0 && h.focusable(first) {
			h.setFocus(first)
		}
		h.problem = res.Problem
		if h.problem == "" {
			h.problem = "The service refused the " + h.spec.Noun + "; nothing was saved and your input is kept."
		}
		return nil
	default:
		h.problem = res.Problem
		return nil
	}
}

// fieldFor finds the visible field an error key belongs to (-1 if none).
func (h *FormHost) fieldFor(k string) int {
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if h.hidden(f) {
			continue
		}
		if f.Key == k || slices.Contains(f.Aliases, k) {
			return i
		}
	}
	return -1
}

func humanKey(k string) string {
	if k == "" {
		return ""
	}
	s := strings.ReplaceAll(k, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:] + ":"
}

// View implements Page: the title and messages stay at the top, the fields
// scroll to keep the focus visible, the preview fills what is left.
func (h *FormHost) View() string {
	st := h.opts.Styles
	w, ht := max(h.width, 20), max(h.height, 3)
	var top []string
	switch h.state {
	case formLoading:
		return fitLines([]string{st.Title.Render(h.opts.Title), "", st.Muted.Render("Loading…")}, w, ht)
	case formFailed:
		return fitLines([]string{st.Title.Render(h.opts.Title), "",
			st.Error.Render(fmt.Sprintf("✕ Could not load the form: %v", h.loadErr)),
			st.Muted.Render("press r to retry, esc to go back")}, w, ht)
	}
	top = append(top, st.Title.Render(h.spec.Title))
	for _, l := range h.spec.Intro {
		top = append(top, st.Muted.Render(l))
	}
	if h.spec.ReadOnly != "" {
		top = append(top, st.Warning.Render("🔒 "+h.spec.ReadOnly))
	}
	if !h.restored.IsZero() {
		top = append(top, st.Muted.Render(fmt.Sprintf("A draft from %s was restored — ctrl+r to discard", h.restored.In(h.opts.Loc).Format("15:04"))))
	}
	if h.problem != "" {
		top = append(top, st.Error.Render("✕ "+h.problem))
	}
	for _, s := range h.summary {
		top = append(top, st.Error.Render("✕ "+s))
	}
	if h.notice != "" {
		top = append(top, st.Warning.Render("› "+h.notice))
	}
	top = append(top, "")

	fields, focusLine := h.fieldLines(w)
	var preview []string
	if h.spec.Preview != nil {
		preview = h.spec.Preview(h.values, w)
	}
	room := ht - len(top)
	if room <= 0 {
		return fitLines(top, w, ht)
	}
	if len(fields) > room {
		start := min(max(0, focusLine-room/2), len(fields)-room)
		fields = fields[start : start+room]
	}
	lines := append(top, fields...)
	if left := ht - len(lines); left > 1 && len(preview) > 0 {
		lines = append(lines, "")
		lines = append(lines, preview[:min(len(preview), left-1)]...)
	}
	return fitLines(lines, w, ht)
}

func (h *FormHost) fieldLines(w int) (lines []string, focusLine int) {
	st := h.opts.Styles
	labelW := 0
	for i := range h.spec.Fields {
		labelW = max(labelW, ansi.StringWidth(h.spec.Fields[i].Label))
	}
	labelW = min(labelW, 26)
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if h.hidden(f) {
			continue
		}
		focused := i == h.focus
		mark := "  "
		if focused {
			mark = "▸ "
			focusLine = len(lines)
		}
		label := ansi.Truncate(f.Label, labelW, "…")
		label += strings.Repeat(" ", labelW-ansi.StringWidth(label))
		var val string
		var extra []string // further lines of a text area
		switch f.Kind {
		case FieldText:
			in := h.inputs[f.Key]
			v := in.View()
			val = "[" + v + strings.Repeat(" ", max(0, in.Width+1-ansi.StringWidth(v))) + "]"
		case FieldChoice:
			val = "‹ " + optionLabel(f.Options, h.values[f.Key]) + " ›"
		case FieldBool:
			if h.values.Bool(f.Key) {
				val = "[x] yes"
			} else {
				val = "[ ] no"
			}
		case FieldInfo:
			val = h.values[f.Key]
		case FieldTextArea:
			rows := strings.Split(h.areas[f.Key].View(), "\n")
			val = "│ " + rows[0]
			pad := strings.Repeat(" ", 2+labelW+2)
			for _, r := range rows[1:] {
				extra = append(extra, pad+"│ "+r)
			}
		}
		line := mark + label + "  " + val
		if f.Hint != nil {
			if hint := f.Hint(h.values); hint != "" {
				line += "  " + st.Muted.Render(hint)
			}
		}
		if focused {
			line = st.Selected.Render(line)
		}
		lines = append(lines, line)
		lines = append(lines, extra...)
		indent := strings.Repeat(" ", 4)
		if f.Note != "" {
			lines = append(lines, indent+st.Muted.Render(f.Note))
		}
		for _, m := range h.shownErrors(f) {
			lines = append(lines, indent+st.Error.Render("✕ "+m))
		}
		if f.Warn != nil {
			if m := f.Warn(h.values[f.Key], h.values); m != "" {
				lines = append(lines, indent+st.Warning.Render("! "+m))
			}
		}
		if focused {
			for _, l := range f.Help {
				lines = append(lines, indent+st.Muted.Render(l))
			}
		}
	}
	return lines, focusLine
}

// shownErrors are the service's messages, then the live validation's once
// the field was touched (or a submit was tried).
func (h *FormHost) shownErrors(f *Field) []string {
	out := slices.Clone(h.serverErrs[f.Key])
	if f.Validate != nil && (h.touched[f.Key] || h.tried) {
		if err := f.Validate(h.values[f.Key], h.values); err != nil {
			out = append(out, err.Error())
		}
	}
	return out
}

func optionLabel(opts []Option, v string) string {
	for _, o := range opts {
		if o.Value == v {
			return o.Label
		}
	}
	if v == "" {
		return "—"
	}
	return v
}

// fitLines cuts or pads every line to w cells and the block to h lines.
func fitLines(lines []string, w, h int) string {
	out := make([]string, h)
	for i := range h {
		s := ""
		if i < len(lines) {
			s = lines[i]
		}
		if ansi.StringWidth(s) > w {
			s = ansi.Truncate(s, w, "…")
		}
		out[i] = s + strings.Repeat(" ", max(0, w-ansi.StringWidth(s)))
	}
	return strings.Join(out, "\n")
}
