package cli

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"runtime"
)

// LoginIO is where `kasa login` talks to the user.
type LoginIO struct {
	// In and Out are the user's input and output (nil: os.Stdin, os.Stdout).
	In  io.Reader
	Out io.Writer
	// Accessible asks line by line (huh's accessible mode) instead of with a
	// full-screen form: for input that is not a terminal (scripts, tests) or
	// screen readers. TerminalIO sets it when stdin is not a terminal.
	Accessible bool
	// NonInteractive signs in from the environment without asking anything
	// (--non-interactive): KASA_CLIENT_ID, KASA_CLIENT_SECRET and
	// KASA_CONTACT_EMAIL, with the client_credentials flow.
	NonInteractive bool
	// OpenBrowser opens the consent page; nil tries xdg-open, open or the
	// Windows URL handler. Failure is fine: the address is printed too.
	OpenBrowser func(ctx context.Context, url string) error
}

// TerminalIO is the process's stdin and stdout, accessible when stdin is
// not a terminal.
func TerminalIO() LoginIO {
	return LoginIO{In: os.Stdin, Out: os.Stdout, Accessible: !IsTerminal(os.Stdin)}
}

// IsTerminal reports whether f is a character device (a terminal).
func IsTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func (l LoginIO) in() io.Reader {
	if l.In == nil {
		return os.Stdin
	}
	return l.In
}

func (l LoginIO) out() io.Writer {
	if l.Out == nil {
		return os.Stdout
	}
	return l.Out
}

// hasFd reports a reader that is a real file (a terminal can hide a password).
func hasFd(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && IsTerminal(f)
}

// lineReader hands out at most one line per Read. huh's accessible prompts
// each wrap the input in a new bufio.Scanner, which would swallow the lines
// meant for the next prompt.
type lineReader struct{ r *bufio.Reader }

func newLineReader(r io.Reader) *lineReader { return &lineReader{r: bufio.NewReader(r)} }

func (l *lineReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		b, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		p[n] = b
		n++
		if b == '\n' {
			break
		}
	}
	return n, nil
}

// openBrowser starts the platform's URL opener and does not wait for it.
func openBrowser(ctx context.Context, url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.CommandContext(ctx, "open", url)
	case "windows":
		cmd = exec.CommandContext(ctx, "rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.CommandContext(ctx, "xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
