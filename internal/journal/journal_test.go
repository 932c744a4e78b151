package journal_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
)

var start = time.Date(2026, 11, 2, 9, 0, 0, 0, time.FixedZone("CET", 3600))

// world is a sandbox behind its fault plan, a journal in a folder, a
// client whose writes go through it, and a plain client to count with.
type world struct {
	t     *testing.T
	sb    *tuitest.Sandbox
	dir   string
	j     *journal.Journal
	c     *apiclient.Client // through the journal
	ctx   context.Context
	items int
}

func newWorld(t *testing.T) *world {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start,
		Client: []apiclient.Option{apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond })}})
	w := &world{t: t, sb: sb, dir: filepath.Join(t.TempDir(), "journal"), ctx: context.Background()}
	w.reopen()
	return w
}

// reopen is a new process on the same folder.
func (w *world) reopen() {
	w.j = journal.Open(w.dir, w.sb.Server.Now)
	w.c = w.sb.ClientWith(w.t, w.sb.Server.IssueToken(w.sb.Setup.Owner.ID, w.sb.Setup.Client.ID),
		apiclient.WithWriteHook(w.j.Hook), apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
}

func (w *world) arm(rules ...sandbox.FaultRule) {
	w.t.Helper()
	if err := w.sb.Faults.Add(rules...); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) item() int64 {
	w.t.Helper()
	w.items++
	it, _, err := w.sb.Client.InventoryItems.Create(w.ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Lamp"),
		SKU: apiclient.Ptr("L-" + strconv.Itoa(w.items)), TrackQuantity: apiclient.Ptr(true), Quantity: apiclient.Ptr(apiclient.MustDecimal("10")),
		NativePurchasePrice: apiclient.Ptr(apiclient.MustDecimal("100")), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("150"))})
	if err != nil {
		w.t.Fatal(err)
	}
	return it.ID
}

func move(note string) *apiclient.InventoryMoveParams {
	return &apiclient.InventoryMoveParams{Direction: apiclient.Ptr(apiclient.MoveIn), MovedOn: apiclient.Ptr(apiclient.NewDate(2026, 11, 2)),
		QuantityChange: apiclient.Ptr(apiclient.MustDecimal("2")), PurchasePrice: apiclient.Ptr(apiclient.MustDecimal("100")),
		PrivateNote: apiclient.Ptr(note)}
}

func (w *world) movesNoted(item int64, note string) int {
	w.t.Helper()
	n := 0
	for mv, err := range w.sb.Client.InventoryMoves.ListAll(w.ctx, apiclient.InventoryMoveListOptions{InventoryItemID: item}) {
		if err != nil {
			w.t.Fatal(err)
		}
		if mv.PrivateNote.String() == note {
			n++
		}
	}
	return n
}

func inDoubt(t *testing.T, err error) journal.Entry {
	t.Helper()
	var d *journal.InDoubtError
	if !errors.As(err, &d) || !errors.Is(err, apiclient.ErrOutcomeUnknown) {
		t.Fatalf("error %v: want a write in doubt", err)
	}
	return d.Entry
}

// A dropped answer leaves the write in the account's file (0600), which a
// new process reads and settles by reading the service.
func TestAWriteInDoubtOutlivesTheProcessAndIsSettledByReading(t *testing.T) {
	w := newWorld(t)
	item := w.item()
	w.arm(sandbox.FaultRule{Action: sandbox.FaultDropAfter, Method: "POST", Path: "inventory_moves.json"})
	_, _, err := w.c.InventoryMoves.Create(w.ctx, item, move("one"))
	e := inDoubt(t, err)
	if e.Kind != journal.KindMove || e.Target != "item:"+itoa(item) || e.Fields["private_note"] != "one" || e.Account != tuitest.Slug {
		t.Errorf("entry %+v", e)
	}
	files, _ := filepath.Glob(filepath.Join(w.dir, "*.json"))
	if len(files) != 1 || !strings.Contains(files[0], tuitest.Slug) {
		t.Fatalf("journal files %v: want one for the account", files)
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("journal file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}

	w.reopen()
	pending, err := w.j.Pending(tuitest.Slug)
	if err != nil || len(pending) != 1 || pending[0].ID != e.ID || pending[0].State != journal.StateDoubt {
		t.Fatalf("pending after a restart: %+v, %v", pending, err)
	}
	r := w.j.Check(w.ctx, w.c, e.ID)
	if r.Outcome != journal.Done || r.FoundID == 0 {
		t.Fatalf("check: %+v", r)
	}
	if n := w.movesNoted(item, "one"); n != 1 {
		t.Errorf("%d moves, want 1", n)
	}
	// Settled: a later check of the same id answers what it was settled as.
	if r := w.j.Check(w.ctx, w.c, e.ID); r.Outcome != journal.Done || r.FoundID == 0 {
		t.Errorf("second check: %+v", r)
	}
}

// The move check compares by "not there before" and every field: a move
// like it (another note) made just before, or the same move made before the
// send, is never taken for the lost one.
func TestMoveCheckNeverTakesASimilarMoveForTheLostOne(t *testing.T) {
	w := newWorld(t)
	item := w.item()
	if _, _, err := w.sb.Client.InventoryMoves.Create(w.ctx, item, move("other")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := w.sb.Client.InventoryMoves.Create(w.ctx, item, move("typed")); err != nil {
		t.Fatal(err)
	}
	w.arm(sandbox.FaultRule{Action: sandbox.FaultDropBefore, Method: "POST", Path: "inventory_moves.json"})
	_, _, err := w.c.InventoryMoves.Create(w.ctx, item, move("typed"))
	e := inDoubt(t, err)
	if r := w.j.Check(w.ctx, w.c, e.ID); r.Outcome != journal.NotApplied {
		t.Fatalf("check: %+v, want not applied (the matching move was there before)", r)
	}
	if _, _, err := w.c.InventoryMoves.Create(w.ctx, item, move("typed")); err != nil {
		t.Fatal(err)
	}
	if n := w.movesNoted(item, "typed"); n != 2 {
		t.Errorf("%d moves noted typed, want 2 (one before, one sent after the check)", n)
	}
}

// Outcomes: a 4xx is refused (nothing kept), a 502 after the commit is in
// doubt, a failed read keeps it in doubt and says why.
func TestOutcomesAndAFailedReadKeepsTheDoubt(t *testing.T) {
	w := newWorld(t)
	item := w.item()
	_, _, err := w.c.InventoryMoves.Create(w.ctx, item, &apiclient.InventoryMoveParams{})
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("empty move: %v, want a 422", err)
	}
	if p, _ := w.j.Pending(tuitest.Slug); len(p) != 0 {
		t.Fatalf("a refused write was kept: %+v", p)
	}
	w.arm(sandbox.FaultRule{Action: sandbox.Fault502After, Method: "POST", Path: "inventory_moves.json"})
	_, _, err = w.c.InventoryMoves.Create(w.ctx, item, move("gateway"))
	e := inDoubt(t, err)
	var se *apiclient.ServerError
	if !errors.As(err, &se) || se.StatusCode != 502 {
		t.Errorf("the 502 is not reachable in %v", err)
	}
	w.arm(sandbox.FaultRule{Action: sandbox.FaultFailReads, Count: 5})
	r := w.j.Check(w.ctx, w.c, e.ID)
	if r.Outcome != journal.Doubt || r.Err == nil {
		t.Fatalf("check with failing reads: %+v", r)
	}
	if got, _, _ := w.j.Get(tuitest.Slug, e.ID); got.Checks != 1 || got.Problem == "" {
		t.Errorf("entry after a failed check: %+v", got)
	}
	// Another write on the item waits: the earlier one cannot be settled.
	_, _, err = w.c.InventoryMoves.Create(w.ctx, item, move("next"))
	if d := inDoubt(t, err); d.ID != e.ID {
		t.Errorf("blocked by %+v, want the earlier entry", d)
	}
	w.sb.Faults.Clear()
	// The same write again: found done, not sent.
	_, _, err = w.c.InventoryMoves.Create(w.ctx, item, move("gateway"))
	var done *journal.AlreadyDoneError
	if !errors.As(err, &done) || done.FoundID == 0 {
		t.Fatalf("resend of a write that landed: %v", err)
	}
	if n := w.movesNoted(item, "gateway"); n != 1 {
		t.Errorf("%d moves, want 1", n)
	}
	if n := w.movesNoted(item, "next"); n != 0 {
		t.Errorf("the blocked write was sent")
	}
}

// A credential and a file's content never reach the journal's file.
func TestSecretsStayOutOfTheJournal(t *testing.T) {
	w := newWorld(t)
	w.arm(sandbox.FaultRule{Action: sandbox.FaultDropBefore, Method: "POST", Path: "webhooks.json"})
	_, _, err := w.c.Webhooks.Create(w.ctx, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr("https://example.com/h"),
		AuthHeader: apiclient.Ptr("Bearer s3cr3t-t0ken"), Events: apiclient.Ptr([]string{"invoice_created"})})
	inDoubt(t, err)
	files, _ := filepath.Glob(filepath.Join(w.dir, "*.json"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.Contains(string(b), "s3cr3t") {
			t.Errorf("%s holds the secret:\n%s", f, b)
		}
	}
}

// Settle is the start's check: bounded, oldest first.
func TestSettleIsBounded(t *testing.T) {
	w := newWorld(t)
	for _, note := range []string{"a", "b", "c"} {
		w.arm(sandbox.FaultRule{Action: sandbox.FaultDropBefore, Method: "POST", Path: "inventory_moves.json"})
		w.sb.Clock.Advance(time.Second)
		// Each on an item of its own: on the same item the earlier write
		// would be settled before the next is sent.
		_, _, err := w.c.InventoryMoves.Create(w.ctx, w.item(), move(note))
		inDoubt(t, err)
	}
	w.reopen()
	rs, err := w.j.Settle(w.ctx, w.c, 2)
	if err != nil || len(rs) != 3 {
		t.Fatalf("settle: %+v, %v", rs, err)
	}
	if rs[0].Outcome != journal.NotApplied || rs[1].Outcome != journal.NotApplied || rs[2].Outcome != journal.Doubt || rs[2].Checked {
		t.Errorf("outcomes %v %v %v: want two checked, the third left", rs[0].Outcome, rs[1].Outcome, rs[2].Outcome)
	}
	if p, _ := w.j.Pending(tuitest.Slug); len(p) != 1 {
		t.Errorf("%d still pending, want 1", len(p))
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
