package common

import (
	"context"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/store"
)

// The one search of the pickers (subjects in the editor and in filters,
// inventory items on a line): the service's search for what was typed,
// and beside it the records of the first pages of the list, read once per
// picker and matched here ignoring case and diacritics (locale.MatchFold).
// The service's search may compare letters exactly; a bookkeeper typing
// "kava" or "ucetni" still finds "Káva" and "Účetní".

// candidatePages bounds the pages a picker reads once for its own match
// (40 records a page) when the local copy does not hold the kind whole: a
// few requests per picker, not per keystroke.
const candidatePages = 3

// LoadCandidates are the records of kind a picker matches on its own: all
// of them from the local copy when it holds them whole (no request), else
// the first candidatePages pages of list (one page, numbered from 1),
// stopping at a short or empty page. Call it in a Cmd.
func LoadCandidates[T any](ctx context.Context, d *Deps, kind store.Kind, list func(ctx context.Context, page int) ([]T, error)) ([]T, error) {
	if rows, ok := ReadCopy[T](ctx, d, kind); ok {
		return rows, nil
	}
	var out []T
	for page := 1; page <= candidatePages; page++ {
		rows, err := list(ctx, page)
		if err != nil {
			return out, err
		}
		out = append(out, rows...)
		if len(rows) < 40 {
			break
		}
	}
	return out, nil
}

// MergeFolded is what a picker offers for query: the service's matches
// first, then the candidates whose texts contain query ignoring case and
// diacritics, each record once (by id).
func MergeFolded[T any](query string, found, candidates []T, id func(T) int64, texts func(T) []string) []T {
	seen := make(map[int64]bool, len(found))
	out := make([]T, 0, len(found))
	for _, r := range found {
		seen[id(r)] = true
		out = append(out, r)
	}
	for _, r := range candidates {
		if !seen[id(r)] && locale.MatchFold(query, texts(r)...) {
			seen[id(r)] = true
			out = append(out, r)
		}
	}
	return out
}

// SearchSubjects is the subject pickers' search for query: the service's
// subjects/search.json, with the subjects of LoadCandidates read when
// candidates is nil (loaded says they were read now: the picker keeps them
// for its next searches).
func SearchSubjects(ctx context.Context, d *Deps, c *apiclient.Client, query string, candidates []apiclient.Subject) (found, loaded []apiclient.Subject, err error) {
	found, _, err = c.Subjects.Search(ctx, apiclient.SearchOptions{Query: query})
	if err != nil {
		return nil, nil, err
	}
	if candidates == nil {
		loaded, _ = LoadCandidates(ctx, d, store.Subjects, func(ctx context.Context, page int) ([]apiclient.Subject, error) {
			rows, _, err := c.Subjects.List(ctx, apiclient.SubjectListOptions{ListOptions: apiclient.ListOptions{Page: page}})
			return rows, err
		})
		candidates = loaded
	}
	return MergeFolded(query, found, candidates, func(s apiclient.Subject) int64 { return s.ID }, subjectTexts), loaded, nil
}

// subjectTexts are what a subject is found by, as the service's search
// looks: name, full name, e-mails, registration and VAT numbers.
func subjectTexts(s apiclient.Subject) []string {
	return []string{s.Name, s.FullName.String(), s.Email, s.EmailCopy.String(), s.RegistrationNo, s.VatNo}
}
