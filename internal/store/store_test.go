package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	dir := t.TempDir()
	path := Path(dir, "acme")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, dir
}

func rec(id int64, date string, text string, tags ...string) Record {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		panic(err)
	}
	return Record{ID: id, JSON: []byte(fmt.Sprintf(`{"id":%d}`, id)), Date: d, CreatedAt: d, Text: text, Tags: tags}
}

func ids(t *testing.T, rows [][]byte) string {
	t.Helper()
	var out []string
	for _, r := range rows {
		out = append(out, strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(string(r), `{"id":`), "}")))
	}
	return strings.Join(out, ",")
}

func list(t *testing.T, s *Store, q Query) string {
	t.Helper()
	rows, err := s.List(context.Background(), q)
	if err != nil {
		t.Fatalf("List(%+v): %v", q, err)
	}
	return ids(t, rows)
}

func TestFileIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes")
	}
	s, dir := openTemp(t)
	ctx := context.Background()
	if err := s.Put(ctx, Invoices, rec(1, "2026-01-01", "a")); err != nil {
		t.Fatal(err)
	}
	path := Path(dir, "acme")
	fi, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o700 {
		t.Errorf("folder mode %v, want 0700", fi.Mode().Perm())
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		fi, err := os.Stat(path + suffix)
		if err != nil {
			t.Fatalf("%s: %v (WAL mode keeps the -wal and -shm files while open)", suffix, err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v, want 0600", filepath.Base(path+suffix), fi.Mode().Perm())
		}
	}
}

func TestOpenTightensALooseFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes")
	}
	dir := t.TempDir()
	path := Path(dir, "acme")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after open %v, want 0600", fi.Mode().Perm())
	}
}

func TestRemoveDeletesTheCopy(t *testing.T) {
	s, dir := openTemp(t)
	if err := s.Put(context.Background(), Invoices, rec(1, "2026-01-01", "a")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := Remove(dir, "acme"); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if _, err := os.Stat(Path(dir, "acme") + suffix); !os.IsNotExist(err) {
			t.Errorf("%s still there after Remove (%v)", suffix, err)
		}
	}
	if err := Remove(dir, "acme"); err != nil {
		t.Errorf("Remove of an absent copy: %v, want no error", err)
	}
}

func TestSchemaChangeEmptiesTheCopy(t *testing.T) {
	s, dir := openTemp(t)
	ctx := context.Background()
	if err := s.Put(ctx, Invoices, rec(1, "2026-01-01", "káva")); err != nil {
		t.Fatal(err)
	}
	if err := s.SetState(ctx, Invoices, SyncState{Complete: true, SyncedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	// A file written by another schema version.
	if _, err := s.db.ExecContext(ctx, `PRAGMA user_version = 0`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err := Open(ctx, Path(dir, "acme"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Get(ctx, Invoices, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after a schema change: %v, want ErrNotFound", err)
	}
	st, err := s.State(ctx, Invoices)
	if err != nil || st.Complete {
		t.Errorf("State after a schema change: %+v, %v; want not Complete", st, err)
	}
	if got := list(t, s, Query{Kind: Invoices, Search: "kava"}); got != "" {
		t.Errorf("search after a schema change found %q", got)
	}
	// The remade copy works.
	if err := s.Put(ctx, Invoices, rec(2, "2026-01-01", "káva")); err != nil {
		t.Fatal(err)
	}
	if got := list(t, s, Query{Kind: Invoices, Search: "kava"}); got != "2" {
		t.Errorf("search in the remade copy: %q, want 2", got)
	}
}

func TestOrderNewestFirst(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	err := s.Put(ctx, Invoices,
		rec(1, "2026-01-02", ""), rec(2, "2026-01-03", ""), rec(3, "2026-01-02", ""), rec(4, "2025-12-31", ""))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(ctx, Expenses, rec(9, "2027-01-01", "")); err != nil {
		t.Fatal(err)
	}
	if got := list(t, s, Query{Kind: Invoices}); got != "2,3,1,4" {
		t.Errorf("order %q, want 2,3,1,4 (date desc, id desc)", got)
	}
	if got := list(t, s, Query{Kind: Invoices, Offset: 1, Limit: 2}); got != "3,1" {
		t.Errorf("window %q, want 3,1", got)
	}
	if got := list(t, s, Query{Kind: Invoices, Offset: 3}); got != "4" {
		t.Errorf("offset without limit %q, want 4", got)
	}
	if n, err := s.Count(ctx, Query{Kind: Invoices, Limit: 1}); err != nil || n != 4 {
		t.Errorf("Count %d, %v; want 4", n, err)
	}
}

func TestSearchIgnoresDiacriticsAndCase(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	err := s.Put(ctx, Invoices,
		rec(1, "2026-01-01", "Káva zrnková Žluťoučký kůň", "Urgent"),
		rec(2, "2026-01-02", "Čaj 2026-0042 Kavárna", "later"),
		rec(3, "2026-01-03", "voda", "urgent-ish"))
	if err != nil {
		t.Fatal(err)
	}
	for search, want := range map[string]string{
		"kava":          "2,1", // "kava" is a prefix of "Kavárna" too
		"KÁVA":          "2,1",
		"kava zrn":      "1",
		"zlutoucky kun": "1",
		"caj":           "2",
		"2026-004":      "2",
		"#urgent":       "1", // exact, case ignored: not "urgent-ish"
		"#urgent kava":  "1",
		"#urg":          "",
		"kava -":        "2,1", // a word with no letter or digit is left out
		`"`:             "3,2,1",
		`ka"va`:         "",
		"":              "3,2,1",
		"nic":           "",
	} {
		if got := list(t, s, Query{Kind: Invoices, Search: search}); got != want {
			t.Errorf("Search %q: %q, want %q", search, got, want)
		}
	}
}

func TestFilters(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	a := rec(1, "2026-01-01", "")
	a.Status, a.SubjectID, a.VariableSymbol = "paid", 7, "123"
	b := rec(2, "2026-02-01", "")
	b.Status, b.SubjectID, b.DocumentType, b.CreatedAt = "open", 7, "proforma", time.Date(2026, 2, 1, 23, 30, 0, 0, time.Local)
	c := rec(3, "2026-03-01", "")
	c.Status, c.ItemID, c.Number, c.CustomID = "open", 5, "2026-0003", "x"
	if err := s.Put(ctx, Invoices, a, b, c); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		filter map[string]string
		want   string
	}{
		{map[string]string{"status": "open"}, "3,2"},
		{map[string]string{"status": "open", "subject_id": "7"}, "2"},
		{map[string]string{"document_type": "proforma"}, "2"},
		{map[string]string{"number": "2026-0003"}, "3"},
		{map[string]string{"variable_symbol": "123"}, "1"},
		{map[string]string{"custom_id": "x"}, "3"},
		{map[string]string{"inventory_item_id": "5"}, "3"},
		{map[string]string{"since": "2026-02-01"}, "3,2"},
		{map[string]string{"until": "2026-02-01"}, "2,1"}, // the whole day
		{map[string]string{"since": "2026-01-15T00:00:00Z", "until": "2026-02-15T00:00:00Z"}, "2"},
	} {
		if got := list(t, s, Query{Kind: Invoices, Filter: tc.filter}); got != tc.want {
			t.Errorf("Filter %v: %q, want %q", tc.filter, got, tc.want)
		}
	}
	for name, value := range map[string]string{"colour": "red", "subject_id": "seven", "since": "yesterday"} {
		_, err := s.List(ctx, Query{Kind: Invoices, Filter: map[string]string{name: value}})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Filter %s=%s: error %v, want one naming %s", name, value, err, name)
		}
		if _, err := s.Count(ctx, Query{Kind: Invoices, Filter: map[string]string{name: value}}); err == nil {
			t.Errorf("Count with filter %s=%s: no error", name, value)
		}
	}
}

func TestPutReplaceDeleteGet(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	if err := s.Put(ctx, Invoices, rec(1, "2026-01-01", "stará", "old"), rec(2, "2026-01-01", "b")); err != nil {
		t.Fatal(err)
	}
	changed := rec(1, "2026-01-01", "nová", "new")
	changed.JSON = []byte(`{"id":1 }`)
	if err := s.Put(ctx, Invoices, changed); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Get(ctx, Invoices, 1); err != nil || string(b) != `{"id":1 }` {
		t.Errorf("Get after replace: %s, %v", b, err)
	}
	if got := list(t, s, Query{Kind: Invoices, Search: "stara"}); got != "" {
		t.Errorf("old text still found: %q", got)
	}
	if got := list(t, s, Query{Kind: Invoices, Search: "#old"}); got != "" {
		t.Errorf("old tag still found: %q", got)
	}
	if got := list(t, s, Query{Kind: Invoices, Search: "nova #new"}); got != "1" {
		t.Errorf("new text and tag: %q, want 1", got)
	}
	if err := s.Delete(ctx, Invoices, 2, 99); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, Invoices, 2); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: %v", err)
	}
	if err := s.Put(ctx, Expenses, rec(1, "2026-01-01", "výdaj")); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceAll(ctx, Invoices, []Record{rec(3, "2026-01-01", "tři"), rec(4, "2026-01-02", "čtyři")}); err != nil {
		t.Fatal(err)
	}
	if got := list(t, s, Query{Kind: Invoices}); got != "4,3" {
		t.Errorf("after ReplaceAll: %q, want 4,3", got)
	}
	if got := list(t, s, Query{Kind: Invoices, Search: "nova"}); got != "" {
		t.Errorf("a replaced record is still searchable: %q", got)
	}
	if got := list(t, s, Query{Kind: Expenses}); got != "1" {
		t.Errorf("ReplaceAll of invoices touched expenses: %q", got)
	}
	if err := s.ReplaceAll(ctx, Invoices, nil); err != nil {
		t.Fatal(err)
	}
	if got := list(t, s, Query{Kind: Invoices}); got != "" {
		t.Errorf("after ReplaceAll(nil): %q", got)
	}
}

func TestEachStreamsAndStops(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	if err := s.Put(ctx, Subjects, rec(1, "2026-01-01", ""), rec(2, "2026-01-02", ""), rec(3, "2026-01-03", "")); err != nil {
		t.Fatal(err)
	}
	var seen [][]byte
	stop := errors.New("stop")
	err := s.Each(ctx, Query{Kind: Subjects, Limit: 1}, func(b []byte) error {
		seen = append(seen, b)
		if len(seen) == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Errorf("Each: %v, want the fn's error", err)
	}
	if got := ids(t, seen); got != "3,2" {
		t.Errorf("Each saw %q, want 3,2 (every row, the window aside, newest first)", got)
	}
}

func TestStateAndValues(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	if st, err := s.State(ctx, Todos); err != nil || st != (SyncState{}) {
		t.Errorf("State of a never synced kind: %+v, %v", st, err)
	}
	want := SyncState{Complete: true, SyncedAt: time.Date(2026, 11, 26, 12, 0, 0, 123, time.UTC), Since: time.Date(2026, 11, 26, 11, 59, 0, 0, time.UTC)}
	if err := s.SetState(ctx, Todos, want); err != nil {
		t.Fatal(err)
	}
	got, err := s.State(ctx, Todos)
	if err != nil || !got.SyncedAt.Equal(want.SyncedAt) || !got.Since.Equal(want.Since) || !got.Complete {
		t.Errorf("State: %+v, %v; want %+v", got, err, want)
	}
	if _, err := s.Value(ctx, "user"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Value of an absent key: %v", err)
	}
	if err := s.SetValue(ctx, "user", []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetValue(ctx, "user", []byte(`{"a":2}`)); err != nil {
		t.Fatal(err)
	}
	if v, err := s.Value(ctx, "user"); err != nil || string(v) != `{"a":2}` {
		t.Errorf("Value: %s, %v", v, err)
	}
}

// TestConcurrentUse writes and reads from several goroutines and two handles
// on one file (the app and the monitor); run under -race.
func TestConcurrentUse(t *testing.T) {
	s, dir := openTemp(t)
	ctx := context.Background()
	other, err := Open(ctx, Path(dir, "acme"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := s
			if g%2 == 1 {
				h = other
			}
			for i := range 20 {
				id := int64(g*100 + i)
				if err := h.Put(ctx, Invoices, rec(id, "2026-01-01", "káva")); err != nil {
					errs <- err
					return
				}
				if _, err := h.List(ctx, Query{Kind: Invoices, Search: "kava", Limit: 10}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n, err := s.Count(ctx, Query{Kind: Invoices}); err != nil || n != 120 {
		t.Errorf("Count %d, %v; want 120", n, err)
	}
}

func TestPathStaysInItsFolder(t *testing.T) {
	for _, slug := range []string{"../evil/slug", "..", "", "a/b", `c:\x`} {
		p := Path("/c", slug)
		if filepath.Dir(p) != filepath.Join("/c", "accounts") {
			t.Errorf("Path(%q) = %s leaves the folder", slug, p)
		}
	}
	if Path("/c", "firma-1.cz") != filepath.Join("/c", "accounts", "firma-1.cz.db") {
		t.Errorf("a plain slug changed: %s", Path("/c", "firma-1.cz"))
	}
}

func TestADamagedFileIsMadeAnew(t *testing.T) {
	path := Path(t.TempDir(), "acme")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Repeat("{not a database}", 512)), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open of a damaged file: %v", err)
	}
	defer s.Close()
	if err := s.SetValue(context.Background(), "k", []byte("v")); err != nil {
		t.Fatal(err)
	}
}
