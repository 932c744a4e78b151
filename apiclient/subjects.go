package apiclient

import (
	"context"
	"iter"
	"net/url"
)

// SubjectsService manages contacts.
type SubjectsService struct{ c *Client }

func (s *SubjectsService) r() crud[Subject, SubjectParams] {
	return crud[Subject, SubjectParams]{s.c, "subjects", "subject"}
}

// SubjectListOptions filters the subject index (since and updated_since only).
type SubjectListOptions struct {
	ListOptions
	DateFilter
	CustomID string
}

func (o SubjectListOptions) values() (url.Values, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := o.DateFilter.apply(q, "since", "updated_since"); err != nil {
		return nil, err
	}
	setString(q, "custom_id", o.CustomID)
	return q, nil
}

// List is GET subjects.json.
func (s *SubjectsService) List(ctx context.Context, o SubjectListOptions) ([]Subject, *Response, error) {
	q, err := o.values()
	if err != nil {
		return nil, nil, wrapOpt("list subjects", err)
	}
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *SubjectsService) ListAll(ctx context.Context, o SubjectListOptions) iter.Seq2[Subject, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Subject, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// Search is GET subjects/search.json over name, full_name, email, email_copy,
// registration_no, vat_no and private_note.
func (s *SubjectsService) Search(ctx context.Context, o SearchOptions) ([]Subject, *Response, error) {
	return s.r().search(ctx, o)
}

// SearchAll iterates every page of a search.
func (s *SubjectsService) SearchAll(ctx context.Context, o SearchOptions) iter.Seq2[Subject, error] {
	return s.r().searchAll(ctx, o)
}

// Get is GET subjects/{id}.json.
func (s *SubjectsService) Get(ctx context.Context, id int64) (*Subject, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST subjects.json (201; 403 past the plan's subject limit; 422).
func (s *SubjectsService) Create(ctx context.Context, p *SubjectParams) (*Subject, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH subjects/{id}.json: only the fields set in p are sent.
func (s *SubjectsService) Update(ctx context.Context, id int64, p *SubjectParams) (*Subject, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE subjects/{id}.json (refused for a subject with documents).
func (s *SubjectsService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}
