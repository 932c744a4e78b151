package locale

// commonEntries are the texts of views/common: lists, details, filters,
// totals, marks, faults, files.
func commonEntries() []Entry {
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
	}
}
