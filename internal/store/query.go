package store

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Query is a filtered, searched window of one kind, newest first.
type Query struct {
	Kind Kind
	// Filter: status, document_type, number, variable_symbol, custom_id (equal);
	// subject_id, inventory_item_id (equal, decimal text); since, until (CreatedAt
	// range; "2006-01-02" or RFC 3339). An unknown filter name is an error.
	Filter map[string]string
	// Search: words, each matched as a prefix, diacritics and case ignored ("kava" finds
	// "Káva"); a word "#tag" matches a tag exactly instead. FTS5 with unicode61 remove_diacritics 2.
	Search        string
	Offset, Limit int // Limit 0: no limit
}

// equalFilters are the filters that compare a text column.
var equalFilters = map[string]string{
	"status":          "status",
	"document_type":   "document_type",
	"number":          "number",
	"variable_symbol": "variable_symbol",
	"custom_id":       "custom_id",
}

// idFilters are the filters that compare an ID column.
var idFilters = map[string]string{
	"subject_id":        "subject_id",
	"inventory_item_id": "item_id",
}

// where is the FROM and WHERE clauses of a query (the records as r) and
// their arguments. With byMatches, a search walks its matches and looks each
// record up, so its cost follows the matches, not the kind's size (a count,
// a window of a rare word). Without, the kind's order index is walked and
// rows among the matches kept, stopping once the window is full (a window of
// a common word).
func (q Query) where(byMatches bool) (string, []any, error) {
	from := "records r"
	var conds []string
	var args []any
	match, tags := searchTerms(q.Search)
	switch {
	case match != "" && byMatches:
		from = "records_fts CROSS JOIN records r ON r.rid = records_fts.rowid"
		conds = append(conds, "records_fts MATCH ?")
		args = append(args, match)
	case match != "":
		conds = append(conds, "r.rid IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ?)")
		args = append(args, match)
	}
	conds = append(conds, "r.kind = ?")
	args = append(args, string(q.Kind))
	for _, name := range slices.Sorted(maps.Keys(q.Filter)) {
		value := q.Filter[name]
		cond, arg, err := filterCond(name, value)
		if err != nil {
			return "", nil, err
		}
		conds = append(conds, cond)
		args = append(args, arg)
	}
	for _, tag := range tags {
		conds = append(conds, "r.rid IN (SELECT rid FROM record_tags WHERE tag = ?)")
		args = append(args, tag)
	}
	return from + " WHERE " + strings.Join(conds, " AND "), args, nil
}

func filterCond(name, value string) (string, any, error) {
	if col, ok := equalFilters[name]; ok {
		return "r." + col + " = ?", value, nil
	}
	if col, ok := idFilters[name]; ok {
		id, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil {
			return "", nil, fmt.Errorf("filter %s: %q is not a whole number", name, value)
		}
		return "r." + col + " = ?", id, nil
	}
	switch name {
	case "since":
		t, _, err := parseFilterTime(value)
		if err != nil {
			return "", nil, fmt.Errorf("filter since: %w", err)
		}
		return "r.created_at >= ?", t.Unix(), nil
	case "until":
		t, dateOnly, err := parseFilterTime(value)
		if err != nil {
			return "", nil, fmt.Errorf("filter until: %w", err)
		}
		if dateOnly { // the whole day is included
			return "r.created_at < ?", t.AddDate(0, 0, 1).Unix(), nil
		}
		return "r.created_at <= ?", t.Unix(), nil
	}
	return "", nil, fmt.Errorf("filter %q: no such filter (status, document_type, number, "+
		"variable_symbol, custom_id, subject_id, inventory_item_id, since, until)", name)
}

// parseFilterTime reads "2006-01-02" (local midnight) or RFC 3339.
func parseFilterTime(s string) (time.Time, bool, error) {
	s = strings.TrimSpace(s)
	if t, err := time.ParseInLocation(time.DateOnly, s, time.Local); err == nil {
		return t, true, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, false, nil
	}
	return time.Time{}, false, fmt.Errorf("%q is not a date (2006-01-02) or a time (RFC 3339)", s)
}

// searchTerms splits a search into an FTS5 query (every word a quoted
// prefix, all required) and the "#tag" words (normalised). Words with no
// letter or digit are left out: the tokenizer would make nothing of them.
func searchTerms(search string) (string, []string) {
	var phrases, tags []string
	for _, w := range strings.Fields(search) {
		if strings.HasPrefix(w, "#") && len(w) > 1 {
			tags = append(tags, normalTag(w[1:]))
			continue
		}
		if !strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			continue
		}
		phrases = append(phrases, `"`+strings.ReplaceAll(w, `"`, `""`)+`"*`)
	}
	return strings.Join(phrases, " "), tags
}

// window is the LIMIT/OFFSET clause.
func (q Query) window() string {
	if q.Limit <= 0 && q.Offset <= 0 {
		return ""
	}
	limit := q.Limit
	if limit <= 0 {
		limit = -1
	}
	return fmt.Sprintf(" LIMIT %d OFFSET %d", limit, max(q.Offset, 0))
}

// List is the JSON of the query's rows, newest first (Date desc, ID desc).
func (s *Store) List(ctx context.Context, q Query) ([][]byte, error) {
	var out [][]byte
	if q.Limit > 0 {
		out = make([][]byte, 0, q.Limit)
	}
	err := s.each(ctx, q, func(b []byte) error {
		out = append(out, b)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Each streams every row of the query to fn, its window (Offset, Limit)
// aside: totals over a whole filtered list. An error from fn stops it and is
// returned. fn may keep the slice.
func (s *Store) Each(ctx context.Context, q Query, fn func(json []byte) error) error {
	q.Offset, q.Limit = 0, 0
	return s.each(ctx, q, fn) // Scan into *[]byte copies
}

// fewMatches is where a window stops walking the kind's order index and
// walks a search's matches instead: sorting up to this many is cheaper than
// passing over every record of the kind to find a rare one.
const fewMatches = 2000

// fewMatchesFor is whether a query's search has fewer than fewMatches
// matches; reading that many rowids of the index is a fraction of a millisecond.
func (s *Store) fewMatchesFor(ctx context.Context, q Query) (bool, error) {
	match, _ := searchTerms(q.Search)
	if match == "" {
		return false, nil
	}
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM records_fts
		WHERE records_fts MATCH ? LIMIT ?)`, match, fewMatches).Scan(&n)
	return n < fewMatches, err
}

func (s *Store) each(ctx context.Context, q Query, fn func([]byte) error) error {
	byMatches, err := s.fewMatchesFor(ctx, q)
	if err != nil {
		return fmt.Errorf("list %s: %w", q.Kind, err)
	}
	where, args, err := q.where(byMatches)
	if err != nil {
		return fmt.Errorf("list %s: %w", q.Kind, err)
	}
	// The window is chosen on the narrow columns first; only its rows' JSON is read.
	rows, err := s.db.QueryContext(ctx, "SELECT o.json FROM (SELECT r.rid AS rid, r.date AS date, r.id AS id FROM "+
		where+" ORDER BY r.date DESC, r.id DESC"+q.window()+") w JOIN bodies o ON o.rid = w.rid"+
		" ORDER BY w.date DESC, w.id DESC", args...)
	if err != nil {
		return fmt.Errorf("list %s: %w", q.Kind, err)
	}
	defer rows.Close()
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			return fmt.Errorf("list %s: %w", q.Kind, err)
		}
		if err := fn(b); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list %s: %w", q.Kind, err)
	}
	return nil
}

// Count is how many rows the query has, its window aside.
func (s *Store) Count(ctx context.Context, q Query) (int, error) {
	where, args, err := q.where(true)
	if err != nil {
		return 0, fmt.Errorf("count %s: %w", q.Kind, err)
	}
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM "+where, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count %s: %w", q.Kind, err)
	}
	return n, nil
}
