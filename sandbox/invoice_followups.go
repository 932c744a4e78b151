package sandbox

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// The documents a proforma's payment leads to: the tax document of an advance
// payment and the final invoice (proforma_followup_document).

var proformaFollowups = []string{FollowupFinalInvoicePaid, FollowupFinalInvoice, FollowupTaxDocument, FollowupNone}

// invoiceCreateTaxDocument makes the tax document of a received advance payment.
// Rules: only payments of proformas get one (a regular invoice is itself the tax
// document), only on VAT-paying accounts, and only once per payment; each is a
// 422 errors.document. A cancelled proforma refuses (403 forbidden).
func (s *Server) invoiceCreateTaxDocument(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	pid, ok := c.ID("pid")
	if !ok {
		return
	}
	i := paymentIndex(inv.Payments, pid)
	if i < 0 {
		c.NotFound()
		return
	}
	if inv.Status == InvoiceCancelled {
		c.Refuse(RefusalForbidden, fmt.Sprintf("Invoice %s is cancelled; its payments cannot be changed", inv.Number))
		return
	}
	pay := &inv.Payments[i]
	switch {
	case !invoiceIsProforma(inv):
		c.Invalid(Errors{"document": {fmt.Sprintf("Invoice %s is not a proforma: tax documents are made only for payments of proformas", inv.Number)}})
		return
	case c.Account.Info.VatMode != VatPayer:
		c.Invalid(Errors{"document": {"Tax documents are made only on the accounts of VAT payers"}})
		return
	case pay.TaxDocumentID != nil:
		c.Invalid(Errors{"document": {"The payment already has a tax document"}})
		return
	}
	td := s.invoiceMakeTaxDocument(c, inv, *pay)
	pay.TaxDocumentID = &td.ID
	pay.UpdatedAt = DateTime{Time: c.Now}
	invoiceTouch(c, inv)
	c.CreatedNoLocation(invoicePaymentOf(*pay))
}

// invoiceMakeTaxDocument issues the tax document of a proforma's payment: paid, dated
// the payment's day, for the amount paid (the proforma's lines when the whole
// total was paid, else one line for the amount, VAT included, at the proforma's
// highest rate).
func (s *Server) invoiceMakeTaxDocument(c *Ctx, proforma *Invoice, pay Payment) *Invoice {
	a := c.Account
	td := invoiceFollowupBase(c, proforma, DocTaxDocument)
	td.IssuedOn, td.TaxableFulfillmentDue = pay.PaidOn, pay.PaidOn
	if pay.Amount.Cmp(proforma.Total) == 0 {
		td.Lines = invoiceCopyLines(a, proforma.Lines)
	} else {
		rate := decimal.Zero
		for _, l := range proforma.Lines {
			if l.VatRate.Dec().GreaterThan(rate) {
				rate = l.VatRate.Dec()
			}
		}
		td.VatPriceMode = "from_total_with_vat"
		td.Lines = []Line{{ID: a.NewLineID(), Name: "Payment received for proforma " + proforma.Number, Quantity: MustDecimal("1.0"), UnitPrice: pay.Amount, VatRate: RateOf(DecimalFrom(rate))}}
	}
	invoiceComputeTotals(a, td)
	td.Status, td.PaidOn = InvoicePaid, pay.PaidOn
	td.RemainingAmount, td.RemainingNativeAmount = Dec(decimal.Zero), Dec(decimal.Zero)
	td.Number = invoiceNextNumber(a, td.DocumentType, td.IssuedOn.Year())
	a.Invoices.put(td.ID, td)
	proforma.TaxDocumentIDs = append(proforma.TaxDocumentIDs, td.ID)
	a.AddEvent(c.Now, "invoice_created", fmt.Sprintf("Tax document %s was created for a payment of proforma %s", td.Number, proforma.Number), c.User, nil, RelatedObject{Type: "Invoice", ID: td.ID})
	return td
}

// invoiceMakeFinalInvoice issues a proforma's final invoice: with the proforma's
// lines, paid on the payment's day when paid is set, otherwise open for the
// whole total (the advance is listed in paid_advances).
func (s *Server) invoiceMakeFinalInvoice(c *Ctx, proforma *Invoice, pay Payment, paid bool) *Invoice {
	a := c.Account
	fi := invoiceFollowupBase(c, proforma, DocFinalInvoice)
	fi.Lines = invoiceCopyLines(a, proforma.Lines)
	invoiceComputeTotals(a, fi)
	fi.Number = invoiceNextNumber(a, fi.DocumentType, fi.IssuedOn.Year())
	fi.PaidAdvances = invoicePaidAdvances(proforma, pay)
	if paid {
		fi.Status, fi.PaidOn = InvoicePaid, pay.PaidOn
		fi.RemainingAmount, fi.RemainingNativeAmount = Dec(decimal.Zero), Dec(decimal.Zero)
	}
	a.Invoices.put(fi.ID, fi)
	related := fi.ID
	proforma.RelatedID = &related
	a.AddEvent(c.Now, "invoice_created", fmt.Sprintf("Final invoice %s was created from proforma %s", fi.Number, proforma.Number), c.User, nil, RelatedObject{Type: "Invoice", ID: fi.ID})
	return fi
}

// invoiceFollowupBase is a new document copying a proforma's parties and terms.
func invoiceFollowupBase(c *Ctx, proforma *Invoice, docType string) *Invoice {
	a := c.Account
	doc := *proforma
	doc.ID = a.Invoices.nextID()
	doc.DocumentType = docType
	doc.CustomID = ""
	doc.ProformaFollowupDocument = ""
	doc.TaxDocumentIDs = []int64{}
	doc.Token = invoiceToken(a, doc.ID)
	pid := proforma.ID
	doc.RelatedID = &pid
	doc.IssuedOn = DateOf(c.Now)
	doc.TaxableFulfillmentDue = doc.IssuedOn
	doc.DueOn = Date{Time: doc.IssuedOn.AddDate(0, 0, doc.Due)}
	doc.Status = InvoiceOpen
	doc.SentAt, doc.PaidOn, doc.CancelledAt, doc.UncollectibleAt, doc.LockedAt = DateTime{}, Date{}, DateTime{}, DateTime{}, DateTime{}
	doc.Payments = []Payment{}
	doc.Attachments = []Attachment{}
	doc.PaidAdvances = []map[string]any{}
	doc.Tags = append([]string{}, proforma.Tags...)
	doc.CreatedAt = DateTime{Time: c.Now}
	doc.UpdatedAt = doc.CreatedAt
	return &doc
}

// invoiceCopyLines copies lines with new ids and without inventory links.
func invoiceCopyLines(a *Account, lines []Line) []Line {
	out := make([]Line, 0, len(lines))
	for _, l := range lines {
		l.ID = a.NewLineID()
		l.Inventory = nil
		out = append(out, l)
	}
	return out
}

// invoicePaidAdvances lists a proforma's payment on its final invoice with the
// attributes of the docs' Paid Advances: one entry per VAT rate of the
// proforma, the payment's share of that rate's base (price) and VAT, written
// as the API writes decimals and rates.
func invoicePaidAdvances(proforma *Invoice, pay Payment) []map[string]any {
	share := decimal.NewFromInt(1)
	if total := proforma.Total.Dec(); !total.IsZero() {
		share = pay.Amount.Dec().Div(total)
	}
	out := make([]map[string]any, 0, len(proforma.VatRatesSummary))
	for _, r := range proforma.VatRatesSummary {
		out = append(out, map[string]any{"id": proforma.ID, "number": proforma.Number,
			"variable_symbol": proforma.VariableSymbol, "paid_on": pay.PaidOn, "vat_rate": r.VatRate,
			"price": Amount(r.Base.Dec().Mul(share)), "vat": Amount(r.Vat.Dec().Mul(share))})
	}
	return out
}
