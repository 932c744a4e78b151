package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func readDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// An aborted File leaves the old file byte for byte and no temporary file;
// a committed one replaces it with mode 0600.
func TestFileCommitsOrLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "export.csv")
	old := []byte("id,name\n1,old\n")
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("id,name\n2,half")); err != nil {
		t.Fatal(err)
	}
	if err := f.Abort(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != string(old) {
		t.Errorf("after Abort the file holds %q, want the old %q", b, old)
	}
	if names := readDir(t, dir); len(names) != 1 {
		t.Errorf("after Abort the folder holds %v", names)
	}

	f, err = Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort() // after Commit: nothing
	if _, err := f.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("after Commit the file holds %q", b)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != FileMode {
		t.Errorf("mode %v (%v), want %v", fi.Mode().Perm(), err, FileMode)
	}
	if err := f.Abort(); err != nil || len(readDir(t, dir)) != 1 {
		t.Errorf("Abort after Commit: %v, folder %v", err, readDir(t, dir))
	}
}

func TestWriteCreatesTheFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "settings.toml")
	if err := Write(path, []byte("x = 1\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != DirMode {
		t.Errorf("folder %v %v", fi, err)
	}
}
