package form_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/ui/form"
)

func TestFileDraftsArePrivateAtomicAndPerAccount(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "drafts")
	acct := "firma-a"
	s := form.FileDrafts{Dir: dir, Account: func() string { return acct }}
	d := form.Draft{Values: form.Values{"amount": "100"}, SavedAt: time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC)}
	if err := s.Save("payment_form:invoice:12", d); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("drafts folder holds %v (%v), want one file and no temporary ones", entries, err)
	}
	info, _ := entries[0].Info()
	if info.Mode().Perm() != 0o600 {
		t.Errorf("draft mode %v, want 0600", info.Mode().Perm())
	}
	got, ok, err := s.Load("payment_form:invoice:12")
	if err != nil || !ok || got.Values["amount"] != "100" || !got.SavedAt.Equal(d.SavedAt) {
		t.Errorf("load %v %v %v", got, ok, err)
	}
	acct = "firma-b"
	if _, ok, _ := s.Load("payment_form:invoice:12"); ok {
		t.Error("another account sees the draft")
	}
	acct = "firma-a"
	if err := s.Delete("payment_form:invoice:12"); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("payment_form:invoice:12"); err != nil {
		t.Errorf("deleting a missing draft: %v", err)
	}
	if _, ok, _ := s.Load("payment_form:invoice:12"); ok {
		t.Error("deleted draft still loads")
	}
}
