package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// loaded is what every command starts from.
type loaded struct {
	settings config.Settings
	// l is the language of what the command prints (the locale setting).
	l locale.Locale
	// previous are the settings as the file alone has them (no environment,
	// no flags): the sign-in kasa used until now.
	previous config.Settings
	logger   *slog.Logger
	closeLog func()
}

// load reads the settings (printing warnings to out) and opens the log file.
func load(out io.Writer, paths config.Paths, flags config.Overrides, getenv func(string) string) (*loaded, error) {
	settings, warnings, err := config.Load(paths.ConfigFile, getenv, flags)
	l := locale.New(locale.Resolve(settings.Locale, getenv))
	for _, w := range warnings {
		fmt.Fprintln(out, l.Tf("Warning: %s", w.String()))
	}
	if err != nil {
		return nil, err
	}
	previous, _, err := config.Load(paths.ConfigFile, nil, config.Overrides{})
	if err != nil {
		previous = config.Settings{}
	}
	logger, closer, err := ui.OpenLog(paths.LogFile(), settings.LogLevel == config.LogDebug)
	if err != nil {
		// No log is no reason to refuse to work.
		return &loaded{settings: settings, l: l, previous: previous, logger: slog.New(slog.DiscardHandler), closeLog: func() {}}, nil
	}
	return &loaded{settings: settings, l: l, previous: previous, logger: logger, closeLog: func() { _ = closer.Close() }}, nil
}

// openStore opens the credential store and prints its notice, if any.
func openStore(ctx context.Context, out io.Writer, l locale.Locale, paths config.Paths, settings config.Settings, logger *slog.Logger) (config.SecretStore, error) {
	store, notice, err := config.OpenStore(ctx, config.StoreOptions{
		InsecureStorage: settings.InsecureStorage,
		SecretsFile:     paths.SecretsFile(),
		Logger:          logger,
	})
	if err != nil {
		return nil, err
	}
	if notice != "" {
		fmt.Fprintln(out, l.Tf("Note: %s", string(notice)))
	}
	return store, nil
}
