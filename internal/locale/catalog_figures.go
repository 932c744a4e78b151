package locale

// figuresEntries are the texts of the figures over documents (issue 27):
// the list's totals, the overview section and `kasa report`.
func figuresEntries() []Entry {
	return []Entry{
		{"%s + proformas %s", "%s + zálohové %s", "%s + zálohové %s"},
		{"unpaid in all %s", "neuhrazeno celkem %s", "neuhradené spolu %s"},
		// kasa report, as text.
		{"Report %s (%s – %s), amounts in %s", "Přehled %s (%s – %s), částky v %s", "Prehľad %s (%s – %s), sumy v %s"},
		{"Invoiced", "Vyfakturováno", "Vyfakturované"},
		{"%d document|%d documents", "%d doklad|%d doklady|%d dokladů", "%d doklad|%d doklady|%d dokladov"},
		{"Proformas (apart)", "Zálohové faktury (zvlášť)", "Zálohové faktúry (osobitne)"},
		{"Received", "Přijato", "Prijaté"},
		{"%d payment|%d payments", "%d platba|%d platby|%d plateb", "%d platba|%d platby|%d platieb"},
		{"Output VAT", "DPH na výstupu", "DPH na výstupe"},
		{"Input VAT", "DPH na vstupu", "DPH na vstupe"},
		{"Reverse charge (declared and deducted)", "Přenesená daňová povinnost (přiznaná i odečtená)", "Prenesenie daňovej povinnosti (priznané aj odpočítané)"},
		{"base %s, VAT %s", "základ %s, DPH %s", "základ %s, DPH %s"},
		{"VAT balance (output − input)", "Saldo DPH (výstup − vstup)", "Saldo DPH (výstup − vstup)"},
		{"Unpaid on %s", "Neuhrazeno k %s", "Neuhradené k %s"},
		{"not due yet", "ještě nesplatné", "ešte nesplatné"},
		{"1–30 days overdue", "1–30 dní po splatnosti", "1–30 dní po splatnosti"},
		{"31–60 days overdue", "31–60 dní po splatnosti", "31–60 dní po splatnosti"},
		{"61–90 days overdue", "61–90 dní po splatnosti", "61–90 dní po splatnosti"},
		{"over 90 days overdue", "přes 90 dní po splatnosti", "viac ako 90 dní po splatnosti"},
		// The overview (section 0) and the documents behind a figure.
		{"Overview", "Přehled", "Prehľad"},
		{"Ovw.", "Přehl.", "Prehľ."},
		{"Inv.", "Fakt.", "Fakt."},
		{"Exp.", "Výd.", "Výd."},
		{"short\x04Overview", "Přehl.", "Prehľ."},
		{"Last 12 months", "Posledních 12 měsíců", "Posledných 12 mesiacov"},
		{"invoiced", "vyfakturováno", "vyfakturované"},
		{"highest %s", "nejvíc %s", "najviac %s"},
		{"Figure", "Údaj", "Údaj"},
		{"documents", "doklady", "doklady"},
		{"Client or supplier", "Odběratel či dodavatel", "Odberateľ či dodávateľ"},
		{"amount", "částka", "suma"},
		{"No document adds to this figure.", "K tomuto údaji nepřispívá žádný doklad.", "K tomuto údaju neprispieva žiadny doklad."},
		{"Unpaid of one client", "Neuhrazeno jednoho odběratele", "Neuhradené jedného odberateľa"},
		{"Invoiced (tax documents)", "Vyfakturováno (daňové doklady)", "Vyfakturované (daňové doklady)"},
		{"earlier/later period", "dřívější/pozdější období", "skoršie/neskoršie obdobie"},
		{"month, quarter, year", "měsíc, čtvrtletí, rok", "mesiac, štvrťrok, rok"},
		{"Sales and costs", "Tržby a náklady", "Tržby a náklady"},
		{"Largest debtors", "Největší dlužníci", "Najväčší dlžníci"},
		{"the overview", "přehled", "prehľad"},
		{"Reading the invoices and expenses…", "Načítám faktury a výdaje…", "Načítavam faktúry a výdavky…"},
		{"month", "měsíc", "mesiac"},
		{"quarter", "čtvrtletí", "štvrťrok"},
		{"year", "rok", "rok"},
		{"%s – %s, amounts in %s", "%s – %s, částky v %s", "%s – %s, sumy v %s"},
	}
}
