package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
)

// ExpensesService manages expenses and their payments.
type ExpensesService struct{ c *Client }

func (s *ExpensesService) r() crud[Expense, ExpenseParams] {
	return crud[Expense, ExpenseParams]{s.c, "expenses", "expense"}
}

// DocumentListOptions filters the expense and invoice indexes.
type DocumentListOptions struct {
	ListOptions
	DateFilter
	SubjectID      int64
	CustomID       string
	Number         string
	VariableSymbol string // expenses only
	Status         string
	DocumentType   string
}

func (o DocumentListOptions) values(withVS bool) (url.Values, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := o.DateFilter.apply(q, "since", "until", "updated_since", "updated_until"); err != nil {
		return nil, err
	}
	setID(q, "subject_id", o.SubjectID)
	setString(q, "custom_id", o.CustomID)
	setString(q, "number", o.Number)
	if o.VariableSymbol != "" && !withVS {
		return nil, fmt.Errorf("filter variable_symbol is not supported by this endpoint")
	}
	setString(q, "variable_symbol", o.VariableSymbol)
	setString(q, "status", o.Status)
	setString(q, "document_type", o.DocumentType)
	return q, nil
}

// List is GET expenses.json.
func (s *ExpensesService) List(ctx context.Context, o DocumentListOptions) ([]Expense, *Response, error) {
	q, err := o.values(true)
	if err != nil {
		return nil, nil, wrapOpt("list expenses", err)
	}
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *ExpensesService) ListAll(ctx context.Context, o DocumentListOptions) iter.Seq2[Expense, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Expense, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// Search is GET expenses/search.json (query over numbers, supplier, description,
// notes and lines; tags only through Tags).
func (s *ExpensesService) Search(ctx context.Context, o SearchOptions) ([]Expense, *Response, error) {
	return s.r().search(ctx, o)
}

// SearchAll iterates every page of a search.
func (s *ExpensesService) SearchAll(ctx context.Context, o SearchOptions) iter.Seq2[Expense, error] {
	return s.r().searchAll(ctx, o)
}

// Get is GET expenses/{id}.json.
func (s *ExpensesService) Get(ctx context.Context, id int64) (*Expense, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST expenses.json.
func (s *ExpensesService) Create(ctx context.Context, p *ExpenseParams) (*Expense, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH expenses/{id}.json: only the fields set in p are sent.
func (s *ExpensesService) Update(ctx context.Context, id int64, p *ExpenseParams) (*Expense, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE expenses/{id}.json.
func (s *ExpensesService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}

// Lock is POST expenses/{id}/fire.json?event=lock (204; 422 when it cannot be fired).
func (s *ExpensesService) Lock(ctx context.Context, id int64) (*Response, error) {
	return s.r().fire(ctx, id, "lock")
}

// Unlock is POST expenses/{id}/fire.json?event=unlock.
func (s *ExpensesService) Unlock(ctx context.Context, id int64) (*Response, error) {
	return s.r().fire(ctx, id, "unlock")
}

// CreatePayment is POST expenses/{id}/payments.json (201; 403 forbidden when paid).
// It is never retried once it may have reached the service: on ErrOutcomeUnknown
// re-read the expense's payments before sending again.
func (s *ExpensesService) CreatePayment(ctx context.Context, expenseID int64, p *PaymentParams) (*Payment, *Response, error) {
	return createPayment(ctx, s.c, "expenses", expenseID, p)
}

// DeletePayment is DELETE expenses/{id}/payments/{payment_id}.json.
func (s *ExpensesService) DeletePayment(ctx context.Context, expenseID, paymentID int64) (*Response, error) {
	return deletePayment(ctx, s.c, "expenses", expenseID, paymentID)
}

// DownloadAttachment is GET expenses/{id}/attachments/{attachment_id}/download
// (ErrNotReady on 204).
func (s *ExpensesService) DownloadAttachment(ctx context.Context, expenseID, attachmentID int64) (*Download, *Response, error) {
	p, err := s.c.accountPath("expenses/%d/attachments/%d/download", expenseID, attachmentID)
	if err != nil {
		return nil, nil, fmt.Errorf("download attachment %d: %w", attachmentID, err)
	}
	d, resp, err := s.c.download(ctx, p)
	if err != nil {
		return nil, resp, fmt.Errorf("download attachment %d of expense %d: %w", attachmentID, expenseID, err)
	}
	return d, resp, nil
}

func createPayment(ctx context.Context, c *Client, coll string, docID int64, p *PaymentParams) (*Payment, *Response, error) {
	if p == nil {
		p = &PaymentParams{}
	}
	path, err := c.accountPath("%s/%d/payments.json", coll, docID)
	if err != nil {
		return nil, nil, fmt.Errorf("create payment: %w", err)
	}
	out, resp, err := send[Payment](ctx, c, http.MethodPost, path, nil, p)
	if err != nil {
		return nil, resp, fmt.Errorf("create payment on %s %d: %w", coll[:len(coll)-1], docID, err)
	}
	return out, resp, nil
}

func deletePayment(ctx context.Context, c *Client, coll string, docID, paymentID int64) (*Response, error) {
	path, err := c.accountPath("%s/%d/payments/%d.json", coll, docID, paymentID)
	if err != nil {
		return nil, fmt.Errorf("delete payment: %w", err)
	}
	resp, err := sendNoContent(ctx, c, http.MethodDelete, path, nil, nil)
	if err != nil {
		return resp, fmt.Errorf("delete payment %d of %s %d: %w", paymentID, coll[:len(coll)-1], docID, err)
	}
	return resp, nil
}
