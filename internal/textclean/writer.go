package textclean

import (
	"io"
	"unicode/utf8"
)

// Writer passes text on to a terminal cleaned as Lines does (line breaks
// kept, every control shown as a placeholder): for a command that writes
// the service's data to standard output when that is a terminal. A rune or
// a CR LF split between two writes is held back until the next, so that
// it is cleaned whole; Flush writes what is held at the end.
type Writer struct {
	w    io.Writer
	held []byte
}

// NewWriter returns a Writer onto w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write cleans p and writes it; it reports len(p) when the cleaned text was
// written whole.
func (c *Writer) Write(p []byte) (int, error) {
	buf := append(c.held, p...)
	keep := incompleteTail(buf)
	c.held = append([]byte(nil), buf[len(buf)-keep:]...)
	if _, err := io.WriteString(c.w, Lines(string(buf[:len(buf)-keep]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what is held back (a rune cut short at the very end shows
// as the replacement character).
func (c *Writer) Flush() error {
	if len(c.held) == 0 {
		return nil
	}
	s := Lines(string(c.held))
	c.held = nil
	_, err := io.WriteString(c.w, s)
	return err
}

// incompleteTail is how many bytes at the end of b may belong to what the
// next write continues: the start of a multi-byte rune, or a CR whose LF
// may follow.
func incompleteTail(b []byte) int {
	if n := len(b); n > 0 && b[n-1] == '\r' {
		return 1
	}
	for i := 1; i <= min(utf8.UTFMax-1, len(b)); i++ {
		c := b[len(b)-i]
		if c < utf8.RuneSelf {
			return 0 // ASCII: nothing pending
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(b[len(b)-i:]) {
				return 0
			}
			return i
		}
	}
	return 0
}
