package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeEntry(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The database has the v1 layout govulncheck's file source reads: every
// entry under ID/, each module's entries in index/modules.json, and an
// entry without a date dated by the module version.
func TestBuildWritesTheV1Layout(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeEntry(t, src, "GO-2026-0001.json", `{"id":"GO-2026-0001","modified":"0001-01-01T00:00:00Z",
		"affected":[{"package":{"name":"stdlib","ecosystem":"Go"}},{"package":{"name":"toolchain","ecosystem":"Go"}}]}`)
	writeEntry(t, src, "GO-2026-0002.json", `{"id":"GO-2026-0002","modified":"2026-10-01T00:00:00Z","aliases":["CVE-2026-1"],
		"affected":[{"package":{"name":"golang.org/x/text","ecosystem":"Go"}}]}`)
	released := time.Date(2026, 11, 5, 23, 49, 57, 0, time.UTC)
	if err := build(src, dst, released); err != nil {
		t.Fatal(err)
	}
	var db dbMeta
	var mods []moduleMeta
	for name, v := range map[string]any{"index/db.json": &db, "index/modules.json": &mods} {
		b, err := os.ReadFile(filepath.Join(dst, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if !db.Modified.Equal(released) {
		t.Errorf("db modified %v, want %v", db.Modified, released)
	}
	var paths []string
	for _, m := range mods {
		paths = append(paths, m.Path+":"+m.Vulns[0].ID)
	}
	if got := strings.Join(paths, " "); got != "golang.org/x/text:GO-2026-0002 stdlib:GO-2026-0001 toolchain:GO-2026-0001" {
		t.Errorf("modules index %s", got)
	}
	if _, err := os.Stat(filepath.Join(dst, "ID", "GO-2026-0002.json")); err != nil {
		t.Errorf("entry not written: %v", err)
	}
}

func TestBuildRefusesAnEntryNamedOtherwise(t *testing.T) {
	src := t.TempDir()
	writeEntry(t, src, "GO-2026-0001.json", `{"id":"GO-2026-0009","affected":[]}`)
	if err := build(src, t.TempDir(), time.Now()); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Fatalf("got %v", err)
	}
}
