package ui

import (
	"fmt"
	"os"
)

// openLogFile opens the log for appending without following a symbolic
// link: a link planted at the log's path (to a shell's start-up file, say)
// is removed and a fresh file made in its place, so kasa never writes
// through it. The file is set to 0600 even when it was there before with a
// wider mode.
func openLogFile(path string) (*os.File, error) {
	const flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND | noFollow
	f, err := os.OpenFile(path, flags, 0o600)
	if err != nil && isLink(path) {
		if rerr := os.Remove(path); rerr != nil {
			return nil, fmt.Errorf("%s is a symbolic link and could not be removed: %w", path, rerr)
		}
		f, err = os.OpenFile(path, flags|os.O_EXCL, 0o600)
	}
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, fmt.Errorf("set mode 0600 on %s: %w", path, err)
	}
	return f, nil
}

// isLink reports whether path itself is a symbolic link.
func isLink(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}
