package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
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
	s, tr := l.settings, l.l
	notSignedIn := func() error {
		fmt.Fprintln(out, tr.T("Not signed in."))
		fmt.Fprintln(out, tr.T("Run `kasa login` to sign in (or `kasa login --non-interactive` with KASA_CLIENT_ID, KASA_CLIENT_SECRET and KASA_CONTACT_EMAIL set)."))
		return nil
	}
	if s.ClientID == "" || s.ContactEmail == "" {
		return notSignedIn()
	}
	store, err := openStore(ctx, out, tr, paths, s, l.logger)
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
		fmt.Fprintln(out, textclean.Line(tr.Tf("Signed in with client %s at %s, but the sign-in no longer works.", s.ClientID, s.BaseURL)))
		return auth.ErrSignInAgain
	}
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	slug := auth.DefaultSlug(user, s.Account)
	client = client.ForAccount(slug)

	// Values name the user and the accounts as the service has them: text,
	// never terminal control.
	row := func(label, value string) { fmt.Fprintf(out, "%-12s %s\n", tr.T(label)+":", textclean.Line(value)) }
	row(locale.Key("Signed in"), fmt.Sprintf("%s <%s>", user.FullName, user.Email))
	row(locale.Key("Service"), s.BaseURL)
	row(locale.Key("Sign-in"), tr.Tf("%s, client ID %s", s.Flow, s.ClientID))
	for _, a := range user.Accounts {
		if a.Slug == slug {
			row(locale.Key("Account"), describeAccount(tr, a, user.DefaultAccount.String()))
		}
	}
	if n := len(user.Accounts) - 1; n > 0 {
		row(locale.Key("Others"), tr.Nf(n, "%d more account; switch with --account|%d more accounts; switch with --account", n))
	}
	row(locale.Key("Secrets"), store.Where())
	if tok, err := sess.Token(ctx); err == nil && !tok.Expiry.IsZero() {
		renew := tr.T("a new one is fetched then")
		if sess.CanRevoke() {
			renew = tr.T("refreshed automatically")
		}
		row(locale.Key("Token"), tr.Tf("valid until %s (%s)", tr.Date(tok.Expiry.Local())+" "+tok.Expiry.Local().Format("15:04"), renew))
	}
	acct, _, err := client.Account.Get(ctx)
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	row(locale.Key("API quota"), tr.Tf("%d of %d requests used this month", acct.APICallsUsed, acct.APICallsLimit))
	if r := client.Rate(); r.Known {
		row(locale.Key("Rate limit"), tr.Tf("%d of %d requests left; the window resets in %d s", r.Remaining, r.Limit, int(r.Reset/time.Second)))
	}
	return nil
}
