package locale

// trapsEntries are the words of issue 28's small traps: the first enter
// in a search, the line's item search.
func trapsEntries() []Entry {
	return []Entry{
		{"search, then open", "hledat, pak otevřít", "hľadať, potom otvoriť"},
	}
}
