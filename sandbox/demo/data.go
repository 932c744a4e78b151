package demo

import "image/color"

// Constant tables of the demo account: who the company trades with, what it
// sells and buys, what it keeps in stock. Only tables here; the builder files
// (subjects.go, invoices.go, ...) turn them into records.

// company is a business partner of the demo company.
type company struct {
	Name, Contact, Street, City, Zip, Country string
	Domain                                    string // e-mail and web at <Domain>.example
	Type                                      string // customer, supplier, both
	LegalForm                                 string // three-digit code
}

// companies are the demo's subjects. Foreign ones (SK, DE, AT) are invoiced in EUR.
var companies = []company{
	{"Alfa Stavby s.r.o.", "Tomáš Dvořák", "Cejl 504/62", "Brno", "602 00", "CZ", "alfastavby", "customer", "112"},
	{"Pekárna U Mlýna s.r.o.", "Marie Horáková", "Mlýnská 12", "Tišnov", "666 01", "CZ", "pekarnaumlyna", "customer", "112"},
	{"Jihomoravská energetika a.s.", "Ing. Pavel Kratochvíl", "Lidická 1880/36", "Brno", "602 00", "CZ", "jme-energie", "supplier", "121"},
	{"Kancelářské centrum Vysočina s.r.o.", "Lenka Marková", "Masarykovo náměstí 40", "Jihlava", "586 01", "CZ", "kcvysocina", "supplier", "112"},
	{"Nakladatelství Sluneční hodiny s.r.o.", "Mgr. Eva Benešová", "Údolní 53", "Brno", "602 00", "CZ", "slunecnihodiny", "customer", "112"},
	{"Vinařství Pod Pálavou s.r.o.", "Josef Procházka", "Náměstí 8", "Mikulov", "692 01", "CZ", "podpalavou", "customer", "112"},
	{"TechServis Morava s.r.o.", "David Kučera", "Vídeňská 546/55", "Brno", "639 00", "CZ", "techservis", "both", "112"},
	{"Hosting Plus s.r.o.", "Jan Veselý", "Kaplanova 2252/8", "Praha", "148 00", "CZ", "hostingplus", "supplier", "112"},
	{"Autodoprava Krejčí", "Milan Krejčí", "Brněnská 210", "Kuřim", "664 34", "CZ", "krejci-doprava", "supplier", "101"},
	{"Zahradnictví Zelený kout s.r.o.", "Petra Němcová", "Jihlavská 14", "Brno", "625 00", "CZ", "zelenykout", "customer", "112"},
	{"Stavebniny Dolní Morava a.s.", "Ing. Karel Pokorný", "Hodonínská 1230", "Břeclav", "690 02", "CZ", "stavebninydm", "customer", "121"},
	{"Účetní kancelář Bílá s.r.o.", "Ing. Hana Bílá", "Kotlářská 931/53", "Brno", "602 00", "CZ", "ucetnibila", "supplier", "112"},
	{"Reklamní agentura Sova s.r.o.", "Ondřej Malý", "Štefánikova 78", "Brno", "612 00", "CZ", "agenturasova", "both", "112"},
	{"Pivovar Starobrno Řemeslný s.r.o.", "Radek Šimek", "Hlinky 160/12", "Brno", "603 00", "CZ", "remeslnypivovar", "customer", "112"},
	{"Fitness Centrum Lužánky s.r.o.", "Kateřina Růžičková", "Lidická 1876/51", "Brno", "602 00", "CZ", "fitnesseluzanky", "customer", "112"},
	{"Elektro Hanák s.r.o.", "Lukáš Hanák", "Palackého třída 159", "Brno", "612 00", "CZ", "elektrohanak", "supplier", "112"},
	{"Kavárna Na Rohu", "Veronika Sedláčková", "Veveří 38", "Brno", "602 00", "CZ", "kavarnanarohu", "customer", "101"},
	{"Tiskárna Kalibr s.r.o.", "Martin Fiala", "Křenová 67", "Brno", "602 00", "CZ", "tiskarnakalibr", "supplier", "112"},
	{"Stavby Tatra Invest s.r.o.", "Ing. Peter Kováč", "Mlynské nivy 16", "Bratislava", "821 09", "SK", "tatrainvest", "customer", "112"},
	{"Východoslovenská distribúcia s.r.o.", "Mária Horváthová", "Hlavná 45", "Košice", "040 01", "SK", "vsdistribucia", "customer", "112"},
	{"Softvérové riešenia Žilina s.r.o.", "Ján Baláž", "Národná 9", "Žilina", "010 01", "SK", "sr-zilina", "both", "112"},
	{"Müller Maschinenbau GmbH", "Klaus Müller", "Industriestraße 12", "Regensburg", "93055", "DE", "mueller-maschinenbau", "customer", "112"},
	{"Bergmann & Söhne KG", "Anna Bergmann", "Lindenallee 4", "Dresden", "01069", "DE", "bergmann-soehne", "customer", "112"},
	{"Alpenblick Software GmbH", "Stefan Huber", "Mariahilfer Straße 88", "Wien", "1070", "AT", "alpenblick", "supplier", "112"},
	{"Papírnictví Kobliha", "Jitka Kobližková", "Kobližná 5", "Brno", "602 00", "CZ", "papirkobliha", "supplier", "101"},
}

// article is a line template: what the company sells or buys. Supplier is
// the domain of the subject a purchase usually comes from.
type article struct {
	Name, Unit string
	CZK, EUR   string // unit price without VAT
	Vat        int
	Supplier   string
}

// sales are what the demo company invoices (a small web and IT studio).
var sales = []article{
	{"Konzultace", "hod", "1500", "60", 21, ""},
	{"Vývoj webové aplikace", "hod", "1350", "55", 21, ""},
	{"Správa serveru", "měs", "2500", "100", 21, ""},
	{"Grafický návrh loga", "ks", "12000", "480", 21, ""},
	{"Školení obsluhy", "hod", "1800", "72", 21, ""},
	{"Tvorba textů na web", "hod", "900", "36", 21, ""},
	{"Licence redakčního systému", "ks", "4900", "195", 21, ""},
	{"Úprava e-shopu", "hod", "1250", "50", 21, ""},
	{"Občerstvení na workshopu", "os", "250", "10", 12, ""},
	{"Cestovné", "km", "8.40", "0.35", 21, ""},
}

// purchases are what the demo company buys, and from whom.
var purchases = []article{
	{"Kancelářské potřeby", "ks", "345", "14", 21, "kcvysocina"},
	{"Papír A4 500 listů", "bal", "129", "5.20", 21, "papirkobliha"},
	{"Toner HP 305A", "ks", "1890", "76", 21, "kcvysocina"},
	{"Nájem kanceláře", "měs", "18500", "740", 21, "kcvysocina"},
	{"Internetové připojení", "měs", "990", "40", 21, "techservis"},
	{"Elektřina", "MWh", "3200", "128", 21, "jme-energie"},
	{"Hosting a doména", "rok", "2400", "96", 21, "hostingplus"},
	{"Virtuální server VPS", "měs", "890", "36", 21, "hostingplus"},
	{"Káva zrnková 1 kg", "ks", "520", "21", 12, "papirkobliha"},
	{"Vedení účetnictví", "měs", "4500", "180", 21, "ucetnibila"},
	{"Přeprava zásilky", "ks", "390", "16", 21, "krejci-doprava"},
	{"Elektroinstalační materiál", "ks", "640", "26", 21, "elektrohanak"},
	{"Tisk vizitek", "bal", "450", "18", 21, "tiskarnakalibr"},
	{"Propagační letáky A5", "bal", "1200", "48", 21, "agenturasova"},
	{"Licence vývojového prostředí", "ks", "3900", "159", 21, "alpenblick"},
	{"Konzultace k integraci API", "hod", "1500", "60", 21, "sr-zilina"},
	{"Poštovné", "ks", "89", "3.60", 0, ""},
}

// stockSpec is an inventory item: its stock history is a receipt of In pieces
// and the issues Out; the result is compared with Min.
type stockSpec struct {
	Name, SKU, Unit  string
	Purchase, Retail string // CZK without VAT
	RetailEUR        string
	Vat              string // standard, reduced, zero
	Tracked          bool
	In               int
	Out              []int
	Min, Max         int
}

// stockItems: three end below their minimum; two of the moves belong to
// documents (see stockLink).
var stockItems = []stockSpec{
	{"USB-C dokovací stanice", "MH-DOCK-01", "ks", "2150", "2990", "119", "standard", true, 12, []int{2, 3}, 3, 20},
	{"Monitor Dell 27\" P2725H", "MH-MON-27", "ks", "5400", "6890", "275", "standard", true, 4, []int{1}, 2, 10},
	{"Klávesnice Logitech MX Keys", "MH-KBD-MX", "ks", "2050", "2690", "108", "standard", true, 8, []int{3, 4}, 2, 15},
	{"Myš Logitech MX Master 3S", "MH-MOUSE-MX", "ks", "1790", "2390", "96", "standard", true, 10, []int{2}, 3, 15},
	{"HDMI kabel 2 m", "MH-HDMI-2M", "ks", "95", "190", "8", "standard", true, 40, []int{10, 12}, 10, 60},
	{"SSD disk Samsung 1 TB", "MH-SSD-1TB", "ks", "1650", "2190", "88", "standard", true, 6, []int{2, 2}, 3, 12},
	{"Router TP-Link Archer AX55", "MH-RTR-AX55", "ks", "1890", "2490", "99", "standard", true, 5, []int{1}, 1, 8},
	{"Webkamera Logitech C920", "MH-CAM-C920", "ks", "1390", "1890", "76", "standard", true, 7, []int{5}, 3, 10},
	{"Papír A4 Xerox 500 listů", "MH-PAP-A4", "bal", "105", "149", "6", "standard", true, 50, []int{15, 10}, 10, 80},
	{"Káva zrnková Brazílie 1 kg", "MH-COF-1KG", "ks", "410", "520", "21", "reduced", true, 10, []int{3}, 2, 20},
	{"Instalace pracovní stanice", "MH-SRV-INST", "hod", "0", "1200", "48", "standard", false, 0, nil, 0, 0},
	{"Odborná publikace Web v praxi", "MH-BOOK-WEB", "ks", "320", "450", "18", "zero", true, 15, []int{4}, 5, 30},
}

// inboxFileSpec is a file waiting in the inbox.
type inboxFileSpec struct {
	Filename string
	OCR      string // "" = not sent to OCR
	DaysAgo  int
	PDFLines []string
	PNG      color.RGBA
}

var inboxFiles = []inboxFileSpec{
	{"faktura-elektro-hanak.pdf", "", 6, []string{"Elektro Hanak s.r.o.", "Faktura - danovy doklad c. 2026118", "Prodlouzovaci kabel 5 m  2 ks  598,00 Kc", "Celkem k uhrade: 723,58 Kc"}, color.RGBA{}},
	{"uctenka-kavarna.png", "processed", 4, nil, color.RGBA{0, 110, 200, 255}},
	{"dodaci-list-kalibr.pdf", "created", 1, []string{"Tiskarna Kalibr s.r.o.", "Dodaci list DL-2026-0412", "Vizitky 500 ks", "Letaky A5 1000 ks"}, color.RGBA{}},
	{"sken-paragon.png", "processing_failed", 2, nil, color.RGBA{200, 60, 40, 255}},
}

// tagNames label documents.
var tagNames = []string{"web", "hosting", "školení", "e-shop", "grafika"}

// icoNumber makes a Czech or Slovak registration number (IČO, 8 digits) from seven
// digits by adding its mod-11 check digit.
func icoNumber(d7 int) string {
	var b [8]byte
	sum := 0
	for i := 6; i >= 0; i-- {
		b[i] = byte('0' + d7%10)
		d7 /= 10
	}
	for i := 0; i < 7; i++ {
		sum += int(b[i]-'0') * (8 - i)
	}
	b[7] = byte('0' + (11-sum%11)%10)
	return string(b[:])
}

// ean13 makes a valid EAN-13 from twelve digits by adding the check digit.
func ean13(d12 string) string {
	sum := 0
	for i := 0; i < 12; i++ {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += int(d12[i]-'0') * w
	}
	return d12 + string(rune('0'+(10-sum%10)%10))
}

// iban makes a CZ or SK IBAN (same layout: bank code, 6-digit prefix, 10-digit
// number) with correct mod-97 check digits.
func iban(country, bank, prefix, number string) string {
	bban := bank + pad(prefix, 6) + pad(number, 10)
	// Move the country code and "00" behind the BBAN, letters as numbers (A=10).
	rearranged := bban + letterDigits(country) + "00"
	rem := 0
	for i := 0; i < len(rearranged); i++ {
		rem = (rem*10 + int(rearranged[i]-'0')) % 97
	}
	check := 98 - rem
	return country + string(rune('0'+check/10)) + string(rune('0'+check%10)) + bban
}

func letterDigits(s string) string {
	out := make([]byte, 0, 2*len(s))
	for i := 0; i < len(s); i++ {
		v := int(s[i]-'A') + 10
		out = append(out, byte('0'+v/10), byte('0'+v%10))
	}
	return string(out)
}

func pad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}
