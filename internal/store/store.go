// Package store keeps the local copy of one account: one SQLite file
// (modernc.org/sqlite, pure Go) holding the records of every kind as the
// service sent them, with the few fields lists filter, order and search on,
// what is known of each kind's freshness, and small values kept with the
// account. It knows nothing of the service's types.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver
)

// Kind names one kind of record kept in the copy.
type Kind string

// The kinds the copy keeps.
const (
	Subjects            Kind = "subjects"
	Invoices            Kind = "invoices"
	Expenses            Kind = "expenses"
	Generators          Kind = "generators"
	RecurringGenerators Kind = "recurring_generators"
	InventoryItems      Kind = "inventory_items"
	InventoryMoves      Kind = "inventory_moves"
	InboxFiles          Kind = "inbox_files"
	Todos               Kind = "todos"
	Events              Kind = "events"
)

// Record is one record as kept: the JSON the service sent (re-encoded by the
// client is fine) and the fields a list filters, orders and searches on.
type Record struct {
	ID             int64
	JSON           []byte
	Status         string
	DocumentType   string
	Number         string
	VariableSymbol string
	CustomID       string
	SubjectID      int64
	ItemID         int64     // inventory moves: their item
	CreatedAt      time.Time // "since"/"until" filters
	UpdatedAt      time.Time
	Date           time.Time // the order of the service's index: newest first (Date desc, ID desc)
	Text           string    // what search finds (number, names, note, lines' names); diacritics ignored
	Tags           []string
}

// ErrNotFound says the local copy holds no such record or value.
var ErrNotFound = errors.New("not in the local copy")

// busyTimeout is how long a statement waits for another connection's (or
// another kasa process's: the app and the monitor share the file) write lock.
const busyTimeout = 10 * time.Second

// Store is one account's local copy. Safe for use from several goroutines.
type Store struct {
	db   *sql.DB
	path string
}

// Path is where the copy of an account lives: <cacheDir>/accounts/<account>.db.
// The slug comes from the service: any character other than a letter, a
// digit, '-', '_' or '.' becomes '_', so it never leaves the folder.
func Path(cacheDir, account string) string {
	return filepath.Join(cacheDir, "accounts", safeName(account)+".db")
}

func safeName(account string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, account)
	if strings.Trim(safe, ".") == "" {
		safe = "_" + safe
	}
	return safe
}

// sideFiles are the files SQLite keeps beside the database in WAL mode (and a
// rollback journal, should one be left by another mode).
var sideFiles = [...]string{"", "-wal", "-shm", "-journal"}

// Remove deletes an account's copy (kasa logout): the file and its -wal and
// -shm files. No error when they are absent.
func Remove(cacheDir, account string) error {
	path := Path(cacheDir, account)
	for _, suffix := range sideFiles {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove the local copy: %w", err)
		}
	}
	return nil
}

// Open opens (or creates) the copy at path. Its folder is made 0700 and the
// file and its -wal/-shm files 0600: the copy holds the account's customers
// and money. A file of another schema version is emptied, so every kind is
// then not Complete and the next sync is a full pass; a file that is no
// database (damaged) is made anew: the copy is only a copy.
func Open(ctx context.Context, path string) (*Store, error) {
	s, err := open(ctx, path)
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqliteNotADB {
		for _, suffix := range sideFiles {
			if rerr := os.Remove(path + suffix); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
				return nil, err
			}
		}
		s, err = open(ctx, path)
	}
	return s, err
}

// sqliteNotADB is SQLITE_NOTADB: the file is not a database.
const sqliteNotADB = 26

func open(ctx context.Context, path string) (*Store, error) {
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("open the local copy: the path %q may not contain '?'", path)
	}
	if err := prepareFile(path); err != nil {
		return nil, err
	}
	dsn := path + "?_pragma=" + fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()) +
		"&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open the local copy: %w", err)
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := tightenModes(path); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// prepareFile makes the folder 0700 and the file 0600 before SQLite opens it,
// so the file is never readable by others, not even for a moment.
func prepareFile(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("open the local copy: make its folder: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("open the local copy: make its folder private: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open the local copy: %w", err)
	}
	return f.Close()
}

// tightenModes checks the file and its -wal/-shm files after opening and makes
// any of them 0600 that is not (a file left by an older version, a umask).
func tightenModes(path string) error {
	for _, suffix := range sideFiles {
		fi, err := os.Stat(path + suffix)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("open the local copy: %w", err)
		}
		if fi.Mode().Perm() != 0o600 {
			if err := os.Chmod(path+suffix, 0o600); err != nil {
				return fmt.Errorf("open the local copy: make %s private: %w", filepath.Base(path+suffix), err)
			}
		}
	}
	return nil
}

// Close closes the copy.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close the local copy: %w", err)
	}
	return nil
}
