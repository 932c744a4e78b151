// Package export writes every record of a list, all pages, to CSV or JSON
// for scripts and spreadsheets: decimals exactly as the service wrote them,
// dates in ISO form. It reads through apiclient's ListAll iterators, so it
// spends one request per page and no more.
package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// Formats.
const (
	CSV  = "csv"
	JSON = "json"
)

// Filters narrow a list as its endpoint allows; a filter the kind's
// endpoint does not take is an error, never silently dropped.
type Filters struct {
	Since, Until, UpdatedSince, UpdatedUntil time.Time
	SubjectID, InventoryItemID               int64
	Status, CustomID, Number, DocumentType   string
	VariableSymbol                           string // expenses
	SKU, ArticleNumber                       string // inventory items
	// Query searches (the kind's search endpoint) instead of listing.
	Query string
}

// Options say what to write.
type Options struct {
	Kind    string
	Format  string
	Filters Filters
	// Progress, when set, is called after each record with the count so far.
	Progress func(rows int)
}

// Write writes every record of o.Kind to w and returns how many.
func Write(ctx context.Context, c *apiclient.Client, w io.Writer, o Options) (int, error) {
	src, ok := sources()[o.Kind]
	if !ok {
		return 0, Mistake{locale.Key("no list called “%s” (one of %s)"), []any{o.Kind, strings.Join(Kinds(), ", ")}}
	}
	if err := src.check(o.Filters); err != nil {
		return 0, fmt.Errorf("export %s: %w", o.Kind, err)
	}
	rows := src.rows(ctx, c, o.Filters)
	var n int
	var err error
	switch o.Format {
	case CSV, "":
		n, err = writeCSV(w, src.typ, rows, o.Progress)
	case JSON:
		n, err = writeJSON(w, rows, o.Progress)
	default:
		return 0, Mistake{locale.Key("format “%s” is not csv or json"), []any{o.Format}}
	}
	if err != nil {
		return n, fmt.Errorf("export %s: %w", o.Kind, err)
	}
	return n, nil
}

// Kinds are the lists that can be exported.
func Kinds() []string {
	all := sources()
	out := make([]string, 0, len(all))
	for k := range all {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func writeJSON(w io.Writer, rows iter.Seq2[any, error], progress func(int)) (int, error) {
	n := 0
	if _, err := io.WriteString(w, "["); err != nil {
		return 0, err
	}
	for r, err := range rows {
		if err != nil {
			return n, err
		}
		b, err := json.Marshal(r)
		if err != nil {
			return n, fmt.Errorf("encode record %d: %w", n+1, err)
		}
		sep := ",\n"
		if n == 0 {
			sep = "\n"
		}
		if _, err := io.WriteString(w, sep+string(b)); err != nil {
			return n, err
		}
		n++
		if progress != nil {
			progress(n)
		}
	}
	_, err := io.WriteString(w, "\n]\n")
	return n, err
}

// errFilter names a filter a kind's endpoint does not take.
func errFilter(name string) error {
	return Mistake{locale.Key("this list cannot be filtered by %s"), []any{name}}
}

// Mistake is an export asked for what it cannot do (a list or a format it
// does not know, a filter the list does not take): its words are a catalog
// key and their arguments, so the command says it in the user's language.
type Mistake struct {
	Key  string
	Args []any
}

func (m Mistake) Error() string { return fmt.Sprintf(m.Key, m.Args...) }
