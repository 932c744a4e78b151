package common

import (
	"errors"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// FieldKind says how a filter value is typed and checked.
type FieldKind int

// Filter field kinds.
const (
	FieldText    FieldKind = iota // free text
	FieldDate                     // YYYY-MM-DD (or ISO 8601), becomes a DateFilter time
	FieldChoice                   // one of Choices, picked with ←/→
	FieldID                       // a record id (positive integer)
	FieldSubject                  // a subject's id, picked by name (SubjectField)
)

// FilterField is one of an endpoint's own filters, offered by the `f` form.
type FilterField struct {
	Name    string // the query parameter: "status", "since", "subject_id"
	Label   string // "Status", "Created since"
	Kind    FieldKind
	Choices []string // FieldChoice: the allowed values ("" = any is added)
	// Codes puts the choices in words (nil: they are statuses).
	Codes Codes
}

// Check validates a value typed for the field; "" is always fine (no filter).
func (f FilterField) Check(l locale.Locale, v string, loc *time.Location) error {
	if v == "" {
		return nil
	}
	switch f.Kind {
	case FieldDate:
		if _, err := apiclient.ParseFilterTime(v, loc); err != nil {
			return fmt.Errorf("%s", l.Tf("%s: %q is not a date (%s)", l.T(f.Label), v, l.DateHint()))
		}
	case FieldID, FieldSubject:
		if n, err := strconv.ParseInt(v, 10, 64); err != nil || n <= 0 {
			return fmt.Errorf("%s", l.Tf("%s: %q is not a record id", l.T(f.Label), v))
		}
	case FieldChoice:
		for _, c := range f.Choices {
			if c == v {
				return nil
			}
		}
		return fmt.Errorf("%s", l.Tf("%s: %q is not one of %s", l.T(f.Label), v, strings.Join(f.Choices, ", ")))
	}
	return nil
}

// Query is what a list page asks its Fetch for: a page (1-based), the
// search text ("" means the index endpoint) and the filter values by field
// name (already checked).
type Query struct {
	Page   int
	Search string
	Filter map[string]string
	Loc    *time.Location
}

// Searching reports whether the search endpoint is to be used.
func (q Query) Searching() bool { return q.Search != "" }

// Date reads a date filter as an instant (start of the day in Loc).
func (q Query) Date(name string) time.Time {
	v := q.Filter[name]
	if v == "" {
		return time.Time{}
	}
	loc := q.Loc
	if loc == nil {
		loc = time.Local
	}
	t, err := apiclient.ParseFilterTime(v, loc)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Int reads an id filter; 0 when unset.
func (q Query) Int(name string) int64 {
	n, _ := strconv.ParseInt(q.Filter[name], 10, 64)
	return n
}

// SplitTags takes "#tag" words out of a search text: "acme #travel" gives
// "acme" and ["travel"].
func SplitTags(search string) (text string, tags []string) {
	var words []string
	for _, w := range strings.Fields(search) {
		if len(w) > 1 && w[0] == '#' {
			tags = append(tags, w[1:])
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, " "), tags
}

// FilteredList names a list page that always applies the given filters:
// FilteredList(nav.Invoices, "subject_id", "12") is the invoices of subject
// 12. The filters travel in the PageID's ID ("subject_id:12"), so the page
// is cached apart from the plain list.
func FilteredList(kind ui.Kind, pairs ...string) ui.PageID {
	var parts []string
	for i := 0; i+1 < len(pairs); i += 2 {
		parts = append(parts, pairs[i]+":"+pairs[i+1])
	}
	return ui.PageID{Kind: kind, ID: strings.Join(parts, ",")}
}

// ParseFilterID reads the filters of a FilteredList id.
func ParseFilterID(id string) (map[string]string, error) {
	out := map[string]string{}
	if id == "" {
		return out, nil
	}
	for _, part := range strings.Split(id, ",") {
		k, v, ok := strings.Cut(part, ":")
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("list id %q: want name:value pairs: %w", id, errBadListID)
		}
		out[k] = v
	}
	return out, nil
}

// describeFilter is "status: overdue · since: 2026-01-01" in field order.
// errBadListID is a list page id that is no filter.
var errBadListID = errors.New("bad list id")

func describeFilter(d *Deps, fields []FilterField, values map[string]string) string {
	var parts []string
	seen := map[string]bool{}
	for _, f := range fields {
		if v := values[f.Name]; v != "" {
			if f.Kind == FieldChoice {
				v = d.L.TC("status", v)
			}
			parts = append(parts, strings.ToLower(d.L.T(f.Label))+": "+v)
			seen[f.Name] = true
		}
	}
	var rest []string
	for k, v := range values {
		if !seen[k] && v != "" {
			rest = append(rest, k+": "+v)
		}
	}
	sort.Strings(rest)
	return strings.Join(append(parts, rest...), " · ")
}
