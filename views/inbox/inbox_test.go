package inbox

import (
	"errors"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestOCRStatusIsWordAndSymbol(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range []*string{nil, apiclient.Ptr(apiclient.OCRCreated), apiclient.Ptr(apiclient.OCRProcessing),
		apiclient.Ptr(apiclient.OCRProcessed), apiclient.Ptr(apiclient.OCRProcessingFailed), apiclient.Ptr(apiclient.OCRProcessingRejected)} {
		got := OCRStatus(locale.New(locale.English), s)
		sym, word, ok := strings.Cut(got, " ")
		if !ok || sym == "" || len(word) < 4 {
			t.Errorf("OCRStatus(%v) = %q: want a symbol and a word", s, got)
		}
		if seen[sym] {
			t.Errorf("symbol %q is used twice", sym)
		}
		seen[sym] = true
	}
}

func refused(code, desc string) error {
	return &apiclient.RefusalError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 403, Code: code, Description: desc}}
}

func TestExplainSaysTheRule(t *testing.T) {
	en := locale.New(locale.English)
	const ruleSendOCR = "The service did not accept the file for OCR"
	const ruleNoOCR = "OCR (document extraction) is not enabled on this account"
	const ruleDelete = "The service did not let the file be deleted"
	got := common.Explain(locale.New(locale.English), refused(apiclient.RefusalQuotaExhausted, "No OCR extractions are left on this account"), refusal(en, ruleSendOCR)).Error()
	if !strings.HasPrefix(got, "No OCR extractions are left on this account's plan;") || !strings.Contains(got, "The service said: No OCR") {
		t.Errorf("quota: %q", got)
	}
	got = common.Explain(locale.New(locale.English), refused(apiclient.RefusalForbidden, ""), refusal(en, ruleSendOCR)).Error()
	if got != ruleNoOCR+"." {
		t.Errorf("forbidden: %q", got)
	}
	ve := &apiclient.ValidationError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 422,
		Fields: map[string][]string{"inbox_file": {"cannot be deleted while OCR is processing it"}}}}
	got = common.Explain(locale.New(locale.English), ve, refusal(en, ruleDelete)).Error()
	if got != ruleDelete+". The service said: cannot be deleted while OCR is processing it" {
		t.Errorf("validation: %q", got)
	}
	// A Go error's chain is no sentence for the user (issue 28): it reads
	// as one, and still unwraps to the error for the log.
	plain := errors.New("read inbox: connection refused")
	if got := common.Explain(locale.New(locale.English), plain, refusal(en, ruleDelete)); got.Error() != "an unexpected error (the details are in kasa.log)" || !errors.Is(got, plain) {
		t.Errorf("a Go error on the screen: %q", got)
	}
}

func countPolls(msgs []tea.Msg) int {
	n := 0
	for _, m := range msgs {
		if _, ok := m.(PollMsg); ok {
			n++
		}
	}
	return n
}

func newTestList(t *testing.T) *List {
	t.Helper()
	d := common.Deps{Client: func() *apiclient.Client { return nil }, Styles: ui.NewStyles(true),
		TableStyles: table.PlainStyles(), Keys: ui.DefaultKeyMap(), Loc: time.UTC}.WithDefaults()
	p, err := NewList(d, ui.PageID{Kind: nav.Inbox}, Options{PollEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p.SetSize(80, 20)
	return p
}

func TestPollOnlyWhilePendingOneTickAtATime(t *testing.T) {
	p := newTestList(t)
	done := apiclient.InboxFile{ID: 1, Filename: "a.pdf", OCRStatus: apiclient.Ptr(apiclient.OCRProcessed)}
	p.list.Table().SetRows([]apiclient.InboxFile{done, {ID: 2, Filename: "b.pdf"}})
	if n := countPolls(tuitest.Collect(p.Update(tea.MouseMsg{}))); n != 0 || p.Polling() {
		t.Fatalf("idle list ticked (%d ticks, polling %v)", n, p.Polling())
	}

	queued := apiclient.InboxFile{ID: 2, Filename: "b.pdf", OCRStatus: apiclient.Ptr(apiclient.OCRCreated)}
	p.list.Table().UpdateRow(queued)
	if n := countPolls(tuitest.Collect(p.Update(tea.MouseMsg{}))); n != 1 || !p.Polling() {
		t.Fatalf("a pending file gave %d ticks (polling %v), want 1", n, p.Polling())
	}
	if n := countPolls(tuitest.Collect(p.Update(tea.MouseMsg{}))); n != 0 {
		t.Fatalf("a second tick started while one is under way (%d)", n)
	}

	// The tick fetches; a failed fetch (no client here) keeps the chain alive.
	fetched := tuitest.Collect(p.Update(PollMsg{Page: p.ID()}))
	var res common.Result[polled]
	for _, m := range fetched {
		if r, ok := m.(common.Result[polled]); ok {
			res = r
		}
	}
	if res.Err == nil {
		t.Fatalf("the tick did not fetch: %v", fetched)
	}
	if n := countPolls(tuitest.Collect(p.Update(res))); n != 1 {
		t.Fatalf("after a failed poll %d ticks, want 1", n)
	}

	// An answer with the file processed ends the chain.
	msgs := tuitest.Collect(p.Update(PollMsg{Page: p.ID()}))
	for _, m := range msgs {
		if r, ok := m.(common.Result[polled]); ok {
			r.Err = nil
			r.Value = polled{done, {ID: 2, Filename: "b.pdf", OCRStatus: apiclient.Ptr(apiclient.OCRProcessed)}}
			if n := countPolls(tuitest.Collect(p.Update(r))); n != 0 {
				t.Fatalf("ticked again with nothing pending (%d)", n)
			}
		}
	}
	if p.Polling() {
		t.Error("still polling with nothing pending")
	}
	if row, _ := p.list.Table().Rows()[1], 0; row.OCRStatus == nil || *row.OCRStatus != apiclient.OCRProcessed {
		t.Errorf("the row was not updated in place: %+v", row)
	}
	// A stale answer is dropped.
	if cmd := p.Update(common.Result[polled]{Page: p.ID(), Req: 99}); cmd != nil && countPolls(tuitest.Collect(cmd)) != 0 {
		t.Error("a stale answer started a tick")
	}
}

func TestUploadFormCapturesAndCancels(t *testing.T) {
	p := newTestList(t)
	p.d.DownloadDir = t.TempDir()
	p.Update(tuitest.Key("n"))
	if !p.Uploading() || !p.Capturing() {
		t.Fatal("n did not open the upload form")
	}
	p.Update(tuitest.Key("tab"))
	if !p.upload.ocr {
		t.Error("tab did not switch OCR on")
	}
	if !strings.Contains(p.View(), "[x] send to OCR") {
		t.Errorf("view:\n%s", p.View())
	}
	p.Update(tuitest.Key("esc"))
	if p.Uploading() {
		t.Error("esc did not close the form")
	}
}

// The upload picker is the editor's attachment picker (common.FilePicker):
// it opens in the folder the session used last (the download folder at
// first), with the path entry and sizes in the language.
func TestUploadPickerStartsInTheLastFolder(t *testing.T) {
	p := newTestList(t)
	last := t.TempDir()
	p.d.Folders = common.NewFolders(t.TempDir())
	p.d.Folders.Remember(last)
	p.Update(tuitest.Key("n"))
	if v := p.View(); !strings.Contains(v, "Folder: "+last) {
		t.Fatalf("the upload picker does not open in the folder used last:\n%s", v)
	}
	p.Update(tuitest.Key("/"))
	if !p.upload.picker.Typing() {
		t.Error("/ does not open the path entry")
	}
}
