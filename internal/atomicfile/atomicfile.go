// Package atomicfile writes files that only the user may read, so that a
// reader sees the old file or the new one, never half of one: settings,
// secrets' fallback file, drafts, the monitor's cache, cached pages.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Modes of what kasa writes.
const (
	FileMode os.FileMode = 0o600
	DirMode  os.FileMode = 0o700
)

// Write replaces path with data: it writes a temporary file in the same
// folder (created 0700 when missing) with mode 0600, syncs it and renames
// it over path.
func Write(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return fmt.Errorf("create directory %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("create temporary file in %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if err := tmp.Chmod(FileMode); err != nil {
		return fmt.Errorf("set mode of %s: %w", tmp.Name(), err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// SafeName makes s a file name: letters, digits, '-' and '_' are kept,
// anything else becomes '-' (an account slug or a page id in a name).
func SafeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '-'
	}, s)
}

// syncDir makes the rename durable where the platform allows it; failure
// only weakens durability, so it is not reported.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}
