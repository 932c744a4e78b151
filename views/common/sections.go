package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"

	"github.com/kasa-tui/kasa/ui"
)

// Field is one label/value row of a detail page. Value is raw text (the
// record's): RenderGroups cleans it, then gives it the Warning style when
// Warn is set.
type Field struct {
	Label, Value string
	Warn         bool
}

// Group is a titled set of fields ("Contact", "Addresses", "Tax").
type Group struct {
	Title  string
	Fields []Field
}

// F is shorthand for a Field.
func F(label, value string) Field { return Field{Label: label, Value: value} }

// RenderGroups draws groups as a title line and aligned "label  value" rows
// in width cells. Empty values are left out (a group with none says
// "none"); long values wrap under their own column.
//
// Titles and labels are catalog keys, translated here.
func RenderGroups(d *Deps, groups []Group, width int) string {
	st := d.Styles
	groups = translated(d, groups)
	labelW := 0
	for _, g := range groups {
		for _, f := range g.Fields {
			labelW = max(labelW, ansi.StringWidth(f.Label))
		}
	}
	labelW = min(labelW, max(10, width/3))
	valueW := max(10, width-labelW-4)
	var b strings.Builder
	for i, g := range groups {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(st.Header.Render(g.Title) + "\n")
		n := 0
		for _, f := range g.Fields {
			if strings.TrimSpace(f.Value) == "" {
				continue
			}
			n++
			label := ui.FitLine(f.Label, labelW)
			// Values are the record's text: cleaned (line breaks kept, for
			// notes), and only then styled.
			for j, line := range strings.Split(ansi.Wrap(textclean.Lines(f.Value), valueW, " ,/"), "\n") {
				if j > 0 {
					label = strings.Repeat(" ", labelW)
				}
				if f.Warn {
					line = st.Warning.Render(line)
				}
				b.WriteString("  " + st.Muted.Render(label) + "  " + line + "\n")
			}
		}
		if n == 0 {
			b.WriteString("  " + st.Muted.Render(d.L.T("none")) + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// Column is a column of a text table inside a detail page.
type Column struct {
	Title string
	Width int  // least width
	Right bool // right-aligned (money, quantities)
	Flex  bool // takes the room left over (one column, typically the name)
}

// RenderTable draws a fixed-width text table (lines, payments) in width
// cells: a header, a rule and the rows; empty says what no rows means.
func RenderTable(cols []Column, rows [][]string, width int, empty string, st ui.Styles) string {
	if len(rows) == 0 {
		return "  " + st.Muted.Render(empty)
	}
	widths := make([]int, len(cols))
	used := 2
	for i, c := range cols {
		w := max(c.Width, ansi.StringWidth(c.Title))
		for _, r := range rows {
			if i < len(r) && !c.Flex {
				w = max(w, ansi.StringWidth(r[i]))
			}
		}
		widths[i] = w
		used += w
		if i > 0 {
			used += 2
		}
	}
	for i, c := range cols {
		if c.Flex && used < width {
			widths[i] += width - used
			break
		}
	}
	// Cells are the records' text, cleaned here; titles are kasa's.
	for _, r := range rows {
		for i, c := range r {
			r[i] = textclean.Line(c)
		}
	}
	line := func(cells []string) string {
		var b strings.Builder
		b.WriteString("  ")
		for i, c := range cols {
			if i > 0 {
				b.WriteString("  ")
			}
			s := ""
			if i < len(cells) {
				s = cells[i]
			}
			if c.Right {
				b.WriteString(padLeft(s, widths[i]))
			} else {
				b.WriteString(ui.FitLine(s, widths[i]))
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	titles := make([]string, len(cols))
	total := 0
	for i, c := range cols {
		titles[i] = c.Title
		total += widths[i]
	}
	var b strings.Builder
	b.WriteString(st.Muted.Render(line(titles)) + "\n")
	b.WriteString("  " + st.Muted.Render(strings.Repeat("─", min(total+2*(len(cols)-1), max(0, width-2)))) + "\n")
	for _, r := range rows {
		b.WriteString(line(r) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// Heading is a section heading inside a detail page.
func Heading(title string, st ui.Styles) string { return st.Header.Render(textclean.Line(title)) }

// translated is groups with their titles and labels in d's language.
func translated(d *Deps, groups []Group) []Group {
	out := make([]Group, len(groups))
	for i, g := range groups {
		out[i] = Group{Title: d.L.T(g.Title), Fields: make([]Field, len(g.Fields))}
		for j, f := range g.Fields {
			out[i].Fields[j] = Field{Label: d.L.T(f.Label), Value: f.Value, Warn: f.Warn}
		}
	}
	return out
}
