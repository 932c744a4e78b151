package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/http"
)

// InvoicesService reads invoices and works with their payments and e-mails.
type InvoicesService struct{ c *Client }

func (s *InvoicesService) r() crud[Invoice, InvoiceParams] {
	return crud[Invoice, InvoiceParams]{s.c, "invoices", "invoice"}
}

// List is GET invoices.json (filters: dates, subject_id, custom_id, number, status, document_type).
func (s *InvoicesService) List(ctx context.Context, o DocumentListOptions) ([]Invoice, *Response, error) {
	q, err := o.values(false)
	if err != nil {
		return nil, nil, wrapOpt("list invoices", err)
	}
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *InvoicesService) ListAll(ctx context.Context, o DocumentListOptions) iter.Seq2[Invoice, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Invoice, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// Search is GET invoices/search.json (query, tags).
func (s *InvoicesService) Search(ctx context.Context, o SearchOptions) ([]Invoice, *Response, error) {
	return s.r().search(ctx, o)
}

// SearchAll iterates every page of a search.
func (s *InvoicesService) SearchAll(ctx context.Context, o SearchOptions) iter.Seq2[Invoice, error] {
	return s.r().searchAll(ctx, o)
}

// Get is GET invoices/{id}.json.
func (s *InvoicesService) Get(ctx context.Context, id int64) (*Invoice, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST invoices.json.
func (s *InvoicesService) Create(ctx context.Context, p *InvoiceParams) (*Invoice, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH invoices/{id}.json: only the fields set in p are sent.
func (s *InvoicesService) Update(ctx context.Context, id int64, p *InvoiceParams) (*Invoice, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE invoices/{id}.json.
func (s *InvoicesService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}

// Fire is POST invoices/{id}/fire.json?event=EVENT (InvoiceEvent* constants; 204, or 422).
func (s *InvoicesService) Fire(ctx context.Context, id int64, event string) (*Response, error) {
	return s.r().fire(ctx, id, event)
}

// CreatePayment is POST invoices/{id}/payments.json (201; 403 when paid or cancelled).
// It is never retried once it may have reached the service: on ErrOutcomeUnknown
// re-read the invoice's payments before sending again.
func (s *InvoicesService) CreatePayment(ctx context.Context, invoiceID int64, p *PaymentParams) (*Payment, *Response, error) {
	return createPayment(ctx, s.c, "invoices", invoiceID, p)
}

// DeletePayment is DELETE invoices/{id}/payments/{payment_id}.json (403 on a cancelled invoice).
func (s *InvoicesService) DeletePayment(ctx context.Context, invoiceID, paymentID int64) (*Response, error) {
	return deletePayment(ctx, s.c, "invoices", invoiceID, paymentID)
}

// CreateTaxDocument is POST invoices/{id}/payments/{payment_id}/create_tax_document.json:
// the payment comes back with TaxDocumentID set; fetch the document with Get.
func (s *InvoicesService) CreateTaxDocument(ctx context.Context, invoiceID, paymentID int64) (*Payment, *Response, error) {
	p, err := s.c.accountPath("invoices/%d/payments/%d/create_tax_document.json", invoiceID, paymentID)
	if err != nil {
		return nil, nil, fmt.Errorf("create tax document: %w", err)
	}
	out, resp, err := send[Payment](ctx, s.c, http.MethodPost, p, nil, nil)
	if err != nil {
		return nil, resp, fmt.Errorf("create tax document for payment %d of invoice %d: %w", paymentID, invoiceID, err)
	}
	return out, resp, nil
}

// SendMessage is POST invoices/{id}/message.json (204; 422 bad address; 403
// upgrade_required, quota_exhausted, email_delivery_disabled).
func (s *InvoicesService) SendMessage(ctx context.Context, invoiceID int64, m *InvoiceMessage) (*Response, error) {
	if m == nil {
		m = &InvoiceMessage{}
	}
	p, err := s.c.accountPath("invoices/%d/message.json", invoiceID)
	if err != nil {
		return nil, fmt.Errorf("send invoice e-mail: %w", err)
	}
	resp, err := sendNoContent(ctx, s.c, http.MethodPost, p, nil, m)
	if err != nil {
		return resp, fmt.Errorf("send e-mail for invoice %d: %w", invoiceID, err)
	}
	return resp, nil
}

// DownloadPDF is GET invoices/{id}/download.pdf (ErrNotReady on 204: try again shortly).
func (s *InvoicesService) DownloadPDF(ctx context.Context, invoiceID int64) (*Download, *Response, error) {
	p, err := s.c.accountPath("invoices/%d/download.pdf", invoiceID)
	if err != nil {
		return nil, nil, fmt.Errorf("download invoice PDF: %w", err)
	}
	d, resp, err := s.c.download(ctx, p)
	if err != nil {
		return nil, resp, fmt.Errorf("download PDF of invoice %d: %w", invoiceID, err)
	}
	return d, resp, nil
}

// DownloadAttachment is GET invoices/{id}/attachments/{attachment_id}/download
// (ErrNotReady on 204).
func (s *InvoicesService) DownloadAttachment(ctx context.Context, invoiceID, attachmentID int64) (*Download, *Response, error) {
	p, err := s.c.accountPath("invoices/%d/attachments/%d/download", invoiceID, attachmentID)
	if err != nil {
		return nil, nil, fmt.Errorf("download attachment %d: %w", attachmentID, err)
	}
	d, resp, err := s.c.download(ctx, p)
	if err != nil {
		return nil, resp, fmt.Errorf("download attachment %d of invoice %d: %w", attachmentID, invoiceID, err)
	}
	return d, resp, nil
}
