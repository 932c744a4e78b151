//go:build !windows

package screen

import (
	"os"
	"os/signal"
	"syscall"
)

const supported = true

// WatchSize calls resized with the terminal's size now and after each
// change of it, until done is closed.
func (t *Terminal) WatchSize(done <-chan struct{}, resized func(width, height int)) {
	changed := make(chan os.Signal, 1)
	signal.Notify(changed, syscall.SIGWINCH)
	defer signal.Stop(changed)
	for {
		if w, h, err := t.Size(); err == nil {
			resized(w, h)
		}
		select {
		case <-done:
			return
		case <-changed:
		}
	}
}
