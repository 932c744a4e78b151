package svgterm

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Options say how a screen is drawn. The zero value is a 15 px font on a dark
// terminal with no title.
type Options struct {
	Title      string // shown in the window's title bar
	Theme      Theme  // zero: DarkTheme()
	FontFamily string // a CSS font-family list; "" means DefaultFontFamily
	FontSize   float64
	CharWidth  float64 // a cell's width; 0 means 0.6 × FontSize
	LineHeight float64 // a row's height; 0 means the font's, rounded up to half a pixel
}

// DefaultFontFamily lists monospace fonts common on the systems that will
// show the SVG; the cell grid does not depend on which one is found.
const DefaultFontFamily = `'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', 'Courier New', monospace`

// Frame geometry in px.
const (
	titleBarHeight = 32.0
	padX           = 14.0
	padY           = 12.0
	cornerRadius   = 8.0
)

// The font's ascent and descent in em (DejaVu Sans Mono and its kin): they
// put the baseline so that box-drawing characters meet from row to row.
const (
	fontAscent  = 0.928
	fontDescent = 0.236
)

func (o Options) withDefaults() Options {
	if o.Theme.Foreground == "" {
		o.Theme = DarkTheme()
	}
	if o.FontFamily == "" {
		o.FontFamily = DefaultFontFamily
	}
	if o.FontSize <= 0 {
		o.FontSize = 15
	}
	if o.CharWidth <= 0 {
		o.CharWidth = 0.6 * o.FontSize
	}
	if o.LineHeight <= 0 {
		// As tall as the font's box, so that box-drawing lines meet.
		o.LineHeight = math.Ceil((fontAscent+fontDescent)*o.FontSize*2) / 2
	}
	return o
}

// RenderANSI parses text (ANSI escapes included) on a grid of cols columns
// (0: as wide as its widest line) and writes it as an SVG image to w.
func RenderANSI(w io.Writer, text string, cols int, o Options) error {
	return Render(w, Parse(text, cols), o)
}

// Render writes s as a standalone SVG image: a window frame with a title
// bar, and every cell at x = column × CharWidth, y = row × LineHeight.
// The same screen and options always give the same bytes.
func Render(w io.Writer, s *Screen, o Options) error {
	o = o.withDefaults()
	r := &renderer{o: o, classes: map[textStyle]string{}}
	body := r.body(s)

	var b bytes.Buffer
	width := 2*padX + float64(s.Width)*o.CharWidth
	height := titleBarHeight + 2*padY + float64(s.Height)*o.LineHeight
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %[1]s %[2]s">`+"\n", num(width), num(height))
	b.WriteString("<style>\n")
	fmt.Fprintf(&b, ".t{font-family:%s;font-size:%spx;white-space:pre;fill:%s}\n", o.FontFamily, num(o.FontSize), o.Theme.Foreground)
	fmt.Fprintf(&b, ".title{font-family:%s;font-size:13px;fill:#9a9a9e;text-anchor:middle}\n", o.FontFamily)
	for _, c := range r.order {
		fmt.Fprintf(&b, ".%s{%s}\n", r.classes[c], c.css())
	}
	b.WriteString("</style>\n")
	r.frame(&b, width, height)
	fmt.Fprintf(&b, `<g transform="translate(%s %s)">`+"\n", num(padX), num(titleBarHeight+padY))
	b.Write(body)
	b.WriteString("</g>\n</svg>\n")
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}

// frame draws the window: background, title bar, buttons and title.
func (r *renderer) frame(b *bytes.Buffer, width, height float64) {
	t := r.o.Theme
	fmt.Fprintf(b, `<rect x="0.5" y="0.5" width="%s" height="%s" rx="%s" fill="%s" stroke="#3a3a3e"/>`+"\n",
		num(width-1), num(height-1), num(cornerRadius), t.Background)
	fmt.Fprintf(b, `<path d="M0.5 %s V%s A%s %s 0 0 1 %s 0.5 H%s A%s %s 0 0 1 %s %s Z" fill="#26262a" stroke="#3a3a3e"/>`+"\n",
		num(titleBarHeight), num(cornerRadius+0.5), num(cornerRadius), num(cornerRadius), num(cornerRadius+0.5),
		num(width-cornerRadius-0.5), num(cornerRadius), num(cornerRadius), num(width-0.5), num(titleBarHeight))
	for i, c := range []string{"#ff5f57", "#febc2e", "#28c840"} {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="6" fill="%s"/>`+"\n", num(20+float64(i)*20), num(titleBarHeight/2), c)
	}
	if r.o.Title != "" {
		fmt.Fprintf(b, `<text class="title" x="%s" y="%s">%s</text>`+"\n", num(width/2), num(titleBarHeight/2+4.5), escape(r.o.Title))
	}
}

// textStyle is what a run of text looks like; each distinct one gets a CSS class.
type textStyle struct {
	fill                string
	bold, italic, faint bool
}

func (t textStyle) css() string {
	parts := []string{"fill:" + t.fill}
	if t.bold {
		parts = append(parts, "font-weight:bold")
	}
	if t.italic {
		parts = append(parts, "font-style:italic")
	}
	if t.faint {
		parts = append(parts, "fill-opacity:.6")
	}
	return strings.Join(parts, ";")
}

type renderer struct {
	o       Options
	classes map[textStyle]string
	order   []textStyle // classes in order of first use, for stable output
}

// class names a text style; the default style needs none.
func (r *renderer) class(t textStyle) string {
	if t == (textStyle{fill: r.o.Theme.Foreground}) {
		return ""
	}
	if c, ok := r.classes[t]; ok {
		return c
	}
	c := "s" + strconv.Itoa(len(r.order))
	r.classes[t] = c
	r.order = append(r.order, t)
	return c
}

// colors are a cell's drawn foreground and background ("" for the
// terminal's own background), reverse video applied.
func (r *renderer) colors(st Style) (fg, bg string) {
	t := &r.o.Theme
	fg, bg = t.hex(st.Fg, t.Foreground), t.hex(st.Bg, "")
	if st.Reverse {
		fg, bg = t.hex(st.Bg, t.Background), t.hex(st.Fg, t.Foreground)
	}
	if bg == t.Background {
		bg = ""
	}
	return fg, bg
}

// body draws the cells: backgrounds, then lines, then text, row by row.
func (r *renderer) body(s *Screen) []byte {
	var bg, lines, text bytes.Buffer
	for y, row := range s.Rows {
		r.backgrounds(&bg, row, y)
		r.decorations(&lines, row, y)
		r.text(&text, row, y)
	}
	var b bytes.Buffer
	b.Write(bg.Bytes())
	b.Write(lines.Bytes())
	b.Write(text.Bytes())
	return b.Bytes()
}

// backgrounds draws one rectangle per run of cells with the same background.
func (r *renderer) backgrounds(b *bytes.Buffer, row []Cell, y int) {
	start, cur := 0, ""
	flush := func(end int) {
		if cur != "" && end > start {
			fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
				num(float64(start)*r.o.CharWidth), num(float64(y)*r.o.LineHeight),
				num(float64(end-start)*r.o.CharWidth), num(r.o.LineHeight), cur)
		}
	}
	for x, c := range row {
		_, bg := r.colors(c.Style)
		if bg != cur {
			flush(x)
			start, cur = x, bg
		}
	}
	flush(len(row))
}

// decorations draws underlines and strike-through lines as thin rectangles,
// which every renderer draws alike (text-decoration on tspan varies).
func (r *renderer) decorations(b *bytes.Buffer, row []Cell, y int) {
	base := r.baseline(y)
	for _, d := range []struct {
		on     func(Style) bool
		offset float64
	}{
		{func(s Style) bool { return s.Underline }, 0.13 * r.o.FontSize},
		{func(s Style) bool { return s.Strikethrough }, -0.3 * r.o.FontSize},
	} {
		start, cur := 0, ""
		flush := func(end int) {
			if cur != "" && end > start {
				fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="1" fill="%s"/>`+"\n",
					num(float64(start)*r.o.CharWidth), num(base+d.offset), num(float64(end-start)*r.o.CharWidth), cur)
			}
		}
		for x, c := range row {
			color := ""
			if d.on(c.Style) && !c.Style.Conceal {
				color, _ = r.colors(c.Style)
			}
			if color != cur {
				flush(x)
				start, cur = x, color
			}
		}
		flush(len(row))
	}
}

// baseline is the y of row's baseline: the font's box centred in the row.
func (r *renderer) baseline(row int) float64 {
	return float64(row)*r.o.LineHeight + r.o.LineHeight/2 + (fontAscent-fontDescent)/2*r.o.FontSize
}

// text writes a row as one <text> of <tspan>s, one per run of non-blank
// cells of one style, spaces left out. Each character gets its own x (an
// SVG x list), so every glyph sits on its cell whatever the real advance of
// the font that draws it. A wide or multi-rune cell is a run of its own: an
// x list places code points, and such a cell holds one glyph of several.
// Runs are also cut every maxRun cells, for renderers that honour only the
// first x of a list (librsvg): their drift stays under a pixel.
func (r *renderer) text(b *bytes.Buffer, row []Cell, y int) {
	var spans strings.Builder
	var word strings.Builder
	var xs []string
	cls, open := "", false
	flush := func() {
		if !open {
			return
		}
		spans.WriteString(`<tspan x="` + strings.Join(xs, " ") + `"`)
		if cls != "" {
			spans.WriteString(` class="` + cls + `"`)
		}
		spans.WriteString(">" + escape(word.String()) + "</tspan>")
		word.Reset()
		xs = xs[:0]
		open = false
	}
	for x, c := range row {
		if c.Width == 0 {
			continue // the second half of a wide cell
		}
		if c.Text == "" || c.Text == " " || c.Style.Conceal {
			flush()
			continue
		}
		fg, _ := r.colors(c.Style)
		k := r.class(textStyle{fill: fg, bold: c.Style.Bold, italic: c.Style.Italic, faint: c.Style.Faint})
		single := c.Width == 1 && singleBMPRune(c.Text)
		if open && (k != cls || !single || len(xs) >= maxRun) {
			flush()
		}
		if !open {
			cls, open = k, true
		}
		word.WriteString(c.Text)
		xs = append(xs, num(float64(x)*r.o.CharWidth))
		if !single {
			flush()
		}
	}
	flush()
	if spans.Len() > 0 {
		fmt.Fprintf(b, `<text class="t" y="%s">%s</text>`+"\n", num(r.baseline(y)), spans.String())
	}
}

// maxRun is the most cells one <tspan> holds.
const maxRun = 10

// singleBMPRune reports whether s is one rune of the Basic Multilingual
// Plane: one character both for SVG 1.1 (UTF-16 units) and SVG 2 (code points).
func singleBMPRune(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return size == len(s) && r <= 0xffff && r != utf8.RuneError
}

// num formats a coordinate with at most two decimals and no float noise.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// escape makes text safe in XML character data and attribute values.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xfffe, r == 0xffff:
			// not allowed in XML 1.0 at all
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
