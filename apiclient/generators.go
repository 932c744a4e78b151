package apiclient

import (
	"context"
	"iter"
	"net/http"
	"net/url"
)

// GeneratorListOptions filters the generator and recurring generator indexes.
type GeneratorListOptions struct {
	ListOptions
	DateFilter
	SubjectID int64
}

func (o GeneratorListOptions) values() (url.Values, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := o.DateFilter.apply(q, "since", "updated_since"); err != nil {
		return nil, err
	}
	setID(q, "subject_id", o.SubjectID)
	return q, nil
}

// GeneratorsService manages invoice templates.
type GeneratorsService struct{ c *Client }

func (s *GeneratorsService) r() crud[Generator, GeneratorParams] {
	return crud[Generator, GeneratorParams]{s.c, "generators", "generator"}
}

// List is GET generators.json.
func (s *GeneratorsService) List(ctx context.Context, o GeneratorListOptions) ([]Generator, *Response, error) {
	q, err := o.values()
	if err != nil {
		return nil, nil, wrapOpt("list generators", err)
	}
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *GeneratorsService) ListAll(ctx context.Context, o GeneratorListOptions) iter.Seq2[Generator, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Generator, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// Get is GET generators/{id}.json.
func (s *GeneratorsService) Get(ctx context.Context, id int64) (*Generator, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST generators.json (403 without a bank account).
func (s *GeneratorsService) Create(ctx context.Context, p *GeneratorParams) (*Generator, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH generators/{id}.json.
func (s *GeneratorsService) Update(ctx context.Context, id int64, p *GeneratorParams) (*Generator, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE generators/{id}.json.
func (s *GeneratorsService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}

// RecurringGeneratorsService manages recurring generators.
type RecurringGeneratorsService struct{ c *Client }

func (s *RecurringGeneratorsService) r() crud[RecurringGenerator, RecurringGeneratorParams] {
	return crud[RecurringGenerator, RecurringGeneratorParams]{s.c, "recurring_generators", "recurring generator"}
}

// List is GET recurring_generators.json.
func (s *RecurringGeneratorsService) List(ctx context.Context, o GeneratorListOptions) ([]RecurringGenerator, *Response, error) {
	q, err := o.values()
	if err != nil {
		return nil, nil, wrapOpt("list recurring generators", err)
	}
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *RecurringGeneratorsService) ListAll(ctx context.Context, o GeneratorListOptions) iter.Seq2[RecurringGenerator, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]RecurringGenerator, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// Get is GET recurring_generators/{id}.json.
func (s *RecurringGeneratorsService) Get(ctx context.Context, id int64) (*RecurringGenerator, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST recurring_generators.json (403 without a bank account or past the plan's limit).
func (s *RecurringGeneratorsService) Create(ctx context.Context, p *RecurringGeneratorParams) (*RecurringGenerator, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH recurring_generators/{id}.json.
func (s *RecurringGeneratorsService) Update(ctx context.Context, id int64, p *RecurringGeneratorParams) (*RecurringGenerator, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE recurring_generators/{id}.json.
func (s *RecurringGeneratorsService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}

// Pause is PATCH recurring_generators/{id}/pause.json.
func (s *RecurringGeneratorsService) Pause(ctx context.Context, id int64) (*RecurringGenerator, *Response, error) {
	return s.r().action(ctx, http.MethodPatch, id, "pause", nil)
}

// Activate is PATCH recurring_generators/{id}/activate.json, with an optional next date.
func (s *RecurringGeneratorsService) Activate(ctx context.Context, id int64, nextOccurrence *Date) (*RecurringGenerator, *Response, error) {
	var body any
	if nextOccurrence != nil && !nextOccurrence.IsZero() {
		body = struct {
			NextOccurrenceOn Date `json:"next_occurrence_on"`
		}{*nextOccurrence}
	}
	return s.r().action(ctx, http.MethodPatch, id, "activate", body)
}
