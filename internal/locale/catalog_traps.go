package locale

// trapsEntries are the words of issue 28's small traps: the first enter
// in a search, the line's item search, editor titles without ids, and
// kasa export's mistakes in the user's language.
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
		{"kasa export: name the list to export", "kasa export: uveďte, který seznam exportovat", "kasa export: uveďte, ktorý zoznam exportovať"},
		{"no list called “%s” (one of %s)", "seznam „%s“ neexistuje (jeden z: %s)", "zoznam „%s“ neexistuje (jeden z: %s)"},
		{"format “%s” is not csv or json", "formát „%s“ není csv ani json", "formát „%s“ nie je csv ani json"},
		{"this list cannot be filtered by %s", "tento seznam nejde filtrovat podle %s", "tento zoznam nejde filtrovať podľa %s"},
		{"--%s “%s”: write a date as YYYY-MM-DD or a time as ISO 8601 (2026-11-26T14:00:00+01:00)",
			"--%s „%s“: datum pište jako RRRR-MM-DD, čas podle ISO 8601 (2026-11-26T14:00:00+01:00)",
			"--%s „%s“: dátum píšte ako RRRR-MM-DD, čas podľa ISO 8601 (2026-11-26T14:00:00+01:00)"},
	}
}
