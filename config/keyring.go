package config

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/zalando/go-keyring"
)

// KeyringService is the service name kasa's entries have in the keyring.
const KeyringService = "kasa"

// DefaultKeyringTimeout bounds every keyring call: a locked keyring that
// waits for a password prompt nobody sees must not hang kasa.
const DefaultKeyringTimeout = 3 * time.Second

// KeyringBackend is the part of a system keyring kasa uses. The real one is
// github.com/zalando/go-keyring; tests pass fakes. Get returns
// keyring.ErrNotFound when the keyring works but has no such entry.
type KeyringBackend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// SystemKeyring calls the platform keyring through go-keyring.
type SystemKeyring struct{}

// Get reads an entry.
func (SystemKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }

// Set writes an entry.
func (SystemKeyring) Set(service, user, password string) error {
	return keyring.Set(service, user, password)
}

// Delete removes an entry.
func (SystemKeyring) Delete(service, user string) error { return keyring.Delete(service, user) }

// KeyringStore keeps Secrets as JSON in the system keyring, one entry per
// account key. Every call is bounded by a timeout.
type KeyringStore struct {
	backend KeyringBackend
	timeout time.Duration
}

// NewKeyringStore wraps backend (nil: SystemKeyring); timeout <= 0 means
// DefaultKeyringTimeout.
func NewKeyringStore(backend KeyringBackend, timeout time.Duration) *KeyringStore {
	if backend == nil {
		backend = SystemKeyring{}
	}
	if timeout <= 0 {
		timeout = DefaultKeyringTimeout
	}
	return &KeyringStore{backend: backend, timeout: timeout}
}

// Where names the keyring for the user.
func (k *KeyringStore) Where() string {
	return fmt.Sprintf("the system keyring (service %q)", KeyringService)
}

// Load reads the secrets under key.
func (k *KeyringStore) Load(ctx context.Context, key string) (Secrets, error) {
	var data string
	err := k.call(ctx, "read", func() (err error) {
		data, err = k.backend.Get(KeyringService, key)
		return err
	})
	if errors.Is(err, keyring.ErrNotFound) {
		return Secrets{}, fmt.Errorf("load credentials from keyring: %w", ErrNoSecrets)
	}
	if err != nil {
		return Secrets{}, fmt.Errorf("load credentials: %w", err)
	}
	var s Secrets
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		// The JSON error could quote part of a secret; do not pass it on.
		return Secrets{}, errors.New("load credentials: the keyring entry is not valid JSON; sign in again")
	}
	return s, nil
}

// Save writes the secrets under key.
func (k *KeyringStore) Save(ctx context.Context, key string, s Secrets) error {
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	if err := k.call(ctx, "write", func() error { return k.backend.Set(KeyringService, key, string(data)) }); err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	return nil
}

// Delete removes the entry under key; a missing entry is fine.
func (k *KeyringStore) Delete(ctx context.Context, key string) error {
	err := k.call(ctx, "delete", func() error { return k.backend.Delete(KeyringService, key) })
	if err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return fmt.Errorf("delete credentials: %w", err)
	}
	return nil
}

// call runs fn in a goroutine and gives up after the timeout. A backend that
// never returns leaves its goroutine behind; that is the price of not
// hanging, and the channel is buffered so the goroutine can still finish.
// Backend errors other than ErrNotFound are reported as ErrKeyringUnavailable.
func (k *KeyringStore) call(ctx context.Context, op string, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("keyring %s: %w", op, err)
	}
	tctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		if err == nil || errors.Is(err, keyring.ErrNotFound) {
			return err
		}
		return fmt.Errorf("keyring %s: %w: %w", op, ErrKeyringUnavailable, err)
	case <-tctx.Done():
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("keyring %s: %w", op, err)
		}
		return fmt.Errorf("keyring %s: %w: no answer within %s", op, ErrKeyringUnavailable, k.timeout)
	}
}
