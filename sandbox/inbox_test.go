package sandbox_test

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// inboxUpload posts an inbox file and fails the test unless it is created.
func inboxUpload(t *testing.T, e *env, body map[string]any) apiclient.InboxFile {
	t.Helper()
	status, _, out := e.do("POST", e.acct("inbox_files.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create inbox file: status %d: %s", status, out)
	}
	return decode[apiclient.InboxFile](t, out)
}

// inboxGet finds a file in the index.
func inboxGet(t *testing.T, e *env, id int64) apiclient.InboxFile {
	t.Helper()
	status, _, out := e.do("GET", e.acct("inbox_files.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("list inbox: status %d: %s", status, out)
	}
	for _, f := range decode[[]apiclient.InboxFile](t, out) {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("inbox file %d not listed", id)
	return apiclient.InboxFile{}
}

func inboxStatus(f apiclient.InboxFile) string {
	if f.OCRStatus == nil {
		return "<null>"
	}
	return *f.OCRStatus
}

// inboxEventNames lists the event log's names, newest first.
func inboxEventNames(t *testing.T, e *env) []string {
	t.Helper()
	_, _, out := e.do("GET", e.acct("events.json"), nil)
	var names []string
	for _, ev := range decode[[]apiclient.Event](t, out) {
		names = append(names, ev.Name)
	}
	return names
}

func TestInboxCreateNamesFileAfterMIMEType(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ mime, name string }{
		{"application/pdf", "attachment.pdf"},
		{"image/png", "attachment.png"},
		{"image/jpeg", "attachment.jpg"},
		{"text/csv", "attachment.csv"},
	} {
		data := bytes.Repeat([]byte{0x25, 0x50, 0x00, 0xff}, 25) // 100 bytes
		status, h, out := e.do("POST", e.acct("inbox_files.json"), map[string]any{"attachment": apiclient.DataURI(tc.mime, data)})
		if status != http.StatusCreated {
			t.Fatalf("%s: status %d: %s", tc.mime, status, out)
		}
		f := decode[apiclient.InboxFile](t, out)
		if f.Filename != tc.name {
			t.Errorf("%s: filename %q, want %q", tc.mime, f.Filename, tc.name)
		}
		if f.Bytesize != 100 {
			t.Errorf("%s: bytesize %d, want the decoded size 100", tc.mime, f.Bytesize)
		}
		if f.OCRStatus != nil || f.SendToOCR || !f.SentToOCRAt.IsZero() {
			t.Errorf("%s: not sent to OCR but status %v sent %v", tc.mime, inboxStatus(f), f.SendToOCR)
		}
		wantDL := e.TS.URL + "/api/v3/accounts/testfirma/inbox_files/" + strconv.FormatInt(f.ID, 10) + "/download"
		if f.DownloadURL != wantDL || h.Get("Location") == "" {
			t.Errorf("download_url %q Location %q", f.DownloadURL, h.Get("Location"))
		}
		if !f.CreatedAt.Equal(testStart) {
			t.Errorf("created_at %v", f.CreatedAt)
		}
	}
	if names := inboxEventNames(t, e); len(names) != 4 || names[0] != "inbox_file_added" {
		t.Fatalf("events %v, want four inbox_file_added", names)
	}
}

func TestInboxCreateKeepsGivenFilename(t *testing.T) {
	e := newEnv(t)
	f := inboxUpload(t, e, map[string]any{"attachment": apiclient.DataURI("application/pdf", []byte("%PDF-1.4")), "filename": "faktura-2026-11.pdf"})
	if f.Filename != "faktura-2026-11.pdf" || f.Bytesize != 8 {
		t.Fatalf("file %+v", f)
	}
}

func TestInboxCreateRejectsBadAttachment(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"missing", map[string]any{"filename": "a.pdf"}, "can't be blank"},
		{"empty", map[string]any{"attachment": ""}, "can't be blank"},
		{"not a data URI", map[string]any{"attachment": "JVBERi0xLjQ="}, "is invalid"},
		{"not base64", map[string]any{"attachment": "data:application/pdf;base64,@@@not-base64@@@"}, "is invalid"},
		{"no base64 marker", map[string]any{"attachment": "data:application/pdf,hello"}, "is invalid"},
	} {
		status, _, out := e.do("POST", e.acct("inbox_files.json"), tc.body)
		if status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422: %s", tc.name, status, out)
			continue
		}
		if got := errorsOf(t, out)["document"]; len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: errors %v, want document %q", tc.name, got, tc.want)
		}
	}
	_, _, out := e.do("GET", e.acct("inbox_files.json"), nil)
	if string(out) != "[]" {
		t.Fatalf("rejected uploads were stored: %s", out)
	}
}

func TestInboxCreateRefusesFilesOverTheSizeLimit(t *testing.T) {
	e := newEnv(t)
	// 22 MB of zero bytes: "AAAA" is the base64 of three of them.
	body := []byte(`{"attachment":"data:application/pdf;base64,` + strings.Repeat("AAAA", 22<<20/3) + `"}`)
	status, _, out := e.do("POST", e.acct("inbox_files.json"), body)
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", status)
	}
	if got := errorsOf(t, out)["document"]; len(got) != 1 || !strings.Contains(got[0], "too large") {
		t.Fatalf("errors %v", got)
	}
}

func TestInboxOCRMovesWithTheClock(t *testing.T) {
	e := newEnv(t)
	pdf := apiclient.DataURI("application/pdf", []byte("%PDF-1.4 receipt"))
	ok := inboxUpload(t, e, map[string]any{"attachment": pdf, "filename": "uctenka.pdf", "send_to_ocr": true})
	bad := inboxUpload(t, e, map[string]any{"attachment": pdf, "filename": "unreadable-scan.pdf", "send_to_ocr": true})
	rej := inboxUpload(t, e, map[string]any{"attachment": pdf, "filename": "rejected.pdf", "send_to_ocr": true})
	if inboxStatus(ok) != "created" || !ok.SendToOCR || !ok.SentToOCRAt.Equal(testStart) || !ok.OCRCompletedAt.IsZero() {
		t.Fatalf("new file sent to OCR: %+v status %s", ok, inboxStatus(ok))
	}

	steps := []struct {
		after time.Duration
		want  map[int64]string
	}{
		{4 * time.Second, map[int64]string{ok.ID: "created", bad.ID: "created", rej.ID: "created"}},
		{1 * time.Second, map[int64]string{ok.ID: "processing", bad.ID: "processing", rej.ID: "processing"}},
		{19 * time.Second, map[int64]string{ok.ID: "processing"}},
		{1 * time.Second, map[int64]string{ok.ID: "processed", bad.ID: "processing_failed", rej.ID: "processing_rejected"}},
	}
	elapsed := time.Duration(0)
	for _, st := range steps {
		e.Clock.Advance(st.after)
		elapsed += st.after
		for id, want := range st.want {
			if got := inboxStatus(inboxGet(t, e, id)); got != want {
				t.Fatalf("after %v file %d: status %s, want %s", elapsed, id, got, want)
			}
		}
	}
	done := inboxGet(t, e, ok.ID)
	if want := testStart.Add(25 * time.Second); !done.OCRCompletedAt.Equal(want) {
		t.Fatalf("ocr_completed_at %v, want %v", done.OCRCompletedAt, want)
	}
	names := strings.Join(inboxEventNames(t, e), ",")
	for _, n := range []string{"inbox_file_ocr_processed", "inbox_file_ocr_processing_failed", "inbox_file_ocr_processing_rejected"} {
		if !strings.Contains(names, n) {
			t.Errorf("event %s missing from %s", n, names)
		}
	}
}

func TestInboxOCRProcessesEveryDueFileAtOnce(t *testing.T) {
	e := newEnv(t)
	pdf := apiclient.DataURI("application/pdf", []byte("%PDF"))
	var ids []int64
	for i := 0; i < 3; i++ {
		ids = append(ids, inboxUpload(t, e, map[string]any{"attachment": pdf, "send_to_ocr": true}).ID)
		e.Clock.Advance(time.Second)
	}
	e.Clock.Advance(time.Hour)
	for _, id := range ids {
		if got := inboxStatus(inboxGet(t, e, id)); got != "processed" {
			t.Fatalf("file %d: %s, want processed", id, got)
		}
	}
	n := 0
	for _, name := range inboxEventNames(t, e) {
		if name == "inbox_file_ocr_processed" {
			n++
		}
	}
	if n != 3 {
		t.Fatalf("%d processed events, want 3", n)
	}
}

func TestInboxSendToOCRSpendsQuotaAndRefusesWhenExhausted(t *testing.T) {
	e := newEnv(t)
	e.Srv.Do(func() {
		v := e.Setup.Account.Info.Extraction[sandbox.OCRVendor]
		v.RemainingExtractions = 1
		e.Setup.Account.Info.Extraction[sandbox.OCRVendor] = v
	})
	pdf := apiclient.DataURI("application/pdf", []byte("%PDF"))
	first := inboxUpload(t, e, map[string]any{"attachment": pdf})
	second := inboxUpload(t, e, map[string]any{"attachment": pdf})

	status, _, out := e.do("POST", e.acct("inbox_files/"+strconv.FormatInt(first.ID, 10)+"/send_to_ocr.json"), nil)
	if status != http.StatusNoContent {
		t.Fatalf("send to OCR: status %d: %s", status, out)
	}
	if f := inboxGet(t, e, first.ID); inboxStatus(f) != "created" || !f.SendToOCR || f.SentToOCRAt.IsZero() {
		t.Fatalf("after send: %+v", f)
	}
	_, _, out = e.do("GET", e.acct("account.json"), nil)
	if a := decode[apiclient.Account](t, out); a.Extraction[sandbox.OCRVendor].RemainingExtractions != 0 {
		t.Fatalf("remaining extractions %d, want 0", a.Extraction[sandbox.OCRVendor].RemainingExtractions)
	}

	status, _, out = e.do("POST", e.acct("inbox_files/"+strconv.FormatInt(second.ID, 10)+"/send_to_ocr.json"), nil)
	if code, _ := refusalOf(t, out); status != http.StatusForbidden || code != "quota_exhausted" {
		t.Fatalf("no quota left: status %d code %q", status, code)
	}
	if f := inboxGet(t, e, second.ID); f.OCRStatus != nil {
		t.Fatalf("refused file changed: %s", inboxStatus(f))
	}
	status, _, out = e.do("POST", e.acct("inbox_files.json"), map[string]any{"attachment": pdf, "send_to_ocr": true})
	if code, _ := refusalOf(t, out); status != http.StatusForbidden || code != "quota_exhausted" {
		t.Fatalf("create with OCR and no quota: status %d code %q", status, code)
	}

	status, _, out = e.do("POST", e.acct("inbox_files/"+strconv.FormatInt(first.ID, 10)+"/send_to_ocr.json"), nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, out)["inbox_file"]) != 1 {
		t.Fatalf("sent twice: status %d: %s", status, out)
	}
	if status, _, _ := e.do("POST", e.acct("inbox_files/999/send_to_ocr.json"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown file: status %d", status)
	}
}

func TestInboxDownloadServesExactBytesWithHeaders(t *testing.T) {
	e := newEnv(t)
	data := make([]byte, 3000)
	for i := range data {
		data[i] = byte(i * 7)
	}
	f := inboxUpload(t, e, map[string]any{"attachment": apiclient.DataURI("application/pdf", data), "filename": "scan 01.pdf"})
	status, h, out := e.do("GET", e.acct("inbox_files/"+strconv.FormatInt(f.ID, 10)+"/download"), nil)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, out)
	}
	if !bytes.Equal(out, data) {
		t.Fatalf("downloaded %d bytes differ from the %d uploaded", len(out), len(data))
	}
	for k, want := range map[string]string{
		"Content-Type":              "application/pdf",
		"Content-Disposition":       `attachment; filename="scan 01.pdf"`,
		"Content-Length":            "3000",
		"Content-Transfer-Encoding": "binary",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("%s %q, want %q", k, got, want)
		}
	}
	if status, _, _ := e.do("GET", e.acct("inbox_files/999/download"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown file: status %d", status)
	}
}

func TestInboxDeleteRemovesFileAndLogsIt(t *testing.T) {
	e := newEnv(t)
	pdf := apiclient.DataURI("application/pdf", []byte("%PDF"))
	f := inboxUpload(t, e, map[string]any{"attachment": pdf})
	busy := inboxUpload(t, e, map[string]any{"attachment": pdf, "send_to_ocr": true})

	path := e.acct("inbox_files/" + strconv.FormatInt(f.ID, 10) + ".json")
	if status, _, out := e.do("DELETE", path, nil); status != http.StatusNoContent {
		t.Fatalf("delete: status %d: %s", status, out)
	}
	if status, _, _ := e.do("GET", e.acct("inbox_files/"+strconv.FormatInt(f.ID, 10)+"/download"), nil); status != http.StatusNotFound {
		t.Fatalf("download after delete: status %d", status)
	}
	if status, _, _ := e.do("DELETE", path, nil); status != http.StatusNotFound {
		t.Fatalf("second delete: status %d", status)
	}
	if names := inboxEventNames(t, e); names[0] != "inbox_file_removed" {
		t.Fatalf("events %v", names)
	}

	// While OCR is reading a file it cannot be deleted.
	e.Clock.Advance(6 * time.Second)
	busyPath := e.acct("inbox_files/" + strconv.FormatInt(busy.ID, 10) + ".json")
	status, _, out := e.do("DELETE", busyPath, nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, out)["inbox_file"]) != 1 {
		t.Fatalf("delete while processing: status %d: %s", status, out)
	}
	e.Clock.Advance(time.Minute)
	if status, _, _ := e.do("DELETE", busyPath, nil); status != http.StatusNoContent {
		t.Fatalf("delete after processing: status %d", status)
	}
}

func TestInboxListPagesNewestFirst(t *testing.T) {
	e := newEnv(t)
	pdf := apiclient.DataURI("application/pdf", []byte("%PDF"))
	for i := 0; i < 41; i++ {
		inboxUpload(t, e, map[string]any{"attachment": pdf, "filename": "f" + strconv.Itoa(i) + ".pdf"})
	}
	_, _, out := e.do("GET", e.acct("inbox_files.json"), nil)
	page1 := decode[[]apiclient.InboxFile](t, out)
	_, _, out = e.do("GET", e.acct("inbox_files.json?page=2"), nil)
	page2 := decode[[]apiclient.InboxFile](t, out)
	_, _, out = e.do("GET", e.acct("inbox_files.json?page=3"), nil)
	if len(page1) != 40 || len(page2) != 1 || string(out) != "[]" {
		t.Fatalf("pages of %d, %d, %s", len(page1), len(page2), out)
	}
	if page1[0].Filename != "f40.pdf" || page2[0].Filename != "f0.pdf" {
		t.Fatalf("order: first %q last %q", page1[0].Filename, page2[0].Filename)
	}
}
