package common

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// The formatting of what the service sent, in the session's locale. Every
// digit the service wrote is kept: amounts go from its decimal text through
// exact decimals, never float64, and text that is not a number is shown as
// it came.

// Money is an amount in its currency as the locale writes money: "51 183,00
// Kč", "CZK 51,183.00"; "" when unset.
func (d *Deps) Money(v apiclient.Decimal, currency string) string {
	if !v.IsSet() {
		return ""
	}
	if !v.Valid() {
		return strings.TrimSpace(v.Raw() + " " + currency)
	}
	return d.L.Money(v.Dec(), currency)
}

// MoneyDec is Money of a computed amount.
func (d *Deps) MoneyDec(v decimal.Decimal, currency string) string {
	return d.L.Money(v, currency)
}

// NativeMoney is an amount in the account's currency (a document's native
// total) as Money, once the session knows that currency
// (Names.LoadAccountCurrency); else as a number.
func (d *Deps) NativeMoney(v apiclient.Decimal) string {
	if cur := d.NameOr(NameAccountCurrency, 0, ""); cur != "" {
		return d.Money(v, cur)
	}
	return d.Number(v)
}

// moneyColumn is the width the currency takes in a column: amounts are
// right-aligned, and the currency padded to it keeps the decimal
// separators of "840,00 €" and "51 183,00 Kč" one above the other.
const moneyColumn = 3

// MoneyCell is Money for a right-aligned column: in Czech and Slovak the
// currency is padded to one width, and an amount of a currency without
// decimals is padded where they would be, so that every decimal separator
// of the column is in one place.
func (d *Deps) MoneyCell(v apiclient.Decimal, currency string) string {
	s := d.Money(v, currency)
	if s == "" || !v.Valid() {
		return s
	}
	pad := 0
	if d.L.Tag != locale.English {
		pad = moneyColumn - ansi.StringWidth(d.L.Symbol(currency))
	}
	if locale.Digits(currency) == 0 && v.Dec().IsInteger() {
		pad += 3 // where ",00" would be
	}
	return s + strings.Repeat(" ", max(pad, 0))
}

// Number is a number the service sent, grouped as the locale writes it
// ("1 234,5"), every digit kept.
func (d *Deps) Number(v apiclient.Decimal) string {
	if !v.IsSet() || !v.Valid() {
		return v.Raw()
	}
	return d.L.Number(v.Dec(), 0)
}

// Quantity is a quantity the service sent with its unit, the locale's way
// ("1,5 ks", no-break space), every digit kept; a value that does not read
// as a number is shown as sent.
func (d *Deps) Quantity(v apiclient.Decimal, unit string) string {
	switch {
	case !v.IsSet():
		return ""
	case !v.Valid():
		return strings.TrimSpace(v.Raw() + " " + unit)
	}
	return d.L.Quantity(v.Dec(), unit)
}

// Amount is money whose currency a heading names (an item's prices, in
// the account's currency): "1 234,50", at least two decimals, every digit
// kept.
func (d *Deps) Amount(v apiclient.Decimal) string {
	if !v.IsSet() || !v.Valid() {
		return v.Raw()
	}
	return d.L.Number(v.Dec(), 2)
}

// Percent is a rate: "21 %", "21%".
func (d *Deps) Percent(v apiclient.Decimal) string {
	if !v.IsSet() || !v.Valid() {
		return v.Raw()
	}
	return d.L.Percent(v.Dec())
}

// Date is a day as the locale writes it ("23. 11. 2026", "2026-11-23"),
// or "" when unset.
func (d *Deps) Date(v apiclient.Date) string {
	if v.IsZero() {
		return ""
	}
	return d.L.Date(v.Time)
}

// DateWidth is the width of a column of dates: "2026-11-23" is 10 cells,
// "23. 11. 2026" 12.
func (d *Deps) DateWidth() int {
	return ansi.StringWidth(d.L.Date(time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)))
}

// Time is an instant in the session's zone, to the minute: "23. 11. 2026
// 14:05", "2026-11-23 14:05"; "" when unset.
func (d *Deps) Time(v apiclient.DateTime) string {
	if v.IsZero() {
		return ""
	}
	t := v.In(d.Loc)
	return d.L.Date(t) + " " + t.Format("15:04")
}

// Status is a status as symbol and word: "● paid", "● uhrazeno".
func (d *Deps) Status(status string) string {
	if status == "" {
		return ""
	}
	sym, ok := statusSymbols[status]
	if !ok {
		sym = "·"
	}
	return sym + " " + d.L.TC("status", status)
}

// Yes is "yes" or "no" in the locale.
func (d *Deps) Yes(b bool) string {
	if b {
		return d.L.T("yes")
	}
	return d.L.T("no")
}

// DueIn is how far a due date is from today, as a bookkeeper scans it:
// "in 3 days", "today", "12 days overdue" / "za 3 dny", "12 dní po
// splatnosti"; "" for a settled document or no date.
func (d *Deps) DueIn(due apiclient.Date, settled bool) string {
	if settled || due.IsZero() {
		return ""
	}
	y, m, day := d.Now().In(d.Loc).Date()
	today := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
	return d.L.Due(int(due.Time.Sub(today).Hours() / 24))
}

// HumanSize is a byte count in SI units: "512 B", "12.3 kB", "4.0 MB".
func HumanSize(l locale.Locale, n int64) string {
	if n < 1000 {
		return strconv.FormatInt(n, 10) + " B"
	}
	units := []string{"kB", "MB", "GB", "TB"}
	f := decimal.NewFromInt(n).Div(decimal.NewFromInt(1000))
	i := 0
	for f.Round(1).GreaterThanOrEqual(decimal.NewFromInt(1000)) && i < len(units)-1 {
		f = f.Div(decimal.NewFromInt(1000))
		i++
	}
	return l.Number(f.Round(1), 1) + " " + units[i]
}

// Ago is how old something read at is: "5 min ago", "3 h ago", "2 days
// ago" / "před 5 min", "před 3 h", "před 2 dny".
func Ago(l locale.Locale, at, now time.Time) string {
	d := now.Sub(at)
	switch {
	case d < time.Minute:
		return l.T("just now")
	case d < time.Hour:
		return l.Tf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return l.Tf("%d h ago", int(d.Hours()))
	}
	return l.Nf(int(d.Hours()/24), "%d day ago|%d days ago", int(d.Hours()/24))
}
