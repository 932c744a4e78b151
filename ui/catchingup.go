package ui

// CatchingUp is implemented by a page that shows data from the account's
// local copy while a sync brings it up to date (issue 26): the status bar
// then says it is catching up, not loading, for the data is on screen.
type CatchingUp interface {
	CatchingUp() bool
}

// anyCatchingUp reports whether a cached page is catching up.
func (m *Model) anyCatchingUp() bool {
	for _, c := range m.cache {
		if cu, ok := c.page.(CatchingUp); ok && cu.CatchingUp() {
			return true
		}
	}
	return false
}

// busy reports whether the spinner turns: a page loads or catches up.
func (m *Model) busy() bool { return m.anyLoading() || m.anyCatchingUp() }
