package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kasa-tui/kasa/auth"
	"github.com/kasa-tui/kasa/config"
)

// Status is `kasa status`: who is signed in, on which account, where the
// secrets are, how much of the monthly API quota is used and how much of
// the rate limit is left. Not being signed in is reported, not an error.
func Status(ctx context.Context, out io.Writer, paths config.Paths, flags config.Overrides, getenv func(string) string) error {
	l, err := load(out, paths, flags, getenv)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	defer l.closeLog()
	s := l.settings
	notSignedIn := func() error {
		fmt.Fprintln(out, "Not signed in.")
		fmt.Fprintln(out, "Run `kasa login` to sign in (or `kasa login --non-interactive` with KASA_CLIENT_ID, KASA_CLIENT_SECRET and KASA_CONTACT_EMAIL set).")
		return nil
	}
	if s.ClientID == "" || s.ContactEmail == "" {
		return notSignedIn()
	}
	store, err := openStore(ctx, out, paths, s, l.logger)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	sess, err := auth.Open(ctx, s, store, auth.WithLogger(l.logger), auth.WithClientSecret(config.EnvClientSecret(getenv)))
	if errors.Is(err, auth.ErrNotSignedIn) {
		return notSignedIn()
	}
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	client, err := sess.Client(s.Account)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	user, err := auth.Accounts(ctx, client)
	if errors.Is(err, auth.ErrSignInAgain) {
		fmt.Fprintf(out, "Signed in with client %s at %s, but the sign-in no longer works.\n", s.ClientID, s.BaseURL)
		return auth.ErrSignInAgain
	}
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	slug := auth.DefaultSlug(user, s.Account)
	client = client.ForAccount(slug)

	row := func(label, value string) { fmt.Fprintf(out, "%-12s %s\n", label+":", value) }
	row("Signed in", fmt.Sprintf("%s <%s>", user.FullName, user.Email))
	row("Service", s.BaseURL)
	row("Sign-in", fmt.Sprintf("%s, client ID %s", s.Flow, s.ClientID))
	for _, a := range user.Accounts {
		if a.Slug == slug {
			row("Account", describeAccount(a, user.DefaultAccount.String()))
		}
	}
	if len(user.Accounts) > 1 {
		others := "accounts"
		if len(user.Accounts)-1 == 1 {
			others = "account"
		}
		row("Others", fmt.Sprintf("%d more %s; switch with --account", len(user.Accounts)-1, others))
	}
	row("Secrets", store.Where())
	if tok, err := sess.Token(ctx); err == nil && !tok.Expiry.IsZero() {
		renew := "a new one is fetched then"
		if sess.CanRevoke() {
			renew = "refreshed automatically"
		}
		row("Token", fmt.Sprintf("valid until %s (%s)", tok.Expiry.Local().Format("2006-01-02 15:04"), renew))
	}
	acct, _, err := client.Account.Get(ctx)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	row("API quota", fmt.Sprintf("%d of %d requests used this month", acct.APICallsUsed, acct.APICallsLimit))
	if r := client.Rate(); r.Known {
		row("Rate limit", fmt.Sprintf("%d of %d requests left; the window resets in %d s", r.Remaining, r.Limit, int(r.Reset/time.Second)))
	}
	return nil
}
