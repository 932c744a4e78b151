package poll

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// CachePath is the monitor's cache file for an account in dir (the XDG
// cache directory, config.Paths.CacheDir).
func CachePath(dir, account string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, account)
	if safe == "" || strings.Trim(safe, ".") == "" {
		safe = "_"
	}
	return filepath.Join(dir, "monitor-"+safe+".json")
}

// LoadCache reads the state saved for account. A missing file, a cache of
// another shape or of another account gives an empty state and no error: the
// cache may always be thrown away.
func LoadCache(path, account string) (State, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return State{}, nil
	}
	if err != nil {
		return State{}, fmt.Errorf("read monitor cache: %w", err)
	}
	var st State
	if err := json.Unmarshal(b, &st); err != nil || st.Version != stateVersion || st.Account != account {
		return State{}, nil
	}
	return st, nil
}

// SaveCache writes st atomically (a reader sees the old file or the new one)
// with mode 0600.
func SaveCache(path string, st State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("encode monitor cache: %w", err)
	}
	if err := atomicfile.Write(path, b); err != nil {
		return fmt.Errorf("write monitor cache: %w", err)
	}
	return nil
}
