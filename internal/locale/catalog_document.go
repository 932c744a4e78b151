package locale

import "slices"

// documentEntries are the texts of views/invoices, views/expenses,
// views/subjects, views/pick and views/nav.
func documentEntries() []Entry {
	return slices.Concat(
		documentEntriesPart1(),
		documentEntriesPart2(),
	)
}

// documentEntriesPart1 is part 1 of documentEntries: a function of at most 80 lines each.
func documentEntriesPart1() []Entry {
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

// documentEntriesPart2 is part 2 of documentEntries: a function of at most 80 lines each.
func documentEntriesPart2() []Entry {
	return []Entry{
		// Invoices and expenses: actions on one and on several.
		{"%d expense|%d expenses", "%d výdaj|%d výdaje|%d výdajů", "%d výdavok|%d výdavky|%d výdavkov"},
		{"%d invoice|%d invoices", "%d fakturu|%d faktury|%d faktur", "%d faktúru|%d faktúry|%d faktúr"},
		{"%s expense %s", "%s výdaj %s", "%s výdavok %s"},
		{"%s invoice %s", "%s fakturu %s", "%s faktúru %s"},
		{"%s native", "%s v domácí měně", "%s v domácej mene"},
		{"Cancel invoice %s? It stays in the books as cancelled (undo with C).", "Stornovat fakturu %s? Zůstane v účetnictví jako stornovaná (zpět klávesou C).", "Stornovať faktúru %s? Zostane v účtovníctve ako stornovaná (späť klávesom C)."},
		{"Download %s to folder", "Stáhnout %s do složky", "Stiahnuť %s do priečinka"},
		{"Download attachments", "Stažení příloh", "Stiahnutie príloh"},
		{"Download the %d attachments of %s to %s?", "Stáhnout přílohy (celkem %d, %s) do %s?", "Stiahnuť prílohy (spolu %d, %s) do %s?"},
		{"Expense %s is now %s", "Výdaj %s je teď: %s", "Výdavok %s je teraz: %s"},
		{"Expense %s is now locked: it cannot be changed until unlocked", "Výdaj %s je zamčený: do odemčení ho nelze měnit", "Výdavok %s je zamknutý: do odomknutia sa nedá meniť"},
		{"Expense %s is paid: nothing remains to pay", "Výdaj %s je uhrazený: nic nezbývá uhradit", "Výdavok %s je uhradený: nič nezostáva uhradiť"},
		{"Expense %s", "Výdaj %s", "Výdavok %s"},
		{"Invoice %s is %s", "Faktura %s: %s", "Faktúra %s: %s"},
		{"Invoice %s is paid: nothing remains to pay", "Faktura %s je uhrazená: nic nezbývá uhradit", "Faktúra %s je uhradená: nič nezostáva uhradiť"},
		{"Invoice %s", "Faktura %s", "Faktúra %s"},
		{"Lock %s? Nothing on them can be changed until they are unlocked.", "Zamknout %s? Do odemčení na nich nepůjde nic měnit.", "Zamknúť %s? Do odomknutia sa na nich nebude dať nič meniť."},
		{"Lock invoice %s? Nothing on it can be changed until it is unlocked.", "Zamknout fakturu %s? Do odemčení na ní nepůjde nic měnit.", "Zamknúť faktúru %s? Do odomknutia sa na nej nebude dať nič meniť."},
		{"Mark invoice %s as uncollectible? It leaves the overdue ones (undo with U).", "Označit fakturu %s jako nedobytnou? Zmizí z faktur po splatnosti (zpět klávesou U).", "Označiť faktúru %s ako nevymožiteľnú? Zmizne z faktúr po splatnosti (späť klávesom U)."},
		{"Pay %s in full (%s), dated today?", "Uhradit %s v plné výši (%s) s dnešním datem?", "Uhradiť %s v plnej výške (%s) s dnešným dátumom?"},
		{"Nothing to pay: the invoice is paid already.|Nothing to pay: the %d invoices are paid already.", "Není co uhradit: faktura už je uhrazená.|Není co uhradit: %d faktury už jsou uhrazené.|Není co uhradit: %d faktur už je uhrazených.", "Nie je čo uhradiť: faktúra už je uhradená.|Nie je čo uhradiť: %d faktúry už sú uhradené.|Nie je čo uhradiť: %d faktúr už je uhradených."},
		{"%d marked is paid already and is left out.|%d marked are paid already and are left out.", "%d označená už je uhrazená a vynechá se.|%d označené už jsou uhrazené a vynechají se.|%d označených už je uhrazených a vynechají se.", "%d označená už je uhradená a vynechá sa.|%d označené už sú uhradené a vynechajú sa.|%d označených už je uhradených a vynechajú sa."},
		{"Pay %s in full, dated today?", "Uhradit %s v plné výši s dnešním datem?", "Uhradiť %s v plnej výške s dnešným dátumom?"},
		{"Pay in full", "Úhrada v plné výši", "Úhrada v plnej výške"},
		{"Payments cannot be changed on a cancelled invoice", "Na stornované faktuře nelze měnit úhrady", "Na stornovanej faktúre sa nedajú meniť úhrady"},
		{"Send %s by e-mail with the account's texts (the overdue reminder for %d overdue)?", "Poslat %s e-mailem s texty účtu (upomínku u %d po splatnosti)?", "Poslať %s e-mailom s textami účtu (upomienku pri %d po splatnosti)?"},
		{"Tax documents are made from payments on proformas; %s is not a proforma", "Daňové doklady vznikají z úhrad záloh; %s není zálohová faktura", "Daňové doklady vznikajú z úhrad záloh; %s nie je zálohová faktúra"},
		{"The invoice is locked; unlock it first (L)", "Faktura je zamčená; nejdřív ji odemkněte (L)", "Faktúra je zamknutá; najprv ju odomknite (L)"},
		{"The invoice is locked; unlock it first", "Faktura je zamčená; nejdřív ji odemkněte", "Faktúra je zamknutá; najprv ju odomknite"},
		{"The service cannot %s expense %s now: it is probably %s already; the page now shows its current state", "Služba teď nemůže %s výdaj %s: nejspíš už je %s; stránka ukazuje jeho stav", "Služba teraz nemôže %s výdavok %s: asi už je %s; stránka ukazuje jeho stav"},
		{"The service cannot %s invoice %s in its state now", "Služba nemůže %s fakturu %s v jejím stavu", "Služba nemôže %s faktúru %s v jej stave"},
		{"The service cannot create a tax document for this payment", "Služba k této úhradě nemůže vytvořit daňový doklad", "Služba k tejto úhrade nemôže vytvoriť daňový doklad"},
		{"The tax document was created", "Daňový doklad byl vytvořen", "Daňový doklad bol vytvorený"},
		{"This expense has no attachments", "Výdaj nemá přílohy", "Výdavok nemá prílohy"},
		{"This payment has its tax document already: opened", "Úhrada už daňový doklad má: otevřen", "Úhrada už daňový doklad má: otvorený"},
		{"cancel", "zrušit", "zrušiť"},
		{"cancelled", "stornováno", "stornované"},
		{"collectible again", "opět vymahatelná", "opäť vymáhateľná"},
		{"create the tax document", "vytvořit daňový doklad", "vytvoriť daňový doklad"},
		{"download %s", "stáhnout %s", "stiahnuť %s"},
		{"expense %s", "výdaj %s", "výdavok %s"},
		{"invoice %s", "faktura %s", "faktúra %s"},
		{"lock", "zamknout", "zamknúť"},
		{"locked already", "už zamčeno", "už zamknuté"},
		{"locked", "zamčeno", "zamknuté"},
		{"unlock", "odemknout", "odomknúť"},
		{"mark as uncollectible", "označit jako nedobytnou", "označiť ako nevymožiteľnú"},
		{"marked as sent", "označena jako odeslaná", "označená ako odoslaná"},
		{"marked as uncollectible", "označena jako nedobytná", "označená ako nevymožiteľná"},
		{"open again", "znovu otevřena", "znova otvorená"},
		{"paid already", "už uhrazeno", "už uhradené"},
		{"undo the cancel of", "zrušit storno", "zrušiť storno"},
		{"undo uncollectible on", "zrušit nedobytnost", "zrušiť nevymožiteľnosť"},
		{"variable symbol", "variabilní symbol", "variabilný symbol"},
		{"no attachments", "žádné přílohy", "žiadne prílohy"},
		{"Locking", "Zamčení", "Zamknutie"},
		{"Send by e-mail", "Poslat e-mailem", "Poslať e-mailom"},
		{"the answer was lost, check before sending again", "odpověď se ztratila, před novým odesláním ověřte", "odpoveď sa stratila, pred novým odoslaním overte"},
		{"%s: %d of %d done", "%s: hotovo %d z %d", "%s: hotovo %d z %d"},
		{"not done: %s", "neprovedeno: %s", "nevykonané: %s"},
	}
}
