package form

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

// FileDrafts keeps each form's draft as one JSON file (mode 0600) in Dir,
// written atomically by atomicfile (the one writer of kasa's own files), so
// a crash never leaves half a draft. Account, when set, keeps accounts apart.
type FileDrafts struct {
	Dir     string
	Account func() string
}

func (f FileDrafts) path(id string) string {
	name := id
	if f.Account != nil {
		if a := f.Account(); a != "" {
			name = a + "_" + id
		}
	}
	return filepath.Join(f.Dir, safeName(name)+".json")
}

// safeName keeps letters, digits, '-' and '_' and turns the rest into '-'.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '-'
	}, s)
}

// Load implements DraftStore.
func (f FileDrafts) Load(id string) (Draft, bool, error) {
	b, err := os.ReadFile(f.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return Draft{}, false, nil
	}
	if err != nil {
		return Draft{}, false, fmt.Errorf("read draft: %w", err)
	}
	var d Draft
	if err := json.Unmarshal(b, &d); err != nil {
		return Draft{}, false, fmt.Errorf("read draft %s: %w", id, err)
	}
	return d, true, nil
}

// Save implements DraftStore.
func (f FileDrafts) Save(id string, d Draft) error {
	b, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("encode draft: %w", err)
	}
	if err := atomicfile.Write(f.path(id), b); err != nil {
		return fmt.Errorf("write draft: %w", err)
	}
	return nil
}

// Delete implements DraftStore; a missing draft is not an error.
func (f FileDrafts) Delete(id string) error {
	if err := os.Remove(f.path(id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete draft: %w", err)
	}
	return nil
}
