package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// A long help in a narrow, short box: every key is listed, no line is
// wider than the box, and the columns are as few as let it fit the rows.
func TestPackedHelpListsEveryKeyWithinTheBox(t *testing.T) {
	var page, shell []key.Binding
	for i := range 24 {
		k := fmt.Sprintf("k%d", i)
		page = append(page, key.NewBinding(key.WithKeys(k), key.WithHelp(k, strings.Repeat("dlouhý popis ", 1+i%3))))
	}
	for i := range 7 {
		k := fmt.Sprintf("s%d", i)
		shell = append(shell, key.NewBinding(key.WithKeys(k), key.WithHelp(k, "sekce")))
	}
	off := key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "vypnuto"))
	off.SetEnabled(false)
	page = append(page, off)

	c1, c2 := helpColumns(len(shown(page)), len(shown(shell)), 14)
	if c1 != 2 || c2 != 4 { // the page's keys in as few columns as leave the shell's room
		t.Errorf("columns %d and %d for 24 and 7 keys in 14 rows, want 2 (12 rows) and 4 (2 rows)", c1, c2)
	}
	out := packHelp(help.New().Styles, page, c1, 76)
	lines := strings.Split(out, "\n")
	if len(lines) != 12 {
		t.Errorf("%d lines, want 12:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 76 {
			t.Errorf("a line of %d cells: %q", w, l)
		}
	}
	for i := range 24 {
		if !strings.Contains(out, fmt.Sprintf("k%d ", i)) {
			t.Errorf("key k%d is missing:\n%s", i, out)
		}
	}
	if strings.Contains(out, "vypnuto") {
		t.Error("a disabled key is listed")
	}
}
