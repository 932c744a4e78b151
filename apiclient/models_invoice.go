package apiclient

// Invoice is an issued document: invoice, proforma, correction, tax document, ...
type Invoice struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread                   Unread           `json:"-"`
	ID                       int64            `json:"id"`
	CustomID                 Null[string]     `json:"custom_id"`
	DocumentType             string           `json:"document_type"`
	ProformaFollowupDocument Null[string]     `json:"proforma_followup_document"`
	TaxDocumentIDs           []int64          `json:"tax_document_ids"`
	CorrectionID             *int64           `json:"correction_id"`
	Number                   string           `json:"number"`
	NumberFormatID           *int64           `json:"number_format_id"`
	VariableSymbol           string           `json:"variable_symbol"`
	YourName                 string           `json:"your_name"`
	YourStreet               string           `json:"your_street"`
	YourCity                 string           `json:"your_city"`
	YourZip                  string           `json:"your_zip"`
	YourCountry              string           `json:"your_country"`
	YourRegistrationNo       string           `json:"your_registration_no"`
	YourVatNo                string           `json:"your_vat_no"`
	YourLocalVatNo           Null[string]     `json:"your_local_vat_no"`
	ClientName               string           `json:"client_name"`
	ClientStreet             string           `json:"client_street"`
	ClientCity               string           `json:"client_city"`
	ClientZip                string           `json:"client_zip"`
	ClientCountry            string           `json:"client_country"`
	ClientHasDeliveryAddress bool             `json:"client_has_delivery_address"`
	ClientDeliveryName       Null[string]     `json:"client_delivery_name"`
	ClientDeliveryStreet     Null[string]     `json:"client_delivery_street"`
	ClientDeliveryCity       Null[string]     `json:"client_delivery_city"`
	ClientDeliveryZip        Null[string]     `json:"client_delivery_zip"`
	ClientDeliveryCountry    Null[string]     `json:"client_delivery_country"`
	ClientRegistrationNo     string           `json:"client_registration_no"`
	ClientVatNo              string           `json:"client_vat_no"`
	ClientLocalVatNo         Null[string]     `json:"client_local_vat_no"`
	SubjectID                int64            `json:"subject_id"`
	SubjectCustomID          Null[string]     `json:"subject_custom_id"`
	GeneratorID              *int64           `json:"generator_id"`
	RelatedID                *int64           `json:"related_id"`
	Paypal                   bool             `json:"paypal"`
	Gopay                    bool             `json:"gopay"`
	Token                    string           `json:"token"`
	Status                   string           `json:"status"`
	OrderNumber              Null[string]     `json:"order_number"`
	IssuedOn                 Date             `json:"issued_on"`
	TaxableFulfillmentDue    Date             `json:"taxable_fulfillment_due"`
	Due                      int              `json:"due"`
	DueOn                    Date             `json:"due_on"`
	SentAt                   DateTime         `json:"sent_at"`
	PaidOn                   Date             `json:"paid_on"`
	ReminderSentAt           DateTime         `json:"reminder_sent_at"`
	LastReminderSentAt       DateTime         `json:"last_reminder_sent_at"`
	CancelledAt              DateTime         `json:"cancelled_at"`
	UncollectibleAt          DateTime         `json:"uncollectible_at"`
	LockedAt                 DateTime         `json:"locked_at"`
	WebinvoiceSeenOn         Date             `json:"webinvoice_seen_on"`
	Note                     string           `json:"note"`
	FooterNote               string           `json:"footer_note"`
	PrivateNote              Null[string]     `json:"private_note"`
	Tags                     []string         `json:"tags"`
	BankAccountID            *int64           `json:"bank_account_id"`
	BankAccount              string           `json:"bank_account"`
	IBAN                     Null[string]     `json:"iban"`
	SwiftBic                 Null[string]     `json:"swift_bic"`
	IBANVisibility           string           `json:"iban_visibility"`
	ShowAlreadyPaidNoteInPdf bool             `json:"show_already_paid_note_in_pdf"`
	PaymentMethod            string           `json:"payment_method"`
	CustomPaymentMethod      Null[string]     `json:"custom_payment_method"`
	HideBankAccount          bool             `json:"hide_bank_account"`
	Currency                 string           `json:"currency"`
	ExchangeRate             Decimal          `json:"exchange_rate"`
	Language                 string           `json:"language"`
	TransferredTaxLiability  bool             `json:"transferred_tax_liability"`
	SupplyCode               Null[string]     `json:"supply_code"`
	OSS                      string           `json:"oss"`
	VatPriceMode             string           `json:"vat_price_mode"`
	RoundTotal               bool             `json:"round_total"`
	Subtotal                 Decimal          `json:"subtotal"`
	Total                    Decimal          `json:"total"`
	NativeSubtotal           Decimal          `json:"native_subtotal"`
	NativeTotal              Decimal          `json:"native_total"`
	RoundingAdjustment       Decimal          `json:"rounding_adjustment"`
	RemainingAmount          Decimal          `json:"remaining_amount"`
	RemainingNativeAmount    Decimal          `json:"remaining_native_amount"`
	EETRecords               []map[string]any `json:"eet_records"`
	Lines                    []Line           `json:"lines"`
	VatRatesSummary          []VatRateSummary `json:"vat_rates_summary"`
	PaidAdvances             []map[string]any `json:"paid_advances"`
	Payments                 []Payment        `json:"payments"`
	Attachments              []Attachment     `json:"attachments"`
	HTMLURL                  string           `json:"html_url"`
	PublicHTMLURL            string           `json:"public_html_url"`
	URL                      string           `json:"url"`
	PdfURL                   string           `json:"pdf_url"`
	SubjectURL               string           `json:"subject_url"`
	CreatedAt                DateTime         `json:"created_at"`
	UpdatedAt                DateTime         `json:"updated_at"`
}

// Invoice statuses (api-facts.md) and document types.
const (
	InvoiceOpen          = "open"
	InvoiceSent          = "sent"
	InvoiceOverdue       = "overdue"
	InvoicePaid          = "paid"
	InvoiceCancelled     = "cancelled"
	InvoiceUncollectible = "uncollectible"

	DocInvoice         = "invoice"
	DocProforma        = "proforma"
	DocPartialProforma = "partial_proforma"
	DocCorrection      = "correction"
	DocTaxDocument     = "tax_document"
	DocFinalInvoice    = "final_invoice"
)

// Invoice events that can be fired (POST /invoices/{id}/fire.json?event=...).
const (
	InvoiceEventMarkAsSent          = "mark_as_sent"
	InvoiceEventCancel              = "cancel"
	InvoiceEventUndoCancel          = "undo_cancel"
	InvoiceEventLock                = "lock"
	InvoiceEventUnlock              = "unlock"
	InvoiceEventMarkAsUncollectible = "mark_as_uncollectible"
	InvoiceEventUndoUncollectible   = "undo_uncollectible"
)

// InvoiceParams is a create or partial update body: only the fields set are sent.
type InvoiceParams struct {
	// Clear names text fields (JSON keys, comma-separated: "phone,email") to
	// send as an explicit null: an update clears them, as the service's Rails
	// assigns nil (nulls.go). A string keeps the params comparable.
	Clear                    string             `json:"-"`
	CustomID                 *string            `json:"custom_id,omitempty"`
	DocumentType             *string            `json:"document_type,omitempty"`
	ProformaFollowupDocument *string            `json:"proforma_followup_document,omitempty"`
	Number                   *string            `json:"number,omitempty"`
	NumberFormatID           Null[int64]        `json:"number_format_id,omitzero"`
	VariableSymbol           *string            `json:"variable_symbol,omitempty"`
	SubjectID                *int64             `json:"subject_id,omitempty"`
	RelatedID                *int64             `json:"related_id,omitempty"`
	CorrectionID             *int64             `json:"correction_id,omitempty"` // the invoice a correction corrects
	OrderNumber              *string            `json:"order_number,omitempty"`
	IssuedOn                 *Date              `json:"issued_on,omitempty"`
	TaxableFulfillmentDue    *Date              `json:"taxable_fulfillment_due,omitempty"`
	Due                      Null[int]          `json:"due,omitzero"`
	Note                     *string            `json:"note,omitempty"`
	FooterNote               *string            `json:"footer_note,omitempty"`
	PrivateNote              *string            `json:"private_note,omitempty"`
	Tags                     *[]string          `json:"tags,omitempty"`
	BankAccountID            Null[int64]        `json:"bank_account_id,omitzero"`
	IBANVisibility           *string            `json:"iban_visibility,omitempty"`
	ShowAlreadyPaidNoteInPdf *bool              `json:"show_already_paid_note_in_pdf,omitempty"`
	PaymentMethod            Null[string]       `json:"payment_method,omitzero"`
	CustomPaymentMethod      *string            `json:"custom_payment_method,omitempty"`
	HideBankAccount          *bool              `json:"hide_bank_account,omitempty"`
	Currency                 *string            `json:"currency,omitempty"`
	ExchangeRate             *Decimal           `json:"exchange_rate,omitempty"`
	Language                 Null[string]       `json:"language,omitzero"`
	TransferredTaxLiability  *bool              `json:"transferred_tax_liability,omitempty"`
	SupplyCode               *string            `json:"supply_code,omitempty"`
	OSS                      *string            `json:"oss,omitempty"`
	VatPriceMode             Null[string]       `json:"vat_price_mode,omitzero"`
	RoundTotal               *bool              `json:"round_total,omitempty"`
	Paypal                   *bool              `json:"paypal,omitempty"`
	Gopay                    *bool              `json:"gopay,omitempty"`
	Lines                    []LineParams       `json:"lines,omitempty"`
	Attachments              []AttachmentParams `json:"attachments,omitempty"`
}

// InvoiceMessage is the body of an invoice e-mail. With ReplaceWithDefaults false,
// Email, Subject and Message are required and EmailCopy is not filled in.
type InvoiceMessage struct {
	Subject             *string `json:"subject,omitempty"`
	Email               *string `json:"email,omitempty"`
	EmailCopy           *string `json:"email_copy,omitempty"`
	Message             *string `json:"message,omitempty"`
	DeliverNow          *bool   `json:"deliver_now,omitempty"`
	ReplaceWithDefaults *bool   `json:"replace_with_defaults,omitempty"`
}

// MessageVariables are the placeholders usable in an invoice e-mail's message.
var MessageVariables = []struct{ Name, Meaning string }{
	{"#no#", "invoice number"},
	{"#link#", "link to web invoice"},
	{"#vs#", "variable symbol"},
	{"#price#", "total amount to pay"},
	{"#due#", "due date"},
	{"#overdue#", "days overdue"},
	{"#bank#", "bank account number"},
	{"#note#", "note"},
}
