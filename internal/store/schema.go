package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// schemaVersion is kept in PRAGMA user_version. A file of any other version is
// emptied and made again: the copy is only a copy, the service holds the
// truth, and a full pass brings it back.
const schemaVersion = 2 // 2: the JSON in bodies, a contentless search index

// schema makes an empty copy. Times are Unix seconds. records is narrow (the
// fields lists filter, order and count on) so a search's lookups and a
// window's choice stay in few pages; the JSON is in bodies, read only for
// the rows shown. The FTS5 index keeps no copy of the text (contentless,
// deletable by rowid); record_tags holds each record's tags, lower-cased,
// for the exact "#tag" match.
var schema = []string{
	`CREATE TABLE records (
		rid INTEGER PRIMARY KEY,
		kind TEXT NOT NULL,
		id INTEGER NOT NULL,
		status TEXT NOT NULL DEFAULT '',
		document_type TEXT NOT NULL DEFAULT '',
		number TEXT NOT NULL DEFAULT '',
		variable_symbol TEXT NOT NULL DEFAULT '',
		custom_id TEXT NOT NULL DEFAULT '',
		subject_id INTEGER NOT NULL DEFAULT 0,
		item_id INTEGER NOT NULL DEFAULT 0,
		created_at INTEGER NOT NULL DEFAULT 0,
		updated_at INTEGER NOT NULL DEFAULT 0,
		date INTEGER NOT NULL DEFAULT 0,
		UNIQUE (kind, id)
	)`,
	`CREATE INDEX records_order ON records (kind, date DESC, id DESC)`,
	`CREATE INDEX records_subject ON records (kind, subject_id)`,
	`CREATE INDEX records_item ON records (kind, item_id)`,
	`CREATE TABLE bodies (rid INTEGER PRIMARY KEY, json BLOB NOT NULL)`,
	`CREATE TABLE record_tags (
		tag TEXT NOT NULL,
		rid INTEGER NOT NULL,
		PRIMARY KEY (tag, rid)
	) WITHOUT ROWID`,
	`CREATE INDEX record_tags_rid ON record_tags (rid)`,
	`CREATE VIRTUAL TABLE records_fts USING fts5(
		text, content='', contentless_delete=1,
		tokenize='unicode61 remove_diacritics 2'
	)`,
	`CREATE TRIGGER records_ad AFTER DELETE ON records BEGIN
		DELETE FROM records_fts WHERE rowid = old.rid;
		DELETE FROM bodies WHERE rid = old.rid;
		DELETE FROM record_tags WHERE rid = old.rid;
	END`,
	`CREATE TABLE sync_state (
		kind TEXT PRIMARY KEY,
		complete INTEGER NOT NULL,
		synced_at TEXT NOT NULL,
		since TEXT NOT NULL
	)`,
	`CREATE TABLE kv (key TEXT PRIMARY KEY, value BLOB NOT NULL)`,
}

// migrate makes the schema when the file is new or of another version. It
// runs in one write transaction, so two processes opening the same new file
// make it once.
func (s *Store) migrate(ctx context.Context) error {
	var v int
	if err := s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return fmt.Errorf("open the local copy: read its version: %w", err)
	}
	if v == schemaVersion {
		return nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("open the local copy: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it is a no-op
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return fmt.Errorf("open the local copy: read its version: %w", err)
	}
	if v == schemaVersion {
		return nil
	}
	if err := dropAll(ctx, tx); err != nil {
		return err
	}
	for _, stmt := range schema {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("open the local copy: make its tables: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion)); err != nil {
		return fmt.Errorf("open the local copy: set its version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("open the local copy: %w", err)
	}
	return nil
}

// dropAll drops every table of an older (or newer) schema: virtual tables
// first, which takes their shadow tables with them.
func dropAll(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx,
		`SELECT name, sql LIKE 'CREATE VIRTUAL%' FROM sqlite_master
		 WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return fmt.Errorf("open the local copy: list old tables: %w", err)
	}
	var virtual, plain []string
	for rows.Next() {
		var name string
		var isVirtual bool
		if err := rows.Scan(&name, &isVirtual); err != nil {
			rows.Close()
			return fmt.Errorf("open the local copy: list old tables: %w", err)
		}
		if isVirtual {
			virtual = append(virtual, name)
		} else {
			plain = append(plain, name)
		}
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("open the local copy: list old tables: %w", err)
	}
	for _, name := range append(virtual, plain...) {
		quoted := `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
		if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS `+quoted); err != nil {
			return fmt.Errorf("open the local copy: drop old table %s: %w", name, err)
		}
	}
	return nil
}
