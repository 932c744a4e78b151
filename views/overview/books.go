package overview

import (
	"context"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/views/common"
)

// books reads the books the overview and its lists sum: from the account's
// local copy, brought up to date first (two requests when nothing changed),
// or from the service page by page where there is no copy. Call it in a Cmd.
func books(ctx context.Context, d *common.Deps, c *apiclient.Client) (report.Books, error) {
	var st *store.Store
	var m *mirror.Mirror
	if d.Store != nil && d.Mirror != nil {
		st, m = d.Store(), d.Mirror()
	}
	return report.Read(ctx, c, st, m, d.Logger)
}
