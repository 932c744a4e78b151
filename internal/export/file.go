package export

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// WriteFile writes the export to path through ReplaceFile: a failed
// export (a page that does not come, a full disk) leaves the file that was
// there byte for byte.
func WriteFile(ctx context.Context, c *apiclient.Client, path string, o Options) (int, error) {
	var n int
	err := ReplaceFile(path, func(w io.Writer) error {
		var err error
		n, err = Write(ctx, c, w, o)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("export %s: %w", o.Kind, err)
	}
	return n, nil
}

// ReplaceFile writes what write writes to path (0600) through a temporary
// file beside it, renamed over path only when write succeeds, so a failure
// leaves the old file whole. A symbolic link's target is the file replaced;
// a path that is not a regular file (a pipe, /dev/stdout) is written as it
// is, since it cannot be replaced. kasa export and kasa report share it.
func ReplaceFile(path string, write func(w io.Writer) error) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return writeStream(path, write)
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort() // after Commit it does nothing
	if err := write(f); err != nil {
		return err
	}
	return f.Commit()
}

// writeStream writes straight into a path that is not a file.
func writeStream(path string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
