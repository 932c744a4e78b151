package locale

// monitorEntries are the texts of views/monitor, views/todos, views/events.
func monitorEntries() []Entry {
	return []Entry{}
}
