package demo

import (
	"strconv"

	"github.com/kasa-tui/kasa/sandbox"
)

// buildSecond is a small Slovak company of the same owner, for the account switcher.
func (b *builder) buildSecond() *sandbox.Account {
	info := sandbox.DefaultAccountInfo(SecondSlug, "Tatranská dielňa s.r.o.", sandbox.PlanMini)
	ico := icoNumber(4711234)
	info.InvoiceEmail, info.Phone, info.Web = "faktury@tatranskadielna.example", "+421 52 772 1234", "https://www.tatranskadielna.example"
	info.RegistrationNo, info.LocalVatNo, info.VatNo = ico, "2024711234", "SK2024711234"
	info.Street, info.City, info.Zip, info.Country = "Námestie sv. Egídia 14", "Poprad", "058 01", "SK"
	info.Currency, info.InvoiceLanguage, info.VatRate = "EUR", "sk", 23
	info.InvoiceNote = "Fakturujeme Vám za dodané služby:"
	info.DisplayedNote = "Spoločnosť je zapísaná v obchodnom registri Okresného súdu Prešov, oddiel Sro, vložka 41234/P."
	info.CreatedAt, info.UpdatedAt = dt(b.now.AddDate(-1, -4, 0)), dt(b.now.AddDate(0, -2, 0))
	a := sandbox.NewAccount(SecondSlug, info, sandbox.PlanMini.Limits)
	b.a, b.events, b.numbers, b.native, b.home = a, nil, map[string]int{}, "EUR", "SK"
	a.BankAccounts = []sandbox.BankAccount{{ID: 1, Name: "Hlavný účet", Currency: "EUR", Number: "2624871234/1100",
		IBAN: sandbox.Text(iban("SK", "1100", "", "2624871234")), SwiftBic: "TATRSKBX", Pairing: true, ExpensePairing: true, Default: true,
		CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt}}
	a.NumberFormats = []sandbox.NumberFormat{{ID: 1, Format: "%RRRR%-%CCCC%", Preview: strconv.Itoa(b.now.Year()) + "-0001",
		Default: true, CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt}}

	partners := []company{
		{"Hotel Lomnica a.s.", "Zuzana Kováčová", "Tatranská Lomnica 7", "Vysoké Tatry", "059 60", "SK", "hotellomnica", "customer", "121"},
		{"Penzión Pod Skalou s.r.o.", "Martin Hudák", "Hlavná 112", "Ždiar", "059 55", "SK", "podskalou", "customer", "112"},
		{"Drevo Spiš s.r.o.", "Štefan Lukáč", "Priemyselná 3", "Spišská Nová Ves", "052 01", "SK", "drevospis", "supplier", "112"},
		{"Modrá Hora s.r.o.", "Jana Nováková", "Kounicova 284/39", "Brno", "602 00", "CZ", "modrahora", "supplier", "112"},
	}
	ds := &subjectSet{byDomain: map[string]int{}}
	for i, c := range partners {
		created := b.workTime(400 - i*60)
		s := &sandbox.Subject{UserID: b.owner.ID, Type: c.Type, Name: c.Name, FullName: sandbox.Text(c.Contact),
			Email: sandbox.Text("fakturacia@" + c.Domain + ".example"), Phone: sandbox.Text(phone(b.rng, c.Country)), Web: sandbox.Text("https://www." + c.Domain + ".example"),
			Street: sandbox.Text(c.Street), City: sandbox.Text(c.City), Zip: sandbox.Text(c.Zip), Country: c.Country, DeliveryCountry: sandbox.Text(c.Country), LegalForm: sandbox.Text(c.LegalForm),
			RegistrationNo: sandbox.Text(icoNumber(3000000 + b.rng.IntN(6999999))), SettingUpdateFromAres: "inherit", AresUpdate: true,
			SettingInvoicePdfAttachments: "inherit", SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "inherit",
			SuggestionEnabled: true, CreatedAt: dt(created), UpdatedAt: dt(created)}
		if c.Country == "SK" {
			s.LocalVatNo = sandbox.Text("20" + pad(strconv.Itoa(b.rng.IntN(100000000)), 8))
			s.VatNo = sandbox.Text("SK" + s.LocalVatNo)
		} else {
			s.RegistrationNo, s.VatNo, s.Currency = sandbox.Text(icoNumber(2864417)), sandbox.Text("CZ"+icoNumber(2864417)), "EUR"
		}
		a.Subjects.Add(s)
		ds.all = append(ds.all, s)
		ds.createdAt = append(ds.createdAt, 400-i*60)
		ds.byDomain[c.Domain] = i
	}
	sk := []article{
		{"Vývoj webovej aplikácie", "hod", "55", "55", 23, ""}, {"Konzultácia", "hod", "60", "60", 23, ""},
		{"Grafický návrh loga", "ks", "480", "480", 23, ""}, {"Správa servera", "mes", "100", "100", 23, ""},
		{"Cestovné", "km", "0.35", "0.35", 23, ""},
	}
	for _, sp := range []invoiceSpec{
		{status: "paid", issuedAgo: 30, payAgo: 20, subject: 0, lines: []lineSpec{{sk[0], 24}, {sk[1], 4}}},
		{status: "overdue", issuedAgo: 21, subject: 1, lines: []lineSpec{{sk[2], 1}}},
		{status: "sent", issuedAgo: 3, subject: 0, lines: []lineSpec{{sk[3], 1}, {sk[4], 120}}},
	} {
		b.invoice(ds.all[sp.subject], &sp)
	}
	for _, sp := range []expenseSpec{
		{status: "paid", issuedAgo: 25, payAgo: 18, subject: 2, lines: []lineSpec{{article{"Smrekové hranoly 100×100", "m", "9", "9", 21, ""}, 120}}},
		{status: "open", issuedAgo: 4, subject: 3, lines: []lineSpec{{sales[1], 12}}},
	} {
		b.expense(ds.all[sp.subject], &sp)
	}
	b.finishEvents()
	return a
}
