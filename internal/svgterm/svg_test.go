package svgterm

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/*.svg")

// span is a <tspan> as drawn: its x positions, its row's y, class and text.
type span struct {
	xs    []float64
	y     float64
	class string
	text  string
}

type rect struct {
	x, y, w, h float64
	fill       string
}

// drawn decodes an SVG (failing the test if it is not well-formed XML) and
// returns the text spans and rectangles inside the cell grid's group.
func drawn(t *testing.T, svg []byte) (spans []span, rects []rect, styles string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var y float64
	var inGrid, inStyle bool
	var cur *span
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			at := map[string]string{}
			for _, a := range tok.Attr {
				at[a.Name.Local] = a.Value
			}
			switch tok.Name.Local {
			case "style":
				inStyle = true
			case "g":
				inGrid = true
			case "text":
				y = parseNum(t, at["y"])
			case "tspan":
				cur = &span{y: y, class: at["class"]}
				for _, f := range strings.Fields(at["x"]) {
					cur.xs = append(cur.xs, parseNum(t, f))
				}
			case "rect":
				if inGrid {
					rects = append(rects, rect{parseNum(t, at["x"]), parseNum(t, at["y"]), parseNum(t, at["width"]), parseNum(t, at["height"]), at["fill"]})
				}
			}
		case xml.CharData:
			if cur != nil {
				cur.text += string(tok)
			}
			if inStyle {
				styles += string(tok)
			}
		case xml.EndElement:
			switch tok.Name.Local {
			case "tspan":
				spans = append(spans, *cur)
				cur = nil
			case "style":
				inStyle = false
			}
		}
	}
	return spans, rects, styles
}

func parseNum(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return v
}

func render(t *testing.T, text string, cols int, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := RenderANSI(&b, text, cols, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// grid are round options, so cell positions are easy to state.
var grid = Options{FontSize: 10, CharWidth: 6, LineHeight: 12}

func TestRenderPutsEveryGlyphOnItsCell(t *testing.T) {
	spans, _, _ := drawn(t, render(t, "ab  cd\n   x", 0, grid))
	if len(spans) != 3 {
		t.Fatalf("spans %+v, want ab, cd, x", spans)
	}
	want := []struct {
		text string
		xs   []float64
		row  int
	}{
		{"ab", []float64{0, 6}, 0},
		{"cd", []float64{24, 30}, 0},
		{"x", []float64{18}, 1},
	}
	for i, w := range want {
		s := spans[i]
		if s.text != w.text || !cmp.Equal(s.xs, w.xs) {
			t.Errorf("span %d = %q at %v, want %q at %v", i, s.text, s.xs, w.text, w.xs)
		}
	}
	if d := spans[2].y - spans[0].y; d != 12 {
		t.Errorf("rows are %v apart, want the line height 12", d)
	}
}

func TestRenderWideRunes(t *testing.T) {
	spans, _, _ := drawn(t, render(t, "a日本b", 0, grid))
	var got []string
	for _, s := range spans {
		got = append(got, s.text+"@"+strconv.FormatFloat(s.xs[0], 'f', -1, 64))
	}
	// 日 fills cells 1-2 and 本 cells 3-4: b is in cell 5.
	want := []string{"a@0", "日@6", "本@18", "b@30"}
	if !cmp.Equal(got, want) {
		t.Errorf("glyphs %v, want %v", got, want)
	}
}

func TestRenderCutsLongRuns(t *testing.T) {
	spans, _, _ := drawn(t, render(t, strings.Repeat("─", 25), 0, grid))
	if len(spans) != 3 {
		t.Fatalf("%d spans, want 3 (runs of at most %d)", len(spans), maxRun)
	}
	if spans[1].xs[0] != 10*6 || spans[2].xs[0] != 20*6 {
		t.Errorf("runs start at %v and %v, want 60 and 120", spans[1].xs[0], spans[2].xs[0])
	}
}

func TestRenderEscapesText(t *testing.T) {
	svg := render(t, `<b> & "q" 'a'`, 0, Options{Title: `A & <B>`})
	spans, _, _ := drawn(t, svg) // fails on malformed XML
	var text []string
	for _, s := range spans {
		text = append(text, s.text)
	}
	if got := strings.Join(text, " "); got != `<b> & "q" 'a'` {
		t.Errorf("text read back = %q", got)
	}
	if !bytes.Contains(svg, []byte("&lt;b&gt;")) || !bytes.Contains(svg, []byte("A &amp; &lt;B&gt;")) {
		t.Errorf("markup characters are not escaped:\n%s", svg)
	}
}

func TestRenderColoursAndAttributes(t *testing.T) {
	text := "\x1b[38;2;255;0;0mr\x1b[0m \x1b[1;38;5;196mB\x1b[0m \x1b[31mx\x1b[0m d"
	spans, _, styles := drawn(t, render(t, text, 0, grid))
	if len(spans) != 4 {
		t.Fatalf("spans %+v", spans)
	}
	if spans[3].class != "" {
		t.Errorf("default text has class %q, want none", spans[3].class)
	}
	if spans[0].class == spans[1].class {
		t.Errorf("plain and bold red share a class")
	}
	rules := map[string]string{}
	for _, line := range strings.Split(styles, "\n") {
		if name, rule, ok := strings.Cut(line, "{"); ok {
			rules[strings.TrimPrefix(name, ".")] = strings.TrimSuffix(rule, "}")
		}
	}
	if got := rules[spans[0].class]; got != "fill:#ff0000" {
		t.Errorf("truecolor red: %q", got)
	}
	if got := rules[spans[1].class]; got != "fill:#ff0000;font-weight:bold" {
		t.Errorf("bold 256-colour red: %q", got)
	}
	if got := rules[spans[2].class]; got != "fill:"+DarkTheme().ANSI[1] {
		t.Errorf("ANSI red: %q", got)
	}
}

func TestRenderBackgroundsAndReverse(t *testing.T) {
	th := DarkTheme()
	// Two cells on blue, then "rv" in reverse video (default colours swapped), then plain.
	_, rects, _ := drawn(t, render(t, "\x1b[44mab\x1b[0m\x1b[7mrv\x1b[0m z", 0, grid))
	want := []rect{
		{0, 0, 12, 12, th.ANSI[4]},
		{12, 0, 12, 12, th.Foreground},
	}
	if !cmp.Equal(rects, want, cmp.AllowUnexported(rect{})) {
		t.Errorf("rects %+v, want %+v", rects, want)
	}
	spans, _, styles := drawn(t, render(t, "\x1b[7mrv", 0, grid))
	if !strings.Contains(styles, "."+spans[0].class+"{fill:"+th.Background+"}") {
		t.Errorf("reverse text is not drawn in the background colour: class %q in\n%s", spans[0].class, styles)
	}
}

func TestRenderUnderline(t *testing.T) {
	_, rects, _ := drawn(t, render(t, "a\x1b[4mbc d\x1b[24me", 0, grid))
	if len(rects) != 1 || rects[0].x != 6 || rects[0].w != 24 || rects[0].h != 1 {
		t.Errorf("rects %+v, want one line under cells 1-4", rects)
	}
}

func TestRenderSizeFollowsTheGrid(t *testing.T) {
	svg := string(render(t, "x", 80, grid))
	rows := 1
	w := 2*padX + 80*6
	h := titleBarHeight + 2*padY + float64(rows)*12
	want := `width="` + num(w) + `" height="` + num(h) + `"`
	if !strings.Contains(svg, want) {
		t.Errorf("svg header lacks %s:\n%s", want, svg[:200])
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	text := "\x1b[1;38;2;183;164;255m[1 Subjects]\x1b[0m \x1b[38;5;245m2 Invoices\x1b[0m\n" +
		"\x1b[48;2;68;56;110m▸ Kavárna Na Rohu  25\x1b[0m\n日本 😀 \x1b[3;4mitalic\x1b[0m"
	a := render(t, text, 40, Options{Title: "kasa"})
	for range 5 {
		if b := render(t, text, 40, Options{Title: "kasa"}); !bytes.Equal(a, b) {
			t.Fatalf("two renders differ:\n%s\n----\n%s", a, b)
		}
	}
}

// TestRenderGolden pins the whole file for a small fixed screen; run
// `go test ./internal/svgterm -update` after an intended change and look at
// testdata/small.svg.
func TestRenderGolden(t *testing.T) {
	text := "\x1b[1;38;2;183;164;255;48;2;59;47;107m[1 Subjects]\x1b[0m \x1b[38;2;138;138;138m2 Invoices\x1b[0m\n" +
		"\x1b[1mSubjects\x1b[0m › \x1b[1mKavárna Na Rohu\x1b[0m\n" +
		"╭────────────╮\n" +
		"│ \x1b[32m● online\x1b[0m   │ 日本 <&>\n" +
		"╰────────────╯ \x1b[4;2munder\x1b[0m \x1b[7mrev\x1b[0m"
	got := render(t, text, 32, Options{Title: "svgterm golden"})
	path := filepath.Join("testdata", "small.svg")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (go test -update writes it): %v", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("differs from %s (-want +got):\n%s", path, diff)
	}
}

func TestRenderReportsWriteErrors(t *testing.T) {
	if err := RenderANSI(failingWriter{}, "x", 0, Options{}); err == nil {
		t.Error("a failed write is not reported")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func BenchmarkRender120x40(b *testing.B) {
	line := "\x1b[38;2;183;164;255mN2026-0040\x1b[0m Softvérové riešenia Žilina s.r.o.  \x1b[1m2026-11-20\x1b[0m 300.0 EUR ○ open"
	text := strings.TrimSuffix(strings.Repeat(line+"\n", 40), "\n")
	for b.Loop() {
		if err := RenderANSI(io.Discard, text, 120, Options{Title: "bench"}); err != nil {
			b.Fatal(err)
		}
	}
}
