package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/internal/locale"
	accountcopy "github.com/kasa-tui/kasa/internal/store"
)

// Logout is `kasa logout`: it revokes the sign-in at the service (the
// refresh token, or a client-credentials access token) and deletes the
// saved secrets. The settings file stays, so the next `kasa login` is
// pre-filled. The cache (local copies and monitor data of every account) goes with
// the sign-in: it is the signed-in user's books.
func Logout(ctx context.Context, out io.Writer, paths config.Paths, flags config.Overrides, getenv func(string) string) error {
	l, err := load(out, paths, flags, getenv)
	if err != nil {
		return fmt.Errorf("sign out: %w", err)
	}
	defer l.closeLog()
	s, tr := l.settings, l.l
	if s.ClientID == "" {
		fmt.Fprintln(out, tr.T("Not signed in: there is nothing to sign out of."))
		return nil
	}
	store, err := openStore(ctx, out, tr, paths, s, l.logger)
	if err != nil {
		return fmt.Errorf("sign out: %w", err)
	}
	sess, err := auth.Open(ctx, s, store, auth.WithLogger(l.logger), auth.WithClientSecret(config.EnvClientSecret(getenv)))
	if errors.Is(err, auth.ErrNotSignedIn) {
		fmt.Fprintln(out, tr.Tf("No saved sign-in for client %s at %s: there is nothing to sign out of.", s.ClientID, s.BaseURL))
		return nil
	}
	if err != nil {
		// Settings too incomplete to open a session: still forget what is saved.
		if derr := store.Delete(ctx, s.AccountKey()); derr != nil {
			return fmt.Errorf("sign out: %w", derr)
		}
		fmt.Fprintln(out, tr.Tf("Deleted the saved credentials from %s.", store.Where()))
		return dropCache(out, tr, paths)
	}
	revocable := sess.CanRevoke()
	if err := sess.Revoke(ctx); err != nil {
		// The saved credentials are gone even so; the cache goes too, and
		// the error says what the service answered.
		_ = dropCache(out, tr, paths)
		return fmt.Errorf("sign out: %w", err)
	}
	if revocable {
		fmt.Fprintln(out, tr.Tf("Revoked kasa's access at %s and deleted the saved credentials from %s.", s.BaseURL, store.Where()))
	} else {
		fmt.Fprintln(out, tr.Tf("Deleted the saved credentials from %s.", store.Where()))
	}
	if err := dropCache(out, tr, paths); err != nil {
		return err
	}
	fmt.Fprintln(out, tr.Tf("Your settings in %s are kept; run `kasa login` to sign in again.", paths.ConfigFile))
	return nil
}

// dropCache deletes kasa's cache folder: the accounts' local copies and
// the monitor's data. The local copy of each account's books goes first,
// by name with its -wal and -shm files, so it is gone even when something
// else in the folder cannot be deleted.
func dropCache(out io.Writer, l locale.Locale, paths config.Paths) error {
	if _, err := os.Stat(paths.CacheDir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	copies, _ := filepath.Glob(accountcopy.Path(paths.CacheDir, "*"))
	for _, file := range copies {
		account := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		if err := accountcopy.Remove(paths.CacheDir, account); err != nil {
			return fmt.Errorf("sign out: %w", err)
		}
	}
	if err := os.RemoveAll(paths.CacheDir); err != nil {
		return fmt.Errorf("sign out: delete the cache: %w", err)
	}
	fmt.Fprintln(out, l.Tf("Deleted the local copies of the accounts and the monitor data in %s.", paths.CacheDir))
	return nil
}
