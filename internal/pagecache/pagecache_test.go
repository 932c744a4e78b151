package pagecache

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kasa-tui/kasa/apiclient"
)

func raw(t testing.TB, v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A saved page comes back as it was written, in a 0600 file in a 0700
// folder; a page never saved, or a file of another version or cut short, is
// no page and no error.
func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	s := Open(filepath.Join(dir, "pages"), 0)
	at := time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC)
	rows := []json.RawMessage{raw(t, map[string]any{"id": 1, "number": "2026-0001"}), raw(t, map[string]any{"id": 2})}
	if err := s.Save("acme", "invoices?status=overdue", at, rows); err != nil {
		t.Fatal(err)
	}
	p, err := s.Load("acme", "invoices?status=overdue")
	if err != nil || p == nil {
		t.Fatalf("load: %v %v", p, err)
	}
	if !p.At.Equal(at) || !cmp.Equal(p.Rows, rows) {
		t.Errorf("loaded %v %s, saved %v %s", p.At, p.Rows, at, rows)
	}
	path := s.path("acme", "invoices?status=overdue")
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("page file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("account folder mode %v (%v), want 0700", fi.Mode().Perm(), err)
	}
	if p, err := s.Load("acme", "expenses"); p != nil || err != nil {
		t.Errorf("a page never saved: %v %v", p, err)
	}
	// A next page appended is read back after the first; a torn last
	// frame (an append cut short) is dropped, the rows before it kept.
	more := raw(t, map[string]any{"id": 3})
	if err := s.Append("acme", "invoices?status=overdue", []json.RawMessage{more}); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Load("acme", "invoices?status=overdue"); p == nil || len(p.Rows) != 3 || string(p.Rows[2]) != string(more) {
		t.Fatalf("after an append: %v", p)
	}
	b, _ := os.ReadFile(path)
	if err := os.WriteFile(path, b[:len(b)-3], 0o600); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Load("acme", "invoices?status=overdue"); p == nil || !cmp.Equal(p.Rows, rows) {
		t.Errorf("a torn last frame: %v", p)
	}
	for _, bad := range [][]byte{[]byte("kasa-page-0\n"), append([]byte(magic), 1, 2)} {
		if err := os.WriteFile(path, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		if p, err := s.Load("acme", "invoices?status=overdue"); p != nil || err != nil {
			t.Errorf("a damaged file (%d bytes) gave %v %v", len(bad), p, err)
		}
	}
	if err := s.Append("acme", "never-saved", []json.RawMessage{more}); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Load("acme", "never-saved"); p != nil {
		t.Error("an append made a page that was never saved")
	}
}

// The store stays within its bound: the pages used longest ago go first.
func TestTrimKeepsTheBound(t *testing.T) {
	s := Open(t.TempDir(), 3000)
	row := raw(t, map[string]string{"text": strings.Repeat("x", 900)})
	for i := range 6 {
		if err := s.Save("acme", fmt.Sprint("page", i), time.Now(), []json.RawMessage{row}); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(time.Duration(i-10) * time.Minute)
		if err := os.Chtimes(s.path("acme", fmt.Sprint("page", i)), old, old); err != nil {
			t.Fatal(err)
		}
	}
	var total int64
	_ = filepath.Walk(s.dir, func(_ string, fi os.FileInfo, _ error) error {
		if fi != nil && !fi.IsDir() {
			total += fi.Size()
		}
		return nil
	})
	if total > 3000 {
		t.Errorf("the store holds %d bytes, bound 3000", total)
	}
	if p, _ := s.Load("acme", "page5"); p == nil {
		t.Error("the newest page was trimmed")
	}
	if p, _ := s.Load("acme", "page0"); p != nil {
		t.Error("the oldest page was kept")
	}
}

// Drop forgets one account's pages, DropAll every page (kasa logout).
func TestDrop(t *testing.T) {
	s := Open(t.TempDir(), 0)
	for _, a := range []string{"acme", "beta"} {
		if err := s.Save(a, "invoices", time.Now(), nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Drop("acme"); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Load("acme", "invoices"); p != nil {
		t.Error("acme's page outlived Drop")
	}
	if p, _ := s.Load("beta", "invoices"); p == nil {
		t.Error("Drop of acme took beta's page")
	}
	if err := s.DropAll(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.dir); !os.IsNotExist(err) {
		t.Errorf("the store is still there: %v", err)
	}
}

// One record that does not decode is skipped and counted; the rest stay.
func TestDecodeKeepsTheOthers(t *testing.T) {
	rows := []json.RawMessage{raw(t, apiclient.Subject{ID: 1, Name: "Acme"}), json.RawMessage(`{"id": "x"`), raw(t, apiclient.Subject{ID: 3})}
	got, bad := Decode[apiclient.Subject](rows)
	if bad != 1 || len(got) != 2 || got[0].Name != "Acme" || got[1].ID != 3 {
		t.Errorf("decoded %d (bad %d): %+v", len(got), bad, got)
	}
}

// Names of accounts and keys cannot leave the store's folder.
func TestPathsStayInTheStore(t *testing.T) {
	s := Open("/cache/pages", 0)
	for _, p := range []string{s.path("..", ".."), s.path("../../etc", "passwd"), s.path("a/b", "c/../../d")} {
		if rel, err := filepath.Rel("/cache/pages", p); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			t.Errorf("%s leaves the store", p)
		}
	}
}

// BenchmarkLoad10k reads a cached list of 10,000 invoices and decodes the
// rows a first frame draws (a window of 60); the rest are decoded after the
// first frame, in the background.
func BenchmarkLoad10k(b *testing.B) {
	s := Open(b.TempDir(), 1<<30)
	rows := make([]json.RawMessage, 10000)
	for i := range rows {
		rows[i] = raw(b, apiclient.Invoice{ID: int64(i + 1), Number: fmt.Sprintf("2026-%05d", i), ClientName: "Pekárna U Mlýna s.r.o.",
			Total: apiclient.MustDecimal("12100.0"), Currency: "CZK", Lines: []apiclient.Line{{Name: "Grafické práce", Quantity: apiclient.MustDecimal("10")}}})
	}
	if err := s.Save("acme", "invoices", time.Now(), rows); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		p, err := s.Load("acme", "invoices")
		if err != nil || len(p.Rows) != 10000 {
			b.Fatal(err)
		}
		if got, _ := Decode[apiclient.Invoice](p.Rows[:60]); len(got) != 60 {
			b.Fatal("decoded", len(got))
		}
	}
}
