package form

import (
	"maps"
	"slices"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// Update implements ui.Page.
func (h *Host) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case formLoadedMsg:
		if msg.from != h {
			return nil
		}
		if msg.ld.Err != nil || msg.ld.Spec == nil {
			h.state, h.loadErr, h.early = formFailed, msg.ld.Err, nil
			return nil
		}
		h.setup(msg.ld.Spec, msg.draft)
		if h.unknown && h.recheck != nil {
			h.notice = h.opts.Locale.Tf("The last send of this %s is in doubt: checking the service before anything is sent again…", h.spec.Noun)
			return tea.Sequence(h.check(h.recheck), h.playEarlyKeys())
		}
		return h.playEarlyKeys()
	case formResultMsg:
		if msg.from != h {
			return nil
		}
		return h.result(msg)
	case formUnlockedMsg:
		return h.unlocked(msg)
	case formDraftTickMsg:
		return h.draftTick(msg)
	case formConfirmedMsg:
		if msg.from != h || h.state != formReady || h.sending || h.checking || h.unknown {
			return nil
		}
		return h.send()
	case formCheckTickMsg:
		if msg.from != h || msg.n != h.checks || !h.unknown || h.recheck == nil || h.checking || h.sending {
			return nil
		}
		return h.check(h.recheck)
	case formDiscardMsg:
		h.clear()
		return tea.Batch(ui.Emit(ui.Back{}), h.deleteDraftCmd())
	case tea.KeyMsg:
		return h.key(msg)
	}
	return h.toWidgets(msg)
}

// toWidgets hands any other message (a widget's own answers, ui.Changed)
// to every widget, and takes up the values they changed.
func (h *Host) toWidgets(msg tea.Msg) tea.Cmd {
	if h.state != formReady {
		return nil
	}
	var cmds []tea.Cmd
	for i := range h.spec.Fields {
		f := &h.spec.Fields[i]
		if f.Kind != FieldWidget || f.Widget == nil {
			continue
		}
		_, cmd := f.Widget.Update(msg, false)
		cmds = append(cmds, cmd, h.syncWidget(f))
	}
	return tea.Batch(cmds...)
}

// syncWidget reads a widget's value into the form's values; a change is an
// edit like any other (OnEdit, the draft).
func (h *Host) syncWidget(f *Field) tea.Cmd {
	v := f.Widget.Value()
	if v == h.values[f.Key] {
		return nil
	}
	h.values[f.Key] = v
	return h.edited(f.Key)
}

// maxEarlyKeys bounds the typeahead kept while a form loads.
const maxEarlyKeys = 64

// playEarlyKeys plays the keys pressed while the form loaded, in order.
func (h *Host) playEarlyKeys() tea.Cmd {
	keys := h.early
	h.early = nil
	cmds := make([]tea.Cmd, 0, len(keys))
	for _, k := range keys {
		cmds = append(cmds, h.key(k))
	}
	return tea.Sequence(cmds...)
}

// key handles a key press: the state's keys while loading or failed, the
// form's command keys, then the edit of the focused field.
func (h *Host) key(msg tea.KeyMsg) tea.Cmd {
	switch h.state {
	case formLoading:
		// esc leaves at once; anything else waits for the form (a few
		// dozen keys at most: a key held down is not typeahead).
		if key.Matches(msg, h.keys.Cancel) {
			h.early = nil
			return ui.Emit(ui.Back{})
		}
		if len(h.early) < maxEarlyKeys {
			h.early = append(h.early, msg)
		}
		return nil
	case formFailed:
		if key.Matches(msg, h.keys.Retry) {
			return h.loadCmd()
		}
		if key.Matches(msg, h.keys.Cancel) || msg.String() == "q" {
			return ui.Emit(ui.Back{})
		}
		return nil
	}
	var f *Field
	if h.focus >= 0 && h.focus < len(h.spec.Fields) {
		f = &h.spec.Fields[h.focus]
	}
	if h.unknown && key.Matches(msg, h.keys.Resend, h.keys.Recheck, h.keys.Submit) {
		// A write in doubt: its keys work whatever field has the focus.
		cmd, _ := h.command(msg, nil)
		return cmd
	}
	if key.Matches(msg, h.keys.Unlock) && h.canUnlock() {
		// Whatever has the focus: a widget never sees it.
		return h.unlock()
	}
	if f != nil && f.Kind == FieldWidget && f.Widget != nil && h.spec.ReadOnly == "" {
		// The widget first: it may use enter, arrows or letters itself.
		if handled, cmd := f.Widget.Update(msg, true); handled {
			return tea.Batch(cmd, h.syncWidget(f))
		}
	}
	if cmd, done := h.command(msg, f); done {
		return cmd
	}
	if f == nil {
		return nil
	}
	return h.edit(msg, f)
}

// command runs the form's own keys (send, cancel, move, recheck...); done
// is false when the key is for the focused field instead.
func (h *Host) command(msg tea.KeyMsg, f *Field) (cmd tea.Cmd, done bool) {
	isText := f != nil && (f.Kind == FieldText || f.Kind == FieldTextArea || f.Kind == FieldWidget)
	isArea := f != nil && f.Kind == FieldTextArea
	switch {
	case key.Matches(msg, h.keys.Cancel), msg.String() == "q" && (!isText || h.spec.ReadOnly != ""):
		return h.cancel(), true
	case h.spec.ReadOnly != "":
		if key.Matches(msg, h.keys.Submit, h.keys.Enter) {
			h.notice = h.spec.ReadOnly
		}
		return nil, true
	case key.Matches(msg, h.keys.Submit):
		return h.submit(false), true
	case key.Matches(msg, h.keys.Resend) && h.unknown:
		return h.submit(true), true
	case key.Matches(msg, h.keys.Recheck) && h.unknown && h.recheck != nil:
		h.thenSend = false
		return h.check(h.recheck), true
	case key.Matches(msg, h.keys.Reveal) && f != nil && f.Secret:
		if in := h.inputs[f.Key]; in != nil {
			if in.EchoMode == textinput.EchoPassword {
				in.EchoMode = textinput.EchoNormal
			} else {
				in.EchoMode = textinput.EchoPassword
			}
		}
		return nil, true
	case key.Matches(msg, h.keys.DiscardDraft):
		if h.restored.IsZero() {
			return nil, true
		}
		h.restored = time.Time{}
		h.setup(h.spec, nil)
		h.notice = h.opts.Locale.T("The draft was discarded.")
		return h.deleteDraftCmd(), true
	case isArea && (msg.Type == tea.KeyEnter || msg.Type == tea.KeyUp || msg.Type == tea.KeyDown):
		// Inside a text area these move within the text; tab moves on.
		return nil, false
	case key.Matches(msg, h.keys.Enter):
		if h.lastFocusable() {
			return h.submit(false), true
		}
		h.moveFocus(1)
		return nil, true
	case key.Matches(msg, h.keys.Next):
		h.moveFocus(1)
		return nil, true
	case key.Matches(msg, h.keys.Prev):
		h.moveFocus(-1)
		return nil, true
	}
	return nil, false
}

// edit hands the key to the focused field.
func (h *Host) edit(msg tea.KeyMsg, f *Field) tea.Cmd {
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
		msg = ui.CleanTyped(msg, false) // typed or pasted: controls shown, not kept raw
		var cmd tea.Cmd
		*in, cmd = in.Update(msg)
		h.values[f.Key] = in.Value()
		if h.values[f.Key] == old {
			return cmd
		}
		return tea.Batch(cmd, h.edited(f.Key))
	case FieldTextArea:
		a := h.areas[f.Key]
		msg = ui.CleanTyped(msg, true)
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
func (h *Host) edited(k string) tea.Cmd {
	h.touched[k] = true
	delete(h.serverErrs, k)
	h.notice = ""
	if h.spec.OnEdit != nil {
		api := maps.Clone(h.api())
		before := maps.Clone(api)
		h.spec.OnEdit(k, api, func(s string) bool { return h.touched[s] })
		for key, v := range api { // only what OnEdit set, shown the locale's way
			if v == before[key] {
				continue
			}
			if f := h.field(key); f != nil && f.Input != InputText {
				v = fromAPI(h.opts.Locale, f.Input, v)
			}
			h.values[key] = v
		}
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
		for i := range h.spec.Fields {
			if f := &h.spec.Fields[i]; f.Kind == FieldWidget && f.Widget != nil && f.Widget.Value() != h.values[f.Key] {
				f.Widget.SetValue(h.values[f.Key])
			}
		}
	}
	return h.draftEdited()
}
