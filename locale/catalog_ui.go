package locale

// uiEntries are the texts of ui and ui/*: the shell, key help, status bar, table, toasts, dialogs.
func uiEntries() []Entry {
	return []Entry{}
}
