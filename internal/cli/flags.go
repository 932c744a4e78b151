package cli

import (
	"flag"
	"fmt"
	"io"

	"github.com/kasa-tui/kasa/config"
)

// globals are the flags every command takes.
type globals struct {
	demo      bool
	scale     int
	overrides config.Overrides
	// script: a command for scripts (export) never offers the welcome
	// screen; not signed in is an error.
	script bool
	// version: --version, as `kasa version`.
	version bool
}

// parseGlobal reads the global flags and returns the rest (subcommand and its flags).
func parseGlobal(args []string, stderr io.Writer) (globals, []string, error) {
	var g globals
	fs := flag.NewFlagSet("kasa", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fmt.Fprintln(stderr, "\nFlags:")
		fs.PrintDefaults()
	}
	fs.BoolVar(&g.demo, "demo", false, "run on the built-in living demo account (no network, no sign-in)")
	fs.IntVar(&g.scale, "scale", 0, "with --demo: add N generated subjects with their documents (lists of many pages)")
	baseURL := fs.String("base-url", "", "API root (default from config.toml, else the real service)")
	account := fs.String("account", "", "account slug (default: the user's default account)")
	email := fs.String("contact-email", "", "contact e-mail for the User-Agent the service requires")
	clientID := fs.String("client-id", "", "OAuth client id")
	flow := fs.String("flow", "", "sign-in flow: client_credentials or authorization_code")
	theme := fs.String("theme", "", "colours: auto, dark or light")
	loc := fs.String("locale", "", "language, money and dates: auto, cs, sk or en")
	insecure := fs.Bool("insecure-storage", false, "keep secrets in a 0600 file instead of the system keyring")
	debug := fs.Bool("debug", false, "log more to the log file")
	fs.BoolVar(&g.version, "version", false, "print the version and exit (as kasa version)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return g, nil, err
		}
		return g, nil, usageError{err.Error()}
	}
	// Only flags the user gave override the file and the environment.
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "base-url":
			g.overrides.BaseURL = baseURL
		case "account":
			g.overrides.Account = account
		case "contact-email":
			g.overrides.ContactEmail = email
		case "client-id":
			g.overrides.ClientID = clientID
		case "flow":
			g.overrides.Flow = flow
		case "theme":
			g.overrides.Theme = theme
		case "locale":
			g.overrides.Locale = loc
		case "insecure-storage":
			g.overrides.InsecureStorage = insecure
		case "debug":
			g.overrides.Debug = debug
		}
	})
	if g.scale < 0 || (g.scale > 0 && !g.demo) {
		return g, nil, usageError{"--scale takes a positive number and goes with --demo"}
	}
	return g, fs.Args(), nil
}
