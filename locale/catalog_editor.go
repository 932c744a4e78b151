package locale

// editorEntries are the texts of views/editor and views/lines: the document editor.
func editorEntries() []Entry {
	return []Entry{}
}
