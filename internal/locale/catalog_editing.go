package locale

// editingEntries are the texts of this session's editor work: corrections
// made from an invoice's page, the editor of a locked document, search in
// the pickers and the file picker's sizes.
func editingEntries() []Entry {
	return []Entry{
		// A correction (opravný daňový doklad) from an invoice's page.
		{"make a correction", "opravný doklad", "opravný doklad"},
		{"Correction of invoice %s", "Opravný doklad k faktuře %s", "Opravný doklad k faktúre %s"},
		{"A correction is made of an invoice; %s is a %s.", "Opravný doklad se vystavuje k faktuře; %s je %s.", "Opravný doklad sa vystavuje k faktúre; %s je %s."},
		{"Invoice %s has a correction already (%s). Make another one?", "Faktura %s už má opravný doklad (%s). Vystavit další?", "Faktúra %s už má opravný doklad (%s). Vystaviť ďalší?"},
		// The editor of a locked document.
		{"The %s is locked: the service refuses changes. ctrl+l unlocks it here.", "Doklad (%s) je zamčený: služba změny odmítne. Odemkne ho zde ctrl+l.", "Doklad (%s) je zamknutý: služba zmeny odmietne. Odomkne ho tu ctrl+l."},
		{"The %s is locked: ctrl+l unlocks it here, then ctrl+s sends your changes, which are kept.", "Doklad je zamčený (%s): odemkne ho zde ctrl+l, pak ctrl+s odešle vaše změny, které zůstávají.", "Doklad je zamknutý (%s): odomkne ho tu ctrl+l, potom ctrl+s odošle vaše zmeny, ktoré zostávajú."},
		{"Unlocking the %s…", "Odemykám doklad (%s)…", "Odomykám doklad (%s)…"},
		{"The %s could not be unlocked; nothing was changed.", "Doklad (%s) se nepodařilo odemknout; nic se nezměnilo.", "Doklad (%s) sa nepodarilo odomknúť; nič sa nezmenilo."},
		{"The %s could not be unlocked: %v.", "Doklad (%s) se nepodařilo odemknout: %v.", "Doklad (%s) sa nepodarilo odomknúť: %v."},
		{"The service cannot unlock this %s", "Služba tento doklad (%s) odemknout nemůže", "Služba tento doklad (%s) odomknúť nemôže"},
		{"The %s is unlocked: ctrl+s sends your changes.", "Doklad (%s) je odemčený: ctrl+s odešle vaše změny.", "Doklad (%s) je odomknutý: ctrl+s odošle vaše zmeny."},
		{"%s %s was unlocked", "%s %s: odemčeno", "%s %s: odomknuté"},
		{"The %s is locked and your changes are not saved. Discard them? (no keeps them: ctrl+l unlocks, then ctrl+s sends)",
			"Doklad (%s) je zamčený a vaše změny nejsou uložené. Zahodit je? (ne je ponechá: ctrl+l odemkne, pak ctrl+s odešle)",
			"Doklad (%s) je zamknutý a vaše zmeny nie sú uložené. Zahodiť ich? (nie ich ponechá: ctrl+l odomkne, potom ctrl+s odošle)"},
		// Search ignoring diacritics: the file picker's typed name.
		{"%d name contains “%s”: choose one in the list|%d names contain “%s”: choose one in the list",
			"%d název obsahuje „%s“: vyberte jeden v seznamu|%d názvy obsahují „%s“: vyberte jeden v seznamu|%d názvů obsahuje „%s“: vyberte jeden v seznamu",
			"%d názov obsahuje „%s“: vyberte jeden v zozname|%d názvy obsahujú „%s“: vyberte jeden v zozname|%d názvov obsahuje „%s“: vyberte jeden v zozname"},
		{"/ type a path · enter open the folder or choose the file · esc close the list", "/ zadat cestu · enter otevřít složku nebo vybrat soubor · esc zavřít seznam", "/ zadať cestu · enter otvoriť priečinok alebo vybrať súbor · esc zavrieť zoznam"},
	}
}
