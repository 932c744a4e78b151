//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// A log path that is a symbolic link (to a shell's start-up file, say) is
// replaced by a file of kasa's own: the link's target is never written.
func TestOpenLogDoesNotFollowALink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, ".bashrc")
	if err := os.WriteFile(target, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kasa.log")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	logger, closer, err := OpenLog(path, false)
	if err != nil {
		t.Fatal(err)
	}
	logger.Info("opened")
	closer.Close()
	if b, _ := os.ReadFile(target); string(b) != "# mine\n" {
		t.Errorf("the link's target was written: %q", b)
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
		t.Fatalf("log file %v %v, want a regular file with mode 0600", fi, err)
	}
}

// A log that was there with a wider mode is 0600 once kasa opens it.
func TestOpenLogTightensAnExistingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kasa.log")
	if err := os.WriteFile(path, []byte("old line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, closer, err := OpenLog(path, false)
	if err != nil {
		t.Fatal(err)
	}
	closer.Close()
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	if b, _ := os.ReadFile(path); string(b[:9]) != "old line\n" {
		t.Errorf("the old log was not kept: %q", b)
	}
}
