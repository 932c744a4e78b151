package demo

import (
	"math/rand/v2"
	"sort"
	"strconv"

	"github.com/kasa-tui/kasa/sandbox"
)

// subjectSet indexes the built subjects.
type subjectSet struct {
	all       []*sandbox.Subject // by companies index
	createdAt []int              // days ago, by index
	byDomain  map[string]int
}

func (ds *subjectSet) customers(foreign bool, olderThan int) []int {
	var out []int
	for i, s := range ds.all {
		if s.Type == sandbox.SubjectSupplier || ds.createdAt[i] <= olderThan {
			continue
		}
		if (s.Country != "CZ") == foreign {
			out = append(out, i)
		}
	}
	return out
}

// recentSubjects were added in the past weeks (their subject_created is in the log).
var recentSubjects = map[int]int{22: 28, 24: 19, 16: 9}

func (b *builder) buildSubjects() *subjectSet {
	ds := &subjectSet{byDomain: map[string]int{}}
	n := len(companies)
	ds.all = make([]*sandbox.Subject, n)
	ds.createdAt = make([]int, n)
	order := make([]int, n)
	for i := range companies {
		order[i] = i
		ds.createdAt[i] = 720 - i*27
		if ago, ok := recentSubjects[i]; ok {
			ds.createdAt[i] = ago
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return ds.createdAt[order[x]] > ds.createdAt[order[y]] })
	for _, i := range order {
		c := companies[i]
		created := b.workTime(ds.createdAt[i])
		s := &sandbox.Subject{
			UserID: b.owner.ID, Type: c.Type, Name: c.Name, FullName: sandbox.Text(c.Contact),
			Email: sandbox.Text("fakturace@" + c.Domain + ".example"), Phone: sandbox.Text(phone(b.rng, c.Country)),
			Web: sandbox.Text("https://www." + c.Domain + ".example"), Street: sandbox.Text(c.Street), City: sandbox.Text(c.City), Zip: sandbox.Text(c.Zip), Country: c.Country,
			DeliveryCountry: sandbox.Text(c.Country), LegalForm: sandbox.Text(c.LegalForm),
			SettingUpdateFromAres: "inherit", AresUpdate: true, SettingInvoicePdfAttachments: "inherit",
			SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "inherit", SuggestionEnabled: true,
			CreatedAt: dt(created), UpdatedAt: dt(created),
		}
		if i%4 == 1 {
			s.EmailCopy = sandbox.Text("ucetni@" + c.Domain + ".example")
		}
		if i%5 == 0 {
			s.CustomID = sandbox.Text("ZAK-" + pad(strconv.Itoa(100+i), 4))
		}
		if i%6 == 3 {
			s.Due = sandbox.Ptr(30)
		}
		b.registration(s, c, i)
		if c.Type != sandbox.SubjectCustomer {
			b.bankDetails(s, c)
		}
		if i == 10 {
			s.HasDeliveryAddress = true
			s.DeliveryName = sandbox.Text(c.Name + " – sklad")
			s.DeliveryStreet, s.DeliveryCity, s.DeliveryZip = "Průmyslová 1450", "Břeclav", "690 02"
		}
		if i == 6 {
			s.PrivateNote = "Servisní smlouva do konce roku; fakturovat do 5. dne v měsíci."
		}
		b.a.Subjects.Add(s)
		id := s.ID
		ds.all[i] = s
		ds.byDomain[c.Domain] = i
		if b.inWindow(created) {
			b.event(created, "subject_created", "Subject "+s.Name+" was created", b.owner, nil, rel("Subject", id))
		}
	}
	return ds
}

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

func phone(rng *rand.Rand, country string) string {
	n := strconv.Itoa(600000000 + rng.IntN(199999999)) // mobile numbers start with 6 or 7
	prefix := map[string]string{"CZ": "+420", "SK": "+421", "DE": "+49", "AT": "+43"}[country]
	return prefix + " " + n[:3] + " " + n[3:6] + " " + n[6:]
}

// registration fills a subject's registration and VAT numbers as its
// country writes them (and the currency and language of a foreign one).
func (b *builder) registration(s *sandbox.Subject, c company, i int) {
	switch c.Country {
	case "CZ":
		s.RegistrationNo = sandbox.Text(icoNumber(1000000 + b.rng.IntN(8999999)))
		if c.LegalForm != "101" || i%2 == 0 {
			s.VatNo = "CZ" + s.RegistrationNo
		}
		s.Unreliable = sandbox.Ptr(false)
		s.UnreliableCheckedAt = dt(b.dayAt(1, 3, 15))
	case "SK":
		s.RegistrationNo = sandbox.Text(icoNumber(3000000 + b.rng.IntN(6999999)))
		s.LocalVatNo = sandbox.Text("20" + pad(strconv.Itoa(b.rng.IntN(100000000)), 8))
		s.VatNo = sandbox.Text("SK" + s.LocalVatNo)
		s.Currency, s.Language = "EUR", "sk"
	case "AT":
		s.RegistrationNo = sandbox.Text("FN " + strconv.Itoa(100000+b.rng.IntN(899999)) + "a")
		s.VatNo = sandbox.Text("ATU" + pad(strconv.Itoa(b.rng.IntN(100000000)), 8))
		s.Currency, s.Language = "EUR", "de"
	default:
		s.RegistrationNo = sandbox.Text("HRB " + strconv.Itoa(10000+b.rng.IntN(89999)))
		s.VatNo = sandbox.Text(c.Country + pad(strconv.Itoa(b.rng.IntN(1000000000)), 9))
		s.Currency, s.Language = "EUR", "de"
	}
}

// bankDetails gives a supplier its bank account.
func (b *builder) bankDetails(s *sandbox.Subject, c company) {
	acct := pad(strconv.Itoa(b.rng.IntN(10000000000)), 10)
	bank := []string{"0100", "0300", "0800", "2010", "5500"}[b.rng.IntN(5)]
	country := c.Country
	if country == "CZ" || country == "SK" {
		s.BankAccount = sandbox.Text(trimZeros(acct) + "/" + bank)
		s.IBAN = sandbox.Text(iban(country, bank, "", acct))
	} else {
		s.IBAN = "AT61" + "1904300234573201"
		s.SwiftBic = "BKAUATWWXXX"
	}
}
