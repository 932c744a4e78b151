package locale

// moreEntries are the texts of views/more (and more/kit): account, bank
// accounts, users, webhooks, templates.
func moreEntries() []Entry {
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
	}
}
