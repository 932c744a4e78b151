package sandbox

// Expense is a received document: a supplier invoice, a bill or another expense.
type Expense struct {
	ID                       int64            `json:"id"`
	CustomID                 Text             `json:"custom_id"`
	Number                   string           `json:"number"`
	OriginalNumber           Text             `json:"original_number"`
	VariableSymbol           Text             `json:"variable_symbol"`
	SupplierName             string           `json:"supplier_name"`
	SupplierStreet           Text             `json:"supplier_street"`
	SupplierCity             Text             `json:"supplier_city"`
	SupplierZip              Text             `json:"supplier_zip"`
	SupplierCountry          string           `json:"supplier_country"`
	SupplierRegistrationNo   Text             `json:"supplier_registration_no"`
	SupplierVatNo            Text             `json:"supplier_vat_no"`
	SupplierLocalVatNo       Text             `json:"supplier_local_vat_no"`
	SubjectID                int64            `json:"subject_id"`
	Status                   string           `json:"status"`
	DocumentType             string           `json:"document_type"`
	IssuedOn                 Date             `json:"issued_on"`
	TaxableFulfillmentDue    Date             `json:"taxable_fulfillment_due"`
	ReceivedOn               Date             `json:"received_on"`
	DueOn                    Date             `json:"due_on"`
	RemindDueDate            bool             `json:"remind_due_date"`
	PaidOn                   Date             `json:"paid_on"`
	LockedAt                 DateTime         `json:"locked_at"`
	Description              Text             `json:"description"`
	PrivateNote              Text             `json:"private_note"`
	Tags                     []string         `json:"tags"`
	BankAccount              Text             `json:"bank_account"`
	IBAN                     Text             `json:"iban"`
	SwiftBic                 Text             `json:"swift_bic"`
	PaymentMethod            string           `json:"payment_method"`
	CustomPaymentMethod      Text             `json:"custom_payment_method"`
	Currency                 string           `json:"currency"`
	ExchangeRate             Decimal          `json:"exchange_rate"`
	TransferredTaxLiability  bool             `json:"transferred_tax_liability"`
	SupplyCode               Text             `json:"supply_code"`
	VatPriceMode             string           `json:"vat_price_mode"`
	ProportionalVatDeduction int              `json:"proportional_vat_deduction"`
	TaxDeductible            bool             `json:"tax_deductible"`
	RoundingAdjustment       Decimal          `json:"rounding_adjustment"`
	Subtotal                 Decimal          `json:"subtotal"`
	Total                    Decimal          `json:"total"`
	NativeSubtotal           Decimal          `json:"native_subtotal"`
	NativeTotal              Decimal          `json:"native_total"`
	Lines                    []Line           `json:"lines"`
	VatRatesSummary          []VatRateSummary `json:"vat_rates_summary"`
	Payments                 []Payment        `json:"payments"`
	Attachments              []Attachment     `json:"attachments"`
	HTMLURL                  string           `json:"html_url"`
	URL                      string           `json:"url"`
	SubjectURL               string           `json:"subject_url"`
	CreatedAt                DateTime         `json:"created_at"`
	UpdatedAt                DateTime         `json:"updated_at"`
}

// Expense statuses and document types.
const (
	StatusOpen    = "open"
	StatusOverdue = "overdue"
	StatusPaid    = "paid"

	ExpenseInvoice = "invoice"
	ExpenseBill    = "bill"
	ExpenseOther   = "other"
)

// ExpenseParams is a create or partial update body: only the fields set are sent.
type ExpenseParams struct {
	CustomID                 *string            `json:"custom_id,omitempty"`
	Number                   *string            `json:"number,omitempty"`
	OriginalNumber           *string            `json:"original_number,omitempty"`
	VariableSymbol           *string            `json:"variable_symbol,omitempty"`
	SubjectID                *int64             `json:"subject_id,omitempty"`
	DocumentType             *string            `json:"document_type,omitempty"`
	IssuedOn                 *Date              `json:"issued_on,omitempty"`
	TaxableFulfillmentDue    *Date              `json:"taxable_fulfillment_due,omitempty"`
	ReceivedOn               *Date              `json:"received_on,omitempty"`
	DueOn                    *Date              `json:"due_on,omitempty"`
	RemindDueDate            *bool              `json:"remind_due_date,omitempty"`
	Description              *string            `json:"description,omitempty"`
	PrivateNote              *string            `json:"private_note,omitempty"`
	Tags                     *[]string          `json:"tags,omitempty"`
	BankAccount              *string            `json:"bank_account,omitempty"`
	IBAN                     *string            `json:"iban,omitempty"`
	SwiftBic                 *string            `json:"swift_bic,omitempty"`
	PaymentMethod            *string            `json:"payment_method,omitempty"`
	CustomPaymentMethod      *string            `json:"custom_payment_method,omitempty"`
	Currency                 *string            `json:"currency,omitempty"`
	ExchangeRate             *Decimal           `json:"exchange_rate,omitempty"`
	TransferredTaxLiability  *bool              `json:"transferred_tax_liability,omitempty"`
	SupplyCode               *string            `json:"supply_code,omitempty"`
	VatPriceMode             *string            `json:"vat_price_mode,omitempty"`
	ProportionalVatDeduction *int               `json:"proportional_vat_deduction,omitempty"`
	TaxDeductible            *bool              `json:"tax_deductible,omitempty"`
	RoundTotal               *bool              `json:"round_total,omitempty"`
	Lines                    []LineParams       `json:"lines,omitempty"`
	Attachments              []AttachmentParams `json:"attachments,omitempty"`
}
