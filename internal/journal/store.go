package journal

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// Journal keeps the writes not known to be done, one file per account
// (0600, written whole by atomicfile, so a crash leaves the old file or the
// new one). Open it once per process: its lock orders the writes of every
// page. The zero Dir keeps the entries in memory only (tests, no folder).
type Journal struct {
	dir string
	now func() time.Time
	mu  sync.Mutex
	mem map[string][]Entry // by account, when dir is ""
}

// Open is the journal kept in dir (config: the state folder); now is the
// clock of SentAt (nil: time.Now).
func Open(dir string, now func() time.Time) *Journal {
	if now == nil {
		now = time.Now
	}
	return &Journal{dir: dir, now: now, mem: map[string][]Entry{}}
}

// Dir is where the journal is kept ("" in memory).
func (j *Journal) Dir() string { return j.dir }

func (j *Journal) path(account string) string {
	name := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '-'
	}, account)
	return filepath.Join(j.dir, "journal-"+name+".json")
}

// file is what one account's file holds.
type file struct {
	Entries []Entry `json:"entries"`
}

// load reads an account's entries; the caller holds mu.
func (j *Journal) load(account string) ([]Entry, error) {
	if j.dir == "" {
		return slices.Clone(j.mem[account]), nil
	}
	b, err := os.ReadFile(j.path(account))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the journal of writes: %w", err)
	}
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("read the journal of writes %s: %w", j.path(account), err)
	}
	return f.Entries, nil
}

// store replaces an account's entries; the caller holds mu.
func (j *Journal) store(account string, es []Entry) error {
	if j.dir == "" {
		j.mem[account] = slices.Clone(es)
		return nil
	}
	b, err := json.MarshalIndent(file{Entries: es}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode the journal of writes: %w", err)
	}
	if err := atomicfile.Write(j.path(account), b); err != nil {
		return fmt.Errorf("write the journal of writes: %w", err)
	}
	return nil
}

// put records e (replacing the entry of its id).
func (j *Journal) put(e Entry) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	es, err := j.load(e.Account)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(es, func(x Entry) bool { return x.ID == e.ID })
	if i >= 0 {
		es[i] = e
	} else {
		es = append(es, e)
	}
	return j.store(e.Account, es)
}

// drop forgets the entry id: its outcome is known.
func (j *Journal) drop(account, id string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	es, err := j.load(account)
	if err != nil {
		return err
	}
	n := len(es)
	es = slices.DeleteFunc(es, func(x Entry) bool { return x.ID == id })
	if len(es) == n {
		return nil
	}
	return j.store(account, es)
}

// Pending are the account's writes in doubt (a write found "sending" was
// cut off mid-send: in doubt too), oldest first.
func (j *Journal) Pending(account string) ([]Entry, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	es, err := j.load(account)
	for i := range es {
		es[i].State = StateDoubt
	}
	return es, err
}

// Get is the entry id of account, if it is still in the journal.
func (j *Journal) Get(account, id string) (Entry, bool, error) {
	es, err := j.Pending(account)
	if err != nil {
		return Entry{}, false, err
	}
	i := slices.IndexFunc(es, func(x Entry) bool { return x.ID == id })
	if i < 0 {
		return Entry{}, false, nil
	}
	return es[i], true, nil
}

// newID is a random entry id.
func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
