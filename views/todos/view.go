package todos

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/views/more/kit"
)

// View draws the subtitle, the list shown and the selected to-do's text
// and related objects, or the failure.
func (p *Page) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	st := p.d.Styles
	lines := []string{p.subtitle()}
	if p.state == failed {
		lines = append(lines, "", lipgloss.NewStyle().Width(p.width).Render(
			st.Error.Render("✕ Could not load to-dos: "+p.err.Error()+".")+" Press r to retry."))
		return strings.Join(lines, "\n")
	}
	lines = append(lines, p.cur().View())
	lines = append(lines, p.preview()...)
	return strings.Join(lines, "\n")
}

// subtitle is which list is shown on the left, the counts on the right.
func (p *Page) subtitle() string {
	st := p.d.Styles
	left := "open to-dos · c shows the completed ones"
	if p.showDone {
		left = "completed to-dos · c shows the open ones"
	}
	var right string
	switch {
	case p.state == loading:
		right = "loading…"
	case p.state == failed:
		right = "failed"
	case p.want != 0:
		right = fmt.Sprintf("%d open, %d completed, refreshing…", p.open.Len(), p.done.Len())
	default:
		right = fmt.Sprintf("%d open, %d completed", p.open.Len(), p.done.Len())
	}
	return kit.JoinRight(st.Muted.Render(left), st.Muted.Render(right), p.width)
}

// preview is the selected to-do's whole text and its related objects.
func (p *Page) preview() []string {
	st := p.d.Styles
	out := make([]string, 0, previewLines)
	t, ok := p.cur().Selected()
	if ok && p.state == ready {
		out = append(out, kit.Wrap(Sentence(t.Name)+" — "+t.Text, p.width, previewLines-1)...)
	}
	for len(out) < previewLines-1 {
		out = append(out, "")
	}
	rel := ""
	if ok && p.state == ready {
		rel = p.rel.Line(t.RelatedObjects)
	}
	out = append(out, st.Muted.Render(kit.FitLine(rel, p.width)))
	return out
}
