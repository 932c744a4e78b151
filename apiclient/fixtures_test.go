package apiclient

import (
	"testing"
)

// The expected values of the testdata fixtures, written from the reference
// alongside the JSON: a field whose json tag is missing or misspelt decodes to
// its zero value and the comparison names it.

func dt(t testing.TB, s string) DateTime {
	t.Helper()
	v, err := ParseDateTime(s)
	if err != nil {
		t.Fatalf("bad test date-time %q: %v", s, err)
	}
	return v
}

func day(t testing.TB, s string) Date {
	t.Helper()
	v, err := ParseDate(s)
	if err != nil {
		t.Fatalf("bad test date %q: %v", s, err)
	}
	return v
}

var dec = MustDecimal

func wantCurrentUser(t testing.TB) *CurrentUser {
	return &CurrentUser{
		User: User{
			ID: 5, FullName: "Jana Nováková", Email: "jana@example.com",
			AvatarURL: NullOf("https://example.com/avatar/5.png"), Permission: "owner",
			AllowedScope: []string{"reports", "expenses", "invoices"},
		},
		DefaultAccount: NullOf("acme"),
		Accounts: []AccountSummary{{
			Slug: "acme", Logo: "https://example.com/logo/acme.png", Name: "Acme s.r.o.",
			RegistrationNo: "12345678", Permission: "owner",
			AllowedScope: []string{"reports", "expenses", "invoices"},
		}},
	}
}

func wantUser(t testing.TB) User {
	return User{
		ID: 6, FullName: "Petr Svoboda", Email: "petr@example.com",
		AvatarURL: NullOf("https://example.com/avatar/6.png"), Permission: "read",
		AllowedScope: []string{"invoices"},
	}
}

func wantAccount(t testing.TB) *Account {
	return &Account{
		Subdomain: "acme", Plan: "Kolibřík", PlanPrice: 290, PlanPaidUsers: 2,
		APICallsLimit: 3000, APICallsUsed: 117,
		InvoiceEmail: "faktury@acme.example", Phone: NullOf("+420 777 111 222"), Web: NullOf("https://acme.example"),
		Name: "Acme s.r.o.", FullName: NullOf("Jana Nováková"), RegistrationNo: "12345678",
		VatNo: "CZ12345678", LocalVatNo: NullOf("SK2020123456"), VatMode: "vat_payer",
		VatPriceMode: "without_vat", Street: "Dlouhá 1", City: "Praha", Zip: "11000", Country: "CZ",
		Currency: "CZK", UnitName: "ks", VatRate: 21, DisplayedNote: "Zapsáno v OR u MS v Praze",
		InvoiceNote: "Fakturujeme Vám", Due: 14, InvoiceLanguage: "cz",
		InvoicePaymentMethod: Ptr("bank"), InvoiceProforma: true,
		InvoiceHideBankAccountForPayments: []string{"card", "cash"},
		FixedExchangeRate:                 true, InvoiceSelfbilling: true, DefaultEstimateType: Ptr("quote"),
		SendOverdueEmail: true, OverdueEmailDays: 3, SendRepeatedReminders: true,
		SendDueDateReminderEmail: true, DueDateReminderEmailDays: 2,
		SendInvoiceFromProformaEmail: true, SendThankYouEmail: true,
		InvoicePaypal: true, InvoiceGopay: true,
		CreatedAt: dt(t, "2023-01-02T08:00:00.000+01:00"),
		UpdatedAt: dt(t, "2026-11-20T09:30:15.250+01:00"),
		Extraction: map[string]ExtractionVendor{
			"digitoo": {Enabled: true, AutoProcessingEnabled: true, RemainingExtractions: 42},
		},
	}
}

func wantBankAccount(t testing.TB) BankAccount {
	return BankAccount{
		ID: 11, Name: "Hlavní účet", Currency: "CZK", Number: "1234567890/0800",
		IBAN: NullOf("CZ6508000000001234567890"), SwiftBic: NullOf("GIBACZPX"),
		Pairing: true, ExpensePairing: true, PaymentAdjustment: true, Default: true,
		CreatedAt: dt(t, "2023-01-02T08:10:00.000+01:00"),
		UpdatedAt: dt(t, "2026-10-01T10:00:00.500+02:00"),
	}
}

func wantNumberFormat(t testing.TB) NumberFormat {
	return NumberFormat{
		ID: 21, Format: "####-YYYY", Preview: "0001-2026", Default: true,
		CreatedAt: dt(t, "2023-01-02T08:20:00.000+01:00"),
		UpdatedAt: dt(t, "2026-01-01T00:00:00.001+01:00"),
	}
}

func wantPayment(t testing.TB) *Payment {
	return &Payment{
		ID: 31, PaidOn: day(t, "2026-11-21"), Currency: "EUR",
		Amount: dec("121.0"), NativeAmount: dec("3025.5"), MarkDocumentAsPaid: true,
		ProformaFollowupDocument: "final_invoice_paid", SendThankYouEmail: Ptr(true),
		VariableSymbol: "20260042", BankAccountID: Ptr[int64](11), TaxDocumentID: Ptr[int64](77),
		CreatedAt: dt(t, "2026-11-21T10:00:00.000+01:00"),
		UpdatedAt: dt(t, "2026-11-21T10:00:01.100+01:00"),
	}
}

func wantSubject(t testing.TB) *Subject {
	return &Subject{
		ID: 101, CustomID: NullOf("CUST-7"), UserID: NullOf[int64](5), Type: "both", Name: "Dodavatel a.s.",
		FullName: NullOf("Karel Dvořák"), Email: "karel@dodavatel.example", EmailCopy: NullOf("ucetni@dodavatel.example"),
		Phone: NullOf("+420 602 000 111"), Web: "https://dodavatel.example", Street: "Krátká 5",
		City: "Brno", Zip: "60200", Country: "CZ", HasDeliveryAddress: true,
		DeliveryName: NullOf("Sklad Dodavatel"), DeliveryStreet: NullOf("Skladová 9"), DeliveryCity: NullOf("Olomouc"),
		DeliveryZip: NullOf("77900"), DeliveryCountry: NullOf("SK"), Due: Ptr(21), Currency: NullOf("EUR"), Language: NullOf("en"),
		PrivateNote: NullOf("platí pozdě"), RegistrationNo: "87654321", VatNo: "CZ87654321",
		LocalVatNo: NullOf("SK2021987654"), Unreliable: Ptr(true),
		UnreliableCheckedAt: dt(t, "2026-11-01T06:00:00.000+01:00"),
		LegalForm:           NullOf("121"), VatMode: NullOf("vat_payer"), BankAccount: NullOf("987654321/0100"),
		IBAN: NullOf("CZ5501000000000987654321"), SwiftBic: NullOf("KOMBCZPP"), VariableSymbol: NullOf("555"),
		SettingUpdateFromAres: "off", AresUpdate: true, SettingInvoicePdfAttachments: "on",
		SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "off",
		SuggestionEnabled: true, CustomEmailText: NullOf("Dobrý den, posíláme fakturu #no#."),
		OverdueEmailText:             NullOf("Faktura #no# je po splatnosti."),
		InvoiceFromProformaEmailText: NullOf("Daňový doklad k záloze."),
		ThankYouEmailText:            NullOf("Děkujeme za platbu."), CustomEstimateEmailText: NullOf("Posíláme nabídku."),
		WebinvoiceHistory: Ptr("client_portal"),
		HTMLURL:           "https://app.example/acme/subjects/101",
		URL:               "https://app.example/api/v3/accounts/acme/subjects/101.json",
		CreatedAt:         dt(t, "2025-03-04T12:00:00.000+01:00"),
		UpdatedAt:         dt(t, "2026-11-02T13:14:15.678+01:00"),
	}
}

func wantExpense(t testing.TB) *Expense {
	return &Expense{
		ID: 201, CustomID: NullOf("EXP-2026-9"), Number: "N20260009", OriginalNumber: "FV-2026-311",
		VariableSymbol: "2026311", SupplierName: "Dodavatel a.s.", SupplierStreet: "Krátká 5",
		SupplierCity: "Brno", SupplierZip: "60200", SupplierCountry: "CZ",
		SupplierRegistrationNo: "87654321", SupplierVatNo: "CZ87654321", SupplierLocalVatNo: NullOf("SK2021987654"),
		SubjectID: 101, Status: "paid", DocumentType: "bill",
		IssuedOn: day(t, "2026-11-01"), TaxableFulfillmentDue: day(t, "2026-10-31"),
		ReceivedOn: day(t, "2026-11-03"), DueOn: day(t, "2026-11-15"), RemindDueDate: true,
		PaidOn: day(t, "2026-11-10"), LockedAt: dt(t, "2026-11-12T08:00:00.000+01:00"),
		Description: NullOf("Kancelářské potřeby"), PrivateNote: NullOf("schváleno"), Tags: []string{"office", "q4"},
		BankAccount: "987654321/0100", IBAN: "CZ5501000000000987654321", SwiftBic: "KOMBCZPP",
		PaymentMethod: "custom", CustomPaymentMethod: NullOf("zápočet"), Currency: "EUR",
		ExchangeRate: dec("25.005"), TransferredTaxLiability: true, SupplyCode: "4",
		VatPriceMode: "from_total_with_vat", ProportionalVatDeduction: 60, TaxDeductible: true,
		RoundingAdjustment: dec("0.01"), Subtotal: dec("100.0"), Total: dec("121.0"),
		NativeSubtotal: dec("2500.5"), NativeTotal: dec("3025.61"),
		Lines: []Line{{
			ID: 1001, Name: "Papír A4", Quantity: dec("2.0"), UnitName: "bal", UnitPrice: dec("50.0"),
			VatRate: dec("21"), UnitPriceWithoutVat: dec("50.0"), UnitPriceWithVat: dec("60.5"),
			TotalPriceWithoutVat: dec("100.0"), TotalVat: dec("21.0"),
			NativeTotalPriceWithoutVat: dec("2500.5"), NativeTotalVat: dec("525.11"),
			Inventory: &LineInventory{ItemID: 401, SKU: "PAP-A4", ArticleNumberType: "ean",
				ArticleNumber: "8590000000001", MoveID: 501},
			InventoryItemID: Ptr[int64](401),
		}},
		VatRatesSummary: []VatRateSummary{{
			VatRate: dec("21"), Base: dec("100.0"), Vat: dec("21.0"), Currency: "EUR",
			NativeBase: dec("2500.5"), NativeVat: dec("525.11"), NativeCurrency: "CZK",
		}},
		Payments: []Payment{{
			ID: 31, PaidOn: day(t, "2026-11-21"), Currency: "EUR", Amount: dec("121.0"),
			NativeAmount: dec("3025.5"), MarkDocumentAsPaid: true, ProformaFollowupDocument: "none",
			SendThankYouEmail: Ptr(false), VariableSymbol: "2026311", BankAccountID: Ptr[int64](11),
			TaxDocumentID: Ptr[int64](78),
			CreatedAt:     dt(t, "2026-11-21T10:00:00.000+01:00"),
			UpdatedAt:     dt(t, "2026-11-21T10:00:01.100+01:00"),
		}},
		Attachments: []Attachment{{
			ID: 601, Filename: "uctenka.pdf", ContentType: "application/pdf",
			DownloadURL: "https://app.example/api/v3/accounts/acme/expenses/201/attachments/601/download",
		}},
		HTMLURL:    "https://app.example/acme/expenses/201",
		URL:        "https://app.example/api/v3/accounts/acme/expenses/201.json",
		SubjectURL: "https://app.example/api/v3/accounts/acme/subjects/101.json",
		CreatedAt:  dt(t, "2026-11-03T09:00:00.000+01:00"),
		UpdatedAt:  dt(t, "2026-11-21T10:00:02.200+01:00"),
	}
}

func wantInvoice(t testing.TB) *Invoice {
	return &Invoice{
		ID: 301, CustomID: NullOf("INV-X1"), DocumentType: "proforma", ProformaFollowupDocument: NullOf("final_invoice"),
		TaxDocumentIDs: []int64{302, 303}, CorrectionID: Ptr[int64](304), Number: "2026-0042",
		NumberFormatID: Ptr[int64](21), VariableSymbol: "20260042",
		YourName: "Acme s.r.o.", YourStreet: "Dlouhá 1", YourCity: "Praha", YourZip: "11000",
		YourCountry: "CZ", YourRegistrationNo: "12345678", YourVatNo: "CZ12345678",
		YourLocalVatNo: NullOf("SK2020123456"), ClientName: "Odběratel s.r.o.", ClientStreet: "Nová 3",
		ClientCity: "Plzeň", ClientZip: "30100", ClientCountry: "DE", ClientHasDeliveryAddress: true,
		ClientDeliveryName: NullOf("Odběratel sklad"), ClientDeliveryStreet: NullOf("Průmyslová 8"),
		ClientDeliveryCity: NullOf("Cheb"), ClientDeliveryZip: NullOf("35002"), ClientDeliveryCountry: NullOf("AT"),
		ClientRegistrationNo: "11223344", ClientVatNo: "CZ11223344", ClientLocalVatNo: NullOf("SK2022111222"),
		SubjectID: 102, SubjectCustomID: NullOf("CUST-8"), GeneratorID: Ptr[int64](701), RelatedID: Ptr[int64](305),
		Paypal: true, Gopay: true, Token: "tok3nAbc", Status: "paid", OrderNumber: NullOf("OBJ-77"),
		IssuedOn: day(t, "2026-11-05"), TaxableFulfillmentDue: day(t, "2026-11-04"), Due: 14,
		DueOn: day(t, "2026-11-19"), SentAt: dt(t, "2026-11-05T10:00:00.000+01:00"),
		PaidOn: day(t, "2026-11-18"), ReminderSentAt: dt(t, "2026-11-20T07:00:00.000+01:00"),
		LastReminderSentAt: dt(t, "2026-11-21T07:00:00.000+01:00"),
		CancelledAt:        dt(t, "2026-11-22T07:00:00.000+01:00"),
		UncollectibleAt:    dt(t, "2026-11-22T08:00:00.000+01:00"),
		LockedAt:           dt(t, "2026-11-22T09:00:00.000+01:00"),
		WebinvoiceSeenOn:   day(t, "2026-11-06"),
		Note:               "Fakturujeme Vám za služby", FooterNote: "Děkujeme", PrivateNote: NullOf("VIP"),
		Tags: []string{"consulting"}, BankAccountID: Ptr[int64](11), BankAccount: "1234567890/0800",
		IBAN: NullOf("CZ6508000000001234567890"), SwiftBic: NullOf("GIBACZPX"), IBANVisibility: "always",
		ShowAlreadyPaidNoteInPdf: true, PaymentMethod: "card", CustomPaymentMethod: NullOf("karta online"),
		HideBankAccount: true, Currency: "EUR", ExchangeRate: dec("25.1"), Language: "de",
		TransferredTaxLiability: true, SupplyCode: NullOf("3"), OSS: "service", VatPriceMode: "without_vat",
		RoundTotal: true, Subtotal: dec("1000.0"), Total: dec("1210.0"), NativeSubtotal: dec("25100.0"),
		NativeTotal: dec("30371.0"), RoundingAdjustment: dec("0.0"), RemainingAmount: dec("10.0"),
		RemainingNativeAmount: dec("251.0"),
		EETRecords:            []map[string]any{{"id": float64(1), "fik": "abc-123"}},
		Lines: []Line{{
			ID: 3001, Name: "Konzultace", Quantity: dec("10.5"), UnitName: "hod", UnitPrice: dec("95.24"),
			VatRate: dec("21"), UnitPriceWithoutVat: dec("95.24"), UnitPriceWithVat: dec("115.24"),
			TotalPriceWithoutVat: dec("1000.02"), TotalVat: dec("210.0"),
			NativeTotalPriceWithoutVat: dec("25100.5"), NativeTotalVat: dec("5271.1"),
			Inventory: &LineInventory{ItemID: 402, SKU: "SVC-1", ArticleNumberType: "isbn",
				ArticleNumber: "9788000000001", MoveID: 502},
			InventoryItemID: Ptr[int64](402),
		}},
		VatRatesSummary: []VatRateSummary{{
			VatRate: dec("21"), Base: dec("1000.0"), Vat: dec("210.0"), Currency: "EUR",
			NativeBase: dec("25100.0"), NativeVat: dec("5271.0"), NativeCurrency: "CZK",
		}},
		PaidAdvances: []map[string]any{{"id": float64(9), "number": "ZF-1", "price": "100.0"}},
		Payments: []Payment{{
			ID: 32, PaidOn: day(t, "2026-11-18"), Currency: "EUR", Amount: dec("1200.0"),
			NativeAmount: dec("30120.0"), MarkDocumentAsPaid: true, ProformaFollowupDocument: "tax_document",
			SendThankYouEmail: Ptr(true), VariableSymbol: "20260042", BankAccountID: Ptr[int64](11),
			TaxDocumentID: Ptr[int64](302),
			CreatedAt:     dt(t, "2026-11-18T11:00:00.000+01:00"),
			UpdatedAt:     dt(t, "2026-11-18T11:00:00.999+01:00"),
		}},
		Attachments: []Attachment{{
			ID: 602, Filename: "smlouva.pdf", ContentType: "application/pdf",
			DownloadURL: "https://app.example/api/v3/accounts/acme/invoices/301/attachments/602/download",
		}},
		HTMLURL:       "https://app.example/acme/invoices/301",
		PublicHTMLURL: "https://app.example/public/tok3nAbc",
		URL:           "https://app.example/api/v3/accounts/acme/invoices/301.json",
		PdfURL:        "https://app.example/api/v3/accounts/acme/invoices/301/download.pdf",
		SubjectURL:    "https://app.example/api/v3/accounts/acme/subjects/102.json",
		CreatedAt:     dt(t, "2026-11-05T09:59:00.000+01:00"),
		UpdatedAt:     dt(t, "2026-11-22T09:00:00.123+01:00"),
	}
}

func wantGenerator(t testing.TB) *Generator {
	return &Generator{
		ID: 701, CustomID: NullOf("GEN-1"), Name: "Měsíční paušál", Proforma: true, Paypal: true, Gopay: true,
		TaxDateAtEndOfLastMonth: true, Due: Ptr(10), SubjectID: 102, NumberFormatID: Ptr[int64](21),
		Note: NullOf("Paušál za měsíc"), FooterNote: NullOf("Děkujeme za spolupráci"),
		LegacyBankDetails: &LegacyBankDetails{BankAccount: "111/0300",
			IBAN: "CZ0003000000000000000111", SwiftBic: "CEKOCZPP"},
		BankAccountID: Ptr[int64](11), IBANVisibility: "always", Tags: []string{"monthly", "retainer"},
		OrderNumber: NullOf("OBJ-2026"), Currency: "EUR", ExchangeRate: dec("24.95"), PaymentMethod: "custom",
		CustomPaymentMethod: NullOf("hotově"), Language: "sk", VatPriceMode: "from_total_with_vat",
		TransferredTaxLiability: true, SupplyCode: Ptr(8), OSS: "goods",
		Subtotal: dec("500.0"), Total: dec("605.0"), NativeSubtotal: dec("12475.0"),
		NativeTotal: dec("15094.75"), RoundingAdjustment: dec("0.25"),
		Lines: []Line{{
			ID: 7001, Name: "Správa serveru", Quantity: dec("1.0"), UnitName: "měs", UnitPrice: dec("500.0"),
			VatRate: dec("21"), UnitPriceWithoutVat: dec("500.0"), UnitPriceWithVat: dec("605.0"),
			TotalPriceWithoutVat: dec("500.0"), TotalVat: dec("105.0"),
			NativeTotalPriceWithoutVat: dec("12475.0"), NativeTotalVat: dec("2619.75"),
			Inventory: &LineInventory{ItemID: 403, SKU: "SRV-1", ArticleNumberType: "ian",
				ArticleNumber: "IAN-1", MoveID: 503},
			InventoryItemID: Ptr[int64](403),
		}},
		HTMLURL:    "https://app.example/acme/generators/701",
		URL:        "https://app.example/api/v3/accounts/acme/generators/701.json",
		SubjectURL: "https://app.example/api/v3/accounts/acme/subjects/102.json",
		CreatedAt:  dt(t, "2026-01-01T09:00:00.000+01:00"),
		UpdatedAt:  dt(t, "2026-06-01T09:00:00.010+02:00"),
	}
}

func wantRecurringGenerator(t testing.TB) *RecurringGenerator {
	return &RecurringGenerator{
		Generator: Generator{
			ID: 801, CustomID: NullOf("REC-1"), Name: "Roční licence", Proforma: true, Paypal: true, Gopay: true,
			TaxDateAtEndOfLastMonth: true, Due: Ptr(30), SubjectID: 103, NumberFormatID: Ptr[int64](22),
			Note: NullOf("Licence na rok"), FooterNote: NullOf("Automaticky vystaveno"),
			LegacyBankDetails: &LegacyBankDetails{BankAccount: "222/0600",
				IBAN: "CZ0006000000000000000222", SwiftBic: "AGBACZPP"},
			BankAccountID: Ptr[int64](12), IBANVisibility: "automatically", Tags: []string{"yearly"},
			OrderNumber: NullOf("LIC-9"), Currency: "USD", ExchangeRate: dec("22.75"), PaymentMethod: "paypal",
			CustomPaymentMethod: NullOf("n/a"), Language: "en", VatPriceMode: "without_vat",
			TransferredTaxLiability: true, SupplyCode: Ptr(1), OSS: "service",
			Subtotal: dec("1200.0"), Total: dec("1452.0"), NativeSubtotal: dec("27300.0"),
			NativeTotal: dec("33033.0"), RoundingAdjustment: dec("0.5"),
			// Recurring generator lines come back with only these attributes.
			Lines: []Line{{
				ID: 8001, Name: "Licence", Quantity: dec("1"), UnitName: "rok", UnitPrice: dec("1200.0"),
				VatRate: dec("21"), UnitPriceWithoutVat: dec("1200.0"), UnitPriceWithVat: dec("1452.0"),
				InventoryItemID: Ptr[int64](404),
			}},
			HTMLURL:    "https://app.example/acme/recurring_generators/801",
			URL:        "https://app.example/api/v3/accounts/acme/generators/801.json",
			SubjectURL: "https://app.example/api/v3/accounts/acme/subjects/103.json",
			CreatedAt:  dt(t, "2026-01-01T10:00:00.000+01:00"),
			UpdatedAt:  dt(t, "2026-07-01T10:00:00.020+02:00"),
		},
		RoundTotal: true, Active: true, StartDate: day(t, "2026-01-01"), EndDate: day(t, "2030-12-31"),
		MonthsPeriod: 12, NextOccurrenceOn: day(t, "2027-01-01"), LastDayInMonth: true, SendEmail: true,
	}
}

func wantInventoryItem(t testing.TB) *InventoryItem {
	return &InventoryItem{
		ID: 401, Name: "Papír A4", SKU: "PAP-A4", ArticleNumberType: "ean", ArticleNumber: NullOf("8590000000001"),
		UnitName: NullOf("bal"), TrackQuantity: true, Quantity: dec("12.0"), MinQuantity: dec("20.0"),
		MaxQuantity: dec("100.0"), AllowBelowZero: true,
		LowQuantityDate:     dt(t, "2026-11-10T15:00:00.000+01:00"),
		NativePurchasePrice: dec("80.5"), NativeRetailPrice: dec("120.0"), VatRate: NullOf("standard"),
		AverageNativePurchasePrice: dec("81.25"), SupplyType: "service", Archived: true,
		PrivateNote: NullOf("objednat v prosinci"), SuggestFor: "expenses",
		RetailPrices: []RetailPrice{{
			ID: 4101, Amount: dec("5.0"), Currency: "EUR",
			CreatedAt: dt(t, "2026-02-01T10:00:00.000+01:00"),
			UpdatedAt: dt(t, "2026-02-02T10:00:00.000+01:00"),
		}},
		CreatedAt: dt(t, "2026-01-15T10:00:00.000+01:00"),
		UpdatedAt: dt(t, "2026-11-10T15:00:00.321+01:00"),
	}
}

func wantInventoryMove(t testing.TB) *InventoryMove {
	return &InventoryMove{
		ID: 501, Direction: "out", MovedOn: day(t, "2026-11-09"), QuantityChange: dec("2.0"),
		PurchasePrice: dec("80.5"), PurchaseCurrency: NullOf("EUR"), NativePurchasePrice: dec("2012.5"),
		RetailPrice: dec("120.0"), RetailCurrency: "USD", NativeRetailPrice: dec("2730.0"),
		PrivateNote: NullOf("výdej na fakturu"), InventoryItemID: 401,
		Document:  &MoveDocument{ID: 201, Type: "Expense", LineID: 1001},
		CreatedAt: dt(t, "2026-11-09T12:00:00.000+01:00"),
		UpdatedAt: dt(t, "2026-11-09T12:00:00.456+01:00"),
	}
}

func wantInboxFile(t testing.TB) *InboxFile {
	return &InboxFile{
		ID: 901, Filename: "faktura.pdf", Bytesize: 48213, SendToOCR: true,
		SentToOCRAt: dt(t, "2026-11-20T08:00:00.000+01:00"), OCRStatus: Ptr("processed"),
		OCRCompletedAt: dt(t, "2026-11-20T08:01:30.500+01:00"),
		DownloadURL:    "https://app.example/api/v3/accounts/acme/inbox_files/901/download",
		CreatedAt:      dt(t, "2026-11-20T07:59:59.000+01:00"),
		UpdatedAt:      dt(t, "2026-11-20T08:01:30.600+01:00"),
	}
}

func wantTodo(t testing.TB) *Todo {
	return &Todo{
		ID: 1101, Name: "expense_payment_unpaired", CreatedAt: dt(t, "2026-11-19T06:00:00.000+01:00"),
		CompletedAt:    dt(t, "2026-11-21T16:45:00.789+01:00"),
		Text:           "Platbu 121,00 EUR se nepodařilo spárovat.",
		RelatedObjects: []RelatedObject{{Type: "Expense", ID: 201}},
		Params:         map[string]any{"amount": "121.0", "currency": "EUR"},
	}
}

func wantEvent(t testing.TB) Event {
	return Event{
		Name: "invoice_paid_with_thank_you_note", CreatedAt: dt(t, "2026-11-18T11:00:02.000+01:00"),
		Text:           "Faktura 2026-0042 byla uhrazena.",
		RelatedObjects: []RelatedObject{{Type: "Invoice", ID: 301}, {Type: "Subject", ID: 102}},
		User:           &EventUser{ID: 5, FullName: "Jana Nováková", Avatar: Ptr("https://example.com/avatar/5.png")},
		Params:         map[string]any{"total": "1210.0", "number": "2026-0042"},
	}
}

func wantWebhook(t testing.TB) *Webhook {
	return &Webhook{
		ID: 1201, FailedDeliveriesUUID: "0192f0aa-8a2c-7cc1-9d59-3c1f0e1b2a77",
		WebhookURL: "https://hooks.acme.example/kasa", AuthHeader: "Bearer hook-secret-1", Active: true,
		Events:    []string{"invoice_paid", "expense_paid"},
		URL:       "https://app.example/api/v3/accounts/acme/webhooks/1201.json",
		CreatedAt: dt(t, "2026-10-01T08:00:00.000+02:00"),
		UpdatedAt: dt(t, "2026-10-02T08:00:00.333+02:00"),
	}
}

func wantFailedDelivery(t testing.TB) FailedDelivery {
	return FailedDelivery{
		ID: 1301, EventName: "invoice_paid", IdempotencyKey: "0192f0ab-0000-7000-8000-000000000001",
		URL: "https://hooks.acme.example/kasa",
		Body: WebhookPayload{
			Body:      map[string]any{"id": float64(301), "number": "2026-0042"},
			CreatedAt: dt(t, "2026-11-18T11:00:03.000+01:00"), EventName: "invoice_paid", WebhookID: 1201,
		},
		CreatedAt: dt(t, "2026-11-18T11:00:03.100+01:00"),
		UpdatedAt: dt(t, "2026-11-18T12:00:03.100+01:00"),
		Deliveries: []DeliveryAttempt{{
			ID: 1401, RequestID: "0192f0ab-1111-7000-8000-000000000002", ResponseStatus: "timeout",
			ResponseContentType: Ptr("text/html"), ResponseBody: Ptr("<h1>Gateway Timeout</h1>"),
			StartedAt:  dt(t, "2026-11-18T12:00:00.000+01:00"),
			FinishedAt: dt(t, "2026-11-18T12:00:30.000+01:00"),
			CreatedAt:  dt(t, "2026-11-18T12:00:30.001+01:00"),
		}},
	}
}
