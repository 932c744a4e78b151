// Package kit holds the small pieces the to-do, event and More pages share
// and views/common does not offer: fitting a line to a width, the picker of
// a record's related objects, and the rules their refusals are explained with.
package kit

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// Wrap wraps s to w cells and keeps at most n lines, marking a cut with "…".
func Wrap(s string, w, n int) []string {
	if w <= 0 || n <= 0 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(strings.TrimSpace(s), w, " ,/"), "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = ansi.Truncate(lines[n-1]+" …", w, "…")
	}
	return lines
}

// ObjectLabel names a related object: "Invoice 12", "Recurring generator 3".
func ObjectLabel(l locale.Locale, r apiclient.RelatedObject) string {
	return l.T(Humanize(camelToSnake(r.Type))) + " " + strconv.FormatInt(r.ID, 10)
}

// ObjectLabelNamed is "Invoice 2026-0038" where the name is known, else
// ObjectLabel.
func ObjectLabelNamed(l locale.Locale, r apiclient.RelatedObject, known func(string, int64) (string, bool)) string {
	if known != nil {
		if name, ok := known(r.Type, r.ID); ok {
			return l.T(Humanize(camelToSnake(r.Type))) + " " + name
		}
	}
	return ObjectLabel(l, r)
}

// camelToSnake turns "RecurringGenerator" into "recurring_generator".
func camelToSnake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Humanize turns "some_name" into "Some name".
func Humanize(name string) string {
	s := strings.TrimSpace(strings.ReplaceAll(name, "_", " "))
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Related is the choice among a record's related objects: ←/→ move it,
// enter opens the chosen one's page (nav.Related).
type Related struct {
	sel int
	// Known names related objects the session has seen (Deps.KnownName):
	// "Invoice 2026-0038" instead of "Invoice 41". nil shows ids.
	Known func(typ string, id int64) (string, bool)
	// L is the language of its words (the zero value is English).
	L locale.Locale
}

// Reset goes back to the first object (the record changed).
func (r *Related) Reset() { r.sel = 0 }

// Move moves the choice by delta, wrapping around n objects.
func (r *Related) Move(delta, n int) {
	if n <= 0 {
		r.sel = 0
		return
	}
	r.sel = ((r.sel+delta)%n + n) % n
}

// Selected is the index of the chosen object among n.
func (r *Related) Selected(n int) int {
	if n <= 0 {
		return 0
	}
	return min(r.sel, n-1)
}

// Open is the page of the chosen object; ok is false when there are none or
// kasa has no page for its type (the message says which).
func (r *Related) Open(objs []apiclient.RelatedObject) (ui.PageID, string, bool) {
	if len(objs) == 0 {
		return ui.PageID{}, r.L.T("Nothing related to open"), false
	}
	o := objs[r.Selected(len(objs))]
	id, ok := nav.Related(o.Type, o.ID)
	if !ok {
		return ui.PageID{}, r.L.Tf("%s has no page in kasa", ObjectLabel(r.L, o)), false
	}
	return id, "", true
}

// Line is "Related: ▸ Invoice 12 · Subject 3", the chosen object marked.
func (r *Related) Line(objs []apiclient.RelatedObject) string {
	if len(objs) == 0 {
		return r.L.T("Related: none")
	}
	parts := make([]string, len(objs))
	sel := r.Selected(len(objs))
	for i, o := range objs {
		parts[i] = ObjectLabelNamed(r.L, o, r.Known)
		if i == sel {
			parts[i] = "▸ " + parts[i]
		}
	}
	hint := "  (" + r.L.T("enter opens") + ")"
	if len(objs) > 1 {
		hint = "  (" + r.L.T("enter opens, ←/→ choose") + ")"
	}
	return r.L.Tf("Related: %s", strings.Join(parts, " · ")) + hint
}

// shortTypes name the long related types in a table cell.
var shortTypes = map[string]string{apiclient.RelatedRecurringGenerator: locale.Key("Recurring"), "ExpenseGenerator": locale.Key("Exp. template")}

// Summary is a short cell naming related objects: "Invoice 12 +1".
func Summary(l locale.Locale, objs []apiclient.RelatedObject) string {
	return SummaryNamed(l, objs, nil)
}

// SummaryNamed is Summary with the names known (see Related.Known).
func SummaryNamed(l locale.Locale, objs []apiclient.RelatedObject, known func(string, int64) (string, bool)) string {
	if len(objs) == 0 {
		return ""
	}
	first := ObjectLabelNamed(l, objs[0], known)
	if known != nil {
		if _, ok := known(objs[0].Type, objs[0].ID); ok {
			if len(objs) == 1 {
				return first
			}
			return first + " +" + strconv.Itoa(len(objs)-1)
		}
	}
	if short, ok := shortTypes[objs[0].Type]; ok {
		first = l.T(short) + " " + strconv.FormatInt(objs[0].ID, 10)
	}
	if len(objs) == 1 {
		return first
	}
	return first + " +" + strconv.Itoa(len(objs)-1)
}

// Rules are the rules behind the service's answers on the to-do, event and
// More pages, for common.Explain: what is the resource ("webhooks" gets the
// webhook rules, anything else the general ones). These pages keep the
// service's own words (a load's failure says where it failed) and add the
// rule after them.
func Rules(what string) common.Refusal {
	notes := map[int]string{
		http.StatusForbidden:       locale.Key("The service refused: the plan or your permission on this account does not allow it"),
		http.StatusPaymentRequired: locale.Key("The account is blocked until its unpaid subscription invoices are paid"),
		http.StatusUnauthorized:    locale.Key("Sign in again with `kasa login`"),
	}
	if what == "webhooks" {
		notes[http.StatusForbidden] = locale.Key("Webhooks work only on paid plans, and managing them through the API must be switched on for this credential (in the credential settings; an OAuth app needs the service's approval)")
		notes[http.StatusNotFound] = locale.Key("A credential sees only the webhooks it made itself")
	}
	return common.Refusal{Notes: notes}
}

// RelatedKeys are the keys of the related-object picker.
type RelatedKeys struct{ Open, Prev, Next key.Binding }

// NewRelatedKeys are enter (open), ←/h and →/l (choose).
func NewRelatedKeys() RelatedKeys {
	return RelatedKeys{
		Open: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open related")),
		Prev: key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "previous related")),
		Next: key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→", "next related")),
	}
}

// Enable offers enter when the selected row (ok) has something to open and
// ←/→ only when there is a choice.
func (k *RelatedKeys) Enable(objs []apiclient.RelatedObject, ok bool) {
	k.Open.SetEnabled(ok && len(objs) > 0)
	k.Prev.SetEnabled(ok && len(objs) > 1)
	k.Next.SetEnabled(ok && len(objs) > 1)
}

// Key handles the picker's keys for the related objects of the selected row
// (ok false when none is selected): enter opens the chosen one, ←/→ choose.
// handled is false for any other key.
func (r *Related) Key(msg tea.KeyMsg, k RelatedKeys, objs []apiclient.RelatedObject, ok bool) (cmd tea.Cmd, handled bool) {
	switch {
	case key.Matches(msg, k.Open):
		if !ok {
			return nil, true
		}
		id, why, found := r.Open(objs)
		if !found {
			return ui.Emit(ui.Toast{Text: why, Kind: ui.ToastWarn}), true
		}
		return ui.Emit(ui.Open{ID: id}), true
	case key.Matches(msg, k.Prev):
		if ok {
			r.Move(-1, len(objs))
		}
		return nil, true
	case key.Matches(msg, k.Next):
		if ok {
			r.Move(1, len(objs))
		}
		return nil, true
	}
	return nil, false
}

// Preview is what the to-do and event pages draw under their table: the
// selected row's text wrapped to lines-1 lines, then its related objects
// with the chosen one marked (blank when nothing is selected, ok false).
func (r *Related) Preview(text string, objs []apiclient.RelatedObject, ok bool, width, lines int, muted lipgloss.Style) []string {
	out := make([]string, 0, lines)
	if ok {
		// The sentence and the names are the service's text: cleaned first.
		out = append(out, Wrap(textclean.Line(text), width, lines-1)...)
	}
	for len(out) < lines-1 {
		out = append(out, "")
	}
	rel := ""
	if ok {
		rel = textclean.Line(r.Line(objs))
	}
	return append(out, muted.Render(ui.FitLine(rel, width)))
}
