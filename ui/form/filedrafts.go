package form

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

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
	return filepath.Join(f.Dir, atomicfile.SafeName(name)+".json")
}

// fileDraft is a draft as its file holds it: the draft and the form id it
// belongs to, so that the drafts kept can be named at start (files from
// before the id was kept have none).
type fileDraft struct {
	ID string `json:"id,omitempty"`
	Draft
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
	var d fileDraft
	if err := json.Unmarshal(b, &d); err != nil {
		return Draft{}, false, fmt.Errorf("read draft %s: %w", id, err)
	}
	return d.Draft, true, nil
}

// Save implements DraftStore.
func (f FileDrafts) Save(id string, d Draft) error {
	b, err := json.Marshal(fileDraft{ID: id, Draft: d})
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

// List returns the form ids of the drafts kept for the account, oldest
// first; a file that cannot be read or holds no id is left out.
func (f FileDrafts) List() ([]string, error) {
	entries, err := os.ReadDir(f.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list drafts: %w", err)
	}
	type kept struct {
		id string
		at time.Time
	}
	var all []kept
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(f.Dir, e.Name()))
		if err != nil {
			continue // gone since the listing, or unreadable: not a draft to name
		}
		var d fileDraft
		if json.Unmarshal(b, &d) != nil || d.ID == "" || f.path(d.ID) != filepath.Join(f.Dir, e.Name()) {
			continue // another account's, or from before ids were kept
		}
		all = append(all, kept{d.ID, d.SavedAt})
	}
	slices.SortStableFunc(all, func(a, b kept) int { return a.at.Compare(b.at) })
	ids := make([]string, len(all))
	for i, k := range all {
		ids[i] = k.id
	}
	return ids, nil
}
