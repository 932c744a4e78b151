package config

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"sync"
)

// FileStore keeps Secrets in one JSON file (a map of account key to
// Secrets), mode 0600 in a 0700 directory, replaced atomically on each
// write. It is safe for concurrent use within one process.
type FileStore struct {
	mu     sync.Mutex
	path   string
	logger *slog.Logger
}

// NewFileStore keeps secrets at path; logger (nil: none) hears about
// repaired file modes.
func NewFileStore(path string, logger *slog.Logger) *FileStore {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &FileStore{path: path, logger: logger}
}

// Where is the file's path.
func (f *FileStore) Where() string { return f.path }

// Load reads the secrets under key.
func (f *FileStore) Load(ctx context.Context, key string) (Secrets, error) {
	if err := ctx.Err(); err != nil {
		return Secrets{}, fmt.Errorf("load credentials: %w", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	all, err := f.read()
	if err != nil {
		return Secrets{}, fmt.Errorf("load credentials: %w", err)
	}
	s, ok := all[key]
	if !ok {
		return Secrets{}, fmt.Errorf("load credentials from %s: %w", f.path, ErrNoSecrets)
	}
	return s, nil
}

// Save replaces the secrets under key, keeping other keys.
func (f *FileStore) Save(ctx context.Context, key string, s Secrets) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	all, err := f.read()
	if err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	all[key] = s
	if err := f.write(all); err != nil {
		return fmt.Errorf("save credentials: %w", err)
	}
	return nil
}

// Delete forgets key; the file goes when the last key does.
func (f *FileStore) Delete(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("delete credentials: %w", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	all, err := f.read()
	if err != nil {
		return fmt.Errorf("delete credentials: %w", err)
	}
	if _, ok := all[key]; !ok {
		return nil
	}
	delete(all, key)
	if len(all) == 0 {
		if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("delete credentials: %w", err)
		}
		return nil
	}
	if err := f.write(all); err != nil {
		return fmt.Errorf("delete credentials: %w", err)
	}
	return nil
}

// read returns every saved entry; a missing file is an empty map.
func (f *FileStore) read() (map[string]Secrets, error) {
	if _, err := f.repairMode(); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]Secrets{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", f.path, err)
	}
	all := map[string]Secrets{}
	if err := json.Unmarshal(data, &all); err != nil {
		// The JSON error could quote part of a secret; name the file only.
		return nil, fmt.Errorf("%s is not valid JSON; fix or remove it and sign in again", f.path)
	}
	return all, nil
}

func (f *FileStore) write(all map[string]Secrets) error {
	data, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(f.path, data)
}

// repairMode narrows a secrets file others could read to 0600. It returns
// a message for the user when it had to, "" otherwise.
func (f *FileStore) repairMode() (string, error) {
	info, err := os.Stat(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("check %s: %w", f.path, err)
	}
	mode := info.Mode().Perm()
	if mode&^fileMode == 0 {
		return "", nil
	}
	if err := os.Chmod(f.path, fileMode); err != nil {
		return "", fmt.Errorf("%s has mode %04o and could not be narrowed to 0600: %w", f.path, mode, err)
	}
	msg := fmt.Sprintf("%s had mode %04o, readable by others; changed it to 0600", f.path, mode)
	f.logger.Warn("secrets file mode repaired", "path", f.path, "old_mode", fmt.Sprintf("%04o", mode))
	return msg, nil
}
