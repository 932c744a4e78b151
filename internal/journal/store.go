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
	mem map[string]file // by account, when dir is ""
}

// Open is the journal kept in dir (config: the state folder); now is the
// clock of SentAt (nil: time.Now).
func Open(dir string, now func() time.Time) *Journal {
	if now == nil {
		now = time.Now
	}
	return &Journal{dir: dir, now: now, mem: map[string]file{}}
}

// Dir is where the journal is kept ("" in memory).
func (j *Journal) Dir() string { return j.dir }

func (j *Journal) path(account string) string {
	return filepath.Join(j.dir, "journal-"+atomicfile.SafeName(account)+".json")
}

// file is what one account's file holds: the writes in doubt, and the last
// ones settled (so that a form still waiting on one learns what became of it).
type file struct {
	Entries []Entry   `json:"entries"`
	Settled []Settled `json:"settled,omitempty"`
}

// Settled is what became of a write that left the journal.
type Settled struct {
	Entry   Entry   `json:"entry"`
	Outcome Outcome `json:"outcome"`
	FoundID int64   `json:"found_id,omitempty"`
}

// keepSettled bounds the settled writes kept.
const keepSettled = 200

// load reads an account's file; the caller holds mu.
func (j *Journal) load(account string) (file, error) {
	if j.dir == "" {
		f := j.mem[account]
		return file{Entries: slices.Clone(f.Entries), Settled: slices.Clone(f.Settled)}, nil
	}
	var f file
	b, err := os.ReadFile(j.path(account))
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("read the journal of writes: %w", err)
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return f, fmt.Errorf("read the journal of writes %s: %w", j.path(account), err)
	}
	return f, nil
}

// store replaces an account's file; the caller holds mu.
func (j *Journal) store(account string, f file) error {
	if j.dir == "" {
		j.mem[account] = f
		return nil
	}
	b, err := json.MarshalIndent(f, "", "  ")
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
	f, err := j.load(e.Account)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(f.Entries, func(x Entry) bool { return x.ID == e.ID })
	if i >= 0 {
		f.Entries[i] = e
	} else {
		f.Entries = append(f.Entries, e)
	}
	return j.store(e.Account, f)
}

// settle moves e out of the writes in doubt to the settled: its outcome is
// known.
func (j *Journal) settle(e Entry, out Outcome, found int64) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	f, err := j.load(e.Account)
	if err != nil {
		return err
	}
	n := len(f.Entries)
	f.Entries = slices.DeleteFunc(f.Entries, func(x Entry) bool { return x.ID == e.ID })
	if len(f.Entries) == n {
		return nil // settled already
	}
	if out == Doubt {
		// A repeatable write left without an answer: nothing to settle,
		// nothing to tell a later check.
		return j.store(e.Account, f)
	}
	f.Settled = append(f.Settled, Settled{Entry: e, Outcome: out, FoundID: found})
	if len(f.Settled) > keepSettled {
		f.Settled = f.Settled[len(f.Settled)-keepSettled:]
	}
	return j.store(e.Account, f)
}

// settled is what became of the write id, if it was settled.
func (j *Journal) settled(account, id string) (Settled, bool, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	f, err := j.load(account)
	if err != nil {
		return Settled{}, false, err
	}
	i := slices.IndexFunc(f.Settled, func(x Settled) bool { return x.Entry.ID == id })
	if i < 0 {
		return Settled{}, false, nil
	}
	return f.Settled[i], true, nil
}

// Pending are the account's writes in doubt (a write found "sending" was
// cut off mid-send: in doubt too), oldest first.
func (j *Journal) Pending(account string) ([]Entry, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	f, err := j.load(account)
	for i := range f.Entries {
		f.Entries[i].State = StateDoubt
	}
	return f.Entries, err
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
