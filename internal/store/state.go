package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// SyncState is what the store knows of its copy of one kind.
type SyncState struct {
	Complete bool      // a full pass finished since the schema was made: lists may trust the copy
	SyncedAt time.Time // when the last pass (full or incremental) finished
	Since    time.Time // the updated_since of the next incremental pass (service time)
}

// State is what is known of a kind's copy; zero when never synced.
func (s *Store) State(ctx context.Context, kind Kind) (SyncState, error) {
	var st SyncState
	var synced, since string
	err := s.db.QueryRowContext(ctx, `SELECT complete, synced_at, since FROM sync_state WHERE kind = ?`,
		string(kind)).Scan(&st.Complete, &synced, &since)
	if errors.Is(err, sql.ErrNoRows) {
		return SyncState{}, nil
	}
	if err != nil {
		return SyncState{}, fmt.Errorf("read the sync state of %s: %w", kind, err)
	}
	if st.SyncedAt, err = parseStateTime(synced); err == nil {
		st.Since, err = parseStateTime(since)
	}
	if err != nil {
		return SyncState{}, fmt.Errorf("read the sync state of %s: %w", kind, err)
	}
	return st, nil
}

// SetState records what is known of a kind's copy.
func (s *Store) SetState(ctx context.Context, kind Kind, st SyncState) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sync_state (kind, complete, synced_at, since)
		VALUES (?, ?, ?, ?) ON CONFLICT (kind) DO UPDATE SET complete = excluded.complete,
		synced_at = excluded.synced_at, since = excluded.since`,
		string(kind), st.Complete, formatStateTime(st.SyncedAt), formatStateTime(st.Since))
	if err != nil {
		return fmt.Errorf("keep the sync state of %s: %w", kind, err)
	}
	return nil
}

func formatStateTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.RFC3339Nano)
}

func parseStateTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	return time.Parse(time.RFC3339Nano, s)
}

// Value is a small value kept with the account (the signed-in user, the
// monitor's state), or ErrNotFound.
func (s *Store) Value(ctx context.Context, key string) ([]byte, error) {
	var v []byte
	err := s.db.QueryRowContext(ctx, `SELECT value FROM kv WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read %s from the local copy: %w", key, err)
	}
	return v, nil
}

// SetValue keeps a small value with the account.
func (s *Store) SetValue(ctx context.Context, key string, v []byte) error {
	if v == nil {
		v = []byte{}
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO kv (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, v)
	if err != nil {
		return fmt.Errorf("keep %s in the local copy: %w", key, err)
	}
	return nil
}
