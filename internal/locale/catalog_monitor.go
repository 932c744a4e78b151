package locale

import "slices"

// monitorEntries are the texts of views/monitor, views/todos, views/events.
func monitorEntries() []Entry {
	return slices.Concat(
		monitorEntriesPart1(),
		monitorEntriesPart2(),
	)
}

// monitorEntriesPart1 is part 1 of monitorEntries: a function of at most 80 lines each.
func monitorEntriesPart1() []Entry {
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
		{"%d completed|%d completed", "%d hotový|%d hotové|%d hotových", "%d hotová|%d hotové|%d hotových"},
		// Events.
		{"events cannot be filtered by %s:%s", "události nelze filtrovat podle %s:%s", "udalosti sa nedajú filtrovať podľa %s:%s"},
		{"Events (paid)", "Události (úhrady)", "Udalosti (úhrady)"},
		{"all events", "všechny události", "všetky udalosti"},
		{"paid events", "úhrady", "úhrady"},
		{"No events yet. What happens in the account is logged here.", "Zatím žádné události. Co se v účtu stane, zapisuje se sem.", "Zatiaľ žiadne udalosti. Čo sa v účte stane, zapisuje sa sem."},
		{"No events match. Press esc to clear the filter.", "Filtru neodpovídá žádná událost. Esc filtr zruší.", "Filtru nezodpovedá žiadna udalosť. Esc filter zruší."},
		{"No paid events yet. Payments of invoices and expenses are logged here.", "Zatím žádné úhrady. Úhrady faktur a výdajů se zapisují sem.", "Zatiaľ žiadne úhrady. Úhrady faktúr a výdavkov sa zapisujú sem."},
		{"subject: %s", "kontakt: %s", ""},
		{"since: %s", "od: %s", ""},
		{"Since", "Od", ""},
		{"Filter events", "Filtr událostí", "Filter udalostí"},
		{"enter apply · esc cancel · tab next field · ↑/↓ choose a subject", "enter použít · esc zrušit · tab další pole · ↑/↓ vybrat kontakt", "enter použiť · esc zrušiť · tab ďalšie pole · ↑/↓ vybrať kontakt"},
		{"Recurring generator", "Opakovaná šablona", "Opakovaná šablóna"},
		{"Inventory item", "Skladová položka", ""},
		{"Inventory move", "Skladový pohyb", ""},
		{"Inbox file", "Soubor ve schránce", "Súbor v schránke"},
		{"Generator", "Šablona", "Šablóna"},
		{"%s was created", "%s: vytvořeno", "%s: vytvorené"},
		{"%s was updated", "%s: změněno", "%s: zmenené"},
		{"%s was removed", "%s: smazáno", "%s: zmazané"},
		{"%s was restored", "%s: obnoveno", "%s: obnovené"},
		{"%s is overdue", "%s: po splatnosti", ""},
		{"%s was paid", "%s: uhrazeno", "%s: uhradené"},
		{"automatic", "automaticky", "automaticky"},
		{"%s was sent", "%s: odesláno", "%s: odoslané"},
		{"%s was locked", "%s: zamčeno", "%s: zamknuté"},
		{"%s was unlocked", "%s: odemčeno", "%s: odomknuté"},
		{"%s was cancelled", "%s: stornováno", "%s: stornované"},
		{"%s was paused", "%s: pozastaveno", "%s: pozastavené"},
		{"%s was added", "%s: přidáno", "%s: pridané"},
		{"%s was archived", "%s: archivováno", "%s: archivované"},
		{"%s was unarchived", "%s: obnoveno z archivu", "%s: obnovené z archívu"},
		{"%s is uncollectible", "%s: nedobytné", "%s: nevymožiteľné"},
	}
}

// monitorEntriesPart2 is part 2 of monitorEntries: a function of at most 80 lines each.
func monitorEntriesPart2() []Entry {
	return []Entry{
		// The monitor.
		{"not counted yet", "ještě nespočteno", "ešte nespočítané"},
		{"overdue %d inv. · %d exp.", "po splatnosti %d fakt. · %d výd.", "po splatnosti %d fakt. · %d výd."},
		{"unpaid %s", "neuhrazeno %s", "neuhradené %s"},
		{"%d item low|%d items low", "%d položka pod minimem|%d položky pod minimem|%d položek pod minimem", "%d položka pod minimom|%d položky pod minimom|%d položiek pod minimom"},
		{"reading the cache…", "čtu mezipaměť…", "čítam vyrovnávaciu pamäť…"},
		{"retry %s", "znovu %s", "znova %s"},
		{"data of %s", "data z %s", "dáta z %s"},
		{"not fetched yet", "ještě nenačteno", "ešte nenačítané"},
		{"read %s · next %s · ~%d of %d this month", "načteno %s · další %s · ~%d z %d za měsíc", "načítané %s · ďalšie %s · ~%d z %d za mesiac"},
		{"access revoked (401): sign in again", "přístup odvolán (401): přihlaste se znovu", "prístup odvolaný (401): prihláste sa znova"},
		{"account blocked (402): the subscription is unpaid", "účet zablokován (402): předplatné není uhrazeno", "účet zablokovaný (402): predplatné nie je uhradené"},
		{"refused (403)", "odmítnuto (403)", "odmietnuté (403)"},
		{"rate limited (429)", "příliš mnoho požadavků (429)", "priveľa požiadaviek (429)"},
		{"the service is failing (%d)", "služba selhává (%d)", "služba zlyháva (%d)"},
		{"cannot reach the service", "služba je nedostupná", "služba je nedostupná"},
		{"already fetching", "už načítám", "už načítavam"},
		{"could not toggle: %v", "nepodařilo se přepnout: %v", "nepodarilo sa prepnúť: %v"},
		{"%d more event|%d more events", "a ještě %d událost|a ještě %d události|a ještě %d událostí", "a ešte %d udalosť|a ešte %d udalosti|a ešte %d udalostí"},
		{"%d to-do|%d to-dos", "%d úkol|%d úkoly|%d úkolů", "%d úloha|%d úlohy|%d úloh"},
		{"%d new event|%d new events", "%d nová událost|%d nové události|%d nových událostí", "%d nová udalosť|%d nové udalosti|%d nových udalostí"},
		{"%s · 1 of %d", "%s · 1 z %d", ""},
		{"%d account|%d accounts", "%d účet|%d účty|%d účtů", "%d účet|%d účty|%d účtov"},
		{"fetching…", "načítám…", "načítavam…"},
		{"%d open|%d open", "%d otevřený|%d otevřené|%d otevřených", "%d otvorená|%d otvorené|%d otvorených"},
		{"%d new", "nové: %d", "nové: %d"},
		{"no open to-dos", "žádné otevřené úkoly", "žiadne otvorené úlohy"},
		{"no events yet", "zatím žádné události", "zatiaľ žiadne udalosti"},
		{"Unpaid", "Neuhrazeno", "Neuhradené"},
		{"Low stock", "Pod minimem", "Pod minimom"},
		{"%d item below minimum|%d items below minimum", "%d položka pod minimem|%d položky pod minimem|%d položek pod minimem", "%d položka pod minimom|%d položky pod minimom|%d položiek pod minimom"},
		{"Counts", "Počty", ""},
		{"as of %s", "k %s", ""},
		{"offline: data from %s (%s old)", "offline: data z %s (stará %s)", "offline: dáta z %s (staré %s)"},
		{"fetched %s · next %s · every %s", "načteno %s · další %s · každých %s", "načítané %s · ďalšie %s · každých %s"},
		{"quota: not read yet", "kvóta: ještě nenačtena", "kvóta: ešte nenačítaná"},
		{"quota: share used (%d of %d) · resumes %s", "kvóta: podíl vyčerpán (%d z %d) · pokračuje %s", "kvóta: podiel vyčerpaný (%d z %d) · pokračuje %s"},
		{"quota: ~%d of %d projected this month · %d used · %s of %s", "kvóta: ~%d z %d odhadem za měsíc · %d použito · %s z %s", "kvóta: ~%d z %d odhadom za mesiac · %d použité · %s z %s"},
		{"quota ~%d/%d · %d used · %s of %s", "kvóta ~%d/%d · %d použito · %s z %s", "kvóta ~%d/%d · %d použité · %s z %s"},
	}
}
