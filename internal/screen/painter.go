// Package screen paints a full-screen Bubble Tea program on its terminal
// itself: each frame as soon as it is made, not on the next tick of Bubble
// Tea v1's renderer, whose ticker (60 a second) both delays a key's echo
// by up to a frame and wakes an idle program 60 times a second (issue 26).
package screen

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Painter paints frames on the alternate screen the way Bubble Tea's
// standard renderer does (the same bytes: changed lines only, each
// truncated to the width and erased to its end), but when they are made:
// a frame after a quiet moment is painted at once; frames made closer
// together than the interval are painted together, the latest winning, so
// a burst costs at most one paint an interval. With nothing to paint its
// goroutine sleeps.
type Painter struct {
	out      io.Writer
	interval time.Duration

	mu            sync.Mutex
	frame         string   // the latest frame made
	painted       string   // the frame on the terminal
	lines         []string // painted's lines, as they were split
	width, height int
	fresh         bool // the next paint writes every line

	wake chan struct{}
	stop chan bool // true: paint the latest frame before ending
	done chan struct{}
}

// NewPainter makes a painter writing to out, painting at most once an
// interval. Start starts it.
func NewPainter(out io.Writer, interval time.Duration) *Painter {
	return &Painter{
		out: out, interval: interval, fresh: true,
		wake: make(chan struct{}, 1), stop: make(chan bool), done: make(chan struct{}),
	}
}

// Start starts painting frames as they come.
func (p *Painter) Start() { go p.run() }

// Stop ends the painting, after painting the latest frame if final (a
// program that ended normally; a killed one leaves its last frame).
func (p *Painter) Stop(final bool) {
	p.stop <- final
	<-p.done
}

// Frame takes the program's latest view. It does no I/O: it keeps the
// view and wakes the painter, so Bubble Tea's View may call it.
func (p *Painter) Frame(view string) {
	if view == "" {
		view = " " // as Bubble Tea: an empty view clears the screen
	}
	p.mu.Lock()
	p.frame = view
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default: // a wake is pending already
	}
}

// Resize takes the terminal's new size; the next frame is painted whole.
func (p *Painter) Resize(width, height int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.width, p.height = width, height
	p.fresh = true
}

func (p *Painter) run() {
	defer close(p.done)
	var last time.Time
	for {
		select {
		case final := <-p.stop:
			p.end(final)
			return
		case <-p.wake:
		}
		if wait := p.interval - time.Since(last); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case final := <-p.stop:
				t.Stop()
				p.end(final)
				return
			case <-t.C:
			}
		}
		if p.paint() {
			last = time.Now()
		}
	}
}

func (p *Painter) end(final bool) {
	if final {
		p.paint()
	}
}

// paint writes the latest frame if it is not on the terminal yet, and
// reports whether it wrote.
func (p *Painter) paint() bool {
	p.mu.Lock()
	if p.frame == "" || (!p.fresh && p.frame == p.painted) {
		p.mu.Unlock()
		return false
	}
	b := p.render()
	p.mu.Unlock()
	_, _ = p.out.Write(b) // a terminal gone (hung up) is Bubble Tea's to notice
	return true
}

// render makes the bytes that turn the painted frame into the latest one
// and records it as painted; p.mu is held.
func (p *Painter) render() []byte {
	lines := strings.Split(p.frame, "\n")
	if p.height > 0 && len(lines) > p.height {
		lines = lines[len(lines)-p.height:] // the top goes, as in Bubble Tea
	}
	var b bytes.Buffer
	b.WriteString(ansi.CursorHomePosition)
	for i, line := range lines {
		if !p.fresh && i < len(p.lines) && p.lines[i] == line {
			if i < len(lines)-1 {
				b.WriteByte('\n') // down a line, the column kept
			}
			continue
		}
		if p.width > 0 {
			line = ansi.Truncate(line, p.width, "")
		}
		b.WriteString(line)
		if ansi.StringWidth(line) < p.width {
			b.WriteString(ansi.EraseLineRight)
		}
		if i < len(lines)-1 {
			b.WriteString("\r\n")
		}
	}
	if len(p.lines) > len(lines) {
		b.WriteString(ansi.EraseScreenBelow)
	}
	b.WriteString(ansi.CursorPosition(0, len(lines)))
	p.painted, p.lines, p.fresh = p.frame, lines, false
	return b.Bytes()
}
