package locale

// formEntries are the texts of views/forms: every form.
func formEntries() []Entry {
	return []Entry{
		// The fields' rules (check.go, check_records.go).
		{"a date is required (YYYY-MM-DD)", "datum je povinné (RRRR-MM-DD)", "dátum je povinný (RRRR-MM-DD)"},
		{"not a date: use YYYY-MM-DD", "není datum: použijte RRRR-MM-DD", "nie je dátum: použite RRRR-MM-DD"},
		{"an amount is required", "částka je povinná", "suma je povinná"},
		{"not a number: use digits and a dot, like 1200.50", "není číslo: použijte číslice a čárku, např. 1200,50", "nie je číslo: použite číslice a čiarku, napr. 1200,50"},
		{"must be more than zero", "musí být větší než nula", "musí byť väčšie ako nula"},
		{"at most 2 decimal places", "nejvýše 2 desetinná místa", "najviac 2 desatinné miesta"},
		{"a quantity is required", "množství je povinné", "množstvo je povinné"},
		{"not a number: use digits and a dot, like 2.5", "není číslo: použijte číslice a čárku, např. 2,5", "nie je číslo: použite číslice a čiarku, napr. 2,5"},
		{"a price is required", "cena je povinná", "cena je povinná"},
		{"not a number: use digits and a dot, like 120.50", "není číslo: použijte číslice a čárku, např. 120,50", "nie je číslo: použite číslice a čiarku, napr. 120,50"},
		{"cannot be negative", "nesmí být záporné", "nesmie byť záporné"},
		{"a 3-letter currency code, like CZK", "třípísmenný kód měny, např. CZK", "trojpísmenový kód meny, napr. CZK"},
		{"a 3-letter currency code in capitals, like CZK", "třípísmenný kód měny velkými písmeny, např. CZK", "trojpísmenový kód meny veľkými písmenami, napr. CZK"},
		{"not an e-mail address", "není e-mailová adresa", "nie je e-mailová adresa"},
		{"Name can't be blank", "Název nesmí být prázdný", "Názov nesmie byť prázdny"},
		{"Name is too short (minimum is 2 characters)", "Název je příliš krátký (nejméně 2 znaky)", "Názov je príliš krátky (najmenej 2 znaky)"},
		{"SKU can't be blank", "Kód položky nesmí být prázdný", "Kód položky nesmie byť prázdny"},
		{"Retail price can't be blank", "Prodejní cena nesmí být prázdná", "Predajná cena nesmie byť prázdna"},
		{"is not an e-mail address (one address, like ucetni@firma.cz)", "není e-mailová adresa (jedna adresa, např. ucetni@firma.cz)", "nie je e-mailová adresa (jedna adresa, napr. ucetni@firma.cz)"},
		{"a 2-letter country code, like CZ or SK", "dvoupísmenný kód země, např. CZ nebo SK", "dvojpísmenový kód krajiny, napr. CZ alebo SK"},
		{"a 3-letter currency code, like CZK or EUR", "třípísmenný kód měny, např. CZK nebo EUR", "trojpísmenový kód meny, napr. CZK alebo EUR"},
		{"a whole number of days, like 14", "celý počet dní, např. 14", "celý počet dní, napr. 14"},
		{"must be greater than or equal to 0", "musí být větší nebo rovno 0", "musí byť väčšie alebo rovné 0"},
		{"is not a number: use digits and a dot, like 120.50", "není číslo: použijte číslice a čárku, např. 120,50", "nie je číslo: použite číslice a čiarku, napr. 120,50"},
		{"up to 10 digits", "nejvýše 10 číslic", "najviac 10 číslic"},
		{"digits only, like 27074358", "jen číslice, např. 27074358", "len číslice, napr. 27074358"},
		{"VAT numbers usually start with the country code, like CZ27074358", "DIČ obvykle začíná kódem země, např. CZ27074358", "IČ DPH obvykle začína kódom krajiny, napr. SK2020123456"},
		{"not an IBAN: 2 letters, 2 check digits, the account (like CZ65 0800 0000 1920 0014 5399)", "není IBAN: 2 písmena, 2 kontrolní číslice, účet (např. CZ65 0800 0000 1920 0014 5399)", "nie je IBAN: 2 písmená, 2 kontrolné číslice, účet (napr. CZ65 0800 0000 1920 0014 5399)"},
		{"an IBAN has only letters and digits", "IBAN obsahuje jen písmena a číslice", "IBAN obsahuje len písmená a číslice"},
		{"the IBAN's check digits do not match: a typo?", "kontrolní číslice IBANu nesouhlasí: překlep?", "kontrolné číslice IBANu nesúhlasia: preklep?"},
		{"Czech accounts are written number/bank code, like 2000145399/2010", "české účty se píší číslo/kód banky, např. 2000145399/2010", "české účty sa píšu číslo/kód banky, napr. 2000145399/2010"},
		{"Address can't be blank", "Adresa nesmí být prázdná", "Adresa nesmie byť prázdna"},
		{"an http:// or https:// address, like https://example.com/hooks/fakturoid", "adresa http:// nebo https://, např. https://example.com/hooks/fakturoid", "adresa http:// alebo https://, napr. https://example.com/hooks/fakturoid"},
	}
}
