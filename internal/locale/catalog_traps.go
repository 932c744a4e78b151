package locale

// trapsEntries are the words of issue 28's small traps: the first enter
// in a search, the line's item search.
func trapsEntries() []Entry {
	return []Entry{
		{"search, then open", "hledat, pak otevřít", "hľadať, potom otvoriť"},
		{"from stock (code or name)", "ze skladu (kód nebo název)", "zo skladu (kód alebo názov)"},
		{"a add · i from stock · enter edit · x remove · u undo", "a přidat · i ze skladu · enter upravit · x odebrat · u vrátit", "a pridať · i zo skladu · enter upraviť · x odobrať · u vrátiť"},
		{"shift+tab finds an item in stock by code or name", "shift+tab najde položku ve skladu podle kódu nebo názvu", "shift+tab nájde položku na sklade podľa kódu alebo názvu"},
	}
}
