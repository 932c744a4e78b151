package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

// JoinRight keeps right whole at the line's right edge while it fits and
// cuts left first; a right wider than the line is cut with "…", never
// dropped; the line is always exactly width cells.
func TestJoinRightCutsWhatDoesNotFit(t *testing.T) {
	cases := []struct {
		left, right string
		width       int
		want        string
	}{
		{"Subjects", "Saved", 20, "Subjects       Saved"},
		{"Subjects › Kavárna Na Rohu", "Saved", 20, "Subjects › Ka… Saved"},
		// Never cut right after a figure ("2026-…"): the number goes whole.
		{"Subjects", "Sent invoice 2026-0042 to Kavárna Na Rohu", 20, "Subj… Sent invoice …"},
		{"Subjects", "Sent", 5, " Sent"},
		{"Subjects", "Sent", 2, " …"},
		{"Subjects", "", 6, "Subje…"},
	}
	for _, c := range cases {
		got := JoinRight(c.left, c.right, c.width)
		if got != c.want {
			t.Errorf("JoinRight(%q, %q, %d) = %q, want %q", c.left, c.right, c.width, got, c.want)
		}
		if w := ansi.StringWidth(got); w != c.width {
			t.Errorf("JoinRight(%q, %q, %d) is %d wide", c.left, c.right, c.width, w)
		}
	}
}

// A toast wider than the top line, with the service's text in it, shows
// its start cleaned and cut with "…" on the top line (issue 26).
func TestToastWiderThanTheLineIsCutNotDropped(t *testing.T) {
	f := newFixture(t, nil)
	f.send(Toast{Text: "Sent invoice to Kavárna " + cleantest.Hostile() + strings.Repeat(" and more", 20), Kind: ToastSuccess})
	top := strings.Split(f.m.View(), "\n")[1]
	if !strings.Contains(top, "Sent invoice to Kavárna") || !strings.HasSuffix(strings.TrimRight(top, " "), "…") {
		t.Errorf("the top line does not show the toast's start cut with …: %q", top)
	}
	if err := cleantest.Control(top); err != nil {
		t.Error(err)
	}
	if w := ansi.StringWidth(top); w != 80 {
		t.Errorf("the top line is %d wide, want 80: %q", w, top)
	}
}
