package poll

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/kasa-tui/kasa/internal/store"
)

// cacheKey is the monitor's state among the values kept with the account.
const cacheKey = "monitor"

// CachePath is where the monitor keeps an account's state: the account's
// local copy in dir (the XDG cache directory, config.Paths.CacheDir), the
// one file that holds the account's records too (internal/store).
func CachePath(dir, account string) string { return store.Path(dir, account) }

// LoadCache reads the state saved for account. A missing copy, a state of
// another shape or of another account gives an empty state and no error: the
// cache may always be thrown away.
func LoadCache(path, account string) (State, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return State{}, nil
	}
	ctx := context.Background()
	s, err := store.Open(ctx, path)
	if err != nil {
		return State{}, fmt.Errorf("read monitor cache: %w", err)
	}
	defer s.Close()
	b, err := s.Value(ctx, cacheKey)
	if errors.Is(err, store.ErrNotFound) {
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

// SaveCache keeps st in the account's local copy (one transaction: a reader
// sees the old state or the new one; the file is 0600).
func SaveCache(path string, st State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("encode monitor cache: %w", err)
	}
	ctx := context.Background()
	s, err := store.Open(ctx, path)
	if err != nil {
		return fmt.Errorf("write monitor cache: %w", err)
	}
	if err := s.SetValue(ctx, cacheKey, b); err != nil {
		s.Close()
		return fmt.Errorf("write monitor cache: %w", err)
	}
	if err := s.Close(); err != nil {
		return fmt.Errorf("write monitor cache: %w", err)
	}
	return nil
}
