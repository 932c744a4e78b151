package locale

// figuresEntries are the texts of the figures over documents (issue 27):
// the list's totals, the overview section and `kasa report`.
func figuresEntries() []Entry {
	return []Entry{
		{"%s + proformas %s", "%s + zálohové %s", "%s + zálohové %s"},
		{"unpaid in all %s", "neuhrazeno celkem %s", "neuhradené spolu %s"},
	}
}
