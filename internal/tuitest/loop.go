package tuitest

import (
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// DefaultMaxMessages bounds the messages one Loop.Send delivers when Max is 0.
const DefaultMaxMessages = 10000

// Loop plays Bubble Tea's event loop without a terminal: a message goes to
// Update, and what its commands yield goes back in, until nothing is left.
// Timers are not run (CollectNow): they only wait, and a test that cares
// delivers their message itself. Spinner frames are dropped: they only
// animate, and would never let the loop end.
type Loop struct {
	Update func(tea.Msg) tea.Cmd
	// Timeout bounds one command (0: none); one still running then is
	// dropped, so a screen can settle around a stuck request.
	Timeout time.Duration
	// Max bounds the messages one Send delivers (0: DefaultMaxMessages).
	Max int
}

// Send delivers msg and everything it leads to, and returns the messages
// delivered, in order. settled is false when Max ran out first.
func (l Loop) Send(msg tea.Msg) (delivered []tea.Msg, settled bool) {
	limit := l.Max
	if limit <= 0 {
		limit = DefaultMaxMessages
	}
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		if len(delivered) >= limit {
			return delivered, false
		}
		msg, queue = queue[0], queue[1:]
		if _, ok := msg.(spinner.TickMsg); ok {
			continue
		}
		delivered = append(delivered, msg)
		queue = append(queue, collect(l.Update(msg), true, l.Timeout)...)
	}
	return delivered, true
}

// Run runs cmd (an Init, say) and sends each message it yields.
func (l Loop) Run(cmd tea.Cmd) (delivered []tea.Msg, settled bool) {
	settled = true
	for _, msg := range collect(cmd, true, l.Timeout) {
		d, ok := l.Send(msg)
		delivered = append(delivered, d...)
		settled = settled && ok
	}
	return delivered, settled
}

// ModelLoop is a Loop on a whole model's Update.
func ModelLoop(m tea.Model) Loop {
	return Loop{Update: func(msg tea.Msg) tea.Cmd { _, cmd := m.Update(msg); return cmd }}
}
