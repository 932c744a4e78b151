package form

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
)

func (h *Host) View() string {
	st := h.opts.Styles
	w, ht := max(h.width, 20), max(h.height, 3)
	var top []string
	switch h.state {
	case formLoading:
		return fitLines([]string{st.Title.Render(textclean.Line(h.opts.Title)), "", st.Muted.Render(h.opts.Locale.T("Loading…"))}, w, ht)
	case formFailed:
		return fitLines([]string{st.Title.Render(textclean.Line(h.opts.Title)), "",
			st.Error.Render("✕ " + textclean.Line(h.opts.Locale.Tf("Could not load the form: %v", h.loadErr))),
			st.Muted.Render(h.opts.Locale.T("press r to retry, esc to go back"))}, w, ht)
	}
	// Titles, intros, notes, values shown as text and the service's
	// messages name records: cleaned before they are styled.
	top = append(top, st.Title.Render(textclean.Line(h.spec.Title)))
	for _, l := range h.spec.Intro {
		top = append(top, st.Muted.Render(textclean.Line(l)))
	}
	if h.spec.ReadOnly != "" {
		top = append(top, st.Warning.Render("🔒 "+textclean.Line(h.spec.ReadOnly)))
	}
	if !h.restored.IsZero() {
		top = append(top, st.Muted.Render(h.opts.Locale.Tf("A draft from %s was restored — ctrl+r to discard", h.restored.In(h.opts.Loc).Format("15:04"))))
	}
	if h.problem != "" {
		top = append(top, st.Error.Render("✕ "+textclean.Line(h.problem)))
	}
	for _, s := range h.summary {
		top = append(top, st.Error.Render("✕ "+textclean.Line(s)))
	}
	if h.notice != "" {
		top = append(top, st.Warning.Render("› "+textclean.Line(h.notice)))
	}
	top = append(top, "")

	fields, focusLine := h.fieldLines(w)
	var preview []string
	if h.spec.Preview != nil {
		preview = h.spec.Preview(h.api(), w)
	}
	room := ht - len(top)
	if room <= 0 {
		return fitLines(top, w, ht)
	}
	// A preview (an editor's totals) keeps its place at the bottom when the
	// fields run longer than the screen: up to a third of the room.
	keep := 0
	if len(preview) > 0 && len(fields) > room {
		keep = min(len(preview)+1, room/3)
	}
	if len(fields) > room-keep {
		r := room - keep
		start := min(max(0, focusLine-r/2), len(fields)-r)
		fields = fields[start : start+r]
	}
	lines := append(top, fields...)
	if left := ht - len(lines); left > 1 && len(preview) > 0 {
		lines = append(lines, "")
		lines = append(lines, preview[:min(len(preview), left-1)]...)
	}
	return fitLines(lines, w, ht)
}

func (h *Host) fieldLines(w int) (lines []string, focusLine int) {
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
		val, extra := h.fieldValue(f, labelW, w, focused)
		line := mark + label + "  " + val
		if f.Hint != nil {
			if hint := f.Hint(h.api()); hint != "" {
				line += "  " + st.Muted.Render(textclean.Line(hint))
			}
		}
		if focused {
			line = st.Selected.Render(line)
		}
		lines = append(lines, line)
		lines = append(lines, extra...)
		indent := strings.Repeat(" ", 4)
		if f.Note != "" {
			lines = append(lines, indent+st.Muted.Render(textclean.Line(f.Note)))
		}
		for _, m := range h.shownErrors(f) {
			lines = append(lines, indent+st.Error.Render("✕ "+textclean.Line(m)))
		}
		if f.Warn != nil {
			api := h.api()
			if m := f.Warn(api[f.Key], api); m != "" {
				lines = append(lines, indent+st.Warning.Render("! "+h.opts.Locale.T(m)))
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

// fieldValue renders a field's value: its first line, beside the label,
// and the further lines of a text area or a widget.
func (h *Host) fieldValue(f *Field, labelW, w int, focused bool) (val string, extra []string) {
	switch f.Kind {
	case FieldText:
		in := h.inputs[f.Key]
		v := in.View()
		val = "[" + v + strings.Repeat(" ", max(0, in.Width+1-ansi.StringWidth(v))) + "]"
	case FieldChoice:
		val = "‹ " + textclean.Line(OptionLabel(f.Options, h.values[f.Key])) + " ›"
	case FieldBool:
		if h.values.Bool(f.Key) {
			val = "[x] " + h.opts.Locale.T("yes")
		} else {
			val = "[ ] " + h.opts.Locale.T("no")
		}
	case FieldInfo:
		val = textclean.Line(h.values[f.Key])
	case FieldWidget:
		if f.Widget != nil {
			// The first line beside the label, the others (a table's
			// rows) under it across the whole width.
			rows := f.Widget.View(max(10, w-4), focused)
			if len(rows) > 0 {
				val = rows[0]
			}
			for _, r := range rows[min(1, len(rows)):] {
				extra = append(extra, "    "+r)
			}
		}
	case FieldTextArea:
		rows := strings.Split(h.areas[f.Key].View(), "\n")
		val = "│ " + rows[0]
		pad := strings.Repeat(" ", 2+labelW+2)
		for _, r := range rows[1:] {
			extra = append(extra, pad+"│ "+r)
		}
	}
	return val, extra
}

// shownErrors are the service's messages, then the live validation's once
// the field was touched (or a submit was tried).
func (h *Host) shownErrors(f *Field) []string {
	var out []string
	if _, own := f.Widget.(ErrorTaker); !own {
		out = slices.Clone(h.serverErrs[f.Key])
	}
	if f.Validate != nil && (h.touched[f.Key] || h.tried) {
		api := h.api()
		if err := f.Validate(api[f.Key], api); err != nil {
			out = append(out, h.opts.Locale.T(err.Error())) // a rule's words are a catalog key
		}
	}
	return out
}

// OptionLabel is the label of the option of value v ("—" for none, v
// itself when no option has it).
func OptionLabel(opts []Option, v string) string {
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
