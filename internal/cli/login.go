package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
)

// Login is `kasa login`: it asks for the flow and the credentials (or takes
// them from the environment with NonInteractive), signs in, checks the
// credentials with GET /user.json, lets the user pick an account, and saves
// the settings file and the secrets.
func Login(ctx context.Context, lio LoginIO, paths config.Paths, flags config.Overrides, getenv func(string) string) error {
	out := lio.out()
	l, err := load(out, paths, flags, getenv)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	defer l.closeLog()
	envSecret := config.EnvClientSecret(getenv)
	if lio.NonInteractive {
		return loginNonInteractive(ctx, out, paths, l, envSecret)
	}

	tr := l.l
	p := newPrompter(lio, tr)
	a := answers{flow: l.settings.Flow, baseURL: l.settings.BaseURL, clientID: l.settings.ClientID,
		email: l.settings.ContactEmail, redirectURI: l.settings.RedirectURI, secret: envSecret}
	fmt.Fprintln(out, tr.T("Sign in to the invoicing service. Create API credentials in your user settings, or an integration in the account settings."))
	if err := p.askFlow(ctx, &a); err != nil {
		return err
	}
	if envSecret != "" {
		fmt.Fprintln(out, tr.Tf("Using the client secret from %s.", config.EnvClientSecretVar))
	}
	if err := p.askCredentials(ctx, &a, envSecret == ""); err != nil {
		return err
	}
	s := l.settings
	s.Flow, s.BaseURL, s.ClientID, s.ContactEmail = a.flow, a.baseURL, a.clientID, a.email
	if a.flow == config.FlowAuthorizationCode {
		s.RedirectURI = a.redirectURI
	}
	if err := s.ValidateComplete(); err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	if a.secret == "" {
		return errors.New(tr.T("sign in: the client secret is empty"))
	}
	store, err := openStore(ctx, out, tr, paths, s, l.logger)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}

	var sess *auth.Session
	if a.flow == config.FlowAuthorizationCode {
		sess, err = signInWithBrowser(ctx, lio, p, s, a.secret, store, l.logger)
	} else {
		sess, err = signInClientCredentials(ctx, out, tr, s, a.secret, store, l.logger)
	}
	if err != nil {
		return err
	}
	if err := finishLogin(ctx, out, tr, p, paths, sess, store, l.previous.LogLevel); err != nil {
		return err
	}
	forgetPrevious(ctx, out, tr, l.previous, s, store, l.logger)
	return nil
}

// forgetPrevious signs out of the sign-in the settings named before, when the
// new one replaced it under another key (another client or service): nothing
// would ever use those secrets again.
func forgetPrevious(ctx context.Context, out io.Writer, l locale.Locale, old, now config.Settings, store config.SecretStore, logger *slog.Logger) {
	if old.ClientID == "" || old.AccountKey() == now.AccountKey() {
		return
	}
	prev, err := auth.Open(ctx, old, store, auth.WithLogger(logger))
	if err != nil {
		return
	}
	if err := prev.Revoke(ctx); err != nil {
		logger.Warn("could not sign out of the previous sign-in", "err", err.Error())
	}
	fmt.Fprintln(out, l.Tf("Signed out of the previous sign-in (client %s at %s).", old.ClientID, old.BaseURL))
}

// loginNonInteractive signs in from the environment, without prompts.
func loginNonInteractive(ctx context.Context, out io.Writer, paths config.Paths, l *loaded, secret string) error {
	s, tr := l.settings, l.l
	var missing []string
	if s.ClientID == "" {
		missing = append(missing, "KASA_CLIENT_ID")
	}
	if secret == "" {
		missing = append(missing, config.EnvClientSecretVar)
	}
	if s.ContactEmail == "" {
		missing = append(missing, "KASA_CONTACT_EMAIL")
	}
	if len(missing) > 0 {
		return errors.New(tr.Tf("sign in without prompts: set %s", strings.Join(missing, ", ")))
	}
	if s.Flow != config.FlowClientCredentials {
		return errors.New(tr.Tf("sign in without prompts: only the client_credentials flow can (flow is %s, which needs a browser); set KASA_FLOW=client_credentials or run `kasa login` interactively", s.Flow))
	}
	if err := s.ValidateComplete(); err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	store, err := openStore(ctx, out, tr, paths, s, l.logger)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	sess, err := signInClientCredentials(ctx, out, tr, s, secret, store, l.logger)
	if err != nil {
		return err
	}
	if err := finishLogin(ctx, out, tr, nil, paths, sess, store, l.previous.LogLevel); err != nil {
		return err
	}
	forgetPrevious(ctx, out, tr, l.previous, s, store, l.logger)
	return nil
}

func signInClientCredentials(ctx context.Context, out io.Writer, l locale.Locale, s config.Settings, secret string, store config.SecretStore, logger *slog.Logger) (*auth.Session, error) {
	f, err := auth.NewClientCredentials(s, secret, store, auth.WithLogger(logger))
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(out, l.Tf("Signing in at %s …", s.BaseURL))
	return f.SignIn(ctx)
}

// signInWithBrowser runs the consent: print and open the page, ask for the
// address the browser lands on, trade the code.
func signInWithBrowser(ctx context.Context, lio LoginIO, p *prompter, s config.Settings, secret string, store config.SecretStore, logger *slog.Logger) (*auth.Session, error) {
	out := lio.out()
	f, err := auth.NewAuthorizationCode(s, secret, store, auth.WithLogger(logger))
	if err != nil {
		return nil, err
	}
	state, err := auth.NewState()
	if err != nil {
		return nil, err
	}
	consent := f.ConsentURL(state)
	fmt.Fprintf(out, "\n%s\n\n  %s\n\n", p.l.T("Open this page, allow kasa access, and copy the address your browser is then sent to:"), consent)
	opener := lio.OpenBrowser
	if opener == nil {
		opener = openBrowser
	}
	if err := opener(ctx, consent); err != nil {
		logger.Info("could not open a browser", "err", err.Error())
	}
	pasted, err := p.askPasted(ctx)
	if err != nil {
		return nil, err
	}
	code, err := auth.ParsePasted(pasted, state)
	if err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	return f.Exchange(ctx, code)
}

// finishLogin checks the credentials against the service, picks the account
// and saves the settings. On failure it undoes the sign-in. fileLevel is the
// log level the settings file holds: --debug is for this run only and
// never saved.
func finishLogin(ctx context.Context, out io.Writer, l locale.Locale, p *prompter, paths config.Paths, sess *auth.Session, store config.SecretStore, fileLevel config.LogLevel) (err error) {
	defer func() {
		if err != nil {
			_ = sess.Revoke(context.WithoutCancel(ctx))
		}
	}()
	s := sess.Settings()
	client, err := sess.Client("")
	if err != nil {
		return err
	}
	user, err := auth.Accounts(ctx, client)
	if err != nil {
		return fmt.Errorf("sign in: check the credentials: %w", err)
	}
	if len(user.Accounts) == 0 {
		return errors.New(l.T("sign in: this user has no accounts"))
	}
	// Names and slugs are the service's text: cleaned before they reach the
	// terminal.
	fmt.Fprintln(out, textclean.Line(l.Tf("Signed in as %s <%s>.", user.FullName, user.Email)))
	fmt.Fprintln(out, l.T("Accounts:"))
	for _, a := range user.Accounts {
		fmt.Fprintf(out, "  %s\n", describeAccount(l, a, user.DefaultAccount.String()))
	}
	slug := auth.DefaultSlug(user, s.Account)
	if p != nil && len(user.Accounts) > 1 {
		if err := p.askAccount(ctx, user.Accounts, &slug); err != nil {
			return err
		}
	}
	s.Account = slug
	s.LogLevel = cmp.Or(fileLevel, config.LogInfo)
	if err := config.Save(paths.ConfigFile, s); err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	fmt.Fprintln(out, textclean.Line(l.Tf("kasa will open the account %s.", slug)))
	fmt.Fprintln(out, l.Tf("Settings saved to %s; secrets kept in %s.", paths.ConfigFile, store.Where()))
	return nil
}

// describeAccount is an account's line in a list (slug, name, permission),
// cleaned: it is the service's text.
func describeAccount(l locale.Locale, a apiclient.AccountSummary, def string) string {
	line := a.Slug
	if a.Name != "" {
		line += " — " + a.Name
	}
	if a.Permission != "" {
		line += " (" + l.T(a.Permission) + ")"
	}
	if a.Slug == def {
		line += ", " + l.T("default")
	}
	return textclean.Line(line)
}
