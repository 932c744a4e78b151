package locale

// editingEntries are the texts of this session's editor work: corrections
// made from an invoice's page, the editor of a locked document, search in
// the pickers and the file picker's sizes.
func editingEntries() []Entry {
	return []Entry{
		// A correction (opravný daňový doklad) from an invoice's page.
		{"make a correction", "opravný doklad", "opravný doklad"},
		{"Correction of invoice %s", "Opravný doklad k faktuře %s", "Opravný doklad k faktúre %s"},
		{"Correction of invoice %d", "Opravný doklad k faktuře %d", "Opravný doklad k faktúre %d"},
		{"A correction is made of an invoice; %s is a %s.", "Opravný doklad se vystavuje k faktuře; %s je %s.", "Opravný doklad sa vystavuje k faktúre; %s je %s."},
		{"Invoice %s has a correction already (%s). Make another one?", "Faktura %s už má opravný doklad (%s). Vystavit další?", "Faktúra %s už má opravný doklad (%s). Vystaviť ďalší?"},
	}
}
