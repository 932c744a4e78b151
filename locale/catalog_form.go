package locale

// formEntries are the texts of views/forms: every form.
func formEntries() []Entry {
	return []Entry{}
}
