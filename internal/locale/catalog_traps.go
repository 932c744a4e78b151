package locale

// trapsEntries are the words of issue 28's small traps: the first enter
// in a search, the line's item search, editor titles without ids.
func trapsEntries() []Entry {
	return []Entry{
		{"search, then open", "hledat, pak otevřít", "hľadať, potom otvoriť"},
		{"from stock (code or name)", "ze skladu (kód nebo název)", "zo skladu (kód alebo názov)"},
		{"a add · i from stock · enter edit · x remove · u undo", "a přidat · i ze skladu · enter upravit · x odebrat · u vrátit", "a pridať · i zo skladu · enter upraviť · x odobrať · u vrátiť"},
		{"shift+tab finds an item in stock by code or name", "shift+tab najde položku ve skladu podle kódu nebo názvu", "shift+tab nájde položku na sklade podľa kódu alebo názvu"},
		{"Edit %s", "Úprava: %s", "Úprava: %s"},
		{"%s (a copy)", "%s (kopie)", "%s (kópia)"},
		{"New invoice from template %s", "Nová faktura ze šablony %s", "Nová faktúra zo šablóny %s"},
		{"New invoice from a template", "Nová faktura ze šablony", "Nová faktúra zo šablóny"},
		{"New expense from inbox file %s", "Nový výdaj ze souboru schránky %s", "Nový výdavok zo súboru schránky %s"},
		{"New expense from an inbox file", "Nový výdaj ze souboru schránky", "Nový výdavok zo súboru schránky"},
		{"Correction of an invoice", "Opravný doklad k faktuře", "Opravný doklad k faktúre"},
	}
}
