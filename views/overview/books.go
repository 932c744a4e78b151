package overview

import (
	"context"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/views/common"
)

// books reads the books the overview and its lists sum: from the account's
// local copy, brought up to date first (two requests when nothing changed),
// or from the service page by page where there is no copy. Call it in a Cmd.
func books(ctx context.Context, d *common.Deps, c *apiclient.Client) (report.Books, error) {
	st, m := d.Local()
	return report.Read(ctx, c, st, m, d.Logger)
}

// localBooks are the books as the local copy holds them, without a request
// (ok: it holds every invoice and expense). Call it in a Cmd.
func localBooks(d *common.Deps) (report.Books, bool) {
	st, _ := d.Local()
	if st == nil {
		return report.Books{}, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, ok, err := report.Local(ctx, st)
	if err != nil {
		d.Logger.Warn("the overview's books not read from the local copy", "err", err)
	}
	return b, ok
}
