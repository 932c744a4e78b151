package app

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
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
// session's events). It runs in its own goroutine and ends with the session.
func (s *Session) settleJournal(l locale.Locale) {
	s.settleOnce.Do(func() {
		c := s.Client()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		s.onClose(cancel)
		go func() {
			defer cancel()
			reports, err := s.journal.Settle(ctx, c, settleAtStart)
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

// settledText says what the start's check found: what was done, what did
// not land (its form's draft can send it) and what is still in doubt.
func settledText(l locale.Locale, reports []journal.Report, err error) (string, ui.ToastKind) {
	if err != nil {
		return l.Tf("Could not read the journal of writes: %v", err), ui.ToastWarn
	}
	var done, absent, doubt []string
	for _, r := range reports {
		name := common.WriteName(l, r.Entry)
		switch r.Outcome {
		case journal.Done:
			done = append(done, name)
		case journal.NotApplied:
			absent = append(absent, name)
		default:
			doubt = append(doubt, name)
		}
	}
	var parts []string
	if len(done) > 0 {
		parts = append(parts, l.Tf("recorded: %s", strings.Join(done, ", ")))
	}
	if len(absent) > 0 {
		parts = append(parts, l.Tf("not recorded (its draft can send it): %s", strings.Join(absent, ", ")))
	}
	if len(doubt) > 0 {
		parts = append(parts, l.Tf("still in doubt, nothing is sent on them until a check settles it: %s", strings.Join(doubt, ", ")))
	}
	if len(parts) == 0 {
		return "", ui.ToastInfo
	}
	kind := ui.ToastInfo
	if len(doubt) > 0 {
		kind = ui.ToastWarn
	}
	return l.Tf("Writes left in doubt by the last run: %s.", strings.Join(parts, "; ")), kind
}
