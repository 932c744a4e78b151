// Package atomicfile writes files that only the user may read, so that a
// reader sees the old file or the new one, never half of one: settings,
// secrets' fallback file, drafts, the monitor's cache, cached pages, and
// exports written over a file (streamed, through Create).
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
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Abort()
		return err
	}
	return f.Commit()
}

// File is the new content of a path, written to a temporary file beside
// it. Commit puts it in place of path; Abort, or a Commit that fails,
// leaves path as it was, byte for byte. A File is not safe for concurrent
// use.
type File struct {
	tmp  *os.File
	path string
	done bool
}

// Create starts a new content for path: a temporary file (mode 0600) in
// path's folder, which is created 0700 when missing. The caller ends it
// with Commit or Abort (Abort after Commit does nothing, so it can be
// deferred).
func Create(path string) (*File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return nil, fmt.Errorf("create directory %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("create temporary file in %s: %w", dir, err)
	}
	if err := tmp.Chmod(FileMode); err != nil {
		_ = tmp.Close()
		_ = os.Remove(tmp.Name())
		return nil, fmt.Errorf("set mode of %s: %w", tmp.Name(), err)
	}
	return &File{tmp: tmp, path: path}, nil
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.tmp.Write(p)
	if err != nil {
		return n, fmt.Errorf("write %s: %w", f.tmp.Name(), err)
	}
	return n, nil
}

// Commit syncs the temporary file and renames it over path.
func (f *File) Commit() (err error) {
	if f.done {
		return fmt.Errorf("replace %s: already finished", f.path)
	}
	defer func() {
		if err != nil {
			_ = f.Abort()
		}
	}()
	if err := f.tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", f.tmp.Name(), err)
	}
	if err := f.tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", f.tmp.Name(), err)
	}
	if err := os.Rename(f.tmp.Name(), f.path); err != nil {
		return fmt.Errorf("replace %s: %w", f.path, err)
	}
	f.done = true
	syncDir(filepath.Dir(f.path))
	return nil
}

// Abort drops the temporary file; path is left as it was.
func (f *File) Abort() error {
	if f.done {
		return nil
	}
	f.done = true
	_ = f.tmp.Close()
	if err := os.Remove(f.tmp.Name()); err != nil {
		return fmt.Errorf("remove %s: %w", f.tmp.Name(), err)
	}
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
