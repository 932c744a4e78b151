package locale

// lifecycleEntries are the texts of kasa's start and end (the drafts kept
// from the last run, the line left after an internal error) and of what
// may vanish under it (a folder the file picker cannot read).
func lifecycleEntries() []Entry {
	return []Entry{
		{"Could not read the folder %s: %v", "Složku %s se nepodařilo přečíst: %v", "Priečinok %s sa nepodarilo prečítať: %v"},
		{"Kept from last time: %d draft (%s)|Kept from last time: %d drafts (%s)",
			"Uchováno z minula: %d koncept (%s)|Uchováno z minula: %d koncepty (%s)|Uchováno z minula: %d konceptů (%s)",
			"Uchované z minula: %d koncept (%s)|Uchované z minula: %d koncepty (%s)|Uchované z minula: %d konceptov (%s)"},
		{"stopped by an internal error (%s); what you typed is kept as drafts, the details are in %s",
			"skončila kvůli vnitřní chybě (%s); co jste napsali, zůstává v konceptech, podrobnosti jsou v %s",
			"skončila pre vnútornú chybu (%s); čo ste napísali, zostáva v konceptoch, podrobnosti sú v %s"},
	}
}
