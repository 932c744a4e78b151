// Package textclean turns text kasa did not write (the service's records,
// file names, a webhook receiver's answer, a paste into a form) into text
// that is safe to put on a terminal: data, never terminal control.
//
// A terminal acts on control characters wherever they come from: ESC starts
// sequences that clear the screen, move the cursor (so a false amount can
// be painted over a row), set the clipboard (OSC 52), the window title
// (OSC 0) or hide a link (OSC 8); C1 controls (U+0080–U+009F, 0x9B is a
// one-byte CSI) do the same without ESC; BEL rings, BS and CR overwrite,
// and the bidirectional overrides and isolates reorder what is shown after
// them. Line (and Lines) replace every one of them with a visible placeholder, so the
// user sees that something was there and nothing acts.
//
// The placeholders: a C0 control or DEL becomes its Unicode control picture
// (ESC is "␛", BEL "␇", NUL "␀", DEL "␡"), which tells a reader what was
// sent ("␛[2J" reads as an escape sequence, not as text); C1 controls,
// bidirectional controls and bytes that are not UTF-8 have no picture and
// become U+FFFD "�", the replacement character. Both are one cell wide, so
// a cleaned cell keeps its width and the columns stay aligned.
//
// Kasa's own styles are applied after cleaning, so they stay. Screen is the
// shell's last guard over a whole frame, for a path that forgot to clean.
package textclean

import (
	"strings"
	"unicode/utf8"
)

// Replacement is the placeholder of a control that has no picture (C1,
// bidirectional controls) and of bytes that are not UTF-8.
const Replacement = '\uFFFD'

// delPicture is U+2421 SYMBOL FOR DELETE.
const delPicture = '\u2421'

// Line is the one cleaning: s with every terminal control replaced (see the
// package comment), for one line of screen text (a table cell, a field, a
// toast, a title): tabs and line breaks become spaces, a CR LF pair one
// space. Text with nothing to clean is returned as it is, without
// allocating.
func Line(s string) string { return clean(s, false) }

// Lines is Line for a multi-line text pane (a note, a webhook receiver's
// answer): line breaks stay, as "\n" (CR LF and a lone CR become "\n");
// tabs become a space; everything else is cleaned as in Line.
func Lines(s string) string { return clean(s, true) }

func clean(s string, keepBreaks bool) string {
	i := firstUnsafe(s, keepBreaks)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	s = s[i:]
	for len(s) > 0 {
		c := s[0]
		if c >= 0x20 && c < 0x7f {
			b.WriteByte(c)
			s = s[1:]
			continue
		}
		if c == '\r' || c < 0x20 || c == 0x7f {
			s = cleanASCII(&b, s, keepBreaks)
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(Replacement)
		case isBreak(r):
			b.WriteByte(breakFor(keepBreaks))
		case isControl(r):
			b.WriteRune(Replacement)
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

// cleanASCII writes the cleaned form of the C0 control or DEL that s starts
// with and returns the rest of s.
func cleanASCII(b *strings.Builder, s string, keepBreaks bool) string {
	c := s[0]
	switch c {
	case '\r':
		if len(s) > 1 && s[1] == '\n' {
			s = s[1:] // CR LF is one break
		}
		b.WriteByte(breakFor(keepBreaks))
	case '\n', '\v', '\f':
		b.WriteByte(breakFor(keepBreaks))
	case '\t':
		b.WriteByte(' ')
	case 0x7f:
		b.WriteRune(delPicture)
	default:
		b.WriteRune(rune(0x2400 + int(c))) // the control picture: ␀ … ␟
	}
	return s[1:]
}

func breakFor(keepBreaks bool) byte {
	if keepBreaks {
		return '\n'
	}
	return ' '
}

// firstUnsafe is the index of the first byte clean must change, or -1.
// Printable ASCII is checked a byte at a time; only bytes of 0x80 and above
// are decoded.
func firstUnsafe(s string, keepBreaks bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				if c == '\n' && keepBreaks {
					i++
					continue
				}
				return i
			}
			i++
			continue
		}
		n, bad := nonASCII(s[i:])
		if bad {
			return i
		}
		i += n
	}
	return -1
}

// nonASCII decodes the rune s starts with (0x80 and above): its length,
// and whether it must be cleaned (a byte that is not UTF-8, a control, a
// line break).
func nonASCII(s string) (n int, bad bool) {
	r, n := utf8.DecodeRuneInString(s)
	return n, (r == utf8.RuneError && n == 1) || isControl(r) || isBreak(r)
}

// isControl reports the non-ASCII runes a terminal may act on: the C1
// controls and the bidirectional embeddings, overrides and isolates.
func isControl(r rune) bool {
	return (r >= 0x80 && r <= 0x9f) ||
		(r >= 0x202a && r <= 0x202e) ||
		(r >= 0x2066 && r <= 0x2069)
}

// isBreak reports the non-ASCII line breaks: NEL (U+0085, also a C1
// control), LINE SEPARATOR and PARAGRAPH SEPARATOR.
func isBreak(r rune) bool { return r == 0x85 || r == 0x2028 || r == 0x2029 }
