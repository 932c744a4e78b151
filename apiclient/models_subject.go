package apiclient

// Subject is a contact: a customer, a supplier or both.
type Subject struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread                        Unread       `json:"-"`
	ID                            int64        `json:"id"`
	CustomID                      Null[string] `json:"custom_id"`
	UserID                        Null[int64]  `json:"user_id"`
	Type                          string       `json:"type"`
	Name                          string       `json:"name"`
	FullName                      Null[string] `json:"full_name"`
	Email                         string       `json:"email"`
	EmailCopy                     Null[string] `json:"email_copy"`
	Phone                         Null[string] `json:"phone"`
	Web                           string       `json:"web"`
	Street                        string       `json:"street"`
	City                          string       `json:"city"`
	Zip                           string       `json:"zip"`
	Country                       string       `json:"country"`
	HasDeliveryAddress            bool         `json:"has_delivery_address"`
	DeliveryName                  Null[string] `json:"delivery_name"`
	DeliveryStreet                Null[string] `json:"delivery_street"`
	DeliveryCity                  Null[string] `json:"delivery_city"`
	DeliveryZip                   Null[string] `json:"delivery_zip"`
	DeliveryCountry               Null[string] `json:"delivery_country"`
	Due                           *int         `json:"due"`
	Currency                      Null[string] `json:"currency"`
	Language                      Null[string] `json:"language"`
	PrivateNote                   Null[string] `json:"private_note"`
	RegistrationNo                string       `json:"registration_no"`
	VatNo                         string       `json:"vat_no"`
	LocalVatNo                    Null[string] `json:"local_vat_no"`
	Unreliable                    *bool        `json:"unreliable"`
	UnreliableCheckedAt           DateTime     `json:"unreliable_checked_at"`
	LegalForm                     Null[string] `json:"legal_form"`
	VatMode                       Null[string] `json:"vat_mode"`
	BankAccount                   Null[string] `json:"bank_account"`
	IBAN                          Null[string] `json:"iban"`
	SwiftBic                      Null[string] `json:"swift_bic"`
	VariableSymbol                Null[string] `json:"variable_symbol"`
	SettingUpdateFromAres         string       `json:"setting_update_from_ares"`
	AresUpdate                    bool         `json:"ares_update"`
	SettingInvoicePdfAttachments  string       `json:"setting_invoice_pdf_attachments"`
	SettingEstimatePdfAttachments string       `json:"setting_estimate_pdf_attachments"`
	SettingInvoiceSendReminders   string       `json:"setting_invoice_send_reminders"`
	SuggestionEnabled             bool         `json:"suggestion_enabled"`
	CustomEmailText               Null[string] `json:"custom_email_text"`
	OverdueEmailText              Null[string] `json:"overdue_email_text"`
	InvoiceFromProformaEmailText  Null[string] `json:"invoice_from_proforma_email_text"`
	ThankYouEmailText             Null[string] `json:"thank_you_email_text"`
	CustomEstimateEmailText       Null[string] `json:"custom_estimate_email_text"`
	WebinvoiceHistory             *string      `json:"webinvoice_history"`
	HTMLURL                       string       `json:"html_url"`
	URL                           string       `json:"url"`
	CreatedAt                     DateTime     `json:"created_at"`
	UpdatedAt                     DateTime     `json:"updated_at"`
}

// Subject types.
const (
	SubjectCustomer = "customer"
	SubjectSupplier = "supplier"
	SubjectBoth     = "both"
)

// SubjectParams is a create or partial update body: only the fields set are sent.
type SubjectParams struct {
	// Clear names text fields (JSON keys, comma-separated: "phone,email") to
	// send as an explicit null: an update clears them, as the service's Rails
	// assigns nil (nulls.go). A string keeps the params comparable.
	Clear                         string    `json:"-"`
	CustomID                      *string   `json:"custom_id,omitempty"`
	Type                          *string   `json:"type,omitempty"`
	Name                          *string   `json:"name,omitempty"`
	FullName                      *string   `json:"full_name,omitempty"`
	Email                         *string   `json:"email,omitempty"`
	EmailCopy                     *string   `json:"email_copy,omitempty"`
	Phone                         *string   `json:"phone,omitempty"`
	Web                           *string   `json:"web,omitempty"`
	Street                        *string   `json:"street,omitempty"`
	City                          *string   `json:"city,omitempty"`
	Zip                           *string   `json:"zip,omitempty"`
	Country                       *string   `json:"country,omitempty"`
	HasDeliveryAddress            *bool     `json:"has_delivery_address,omitempty"`
	DeliveryName                  *string   `json:"delivery_name,omitempty"`
	DeliveryStreet                *string   `json:"delivery_street,omitempty"`
	DeliveryCity                  *string   `json:"delivery_city,omitempty"`
	DeliveryZip                   *string   `json:"delivery_zip,omitempty"`
	DeliveryCountry               *string   `json:"delivery_country,omitempty"`
	Due                           Null[int] `json:"due,omitzero"` // ExplicitNull: inherit the account's
	Currency                      *string   `json:"currency,omitempty"`
	Language                      *string   `json:"language,omitempty"`
	PrivateNote                   *string   `json:"private_note,omitempty"`
	RegistrationNo                *string   `json:"registration_no,omitempty"`
	VatNo                         *string   `json:"vat_no,omitempty"`
	LocalVatNo                    *string   `json:"local_vat_no,omitempty"`
	LegalForm                     *string   `json:"legal_form,omitempty"`
	VatMode                       *string   `json:"vat_mode,omitempty"`
	BankAccount                   *string   `json:"bank_account,omitempty"`
	IBAN                          *string   `json:"iban,omitempty"`
	SwiftBic                      *string   `json:"swift_bic,omitempty"`
	VariableSymbol                *string   `json:"variable_symbol,omitempty"`
	SettingUpdateFromAres         *string   `json:"setting_update_from_ares,omitempty"`
	AresUpdate                    *bool     `json:"ares_update,omitempty"`
	SettingInvoicePdfAttachments  *string   `json:"setting_invoice_pdf_attachments,omitempty"`
	SettingEstimatePdfAttachments *string   `json:"setting_estimate_pdf_attachments,omitempty"`
	SettingInvoiceSendReminders   *string   `json:"setting_invoice_send_reminders,omitempty"`
	SuggestionEnabled             *bool     `json:"suggestion_enabled,omitempty"`
	CustomEmailText               *string   `json:"custom_email_text,omitempty"`
	OverdueEmailText              *string   `json:"overdue_email_text,omitempty"`
	InvoiceFromProformaEmailText  *string   `json:"invoice_from_proforma_email_text,omitempty"`
	ThankYouEmailText             *string   `json:"thank_you_email_text,omitempty"`
	CustomEstimateEmailText       *string   `json:"custom_estimate_email_text,omitempty"`
	WebinvoiceHistory             *string   `json:"webinvoice_history,omitempty"`
}
