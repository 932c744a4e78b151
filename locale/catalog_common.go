package locale

// commonEntries are the texts of views/common: lists, details, filters,
// totals, marks, faults, files.
func commonEntries() []Entry {
	return []Entry{
		// Statuses of documents as the service names them (Deps.Status).
		{"open", "otevřeno", "otvorené"},
		{"sent", "odesláno", "odoslané"},
		{"overdue", "po splatnosti", ""},
		{"paid", "uhrazeno", "uhradené"},
		{"cancelled", "stornováno", "stornované"},
		{"uncollectible", "nedobytné", "nevymožiteľné"},
		{"yes", "ano", "áno"},
		{"no", "ne", "nie"},
		{"%d day|%d days", "%d den|%d dny|%d dní", "%d deň|%d dni|%d dní"},
	}
}
