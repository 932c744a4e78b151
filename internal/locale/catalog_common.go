package locale

import "slices"

// commonEntries are the texts of views/common: lists, details, filters,
// totals, marks, faults, files.
func commonEntries() []Entry {
	return slices.Concat(
		commonEntriesPart1(),
		commonEntriesPart2(),
		commonEntriesPart3(),
	)
}

// commonEntriesPart1 is part 1 of commonEntries: a function of at most 80 lines each.
func commonEntriesPart1() []Entry {
	return []Entry{
		// Statuses of documents as the service names them (Deps.Status).
		{"status\x04open", "otevřeno", "otvorené"},
		{"status\x04sent", "odesláno", "odoslané"},
		{"status\x04overdue", "po splatnosti", ""},
		{"status\x04paid", "uhrazeno", "uhradené"},
		{"status\x04cancelled", "stornováno", "stornované"},
		{"status\x04uncollectible", "nedobytné", "nevymožiteľné"},
		{"yes", "ano", "áno"},
		{"no", "ne", "nie"},
		{"%d day|%d days", "%d den|%d dny|%d dní", "%d deň|%d dni|%d dní"},
		// A document's lines, VAT summary, payments and attachments.
		{"Lines", "Položky", ""},
		{"Item", "Položka", ""},
		{"Qty", "Množ.", ""},
		{"Unit price", "Cena/j.", ""},
		{"VAT", "DPH", ""},
		{"Total w/o VAT", "Celkem bez DPH", ""},
		{"no lines", "žádné položky", "žiadne položky"},
		{"VAT summary", "Rekapitulace DPH", "Rekapitulácia DPH"},
		{"Rate", "Sazba", "Sadzba"},
		{"Base", "Základ", ""},
		{"Base (native)", "Základ (domácí)", "Základ (domáci)"},
		{"VAT (native)", "DPH (domácí)", "DPH (domáci)"},
		{"no VAT summary", "bez rekapitulace DPH", "bez rekapitulácie DPH"},
		{"Payments", "Úhrady", ""},
		{"Paid on", "Uhrazeno", "Uhradené"},
		{"Amount", "Částka", "Suma"},
		{"Var. symbol", "Var. symbol", ""},
		{"Note", "Poznámka", ""},
		{"no payments", "žádné úhrady", "žiadne úhrady"},
		{"tax doc. %s", "daň. dokl. %s", ""},
		{"Attachments", "Přílohy", "Prílohy"},
		{"no attachments", "žádné přílohy", "žiadne prílohy"},
		{"unlocked", "odemčeno", "odomknuté"},
		{"locked since %s", "zamčeno od %s", "zamknuté od %s"},
		// The detail page.
		{"Loading %s…", "Načítám %s…", "Načítavam %s…"},
		{"enter ok · esc cancel", "enter ok · esc zrušit", "enter ok · esc zrušiť"},
		{"refreshing…", "obnovuji…", "obnovujem…"},
		{"refresh failed: %v", "obnovení selhalo: %v", "obnovenie zlyhalo: %v"},
		{"Could not load %s: %s.", "Nepodařilo se načíst %s: %s.", "Nepodarilo sa načítať %s: %s."},
		{"Press r to retry.", "Klávesa r zkusí znovu.", "Kláves r skúsi znova."},
	}
}

// commonEntriesPart2 is part 2 of commonEntries: a function of at most 80 lines each.
func commonEntriesPart2() []Entry {
	return []Entry{
		// The filter form.
		{"apply", "použít", "použiť"},
		{"clear all", "vymazat vše", "vymazať všetko"},
		{"%s: %q is not a date (%s)", "%s: %q není datum (%s)", "%s: %q nie je dátum (%s)"},
		{"Filter %s", "Filtr: %s", ""},
		{"any", "jakýkoli", "akýkoľvek"},
		{"enter apply · esc cancel · tab next field · ←/→ choose · ctrl+r clear all", "enter použít · esc zrušit · tab další pole · ←/→ vybrat · ctrl+r vymazat vše", "enter použiť · esc zrušiť · tab ďalšie pole · ←/→ vybrať · ctrl+r vymazať všetko"},
		{"enter apply · esc cancel · tab field · ←/→ choose · ↑/↓ match · ctrl+r clear", "enter použít · esc zrušit · tab pole · ←/→ vybrat · ↑/↓ shoda · ctrl+r vymazat", "enter použiť · esc zrušiť · tab pole · ←/→ vybrať · ↑/↓ zhoda · ctrl+r vymazať"},
		// The list page.
		{"%s of %s", "%s: %s", ""},
		{"(/ to edit, esc to clear)", "(/ upravit, esc zrušit)", "(/ upraviť, esc zrušiť)"},
		{"No %s match. Press esc to clear the search.", "Hledání nic nenašlo (%s). Esc hledání zruší.", "Hľadanie nič nenašlo (%s). Esc hľadanie zruší."},
		{"No %s match. Press esc to clear the filters.", "Filtru nic neodpovídá (%s). Esc filtr zruší.", "Filtru nič nezodpovedá (%s). Esc filter zruší."},
		{"No %s here yet.", "Zatím tu nic není (%s).", "Zatiaľ tu nič nie je (%s)."},
		{"search: %s", "hledání: %s", "hľadanie: %s"},
		{"%s (paused while searching)", "%s (při hledání neplatí)", "%s (pri hľadaní neplatí)"},
		{"all %s", "vše: %s", "všetko: %s"},
		{"of %s", "pro %s", ""},
		{"failed", "selhalo", "zlyhalo"},
		{"%d loaded, refreshing…", "načteno %d, obnovuji…", "načítaných %d, obnovujem…"},
		{"%d loaded, all loaded", "načteno %d, vše", "načítaných %d, všetky"},
		{"%d loaded, more available", "načteno %d, jsou další", "načítaných %d, sú ďalšie"},
		{"just now", "právě teď", "práve teraz"},
		{"%d min ago", "před %d min", "pred %d min"},
		{"%d h ago", "před %d h", "pred %d h"},
		{"%d day ago|%d days ago", "před %d dnem|před %d dny|před %d dny", "pred %d dňom|pred %d dňami|pred %d dňami"},
		{"clear search, then filter", "zrušit hledání, pak filtr", "zrušiť hľadanie, potom filter"},
		{"clear search", "zrušit hledání", "zrušiť hľadanie"},
		{"mark/unmark (for p, L on several)", "označit/odznačit (p, L na více)", "označiť/odznačiť (p, L na viac)"},
		{"sort by the next column", "řadit podle dalšího sloupce", "radiť podľa ďalšieho stĺpca"},
		{"reverse the sort", "obrátit řazení", "obrátiť radenie"},
		{"sorted by %s", "řazeno: %s", "radené: %s"},
		{"(loaded rows)", "(načtené řádky)", "(načítané riadky)"},
		// Totals under a list of documents.
		{"Σ %d loaded, more on the server (G loads all)", "Σ načteno %d, další na serveru (G načte vše)", "Σ načítaných %d, ďalšie na serveri (G načíta všetko)"},
		{"Σ all %d", "Σ všech %d", "Σ všetkých %d"},
		{"%s, unpaid %s", "%s, neuhrazeno %s", "%s, neuhradené %s"},
		{"%s: %s + VAT %s", "%s: %s + DPH %s", ""},
		{"VAT by rate: none", "DPH podle sazeb: žádná", "DPH podľa sadzieb: žiadna"},
		{"VAT by rate: %s", "DPH podle sazeb: %s", "DPH podľa sadzieb: %s"},
		{"VAT by rate", "DPH podle sazeb", "DPH podľa sadzieb"},
	}
}

// commonEntriesPart3 is part 3 of commonEntries: a function of at most 80 lines each.
func commonEntriesPart3() []Entry {
	return []Entry{
		// Actions, faults and files.
		{"export to CSV (every page)", "export do CSV (všechny stránky)", "export do CSV (všetky stránky)"},
		{"export %s", "export: %s", "export: %s"},
		{"Exporting every page of %s…", "Exportuji všechny stránky: %s…", "Exportujem všetky stránky: %s…"},
		{"Exported %d record to %s|Exported %d records to %s", "Exportován %d záznam do %s|Exportovány %d záznamy do %s|Exportováno %d záznamů do %s", "Exportovaný %d záznam do %s|Exportované %d záznamy do %s|Exportovaných %d záznamov do %s"},
		{"Deleted %s", "Smazáno: %s", "Zmazané: %s"},
		{"%s %q: not a record id", "%s %q: není id záznamu", "%s %q: nie je id záznamu"},
		{"The service said: %s", "Služba řekla: %s", "Služba povedala: %s"},
		{"the service refused: %s", "služba odmítla: %s", "služba odmietla: %s"},
		{"no clear answer came (%s): reload to see whether it was done", "nepřišla jasná odpověď (%s): obnovte a uvidíte, zda se to provedlo", "neprišla jasná odpoveď (%s): obnovte a uvidíte, či sa to vykonalo"},
		{"the connection dropped before the answer came: reload to see whether it was done", "spojení spadlo dřív, než přišla odpověď: obnovte a uvidíte, zda se to provedlo", "spojenie spadlo skôr, než prišla odpoveď: obnovte a uvidíte, či sa to vykonalo"},
		{"no API client: sign in first", "chybí přihlášení: nejdřív se přihlaste", "chýba prihlásenie: najprv sa prihláste"},
		{"the service says: %s", "služba říká: %s", "služba hovorí: %s"},
		{"the service is unavailable for a while (503)", "služba je chvíli nedostupná (503)", "služba je chvíľu nedostupná (503)"},
		{"the service failed (%d)", "služba selhala (%d)", "služba zlyhala (%d)"},
		{"too many requests; the limit resets in %s", "příliš mnoho požadavků; limit se obnoví za %s", "priveľa požiadaviek; limit sa obnoví o %s"},
		{"the sign-in has expired (401)", "přihlášení vypršelo (401)", "prihlásenie vypršalo (401)"},
		{"the service did not answer in time", "služba neodpověděla včas", "služba neodpovedala včas"},
		{"the network is unreachable", "síť je nedostupná", "sieť je nedostupná"},
		{"Path", "Cesta", ""},
		{"Folder", "Složka", "Priečinok"},
		{"No files here.", "Žádné soubory.", "Žiadne súbory."},
		{"No files of these types here: %s", "Žádné soubory těchto typů: %s", "Žiadne súbory týchto typov: %s"},
		{"%s cannot be chosen: the service takes %s", "%s nelze vybrat: služba přijímá %s", "%s sa nedá vybrať: služba prijíma %s"},
		{"No such file or folder: %s", "Soubor ani složka neexistuje: %s", "Súbor ani priečinok neexistuje: %s"},
		{"enter open the folder or choose the file · esc back to the list", "enter otevře složku nebo vybere soubor · esc zpět na seznam", "enter otvorí priečinok alebo vyberie súbor · esc späť na zoznam"},
		{"save %s", "uložit %s", "uložiť %s"},
		{"Saved %s", "Uloženo: %s", "Uložené: %s"},
		{"%s cannot be filtered by %q", "%s nelze filtrovat podle %q", "%s sa nedajú filtrovať podľa %q"},
		{"Could not load more %s: %v", "Další %s se nepodařilo načíst: %v", "Ďalšie %s sa nepodarilo načítať: %v"},
		{"Payment %d of %d selected", "Vybrána úhrada %d z %d", "Vybraná úhrada %d z %d"},
		{"This %s has no payments", "%s nemá úhrady", "%s nemá úhrady"},
		{"remove the payment", "odebrat úhradu", "odobrať úhradu"},
		{"Payments cannot be changed on a cancelled %s", "Úhrady nelze měnit, je stornováno (%s)", "Úhrady sa nedajú meniť, je stornované (%s)"},
		{"The %s is locked; unlock it first", "Zamčeno (%s); nejdřív odemkněte", "Zamknuté (%s); najprv odomknite"},
		{"The payment was removed from the %s", "Úhrada byla odebrána (%s)", "Úhrada bola odobratá (%s)"},
		{"Remove the payment of %s paid on %s from the %s?", "Odebrat úhradu %s ze dne %s (%s)?", "Odobrať úhradu %s zo dňa %s (%s)?"},
		{"%s: %q is not a record id", "%s: %q není id záznamu", "%s: %q nie je id záznamu"},
		{"%s: %q is not one of %s", "%s: %q není jedno z %s", "%s: %q nie je jedno z %s"},
		{"part of a name, or an id", "část názvu nebo id", "časť názvu alebo id"},
		{"could not search subjects: %v", "kontakty se nepodařilo prohledat: %v", "kontakty sa nepodarilo prehľadať: %v"},
		{"%s: no subject matches %q (yet); type part of a name or an id", "%s: %q neodpovídá (zatím) žádný kontakt; napište část názvu nebo id", "%s: %q nezodpovedá (zatiaľ) žiadny kontakt; napíšte časť názvu alebo id"},
		{"searching subjects…", "hledám kontakty…", "hľadám kontakty…"},
	}
}
