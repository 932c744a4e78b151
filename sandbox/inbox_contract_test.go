package sandbox_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

func TestInboxContractCreateListDownloadDelete(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	data := []byte("%PDF-1.4\x00\x01\x02 binary")

	f, resp, err := e.Client.InboxFiles.Create(ctx, &apiclient.InboxFileParams{Attachment: apiclient.DataURI("application/pdf", data)})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 201 || f.Filename != "attachment.pdf" || f.Bytesize != int64(len(data)) || f.OCRStatus != nil {
		t.Fatalf("created %+v", f)
	}

	g, _, err := e.Client.InboxFiles.CreateFromBytes(ctx, "image/png", []byte("\x89PNG"), "", false)
	if err != nil {
		t.Fatal(err)
	}
	if g.Filename != "attachment.png" || g.Bytesize != 4 {
		t.Fatalf("from bytes %+v", g)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "účtenka.pdf")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h, _, err := e.Client.InboxFiles.CreateFromFile(ctx, path, true)
	if err != nil {
		t.Fatal(err)
	}
	if h.Filename != "účtenka.pdf" || h.OCRStatus == nil || *h.OCRStatus != apiclient.OCRCreated {
		t.Fatalf("from file %+v", h)
	}

	list, _, err := e.Client.InboxFiles.List(ctx, apiclient.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].ID != h.ID || list[2].ID != f.ID {
		t.Fatalf("list %+v", list)
	}

	d, _, err := e.Client.InboxFiles.Download(ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Data, data) || d.Filename != "účtenka.pdf" || d.ContentType != "application/pdf" {
		t.Fatalf("download %q %q %q", d.Filename, d.ContentType, d.Data)
	}

	if _, err := e.Client.InboxFiles.Delete(ctx, f.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Client.InboxFiles.Download(ctx, f.ID); !errors.As(err, new(*apiclient.NotFoundError)) {
		t.Fatalf("download of a deleted file: %v", err)
	}

	_, _, err = e.Client.InboxFiles.Create(ctx, &apiclient.InboxFileParams{Attachment: "not a data uri"})
	var verr *apiclient.ValidationError
	if !errors.As(err, &verr) || len(verr.Fields["document"]) != 1 {
		t.Fatalf("bad attachment: %v", err)
	}
}

func TestInboxContractSendToOCRAndQuota(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.Srv.Do(func() {
		v := e.Setup.Account.Info.Extraction[sandbox.OCRVendor]
		v.RemainingExtractions = 1
		e.Setup.Account.Info.Extraction[sandbox.OCRVendor] = v
	})
	a, _, err := e.Client.InboxFiles.CreateFromBytes(ctx, "application/pdf", []byte("%PDF"), "a.pdf", false)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := e.Client.InboxFiles.CreateFromBytes(ctx, "application/pdf", []byte("%PDF"), "b.pdf", false)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := e.Client.InboxFiles.SendToOCR(ctx, a.ID)
	if err != nil || resp.StatusCode != 204 {
		t.Fatalf("send to OCR: %v", err)
	}
	_, err = e.Client.InboxFiles.SendToOCR(ctx, b.ID)
	var refusal *apiclient.RefusalError
	if !errors.As(err, &refusal) || refusal.Code != apiclient.RefusalQuotaExhausted {
		t.Fatalf("no quota: %v, want RefusalError quota_exhausted", err)
	}

	e.Clock.Advance(30 * time.Second)
	list, _, err := e.Client.InboxFiles.List(ctx, apiclient.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range list {
		if f.ID == a.ID && (f.OCRStatus == nil || *f.OCRStatus != apiclient.OCRProcessed || f.OCRCompletedAt.IsZero()) {
			t.Fatalf("after 30 s: %+v", f)
		}
	}
}
