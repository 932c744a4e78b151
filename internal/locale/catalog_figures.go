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
	}
}
