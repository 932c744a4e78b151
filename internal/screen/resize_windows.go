package screen

// Windows keeps Bubble Tea's renderer: Open answers ErrNotTerminal.
const supported = false

// WatchSize is never called on Windows (Open gives no Terminal there).
func (t *Terminal) WatchSize(done <-chan struct{}, resized func(width, height int)) {
	if w, h, err := t.Size(); err == nil {
		resized(w, h)
	}
	<-done
}
