// Package pagecache keeps the pages kasa showed last, per account, so that
// the next start paints them at once and refreshes them in the background,
// and so that kasa stays readable while the service cannot be reached.
//
// A page is kept as the service's own JSON of each record, framed so that
// a reader splits 10,000 records without parsing them and decodes only the
// rows it draws first. The files hold records only, never a token or a
// secret (a record's credential field, a webhook's auth_header, is dropped
// before a row is written); they are 0600 in a 0700 folder, written
// atomically, bounded in total size (the oldest go first) and deleted by
// `kasa logout`.
package pagecache

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// DefaultMaxBytes bounds the whole cache.
const DefaultMaxBytes = 64 << 20

// magic opens every page file (and its version). Version 3 holds no
// credential field; a version 2 file (which could) is never read.
const magic = "kasa-page-3\n"

// secretKey is the field of a record that holds a credential: a webhook's
// auth_header, the Authorization value the service sends its receiver. It
// never reaches the disk.
const secretKey = "auth_header"

// Store is the cache folder.
type Store struct {
	dir string
	max int64
}

// Open is the store in dir (config.Paths.CacheDir + "/pages"); maxBytes
// bounds it (0: DefaultMaxBytes).
func Open(dir string, maxBytes int64) *Store {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	return &Store{dir: dir, max: maxBytes}
}

// Page is a cached page: when it was read from the service and its
// records, each the service's JSON, not decoded yet.
type Page struct {
	At   time.Time
	Rows []json.RawMessage
}

// Save keeps rows as account's page key, read from the service at at. It
// then trims the store to its bound, oldest files first.
func (s *Store) Save(account, key string, at time.Time, rows []json.RawMessage) error {
	path := s.path(account, key)
	rows = withoutSecrets(rows)
	b := make([]byte, 0, len(magic)+8+framesSize(rows))
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint64(b, uint64(at.UnixMilli()))
	b = appendFrames(b, rows)
	if err := atomicfile.Write(path, b); err != nil {
		return fmt.Errorf("cache page %s: %w", key, err)
	}
	return s.trim()
}

// Append adds rows (a next page that arrived) to account's page key; a
// page never saved is left alone. An append cut short by a crash leaves a
// torn last frame, which Load drops.
func (s *Store) Append(account, key string, rows []json.RawMessage) error {
	rows = withoutSecrets(rows)
	f, err := os.OpenFile(s.path(account, key), os.O_WRONLY|os.O_APPEND, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cache next page of %s: %w", key, err)
	}
	_, werr := f.Write(appendFrames(make([]byte, 0, framesSize(rows)), rows))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("cache next page of %s: %w", key, werr)
	}
	return nil
}

// withoutSecrets is rows with the credential field taken out of each
// record that has one; a row that holds the field's name but cannot be
// read as a record is left out whole. Rows without it are not copied.
func withoutSecrets(rows []json.RawMessage) []json.RawMessage {
	needle := []byte(`"` + secretKey + `"`)
	out := rows
	copied := false
	for i, r := range rows {
		if !bytes.Contains(r, needle) {
			if copied {
				out = append(out, r)
			}
			continue
		}
		if !copied {
			out = append(make([]json.RawMessage, 0, len(rows)), rows[:i]...)
			copied = true
		}
		var fields map[string]json.RawMessage
		if json.Unmarshal(r, &fields) != nil {
			continue
		}
		delete(fields, secretKey)
		if b, err := json.Marshal(fields); err == nil && !bytes.Contains(b, needle) {
			out = append(out, b)
		}
	}
	return out
}

func framesSize(rows []json.RawMessage) int {
	n := 0
	for _, r := range rows {
		n += 4 + len(r)
	}
	return n
}

// appendFrames writes each row as its length and its bytes.
func appendFrames(b []byte, rows []json.RawMessage) []byte {
	for _, r := range rows {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(r)))
		b = append(b, r...)
	}
	return b
}

// Load reads account's page key. A page never saved, or saved by another
// version, is (nil, nil): the cache may always be thrown away.
func (s *Store) Load(account, key string) (*Page, error) {
	b, err := os.ReadFile(s.path(account, key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read cached page %s: %w", key, err)
	}
	p, ok := split(b)
	if !ok {
		return nil, nil
	}
	return p, nil
}

// split frames a page file's bytes: the rows are slices of b, not copies.
// A torn last frame (an append cut short) is dropped.
func split(b []byte) (*Page, bool) {
	if !strings.HasPrefix(string(b[:min(len(b), len(magic))]), magic) || len(b) < len(magic)+8 {
		return nil, false
	}
	b = b[len(magic):]
	p := &Page{At: time.UnixMilli(int64(binary.LittleEndian.Uint64(b)))}
	b = b[8:]
	for len(b) >= 4 {
		l := int(binary.LittleEndian.Uint32(b))
		if l > len(b)-4 {
			break
		}
		p.Rows = append(p.Rows, json.RawMessage(b[4:4+l:4+l]))
		b = b[4+l:]
	}
	return p, true
}

// Decode decodes rows into records. A row that does not decode is skipped
// and counted: one odd record never costs the others.
func Decode[T any](rows []json.RawMessage) (out []T, bad int) {
	out = make([]T, 0, len(rows))
	for _, r := range rows {
		var v T
		if err := json.Unmarshal(r, &v); err != nil {
			bad++
			continue
		}
		out = append(out, v)
	}
	return out, bad
}

// Drop deletes every cached page of account.
func (s *Store) Drop(account string) error {
	if err := os.RemoveAll(filepath.Join(s.dir, safe(account))); err != nil {
		return fmt.Errorf("drop cached pages of %s: %w", account, err)
	}
	return nil
}

// DropAll deletes the whole store (kasa logout).
func (s *Store) DropAll() error {
	if err := os.RemoveAll(s.dir); err != nil {
		return fmt.Errorf("drop cached pages: %w", err)
	}
	return nil
}

func (s *Store) path(account, key string) string {
	return filepath.Join(s.dir, safe(account), safe(key)+".page")
}

// safe makes a file name of an account slug or a page key.
func safe(s string) string {
	out := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.', r == '=':
			return r
		}
		return '_'
	}, s)
	if strings.Trim(out, ".") == "" {
		return "_" + out
	}
	return out
}

// trim deletes the oldest pages until the store fits its bound.
func (s *Store) trim() error {
	type file struct {
		path string
		size int64
		mod  time.Time
	}
	var files []file
	var total int64
	err := filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".page") {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		files = append(files, file{p, fi.Size(), fi.ModTime()})
		total += fi.Size()
		return nil
	})
	if err != nil {
		return fmt.Errorf("trim page cache: %w", err)
	}
	slices.SortFunc(files, func(a, b file) int { return a.mod.Compare(b.mod) })
	for _, f := range files {
		if total <= s.max {
			break
		}
		if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("trim page cache: %w", err)
		}
		total -= f.size
	}
	return nil
}
