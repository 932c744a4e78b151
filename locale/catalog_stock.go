package locale

// stockEntries are the texts of views/inventory and views/inbox.
func stockEntries() []Entry {
	return []Entry{}
}
