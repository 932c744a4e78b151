package config

import (
	"errors"
	"sync"
	"testing"

	"github.com/zalando/go-keyring"
)

// mapKeyring is a working in-memory keyring.
type mapKeyring struct {
	mu    sync.Mutex
	items map[string]string
	calls int
}

func newMapKeyring() *mapKeyring { return &mapKeyring{items: map[string]string{}} }

func (m *mapKeyring) Get(service, user string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	v, ok := m.items[service+"/"+user]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (m *mapKeyring) Set(service, user, password string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	m.items[service+"/"+user] = password
	return nil
}

func (m *mapKeyring) Delete(service, user string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if _, ok := m.items[service+"/"+user]; !ok {
		return keyring.ErrNotFound
	}
	delete(m.items, service+"/"+user)
	return nil
}

func (m *mapKeyring) callCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls
}

// blockingKeyring never answers, like a locked keyring waiting for a
// password prompt nobody sees. It is released when the test ends.
type blockingKeyring struct{ release chan struct{} }

func newBlockingKeyring(t *testing.T) *blockingKeyring {
	b := &blockingKeyring{release: make(chan struct{})}
	t.Cleanup(func() { close(b.release) })
	return b
}

func (b *blockingKeyring) Get(string, string) (string, error) {
	<-b.release
	return "", errors.New("released")
}

func (b *blockingKeyring) Set(string, string, string) error {
	<-b.release
	return errors.New("released")
}

func (b *blockingKeyring) Delete(string, string) error {
	<-b.release
	return errors.New("released")
}

// brokenKeyring fails at once, like a machine without a secret service.
type brokenKeyring struct{}

var errNoDBus = errors.New("org.freedesktop.secrets was not provided by any .service files")

func (brokenKeyring) Get(string, string) (string, error) { return "", errNoDBus }
func (brokenKeyring) Set(string, string, string) error   { return errNoDBus }
func (brokenKeyring) Delete(string, string) error        { return errNoDBus }
