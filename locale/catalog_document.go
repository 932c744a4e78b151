package locale

// documentEntries are the texts of views/invoices, views/expenses, views/subjects, views/pick, views/nav.
func documentEntries() []Entry {
	return []Entry{}
}
