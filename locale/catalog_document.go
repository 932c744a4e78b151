package locale

// documentEntries are the texts of views/invoices, views/expenses,
// views/subjects, views/pick and views/nav.
func documentEntries() []Entry {
	return []Entry{
		// Sort names (the header says "sorted by total ↑").
		{"added", "přidání", "pridania"},
		{"city", "město", "mesto"},
		{"client", "odběratel", "odberateľ"},
		{"date", "datum", "dátum"},
		{"due", "splatnost", "splatnosť"},
		{"file", "soubor", "súbor"},
		{"id", "id", ""},
		{"issued", "vystavení", "vystavenie"},
		{"name", "název", "názov"},
		{"next", "další", "ďalšia"},
		{"number", "číslo", ""},
		{"quantity", "množství", "množstvo"},
		{"reg. no.", "IČO", ""},
		{"remaining", "zbývá", "zostáva"},
		{"retail price", "prodejní cena", "predajná cena"},
		{"size", "velikost", "veľkosť"},
		{"status", "stav", ""},
		{"total", "celkem", "spolu"},
		{"type", "typ", ""},
		{"updated", "změna", "zmena"},
		// Copying and opening.
		{"registration number", "IČO", ""},
		{"Copied %s %s", "Zkopírováno: %s %s", "Skopírované: %s %s"},
		{"No %s to copy", "Není co kopírovat (%s)", "Nie je čo kopírovať (%s)"},
		{"This record has no web address", "Záznam nemá webovou adresu", "Záznam nemá webovú adresu"},
		{"No browser to open it (%v). The address was copied: %s", "Není prohlížeč, který by ji otevřel (%v). Adresa je zkopírovaná: %s", "Nie je prehliadač, ktorý by ju otvoril (%v). Adresa je skopírovaná: %s"},
		{"Opened in the browser", "Otevřeno v prohlížeči", "Otvorené v prehliadači"},
		// Subjects.
		{"(checked %s)", "(ověřeno %s)", "(overené %s)"},
		{"delete %s", "smazat %s", "zmazať %s"},
		{"This contact has invoices or expenses and cannot be deleted", "Kontakt má faktury nebo výdaje a nelze ho smazat", "Kontakt má faktúry alebo výdavky a nedá sa zmazať"},
		{"Subject %s was deleted", "Kontakt %s byl smazán", "Kontakt %s bol zmazaný"},
		{"Delete subject %s? This cannot be undone.", "Smazat kontakt %s? Nelze to vrátit.", "Zmazať kontakt %s? Nedá sa to vrátiť."},
		// The subject picker.
		{"type to search by name, reg. no. or e-mail", "pište pro hledání podle názvu, IČO nebo e-mailu", "píšte pre hľadanie podľa názvu, IČO alebo e-mailu"},
		{"Could not search the subjects: %s", "Kontakty se nepodařilo prohledat: %s", "Kontakty sa nepodarilo prehľadať: %s"},
		{"none chosen: type to search", "nic nevybráno: pište pro hledání", "nič nevybraté: píšte pre hľadanie"},
		{"(type to choose another)", "(pište pro výběr jiného)", "(píšte pre výber iného)"},
		{"new subject “%s”", "nový kontakt „%s“", "nový kontakt „%s“"},
	}
}
