package apiclient

// Generator is an invoice template.
type Generator struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread                  Unread             `json:"-"`
	ID                      int64              `json:"id"`
	CustomID                Null[string]       `json:"custom_id"`
	Name                    string             `json:"name"`
	Proforma                bool               `json:"proforma"`
	Paypal                  bool               `json:"paypal"`
	Gopay                   bool               `json:"gopay"`
	TaxDateAtEndOfLastMonth bool               `json:"tax_date_at_end_of_last_month"`
	Due                     *int               `json:"due"`
	SubjectID               int64              `json:"subject_id"`
	NumberFormatID          *int64             `json:"number_format_id"`
	Note                    Null[string]       `json:"note"`
	FooterNote              Null[string]       `json:"footer_note"`
	LegacyBankDetails       *LegacyBankDetails `json:"legacy_bank_details"`
	BankAccountID           *int64             `json:"bank_account_id"`
	IBANVisibility          string             `json:"iban_visibility"`
	Tags                    []string           `json:"tags"`
	OrderNumber             Null[string]       `json:"order_number"`
	Currency                string             `json:"currency"`
	ExchangeRate            Decimal            `json:"exchange_rate"`
	PaymentMethod           string             `json:"payment_method"`
	CustomPaymentMethod     Null[string]       `json:"custom_payment_method"`
	Language                string             `json:"language"`
	VatPriceMode            string             `json:"vat_price_mode"`
	TransferredTaxLiability bool               `json:"transferred_tax_liability"`
	SupplyCode              *int               `json:"supply_code"`
	OSS                     string             `json:"oss"`
	Subtotal                Decimal            `json:"subtotal"`
	Total                   Decimal            `json:"total"`
	NativeSubtotal          Decimal            `json:"native_subtotal"`
	NativeTotal             Decimal            `json:"native_total"`
	RoundingAdjustment      Decimal            `json:"rounding_adjustment"`
	Lines                   []Line             `json:"lines"`
	HTMLURL                 string             `json:"html_url"`
	URL                     string             `json:"url"`
	SubjectURL              string             `json:"subject_url"`
	CreatedAt               DateTime           `json:"created_at"`
	UpdatedAt               DateTime           `json:"updated_at"`
}

// GeneratorParams is a create or partial update body of a generator; the
// recurring generator's params embed it. The fields whose null means
// "inherit the account's setting" are Null: ExplicitNull resets them.
type GeneratorParams struct {
	CustomID                *string      `json:"custom_id,omitempty"`
	Name                    *string      `json:"name,omitempty"`
	Proforma                *bool        `json:"proforma,omitempty"`
	Paypal                  *bool        `json:"paypal,omitempty"`
	Gopay                   *bool        `json:"gopay,omitempty"`
	TaxDateAtEndOfLastMonth *bool        `json:"tax_date_at_end_of_last_month,omitempty"`
	Due                     Null[int]    `json:"due,omitzero"`
	SubjectID               *int64       `json:"subject_id,omitempty"`
	NumberFormatID          Null[int64]  `json:"number_format_id,omitzero"`
	Note                    *string      `json:"note,omitempty"`
	FooterNote              *string      `json:"footer_note,omitempty"`
	BankAccountID           Null[int64]  `json:"bank_account_id,omitzero"`
	IBANVisibility          *string      `json:"iban_visibility,omitempty"`
	Tags                    *[]string    `json:"tags,omitempty"`
	OrderNumber             *string      `json:"order_number,omitempty"`
	Currency                *string      `json:"currency,omitempty"`
	ExchangeRate            *Decimal     `json:"exchange_rate,omitempty"`
	PaymentMethod           Null[string] `json:"payment_method,omitzero"`
	CustomPaymentMethod     *string      `json:"custom_payment_method,omitempty"`
	Language                Null[string] `json:"language,omitzero"`
	VatPriceMode            Null[string] `json:"vat_price_mode,omitzero"`
	TransferredTaxLiability *bool        `json:"transferred_tax_liability,omitempty"`
	SupplyCode              Null[int]    `json:"supply_code,omitzero"`
	OSS                     *string      `json:"oss,omitempty"`
	RoundTotal              *bool        `json:"round_total,omitempty"`
	Lines                   []LineParams `json:"lines,omitempty"`
}

// RecurringGenerator issues invoices on a schedule.
type RecurringGenerator struct {
	Generator
	RoundTotal       bool `json:"round_total"`
	Active           bool `json:"active"`
	StartDate        Date `json:"start_date"`
	EndDate          Date `json:"end_date"`
	MonthsPeriod     int  `json:"months_period"`
	NextOccurrenceOn Date `json:"next_occurrence_on"`
	LastDayInMonth   bool `json:"last_day_in_month"`
	SendEmail        bool `json:"send_email"`
}

// RecurringGeneratorParams is a create or partial update body.
type RecurringGeneratorParams struct {
	GeneratorParams
	Active           *bool `json:"active,omitempty"`
	StartDate        *Date `json:"start_date,omitempty"`
	EndDate          *Date `json:"end_date,omitempty"`
	MonthsPeriod     *int  `json:"months_period,omitempty"`
	NextOccurrenceOn *Date `json:"next_occurrence_on,omitempty"`
	LastDayInMonth   *bool `json:"last_day_in_month,omitempty"`
	SendEmail        *bool `json:"send_email,omitempty"`
}

// The payment services a generator's pay buttons offer.
const (
	PayPal = "PayPal"
	GoPay  = "GoPay"
)
