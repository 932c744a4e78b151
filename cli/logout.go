package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/kasa-tui/kasa/auth"
	"github.com/kasa-tui/kasa/config"
)

// Logout is `kasa logout`: it revokes the sign-in at the service (when there
// is a refresh token) and deletes the saved secrets. The settings file stays,
// so the next `kasa login` is pre-filled. The cache (pages and monitor data
// of every account) goes with the sign-in: it is the signed-in user's books.
func Logout(ctx context.Context, out io.Writer, paths config.Paths, flags config.Overrides, getenv func(string) string) error {
	l, err := load(out, paths, flags, getenv)
	if err != nil {
		return fmt.Errorf("sign out: %w", err)
	}
	defer l.closeLog()
	s := l.settings
	if s.ClientID == "" {
		fmt.Fprintln(out, "Not signed in: there is nothing to sign out of.")
		return nil
	}
	store, err := openStore(ctx, out, paths, s, l.logger)
	if err != nil {
		return fmt.Errorf("sign out: %w", err)
	}
	sess, err := auth.Open(ctx, s, store, auth.WithLogger(l.logger), auth.WithClientSecret(config.EnvClientSecret(getenv)))
	if errors.Is(err, auth.ErrNotSignedIn) {
		fmt.Fprintf(out, "No saved sign-in for client %s at %s: there is nothing to sign out of.\n", s.ClientID, s.BaseURL)
		return nil
	}
	if err != nil {
		// Settings too incomplete to open a session: still forget what is saved.
		if derr := store.Delete(ctx, s.AccountKey()); derr != nil {
			return fmt.Errorf("sign out: %w", derr)
		}
		fmt.Fprintf(out, "Deleted the saved credentials from %s.\n", store.Where())
		return dropCache(out, paths)
	}
	revocable := sess.CanRevoke()
	if err := sess.Revoke(ctx); err != nil {
		return fmt.Errorf("sign out: %w", err)
	}
	if revocable {
		fmt.Fprintf(out, "Revoked kasa's access at %s and deleted the saved credentials from %s.\n", s.BaseURL, store.Where())
	} else {
		fmt.Fprintf(out, "Deleted the saved token and client secret from %s.\n", store.Where())
		fmt.Fprintln(out, "(Client-credentials tokens cannot be revoked; the last one expires by itself within 2 hours.)")
	}
	if err := dropCache(out, paths); err != nil {
		return err
	}
	fmt.Fprintf(out, "Your settings in %s are kept; run `kasa login` to sign in again.\n", paths.ConfigFile)
	return nil
}

// dropCache deletes kasa's cache folder: the pages and the monitor's data
// kept for a fast start.
func dropCache(out io.Writer, paths config.Paths) error {
	if _, err := os.Stat(paths.CacheDir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err := os.RemoveAll(paths.CacheDir); err != nil {
		return fmt.Errorf("sign out: delete the cache: %w", err)
	}
	fmt.Fprintf(out, "Deleted the cached pages and monitor data in %s.\n", paths.CacheDir)
	return nil
}
