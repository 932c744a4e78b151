package locale

// appEntries are the texts of views/*.go (the makers) and the application around the pages.
func appEntries() []Entry {
	return []Entry{}
}
