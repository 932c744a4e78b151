package sandbox

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/shopspring/decimal"
)

// The demo: a small, realistic Czech company whose account a person can explore
// with kasa (or their own integration) without a real account. Everything is
// built relative to the clock's now, so an overdue invoice is always overdue,
// and from the seed, so the same seed and start give the same account.

// Demo account slugs.
const (
	DemoSlug       = "kasa-demo"
	DemoSecondSlug = "kasa-demo-sk"
)

// DemoOptions configure NewDemo.
type DemoOptions struct {
	Options
	// Scale, when > 0, adds Scale generated subjects and 5*Scale expenses of the
	// past two years (for benchmarks and paging at volume).
	Scale int
	// Living makes the account live as the clock moves: payments arrive,
	// expenses come in, files land in the inbox (see living.go).
	Living bool
	// Plan of the demo account; the zero value is PlanStandard, or PlanUnlimited
	// with Scale > 0 so the generated subjects fit the plan.
	Plan Plan
}

// DemoInfo is what a caller needs to use the demo: the account, working
// client credentials of the owner, and a ready access token.
type DemoInfo struct {
	Slug string
	// SecondSlug is the other account the owner can switch to.
	SecondSlug string
	// ClientID and ClientSecret are the owner's client-credentials pair
	// (POST /oauth/token with grant_type=client_credentials).
	ClientID, ClientSecret string
	// OwnerToken is an access token of the owner for the in-process demo. It is
	// valid for ten years of sandbox time, so a fast living clock never expires it.
	OwnerToken string
	Owner      *User
	// ReadOnly is a user with permission "read" (scopes reports and invoices).
	ReadOnly *User
	// ReadOnlyClientID and ReadOnlyClientSecret are the read-only user's pair.
	ReadOnlyClientID, ReadOnlyClientSecret string
}

// demoTokenLifetime keeps the in-process demo's token valid on any clock.
const demoTokenLifetime = 10 * 365 * 24 * time.Hour

// NewDemo builds a server holding the demo account (and a small second account
// of the same owner).
func NewDemo(o DemoOptions) (*Server, DemoInfo) {
	plan := o.Plan
	if plan.Name == "" {
		plan = PlanStandard
		if o.Scale > 0 {
			plan = PlanUnlimited
		}
	}
	s := New(o.Options)
	now := s.Now()
	rng := rand.New(rand.NewPCG(o.Seed, 0x6b617361_64656d6f))

	owner := s.AddUser(&User{FullName: "Jana Nováková", Email: "jana.novakova@modrahora.example",
		AvatarURL: "", DefaultAccount: DemoSlug, Grants: map[string]Grant{
			DemoSlug:       {Permission: "owner", AllowedScope: []string{"reports", "expenses", "invoices"}},
			DemoSecondSlug: {Permission: "owner", AllowedScope: []string{"reports", "expenses", "invoices"}},
		}})
	reader := s.AddUser(&User{FullName: "Petr Svoboda", Email: "petr.svoboda@modrahora.example",
		DefaultAccount: DemoSlug, Grants: map[string]Grant{
			DemoSlug: {Permission: "read", AllowedScope: []string{"reports", "invoices"}},
		}})

	b := &demoBuilder{now: now, rng: rng, owner: owner}
	demo := b.buildMain(plan, o.Scale)
	second := b.buildSecond()
	s.AddAccount(demo)
	s.AddAccount(second)

	cl := &OAuthClient{ID: fixedID(DemoSlug), Secret: fixedSecret(DemoSlug), UserID: owner.ID, WebhooksAllowed: true}
	s.AddClient(cl)
	rcl := &OAuthClient{ID: fixedID(DemoSlug + "-read"), Secret: fixedSecret(DemoSlug + "-read"), UserID: reader.ID}
	s.AddClient(rcl)

	var token string
	s.Do(func() {
		token = s.issueAccess(owner.ID, cl.ID, "", demoTokenLifetime).Token
		if o.Living {
			s.living = newDemoLife(demo, owner, now, o.Seed).step
		}
	})
	return s, DemoInfo{
		Slug: DemoSlug, SecondSlug: DemoSecondSlug,
		ClientID: cl.ID, ClientSecret: cl.Secret, OwnerToken: token,
		Owner: owner, ReadOnly: reader,
		ReadOnlyClientID: rcl.ID, ReadOnlyClientSecret: rcl.Secret,
	}
}

// DemoCredentials returns the demo owner's client-credentials pair, for
// `kasa sandbox` to print. ok is false on a server without the demo account.
func (s *Server) DemoCredentials() (slug, clientID, clientSecret string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cl, found := s.clients[fixedID(DemoSlug)]
	if _, acct := s.accounts[DemoSlug]; !found || !acct {
		return "", "", "", false
	}
	return DemoSlug, cl.ID, cl.Secret, true
}

// demoBuilder writes records straight into an account's tables.
type demoBuilder struct {
	now   time.Time
	rng   *rand.Rand
	owner *User

	a      *Account
	native string            // the account's currency
	home   string            // the account's country
	events []apiclient.Event // collected, sorted by time at the end
	// numbers are the last used document numbers by series and year.
	numbers map[string]int
	// fixed, when set, is the time of every record made (the living demo's step).
	fixed time.Time
}

// buildMain makes the demo company's account.
func (b *demoBuilder) buildMain(plan Plan, scale int) *Account {
	info := DefaultAccountInfo(DemoSlug, "Modrá Hora s.r.o.", plan)
	ico := demoICO(2864417)
	info.InvoiceEmail = "fakturace@modrahora.example"
	info.Phone = "+420 541 212 334"
	info.Web = "https://www.modrahora.example"
	info.FullName = "Jana Nováková"
	info.RegistrationNo = ico
	info.VatNo = "CZ" + ico
	info.Street = "Kounicova 284/39"
	info.City = "Brno"
	info.Zip = "602 00"
	info.DisplayedNote = "Společnost je zapsána v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 81234."
	info.InvoiceNote = "Fakturujeme Vám za dodané služby:"
	info.SendThankYouEmail = true
	info.SendDueDateReminderEmail = true
	info.CreatedAt = demoDT(b.now.AddDate(-3, -2, 0))
	info.UpdatedAt = demoDT(b.now.AddDate(0, 0, -30))
	a := NewAccount(DemoSlug, info, plan.Limits)
	b.a, b.events, b.numbers, b.native, b.home = a, nil, map[string]int{}, "CZK", "CZ"

	a.BankAccounts = []apiclient.BankAccount{
		{ID: 1, Name: "Hlavní účet", Currency: "CZK", Number: "2101782934/2010", IBAN: demoIBAN("CZ", "2010", "", "2101782934"),
			SwiftBic: "FIOBCZPPXXX", Pairing: true, ExpensePairing: true, PaymentAdjustment: true, Default: true,
			CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt},
		{ID: 2, Name: "Eurový účet", Currency: "EUR", Number: "2401782936/2010", IBAN: demoIBAN("CZ", "2010", "", "2401782936"),
			SwiftBic: "FIOBCZPPXXX", Pairing: true, ExpensePairing: false, Default: false,
			CreatedAt: demoDT(b.now.AddDate(-2, 0, 0)), UpdatedAt: demoDT(b.now.AddDate(-2, 0, 0))},
	}
	a.NumberFormats = []apiclient.NumberFormat{
		{ID: 1, Format: "%RRRR%-%CCCC%", Preview: strconv.Itoa(b.now.Year()) + "-0001", Default: true, CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt},
	}

	if scale > 0 {
		// Generated history first: it is older, so the hand-made records get
		// the higher ids and stay on the first pages.
		b.buildScale(scale)
	}
	subjects := b.buildSubjects()
	stock := b.buildInventory()
	gens := b.buildGenerators(subjects)
	b.buildInvoices(subjects, stock, gens)
	b.buildExpenses(subjects, stock)
	b.buildInbox()
	b.buildTodos()
	b.finishEvents()
	return a
}

// ---- time helpers ----

func demoDT(t time.Time) apiclient.DateTime { return apiclient.DateTime{Time: t} }

// dayAt is the time hh:mm (plus random seconds) ago days before now, never in the future.
func (b *demoBuilder) dayAt(ago, hh, mm int) time.Time {
	if !b.fixed.IsZero() {
		return b.fixed
	}
	y, m, d := b.now.Date()
	t := time.Date(y, m, d-ago, hh, mm, b.rng.IntN(60), b.rng.IntN(1000)*int(time.Millisecond), b.now.Location())
	if !t.Before(b.now) {
		t = b.now.Add(-time.Duration(1+b.rng.IntN(50)) * time.Minute)
	}
	return t
}

// workTime is a random time in office hours ago days before now.
func (b *demoBuilder) workTime(ago int) time.Time {
	return b.dayAt(ago, 8+b.rng.IntN(9), b.rng.IntN(60))
}

// dateAgo is the calendar day ago days before now.
func (b *demoBuilder) dateAgo(ago int) apiclient.Date {
	y, m, d := b.now.Date()
	return apiclient.DateOf(time.Date(y, m, d-ago, 12, 0, 0, 0, b.now.Location()))
}

func demoAddDays(d apiclient.Date, n int) apiclient.Date {
	return apiclient.Date{Time: d.AddDate(0, 0, n)}
}

// ---- small value helpers ----

func demoDecInt(n int) apiclient.Decimal { return Dec(decimal.NewFromInt(int64(n))) }

func demoDecStr(s string) apiclient.Decimal {
	d, err := decimal.NewFromString(s)
	if err != nil {
		panic("demo table: " + err.Error())
	}
	return Dec(d)
}

func (b *demoBuilder) token(n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	out := make([]byte, n)
	for i := range out {
		out[i] = alphabet[b.rng.IntN(len(alphabet))]
	}
	return string(out)
}

// nextNumber returns the next document number of a series in a year, in the
// formats the invoice and expense handlers continue: "inv" 2026-0012,
// "pf" P2026-0003, "exp" N2026-0041. Each year's sequence starts at 1.
func (b *demoBuilder) nextNumber(series string, year int) string {
	key := series + strconv.Itoa(year)
	n := b.numbers[key] + 1
	b.numbers[key] = n
	return demoFormatNumber(series, year, n)
}

func demoFormatNumber(series string, year, n int) string {
	c := demoPad(strconv.Itoa(n), 4)
	y := strconv.Itoa(year)
	switch series {
	case "pf":
		return "P" + y + "-" + c
	case "exp":
		return "N" + y + "-" + c
	default:
		return y + "-" + c
	}
}

// event records a log entry; finishEvents sorts them into the account's log.
func (b *demoBuilder) event(at time.Time, name, text string, user *User, params map[string]any, related ...apiclient.RelatedObject) {
	ev := apiclient.Event{Name: name, CreatedAt: demoDT(at), Text: text, RelatedObjects: related, Params: params}
	if ev.RelatedObjects == nil {
		ev.RelatedObjects = []apiclient.RelatedObject{}
	}
	if ev.Params == nil {
		ev.Params = map[string]any{}
	}
	if user != nil {
		ev.User = &apiclient.EventUser{ID: user.ID, FullName: user.FullName}
	}
	b.events = append(b.events, ev)
}

// demoEventWindow is how far back the demo's log goes: the past three and a half weeks.
const demoEventWindow = 24

func (b *demoBuilder) inWindow(t time.Time) bool {
	return b.now.Sub(t) <= demoEventWindow*24*time.Hour
}

// finishEvents appends the collected entries to the account's log in time
// order. Entries already in the log are never moved: the webhook deliverer
// remembers how far into the log it has got.
func (b *demoBuilder) finishEvents() {
	sort.SliceStable(b.events, func(i, j int) bool { return b.events[i].CreatedAt.Before(b.events[j].CreatedAt.Time) })
	b.a.Events = append(b.a.Events, b.events...)
	b.events = nil
}

func demoRel(typ string, id int64) apiclient.RelatedObject {
	return apiclient.RelatedObject{Type: typ, ID: id}
}

// ---- subjects ----

// demoSubjects indexes the built subjects.
type demoSubjects struct {
	all       []*apiclient.Subject // by demoCompanies index
	createdAt []int                // days ago, by index
	byDomain  map[string]int
}

func (ds *demoSubjects) customers(foreign bool, olderThan int) []int {
	var out []int
	for i, s := range ds.all {
		if s.Type == apiclient.SubjectSupplier || ds.createdAt[i] <= olderThan {
			continue
		}
		if (s.Country != "CZ") == foreign {
			out = append(out, i)
		}
	}
	return out
}

// demoRecentSubjects were added in the past weeks (their subject_created is in the log).
var demoRecentSubjects = map[int]int{22: 28, 24: 19, 16: 9}

func (b *demoBuilder) buildSubjects() *demoSubjects {
	ds := &demoSubjects{byDomain: map[string]int{}}
	n := len(demoCompanies)
	ds.all = make([]*apiclient.Subject, n)
	ds.createdAt = make([]int, n)
	order := make([]int, n)
	for i := range demoCompanies {
		order[i] = i
		ds.createdAt[i] = 720 - i*27
		if ago, ok := demoRecentSubjects[i]; ok {
			ds.createdAt[i] = ago
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return ds.createdAt[order[x]] > ds.createdAt[order[y]] })
	for _, i := range order {
		c := demoCompanies[i]
		id := b.a.Subjects.nextID()
		created := b.workTime(ds.createdAt[i])
		s := &apiclient.Subject{
			ID: id, UserID: b.owner.ID, Type: c.Type, Name: c.Name, FullName: c.Contact,
			Email: "fakturace@" + c.Domain + ".example", Phone: demoPhone(b.rng, c.Country),
			Web: "https://www." + c.Domain + ".example", Street: c.Street, City: c.City, Zip: c.Zip, Country: c.Country,
			DeliveryCountry: c.Country, LegalForm: c.LegalForm,
			SettingUpdateFromAres: "inherit", AresUpdate: true, SettingInvoicePdfAttachments: "inherit",
			SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "inherit", SuggestionEnabled: true,
			CreatedAt: demoDT(created), UpdatedAt: demoDT(created),
		}
		if i%4 == 1 {
			s.EmailCopy = "ucetni@" + c.Domain + ".example"
		}
		if i%5 == 0 {
			s.CustomID = "ZAK-" + demoPad(strconv.Itoa(100+i), 4)
		}
		if i%6 == 3 {
			s.Due = apiclient.Ptr(30)
		}
		switch c.Country {
		case "CZ":
			s.RegistrationNo = demoICO(1000000 + b.rng.IntN(8999999))
			if c.LegalForm != "101" || i%2 == 0 {
				s.VatNo = "CZ" + s.RegistrationNo
			}
			s.Unreliable = apiclient.Ptr(false)
			s.UnreliableCheckedAt = demoDT(b.dayAt(1, 3, 15))
		case "SK":
			s.RegistrationNo = demoICO(3000000 + b.rng.IntN(6999999))
			s.LocalVatNo = "20" + demoPad(strconv.Itoa(b.rng.IntN(100000000)), 8)
			s.VatNo = "SK" + s.LocalVatNo
			s.Currency, s.Language = "EUR", "sk"
		case "AT":
			s.RegistrationNo = "FN " + strconv.Itoa(100000+b.rng.IntN(899999)) + "a"
			s.VatNo = "ATU" + demoPad(strconv.Itoa(b.rng.IntN(100000000)), 8)
			s.Currency, s.Language = "EUR", "de"
		default:
			s.RegistrationNo = "HRB " + strconv.Itoa(10000+b.rng.IntN(89999))
			s.VatNo = c.Country + demoPad(strconv.Itoa(b.rng.IntN(1000000000)), 9)
			s.Currency, s.Language = "EUR", "de"
		}
		if c.Type != apiclient.SubjectCustomer {
			acct := demoPad(strconv.Itoa(b.rng.IntN(10000000000)), 10)
			bank := []string{"0100", "0300", "0800", "2010", "5500"}[b.rng.IntN(5)]
			country := c.Country
			if country == "CZ" || country == "SK" {
				s.BankAccount = demoTrimZeros(acct) + "/" + bank
				s.IBAN = demoIBAN(country, bank, "", acct)
			} else {
				s.IBAN = "AT61" + "1904300234573201"
				s.SwiftBic = "BKAUATWWXXX"
			}
		}
		if i == 10 {
			s.HasDeliveryAddress = true
			s.DeliveryName = c.Name + " – sklad"
			s.DeliveryStreet, s.DeliveryCity, s.DeliveryZip = "Průmyslová 1450", "Břeclav", "690 02"
		}
		if i == 6 {
			s.PrivateNote = "Servisní smlouva do konce roku; fakturovat do 5. dne v měsíci."
		}
		b.a.Subjects.put(id, s)
		ds.all[i] = s
		ds.byDomain[c.Domain] = i
		if b.inWindow(created) {
			b.event(created, "subject_created", "Subject "+s.Name+" was created", b.owner, nil, demoRel("Subject", id))
		}
	}
	return ds
}

func demoTrimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

func demoPhone(rng *rand.Rand, country string) string {
	n := strconv.Itoa(600000000 + rng.IntN(199999999)) // mobile numbers start with 6 or 7
	prefix := map[string]string{"CZ": "+420", "SK": "+421", "DE": "+49", "AT": "+43"}[country]
	return prefix + " " + n[:3] + " " + n[3:6] + " " + n[6:]
}

// ---- lines ----

// demoLineSpec is one line to build from an article.
type demoLineSpec struct {
	art demoArticle
	qty int
}

// buildLines makes computed lines: prices in EUR when eur, all rates 0 when
// zeroVat (an EU customer: an intra-community supply).
func (b *demoBuilder) buildLines(specs []demoLineSpec, eur, zeroVat bool, mode PriceMode) []apiclient.Line {
	lines := make([]apiclient.Line, 0, len(specs))
	for _, sp := range specs {
		price := sp.art.CZK
		if eur {
			price = sp.art.EUR
		}
		vat := sp.art.Vat
		switch {
		case zeroVat:
			vat = 0
		case b.home == "SK" && vat == 21:
			vat = 23
		case b.home == "SK" && vat == 12:
			vat = 19
		}
		l := apiclient.Line{
			ID: b.a.lineID(), Name: sp.art.Name, Quantity: demoDecInt(sp.qty), UnitName: sp.art.Unit,
			UnitPrice: demoDecStr(price), VatRate: apiclient.MustDecimal(strconv.Itoa(vat)),
		}
		ComputeLine(&l, mode)
		lines = append(lines, l)
	}
	return lines
}

// quantityFor is a plausible quantity of an article's unit.
func (b *demoBuilder) quantityFor(unit string) int {
	switch unit {
	case "hod":
		return 2 + b.rng.IntN(30)
	case "os":
		return 5 + b.rng.IntN(16)
	case "km":
		return 40 + b.rng.IntN(300)
	case "ks", "bal":
		return 1 + b.rng.IntN(5)
	case "MWh":
		return 1 + b.rng.IntN(3)
	default:
		return 1
	}
}

// eurRate is a Czech National Bank style EUR rate around 25.
func (b *demoBuilder) eurRate() apiclient.Decimal {
	return apiclient.MustDecimal("25." + demoPad(strconv.Itoa(20+b.rng.IntN(300)), 3))
}

// ---- generators ----

type demoGenerators struct {
	monthly, training *apiclient.Generator
	recurring         *apiclient.RecurringGenerator
}

func (b *demoBuilder) generator(name string, subj *apiclient.Subject, specs []demoLineSpec, createdAgo int, tags []string) apiclient.Generator {
	mode := PriceMode{VatPriceMode: "without_vat", ExchangeRate: decimal.NewFromInt(1)}
	lines := b.buildLines(specs, false, false, mode)
	t := ComputeTotals(lines, mode, "CZK", "CZK", false)
	created := b.workTime(createdAgo)
	return apiclient.Generator{
		Name: name, SubjectID: subj.ID, NumberFormatID: apiclient.Ptr(int64(1)),
		Note: b.a.Info.InvoiceNote, BankAccountID: apiclient.Ptr(int64(1)), IBANVisibility: "automatically",
		Tags: tags, Currency: "CZK", PaymentMethod: "bank", Language: "cz", VatPriceMode: "without_vat", OSS: "disabled",
		Subtotal: t.Subtotal, Total: t.Total, NativeSubtotal: t.NativeSubtotal, NativeTotal: t.NativeTotal,
		RoundingAdjustment: t.RoundingAdjustment, Lines: lines, CreatedAt: demoDT(created), UpdatedAt: demoDT(created),
	}
}

func (b *demoBuilder) buildGenerators(ds *demoSubjects) demoGenerators {
	var g demoGenerators
	s := func(domain string) *apiclient.Subject { return ds.all[ds.byDomain[domain]] }

	monthly := b.generator("Správa webu – měsíční paušál", s("alfastavby"),
		[]demoLineSpec{{demoSales[2], 1}, {demoSales[7], 2}}, 210, []string{"web"})
	monthly.ID = b.a.Generators.nextID()
	g.monthly = &monthly
	b.a.Generators.put(monthly.ID, g.monthly)

	training := b.generator("Školení – hodinová sazba", s("slunecnihodiny"),
		[]demoLineSpec{{demoSales[4], 4}, {demoSales[8], 8}}, 150, []string{"školení"})
	training.ID = b.a.Generators.nextID()
	training.Due = apiclient.Ptr(30)
	g.training = &training
	b.a.Generators.put(training.ID, g.training)

	y, m, _ := b.now.Date()
	loc := b.now.Location()
	rec := apiclient.RecurringGenerator{
		Generator: b.generator("Hosting a správa serveru – Pekárna U Mlýna", s("pekarnaumlyna"),
			[]demoLineSpec{{demoSales[2], 1}}, 190, []string{"hosting"}),
		Active:           true,
		StartDate:        apiclient.DateOf(time.Date(y, m-6, 1, 12, 0, 0, 0, loc)),
		MonthsPeriod:     1,
		NextOccurrenceOn: apiclient.DateOf(time.Date(y, m+1, 1, 12, 0, 0, 0, loc)),
		SendEmail:        true,
	}
	rec.ID = b.a.Recurring.nextID()
	// A recurring generator's lines carry only the unit prices (api-v3.md, Line).
	for i := range rec.Lines {
		l := &rec.Lines[i]
		l.TotalPriceWithoutVat, l.TotalVat = apiclient.Decimal{}, apiclient.Decimal{}
		l.NativeTotalPriceWithoutVat, l.NativeTotalVat = apiclient.Decimal{}, apiclient.Decimal{}
	}
	g.recurring = &rec
	b.a.Recurring.put(rec.ID, g.recurring)
	return g
}

// ---- invoices ----

type demoInvoiceSpec struct {
	status    string // open, sent, overdue, paid, cancelled
	proforma  bool
	issuedAgo int
	subject   int
	eur       bool
	lines     []demoLineSpec
	payAgo    int
	stock     *demoStockLink
	recurring *apiclient.RecurringGenerator
	generator *apiclient.Generator
}

// demoStockLink ties a document line to an inventory move.
type demoStockLink struct {
	item *apiclient.InventoryItem
	move *apiclient.InventoryMove
	ago  int // the move's day
}

func (b *demoBuilder) buildInvoices(ds *demoSubjects, st demoInventory, gens demoGenerators) {
	var specs []demoInvoiceSpec
	plan := []string{}
	for i := 0; i < 14; i++ {
		plan = append(plan, "paid")
	}
	plan = append(plan, "overdue", "overdue", "overdue", "overdue", "sent", "sent", "sent", "sent", "sent",
		"open", "open", "open", "cancelled", "proforma-sent", "proforma-open")
	eurAt := map[int]bool{0: true, 7: true, 15: true, 20: true}
	for i, status := range plan {
		sp := demoInvoiceSpec{status: status}
		switch status {
		case "paid":
			sp.issuedAgo = 12 + b.rng.IntN(70)
			sp.payAgo = max(1, min(sp.issuedAgo-1, sp.issuedAgo-3-b.rng.IntN(16)))
		case "overdue":
			sp.issuedAgo = 18 + b.rng.IntN(30)
		case "sent":
			sp.issuedAgo = 1 + b.rng.IntN(10)
		case "open":
			sp.issuedAgo = b.rng.IntN(3)
		case "cancelled":
			sp.issuedAgo = 27
			sp.status = "cancelled"
		case "proforma-sent":
			sp.proforma, sp.status, sp.issuedAgo = true, "sent", 5
		case "proforma-open":
			sp.proforma, sp.status, sp.issuedAgo = true, "open", 1
		}
		sp.eur = eurAt[i]
		cands := ds.customers(sp.eur, sp.issuedAgo)
		sp.subject = cands[b.rng.IntN(len(cands))]
		nLines := 1 + b.rng.IntN(3)
		first := b.rng.IntN(len(demoSales))
		for k := 0; k < nLines; k++ {
			art := demoSales[(first+k*3)%len(demoSales)]
			sp.lines = append(sp.lines, demoLineSpec{art, b.quantityFor(art.Unit)})
		}
		specs = append(specs, sp)
	}
	// The invoice that sold docking stations from stock.
	specs = append(specs, demoInvoiceSpec{status: "paid", issuedAgo: st.invoiceLink.ago, payAgo: max(1, st.invoiceLink.ago-9),
		subject: ds.byDomain["alfastavby"], lines: []demoLineSpec{{demoSales[0], 3}}, stock: &st.invoiceLink})
	// This month's invoice of the recurring generator.
	recAgo := b.now.Day() - 1
	recStatus, recPay := "sent", 0
	if recAgo >= 10 {
		recStatus, recPay = "paid", recAgo-6
	}
	specs = append(specs, demoInvoiceSpec{status: recStatus, issuedAgo: recAgo, payAgo: recPay,
		subject: ds.byDomain["pekarnaumlyna"], lines: []demoLineSpec{{demoSales[2], 1}}, recurring: gens.recurring})
	// One from the monthly generator.
	specs = append(specs, demoInvoiceSpec{status: "paid", issuedAgo: 33, payAgo: 24,
		subject: ds.byDomain["alfastavby"], lines: []demoLineSpec{{demoSales[2], 1}, {demoSales[7], 2}}, generator: gens.monthly})

	sort.SliceStable(specs, func(i, j int) bool { return specs[i].issuedAgo > specs[j].issuedAgo })
	for i := range specs {
		b.invoice(ds.all[specs[i].subject], &specs[i])
	}
}

func (b *demoBuilder) invoice(subj *apiclient.Subject, sp *demoInvoiceSpec) *apiclient.Invoice {
	a := b.a
	currency, rate, bankID := b.native, apiclient.MustDecimal("1.0"), int64(1)
	if sp.eur && b.native != "EUR" {
		currency, rate, bankID = "EUR", b.eurRate(), 2
	}
	mode := PriceMode{VatPriceMode: "without_vat", ExchangeRate: rate.Dec()}
	lines := b.buildLines(sp.lines, currency == "EUR", subj.Country != b.home, mode)
	id := a.Invoices.nextID()
	if sp.stock != nil {
		it := sp.stock.item
		l := apiclient.Line{ID: a.lineID(), Name: it.Name, Quantity: sp.stock.move.QuantityChange, UnitName: it.UnitName,
			UnitPrice: it.NativeRetailPrice, VatRate: inventoryVatRate(it.VatRate),
			Inventory: &apiclient.LineInventory{ItemID: it.ID, SKU: it.SKU, ArticleNumberType: it.ArticleNumberType,
				ArticleNumber: it.ArticleNumber, MoveID: sp.stock.move.ID}}
		ComputeLine(&l, mode)
		lines = append(lines, l)
		sp.stock.move.Document = &apiclient.MoveDocument{ID: id, Type: "Invoice", LineID: l.ID}
	}
	t := ComputeTotals(lines, mode, currency, b.native, false)
	issued := b.dateAgo(sp.issuedAgo)
	created := b.workTime(sp.issuedAgo)
	series, docType, nf := "inv", apiclient.DocInvoice, int64(1)
	if sp.proforma {
		series, docType = "pf", apiclient.DocProforma
	}
	number := b.nextNumber(series, issued.Year())
	vs := demoDigits(number)
	bank := a.BankAccounts[bankID-1]
	lang := subj.Language
	if lang == "" {
		lang = a.Info.InvoiceLanguage
	}
	inv := &apiclient.Invoice{
		ID: id, DocumentType: docType, TaxDocumentIDs: []int64{}, Number: number, NumberFormatID: &nf, VariableSymbol: vs,
		YourName: a.Info.Name, YourStreet: a.Info.Street, YourCity: a.Info.City, YourZip: a.Info.Zip, YourCountry: a.Info.Country,
		YourRegistrationNo: a.Info.RegistrationNo, YourVatNo: a.Info.VatNo,
		ClientName: subj.Name, ClientStreet: subj.Street, ClientCity: subj.City, ClientZip: subj.Zip, ClientCountry: subj.Country,
		ClientHasDeliveryAddress: subj.HasDeliveryAddress, ClientDeliveryName: subj.DeliveryName, ClientDeliveryStreet: subj.DeliveryStreet,
		ClientDeliveryCity: subj.DeliveryCity, ClientDeliveryZip: subj.DeliveryZip, ClientDeliveryCountry: subj.DeliveryCountry,
		ClientRegistrationNo: subj.RegistrationNo, ClientVatNo: subj.VatNo, ClientLocalVatNo: subj.LocalVatNo,
		SubjectID: subj.ID, SubjectCustomID: subj.CustomID, Token: b.token(24), Status: sp.status,
		IssuedOn: issued, TaxableFulfillmentDue: issued, Due: 14, DueOn: demoAddDays(issued, 14),
		Note: a.Info.InvoiceNote, FooterNote: a.Info.DisplayedNote, Tags: []string{},
		BankAccountID: &bankID, BankAccount: bank.Number, IBAN: bank.IBAN, SwiftBic: bank.SwiftBic, IBANVisibility: "automatically",
		PaymentMethod: "bank", Currency: currency, ExchangeRate: rate, Language: lang, OSS: "disabled", VatPriceMode: "without_vat",
		Subtotal: t.Subtotal, Total: t.Total, NativeSubtotal: t.NativeSubtotal, NativeTotal: t.NativeTotal,
		RoundingAdjustment: t.RoundingAdjustment, RemainingAmount: t.Total, RemainingNativeAmount: t.NativeTotal,
		EETRecords: []map[string]any{}, Lines: lines, VatRatesSummary: t.Summary, PaidAdvances: []map[string]any{},
		Payments: []apiclient.Payment{}, Attachments: []apiclient.Attachment{},
		CreatedAt: demoDT(created), UpdatedAt: demoDT(created),
	}
	if subj.Due != nil {
		inv.Due = *subj.Due
		inv.DueOn = demoAddDays(issued, inv.Due)
	}
	if sp.generator != nil {
		inv.GeneratorID = &sp.generator.ID
	}
	if len(sp.lines) > 0 && b.rng.IntN(3) == 0 {
		inv.Tags = []string{demoTags[b.rng.IntN(len(demoTags))]}
	}
	if b.rng.IntN(4) == 0 {
		inv.OrderNumber = "OBJ-" + strconv.Itoa(issued.Year()) + "-" + demoPad(strconv.Itoa(1+b.rng.IntN(400)), 3)
	}
	a.Invoices.put(id, inv)
	label := "Invoice "
	if sp.proforma {
		label = "Proforma invoice "
	}
	related := []apiclient.RelatedObject{demoRel("Invoice", id), demoRel("Subject", subj.ID)}
	if sp.recurring != nil {
		if b.inWindow(created) {
			b.event(created, "recurring_generator_invoice_created", "Recurring generator "+sp.recurring.Name+" issued invoice "+number,
				nil, map[string]any{"invoice_id": id, "number": number}, demoRel("RecurringGenerator", sp.recurring.ID), demoRel("Invoice", id))
		}
	} else if b.inWindow(created) {
		b.event(created, "invoice_created", label+number+" for "+subj.Name+" was created", b.owner, nil, related...)
	}

	last := created
	if sp.status != "open" {
		sent := created.Add(time.Duration(10+b.rng.IntN(80)) * time.Minute)
		if sent.After(b.now) {
			sent = b.now.Add(-time.Minute)
		}
		inv.SentAt, last = demoDT(sent), sent
		if b.inWindow(sent) {
			b.event(sent, "invoice_sent", label+number+" was sent to "+subj.Email, b.owner,
				map[string]any{"email": subj.Email}, related...)
		}
	}
	// Overdue since the day after due_on, if that day has come (also for invoices paid late).
	overdueAt := time.Date(inv.DueOn.Year(), inv.DueOn.Month(), inv.DueOn.Day()+1, 0, 5, 0, 0, b.now.Location())
	paidLate := sp.status == "paid" && !b.dateAgo(sp.payAgo).Before(demoAddDays(inv.DueOn, 1).Time)
	if (sp.status == "overdue" || paidLate) && overdueAt.Before(b.now) {
		if b.inWindow(overdueAt) {
			b.event(overdueAt, "invoice_overdue", label+number+" is overdue", nil, nil, related...)
		}
		remind := overdueAt.AddDate(0, 0, b.a.Info.OverdueEmailDays).Add(6 * time.Hour)
		if remind.Before(b.now) && (sp.status == "overdue" || remind.Before(b.dayAt(sp.payAgo, 0, 0))) {
			inv.ReminderSentAt, inv.LastReminderSentAt = demoDT(remind), demoDT(remind)
		}
	}
	switch sp.status {
	case "paid":
		paidAt := b.workTime(sp.payAgo)
		if !paidAt.After(last) {
			paidAt = last.Add(time.Hour)
		}
		p := apiclient.Payment{ID: a.paymentID(), PaidOn: apiclient.DateOf(paidAt), Currency: currency, Amount: t.Total,
			NativeAmount: t.NativeTotal, MarkDocumentAsPaid: true, VariableSymbol: vs, BankAccountID: apiclient.Ptr(bankID),
			CreatedAt: demoDT(paidAt), UpdatedAt: demoDT(paidAt)}
		inv.Payments = []apiclient.Payment{p}
		inv.PaidOn = p.PaidOn
		inv.RemainingAmount, inv.RemainingNativeAmount = apiclient.MustDecimal("0.0"), apiclient.MustDecimal("0.0")
		inv.WebinvoiceSeenOn = apiclient.DateOf(last.Add(20 * time.Hour))
		last = paidAt
		if b.inWindow(paidAt) {
			b.event(paidAt, "invoice_paid", label+number+" was paid ("+p.Amount.String()+" "+currency+")", nil,
				map[string]any{"payment": p}, related...)
		}
	case "cancelled":
		at := last.Add(26 * time.Hour)
		inv.CancelledAt, last = demoDT(at), at
		if b.inWindow(at) {
			b.event(at, "invoice_cancelled", label+number+" was cancelled", b.owner, nil, related...)
		}
	}
	inv.UpdatedAt = demoDT(last)
	return inv
}

// demoDigits keeps the digits of a document number: its variable symbol.
func demoDigits(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			out = append(out, s[i])
		}
	}
	return string(out)
}

// ---- inventory ----

// demoInventory is the built stock with the two moves that belong to documents.
type demoInventory struct {
	items                    []*apiclient.InventoryItem
	invoiceLink, expenseLink demoStockLink
}

func (b *demoBuilder) buildInventory() demoInventory {
	a := b.a
	var inv demoInventory
	type moveSpec struct {
		at   time.Time
		item int
		dir  string
		qty  int
		ago  int
		link *demoStockLink
	}
	var moves []moveSpec
	for idx, st := range demoStockItems {
		receiptAgo := 80 - idx*3
		created := b.workTime(receiptAgo + 1)
		id := a.Items.nextID()
		it := &apiclient.InventoryItem{
			ID: id, Name: st.Name, SKU: st.SKU, ArticleNumberType: "ian", UnitName: st.Unit,
			TrackQuantity: st.Tracked, NativeRetailPrice: demoDecStr(st.Retail), VatRate: st.Vat,
			SupplyType: "goods", SuggestFor: "both", CreatedAt: demoDT(created), UpdatedAt: demoDT(created),
		}
		if st.Tracked {
			it.ArticleNumberType = "ean"
			it.ArticleNumber = demoEAN13("859" + demoPad(strconv.Itoa(b.rng.IntN(1000000000)), 9))
			it.MinQuantity, it.MaxQuantity = demoDecInt(st.Min), demoDecInt(st.Max)
			it.NativePurchasePrice = demoDecStr(st.Purchase)
			it.AverageNativePurchasePrice = demoDecStr(st.Purchase)
		} else {
			it.SupplyType, it.SuggestFor = "service", "invoices"
		}
		it.RetailPrices = []apiclient.RetailPrice{
			{ID: a.priceID(), Amount: demoDecStr(st.Retail), Currency: "CZK", CreatedAt: demoDT(created), UpdatedAt: demoDT(created)},
			{ID: a.priceID(), Amount: demoDecStr(st.RetailEUR), Currency: "EUR", CreatedAt: demoDT(created), UpdatedAt: demoDT(created)},
		}
		if idx == 9 {
			it.PrivateNote = "Do kuchyňky; objednávat po 10 kg."
		}
		a.Items.put(id, it)
		inv.items = append(inv.items, it)
		if !st.Tracked {
			continue
		}
		in := moveSpec{at: b.workTime(receiptAgo), item: idx, dir: apiclient.MoveIn, qty: st.In, ago: receiptAgo}
		if idx == 1 {
			in.link = &inv.expenseLink
		}
		moves = append(moves, in)
		for j, q := range st.Out {
			ago := max(1, receiptAgo-9*(j+1)-idx%4)
			out := moveSpec{at: b.workTime(ago), item: idx, dir: apiclient.MoveOut, qty: q, ago: ago}
			if idx == 0 && j == 0 {
				out.link = &inv.invoiceLink
			}
			moves = append(moves, out)
		}
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].at.Before(moves[j].at) })
	qty := make([]int, len(inv.items))
	for _, ms := range moves {
		it, st := inv.items[ms.item], demoStockItems[ms.item]
		id := a.Moves.nextID()
		m := &apiclient.InventoryMove{
			ID: id, Direction: ms.dir, MovedOn: apiclient.DateOf(ms.at), QuantityChange: demoDecInt(ms.qty),
			PurchasePrice: demoDecStr(st.Purchase), PurchaseCurrency: "CZK", NativePurchasePrice: demoDecStr(st.Purchase),
			InventoryItemID: it.ID, CreatedAt: demoDT(ms.at), UpdatedAt: demoDT(ms.at),
		}
		if ms.dir == apiclient.MoveOut {
			m.RetailPrice, m.RetailCurrency, m.NativeRetailPrice = demoDecStr(st.Retail), "CZK", demoDecStr(st.Retail)
			qty[ms.item] -= ms.qty
			if qty[ms.item] < st.Min && qty[ms.item]+ms.qty >= st.Min {
				it.LowQuantityDate = demoDT(ms.at)
			}
		} else {
			m.PrivateNote = "Příjem na sklad"
			qty[ms.item] += ms.qty
		}
		a.Moves.put(id, m)
		it.UpdatedAt = demoDT(ms.at)
		if ms.link != nil {
			*ms.link = demoStockLink{item: it, move: m, ago: ms.ago}
		} else if b.inWindow(ms.at) {
			word := "received"
			if ms.dir == apiclient.MoveOut {
				word = "issued"
			}
			b.event(ms.at, "inventory_move_created", m.QuantityChange.String()+" "+it.UnitName+" of "+it.Name+" "+word,
				b.owner, map[string]any{"inventory_item_id": it.ID, "direction": ms.dir})
		}
	}
	for i, it := range inv.items {
		if it.TrackQuantity {
			it.Quantity = demoDecInt(qty[i])
		}
	}
	return inv
}

// ---- expenses ----

type demoExpenseSpec struct {
	status    string // open, overdue, paid
	issuedAgo int
	payAgo    int
	subject   int
	lines     []demoLineSpec
	bill      bool
	stock     *demoStockLink
	attach    *blob
}

func (b *demoBuilder) buildExpenses(ds *demoSubjects, st demoInventory) {
	plan := make([]string, 0, 40)
	for i := 0; i < 25; i++ {
		plan = append(plan, "paid")
	}
	plan = append(plan, "open", "open", "open", "open", "open", "open", "open", "open",
		"overdue", "overdue", "overdue", "overdue", "overdue", "overdue")
	eurAt := map[int]bool{3: true, 11: true, 27: true, 34: true}
	var specs []demoExpenseSpec
	for i, status := range plan {
		sp := demoExpenseSpec{status: status}
		switch status {
		case "paid":
			sp.issuedAgo = 5 + b.rng.IntN(80)
			sp.payAgo = max(0, sp.issuedAgo-2-b.rng.IntN(12))
		case "open":
			sp.issuedAgo = b.rng.IntN(10)
		case "overdue":
			sp.issuedAgo = 16 + b.rng.IntN(25)
		}
		// Pick an article whose supplier existed then (and is foreign for EUR).
		var art demoArticle
		for try := 0; try < 50; try++ {
			art = demoPurchases[b.rng.IntN(len(demoPurchases))]
			si, ok := ds.byDomain[art.Supplier]
			if !ok || ds.createdAt[si] <= sp.issuedAgo+2 {
				continue
			}
			if (ds.all[si].Country != "CZ") == eurAt[i] {
				break
			}
		}
		sp.subject = ds.byDomain[art.Supplier]
		sp.lines = []demoLineSpec{{art, b.quantityFor(art.Unit)}}
		if art.Unit == "ks" && !eurAt[i] && b.rng.IntN(2) == 0 {
			sp.lines = append(sp.lines, demoLineSpec{demoPurchases[len(demoPurchases)-1], 1})
		}
		sp.bill = art.Supplier == "papirkobliha" && status == "paid"
		if sp.bill {
			sp.payAgo = sp.issuedAgo
		}
		specs = append(specs, sp)
	}
	specs = append(specs, demoExpenseSpec{status: "paid", issuedAgo: st.expenseLink.ago, payAgo: max(0, st.expenseLink.ago-10),
		subject: ds.byDomain["techservis"], stock: &st.expenseLink})
	sort.SliceStable(specs, func(i, j int) bool { return specs[i].issuedAgo > specs[j].issuedAgo })

	// Two expenses carry their scanned documents.
	pdfDone, pngDone := false, false
	for i := range specs {
		sp := &specs[i]
		subj := ds.all[sp.subject]
		if !pdfDone && subj.Name == "Hosting Plus s.r.o." && sp.status == "paid" {
			pdfDone = true
			sp.attach = &blob{Filename: "faktura-hostingplus.pdf", ContentType: "application/pdf",
				Data: demoPDF([]string{"Hosting Plus s.r.o.", "Faktura - danovy doklad", "Odberatel: Modra Hora s.r.o., Kounicova 284/39, Brno", "Hosting a domena / VPS", "Dekujeme za Vasi platbu."})}
		}
		if !pngDone && sp.bill {
			pngDone = true
			sp.attach = &blob{Filename: "uctenka-papirnictvi.png", ContentType: "image/png",
				Data: demoPNG(160, 240, demoInboxFiles[1].PNG, 9)}
		}
		b.expense(subj, sp)
	}
}

func (b *demoBuilder) expense(subj *apiclient.Subject, sp *demoExpenseSpec) *apiclient.Expense {
	a := b.a
	foreign := subj.Country != b.home
	currency, rate, bankID := b.native, apiclient.MustDecimal("1.0"), int64(1)
	if foreign && b.native != "EUR" {
		currency, rate, bankID = "EUR", b.eurRate(), 2
	}
	// Services bought from another EU country: the buyer self-assesses the VAT.
	mode := PriceMode{VatPriceMode: "without_vat", ReverseCharge: foreign, ExchangeRate: rate.Dec()}
	lines := b.buildLines(sp.lines, currency == "EUR", false, mode)
	id := a.Expenses.nextID()
	if sp.stock != nil {
		it := sp.stock.item
		l := apiclient.Line{ID: a.lineID(), Name: it.Name, Quantity: sp.stock.move.QuantityChange, UnitName: it.UnitName,
			UnitPrice: it.NativePurchasePrice, VatRate: inventoryVatRate(it.VatRate),
			Inventory: &apiclient.LineInventory{ItemID: it.ID, SKU: it.SKU, ArticleNumberType: it.ArticleNumberType,
				ArticleNumber: it.ArticleNumber, MoveID: sp.stock.move.ID}}
		ComputeLine(&l, mode)
		lines = append(lines, l)
		sp.stock.move.Document = &apiclient.MoveDocument{ID: id, Type: "Expense", LineID: l.ID}
	}
	t := ComputeTotals(lines, mode, currency, b.native, false)
	issued := b.dateAgo(sp.issuedAgo)
	receivedAgo := max(0, sp.issuedAgo-b.rng.IntN(3))
	if sp.status == "paid" {
		receivedAgo = max(receivedAgo, sp.payAgo)
	}
	created := b.workTime(receivedAgo)
	orig := "FV" + strconv.Itoa(issued.Year()) + demoPad(strconv.Itoa(1+b.rng.IntN(99999)), 5)
	e := &apiclient.Expense{
		ID: id, Number: b.nextNumber("exp", issued.Year()), OriginalNumber: orig, VariableSymbol: demoDigits(orig),
		SupplierName: subj.Name, SupplierStreet: subj.Street, SupplierCity: subj.City, SupplierZip: subj.Zip,
		SupplierCountry: subj.Country, SupplierRegistrationNo: subj.RegistrationNo, SupplierVatNo: subj.VatNo,
		SupplierLocalVatNo: subj.LocalVatNo, SubjectID: subj.ID, Status: sp.status, DocumentType: apiclient.ExpenseInvoice,
		IssuedOn: issued, TaxableFulfillmentDue: issued, ReceivedOn: b.dateAgo(receivedAgo), DueOn: demoAddDays(issued, 14),
		RemindDueDate: true, Description: lines[0].Name, Tags: []string{}, BankAccount: subj.BankAccount, IBAN: subj.IBAN,
		SwiftBic: subj.SwiftBic, PaymentMethod: "bank", Currency: currency, ExchangeRate: rate,
		TransferredTaxLiability: foreign, VatPriceMode: "without_vat", ProportionalVatDeduction: 100, TaxDeductible: true,
		RoundingAdjustment: t.RoundingAdjustment, Subtotal: t.Subtotal, Total: t.Total, NativeSubtotal: t.NativeSubtotal,
		NativeTotal: t.NativeTotal, Lines: lines, VatRatesSummary: t.Summary, Payments: []apiclient.Payment{},
		Attachments: []apiclient.Attachment{}, CreatedAt: demoDT(created), UpdatedAt: demoDT(created),
	}
	if sp.bill {
		e.DocumentType, e.PaymentMethod, e.DueOn = apiclient.ExpenseBill, "cash", issued
		e.OriginalNumber, e.VariableSymbol, e.BankAccount, e.IBAN = "", "", "", ""
	}
	if sp.attach != nil {
		aid := a.attachmentID()
		a.Attachments[aid] = *sp.attach
		e.Attachments = []apiclient.Attachment{{ID: aid, Filename: sp.attach.Filename, ContentType: sp.attach.ContentType}}
	}
	a.Expenses.put(id, e)
	related := []apiclient.RelatedObject{demoRel("Expense", id), demoRel("Subject", subj.ID)}
	if b.inWindow(created) {
		b.event(created, "expense_created", "Expense "+e.Number+" from "+subj.Name+" was created", b.owner, nil, related...)
	}
	last := created
	overdueAt := time.Date(e.DueOn.Year(), e.DueOn.Month(), e.DueOn.Day()+1, 0, 5, 0, 0, b.now.Location())
	if sp.status == "overdue" && overdueAt.Before(b.now) && b.inWindow(overdueAt) {
		b.event(overdueAt, "expense_overdue", "Expense "+e.Number+" is overdue", nil, nil, related...)
	}
	if sp.status == "paid" {
		paidAt := b.workTime(sp.payAgo)
		if !paidAt.After(created) {
			paidAt = created.Add(time.Duration(5+b.rng.IntN(120)) * time.Minute)
			if paidAt.After(b.now) {
				paidAt = b.now.Add(-time.Minute)
			}
		}
		p := apiclient.Payment{ID: a.paymentID(), PaidOn: apiclient.DateOf(paidAt), Currency: currency, Amount: t.Total,
			NativeAmount: t.NativeTotal, MarkDocumentAsPaid: true, VariableSymbol: e.VariableSymbol,
			CreatedAt: demoDT(paidAt), UpdatedAt: demoDT(paidAt)}
		if !sp.bill {
			p.BankAccountID = apiclient.Ptr(bankID)
		}
		e.Payments = []apiclient.Payment{p}
		e.PaidOn = p.PaidOn
		last = paidAt
		if b.inWindow(paidAt) {
			b.event(paidAt, "expense_paid", "Expense "+e.Number+" was paid ("+p.Amount.String()+" "+currency+")", b.owner,
				map[string]any{"payment": p}, related...)
		}
	}
	e.UpdatedAt = demoDT(last)
	return e
}

// ---- to-dos ----

func (b *demoBuilder) buildTodos() {
	a := b.a
	firstWith := func(keep func(*apiclient.Invoice) bool) *apiclient.Invoice {
		if l := a.Invoices.newestFirst(keep); len(l) > 0 {
			return l[len(l)-1]
		}
		return nil
	}
	sent := firstWith(func(i *apiclient.Invoice) bool {
		return i.Status == apiclient.InvoiceSent && i.DocumentType == apiclient.DocInvoice
	})
	paid := firstWith(func(i *apiclient.Invoice) bool { return i.Status == apiclient.InvoicePaid && b.inWindow(i.SentAt.Time) })
	var overdue *apiclient.Expense
	if l := a.Expenses.newestFirst(func(e *apiclient.Expense) bool { return e.Status == apiclient.StatusOverdue }); len(l) > 0 {
		overdue = l[0]
	}

	vat := a.AddTodo(b.workTime(300), "account_exceeded_vat_turnover_limit",
		"Your turnover for the past 12 months exceeded 2,000,000 CZK: register as a VAT payer and switch the account's VAT mode",
		map[string]any{"limit": "2000000.0", "turnover": "2134500.0", "currency": "CZK"})
	vat.CompletedAt = demoDT(b.workTime(290))
	if paid != nil {
		subj, _ := a.Subjects.get(paid.SubjectID)
		t := a.AddTodo(paid.SentAt.Add(15*time.Minute), "email_bounced",
			"The e-mail with invoice "+paid.Number+" to ucetni@"+demoDomain(subj.Email)+" bounced: mailbox full",
			map[string]any{"email": "ucetni@" + demoDomain(subj.Email), "invoice_number": paid.Number, "reason": "mailbox full"},
			demoRel("Invoice", paid.ID), demoRel("Subject", subj.ID))
		t.CompletedAt = demoDT(paid.SentAt.Add(26 * time.Hour))
	}
	if overdue != nil {
		at := b.workTime(6)
		a.AddTodo(at, "expense_payment_unpaired",
			"An outgoing payment of "+overdue.Total.String()+" "+overdue.Currency+" could not be paired: the variable symbol does not match expense "+overdue.Number,
			map[string]any{"amount": overdue.Total.String(), "currency": overdue.Currency, "paid_on": b.dateAgo(6).String(),
				"variable_symbol": "9" + overdue.VariableSymbol, "bank_account_id": 1},
			demoRel("Expense", overdue.ID), demoRel("Subject", overdue.SubjectID))
	}
	a.AddTodo(b.workTime(3), "inbox_files_too_many_attachments",
		"An e-mail to the inbox from skener@modrahora.example had 14 attachments; only the first 10 were added",
		map[string]any{"count": 14, "limit": 10, "from": "skener@modrahora.example"})
	a.AddTodo(b.workTime(2), "expense_payment_unpaired",
		"An outgoing payment of 4235.0 CZK to account 19-2000145399/0800 could not be paired with any expense",
		map[string]any{"amount": "4235.0", "currency": "CZK", "paid_on": b.dateAgo(2).String(),
			"variable_symbol": "20261187", "bank_account_id": 1, "counterparty_account": "19-2000145399/0800"})
	if sent != nil {
		subj, _ := a.Subjects.get(sent.SubjectID)
		a.AddTodo(sent.SentAt.Add(10*time.Minute), "email_bounced",
			"The e-mail with invoice "+sent.Number+" to "+subj.Email+" bounced: address does not exist",
			map[string]any{"email": subj.Email, "invoice_number": sent.Number, "reason": "address does not exist"},
			demoRel("Invoice", sent.ID), demoRel("Subject", subj.ID))
	}
}

func demoDomain(email string) string {
	for i := 0; i < len(email); i++ {
		if email[i] == '@' {
			return email[i+1:]
		}
	}
	return email
}

// ---- the second account ----

// buildSecond is a small Slovak company of the same owner, for the account switcher.
func (b *demoBuilder) buildSecond() *Account {
	info := DefaultAccountInfo(DemoSecondSlug, "Tatranská dielňa s.r.o.", PlanMini)
	ico := demoICO(4711234)
	info.InvoiceEmail, info.Phone, info.Web = "faktury@tatranskadielna.example", "+421 52 772 1234", "https://www.tatranskadielna.example"
	info.RegistrationNo, info.LocalVatNo, info.VatNo = ico, "2024711234", "SK2024711234"
	info.Street, info.City, info.Zip, info.Country = "Námestie sv. Egídia 14", "Poprad", "058 01", "SK"
	info.Currency, info.InvoiceLanguage, info.VatRate = "EUR", "sk", 23
	info.InvoiceNote = "Fakturujeme Vám za dodané služby:"
	info.DisplayedNote = "Spoločnosť je zapísaná v obchodnom registri Okresného súdu Prešov, oddiel Sro, vložka 41234/P."
	info.CreatedAt, info.UpdatedAt = demoDT(b.now.AddDate(-1, -4, 0)), demoDT(b.now.AddDate(0, -2, 0))
	a := NewAccount(DemoSecondSlug, info, PlanMini.Limits)
	b.a, b.events, b.numbers, b.native, b.home = a, nil, map[string]int{}, "EUR", "SK"
	a.BankAccounts = []apiclient.BankAccount{{ID: 1, Name: "Hlavný účet", Currency: "EUR", Number: "2624871234/1100",
		IBAN: demoIBAN("SK", "1100", "", "2624871234"), SwiftBic: "TATRSKBX", Pairing: true, ExpensePairing: true, Default: true,
		CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt}}
	a.NumberFormats = []apiclient.NumberFormat{{ID: 1, Format: "%RRRR%-%CCCC%", Preview: strconv.Itoa(b.now.Year()) + "-0001",
		Default: true, CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt}}

	partners := []demoCompany{
		{"Hotel Lomnica a.s.", "Zuzana Kováčová", "Tatranská Lomnica 7", "Vysoké Tatry", "059 60", "SK", "hotellomnica", "customer", "121"},
		{"Penzión Pod Skalou s.r.o.", "Martin Hudák", "Hlavná 112", "Ždiar", "059 55", "SK", "podskalou", "customer", "112"},
		{"Drevo Spiš s.r.o.", "Štefan Lukáč", "Priemyselná 3", "Spišská Nová Ves", "052 01", "SK", "drevospis", "supplier", "112"},
		{"Modrá Hora s.r.o.", "Jana Nováková", "Kounicova 284/39", "Brno", "602 00", "CZ", "modrahora", "supplier", "112"},
	}
	ds := &demoSubjects{byDomain: map[string]int{}}
	for i, c := range partners {
		id := a.Subjects.nextID()
		created := b.workTime(400 - i*60)
		s := &apiclient.Subject{ID: id, UserID: b.owner.ID, Type: c.Type, Name: c.Name, FullName: c.Contact,
			Email: "fakturacia@" + c.Domain + ".example", Phone: demoPhone(b.rng, c.Country), Web: "https://www." + c.Domain + ".example",
			Street: c.Street, City: c.City, Zip: c.Zip, Country: c.Country, DeliveryCountry: c.Country, LegalForm: c.LegalForm,
			RegistrationNo: demoICO(3000000 + b.rng.IntN(6999999)), SettingUpdateFromAres: "inherit", AresUpdate: true,
			SettingInvoicePdfAttachments: "inherit", SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "inherit",
			SuggestionEnabled: true, CreatedAt: demoDT(created), UpdatedAt: demoDT(created)}
		if c.Country == "SK" {
			s.LocalVatNo = "20" + demoPad(strconv.Itoa(b.rng.IntN(100000000)), 8)
			s.VatNo = "SK" + s.LocalVatNo
		} else {
			s.RegistrationNo, s.VatNo, s.Currency = demoICO(2864417), "CZ"+demoICO(2864417), "EUR"
		}
		a.Subjects.put(id, s)
		ds.all = append(ds.all, s)
		ds.createdAt = append(ds.createdAt, 400-i*60)
		ds.byDomain[c.Domain] = i
	}
	sk := []demoArticle{
		{"Vývoj webovej aplikácie", "hod", "55", "55", 23, ""}, {"Konzultácia", "hod", "60", "60", 23, ""},
		{"Grafický návrh loga", "ks", "480", "480", 23, ""}, {"Správa servera", "mes", "100", "100", 23, ""},
		{"Cestovné", "km", "0.35", "0.35", 23, ""},
	}
	for _, sp := range []demoInvoiceSpec{
		{status: "paid", issuedAgo: 30, payAgo: 20, subject: 0, lines: []demoLineSpec{{sk[0], 24}, {sk[1], 4}}},
		{status: "overdue", issuedAgo: 21, subject: 1, lines: []demoLineSpec{{sk[2], 1}}},
		{status: "sent", issuedAgo: 3, subject: 0, lines: []demoLineSpec{{sk[3], 1}, {sk[4], 120}}},
	} {
		b.invoice(ds.all[sp.subject], &sp)
	}
	for _, sp := range []demoExpenseSpec{
		{status: "paid", issuedAgo: 25, payAgo: 18, subject: 2, lines: []demoLineSpec{{demoArticle{"Smrekové hranoly 100×100", "m", "9", "9", 21, ""}, 120}}},
		{status: "open", issuedAgo: 4, subject: 3, lines: []demoLineSpec{{demoSales[1], 12}}},
	} {
		b.expense(ds.all[sp.subject], &sp)
	}
	b.finishEvents()
	return a
}
