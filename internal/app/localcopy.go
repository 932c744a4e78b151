package app

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
)

// openTimeout bounds opening an account's local copy.
const openTimeout = 10 * time.Second

// localCopy is the open account's local copy (issue 26) and the mirror that
// brings it up to date: opened at the first use, which the pages make in a
// Cmd, so the first frame never waits for the file; an account switch
// closes the copy and opens the other account's at the next use.
type localCopy struct {
	dir     string        // config.Paths.CacheDir
	account func() string // the open account's slug
	logger  *slog.Logger

	mu   sync.Mutex
	slug string // whose copy is open
	st   *store.Store
	m    *mirror.Mirror
}

func newLocalCopy(dir string, account func() string, logger *slog.Logger) *localCopy {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &localCopy{dir: dir, account: account, logger: logger}
}

// open is the open account's copy and mirror, both nil when the file
// cannot be opened (the lists then read the service alone).
func (c *localCopy) open() (*store.Store, *mirror.Mirror) {
	c.mu.Lock()
	defer c.mu.Unlock()
	slug := c.account()
	if slug == c.slug && c.st != nil {
		return c.st, c.m
	}
	c.closeLocked()
	if slug == "" || c.dir == "" {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	st, m, err := mirror.Open(ctx, c.dir, slug, c.logger)
	if err != nil {
		c.logger.Warn("local copy not opened", "account", slug, "err", err)
		return nil, nil
	}
	c.slug, c.st, c.m = slug, st, m
	return c.st, c.m
}

// Store is the open account's copy (common.Deps.Store).
func (c *localCopy) Store() *store.Store { st, _ := c.open(); return st }

// Mirror is the open account's mirror (common.Deps.Mirror).
func (c *localCopy) Mirror() *mirror.Mirror { _, m := c.open(); return m }

// Close closes the copy that is open.
func (c *localCopy) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closeLocked()
}

func (c *localCopy) closeLocked() {
	if c.st != nil {
		if err := c.st.Close(); err != nil {
			c.logger.Warn("local copy not closed", "account", c.slug, "err", err)
		}
	}
	c.slug, c.st, c.m = "", nil, nil
}
