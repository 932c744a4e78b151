package screen

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// writes records each Write and tells of it.
type writes struct {
	mu    sync.Mutex
	all   []string
	wrote chan struct{}
}

func newWrites() *writes { return &writes{wrote: make(chan struct{}, 100)} }

func (w *writes) Write(b []byte) (int, error) {
	w.mu.Lock()
	w.all = append(w.all, string(b))
	w.mu.Unlock()
	w.wrote <- struct{}{}
	return len(b), nil
}

func (w *writes) list() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.all...)
}

// awaitWrite fails unless a write comes; the bound only keeps a broken
// painter from hanging the test.
func (w *writes) awaitWrite(t *testing.T) {
	t.Helper()
	select {
	case <-w.wrote:
	case <-time.After(10 * time.Second):
		t.Fatal("nothing painted")
	}
}

// The first frame is painted when it is made, not after an interval: a
// painter that may paint once an hour paints it (issue 26: the first frame
// and a key's echo wait for no tick).
func TestFirstFrameIsPaintedAtOnce(t *testing.T) {
	w := newWrites()
	p := NewPainter(w, time.Hour)
	p.Start()
	p.Frame("Subjects\nrow 1 of 3")
	w.awaitWrite(t)
	p.Stop(false)
	if got := w.list(); len(got) != 1 || !strings.Contains(got[0], "row 1 of 3") {
		t.Fatalf("painted %q, want the one frame", got)
	}
}

// Frames made within the interval after a paint are painted together: the
// latest only, when the interval is over or, for a program that ended
// normally, at Stop; a killed program's pending frame is not painted.
func TestFramesWithinTheIntervalArePaintedOnceTheLatest(t *testing.T) {
	for _, final := range []bool{true, false} {
		w := newWrites()
		p := NewPainter(w, time.Hour)
		p.Start()
		p.Frame("first")
		w.awaitWrite(t)
		p.Frame("second")
		p.Frame("third")
		p.Stop(final)
		got := w.list()
		switch {
		case final && (len(got) != 2 || !strings.Contains(got[1], "third")):
			t.Errorf("ended normally: painted %q, want first and then third", got)
		case !final && len(got) != 1:
			t.Errorf("killed: painted %q, want first only", got)
		}
		if strings.Contains(strings.Join(got, ""), "second") {
			t.Errorf("painted the frame made over: %q", got)
		}
	}
}

// paintNow paints the latest frame at once, as the painter's goroutine
// does after a quiet moment, and returns what it wrote.
func paintNow(p *Painter, out *bytes.Buffer, frame string) string {
	out.Reset()
	p.Frame(frame)
	p.paint()
	return out.String()
}

// Painting writes what Bubble Tea's standard renderer writes on the
// alternate screen: only the lines that changed (the rest skipped with a
// line feed), each ended by erasing the rest of its line, the screen below
// erased when the frame got shorter, the cursor left below the frame; a
// frame equal to the painted one writes nothing.
func TestPaintWritesChangedLinesOnly(t *testing.T) {
	var out bytes.Buffer
	p := NewPainter(&out, 0)
	p.Resize(10, 5)
	home, erase := ansi.CursorHomePosition, ansi.EraseLineRight
	steps := []struct{ frame, want string }{
		{"a\nb\nc", home + "a" + erase + "\r\n" + "b" + erase + "\r\n" + "c" + erase + ansi.CursorPosition(0, 3)},
		{"a\nB\nc", home + "\n" + "B" + erase + "\r\n" + ansi.CursorPosition(0, 3)},
		{"a\nB\nc", ""},
		{"a\nB", home + "\n" + ansi.EraseScreenBelow + ansi.CursorPosition(0, 2)},
		{"a\nB\n0123456789", home + "\n\n" + "0123456789" + ansi.CursorPosition(0, 3)},
	}
	for i, s := range steps {
		if got := paintNow(p, &out, s.frame); got != s.want {
			t.Errorf("step %d (%q): wrote %q, want %q", i, s.frame, got, s.want)
		}
	}
}

// A resize paints every line again at the new size: lines cut to the
// width, the top lines dropped when the frame is higher than the terminal,
// the screen below the frame erased.
func TestResizePaintsTheWholeFrameAtTheNewSize(t *testing.T) {
	var out bytes.Buffer
	p := NewPainter(&out, 0)
	p.Resize(20, 5)
	paintNow(p, &out, "top\nmiddle line\nbottom")
	p.Resize(6, 2)
	got := paintNow(p, &out, "top\nmiddle line\nbottom")
	want := ansi.CursorHomePosition + "middle" + "\r\n" + "bottom" + ansi.EraseScreenBelow + ansi.CursorPosition(0, 2)
	if got != want {
		t.Errorf("after the resize wrote %q, want %q", got, want)
	}
}
