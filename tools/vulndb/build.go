package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Bounds of what is read: the database has a few thousand entries of a few
// kilobytes each; anything far beyond that is not the module we expect.
const (
	maxEntries   = 100_000
	maxEntrySize = 4 << 20
)

// entry is the part of an OSV entry the indexes need.
type entry struct {
	ID       string    `json:"id"`
	Modified time.Time `json:"modified"`
	Aliases  []string  `json:"aliases,omitempty"`
	Affected []struct {
		Package struct {
			Name      string `json:"name"`
			Ecosystem string `json:"ecosystem"`
		} `json:"package"`
	} `json:"affected"`
}

// The index files of the v1 schema (golang.org/x/vuln/internal/client).
type (
	dbMeta struct {
		Modified time.Time `json:"modified"`
	}
	moduleMeta struct {
		Path  string       `json:"path"`
		Vulns []moduleVuln `json:"vulns"`
	}
	// moduleVuln leaves out the optional "fixed" version: without it
	// govulncheck reads the entry and decides from its ranges, so a
	// mistake here cannot hide a finding.
	moduleVuln struct {
		ID       string    `json:"id"`
		Modified time.Time `json:"modified"`
	}
	vulnMeta struct {
		ID       string    `json:"id"`
		Modified time.Time `json:"modified"`
		Aliases  []string  `json:"aliases,omitempty"`
	}
)

// build reads every src/<ID>.json and writes the database into dst. An
// entry without a modification time gets released.
func build(src, dst string, released time.Time) error {
	names, err := filepath.Glob(filepath.Join(src, "*.json"))
	if err != nil {
		return err
	}
	if len(names) == 0 || len(names) > maxEntries {
		return fmt.Errorf("%s holds %d entries", src, len(names))
	}
	db := dbMeta{}
	modules := map[string]*moduleMeta{}
	var vulns []vulnMeta
	for _, name := range names {
		e, raw, err := readEntry(name)
		if err != nil {
			return err
		}
		if e.Modified.IsZero() {
			e.Modified = released
		}
		if e.Modified.After(db.Modified) {
			db.Modified = e.Modified
		}
		vulns = append(vulns, vulnMeta{ID: e.ID, Modified: e.Modified, Aliases: e.Aliases})
		for _, a := range e.Affected {
			if a.Package.Ecosystem != "Go" || a.Package.Name == "" {
				continue
			}
			m := modules[a.Package.Name]
			if m == nil {
				m = &moduleMeta{Path: a.Package.Name}
				modules[a.Package.Name] = m
			}
			if !slices.ContainsFunc(m.Vulns, func(v moduleVuln) bool { return v.ID == e.ID }) {
				m.Vulns = append(m.Vulns, moduleVuln{ID: e.ID, Modified: e.Modified})
			}
		}
		if err := writeBytes(filepath.Join(dst, "ID", e.ID+".json"), raw); err != nil {
			return err
		}
	}
	mods := make([]*moduleMeta, 0, len(modules))
	for _, m := range modules {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b *moduleMeta) int { return strings.Compare(a.Path, b.Path) })
	return errors.Join(
		write(dst, "index/modules.json", mods),
		write(dst, "index/vulns.json", vulns),
		write(dst, "index/db.json", db),
	)
}

// readEntry reads one OSV file and checks that it is named after its id.
func readEntry(name string) (entry, []byte, error) {
	var e entry
	fi, err := os.Stat(name)
	if err != nil {
		return e, nil, err
	}
	if fi.Size() > maxEntrySize {
		return e, nil, fmt.Errorf("%s: %d bytes, more than an entry can be", name, fi.Size())
	}
	raw, err := os.ReadFile(name)
	if err != nil {
		return e, nil, err
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return e, nil, fmt.Errorf("%s: %w", name, err)
	}
	if e.ID == "" || filepath.Base(name) != e.ID+".json" {
		return e, nil, fmt.Errorf("%s: entry id %q does not match the file name", name, e.ID)
	}
	return e, raw, nil
}
