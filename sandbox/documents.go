package sandbox

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// Invoices and expenses are both documents: numbered, with lines, totals,
// payments, attachments and a lock. What the two kinds share lives here once;
// each kind's own rules stay in invoices.go and expenses.go.

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// matchText is an exact filter; an absent filter matches everything.
func matchText(filter, v string) bool { return filter == "" || filter == v }

// matchID is an id filter; a filter that is not a number matches nothing.
func matchID(filter string, id int64) bool {
	if filter == "" {
		return true
	}
	n, err := strconv.ParseInt(filter, 10, 64)
	return err == nil && n == id
}

// searchTags are the tags of a search (`tags[]`, `tags`, or `tags[0]` as PHP
// clients send them, which Rails reads as tags[]); a document must carry all.
func searchTags(c *Ctx) []string {
	q := c.QueryValues()
	var tags []string
	for key, vs := range q {
		if !isTagsKey(key) {
			continue
		}
		for _, v := range vs {
			for _, t := range strings.Split(v, ",") {
				if t = strings.TrimSpace(t); t != "" {
					tags = append(tags, t)
				}
			}
		}
	}
	return tags
}

// isTagsKey: tags, tags[] or tags[N].
func isTagsKey(key string) bool {
	if key == "tags" || key == "tags[]" {
		return true
	}
	n, ok := strings.CutPrefix(key, "tags[")
	if !ok {
		return false
	}
	n, ok = strings.CutSuffix(n, "]")
	_, err := strconv.Atoi(n)
	return ok && err == nil
}

func hasAllTags(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func lineNames(lines []Line) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, l.Name)
	}
	return out
}

// findUnlockedInvoice finds the invoice :id for a change: 403 document_locked
// while it is locked.
func (s *Server) findUnlockedInvoice(c *Ctx) (*Invoice, bool) {
	inv, ok := s.findInvoice(c)
	if !ok || refuseLocked(c, inv.LockedAt, "invoice", inv.Number) {
		return nil, false
	}
	return inv, true
}

// findUnlockedExpense finds the expense :id for a change: 403 document_locked
// while it is locked.
func (s *Server) findUnlockedExpense(c *Ctx) (*Expense, bool) {
	e, ok := s.findExpense(c)
	if !ok || refuseLocked(c, e.LockedAt, "expense", e.Number) {
		return nil, false
	}
	return e, true
}

// refuseLocked answers 403 document_locked for a locked document.
func refuseLocked(c *Ctx, lockedAt DateTime, what, number string) bool {
	if lockedAt.IsZero() {
		return false
	}
	c.Refuse(RefusalDocumentLocked, fmt.Sprintf("The %s %s is locked; unlock it before changing it", what, number))
	return true
}

func cannotFire(ev string) string {
	if ev == "" {
		return MsgBlank
	}
	return ev + " cannot be fired"
}

// applyPaymentMethod validates payment_method and custom_payment_method, which is
// at most 20 characters and kept only with the method custom (otherwise null).
func applyPaymentMethod(method string, custom Text, pm, cpm *string, errs Errors) (string, Text) {
	if pm != nil {
		if !oneOf(*pm, paymentMethods) {
			errs.Add("payment_method", MsgNotInList)
		}
		method = *pm
	}
	if cpm != nil {
		if utf8.RuneCountInString(*cpm) > 20 {
			errs.Add("custom_payment_method", "is too long (maximum is 20 characters)")
		}
		custom = Text(*cpm)
	}
	if method != "custom" {
		custom = ""
	}
	return method, custom
}

// applyCurrency: a document in another currency than the account's needs an
// exchange rate (greater than 0); in the account's currency the rate is 1.
func applyCurrency(a *Account, currency string, rate Decimal, cur *string, ex *Decimal, errs Errors) (string, Decimal) {
	if cur != nil {
		c := strings.ToUpper(strings.TrimSpace(*cur))
		if len(c) != 3 {
			errs.Add("currency", MsgInvalid)
		}
		if c != currency && ex == nil {
			rate = Decimal{} // a new currency needs its own rate
		}
		currency = c
	}
	if ex != nil {
		rate = *ex
	}
	if currency == a.Info.Currency && !rate.IsSet() {
		rate = MustDecimal("1.0")
	}
	switch {
	case !rate.IsSet():
		errs.Add("exchange_rate", MsgBlank)
	case !rate.Dec().IsPositive():
		errs.Add("exchange_rate", "must be greater than 0")
	}
	return currency, rate
}

// The values a document's (and a generator's) choice fields allow.
var (
	paymentMethods    = []string{"bank", "cash", "cod", "card", "paypal", "custom"}
	vatPriceModes     = []string{"without_vat", "from_total_with_vat"}
	documentLanguages = []string{"cz", "sk", "en", "de", "fr", "it", "es", "ru", "pl", "hu", "ro"}
	ossModes          = []string{"disabled", "service", "goods"}
	ibanVisibilities  = []string{"automatically", "always"}
)

// docCore points at the fields an invoice and an expense share, so that one
// piece of code serves both kinds.
type docCore struct {
	typ         string // "Invoice", "Expense": related objects, move documents, texts
	event       string // "invoice", "expense": the prefix of event names
	id          int64
	number      string
	lines       *[]Line
	payments    *[]Payment
	attachments *[]Attachment
	// What a new payment defaults to.
	total, rate  Decimal
	currency, vs string
	bank         *int64
}

func invoiceCore(inv *Invoice) docCore {
	return docCore{typ: "Invoice", event: "invoice", id: inv.ID, number: inv.Number,
		lines: &inv.Lines, payments: &inv.Payments, attachments: &inv.Attachments,
		total: inv.Total, rate: inv.ExchangeRate, currency: inv.Currency, vs: inv.VariableSymbol, bank: inv.BankAccountID}
}

func expenseCore(e *Expense) docCore {
	return docCore{typ: "Expense", event: "expense", id: e.ID, number: e.Number,
		lines: &e.Lines, payments: &e.Payments, attachments: &e.Attachments,
		total: e.Total, rate: e.ExchangeRate, currency: e.Currency, vs: string(e.VariableSymbol)}
}

func (d docCore) related() RelatedObject {
	return RelatedObject{Type: d.typ, ID: d.id}
}

// logEvent writes the document's event "<kind>_<what>" with text "<Kind> <number> <done>".
func (d docCore) logEvent(c *Ctx, what, done string, params map[string]any) {
	c.Account.AddEvent(c.Now, d.event+"_"+what, fmt.Sprintf("%s %s %s", d.typ, d.number, done), c.User, params, d.related())
}

// searchDocuments is the search.json of a document kind: a document must
// carry every tag of tags[] and have the query as a case-insensitive substring
// of one of its searched fields.
func searchDocuments[T any](c *Ctx, t *Table[T], searched func(*T) (tags, fields []string)) []*T {
	q := strings.ToLower(strings.TrimSpace(c.Query("query")))
	want := searchTags(c)
	return t.pageNewestFirst(c.Page(), func(doc *T) bool {
		tags, fields := searched(doc)
		if !hasAllTags(tags, want) {
			return false
		}
		return q == "" || containsFold(q, fields...)
	})
}

// docRoutes are the endpoints every document kind has: the reads (index,
// search, show) served here from the kind's fields, and the kind's own
// handlers of the rest.
type docRoutes[T, V any] struct {
	coll     string // "invoices", "expenses"
	table    func(*Account) *Table[T]
	listed   func(*T) docListed
	more     func(q url.Values, doc *T) bool // the kind's own index filters
	searched func(*T) (tags, fields []string)
	present  func(*Ctx, *T) V

	create, update, remove, fire, pay, unpay, attachment func(*Ctx)
}

// register adds the endpoints. search.json comes before :id.json, which
// would capture it.
func (k docRoutes[T, V]) register(r *router) {
	base := "/accounts/:slug/" + k.coll
	r.handle("GET", base+".json", k.index)
	r.handle("GET", base+"/search.json", k.search)
	r.handle("POST", base+".json", k.create)
	r.handle("GET", base+"/:id.json", k.show)
	r.handle("PATCH", base+"/:id.json", k.update)
	r.handle("DELETE", base+"/:id.json", k.remove)
	r.handle("POST", base+"/:id/fire.json", k.fire)
	r.handle("POST", base+"/:id/payments.json", k.pay)
	r.handle("DELETE", base+"/:id/payments/:pid.json", k.unpay)
	r.handle("GET", base+"/:id/attachments/:aid/download", k.attachment)
}

func (k docRoutes[T, V]) index(c *Ctx) {
	if page, ok := indexDocuments(c, k.table(c.Account), k.listed, k.more); ok {
		c.OK(presentAll(c, page, k.present))
	}
}

func (k docRoutes[T, V]) search(c *Ctx) {
	c.OK(presentAll(c, searchDocuments(c, k.table(c.Account), k.searched), k.present))
}

func (k docRoutes[T, V]) show(c *Ctx) { show(c, k.table(c.Account), k.present) }

// docListed are the fields every document index filters on.
type docListed struct {
	created, updated DateTime
	subjectID        int64
	customID, number string
	status           string
}

// indexDocuments is one page of a document kind's index: created (since,
// until) and updated (updated_since, updated_until) ranges, subject_id,
// custom_id, number and status, then the kind's own filters in more. It
// reports false after answering 400 for a bad date.
func indexDocuments[T any](c *Ctx, t *Table[T], listed func(*T) docListed, more func(q url.Values, doc *T) bool) ([]*T, bool) {
	f, ok := c.DateFilters("since", "until", "updated_since", "updated_until")
	if !ok {
		return nil, false
	}
	q := c.QueryValues()
	return t.pageNewestFirst(c.Page(), func(doc *T) bool {
		l := listed(doc)
		return InTimeRange(l.created.Time, f, "since", "until") &&
			InTimeRange(l.updated.Time, f, "updated_since", "updated_until") &&
			matchID(q.Get("subject_id"), l.subjectID) &&
			matchText(q.Get("custom_id"), l.customID) &&
			matchText(q.Get("number"), l.number) &&
			matchText(q.Get("status"), l.status) &&
			more(q, doc)
	}), true
}

// removeDocument deletes a document with its stock moves and attachments and
// writes <kind>_removed.
func (s *Server) removeDocument(c *Ctx, d docCore, del func(id int64) bool) {
	s.removeDocumentMoves(c, d.typ, d.id)
	for _, att := range *d.attachments {
		delete(c.Account.Attachments, att.ID)
	}
	del(d.id)
	d.logEvent(c, "removed", "was removed", nil)
}

// commitDocumentLines ends a create or an update: the stock moves of the
// document's lines (a refusal answers 422 and reports false) and its new
// attachments.
func (s *Server) commitDocumentLines(c *Ctx, d docCore, moves func() Errors, pending []File) bool {
	if moveErrs := moves(); moveErrs.Any() {
		c.Invalid(moveErrs)
		return false
	}
	*d.attachments = commitAttachments(c.Account, *d.attachments, pending)
	return true
}

// docPriceMode is how a document's prices are computed.
func docPriceMode(a *Account, vatPriceMode string, reverseCharge bool, rate Decimal) PriceMode {
	return PriceMode{VatPriceMode: vatPriceMode, ReverseCharge: reverseCharge, NonVatPayer: a.Info.VatMode == NonVatPayer, ExchangeRate: rate.Dec()}
}

// computeDocumentLines fills the lines' prices and returns the totals.
func computeDocumentLines(a *Account, lines []Line, mode PriceMode, currency string, roundTotal bool) Totals {
	for i := range lines {
		ComputeLine(&lines[i], mode)
	}
	return ComputeTotals(lines, mode, currency, a.Info.Currency, roundTotal)
}

// applyDocumentLines applies the body's lines, their errors merged into errs.
func applyDocumentLines(a *Account, lines []Line, params []LineParams, errs Errors) []Line {
	return applyLinesInto(a, lines, params, itemLookup(a), errs)
}

// findWithPayment finds the document :id and the index of its payment :pid
// (404 when either is missing).
func findWithPayment[T any](c *Ctx, t *Table[T], payments func(*T) []Payment) (*T, int, bool) {
	doc, ok := find(c, t, "id")
	if !ok {
		return nil, 0, false
	}
	pid, ok := c.ID("pid")
	if !ok {
		return nil, 0, false
	}
	i := paymentIndex(payments(doc), pid)
	if i < 0 {
		c.NotFound()
		return nil, 0, false
	}
	return doc, i, true
}

// newPayment reads the body's payment of the document (remaining is what is
// left to pay) and tells whether it pays the document in full;
// mark_document_as_paid defaults to that. The body's errors are in errs.
func (d docCore) newPayment(c *Ctx, remaining decimal.Decimal) (pay Payment, p PaymentParams, full bool, errs Errors) {
	body := c.Body()
	errs = DecodeBody(body, &p)
	pay = buildPayment(c, &p, d.currency, d.rate, remaining, d.vs, d.bank, errs)
	full = paidSum(*d.payments).Add(pay.Amount.Dec()).GreaterThanOrEqual(d.total.Dec())
	pay.MarkDocumentAsPaid = full
	sentInto(&pay.MarkDocumentAsPaid, p.MarkDocumentAsPaid)
	return pay, p, full, errs
}

// logPaymentAdded writes <kind>_payment_added for a payment that leaves the
// document unpaid.
func (d docCore) logPaymentAdded(c *Ctx, pay Payment) {
	text := fmt.Sprintf("A payment of %s was added to %s %s", czechMoney(pay.Amount.Dec(), pay.Currency), d.event, d.number)
	c.Account.AddEvent(c.Now, d.event+"_payment_added", text, c.User, map[string]any{"payment": pay}, d.related())
}

// logPaymentRemoved writes <kind>_payment_removed with the removed payment.
func (d docCore) logPaymentRemoved(c *Ctx, text string, pay Payment) {
	c.Account.AddEvent(c.Now, d.event+"_payment_removed", text, c.User, map[string]any{"payments": []Payment{pay}}, d.related())
}

// removePayment takes payment i out of the document and returns it with the
// text of the event that says so.
func (d docCore) removePayment(i int) (Payment, string) {
	pay := (*d.payments)[i]
	*d.payments = append((*d.payments)[:i:i], (*d.payments)[i+1:]...)
	return pay, fmt.Sprintf("A payment of %s was removed from %s %s", czechMoney(pay.Amount.Dec(), pay.Currency), d.event, d.number)
}

// recordNewDocumentMoves makes the stock moves of a new document's linked
// lines; after a refusal none of them stays.
func (s *Server) recordNewDocumentMoves(c *Ctx, d docCore, direction, currency string) Errors {
	errs := s.recordLineMoves(c, *d.lines, direction, currency, d.typ, d.id)
	if errs.Any() {
		s.removeDocumentMoves(c, d.typ, d.id)
	}
	return errs
}

// applyDocumentNumber sets a document's number from the body; taken tells
// whether another document of the kind has a number already.
func applyDocumentNumber(dst, sent *string, taken func(number string) bool, errs Errors) {
	if sent == nil || *sent == *dst {
		return
	}
	if *sent != "" && taken(*sent) {
		errs.Add("number", MsgTaken)
	}
	*dst = *sent
}

// numberTaken reports whether a record other than self has the number.
func numberTaken[T any](t *Table[T], self int64, number func(*T) string) func(string) bool {
	return func(n string) bool {
		for id, v := range t.byID {
			if id != self && number(v) == n {
				return true
			}
		}
		return false
	}
}

// applyChoice sets a choice field from the body, checked against allowed.
func applyChoice(dst, sent *string, field string, allowed []string, errs Errors) {
	if sent == nil {
		return
	}
	if !oneOf(*sent, allowed) {
		errs.Add(field, MsgNotInList)
	}
	*dst = *sent
}
