package todos

import (
	"strings"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// View draws the subtitle, the list shown and the selected to-do's text
// and related objects, or the failure.
func (p *Page) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	lines := []string{p.subtitle()}
	if p.state == failed {
		lines = append(lines, "", common.LoadFailed(p.d, p.d.L.T("to-dos"), p.err, p.width))
		return strings.Join(lines, "\n")
	}
	lines = append(lines, p.cur().View())
	lines = append(lines, p.preview()...)
	return strings.Join(lines, "\n")
}

// subtitle is which list is shown on the left, the counts on the right.
func (p *Page) subtitle() string {
	st := p.d.Styles
	l := p.d.L
	left := l.T("open to-dos · c shows the completed ones")
	if p.showDone {
		left = l.T("completed to-dos · c shows the open ones")
	}
	var right string
	switch {
	case p.state == loading:
		right = l.T("loading…")
	case p.state == failed:
		right = l.T("failed")
	default:
		right = l.Nf(p.open.Len(), "%d open|%d open", p.open.Len()) + ", " + l.Nf(p.done.Len(), "%d completed|%d completed", p.done.Len())
		if p.want != 0 {
			right += ", " + l.T("refreshing…")
		}
	}
	return ui.JoinRight(st.Muted.Render(left), st.Muted.Render(right), p.width)
}

// preview is the selected to-do's whole text and its related objects.
func (p *Page) preview() []string {
	t, ok := p.cur().Selected()
	return p.rel.Preview(Sentence(p.d.L, t.Name)+" — "+t.Text, t.RelatedObjects, ok && p.state == ready, p.width, previewLines, p.d.Styles.Muted)
}
