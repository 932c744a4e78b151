package locale

import "slices"

// moreEntries are the texts of views/more (and more/kit): account, bank
// accounts, users, webhooks, templates.
func moreEntries() []Entry {
	return slices.Concat(
		moreEntriesPart1(),
		moreEntriesPart2(),
	)
}

// moreEntriesPart1 is part 1 of moreEntries: a function of at most 80 lines each.
func moreEntriesPart1() []Entry {
	return []Entry{
		// Related records (to-dos, events) and the More pages' refusals.
		{"Nothing related to open", "Nic souvisejícího k otevření", "Nič súvisiace na otvorenie"},
		{"%s has no page in kasa", "%s nemá v kase stránku", "%s nemá v kase stránku"},
		{"Related: none", "Souvisí: nic", "Súvisí: nič"},
		{"enter opens", "enter otevře", "enter otvorí"},
		{"enter opens, ←/→ choose", "enter otevře, ←/→ vybrat", "enter otvorí, ←/→ vybrať"},
		{"Related: %s", "Souvisí: %s", "Súvisí: %s"},
		{"Recurring", "Opakovaná", "Opakovaná"},
		{"Exp. template", "Šabl. výdaje", "Šabl. výdavku"},
		{"The service refused: the plan or your permission on this account does not allow it", "Služba odmítla: tarif nebo vaše oprávnění v tomto účtu to nedovolují", "Služba odmietla: tarif alebo vaše oprávnenie v tomto účte to nedovoľujú"},
		{"The account is blocked until its unpaid subscription invoices are paid", "Účet je zablokován, dokud nebudou uhrazeny faktury za předplatné", "Účet je zablokovaný, kým nebudú uhradené faktúry za predplatné"},
		{"Sign in again with `kasa login`", "Přihlaste se znovu: `kasa login`", "Prihláste sa znova: `kasa login`"},
		{"Webhooks work only on paid plans, and managing them through the API must be switched on for this credential (in the credential settings; an OAuth app needs the service's approval)", "Webhooky fungují jen v placených tarifech a jejich správu přes API je nutné pro tento přístupový údaj zapnout (v jeho nastavení; aplikace OAuth potřebuje schválení služby)", "Webhooky fungujú len v platených tarifoch a ich správu cez API treba pre tento prístupový údaj zapnúť (v jeho nastaveniach; aplikácia OAuth potrebuje schválenie služby)"},
		{"A credential sees only the webhooks it made itself", "Přístupový údaj vidí jen webhooky, které sám vytvořil", "Prístupový údaj vidí len webhooky, ktoré sám vytvoril"},
		// The More pages.
		{"read-only: settings are changed in Fakturoid · r refresh", "jen ke čtení: nastavení se mění ve Fakturoidu · r obnovit", "len na čítanie: nastavenia sa menia vo Fakturoide · r obnoviť"},
		{"Loading the account…", "Načítám účet…", "Načítavam účet…"},
		{"VAT payer", "plátce DPH", "platiteľ DPH"},
		{"not a VAT payer", "neplátce DPH", "neplatiteľ DPH"},
		{"identified person (VAT on some foreign supplies only)", "identifikovaná osoba (DPH jen u některých plnění ze zahraničí)", "identifikovaná osoba (DPH len pri niektorých plneniach zo zahraničia)"},
		{"prices with VAT", "ceny s DPH", ""},
		{"prices without VAT", "ceny bez DPH", ""},
		{"prices with VAT (numerical)", "ceny s DPH (matematicky)", "ceny s DPH (matematicky)"},
		{"VAT computed from the total with VAT", "DPH počítaná z celkové částky s DPH", "DPH počítaná z celkovej sumy s DPH"},
		{"%s calls this month", "%s volání tento měsíc", "%s volaní tento mesiac"},
		{"%s of %s calls this month (%s)", "%s z %s volání tento měsíc (%s)", "%s z %s volaní tento mesiac (%s)"},
		{"%d day after the due date|%d days after the due date", "%d den po splatnosti|%d dny po splatnosti|%d dní po splatnosti", "%d deň po splatnosti|%d dni po splatnosti|%d dní po splatnosti"},
		{"%d day before the due date|%d days before the due date", "%d den před splatností|%d dny před splatností|%d dní před splatností", "%d deň pred splatnosťou|%d dni pred splatnosťou|%d dní pred splatnosťou"},
		{"%s a month", "%s měsíčně", "%s mesačne"},
		{"the count is updated hourly", "počet se obnovuje každou hodinu", "počet sa obnovuje každú hodinu"},
		{"enabled %s · automatic %s · %d extractions left", "zapnuto %s · automaticky %s · zbývá %d vytěžení", "zapnuté %s · automaticky %s · zostáva %d vyťažení"},
		{"No subject on this record", "Záznam nemá kontakt", "Záznam nemá kontakt"},
		{"Generator %s", "Šablona %s", "Šablóna %s"},
		{"supply code %d", "kód plnění %d", "kód plnenia %d"},
		{"end of last month", "konec minulého měsíce", "koniec minulého mesiaca"},
		{"invoice templates, with their lines and totals", "šablony faktur s položkami a součty", "šablóny faktúr s položkami a súčtami"},
		{"invoices issued on a schedule; pause and activate them", "faktury vystavované podle plánu; pozastavení a aktivace", "faktúry vystavované podľa plánu; pozastavenie a aktivácia"},
		{"where the account's changes are sent; failed deliveries", "kam se posílají změny účtu; nedoručené", "kam sa posielajú zmeny účtu; nedoručené"},
		{"plan, VAT mode, invoice defaults, API calls used", "tarif, režim DPH, výchozí hodnoty faktur, využití API", "tarif, režim DPH, predvolené hodnoty faktúr, využitie API"},
		{"the account's bank accounts (read-only)", "bankovní účty účtu (jen ke čtení)", "bankové účty účtu (len na čítanie)"},
		{"who can use the account, with permissions and scopes", "kdo může účet používat, s oprávněními a rozsahy", "kto môže účet používať, s oprávneniami a rozsahmi"},
		{"default", "výchozí", "predvolený"},
		{"account number", "číslo účtu", ""},
		{"%s is not a date: type %s", "%s není datum: napište %s", "%s nie je dátum: napíšte %s"},
		{"%s is in the past: the next invoice must be today or later", "%s je v minulosti: další faktura musí být dnes nebo později", "%s je v minulosti: ďalšia faktúra musí byť dnes alebo neskôr"},
		{"empty: the service picks the next date", "prázdné: datum určí služba", "prázdne: dátum určí služba"},
		{"next invoice on %s", "další faktura %s", "ďalšia faktúra %s"},
		{"enter activate · esc cancel", "enter aktivovat · esc zrušit", "enter aktivovať · esc zrušiť"},
		{"active", "aktivní", "aktívna"},
		{"paused", "pozastaveno", "pozastavená"},
		{"every month|every %d months", "každý měsíc|každé %d měsíce|každých %d měsíců", "každý mesiac|každé %d mesiace|každých %d mesiacov"},
		{"No recurring generators yet. Invoices issued on a schedule appear here (the free plan and the two entry-level plans allow one).", "Zatím žádné opakované šablony. Faktury vystavované podle plánu se objeví tady (bezplatný tarif a dva nejnižší tarify dovolí jednu).", "Zatiaľ žiadne opakované šablóny. Faktúry vystavované podľa plánu sa objavia tu (bezplatný tarif a dva najnižšie tarify dovolia jednu)."},
		{"Recurring %s", "Opakovaná %s", "Opakovaná %s"},
		{"%s is paused already", "%s už je pozastavená", "%s už je pozastavená"},
		{"Pause %s? No invoices are made from it until it is activated again.", "Pozastavit %s? Do opětovné aktivace z ní nevzniknou žádné faktury.", "Pozastaviť %s? Do opätovnej aktivácie z nej nevzniknú žiadne faktúry."},
		{"%s is active already", "%s už je aktivní", "%s už je aktívna"},
		{"Next invoice on (%s, empty: the service picks)", "Další faktura dne (%s, prázdné: určí služba)", "Ďalšia faktúra dňa (%s, prázdne: určí služba)"},
		{"Still saving; try again in a moment", "Ještě se ukládá; zkuste to za chvíli", "Ešte sa ukladá; skúste to o chvíľu"},
		{"pause %s", "pozastavit %s", "pozastaviť %s"},
		{"activate %s", "aktivovat %s", "aktivovať %s"},
		{"%s is paused: it issues no invoices until activated", "%s je pozastavená: do aktivace nevystaví žádnou fakturu", "%s je pozastavená: do aktivácie nevystaví žiadnu faktúru"},
		{"%s is active; next invoice on %s", "%s je aktivní; další faktura %s", "%s je aktívna; ďalšia faktúra %s"},
		{"the next date was refused", "datum další faktury bylo odmítnuto", "dátum ďalšej faktúry bol odmietnutý"},
		{"paused: no invoices until activated", "pozastaveno: do aktivace žádné faktury", "pozastavené: do aktivácie žiadne faktúry"},
		{"switch on/off", "zapnout/vypnout", "zapnúť/vypnúť"},
		{"Webhook %s", "Webhook %s", ""},
		{"not set", "nenastaveno", "nenastavené"},
		{"set (hidden: it is a secret)", "nastaveno (skryto: je tajné)", "nastavené (skryté: je tajné)"},
		{"Failed deliveries (%d, kept 60 days)", "Nedoručené (%d, drží se 60 dní)", "Nedoručené (%d, držia sa 60 dní)"},
		{"Could not load them: %v", "Nepodařilo se je načíst: %v", "Nepodarilo sa ich načítať: %v"},
	}
}

// moreEntriesPart2 is part 2 of moreEntries: a function of at most 80 lines each.
func moreEntriesPart2() []Entry {
	return []Entry{
		{"none: every event was delivered", "žádné: každá událost byla doručena", "žiadne: každá udalosť bola doručená"},
		{"%d attempt, latest first|%d attempts, latest first", "%d pokus, nejnovější nahoře|%d pokusy, nejnovější nahoře|%d pokusů, nejnovější nahoře", "%d pokus, najnovší hore|%d pokusy, najnovší hore|%d pokusov, najnovší hore"},
		{"no attempts recorded", "žádné zaznamenané pokusy", "žiadne zaznamenané pokusy"},
		{"TLS error", "chyba TLS", "chyba TLS"},
		{"no connection", "bez spojení", "bez spojenia"},
		{"timed out", "vypršel čas", "vypršal čas"},
		{"unknown error", "neznámá chyba", "neznáma chyba"},
		{"switch the webhook %s (%s)", "přepnout webhook: %s (%s)", "prepnúť webhook: %s (%s)"},
		{"Webhook %s switched %s", "Webhook %s: %s", ""},
		{"Switch off the webhook to %s? Nothing is sent to it until it is switched on again.", "Vypnout webhook na %s? Do opětovného zapnutí se na něj nic nepošle.", "Vypnúť webhook na %s? Do opätovného zapnutia sa naň nič nepošle."},
		{"delete the webhook (%s)", "smazat webhook (%s)", "zmazať webhook (%s)"},
		{"Deleted webhook %s", "Webhook %s smazán", "Webhook %s zmazaný"},
		{"Delete the webhook to %s? Its failed deliveries go with it; this cannot be undone.", "Smazat webhook na %s? Zmizí i jeho nedoručené; nelze to vrátit.", "Zmazať webhook na %s? Zmiznú aj jeho nedoručené; nedá sa to vrátiť."},
		{"Started", "Zahájeno", "Začaté"},
	}
}
