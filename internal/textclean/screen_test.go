package textclean_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

// styled renders s with colours on, as kasa's styles do on a terminal.
func styled(s string) string {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.TrueColor)
	return r.NewStyle().Bold(true).Foreground(lipgloss.Color("#ff8800")).Background(lipgloss.Color("12")).Render(s)
}

func TestScreenKeepsStylesAndLineBreaks(t *testing.T) {
	frame := styled("Faktura 2026-0012") + "\n" + styled("1 500,00 Kč") + " ✓\n"
	if !strings.Contains(frame, "\x1b[") {
		t.Fatalf("the test frame has no styles: %q", frame)
	}
	if got := textclean.Screen(frame); got != frame {
		t.Errorf("Screen changed a clean frame:\n got %q\nwant %q", got, frame)
	}
	if a := testing.AllocsPerRun(100, func() { _ = textclean.Screen(frame) }); a != 0 {
		t.Errorf("a clean frame allocates %v times", a)
	}
}

// Whatever a page forgot to clean, only its colours could pass: with the
// SGR payload left out, nothing a terminal acts on remains.
func TestScreenNeutralisesEverythingButStyles(t *testing.T) {
	for _, p := range cleantest.Payloads {
		if p.Class == "SGR" {
			continue
		}
		frame := styled("row") + " " + p.Text + "\n" + styled("next")
		got := textclean.Screen(frame)
		rest := strings.NewReplacer(styled("row"), "row", styled("next"), "next").Replace(got)
		if err := cleantest.Control(rest); err != nil {
			t.Errorf("%s: %v", p.Class, err)
		}
		if !strings.HasPrefix(got, styled("row")) || !strings.HasSuffix(got, "\n"+styled("next")) {
			t.Errorf("%s: kasa's styles lost: %q", p.Class, got)
		}
	}
}

func BenchmarkScreen(b *testing.B) {
	line := styled("Acme s.r.o.") + "  2026-0012  " + styled("1 500,00 Kč") + strings.Repeat(" ", 60)
	frame := strings.Repeat(line+"\n", 40)
	b.ReportAllocs()
	b.SetBytes(int64(len(frame)))
	for b.Loop() {
		sink = textclean.Screen(frame)
	}
}
