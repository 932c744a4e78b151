package export

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// WriteFile writes the export to path (0600) through a temporary file
// beside it, renamed over path only when every page has arrived: a failed
// export (a page that does not come, a full disk) leaves the file that was
// there byte for byte. A symbolic link's target is the file replaced; a
// path that is not a regular file (a pipe, /dev/stdout) is written as it
// is, since it cannot be replaced.
func WriteFile(ctx context.Context, c *apiclient.Client, path string, o Options) (int, error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return writeStream(ctx, c, path, o)
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return 0, fmt.Errorf("export %s: %w", o.Kind, err)
	}
	defer f.Abort() // after Commit it does nothing
	n, err := Write(ctx, c, f, o)
	if err != nil {
		return n, err
	}
	if err := f.Commit(); err != nil {
		return n, fmt.Errorf("export %s: %w", o.Kind, err)
	}
	return n, nil
}

// writeStream writes the export straight into a path that is not a file.
func writeStream(ctx context.Context, c *apiclient.Client, path string, o Options) (int, error) {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return 0, fmt.Errorf("export %s: %w", o.Kind, err)
	}
	n, err := Write(ctx, c, f, o)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export %s: %w", o.Kind, cerr)
	}
	return n, err
}
