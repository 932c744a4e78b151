package export

import (
	"context"
	"fmt"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// WriteFile writes the export to path (0600) through a temporary file
// beside it, renamed over path only when every page has arrived: a failed
// export (a page that does not come, a full disk) leaves the file that was
// there byte for byte.
func WriteFile(ctx context.Context, c *apiclient.Client, path string, o Options) (int, error) {
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
