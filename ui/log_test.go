package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenLog(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "kasa")
	path := filepath.Join(dir, "kasa.json")
	logger, closer, err := OpenLog(path, false)
	if err != nil {
		t.Fatal(err)
	}
	logger.Debug("hidden at info level")
	logger.Info("opened", "account", "acme")
	if err := closer.Close(); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s mode %o, want %o", p, got, want)
		}
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 1 {
		t.Fatalf("log has %d lines, want 1 (debug filtered): %s", len(lines), data)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &rec); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if rec["msg"] != "opened" || rec["account"] != "acme" {
		t.Errorf("record = %v", rec)
	}
}

func TestOpenLogTextDebug(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kasa.log")
	logger, closer, err := OpenLog(path, true)
	if err != nil {
		t.Fatal(err)
	}
	logger.Debug("page opened", "kind", "subjects")
	_ = closer.Close()
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "level=DEBUG") || !strings.Contains(string(data), "kind=subjects") {
		t.Errorf("text debug log = %q", data)
	}
}
