package locale

// editorEntries are the texts of views/editor and views/lines: the document
// editor.
func editorEntries() []Entry {
	return []Entry{
		// The lines table.
		{"unit", "jednotka", ""},
		{"unit price", "cena za jednotku", ""},
		{"VAT %", "DPH %", ""},
		{"item (SKU or search)", "položka (kód nebo hledání)", "položka (kód alebo hľadanie)"},
		{"Could not search the inventory: %v", "Sklad se nepodařilo prohledat: %v", "Sklad sa nepodarilo prehľadať: %v"},
		{"line %d: %s %q is not a number", "položka %d: %s %q není číslo", "položka %d: %s %q nie je číslo"},
		{"line %d: %s %s", "položka %d: %s %s", ""},
		{"w/o VAT", "bez DPH", ""},
		{"%s · %s + VAT %s = %s", "%s · %s + DPH %s = %s", ""},
		{"%d line|%d lines", "%d položka|%d položky|%d položek", "%d položka|%d položky|%d položiek"},
		{"a add · enter edit · x remove · u undo", "a přidat · enter upravit · x odebrat · u vrátit", "a pridať · enter upraviť · x odobrať · u vrátiť"},
		{"No lines yet: a adds one.", "Zatím žádné položky: a přidá první.", "Zatiaľ žiadne položky: a pridá prvú."},
		{"lines %d–%d of %d", "položky %d–%d z %d", ""},
		{"line %d, %s: [%s]", "položka %d, %s: [%s]", ""},
		{"tab next cell · enter done", "tab další buňka · enter hotovo", "tab ďalšia bunka · enter hotovo"},
		{"↑/↓ the account's rates: %s; any number is taken", "↑/↓ sazby účtu: %s; platí i jiné číslo", "↑/↓ sadzby účtu: %s; platí aj iné číslo"},
		{"↑/↓ choose · enter takes the item's name, unit, price and rate", "↑/↓ vybrat · enter převezme název, jednotku, cenu a sazbu položky", "↑/↓ vybrať · enter prevezme názov, jednotku, cenu a sadzbu položky"},
	}
}
