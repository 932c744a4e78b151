package sandbox

// Line is a document line (generator, recurring generator, expense, invoice),
// written in the invoice and expense line shape; a generator's are written as
// generatorLine.
type Line struct {
	ID                         int64          `json:"id"`
	Name                       string         `json:"name"`
	Quantity                   Decimal        `json:"quantity"`
	UnitName                   Text           `json:"unit_name"`
	UnitPrice                  Decimal        `json:"unit_price"`
	VatRate                    Rate           `json:"vat_rate"`
	UnitPriceWithoutVat        Decimal        `json:"unit_price_without_vat"`
	UnitPriceWithVat           Decimal        `json:"unit_price_with_vat"`
	TotalPriceWithoutVat       Decimal        `json:"total_price_without_vat"`
	TotalVat                   Decimal        `json:"total_vat"`
	NativeTotalPriceWithoutVat Decimal        `json:"native_total_price_without_vat"`
	NativeTotalVat             Decimal        `json:"native_total_vat"`
	Inventory                  *LineInventory `json:"inventory"`
}

// LineInventory links a line to an inventory item and the move it made.
type LineInventory struct {
	ItemID            int64  `json:"item_id"`
	SKU               string `json:"sku"`
	ArticleNumberType Text   `json:"article_number_type"`
	ArticleNumber     Text   `json:"article_number"`
	MoveID            int64  `json:"move_id"`
}

// LineParams is a line in a create or update body. Send ID to edit an existing
// line, no ID to add one, and Destroy with ID to delete one.
type LineParams struct {
	ID              *int64   `json:"id,omitempty"`
	Name            *string  `json:"name,omitempty"`
	Quantity        *Decimal `json:"quantity,omitempty"`
	UnitName        *string  `json:"unit_name,omitempty"`
	UnitPrice       *Decimal `json:"unit_price,omitempty"`
	VatRate         *Decimal `json:"vat_rate,omitempty"`
	InventoryItemID *int64   `json:"inventory_item_id,omitempty"`
	SKU             *string  `json:"sku,omitempty"`
	Destroy         bool     `json:"_destroy,omitempty"`
}

// VatRateSummary is one VAT rate's totals on a document.
type VatRateSummary struct {
	VatRate        Rate    `json:"vat_rate"`
	Base           Decimal `json:"base"`
	Vat            Decimal `json:"vat"`
	Currency       string  `json:"currency"`
	NativeBase     Decimal `json:"native_base"`
	NativeVat      Decimal `json:"native_vat"`
	NativeCurrency string  `json:"native_currency"`
}

// Attachment is a file attached to a document, as read.
type Attachment struct {
	ID          int64  `json:"id"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	DownloadURL string `json:"download_url"`
}

// AttachmentParams attaches a file: DataURL is a Data URI.
type AttachmentParams struct {
	Filename *string `json:"filename,omitempty"`
	DataURL  string  `json:"data_url"`
}

// Payment is a payment on an invoice or an expense. The docs' examples of a
// payment (Create Payment, a webhook's payment) have no mark_document_as_paid,
// proforma_followup_document or send_thank_you_email, though the Attributes
// tables list the first: the examples win, and the three are what the payment
// was created with. An invoice's payment is written with its tax_document_id
// (invoicePayment); an expense's has none.
type Payment struct {
	ID                       int64    `json:"id"`
	PaidOn                   Date     `json:"paid_on"`
	Currency                 string   `json:"currency"`
	Amount                   Decimal  `json:"amount"`
	NativeAmount             Decimal  `json:"native_amount"`
	MarkDocumentAsPaid       bool     `json:"-"`
	ProformaFollowupDocument string   `json:"-"`
	SendThankYouEmail        *bool    `json:"-"`
	VariableSymbol           Text     `json:"variable_symbol"`
	BankAccountID            *int64   `json:"bank_account_id"`
	TaxDocumentID            *int64   `json:"-"`
	CreatedAt                DateTime `json:"created_at"`
	UpdatedAt                DateTime `json:"updated_at"`
}

// PaymentParams is the body of a new payment; every field is optional.
// ProformaFollowupDocument and SendThankYouEmail are for invoices only.
type PaymentParams struct {
	PaidOn                   *Date    `json:"paid_on,omitempty"`
	Amount                   *Decimal `json:"amount,omitempty"`
	NativeAmount             *Decimal `json:"native_amount,omitempty"`
	MarkDocumentAsPaid       *bool    `json:"mark_document_as_paid,omitempty"`
	ProformaFollowupDocument *string  `json:"proforma_followup_document,omitempty"`
	SendThankYouEmail        *bool    `json:"send_thank_you_email,omitempty"`
	VariableSymbol           *string  `json:"variable_symbol,omitempty"`
	BankAccountID            *int64   `json:"bank_account_id,omitempty"`
}

// Proforma follow-up documents of a payment on a proforma.
const (
	FollowupFinalInvoicePaid = "final_invoice_paid"
	FollowupFinalInvoice     = "final_invoice"
	FollowupTaxDocument      = "tax_document"
	FollowupNone             = "none"
)

// RelatedObject points at a record from a to-do or an event.
type RelatedObject struct {
	Type string `json:"type"`
	ID   int64  `json:"id"`
}

// LegacyBankDetails are the bank details of old generators.
type LegacyBankDetails struct {
	BankAccount Text `json:"bank_account"`
	IBAN        Text `json:"iban"`
	SwiftBic    Text `json:"swift_bic"`
}
