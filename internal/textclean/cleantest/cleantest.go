// Package cleantest holds the hostile texts of every control class and the
// check that a rendered screen or a command's output carries none of them,
// for the tests of every renderer.
package cleantest

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Payload is one hostile text and the control class it stands for.
type Payload struct{ Class, Text string }

// Payloads are one text of each control class a record may carry.
var Payloads = []Payload{
	{"CSI clear screen and cursor moves", "Acme\x1b[2J\x1b[H\x1b[5A\x1b[10C999 999,00"},
	{"OSC 52 clipboard", "x\x1b]52;c;cm0gLXJmIH4=\x07"},
	{"OSC 0 title", "x\x1b]0;owned\x1b\\"},
	{"OSC 8 link", "\x1b]8;;https://evil.example\x1b\\pay here\x1b]8;;\x1b\\"},
	{"SGR", "\x1b[8mhidden\x1b[0m"},
	{"C1 controls", "a\u009b2Jb\u009d0;t\u009c\u0085\u0080"},
	{"BEL", "ding\x07"},
	{"BS", "1000\b\b\b\b9999"},
	{"DEL", "x\x7fy"},
	{"NUL", "a\x00b"},
	{"CR", "paid\rDUE "},
	{"bidi", "inv\u202Efdp.exe\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069"},
}

// Hostile is every payload in one text.
func Hostile() string {
	var b strings.Builder
	for _, p := range Payloads {
		b.WriteString(p.Text)
	}
	return b.String()
}

// HostileWithoutNUL is Hostile with NUL left out, for a service that
// refuses NUL in text.
func HostileWithoutNUL() string { return strings.ReplaceAll(Hostile(), "\x00", "") }

// Control returns an error naming the first rune of out a terminal could
// act on: ESC, any other C0 control but "\n", DEL, a C1 control, a
// bidirectional control, or bytes that are not UTF-8. out must be rendered
// with colours off (or with kasa's own styles stripped), since a style is
// an ESC sequence too.
func Control(out string) error {
	line := 1
	for i, r := range out {
		bad := false
		switch {
		case r == '\n':
			line++
		case r == utf8.RuneError:
			_, n := utf8.DecodeRuneInString(out[i:])
			bad = n == 1
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			bad = true
		}
		if bad {
			from := max(0, i-30)
			return fmt.Errorf("line %d: %U reaches the output in %q", line, r, out[from:min(len(out), i+30)])
		}
	}
	return nil
}
