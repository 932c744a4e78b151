package locale

import "slices"

// editorEntries are the texts of views/editor and views/lines: the document
// editor.
func editorEntries() []Entry {
	return slices.Concat(
		editorEntriesPart1(),
		editorEntriesPart2(),
		editorEntriesPart3(),
	)
}

// editorEntriesPart1 is part 1 of editorEntries: a function of at most 80 lines each.
func editorEntriesPart1() []Entry {
	return []Entry{
		// The lines table.
		{"unit", "jednotka", ""},
		{"unit price", "cena za jednotku", ""},
		{"VAT %", "DPH %", ""},
		{"Could not search the inventory: %v", "Sklad se nepodařilo prohledat: %v", "Sklad sa nepodarilo prehľadať: %v"},
		{"line %d: %s %q is not a number", "položka %d: %s %q není číslo", "položka %d: %s %q nie je číslo"},
		{"line %d: %s %s", "položka %d: %s %s", ""},
		{"w/o VAT", "bez DPH", ""},
		{"%s · %s + VAT %s = %s", "%s · %s + DPH %s = %s", ""},
		{"%d line|%d lines", "%d položka|%d položky|%d položek", "%d položka|%d položky|%d položiek"},
		{"a add · enter edit · x remove · u undo", "a přidat · enter upravit · x odebrat · u vrátit", "a pridať · enter upraviť · x odobrať · u vrátiť"},
		{"No lines yet: a adds one.", "Zatím žádné položky: a přidá první.", "Zatiaľ žiadne položky: a pridá prvú."},
		{"lines %d–%d of %d", "položky %d–%d z %d", ""},
		{"line %d, %s: [%s]", "položka %d, %s: [%s]", ""},
		{"tab next cell · enter done", "tab další buňka · enter hotovo", "tab ďalšia bunka · enter hotovo"},
		{"↑/↓ the account's rates: %s; any number is taken", "↑/↓ sazby účtu: %s; platí i jiné číslo", "↑/↓ sadzby účtu: %s; platí aj iné číslo"},
		{"↑/↓ choose · enter takes the item's name, unit, price and rate", "↑/↓ vybrat · enter převezme název, jednotku, cenu a sazbu položky", "↑/↓ vybrať · enter prevezme názov, jednotku, cenu a sadzbu položky"},
		// The document editor: titles, kinds, deletes.
		{"template", "šablona", "šablóna"},
		{"recurring template", "opakovaná šablona", "opakovaná šablóna"},
		{"recurring templates", "opakované šablony", "opakované šablóny"},
		{"templates", "šablony", "šablóny"},
		{"Recurring template", "Opakovaná šablona", "Opakovaná šablóna"},
		{"New expense", "Nový výdaj", "Nový výdavok"},
		{"New invoice", "Nová faktura", "Nová faktúra"},
		{"New template", "Nová šablona", "Nová šablóna"},
		{"New recurring template", "Nová opakovaná šablona", "Nová opakovaná šablóna"},
		{"%s can't be blank: type a name and pick one", "%s: povinné – napište jméno a vyberte", "%s: povinné – napíšte meno a vyberte"},
		{"The service cannot delete this %s", "Služba tento doklad nemůže smazat (%s)", "Služba tento doklad nemôže zmazať (%s)"},
		{"Delete expense %s of %s? This cannot be undone.", "Smazat výdaj %s od %s? Nelze vrátit.", "Zmazať výdavok %s od %s? Nedá sa vrátiť."},
		{"Delete invoice %s to %s? This cannot be undone.", "Smazat fakturu %s pro %s? Nelze vrátit.", "Zmazať faktúru %s pre %s? Nedá sa vrátiť."},
		{"Delete the template %s? Invoices made from it stay.", "Smazat šablonu %s? Faktury z ní vystavené zůstanou.", "Zmazať šablónu %s? Faktúry z nej vystavené zostanú."},
		{"Delete the recurring template %s? No more invoices are made from it.", "Smazat opakovanou šablonu %s? Další faktury z ní už nevzniknou.", "Zmazať opakovanú šablónu %s? Ďalšie faktúry z nej už nevzniknú."},
		// The editor's attachments.
		{"a attach a file · x remove the selected one", "a přiložit soubor · x odebrat vybraný", "a priložiť súbor · x odobrať vybraný"},
		{"from the inbox", "ze schránky", "zo schránky"},
		{"Inbox file %d is not in the inbox (it may have been deleted)", "Soubor %d ve schránce není (možná byl smazán)", "Súbor %d v schránke nie je (možno bol zmazaný)"},
		{"delete the inbox file", "smazat soubor ze schránky", "zmazať súbor zo schránky"},
		{"The inbox file was deleted", "Soubor ze schránky byl smazán", "Súbor zo schránky bol zmazaný"},
		{"The expense now holds the file. Delete it from the inbox?", "Výdaj teď soubor obsahuje. Smazat ho ze schránky?", "Výdavok teraz súbor obsahuje. Zmazať ho zo schránky?"},
	}
}

// editorEntriesPart2 is part 2 of editorEntries: a function of at most 80 lines each.
func editorEntriesPart2() []Entry {
	return []Entry{
		// The editor's header fields.
		{"bill (receipt)", "účtenka", "pokladničný doklad"},
		{"other", "jiný", "iný"},
		{"Supplier's number", "Číslo dodavatele", "Číslo dodávateľa"},
		{"empty: the next number of the account's series", "prázdné: další číslo z číselné řady účtu", "prázdne: ďalšie číslo z číselného radu účtu"},
		{"Issued on", "Vystaveno", "Vystavené"},
		{"Received on", "Přijato", "Prijaté"},
		{"decides the VAT return the expense goes into", "určuje přiznání k DPH, do kterého výdaj patří", "určuje priznanie k DPH, do ktorého výdavok patrí"},
		{"Due on", "Splatnost", "Splatnosť"},
		{"Remind when due", "Připomenout splatnost", "Pripomenúť splatnosť"},
		{"VAT deduction %", "Odpočet DPH %", "Odpočet DPH %"},
		{"percent of the VAT deducted; 100 by default", "kolik procent DPH se odečte; výchozí 100", "koľko percent DPH sa odpočíta; predvolene 100"},
		{"Round the total", "Zaokrouhlit součet", "Zaokrúhliť súčet"},
		{"a date: %s", "datum: %s", "dátum: %s"},
		{"tags separated by commas", "štítky oddělené čárkou", "štítky oddelené čiarkou"},
		{"%s can't be blank", "%s: povinné", "%s: povinné"},
		{"%s can't be blank: %s", "%s: povinné – %s", "%s: povinné – %s"},
		{"%s is not a number: use digits and a dot, like 25.30", "%s: není číslo – použijte číslice a čárku, např. 25,30", "%s: nie je číslo – použite číslice a čiarku, napr. 25,30"},
		{"%s is not a whole number", "%s: není celé číslo", "%s: nie je celé číslo"},
		{"%s is too long (at most %d characters)", "%s: příliš dlouhé (nejvýše %d zn.)", "%s: príliš dlhé (najviac %d zn.)"},
		{"not a whole number", "není celé číslo", "nie je celé číslo"},
		{"bank transfer", "převodem", "prevodom"},
		{"cash", "hotově", "v hotovosti"},
		{"cash on delivery", "dobírkou", "na dobierku"},
		{"card", "kartou", "kartou"},
		{"custom", "vlastní", "vlastný"},
		{"Czech", "čeština", "čeština"},
		{"Slovak", "slovenština", "slovenčina"},
		{"English", "angličtina", "angličtina"},
		{"German", "němčina", "nemčina"},
		{"French", "francouzština", "francúzština"},
		{"Italian", "italština", "taliančina"},
		{"Spanish", "španělština", "španielčina"},
		{"Russian", "ruština", "ruština"},
		{"Polish", "polština", "poľština"},
		{"Hungarian", "maďarština", "maďarčina"},
		{"Romanian", "rumunština", "rumunčina"},
		{"prices include VAT", "ceny včetně DPH", "ceny vrátane DPH"},
		{"Proforma", "Zálohová faktura", "Zálohová faktúra"},
		{"proforma", "zálohová faktura", "zálohová faktúra"},
		{"PayPal button", "Tlačítko PayPal", "Tlačidlo PayPal"},
		{"GoPay button", "Tlačítko GoPay", "Tlačidlo GoPay"},
		{"Tax date at end of last month", "DUZP ke konci min. měsíce", "DUZP ku koncu min. mesiaca"},
		{"Due in days", "Splatnost (dní)", "Splatnosť (dní)"},
		{"empty: inherit the account's setting", "prázdné: podle nastavení účtu", "prázdne: podľa nastavení účtu"},
		{"Number format", "Číselná řada", "Číselný rad"},
		{"automatically", "automaticky", "automaticky"},
		{"always", "vždy", "vždy"},
		{"Start date", "Začátek", "Začiatok"},
		{"End date", "Konec", "Koniec"},
		{"empty: no end", "prázdné: bez konce", "prázdne: bez konca"},
		{"Every (months)", "Každých (měsíců)", "Každých (mesiacov)"},
		{"Next invoice on", "Další faktura", "Ďalšia faktúra"},
		{"On the month's last day", "Poslední den v měsíci", "Posledný deň v mesiaci"},
		{"empty: today", "prázdné: dnes", "prázdne: dnes"},
		{"a currency other than the account's (%s) needs its exchange rate", "jiná měna než měna účtu (%s) potřebuje kurz", "iná mena ako mena účtu (%s) potrebuje kurz"},
		{"empty: the account's currency (%s)", "prázdné: měna účtu (%s)", "prázdne: mena účtu (%s)"},
		{"account currency per unit of the document's", "měna účtu za jednotku měny dokladu", "mena účtu za jednotku meny dokladu"},
		{"Prices are", "Ceny jsou", "Ceny sú"},
		{"the reverse charge's supply code", "kód plnění pro přenesenou daňovou povinnost", "kód plnenia pre prenesenie daňovej povinnosti"},
		{"Custom method", "Vlastní způsob", "Vlastný spôsob"},
		{"a number on a line does not read (the line's message says which)", "číslo na položce nejde přečíst (kterou, říká zpráva u položky)", "číslo na položke nejde prečítať (ktorú, hovorí správa pri položke)"},
	}
}

// editorEntriesPart3 is part 3 of editorEntries: a function of at most 80 lines each.
func editorEntriesPart3() []Entry {
	return []Entry{
		// The editor's totals and sending.
		{"(as the service will compute them)", "(jak je spočítá služba)", "(ako ich vypočíta služba)"},
		{"without VAT %s · VAT %s · total %s", "bez DPH %s · DPH %s · celkem %s", "bez DPH %s · DPH %s · spolu %s"},
		{"%s: base %s, VAT %s", "%s: základ %s, DPH %s", "%s: základ %s, DPH %s"},
		{"rounding %s", "zaokrouhlení %s", "zaokrúhlenie %s"},
		{"in the account's currency: %s", "v měně účtu: %s", "v mene účtu: %s"},
		{"Could not read the form: %v", "Formulář se nepodařilo přečíst: %v", "Formulár sa nepodarilo prečítať: %v"},
		{"Nothing was changed.", "Nic se nezměnilo.", "Nič sa nezmenilo."},
		{"%s was saved", "%s: uloženo", "%s: uložené"},
		{"%s (checked after the connection dropped)", "%s (ověřeno po výpadku spojení)", "%s (overené po výpadku spojenia)"},
		{"The outcome of the %s is unknown and checking failed (%s).", "Výsledek není známý (%s) a ověření selhalo (%s).", "Výsledok nie je známy (%s) a overenie zlyhalo (%s)."},
		{"The %s was not created. Press ctrl+y to send it again.", "Nevytvořeno: %s. ctrl+y odešle znovu.", "Nevytvorené: %s. ctrl+y odošle znova."},
		{"The plan allows no more %s (the lower plans allow one recurring template): delete one you no longer need or upgrade the plan.", "Tarif už nedovolí další %s (nižší tarify dovolí jednu opakovanou šablonu): smažte některou, kterou už nepotřebujete, nebo zvyšte tarif.", "Tarif už nedovolí ďalšie %s (nižšie tarify dovolia jednu opakovanú šablónu): zmažte niektorú, ktorú už nepotrebujete, alebo zvýšte tarif."},
		{"The account has no bank account, which a %s needs: add one in Fakturoid's settings (bank accounts cannot be entered through the API).", "Účet nemá bankovní účet, bez kterého to nejde (%s): přidejte ho v nastavení Fakturoidu (bankovní účty nejde zadat přes API).", "Účet nemá bankový účet, bez ktorého to nejde (%s): pridajte ho v nastaveniach Fakturoidu (bankové účty nejde zadať cez API)."},
	}
}
