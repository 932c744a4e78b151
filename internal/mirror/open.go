package mirror

import (
	"context"
	"log/slog"
	"time"

	"github.com/kasa-tui/kasa/internal/store"
)

// Open opens the local copy of account in cacheDir (store.Path) and the
// mirror that brings it up to date: the one way kasa opens a copy, for the
// app, the monitor's other accounts and kasa report alike.
func Open(ctx context.Context, cacheDir, account string, logger *slog.Logger) (*store.Store, *Mirror, error) {
	st, err := store.Open(ctx, store.Path(cacheDir, account))
	if err != nil {
		return nil, nil, err
	}
	return st, New(st, logger, time.Now), nil
}
