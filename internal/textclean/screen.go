package textclean

import (
	"strings"
	"unicode/utf8"
)

// Screen is the last guard of a whole frame, for text a page forgot to
// clean with Line: it keeps line breaks and the SGR sequences kasa's styles
// are made of (ESC [ digits ; : m), and neutralises every other control as
// Line does, so a forgotten path can at worst colour its own text, never
// clear the screen, move the cursor, set the clipboard or the title. A
// frame with nothing to neutralise is returned as it is, without
// allocating.
func Screen(s string) string {
	i := firstUnsafeOnScreen(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	s = s[i:]
	for len(s) > 0 {
		i := firstUnsafeOnScreen(s)
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		r, n := utf8.DecodeRuneInString(s)
		if r == '\r' {
			b.WriteByte(' ') // not a line break: a frame's lines end in "\n"
			s = s[1:]
			continue
		}
		b.WriteString(clean(s[:n], true))
		s = s[n:]
	}
	return b.String()
}

// firstUnsafeOnScreen is the index of the first rune Screen must change, or
// -1; an SGR sequence is skipped whole.
func firstUnsafeOnScreen(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := sgrLen(s[i:])
			if n == 0 {
				return i
			}
			i += n
		case c == '\n', c >= 0x20 && c < 0x7f:
			i++
		case c < utf8.RuneSelf:
			return i
		default:
			n, bad := nonASCII(s[i:])
			if bad {
				return i
			}
			i += n
		}
	}
	return -1
}

// sgrLen is the length of the SGR sequence s starts with, or 0 when s does
// not start with one.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case (c >= '0' && c <= '9') || c == ';' || c == ':':
		default:
			return 0
		}
	}
	return 0
}
