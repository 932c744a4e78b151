package demo

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/shopspring/decimal"
)

// builder writes records straight into an account's tables.
type builder struct {
	now   time.Time
	rng   *rand.Rand
	owner *sandbox.User

	a      *sandbox.Account
	native string          // the account's currency
	home   string          // the account's country
	events []sandbox.Event // collected, sorted by time at the end
	// numbers are the last used document numbers by series and year.
	numbers map[string]int
	// fixed, when set, is the time of every record made (the living demo's step).
	fixed time.Time
}

// buildMain makes the demo company's account.
func (b *builder) buildMain(plan sandbox.Plan, scale int) *sandbox.Account {
	info := sandbox.DefaultAccountInfo(Slug, "Modrá Hora s.r.o.", plan)
	ico := icoNumber(2864417)
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
	info.CreatedAt = dt(b.now.AddDate(-3, -2, 0))
	info.UpdatedAt = dt(b.now.AddDate(0, 0, -30))
	a := sandbox.NewAccount(Slug, info, plan.Limits)
	b.a, b.events, b.numbers, b.native, b.home = a, nil, map[string]int{}, "CZK", "CZ"

	a.BankAccounts = []sandbox.BankAccount{
		{ID: 1, Name: "Hlavní účet", Currency: "CZK", Number: "2101782934/2010", IBAN: sandbox.Text(iban("CZ", "2010", "", "2101782934")),
			SwiftBic: "FIOBCZPPXXX", Pairing: true, ExpensePairing: true, PaymentAdjustment: true, Default: true,
			CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt},
		{ID: 2, Name: "Eurový účet", Currency: "EUR", Number: "2401782936/2010", IBAN: sandbox.Text(iban("CZ", "2010", "", "2401782936")),
			SwiftBic: "FIOBCZPPXXX", Pairing: true, ExpensePairing: false, Default: false,
			CreatedAt: dt(b.now.AddDate(-2, 0, 0)), UpdatedAt: dt(b.now.AddDate(-2, 0, 0))},
	}
	a.NumberFormats = []sandbox.NumberFormat{
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

func dt(t time.Time) sandbox.DateTime { return sandbox.DateTime{Time: t} }

// dayAt is the time hh:mm (plus random seconds) ago days before now, never in the future.
func (b *builder) dayAt(ago, hh, mm int) time.Time {
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
func (b *builder) workTime(ago int) time.Time {
	return b.dayAt(ago, 8+b.rng.IntN(9), b.rng.IntN(60))
}

// dateAgo is the calendar day ago days before now.
func (b *builder) dateAgo(ago int) sandbox.Date {
	y, m, d := b.now.Date()
	return sandbox.DateOf(time.Date(y, m, d-ago, 12, 0, 0, 0, b.now.Location()))
}

func addDays(d sandbox.Date, n int) sandbox.Date {
	return sandbox.Date{Time: d.AddDate(0, 0, n)}
}

func decInt(n int) sandbox.Decimal { return sandbox.Dec(decimal.NewFromInt(int64(n))) }

func decStr(s string) sandbox.Decimal {
	d, err := decimal.NewFromString(s)
	if err != nil {
		panic("demo table: " + err.Error())
	}
	return sandbox.Dec(d)
}

func (b *builder) token(n int) string {
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
func (b *builder) nextNumber(series string, year int) string {
	key := series + strconv.Itoa(year)
	n := b.numbers[key] + 1
	b.numbers[key] = n
	return formatNumber(series, year, n)
}

func formatNumber(series string, year, n int) string {
	c := pad(strconv.Itoa(n), 4)
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
func (b *builder) event(at time.Time, name, text string, user *sandbox.User, params map[string]any, related ...sandbox.RelatedObject) {
	ev := sandbox.Event{Name: name, CreatedAt: dt(at), Text: text, RelatedObjects: related, Params: params}
	if ev.RelatedObjects == nil {
		ev.RelatedObjects = []sandbox.RelatedObject{}
	}
	if ev.Params == nil {
		ev.Params = map[string]any{}
	}
	if user != nil {
		ev.User = &sandbox.EventUser{ID: user.ID, FullName: user.FullName}
	}
	b.events = append(b.events, ev)
}

// eventWindow is how far back the demo's log goes: the past three and a half weeks.
const eventWindow = 24

func (b *builder) inWindow(t time.Time) bool {
	return b.now.Sub(t) <= eventWindow*24*time.Hour
}

// finishEvents appends the collected entries to the account's log in time
// order. Entries already in the log are never moved: the webhook deliverer
// remembers how far into the log it has got.
func (b *builder) finishEvents() {
	sort.SliceStable(b.events, func(i, j int) bool { return b.events[i].CreatedAt.Before(b.events[j].CreatedAt.Time) })
	b.a.Events = append(b.a.Events, b.events...)
	b.events = nil
}

func rel(typ string, id int64) sandbox.RelatedObject {
	return sandbox.RelatedObject{Type: typ, ID: id}
}
