// Package svgterm draws a terminal screen — text with ANSI SGR escape
// sequences (16, 256 and 24-bit colours, bold, faint, italic, underline,
// reverse) — as a standalone SVG image in a window frame.
//
// Parse lays the text out on a cell grid as a terminal would (wide runes take
// two cells, Czech diacritics one); Render writes the grid with every glyph
// at x = column × CharWidth, so the image keeps its columns whatever
// monospace font draws it. The output depends only on the input: the same
// screen gives the same bytes.
package svgterm
