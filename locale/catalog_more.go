package locale

// moreEntries are the texts of views/more (and more/kit): account, bank accounts, users, webhooks, templates.
func moreEntries() []Entry {
	return []Entry{}
}
