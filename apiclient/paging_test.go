package apiclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// pagedSubjects answers page p with sizes[p-1] subjects (ids p*1000+i), and an
// empty page past the end.
func pagedSubjects(sizes ...int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := 1
		if v := r.URL.Query().Get("page"); v != "" {
			p, _ = strconv.Atoi(v)
		}
		out := []map[string]any{}
		if p >= 1 && p <= len(sizes) {
			for i := 0; i < sizes[p-1]; i++ {
				out = append(out, map[string]any{"id": p*1000 + i, "name": fmt.Sprintf("S%d-%d", p, i)})
			}
		}
		_ = json.NewEncoder(w).Encode(out)
	}
}

func collect[T any](t *testing.T, seq iter.Seq2[T, error]) ([]T, error) {
	t.Helper()
	var out []T
	for v, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

func TestListAllStopsOnShortPage(t *testing.T) {
	api := newFakeAPI(t, pagedSubjects(40, 40, 5))
	got, err := collect(t, api.client(t).Subjects.ListAll(context.Background(), SubjectListOptions{CustomID: "x"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 85 || got[0].ID != 1000 || got[84].ID != 3004 {
		t.Fatalf("%d subjects, first %d last %d", len(got), got[0].ID, got[len(got)-1].ID)
	}
	reqs := api.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3 (the short page is the last)", len(reqs))
	}
	for i, r := range reqs {
		wantPage := ""
		if i > 0 {
			wantPage = strconv.Itoa(i + 1)
		}
		if r.Query["page"] == nil && wantPage != "" || r.Query["page"] != nil && r.Query["page"][0] != wantPage {
			t.Errorf("request %d page %v, want %q", i, r.Query["page"], wantPage)
		}
		if r.Query["custom_id"][0] != "x" {
			t.Errorf("request %d lost the filter", i)
		}
	}
}

func TestListAllStopsOnEmptyPage(t *testing.T) {
	api := newFakeAPI(t, pagedSubjects(40, 40))
	got, err := collect(t, api.client(t).Subjects.ListAll(context.Background(), SubjectListOptions{}))
	if err != nil || len(got) != 80 || api.count() != 3 {
		t.Fatalf("%d subjects, %d requests, %v; want 80 over 3", len(got), api.count(), err)
	}
	// Starting from a later page.
	api = newFakeAPI(t, pagedSubjects(40, 40, 1))
	got, _ = collect(t, api.client(t).Subjects.ListAll(context.Background(), SubjectListOptions{ListOptions: ListOptions{Page: 2}}))
	if len(got) != 41 || api.count() != 2 {
		t.Fatalf("from page 2: %d subjects, %d requests", len(got), api.count())
	}
}

func TestListAllStopsOnErrorAndCancel(t *testing.T) {
	var n atomic.Int32
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 2 {
			w.WriteHeader(404)
			return
		}
		pagedSubjects(40, 40, 40)(w, r)
	})
	got, err := collect(t, api.client(t).Subjects.ListAll(context.Background(), SubjectListOptions{}))
	var nf *NotFoundError
	if !errors.As(err, &nf) || len(got) != 40 || api.count() != 2 {
		t.Fatalf("%d subjects, %d requests, %v", len(got), api.count(), err)
	}

	api = newFakeAPI(t, pagedSubjects(40, 40, 40, 40))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	count := 0
	for _, err := range api.client(t).Subjects.ListAll(ctx, SubjectListOptions{}) {
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%v, want context.Canceled", err)
			}
			break
		}
		count++
		if count == 40 {
			cancel()
		}
	}
	if count != 40 || api.count() != 1 {
		t.Errorf("%d subjects over %d requests after cancelling on the first page", count, api.count())
	}

	// A consumer that stops early stops the paging.
	api = newFakeAPI(t, pagedSubjects(40, 40))
	for s := range api.client(t).Subjects.ListAll(context.Background(), SubjectListOptions{}) {
		_ = s
		break
	}
	if api.count() != 1 {
		t.Errorf("break: %d requests", api.count())
	}
}

// Every ListAll and SearchAll walks pages the same way.
func TestEveryIteratorPages(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("page") == "" {
			items := make([]string, PageSize)
			for i := range items {
				items[i] = "{}"
			}
			_, _ = w.Write([]byte("[" + strings.Join(items, ",") + "]"))
			return
		}
		_, _ = w.Write([]byte("[{}]"))
	})
	c := api.client(t)
	ctx := context.Background()
	counts := map[string]func() int{
		"subjects search":    func() int { return count(c.Subjects.SearchAll(ctx, SearchOptions{Query: "a"})) },
		"invoices":           func() int { return count(c.Invoices.ListAll(ctx, DocumentListOptions{})) },
		"invoices search":    func() int { return count(c.Invoices.SearchAll(ctx, SearchOptions{})) },
		"expenses":           func() int { return count(c.Expenses.ListAll(ctx, DocumentListOptions{})) },
		"expenses search":    func() int { return count(c.Expenses.SearchAll(ctx, SearchOptions{})) },
		"generators":         func() int { return count(c.Generators.ListAll(ctx, GeneratorListOptions{})) },
		"recurring":          func() int { return count(c.RecurringGenerators.ListAll(ctx, GeneratorListOptions{})) },
		"items":              func() int { return count(c.InventoryItems.ListAll(ctx, InventoryItemListOptions{})) },
		"items search":       func() int { return count(c.InventoryItems.SearchAll(ctx, SearchOptions{})) },
		"moves":              func() int { return count(c.InventoryMoves.ListAll(ctx, InventoryMoveListOptions{})) },
		"inbox":              func() int { return count(c.InboxFiles.ListAll(ctx, ListOptions{})) },
		"todos":              func() int { return count(c.Todos.ListAll(ctx, TodoListOptions{})) },
		"events":             func() int { return count(c.Events.ListAll(ctx, EventListOptions{})) },
		"webhooks":           func() int { return count(c.Webhooks.ListAll(ctx, ListOptions{})) },
		"subjects (control)": func() int { return count(c.Subjects.ListAll(ctx, SubjectListOptions{})) },
	}
	for name, f := range counts {
		before := api.count()
		if n := f(); n != PageSize+1 || api.count()-before != 2 {
			t.Errorf("%s: %d records over %d requests, want %d over 2", name, n, api.count()-before, PageSize+1)
		}
	}
}

func count[T any](seq iter.Seq2[T, error]) int {
	n := 0
	for _, err := range seq {
		if err != nil {
			return -1
		}
		n++
	}
	return n
}

// Filters an endpoint does not take, and upside-down ranges, are refused before
// any request is spent.
func TestDateFiltersValidatedBeforeRequest(t *testing.T) {
	api := newFakeAPI(t, answer(200, `[]`))
	c := api.client(t)
	ctx := context.Background()
	d1 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	d0 := d1.AddDate(0, -1, 0)
	calls := map[string]func() error{
		"subjects until": func() error {
			_, _, err := c.Subjects.List(ctx, SubjectListOptions{DateFilter: DateFilter{Until: d1}})
			return err
		},
		"subjects upd until": func() error {
			_, _, err := c.Subjects.List(ctx, SubjectListOptions{DateFilter: DateFilter{UpdatedUntil: d1}})
			return err
		},
		"generators until": func() error {
			_, _, err := c.Generators.List(ctx, GeneratorListOptions{DateFilter: DateFilter{Until: d1}})
			return err
		},
		"recurring upd until": func() error {
			_, _, err := c.RecurringGenerators.List(ctx, GeneratorListOptions{DateFilter: DateFilter{UpdatedUntil: d1}})
			return err
		},
		"expenses until<since": func() error {
			_, _, err := c.Expenses.List(ctx, DocumentListOptions{DateFilter: DateFilter{Since: d1, Until: d0}})
			return err
		},
		"invoices upd range": func() error {
			_, _, err := c.Invoices.List(ctx, DocumentListOptions{DateFilter: DateFilter{UpdatedSince: d1, UpdatedUntil: d0}})
			return err
		},
		"invoices var symbol": func() error { _, _, err := c.Invoices.List(ctx, DocumentListOptions{VariableSymbol: "1"}); return err },
		"items until<since": func() error {
			_, _, err := c.InventoryItems.List(ctx, InventoryItemListOptions{DateFilter: DateFilter{Since: d1, Until: d0}})
			return err
		},
		"archived until<since": func() error {
			_, _, err := c.InventoryItems.ListArchived(ctx, InventoryItemListOptions{DateFilter: DateFilter{Since: d1, Until: d0}})
			return err
		},
		"moves until<since": func() error {
			_, _, err := c.InventoryMoves.List(ctx, InventoryMoveListOptions{DateFilter: DateFilter{Since: d1, Until: d0}})
			return err
		},
		"year 10000": func() error {
			_, _, err := c.Todos.List(ctx, TodoListOptions{Since: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)})
			return err
		},
		"events year 10000": func() error {
			_, _, err := c.Events.ListPaid(ctx, EventListOptions{Since: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)})
			return err
		},
		"iterator refuses too": func() error {
			return firstErr(c.Subjects.ListAll(ctx, SubjectListOptions{DateFilter: DateFilter{Until: d1}}))
		},
	}
	for name, call := range calls {
		if err := call(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if n := api.count(); n != 0 {
		t.Errorf("%d requests spent on refused filters", n)
	}
	if err := (DateFilter{Since: d0, Until: d1, UpdatedSince: d0, UpdatedUntil: d1}).Validate(); err != nil {
		t.Errorf("a good filter: %v", err)
	}
	err := (DateFilter{Since: d1, Until: d0}).Validate()
	if err == nil || !strings.Contains(err.Error(), "until") {
		t.Errorf("%v", err)
	}
}

func firstErr[T any](seq iter.Seq2[T, error]) error {
	for _, err := range seq {
		return err
	}
	return nil
}

func TestFilterTimeText(t *testing.T) {
	ts := time.Date(2026, 11, 22, 14, 5, 0, 123e6, time.FixedZone("", 3600))
	if s := FormatFilterTime(ts); s != "2026-11-22T14:05:00.123+01:00" {
		t.Errorf("format %q", s)
	}
	got, err := ParseFilterTime("2026-11-22T14:05:00.123+01:00", time.UTC)
	if err != nil || !got.Equal(ts) {
		t.Errorf("%v %v", got, err)
	}
	got, err = ParseFilterTime("2026-11-22", cet)
	if err != nil || !got.Equal(time.Date(2026, 11, 22, 0, 0, 0, 0, cet)) {
		t.Errorf("plain date: %v %v", got, err)
	}
	if _, err := ParseFilterTime("22.11.2026", time.UTC); err == nil {
		t.Error("accepted 22.11.2026")
	}
}
