package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

const upsertRecord = `INSERT INTO records (kind, id, status, document_type, number,
	variable_symbol, custom_id, subject_id, item_id, created_at, updated_at, date)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (kind, id) DO UPDATE SET status = excluded.status,
	document_type = excluded.document_type, number = excluded.number,
	variable_symbol = excluded.variable_symbol, custom_id = excluded.custom_id,
	subject_id = excluded.subject_id, item_id = excluded.item_id,
	created_at = excluded.created_at, updated_at = excluded.updated_at, date = excluded.date
	RETURNING rid`

// putter writes records inside one transaction with prepared statements.
type putter struct {
	stmts [6]*sql.Stmt
}

// The putter's statements, in order.
var putStatements = [...]string{
	upsertRecord,
	`INSERT INTO bodies (rid, json) VALUES (?, ?) ON CONFLICT (rid) DO UPDATE SET json = excluded.json`,
	`DELETE FROM records_fts WHERE rowid = ?`,
	`INSERT INTO records_fts (rowid, text) VALUES (?, ?)`,
	`DELETE FROM record_tags WHERE rid = ?`,
	`INSERT OR IGNORE INTO record_tags (tag, rid) VALUES (?, ?)`,
}

func newPutter(ctx context.Context, tx *sql.Tx) (*putter, error) {
	var p putter
	for i, q := range putStatements {
		stmt, err := tx.PrepareContext(ctx, q)
		if err != nil {
			return nil, err
		}
		p.stmts[i] = stmt
	}
	return &p, nil
}

func (p *putter) put(ctx context.Context, kind Kind, r Record) error {
	upsert, body, unindex, index, clearTags, addTag := p.stmts[0], p.stmts[1], p.stmts[2], p.stmts[3], p.stmts[4], p.stmts[5]
	var rid int64
	err := upsert.QueryRowContext(ctx, string(kind), r.ID, r.Status, r.DocumentType,
		r.Number, r.VariableSymbol, r.CustomID, r.SubjectID, r.ItemID,
		r.CreatedAt.Unix(), r.UpdatedAt.Unix(), r.Date.Unix()).Scan(&rid)
	if err != nil {
		return err
	}
	if r.JSON == nil {
		r.JSON = []byte{}
	}
	if _, err := body.ExecContext(ctx, rid, r.JSON); err != nil {
		return err
	}
	if _, err := unindex.ExecContext(ctx, rid); err != nil {
		return err
	}
	if _, err := index.ExecContext(ctx, rid, r.Text); err != nil {
		return err
	}
	if _, err := clearTags.ExecContext(ctx, rid); err != nil {
		return err
	}
	for _, tag := range r.Tags {
		if tag = normalTag(tag); tag == "" {
			continue
		}
		if _, err := addTag.ExecContext(ctx, tag, rid); err != nil {
			return err
		}
	}
	return nil
}

// putAll puts records inside a transaction.
func putAll(ctx context.Context, tx *sql.Tx, kind Kind, recs []Record) error {
	p, err := newPutter(ctx, tx)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := p.put(ctx, kind, r); err != nil {
			return err
		}
	}
	return nil
}

// normalTag is how a tag is kept and matched: "#tag" ignores case only.
func normalTag(tag string) string { return strings.ToLower(strings.TrimSpace(tag)) }

// inTx runs fn in one write transaction.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback() //nolint:errcheck // the fn's error is the one to report
		return err
	}
	return tx.Commit()
}

// Put inserts or replaces records of a kind by ID.
func (s *Store) Put(ctx context.Context, kind Kind, recs ...Record) error {
	if len(recs) == 0 {
		return nil
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error { return putAll(ctx, tx, kind, recs) })
	if err != nil {
		return fmt.Errorf("keep %s: %w", kind, err)
	}
	return nil
}

// Delete removes records of a kind; IDs not in the copy are no error.
func (s *Store) Delete(ctx context.Context, kind Kind, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, `DELETE FROM records WHERE kind = ? AND id = ?`)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := stmt.ExecContext(ctx, string(kind), id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("forget %s: %w", kind, err)
	}
	return nil
}

// ReplaceAll keeps the result of a full pass: recs are put and every record
// of the kind that recs lack is gone, in one transaction.
func (s *Store) ReplaceAll(ctx context.Context, kind Kind, recs []Record) error {
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	idsJSON, err := json.Marshal(ids)
	if err != nil {
		return fmt.Errorf("replace %s: %w", kind, err)
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM records WHERE kind = ?
			AND id NOT IN (SELECT value FROM json_each(?))`, string(kind), string(idsJSON)); err != nil {
			return err
		}
		return putAll(ctx, tx, kind, recs)
	})
	if err != nil {
		return fmt.Errorf("replace %s: %w", kind, err)
	}
	return nil
}

// Get is the JSON of one record, or ErrNotFound.
func (s *Store) Get(ctx context.Context, kind Kind, id int64) ([]byte, error) {
	var b []byte
	err := s.db.QueryRowContext(ctx, `SELECT b.json FROM records r JOIN bodies b ON b.rid = r.rid
		WHERE r.kind = ? AND r.id = ?`,
		string(kind), id).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read %s %d: %w", kind, id, err)
	}
	return b, nil
}
