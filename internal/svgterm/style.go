package svgterm

import (
	"strconv"
	"strings"
)

// colorKind says how a Color is given.
type colorKind uint8

const (
	colorDefault colorKind = iota // the terminal's default foreground or background
	colorIndexed                  // one of the 256 palette colours
	colorRGB                      // a 24-bit colour
)

// Color is a cell's foreground or background as the escape sequence gave it;
// the palette turns it into RGB only when the SVG is written.
type Color struct {
	kind  colorKind
	index uint8
	rgb   [3]uint8
}

// DefaultColor is the terminal's default colour (SGR 39 / 49).
func DefaultColor() Color { return Color{} }

// Indexed is palette colour i (0-15 the ANSI colours, 16-255 the xterm cube and greys).
func Indexed(i uint8) Color { return Color{kind: colorIndexed, index: i} }

// RGB is a truecolor colour.
func RGB(r, g, b uint8) Color { return Color{kind: colorRGB, rgb: [3]uint8{r, g, b}} }

// IsDefault reports whether c is the terminal's default colour.
func (c Color) IsDefault() bool { return c.kind == colorDefault }

// Style is the SGR state of a cell.
type Style struct {
	Fg, Bg                          Color
	Bold, Faint, Italic, Underline  bool
	Reverse, Conceal, Strikethrough bool
}

// applySGR updates st with the parameters of one "CSI ... m" sequence.
// Parameters are separated by ';'; a parameter may carry ':' sub-parameters
// (the ITU form 38:2::r:g:b and the underline styles 4:0..4:5).
func applySGR(st Style, params string) Style {
	if params == "" {
		return Style{}
	}
	fields := strings.Split(params, ";")
	for i := 0; i < len(fields); i++ {
		sub := strings.Split(fields[i], ":")
		n := atoi(sub[0])
		switch {
		case n == 0:
			st = Style{}
		case n == 1:
			st.Bold = true
		case n == 2:
			st.Faint = true
		case n == 3:
			st.Italic = true
		case n == 4:
			st.Underline = len(sub) < 2 || atoi(sub[1]) != 0
		case n == 7:
			st.Reverse = true
		case n == 8:
			st.Conceal = true
		case n == 9:
			st.Strikethrough = true
		case n == 21:
			st.Underline = true // double underline, drawn single
		case n == 22:
			st.Bold, st.Faint = false, false
		case n == 23:
			st.Italic = false
		case n == 24:
			st.Underline = false
		case n == 27:
			st.Reverse = false
		case n == 28:
			st.Conceal = false
		case n == 29:
			st.Strikethrough = false
		case n >= 30 && n <= 37:
			st.Fg = Indexed(uint8(n - 30))
		case n == 39:
			st.Fg = DefaultColor()
		case n >= 40 && n <= 47:
			st.Bg = Indexed(uint8(n - 40))
		case n == 49:
			st.Bg = DefaultColor()
		case n >= 90 && n <= 97:
			st.Fg = Indexed(uint8(n - 90 + 8))
		case n >= 100 && n <= 107:
			st.Bg = Indexed(uint8(n - 100 + 8))
		case n == 38 || n == 48:
			var c Color
			var ok bool
			if len(sub) > 1 {
				c, ok = extendedColor(sub[1:])
			} else {
				var used int
				c, used, ok = extendedColorFields(fields[i+1:])
				i += used
			}
			if ok {
				if n == 38 {
					st.Fg = c
				} else {
					st.Bg = c
				}
			}
		}
	}
	return st
}

// extendedColorFields reads "5;n" or "2;r;g;b" from the fields after 38/48
// and says how many fields it used.
func extendedColorFields(rest []string) (Color, int, bool) {
	if len(rest) == 0 {
		return Color{}, 0, false
	}
	switch atoi(rest[0]) {
	case 5:
		if len(rest) < 2 {
			return Color{}, len(rest), false
		}
		return Indexed(clamp8(atoi(rest[1]))), 2, true
	case 2:
		if len(rest) < 4 {
			return Color{}, len(rest), false
		}
		return RGB(clamp8(atoi(rest[1])), clamp8(atoi(rest[2])), clamp8(atoi(rest[3]))), 4, true
	}
	return Color{}, 1, false
}

// extendedColor reads the colon form: "5:n", "2:r:g:b" or "2:cs:r:g:b"
// (with a colour-space id, usually empty).
func extendedColor(sub []string) (Color, bool) {
	switch atoi(sub[0]) {
	case 5:
		if len(sub) >= 2 {
			return Indexed(clamp8(atoi(sub[1]))), true
		}
	case 2:
		v := sub[1:]
		if len(v) >= 4 {
			v = v[1:] // skip the colour-space id
		}
		if len(v) == 3 {
			return RGB(clamp8(atoi(v[0])), clamp8(atoi(v[1])), clamp8(atoi(v[2]))), true
		}
	}
	return Color{}, false
}

// atoi reads a parameter; an empty or malformed one counts as 0, as terminals do.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}

func clamp8(n int) uint8 { return uint8(max(0, min(255, n))) }
