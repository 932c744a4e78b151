package svgterm

import (
	"strings"
	"testing"
)

// rowText is a row's text as a terminal shows it, continuation cells left out.
func rowText(row []Cell) string {
	var b strings.Builder
	for _, c := range row {
		switch {
		case c.Width == 0:
		case c.Text == "":
			b.WriteByte(' ')
		default:
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

func TestParseLaysTextOnTheGrid(t *testing.T) {
	s := Parse("ab\x1b[1mc\x1b[0md\nxy", 6)
	if s.Width != 6 || s.Height != 2 {
		t.Fatalf("grid %dx%d, want 6x2", s.Width, s.Height)
	}
	for i, row := range s.Rows {
		if len(row) != 6 {
			t.Errorf("row %d has %d cells, want 6", i, len(row))
		}
	}
	if got := rowText(s.Rows[0]); got != "abcd  " {
		t.Errorf("row 0 = %q", got)
	}
	if got := rowText(s.Rows[1]); got != "xy    " {
		t.Errorf("row 1 = %q", got)
	}
	if !s.Rows[0][2].Style.Bold || s.Rows[0][1].Style.Bold || s.Rows[0][3].Style.Bold {
		t.Errorf("only c is bold: %+v", s.Rows[0][:4])
	}
}

func TestParseStyleCarriesAcrossLines(t *testing.T) {
	s := Parse("\x1b[31ma\nb\x1b[m", 0)
	if s.Rows[1][0].Style.Fg != Indexed(1) {
		t.Errorf("b's style = %+v, want red kept from the line before", s.Rows[1][0].Style)
	}
}

func TestParseWidths(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		cells []int // Width of each cell
	}{
		{"czech diacritics are narrow", "Žluťoučký kůň", []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
		{"cjk is wide", "日本", []int{2, 0, 2, 0}},
		{"emoji is wide", "a😀b", []int{1, 2, 0, 1}},
		{"decomposed accent is one cell", "e\u0301x", []int{1, 1}},
		{"box drawing is narrow", "╭─╮", []int{1, 1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.text, 0)
			if len(s.Rows[0]) != len(tt.cells) {
				t.Fatalf("%d cells, want %d: %+v", len(s.Rows[0]), len(tt.cells), s.Rows[0])
			}
			for i, w := range tt.cells {
				if s.Rows[0][i].Width != w {
					t.Errorf("cell %d width %d, want %d", i, s.Rows[0][i].Width, w)
				}
			}
		})
	}
	if got := Parse("e\u0301x", 0).Rows[0][0].Text; got != "e\u0301" {
		t.Errorf("a cluster stays whole in its cell: %q", got)
	}
}

func TestParseCutsAtTheRightEdge(t *testing.T) {
	s := Parse("abcdef\n日本語", 5)
	if got := rowText(s.Rows[0]); got != "abcde" {
		t.Errorf("row 0 = %q, want it cut to 5 cells", got)
	}
	// 日本 fill 4 cells; 語 does not fit in the fifth and is left out.
	if got := rowText(s.Rows[1]); got != "日本 " {
		t.Errorf("row 1 = %q", got)
	}
}

func TestParseSkipsOtherSequencesAndControls(t *testing.T) {
	text := "\x1b]8;;https://example.com\x07link\x1b]8;;\x1b\\" + // OSC 8 hyperlink
		"\x1b[2K\x1b[?25l" + // CSI erase, private mode
		"\x1b(B" + // two-byte escape
		"\a!"
	if got := rowText(Parse(text, 0).Rows[0]); got != "link!" {
		t.Errorf("text = %q, want only the printable part", got)
	}
}

func TestParseTabsAndCarriageReturn(t *testing.T) {
	s := Parse("a\tb\nxyz\rQ", 0)
	if got := rowText(s.Rows[0]); got != "a       b" {
		t.Errorf("tab: %q", got)
	}
	if got := strings.TrimRight(rowText(s.Rows[1]), " "); got != "Qyz" {
		t.Errorf("carriage return overwrites: %q", got)
	}
}

func TestParseOverwritingHalfAWideCell(t *testing.T) {
	s := Parse("日\rx", 0)
	if got := rowText(s.Rows[0]); got != "x " {
		t.Errorf("row = %q, want the wide cell's other half blanked", got)
	}
	if s.Rows[0][1].Width != 1 {
		t.Errorf("second cell width %d, want 1", s.Rows[0][1].Width)
	}
}

func TestParseAutoWidthIsTheWidestLine(t *testing.T) {
	s := Parse("ab\n\x1b[1mabcd\x1b[0m\n日", 0)
	if s.Width != 4 {
		t.Errorf("width %d, want 4", s.Width)
	}
}
