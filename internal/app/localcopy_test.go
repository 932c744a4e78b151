package app

import (
	"os"
	"testing"

	"github.com/kasa-tui/kasa/internal/store"
)

// The account's local copy opens at its first use, in the account's own
// file; a switch of account opens the other's, and Close closes it.
func TestLocalCopyFollowsTheAccount(t *testing.T) {
	dir := t.TempDir()
	slug := "acme"
	c := newLocalCopy(dir, func() string { return slug }, nil)
	defer c.Close()
	if _, err := os.Stat(store.Path(dir, "acme")); err == nil {
		t.Fatal("the copy was opened before its first use")
	}
	acme := c.Store()
	if acme == nil || c.Mirror() == nil || c.Store() != acme {
		t.Fatal("the copy did not open, or opened twice")
	}
	if _, err := os.Stat(store.Path(dir, "acme")); err != nil {
		t.Fatalf("acme's file: %v", err)
	}
	slug = "beta"
	beta := c.Store()
	if beta == nil || beta == acme {
		t.Fatal("a switch of account kept the other account's copy")
	}
	if _, err := os.Stat(store.Path(dir, "beta")); err != nil {
		t.Fatalf("beta's file: %v", err)
	}
	slug = ""
	if c.Store() != nil {
		t.Error("a copy without an account")
	}
}
