package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"strconv"
	"time"
)

// ListOptions selects a page of an index or search endpoint (1-based; 0 means 1).
type ListOptions struct {
	Page int
}

func (o ListOptions) apply(q url.Values) {
	if o.Page > 1 {
		q.Set("page", strconv.Itoa(o.Page))
	}
}

// DateFilter narrows an index by creation time (Since, Until) or by creation or
// update time (UpdatedSince, UpdatedUntil). Endpoints that lack a filter say so
// in their options type and refuse it before any request is spent.
type DateFilter struct {
	Since        time.Time
	Until        time.Time
	UpdatedSince time.Time
	UpdatedUntil time.Time
}

// Validate checks the filter before a request is spent on it: years the wire
// format can carry and ranges that are not upside down.
func (f DateFilter) Validate() error {
	check := func(name string, t time.Time) error {
		if t.IsZero() {
			return nil
		}
		if t.Year() < 1 || t.Year() > 9999 {
			return fmt.Errorf("%s: year %d is out of range for ISO 8601 (0001-9999)", name, t.Year())
		}
		return nil
	}
	for _, p := range []struct {
		n string
		t time.Time
	}{{"since", f.Since}, {"until", f.Until}, {"updated_since", f.UpdatedSince}, {"updated_until", f.UpdatedUntil}} {
		if err := check(p.n, p.t); err != nil {
			return err
		}
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && f.Until.Before(f.Since) {
		return fmt.Errorf("until (%s) is before since (%s)", f.Until.Format(time.RFC3339), f.Since.Format(time.RFC3339))
	}
	if !f.UpdatedSince.IsZero() && !f.UpdatedUntil.IsZero() && f.UpdatedUntil.Before(f.UpdatedSince) {
		return fmt.Errorf("updated_until (%s) is before updated_since (%s)", f.UpdatedUntil.Format(time.RFC3339), f.UpdatedSince.Format(time.RFC3339))
	}
	return nil
}

// apply writes the set filters; allowed lists the ones the endpoint takes.
func (f DateFilter) apply(q url.Values, allowed ...string) error {
	if err := f.Validate(); err != nil {
		return err
	}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	for _, p := range []struct {
		n string
		t time.Time
	}{{"since", f.Since}, {"until", f.Until}, {"updated_since", f.UpdatedSince}, {"updated_until", f.UpdatedUntil}} {
		if p.t.IsZero() {
			continue
		}
		if !ok[p.n] {
			return fmt.Errorf("filter %s is not supported by this endpoint", p.n)
		}
		q.Set(p.n, FormatFilterTime(p.t))
	}
	return nil
}

// FormatFilterTime writes an instant as the ISO 8601 the date filters want.
func FormatFilterTime(t time.Time) string { return t.Format(DateTimeLayout) }

// ParseFilterTime reads a user's filter value: a full ISO 8601 date-time, or a
// plain YYYY-MM-DD meaning the start of that day in loc.
func ParseFilterTime(s string, loc *time.Location) (time.Time, error) {
	if dt, err := ParseDateTime(s); err == nil {
		return dt.Time, nil
	}
	if t, err := time.ParseInLocation(DateLayout, s, loc); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%q is not a date (YYYY-MM-DD) or an ISO 8601 date-time", s)
}

// pageFetcher fetches one page.
type pageFetcher[T any] func(ctx context.Context, page int) ([]T, *Response, error)

// allPages walks the pages from start: it stops on an empty page, on a page
// shorter than PageSize, on an error (yielded once), and when ctx is done.
func allPages[T any](ctx context.Context, start int, fetch pageFetcher[T]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		page := max(start, 1)
		for {
			if err := ctx.Err(); err != nil {
				yield(zero, err)
				return
			}
			items, _, err := fetch(ctx, page)
			if err != nil {
				yield(zero, err)
				return
			}
			for _, it := range items {
				if !yield(it, nil) {
					return
				}
			}
			if len(items) < PageSize {
				return
			}
			page++
		}
	}
}

func setString(q url.Values, key, v string) {
	if v != "" {
		q.Set(key, v)
	}
}

func setID(q url.Values, key string, v int64) {
	if v != 0 {
		q.Set(key, strconv.FormatInt(v, 10))
	}
}

// wrapOpt reports options refused before any request was spent.
func wrapOpt(what string, err error) error { return fmt.Errorf("%s: %w", what, err) }
