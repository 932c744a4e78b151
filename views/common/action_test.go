package common

import (
	"context"
	"errors"
	"net"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

func TestListFollowsChanges(t *testing.T) {
	var qs []Query
	p := fakeList(t, &qs)
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(3), Page: 1}})
	loads := len(qs)

	// The record came with the news: the row is patched, nothing is asked.
	if cmd := p.Update(ui.Changed{Kind: "rec", ID: 2, Record: &rec{ID: 2, Name: "patched"}}); cmd != nil || len(qs) != loads {
		t.Fatalf("a change with its record cost a request (%d loads, cmd %v)", len(qs)-loads, cmd != nil)
	}
	if r := p.Table().Rows()[1]; r.Name != "patched" {
		t.Errorf("row 2 = %+v, want patched", r)
	}
	// A deleted record's row goes, without a request.
	p.Update(ui.Changed{Kind: "rec", ID: 1, Op: ui.ChangeDeleted})
	if p.Table().Len() != 2 || len(qs) != loads {
		t.Errorf("delete: %d rows, %d loads; want 2 rows and no load", p.Table().Len(), len(qs)-loads)
	}
	// Another kind, or a record the list does not hold, is none of its business.
	p.Update(ui.Changed{Kind: "other", ID: 3})
	p.Update(ui.Changed{Kind: "rec", ID: 99})
	if p.pg.wantList != 0 {
		t.Error("a change the list does not show made it reload")
	}
	// A created record, or a held one changed without its record, reloads.
	p.Update(ui.Changed{Kind: "rec", ID: 3})
	if p.pg.wantList == 0 {
		t.Error("a held record changed without its new state did not reload the list")
	}
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(3), Page: 1}})
	p.Update(ui.Changed{Kind: "rec", ID: 4, Op: ui.ChangeCreated})
	if p.pg.wantList == 0 {
		t.Error("a created record did not reload the list")
	}
	// A change while a load is on its way asks again: that load may predate it.
	inFlight := p.pg.wantList
	p.Update(ui.Changed{Kind: "rec", ID: 2, Record: rec{ID: 2, Name: "newer"}})
	if p.pg.wantList == inFlight {
		t.Error("a change during a load left the possibly older load in charge")
	}
}

func TestDetailFollowsChanges(t *testing.T) {
	d := Deps{Styles: ui.NewStyles(true)}.WithDefaults()
	fetched := 0
	p, err := NewDetail(d, ui.PageID{Kind: "rec", ID: "5"}, DetailConfig[rec]{
		Noun:   "rec",
		Title:  func(r *rec) string { return r.Name },
		Fetch:  func(context.Context, *apiclient.Client, int64) (*rec, error) { fetched++; return &rec{ID: 5}, nil },
		Render: func(r *rec, _ int) string { return "name " + r.Name },
	})
	if err != nil {
		t.Fatal(err)
	}
	p.SetSize(40, 10)
	p.Update(ui.Changed{Kind: "rec", ID: 5, Record: rec{ID: 5, Name: "fresh"}})
	if r, ok := p.Record(); !ok || r.Name != "fresh" || p.Loading() {
		t.Errorf("the record that came with the news was not taken: %+v, loading %v", r, p.Loading())
	}
	if p.Update(ui.Changed{Kind: "rec", ID: 6}) != nil || p.Update(ui.Changed{Kind: "recs", ID: 5}) != nil {
		t.Error("another record's change made the detail reload")
	}
	if p.Update(ui.Changed{Kind: "rec", ID: 5}) == nil || !p.Loading() {
		t.Error("a change without the record did not reload the detail")
	}
}

// actDeps is Deps whose client is a real one pointed at a closed port: Do
// never uses it, but Act needs a client to run Do.
func actDeps(t *testing.T) *Deps {
	t.Helper()
	c, err := apiclient.New("http://127.0.0.1:1/api/v3", apiclient.WithUserAgent("kasa-test", "t@example.com"), apiclient.WithAccount("acme"))
	if err != nil {
		t.Fatal(err)
	}
	return Deps{Client: func() *apiclient.Client { return c }, TableStyles: table.PlainStyles()}.WithDefaults()
}

func TestActSuccessSendsStatusThenDoneInOrder(t *testing.T) {
	d := actDeps(t)
	cmd := Act(d, Action[int]{What: "frob",
		Do: func(context.Context, *apiclient.Client) (int, error) { return 7, nil },
		Done: func(v int) []tea.Msg {
			return []tea.Msg{ui.Toast{Text: "frobbed"}, ui.Changed{Kind: "rec", ID: int64(v)}}
		},
	})
	msgs := tuitest.Collect(cmd)
	if len(msgs) != 3 {
		t.Fatalf("got %d messages %v, want status, toast, changed", len(msgs), msgs)
	}
	if st, ok := msgs[0].(ui.APIStatus); !ok || st.Conn != ui.ConnOnline {
		t.Errorf("first message %#v, want the online status", msgs[0])
	}
	if c, ok := msgs[2].(ui.Changed); !ok || c.ID != 7 {
		t.Errorf("last message %#v, want Changed of record 7", msgs[2])
	}
}

func TestActFailures(t *testing.T) {
	d := actDeps(t)
	refused := &apiclient.ValidationError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 422,
		Fields: map[string][]string{"inventory_item": {"cannot be archived"}}}}
	offline := &net.OpError{Op: "dial", Err: errors.New("connection refused")}
	for _, tc := range []struct {
		name      string
		err       error
		conn      ui.ConnState
		text      string
		wantRetry bool
	}{
		{"refused", refused, ui.ConnOnline, "An item needs a move. The service said: cannot be archived", false},
		{"offline", offline, ui.ConnOffline, "the network is unreachable", true},
		{"unknown outcome", apiclient.ErrOutcomeUnknown, ui.ConnOffline, "the connection dropped before the answer came: reload to see whether it was done", false},
		// A 502 to a write leaves it in doubt: no retry, and no word of a dropped connection.
		{"502 in doubt", &journal.InDoubtError{Err: &apiclient.ServerError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 502}}},
			ui.ConnOnline, "no clear answer came (the service failed (502)): reload to see whether it was done", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var failed []error
			cmd := Act(d, Action[int]{What: "archive Chair",
				Refusal: Refusal{Rule: "An item needs a move", Resource: "inventory_item"},
				Do:      func(context.Context, *apiclient.Client) (int, error) { return 0, tc.err },
				Done:    func(int) []tea.Msg { t.Error("Done ran on a failure"); return nil },
				Failed: func(err error) []tea.Msg {
					failed = append(failed, err)
					return []tea.Msg{ui.Changed{Kind: "rec", ID: 1}}
				},
			})
			msgs := tuitest.Collect(cmd)
			if len(msgs) != 3 {
				t.Fatalf("got %v, want status, Failed's change, error panel", msgs)
			}
			if st := msgs[0].(ui.APIStatus); st.Conn != tc.conn {
				t.Errorf("status %v, want %v", st.Conn, tc.conn)
			}
			se, ok := msgs[2].(ui.ShowError)
			if !ok || se.What != "archive Chair" || se.Err.Error() != tc.text {
				t.Fatalf("panel %#v, want Could not archive Chair: %s", msgs[2], tc.text)
			}
			if (se.Retry != nil) != tc.wantRetry {
				t.Errorf("retry offered %v, want %v", se.Retry != nil, tc.wantRetry)
			}
			if len(failed) != 1 {
				t.Errorf("Failed ran %d times", len(failed))
			}
		})
	}
}

func TestActWithoutClient(t *testing.T) {
	d := Deps{}.WithDefaults()
	msgs := tuitest.Collect(Act(d, Action[int]{What: "frob", Do: func(context.Context, *apiclient.Client) (int, error) {
		t.Error("Do ran without a client")
		return 0, nil
	}}))
	se, ok := msgs[len(msgs)-1].(ui.ShowError)
	if !ok || !errors.Is(se.Err, ErrNoClient) || se.Retry != nil {
		t.Errorf("got %#v, want the no-client error without retry", msgs[len(msgs)-1])
	}
}

func TestActOnceOffersNoRetry(t *testing.T) {
	d := actDeps(t)
	offline := &net.OpError{Op: "dial", Err: errors.New("connection refused")}
	msgs := tuitest.Collect(Act(d, Action[int]{What: "upload", Once: true,
		Do: func(context.Context, *apiclient.Client) (int, error) { return 0, offline }}))
	se, ok := msgs[len(msgs)-1].(ui.ShowError)
	if !ok || se.Retry != nil || se.Err.Error() != "the network is unreachable" {
		t.Errorf("got %#v, want the fault in words without retry", msgs[len(msgs)-1])
	}
}

func TestExplainRefusals(t *testing.T) {
	quota := &apiclient.RefusalError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 403,
		Code: apiclient.RefusalQuotaExhausted, Description: "No extractions left"}}
	bare := &apiclient.RefusalError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 403, Code: "forbidden"}}
	active := &apiclient.ValidationError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 422,
		Fields: map[string][]string{"active": {"is already active"}, "name": {"is too long"}}}}
	missing := &apiclient.NotFoundError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 404, Method: "GET", Path: "/w/1.json"}}
	codes := Refusal{Rule: "Not sent", Codes: map[string]string{apiclient.RefusalQuotaExhausted: "No quota left"}}
	fields := Refusal{Fields: map[string]string{"active": "it is already active"}, Notes: map[int]string{404: "Look elsewhere"}}
	for _, tc := range []struct {
		name string
		err  error
		r    Refusal
		want string
	}{
		{"a code's own rule, without the code", quota, codes, "No quota left. The service said: No extractions left"},
		{"the rule, with the code", bare, codes, "Not sent. The service said: forbidden"},
		{"no rule", bare, Refusal{}, "the service refused: forbidden"},
		{"a field's own rule, with only its messages", active, fields, "it is already active. The service said: active is already active"},
		{"a note keeps the error's words", missing, fields, missing.Error() + ". Look elsewhere"},
		{"notes: a rejection says what the service says", active, Refusal{Notes: map[int]string{}}, "the service says: active is already active; name is too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Explain(locale.New(locale.English), tc.err, tc.r)
			if got.Error() != tc.want {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
			if !errors.Is(got, tc.err) {
				t.Error("the explained error does not reach the service's answer")
			}
		})
	}
	if Explain(locale.New(locale.English), nil, codes) != nil {
		t.Error("a nil error was explained")
	}
}

func TestConfirmDeleteAsksThenAnnouncesTheDelete(t *testing.T) {
	d := actDeps(t)
	deleted := int64(0)
	msgs := tuitest.Collect(ConfirmDelete(d, Delete{Question: "Delete Chair?", Name: "Chair", Kind: "rec", ID: 7, Back: true,
		Do: func(context.Context, *apiclient.Client) (*apiclient.Response, error) { deleted = 7; return nil, nil }}))
	c, ok := msgs[0].(ui.Confirm)
	if len(msgs) != 1 || !ok || c.Question != "Delete Chair?" || deleted != 0 {
		t.Fatalf("got %v (deleted %d), want only the question", msgs, deleted)
	}
	msgs = tuitest.Collect(c.Yes)
	if len(msgs) != 4 || deleted != 7 {
		t.Fatalf("got %v, want status, change, toast, back", msgs)
	}
	if ch, ok := msgs[1].(ui.Changed); !ok || ch.ID != 7 || ch.Op != ui.ChangeDeleted || ch.Kind != "rec" {
		t.Errorf("change %#v, want rec 7 deleted", msgs[1])
	}
	if to, ok := msgs[2].(ui.Toast); !ok || to.Text != "Deleted Chair" {
		t.Errorf("toast %#v", msgs[2])
	}
	if _, ok := msgs[3].(ui.Back); !ok {
		t.Errorf("last %#v, want Back", msgs[3])
	}
}
