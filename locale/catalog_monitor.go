package locale

// monitorEntries are the texts of views/monitor, views/todos, views/events.
func monitorEntries() []Entry {
	return []Entry{
		// To-dos.
		{"toggle done", "hotovo ano/ne", "hotové áno/nie"},
		{"A payment could not be paired with an expense", "Úhradu se nepodařilo spárovat s výdajem", "Úhradu sa nepodarilo spárovať s výdavkom"},
		{"An invoice e-mail bounced", "E-mail s fakturou se vrátil", "E-mail s faktúrou sa vrátil"},
		{"An e-mail to the inbox had too many attachments", "E-mail do schránky měl příliš mnoho příloh", "E-mail do schránky mal priveľa príloh"},
		{"The turnover exceeded the VAT registration limit", "Obrat překročil limit pro registraci k DPH", "Obrat prekročil limit na registráciu k DPH"},
		{"Nothing to do. Bounced e-mails, unpaired payments and the like show up here.", "Nic k vyřízení. Vrácené e-maily, nespárované úhrady a podobně se objeví tady.", "Nič na vybavenie. Vrátené e-maily, nespárované úhrady a podobne sa objavia tu."},
		{"No completed to-dos. Press c for the open ones.", "Žádné hotové úkoly. Klávesa c ukáže otevřené.", "Žiadne hotové úlohy. Kláves c ukáže otvorené."},
		{"To-dos (completed)", "Úkoly (hotové)", "Úlohy (hotové)"},
		{"show open", "ukázat otevřené", "ukázať otvorené"},
		{"Still saving this to-do; try again in a moment", "Úkol se ještě ukládá; zkuste to za chvíli", "Úloha sa ešte ukladá; skúste to o chvíľu"},
		{"mark the to-do as done (%s); it is back as it was", "označit úkol jako hotový (%s); je zpět, jak byl", "označiť úlohu ako hotovú (%s); je späť, ako bola"},
		{"mark the to-do as not done (%s); it is back as it was", "označit úkol jako nehotový (%s); je zpět, jak byl", "označiť úlohu ako nehotovú (%s); je späť, ako bola"},
		{"Marked %q as done", "Úkol %q je hotový", "Úloha %q je hotová"},
		{"Marked %q as not done", "Úkol %q je znovu otevřený", "Úloha %q je znova otvorená"},
		{"open to-dos · c shows the completed ones", "otevřené úkoly · c ukáže hotové", "otvorené úlohy · c ukáže hotové"},
		{"completed to-dos · c shows the open ones", "hotové úkoly · c ukáže otevřené", "hotové úlohy · c ukáže otvorené"},
		{"%d open, %d completed, refreshing…", "%d otevřených, %d hotových, obnovuji…", "%d otvorených, %d hotových, obnovujem…"},
		{"%d open, %d completed", "%d otevřených, %d hotových", "%d otvorených, %d hotových"},
	}
}
