package app

import (
	"context"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// JournalDir is where the journal of writes is kept: beside the drafts, in
// the state folder, so that it outlives a quit, a crash and a restart.
func JournalDir(p config.Paths) string { return filepath.Join(p.StateDir, "journal") }

// settleAtStart bounds the writes in doubt checked when kasa starts (each
// a read or a few); the rest are checked when a page sends on their record.
const settleAtStart = 10

// Journal is the session's journal of writes.
func (s *Session) Journal() *journal.Journal { return s.journal }

// settleJournal checks, once per session, the writes left in doubt by an
// earlier run, and tells the shell what it found (a toast through the
// session's events; each write by name in the log). It runs in its own
// goroutine and ends with the session.
func (s *Session) settleJournal(l locale.Locale, logger *slog.Logger) {
	s.settleOnce.Do(func() {
		c := s.Client()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		s.onClose(cancel)
		go func() {
			defer cancel()
			reports, err := s.journal.Settle(ctx, c, settleAtStart)
			for _, r := range reports {
				logger.Info("write left in doubt checked", "write", r.Entry.Name, "outcome", r.Outcome, "found", r.FoundID, "err", r.Err)
			}
			text, kind := settledText(l, reports, err)
			if text == "" {
				return
			}
			select {
			case s.events <- ui.Toast{Text: text, Kind: kind}:
			case <-ctx.Done():
			}
		}()
	})
}

// settledText says in one short toast what the start's check found: how
// many writes were done, did not land (their drafts can send them) and are
// still in doubt (nothing is sent on their records before a check settles
// them).
func settledText(l locale.Locale, reports []journal.Report, err error) (string, ui.ToastKind) {
	if err != nil {
		return l.Tf("Could not read the journal of writes: %v", err), ui.ToastWarn
	}
	if len(reports) == 0 {
		return "", ui.ToastInfo
	}
	done, absent, doubt := 0, 0, 0
	for _, r := range reports {
		switch r.Outcome {
		case journal.Done:
			done++
		case journal.NotApplied:
			absent++
		default:
			doubt++
		}
	}
	kind := ui.ToastInfo
	if doubt > 0 {
		kind = ui.ToastWarn
	}
	return l.Tf("Writes left in doubt: %d recorded, %d did not land, %d still in doubt", done, absent, doubt), kind
}
