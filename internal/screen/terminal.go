package screen

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// ErrNotTerminal is Open's answer when input or output is not a terminal
// (or, on Windows, always: there Bubble Tea's renderer keeps the console's
// modes, which this package does not set).
var ErrNotTerminal = errors.New("not a terminal")

// setup and restore are what Bubble Tea writes for a program with the
// alternate screen, cell-motion mouse and bracketed paste, at its start and
// at its end.
const (
	setup = ansi.SetAltScreenSaveCursorMode + ansi.EraseEntireScreen + ansi.CursorHomePosition +
		ansi.HideCursor + ansi.SetBracketedPasteMode + ansi.SetButtonEventMouseMode + ansi.SetSgrExtMouseMode
	restore = ansi.ResetBracketedPasteMode + ansi.ShowCursor + ansi.ResetButtonEventMouseMode +
		ansi.ResetAnyEventMouseMode + ansi.ResetSgrExtMouseMode + ansi.ResetAltScreenSaveCursorMode + ansi.ShowCursor
)

// Terminal is a full-screen program's terminal, set up as Bubble Tea sets
// it up (raw input, the alternate screen, the mouse in cell motion,
// bracketed paste, the cursor hidden) until Close.
type Terminal struct {
	in, out *os.File
	state   *term.State
}

// Open sets the terminal of in and out up for a full-screen program.
func Open(in, out *os.File) (*Terminal, error) {
	if !supported || !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return nil, ErrNotTerminal
	}
	state, err := term.MakeRaw(in.Fd())
	if err != nil {
		return nil, fmt.Errorf("terminal's raw mode: %w", err)
	}
	t := &Terminal{in: in, out: out, state: state}
	if _, err := io.WriteString(out, setup); err != nil {
		return nil, errors.Join(fmt.Errorf("set the terminal up: %w", err), t.Close())
	}
	return t, nil
}

// In is the terminal's input, for Bubble Tea to read the keys from.
func (t *Terminal) In() *os.File { return t.in }

// Out is the terminal's output, for a Painter.
func (t *Terminal) Out() *os.File { return t.out }

// Size is the terminal's width and height.
func (t *Terminal) Size() (width, height int, err error) {
	width, height, err = term.GetSize(t.out.Fd())
	if err != nil {
		return 0, 0, fmt.Errorf("terminal's size: %w", err)
	}
	return width, height, nil
}

// Close gives the terminal back as it was before Open.
func (t *Terminal) Close() error {
	_, werr := io.WriteString(t.out, restore)
	time.Sleep(10 * time.Millisecond) // as Bubble Tea: the terminal leaves the alternate screen first
	if err := term.Restore(t.in.Fd(), t.state); err != nil {
		return errors.Join(werr, fmt.Errorf("restore the terminal's mode: %w", err))
	}
	if werr != nil {
		return fmt.Errorf("restore the terminal: %w", werr)
	}
	return nil
}
