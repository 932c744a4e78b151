package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"net/url"
	"strings"

	"github.com/charmbracelet/huh"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
)

// ErrCancelled is returned when the user leaves a form before the end, in
// the user's language (cancelled); its English text is its catalog key.
var ErrCancelled = errors.New(locale.Key("sign-in cancelled; nothing was changed"))

// cancelled is ErrCancelled in l's language.
func cancelled(l locale.Locale) error {
	return wordedError{ErrCancelled, l.T(ErrCancelled.Error())}
}

// wordedError is an error with its words in the user's language that still
// matches its sentinel (errors.Is).
type wordedError struct {
	sentinel error
	words    string
}

func (e wordedError) Error() string { return e.words }
func (e wordedError) Unwrap() error { return e.sentinel }

// prompter runs huh forms on the LoginIO.
type prompter struct {
	in         io.Reader
	out        io.Writer
	l          locale.Locale
	accessible bool
	// hideSecret is false when the input cannot hide typing (not a terminal):
	// huh's accessible password prompt needs one.
	hideSecret bool
}

func newPrompter(lio LoginIO, l locale.Locale) *prompter {
	in := lio.in()
	p := &prompter{in: in, out: lio.out(), l: l, accessible: lio.Accessible, hideSecret: true}
	if lio.Accessible && !hasFd(in) {
		p.in = newLineReader(in)
		p.hideSecret = false
	}
	return p
}

func (p *prompter) run(ctx context.Context, groups ...*huh.Group) error {
	f := huh.NewForm(groups...).WithAccessible(p.accessible).WithInput(p.in).WithOutput(p.out).WithShowHelp(true)
	err := f.RunWithContext(ctx)
	if errors.Is(err, huh.ErrUserAborted) {
		return cancelled(p.l)
	}
	if err != nil {
		return fmt.Errorf("ask: %w", err)
	}
	return ctx.Err()
}

// title adds the default to a prompt in accessible mode, where the field is
// not shown pre-filled.
func (p *prompter) title(t, def string) string {
	if p.accessible && def != "" {
		return fmt.Sprintf("%s [%s]:", t, def)
	}
	if p.accessible {
		return t + ":"
	}
	return t
}

// answers are what the sign-in form asks.
type answers struct {
	flow        config.Flow
	baseURL     string
	clientID    string
	secret      string
	email       string
	redirectURI string
}

// askFlow asks which flow to use.
func (p *prompter) askFlow(ctx context.Context, a *answers) error {
	sel := huh.NewSelect[config.Flow]().
		Title(p.l.T("How do you sign in?")).
		Options(
			huh.NewOption(p.l.T("API credentials from my user settings (client credentials)"), config.FlowClientCredentials),
			huh.NewOption(p.l.T("An integration, allowed in the browser (authorization code)"), config.FlowAuthorizationCode),
		).Value(&a.flow)
	return p.run(ctx, huh.NewGroup(sel))
}

// askCredentials asks for the rest; the secret only when it is not known yet.
func (p *prompter) askCredentials(ctx context.Context, a *answers, askSecret bool) error {
	defURL, defID, defEmail, defRedirect := a.baseURL, a.clientID, a.email, a.redirectURI
	l := p.l
	fields := []huh.Field{
		huh.NewInput().Title(p.title(l.T("API address"), defURL)).
			Description(l.T("The service's API root; the sandbox prints its own.")).
			Value(&a.baseURL).Validate(withDefault(defURL, validBaseURL(l))),
		huh.NewInput().Title(p.title(l.T("Client ID"), defID)).
			Value(&a.clientID).Validate(withDefault(defID, validClientID(l))),
	}
	if askSecret {
		secret := huh.NewInput().Title(p.title(l.T("Client secret"), "")).
			Description(l.T("Kept in the system keyring (or a 0600 file), never in the settings file.")).
			Value(&a.secret).Validate(required(l.T("enter the client secret")))
		if p.hideSecret {
			secret = secret.EchoMode(huh.EchoModePassword)
		}
		fields = append(fields, secret)
	}
	fields = append(fields, huh.NewInput().Title(p.title(l.T("Your e-mail"), defEmail)).
		Description(l.T("The service requires it in the User-Agent of every request.")).
		Value(&a.email).Validate(withDefault(defEmail, validEmail(l))))
	if a.flow == config.FlowAuthorizationCode {
		fields = append(fields, huh.NewInput().Title(p.title(l.T("Redirect URL of the integration"), defRedirect)).
			Description(l.T("Exactly as registered with the integration (not localhost).")).
			Value(&a.redirectURI).Validate(withDefault(defRedirect, validHTTPURL(l))))
	}
	if err := p.run(ctx, huh.NewGroup(fields...)); err != nil {
		return err
	}
	a.baseURL = orDefault(a.baseURL, defURL)
	a.clientID = orDefault(a.clientID, defID)
	a.email = orDefault(a.email, defEmail)
	a.redirectURI = orDefault(a.redirectURI, defRedirect)
	a.secret = strings.TrimSpace(a.secret)
	return nil
}

// askPasted asks for the address the browser was sent to.
func (p *prompter) askPasted(ctx context.Context) (string, error) {
	var pasted string
	in := huh.NewInput().Title(p.title(p.l.T("Paste the address your browser was sent to (or just the code)"), "")).Value(&pasted)
	if err := p.run(ctx, huh.NewGroup(in)); err != nil {
		return "", err
	}
	return pasted, nil
}

// askAccount lets the user pick one of several accounts.
func (p *prompter) askAccount(ctx context.Context, accounts []apiclient.AccountSummary, slug *string) error {
	opts := make([]huh.Option[string], 0, len(accounts))
	for _, a := range accounts {
		label := a.Slug
		if a.Name != "" {
			label += " — " + a.Name
		}
		opts = append(opts, huh.NewOption(textclean.Line(label), a.Slug)) // the service's names
	}
	sel := huh.NewSelect[string]().Title(p.l.T("Which account should kasa open?")).Options(opts...).Value(slug)
	return p.run(ctx, huh.NewGroup(sel))
}

func orDefault(v, def string) string {
	if v = strings.TrimSpace(v); v != "" {
		return v
	}
	return def
}

// withDefault accepts an empty answer when there is a default to fall back on.
func withDefault(def string, check func(string) error) func(string) error {
	return func(v string) error {
		v = strings.TrimSpace(v)
		if v == "" && def != "" {
			return nil
		}
		return check(v)
	}
}

// required refuses an empty answer with the words blank ("enter the
// client secret").
func required(blank string) func(string) error {
	return func(v string) error {
		if strings.TrimSpace(v) == "" {
			return errors.New(blank)
		}
		return nil
	}
}

func validHTTPURL(l locale.Locale) func(string) error {
	return func(v string) error {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return errors.New(l.Tf("enter an http or https address, such as %s", config.DefaultBaseURL))
		}
		return nil
	}
}

// validBaseURL is validHTTPURL that also refuses plain http to a host that
// is not this machine: the client secret and the token would go in clear.
func validBaseURL(l locale.Locale) func(string) error {
	valid := validHTTPURL(l)
	return func(v string) error {
		if err := valid(v); err != nil {
			return err
		}
		if u, _ := url.Parse(v); u.Scheme == "http" && !apiclient.IsLoopbackHost(u.Hostname()) {
			return errors.New(l.T("use https: plain http would send the client secret and the token unencrypted (http only for this machine: 127.0.0.1 or localhost)"))
		}
		return nil
	}
}

func validClientID(l locale.Locale) func(string) error {
	return func(v string) error {
		if v == "" {
			return errors.New(l.T("enter the client ID"))
		}
		if strings.ContainsAny(v, " \t") {
			return errors.New(l.T("a client ID has no spaces"))
		}
		return nil
	}
}

func validEmail(l locale.Locale) func(string) error {
	return func(v string) error {
		a, err := mail.ParseAddress(v)
		if err != nil || a.Address != v {
			return errors.New(l.T("enter a plain e-mail address, such as you@example.com"))
		}
		return nil
	}
}
