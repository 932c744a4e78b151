package apiclient

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// InboxFile is a document in the inbox, optionally sent to OCR.
type InboxFile struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread         Unread   `json:"-"`
	ID             int64    `json:"id"`
	Filename       string   `json:"filename"`
	Bytesize       int64    `json:"bytesize"`
	SendToOCR      bool     `json:"send_to_ocr"`
	SentToOCRAt    DateTime `json:"sent_to_ocr_at"`
	OCRStatus      *string  `json:"ocr_status"`
	OCRCompletedAt DateTime `json:"ocr_completed_at"`
	DownloadURL    string   `json:"download_url"`
	CreatedAt      DateTime `json:"created_at"`
	UpdatedAt      DateTime `json:"updated_at"`
}

// OCR states of an inbox file; a nil OCRStatus means not sent.
const (
	OCRCreated            = "created"
	OCRProcessing         = "processing"
	OCRProcessingFailed   = "processing_failed"
	OCRProcessingRejected = "processing_rejected"
	OCRProcessed          = "processed"
)

// InboxFileParams creates an inbox file. Attachment is a Data URI (DataURI).
type InboxFileParams struct {
	Attachment string  `json:"attachment"`
	Filename   *string `json:"filename,omitempty"`
	SendToOCR  *bool   `json:"send_to_ocr,omitempty"`
}

// Todo is a task the service raises for the user.
type Todo struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread         Unread          `json:"-"`
	ID             int64           `json:"id"`
	Name           string          `json:"name"`
	CreatedAt      DateTime        `json:"created_at"`
	CompletedAt    DateTime        `json:"completed_at"`
	Text           string          `json:"text"`
	RelatedObjects []RelatedObject `json:"related_objects"`
	Params         map[string]any  `json:"params"`
}

// Completed reports whether the to-do is done.
func (t *Todo) Completed() bool { return !t.CompletedAt.IsZero() }

// Event is an entry of the activity log.
type Event struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread         Unread          `json:"-"`
	Name           string          `json:"name"`
	CreatedAt      DateTime        `json:"created_at"`
	Text           string          `json:"text"`
	RelatedObjects []RelatedObject `json:"related_objects"`
	User           *EventUser      `json:"user"`
	Params         map[string]any  `json:"params"`
}

// EventUser is who caused an event.
type EventUser struct {
	ID       int64   `json:"id"`
	FullName string  `json:"full_name"`
	Avatar   *string `json:"avatar"`
}

// User is a user of an account.
type User struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread       Unread       `json:"-"`
	ID           int64        `json:"id"`
	FullName     string       `json:"full_name"`
	Email        string       `json:"email"`
	AvatarURL    Null[string] `json:"avatar_url"`
	Permission   string       `json:"permission"`
	AllowedScope []string     `json:"allowed_scope"`
}

// CurrentUser is /user.json: the user with the accounts they can reach.
type CurrentUser struct {
	User
	DefaultAccount Null[string]     `json:"default_account"`
	Accounts       []AccountSummary `json:"accounts"`
}

// AccountSummary is one account of the current user.
type AccountSummary struct {
	Slug           string   `json:"slug"`
	Logo           string   `json:"logo"`
	Name           string   `json:"name"`
	RegistrationNo string   `json:"registration_no"`
	Permission     string   `json:"permission"`
	AllowedScope   []string `json:"allowed_scope"`
}

// Account is the account's settings (read-only).
type Account struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread                            Unread       `json:"-"`
	Subdomain                         string       `json:"subdomain"`
	Plan                              string       `json:"plan"`
	PlanPrice                         int          `json:"plan_price"`
	PlanPaidUsers                     int          `json:"plan_paid_users"`
	APICallsLimit                     int          `json:"api_calls_limit"`
	APICallsUsed                      int          `json:"api_calls_used"`
	InvoiceEmail                      string       `json:"invoice_email"`
	Phone                             Null[string] `json:"phone"`
	Web                               Null[string] `json:"web"`
	Name                              string       `json:"name"`
	FullName                          Null[string] `json:"full_name"`
	RegistrationNo                    string       `json:"registration_no"`
	VatNo                             string       `json:"vat_no"`
	LocalVatNo                        Null[string] `json:"local_vat_no"`
	VatMode                           string       `json:"vat_mode"`
	VatPriceMode                      string       `json:"vat_price_mode"`
	Street                            string       `json:"street"`
	City                              string       `json:"city"`
	Zip                               string       `json:"zip"`
	Country                           string       `json:"country"`
	Currency                          string       `json:"currency"`
	UnitName                          string       `json:"unit_name"`
	VatRate                           int          `json:"vat_rate"`
	DisplayedNote                     string       `json:"displayed_note"`
	InvoiceNote                       string       `json:"invoice_note"`
	Due                               int          `json:"due"`
	InvoiceLanguage                   string       `json:"invoice_language"`
	InvoicePaymentMethod              *string      `json:"invoice_payment_method"`
	InvoiceProforma                   bool         `json:"invoice_proforma"`
	InvoiceHideBankAccountForPayments []string     `json:"invoice_hide_bank_account_for_payments"`
	FixedExchangeRate                 bool         `json:"fixed_exchange_rate"`
	InvoiceSelfbilling                bool         `json:"invoice_selfbilling"`
	DefaultEstimateType               *string      `json:"default_estimate_type"`
	SendOverdueEmail                  bool         `json:"send_overdue_email"`
	OverdueEmailDays                  int          `json:"overdue_email_days"`
	SendRepeatedReminders             bool         `json:"send_repeated_reminders"`
	SendDueDateReminderEmail          bool         `json:"send_due_date_reminder_email"`
	DueDateReminderEmailDays          int          `json:"due_date_reminder_email_days"`
	SendInvoiceFromProformaEmail      bool         `json:"send_invoice_from_proforma_email"`
	SendThankYouEmail                 bool         `json:"send_thank_you_email"`
	InvoicePaypal                     bool         `json:"invoice_paypal"`
	InvoiceGopay                      bool         `json:"invoice_gopay"`
	CreatedAt                         DateTime     `json:"created_at"`
	UpdatedAt                         DateTime     `json:"updated_at"`
	// Extraction holds the `<vendor>_enabled`, `<vendor>_auto_processing_enabled` and
	// `<vendor>_remaining_extractions` keys of the OCR provider, whose name varies.
	Extraction map[string]ExtractionVendor `json:"-"`
}

// ExtractionVendor is the OCR provider's settings on the account.
type ExtractionVendor struct {
	Enabled               bool
	AutoProcessingEnabled bool
	RemainingExtractions  int
}

// VAT modes of an account.
const (
	VatPayer         = "vat_payer"
	NonVatPayer      = "non_vat_payer"
	IdentifiedPerson = "identified_person"
)

// UnmarshalJSON decodes the fixed fields and collects the vendor-named ones.
func (a *Account) UnmarshalJSON(b []byte) error {
	type plain Account
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	for k, v := range raw {
		var vendor, kind string
		switch {
		case strings.HasSuffix(k, "_auto_processing_enabled"):
			vendor, kind = strings.TrimSuffix(k, "_auto_processing_enabled"), "auto"
		case strings.HasSuffix(k, "_remaining_extractions"):
			vendor, kind = strings.TrimSuffix(k, "_remaining_extractions"), "remaining"
		case strings.HasSuffix(k, "_enabled") && !strings.HasPrefix(k, "send_"):
			vendor, kind = strings.TrimSuffix(k, "_enabled"), "enabled"
		default:
			continue
		}
		if p.Extraction == nil {
			p.Extraction = map[string]ExtractionVendor{}
		}
		ev := p.Extraction[vendor]
		switch kind {
		case "auto":
			_ = json.Unmarshal(v, &ev.AutoProcessingEnabled)
		case "remaining":
			ev.RemainingExtractions = looseInt(v)
		case "enabled":
			_ = json.Unmarshal(v, &ev.Enabled)
		}
		p.Extraction[vendor] = ev
	}
	*a = Account(p)
	return nil
}

// looseInt reads a count sent as a number or a numeric string; anything else is 0.
func looseInt(raw json.RawMessage) int {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return 0
	}
	n, ok := integerOf(v)
	if !ok {
		return 0
	}
	i, _ := strconv.Atoi(n.String())
	return i
}

// MarshalJSON writes the fixed fields and the vendor-named ones back (the sandbox uses it).
func (a Account) MarshalJSON() ([]byte, error) {
	type plain Account
	b, err := json.Marshal(plain(a))
	if err != nil || len(a.Extraction) == 0 {
		return b, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for vendor, ev := range a.Extraction {
		m[vendor+"_enabled"] = ev.Enabled
		m[vendor+"_auto_processing_enabled"] = ev.AutoProcessingEnabled
		m[vendor+"_remaining_extractions"] = ev.RemainingExtractions
	}
	return json.Marshal(m)
}

// BankAccount is one of the account's bank accounts (read-only).
type BankAccount struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread            Unread       `json:"-"`
	ID                int64        `json:"id"`
	Name              string       `json:"name"`
	Currency          string       `json:"currency"`
	Number            string       `json:"number"`
	IBAN              Null[string] `json:"iban"`
	SwiftBic          Null[string] `json:"swift_bic"`
	Pairing           bool         `json:"pairing"`
	ExpensePairing    bool         `json:"expense_pairing"`
	PaymentAdjustment bool         `json:"payment_adjustment"`
	Default           bool         `json:"default"`
	CreatedAt         DateTime     `json:"created_at"`
	UpdatedAt         DateTime     `json:"updated_at"`
}

// Webhook sends the account's changes to a URL.
type Webhook struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread               Unread   `json:"-"`
	ID                   int64    `json:"id"`
	FailedDeliveriesUUID string   `json:"failed_deliveries_uuid"`
	WebhookURL           string   `json:"webhook_url"`
	AuthHeader           string   `json:"auth_header"`
	Active               bool     `json:"active"`
	Events               []string `json:"events"`
	URL                  string   `json:"url"`
	CreatedAt            DateTime `json:"created_at"`
	UpdatedAt            DateTime `json:"updated_at"`
}

// WebhookParams is a create or partial update body; Events must not be empty.
type WebhookParams struct {
	WebhookURL *string   `json:"webhook_url,omitempty"`
	AuthHeader *string   `json:"auth_header,omitempty"`
	Active     *bool     `json:"active,omitempty"`
	Events     *[]string `json:"events,omitempty"`
}

// FailedDelivery is an event whose delivery failed after all retries.
type FailedDelivery struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread         Unread            `json:"-"`
	ID             int64             `json:"id"`
	EventName      string            `json:"event_name"`
	IdempotencyKey string            `json:"idempotency_key"`
	URL            string            `json:"url"`
	Body           WebhookPayload    `json:"body"`
	CreatedAt      DateTime          `json:"created_at"`
	UpdatedAt      DateTime          `json:"updated_at"`
	Deliveries     []DeliveryAttempt `json:"deliveries"`
}

// WebhookPayload is the JSON body of a webhook delivery.
type WebhookPayload struct {
	Body      map[string]any `json:"body"`
	CreatedAt DateTime       `json:"created_at"`
	EventName string         `json:"event_name"`
	WebhookID int64          `json:"webhook_id"`
}

// DeliveryAttempt is one try at delivering a webhook, most recent first.
type DeliveryAttempt struct {
	ID                  int64    `json:"id"`
	RequestID           string   `json:"request_id"`
	ResponseStatus      string   `json:"response_status"`
	ResponseContentType *string  `json:"response_content_type"`
	ResponseBody        *string  `json:"response_body"`
	StartedAt           DateTime `json:"started_at"`
	FinishedAt          DateTime `json:"finished_at"`
	CreatedAt           DateTime `json:"created_at"`
}

// WebhookEvents are the event names a webhook can subscribe to.
var WebhookEvents = []string{
	"invoice_created", "invoice_updated", "invoice_removed", "invoice_restored", "invoice_overdue",
	"invoice_paid", "invoice_payment_added", "invoice_payment_removed", "invoice_sent",
	"invoice_locked", "invoice_unlocked", "invoice_cancelled", "invoice_cancellation_removed",
	"invoice_uncollectible", "invoice_uncollectible_removed",
	"generator_created", "generator_updated", "generator_removed", "generator_restored",
	"recurring_generator_created", "recurring_generator_updated", "recurring_generator_removed",
	"recurring_generator_restored", "recurring_generator_invoice_created", "recurring_generator_paused",
	"expense_created", "expense_updated", "expense_removed", "expense_restored", "expense_overdue",
	"expense_paid", "expense_payment_added", "expense_payment_removed", "expense_locked", "expense_unlocked",
	"inbox_file_created", "inbox_file_updated", "inbox_file_removed", "inbox_file_removed_all",
	"inbox_file_ocr_processing_failed", "inbox_file_ocr_processing_rejected", "inbox_file_ocr_processed",
	"inventory_item_created", "inventory_item_updated", "inventory_item_removed",
	"inventory_item_archived", "inventory_item_unarchived",
	"inventory_move_created", "inventory_move_updated", "inventory_move_removed",
	"subject_created", "subject_updated", "subject_removed",
}

// NumberFormat is an invoice number format (read-only).
type NumberFormat struct {
	// Unread keeps the answer's values that fit no field (decode.go).
	Unread    Unread   `json:"-"`
	ID        int64    `json:"id"`
	Format    string   `json:"format"`
	Preview   string   `json:"preview"`
	Default   bool     `json:"default"`
	CreatedAt DateTime `json:"created_at"`
	UpdatedAt DateTime `json:"updated_at"`
}

// Download is a downloaded file.
type Download struct {
	Filename    string
	ContentType string
	Data        []byte
}
