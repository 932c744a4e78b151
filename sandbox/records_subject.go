package sandbox

// Subject is a contact: a customer, a supplier or both.
type Subject struct {
	ID                            int64    `json:"id"`
	CustomID                      Text     `json:"custom_id"`
	UserID                        int64    `json:"user_id"`
	Type                          string   `json:"type"`
	Name                          string   `json:"name"`
	FullName                      Text     `json:"full_name"`
	Email                         Text     `json:"email"`
	EmailCopy                     Text     `json:"email_copy"`
	Phone                         Text     `json:"phone"`
	Web                           Text     `json:"web"`
	Street                        Text     `json:"street"`
	City                          Text     `json:"city"`
	Zip                           Text     `json:"zip"`
	Country                       string   `json:"country"`
	HasDeliveryAddress            bool     `json:"has_delivery_address"`
	DeliveryName                  Text     `json:"delivery_name"`
	DeliveryStreet                Text     `json:"delivery_street"`
	DeliveryCity                  Text     `json:"delivery_city"`
	DeliveryZip                   Text     `json:"delivery_zip"`
	DeliveryCountry               Text     `json:"delivery_country"`
	Due                           *int     `json:"due"`
	Currency                      Text     `json:"currency"`
	Language                      Text     `json:"language"`
	PrivateNote                   Text     `json:"private_note"`
	RegistrationNo                Text     `json:"registration_no"`
	VatNo                         Text     `json:"vat_no"`
	LocalVatNo                    Text     `json:"local_vat_no"`
	Unreliable                    *bool    `json:"unreliable"`
	UnreliableCheckedAt           DateTime `json:"unreliable_checked_at"`
	LegalForm                     Text     `json:"legal_form"`
	VatMode                       Text     `json:"vat_mode"`
	BankAccount                   Text     `json:"bank_account"`
	IBAN                          Text     `json:"iban"`
	SwiftBic                      Text     `json:"swift_bic"`
	VariableSymbol                Text     `json:"variable_symbol"`
	SettingUpdateFromAres         string   `json:"setting_update_from_ares"`
	AresUpdate                    bool     `json:"ares_update"`
	SettingInvoicePdfAttachments  string   `json:"setting_invoice_pdf_attachments"`
	SettingEstimatePdfAttachments string   `json:"setting_estimate_pdf_attachments"`
	SettingInvoiceSendReminders   string   `json:"setting_invoice_send_reminders"`
	SuggestionEnabled             bool     `json:"suggestion_enabled"`
	CustomEmailText               Text     `json:"custom_email_text"`
	OverdueEmailText              Text     `json:"overdue_email_text"`
	InvoiceFromProformaEmailText  Text     `json:"invoice_from_proforma_email_text"`
	ThankYouEmailText             Text     `json:"thank_you_email_text"`
	CustomEstimateEmailText       Text     `json:"custom_estimate_email_text"`
	WebinvoiceHistory             *string  `json:"webinvoice_history"`
	HTMLURL                       string   `json:"html_url"`
	URL                           string   `json:"url"`
	CreatedAt                     DateTime `json:"created_at"`
	UpdatedAt                     DateTime `json:"updated_at"`
}

// Subject types.
const (
	SubjectCustomer = "customer"
	SubjectSupplier = "supplier"
	SubjectBoth     = "both"
)

// SubjectParams is a create or partial update body: only the fields set are sent.
type SubjectParams struct {
	CustomID                      *string `json:"custom_id,omitempty"`
	Type                          *string `json:"type,omitempty"`
	Name                          *string `json:"name,omitempty"`
	FullName                      *string `json:"full_name,omitempty"`
	Email                         *string `json:"email,omitempty"`
	EmailCopy                     *string `json:"email_copy,omitempty"`
	Phone                         *string `json:"phone,omitempty"`
	Web                           *string `json:"web,omitempty"`
	Street                        *string `json:"street,omitempty"`
	City                          *string `json:"city,omitempty"`
	Zip                           *string `json:"zip,omitempty"`
	Country                       *string `json:"country,omitempty"`
	HasDeliveryAddress            *bool   `json:"has_delivery_address,omitempty"`
	DeliveryName                  *string `json:"delivery_name,omitempty"`
	DeliveryStreet                *string `json:"delivery_street,omitempty"`
	DeliveryCity                  *string `json:"delivery_city,omitempty"`
	DeliveryZip                   *string `json:"delivery_zip,omitempty"`
	DeliveryCountry               *string `json:"delivery_country,omitempty"`
	Due                           *int    `json:"due,omitempty"`
	Currency                      *string `json:"currency,omitempty"`
	Language                      *string `json:"language,omitempty"`
	PrivateNote                   *string `json:"private_note,omitempty"`
	RegistrationNo                *string `json:"registration_no,omitempty"`
	VatNo                         *string `json:"vat_no,omitempty"`
	LocalVatNo                    *string `json:"local_vat_no,omitempty"`
	LegalForm                     *string `json:"legal_form,omitempty"`
	VatMode                       *string `json:"vat_mode,omitempty"`
	BankAccount                   *string `json:"bank_account,omitempty"`
	IBAN                          *string `json:"iban,omitempty"`
	SwiftBic                      *string `json:"swift_bic,omitempty"`
	VariableSymbol                *string `json:"variable_symbol,omitempty"`
	SettingUpdateFromAres         *string `json:"setting_update_from_ares,omitempty"`
	AresUpdate                    *bool   `json:"ares_update,omitempty"`
	SettingInvoicePdfAttachments  *string `json:"setting_invoice_pdf_attachments,omitempty"`
	SettingEstimatePdfAttachments *string `json:"setting_estimate_pdf_attachments,omitempty"`
	SettingInvoiceSendReminders   *string `json:"setting_invoice_send_reminders,omitempty"`
	SuggestionEnabled             *bool   `json:"suggestion_enabled,omitempty"`
	CustomEmailText               *string `json:"custom_email_text,omitempty"`
	OverdueEmailText              *string `json:"overdue_email_text,omitempty"`
	InvoiceFromProformaEmailText  *string `json:"invoice_from_proforma_email_text,omitempty"`
	ThankYouEmailText             *string `json:"thank_you_email_text,omitempty"`
	CustomEstimateEmailText       *string `json:"custom_estimate_email_text,omitempty"`
	WebinvoiceHistory             *string `json:"webinvoice_history,omitempty"`
}
