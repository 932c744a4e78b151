package table

import "github.com/charmbracelet/lipgloss"

// Styles are the looks of a table. Build them once and share them.
type Styles struct {
	Header   lipgloss.Style
	Row      lipgloss.Style
	Selected lipgloss.Style
	// Dim is used for the footer.
	Dim   lipgloss.Style
	Empty lipgloss.Style
	// SelectedMark is put before the selected row (and blanks of its width
	// before the others), so the selection does not depend on colour.
	SelectedMark string
}

// DefaultMark is the selection mark of the built-in styles.
const DefaultMark = "▸ "

// DefaultStyles returns coloured styles for a dark or a light terminal.
func DefaultStyles(hasDark bool) Styles {
	accent, selBg, dim := lipgloss.Color("25"), lipgloss.Color("153"), lipgloss.Color("244")
	if hasDark {
		accent, selBg, dim = lipgloss.Color("117"), lipgloss.Color("24"), lipgloss.Color("245")
	}
	return Styles{
		Header:       lipgloss.NewStyle().Bold(true).Foreground(accent),
		Row:          lipgloss.NewStyle(),
		Selected:     lipgloss.NewStyle().Bold(true).Background(selBg),
		Dim:          lipgloss.NewStyle().Foreground(dim),
		Empty:        lipgloss.NewStyle().Italic(true).Foreground(dim),
		SelectedMark: DefaultMark,
	}
}

// PlainStyles has no colour and no attributes (NO_COLOR, golden tests); the
// selection is still shown by the mark.
func PlainStyles() Styles {
	return Styles{
		Header:       lipgloss.NewStyle(),
		Row:          lipgloss.NewStyle(),
		Selected:     lipgloss.NewStyle(),
		Dim:          lipgloss.NewStyle(),
		Empty:        lipgloss.NewStyle(),
		SelectedMark: DefaultMark,
	}
}
