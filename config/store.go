package config

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// StoreOptions choose and configure the credential store.
type StoreOptions struct {
	// InsecureStorage picks the file store without asking the keyring.
	InsecureStorage bool
	// SecretsFile is the file store's path, normally Paths.SecretsFile().
	SecretsFile string
	// Keyring is the keyring to use; nil means the system keyring.
	Keyring KeyringBackend
	// KeyringTimeout bounds each keyring call; 0 means DefaultKeyringTimeout.
	KeyringTimeout time.Duration
	// Logger hears about fallbacks and repairs; nil means none.
	Logger *slog.Logger
}

// Notice is something the user should read once, such as where secrets went
// when no keyring answered. Empty means nothing to say.
type Notice string

// probeUser is a keyring entry kasa never writes: reading it tells whether
// the keyring answers at all.
const probeUser = "kasa-probe"

// OpenStore returns the keyring store when the keyring answers, and the file
// store otherwise (or when InsecureStorage is set), with a Notice explaining
// a fallback or a repaired file mode.
func OpenStore(ctx context.Context, opts StoreOptions) (SecretStore, Notice, error) {
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	var reason error
	if !opts.InsecureStorage {
		ks := NewKeyringStore(opts.Keyring, opts.KeyringTimeout)
		_, err := ks.Load(ctx, probeUser)
		if err == nil || errors.Is(err, ErrNoSecrets) {
			return ks, "", nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, "", fmt.Errorf("open credential store: %w", ctxErr)
		}
		reason = err
		logger.Warn("no system keyring; using the secrets file", "path", opts.SecretsFile, "err", err)
	}

	if opts.SecretsFile == "" {
		return nil, "", errors.New("open credential store: no path for the secrets file")
	}
	file := NewFileStore(opts.SecretsFile, logger)
	var notes []string
	if reason != nil {
		notes = append(notes, fmt.Sprintf("No system keyring answered (%s); secrets are kept in %s (mode 0600). Use --insecure-storage to choose this on purpose.",
			keyringReason(reason), opts.SecretsFile))
	}
	repaired, err := file.repairMode()
	if err != nil {
		return nil, "", fmt.Errorf("open credential store: %w", err)
	}
	if repaired != "" {
		notes = append(notes, repaired+".")
	}
	return file, Notice(strings.Join(notes, " ")), nil
}

// keyringReason says briefly why the keyring was passed over.
func keyringReason(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"load credentials: ", "keyring read: ", ErrKeyringUnavailable.Error() + ": "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	return msg
}
