package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

// The demo's sandbox is made anew at each start, so a cache or a draft left
// by an earlier run would show records this run never made (issue 15.1):
// each run gets folders of its own, gone when it closes.
func TestEachDemoRunHasItsOwnCacheAndDrafts(t *testing.T) {
	home := t.TempDir()
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	g := globals{demo: true}
	first, closeFirst, err := open(context.Background(), g, strings.NewReader(""), io.Discard, io.Discard, getenv)
	if err != nil {
		t.Fatal(err)
	}
	cache := first.Paths.CacheDir
	if strings.HasPrefix(cache, home) {
		t.Fatalf("the demo's cache %s is the user's", cache)
	}
	if err := os.MkdirAll(cache, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cache, "monitor.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	closeFirst()
	if _, err := os.Stat(cache); !os.IsNotExist(err) {
		t.Errorf("the first run's cache is still there after it closed: %v", err)
	}

	second, closeSecond, err := open(context.Background(), g, strings.NewReader(""), io.Discard, io.Discard, getenv)
	if err != nil {
		t.Fatal(err)
	}
	defer closeSecond()
	if second.Paths.CacheDir == cache || second.Paths.DraftsDir() == first.Paths.DraftsDir() {
		t.Errorf("the second run shares the first run's folders: %s, %s", second.Paths.CacheDir, second.Paths.DraftsDir())
	}
}

func TestScaleGoesWithTheDemo(t *testing.T) {
	if _, _, err := parseGlobal([]string{"--scale", "5"}, io.Discard); err == nil {
		t.Error("--scale without --demo was accepted")
	}
	g, _, err := parseGlobal([]string{"--demo", "--scale", "50"}, io.Discard)
	if err != nil || g.scale != 50 {
		t.Fatalf("--demo --scale 50: %+v, %v", g, err)
	}
	a, closeApp, err := open(context.Background(), g, strings.NewReader(""), io.Discard, io.Discard,
		func(k string) string { return map[string]string{"HOME": t.TempDir()}[k] })
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp()
	page, _, err := a.Session.Client().Subjects.List(context.Background(), apiclient.SubjectListOptions{ListOptions: apiclient.ListOptions{Page: 2}})
	if err != nil || len(page) == 0 {
		t.Errorf("--demo --scale 50 has no second page of subjects: %d, %v", len(page), err)
	}
}

// kasa --demo export writes every record of a list to a file, and no
// progress line into a pipe.
func TestExportCommandWritesAFile(t *testing.T) {
	home := t.TempDir()
	out := filepath.Join(home, "expenses.csv")
	var stderr strings.Builder
	err := Run(context.Background(), "test", []string{"--demo", "export", "expenses", "--format", "csv", "--output", out},
		strings.NewReader(""), io.Discard, &stderr, func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatalf("export: %v (%s)", err, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) < 10 || !strings.HasPrefix(lines[0], "id,custom_id,number,") {
		t.Errorf("the file has %d lines, starting %q", len(lines), lines[0])
	}
	// Into a pipe no progress line: only the note that --demo exports from
	// a fresh demo (issue 28).
	if got := stderr.String(); got != "kasa: --demo exports from a fresh demo account started for this command, not from a demo open in another terminal.\n" {
		t.Errorf("stderr (not a terminal) got %q", got)
	}
	err = Run(context.Background(), "test", []string{"--demo", "export", "webhooks", "--status", "paid"},
		strings.NewReader(""), io.Discard, io.Discard, func(k string) string { return map[string]string{"HOME": home}[k] })
	if err == nil || !strings.Contains(err.Error(), "cannot be filtered by status") {
		t.Errorf("a filter the list does not take: %v", err)
	}
}
