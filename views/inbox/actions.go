package inbox

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

func ocrKey() key.Binding {
	return key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "send to OCR"))
}

// expenseKey makes a new expense with the file attached.
func expenseKey() key.Binding {
	return key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "new expense from it"))
}

func downloadKey() key.Binding {
	return key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "download"))
}

func listDownloadKey() key.Binding {
	return key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "download to the last folder"))
}

// refusal explains an inbox action's refusal: rule for a rejection without
// a known code, the quota and OCR rules for those codes.
// Its sentences are for the refusals of api-v3.md an inbox page can meet.
func refusal(l locale.Locale, rule string) common.Refusal {
	return common.Refusal{Rule: rule, Resource: "inbox_file", Codes: map[string]string{
		apiclient.RefusalQuotaExhausted: l.T("No OCR extractions are left on this account's plan; the file stays in the inbox and can be sent to OCR when the plan's quota is renewed or the plan is upgraded"),
		apiclient.RefusalForbidden:      l.T("OCR (document extraction) is not enabled on this account"),
	}}
}

// sendToOCR sends a file to OCR; a file already with OCR is not sent again.
func sendToOCR(d *common.Deps, f apiclient.InboxFile) tea.Cmd {
	if pending(f) {
		return ui.Emit(ui.Toast{Text: d.L.Tf("%s is already with OCR (%s)", f.Filename, OCRStatus(d.L, f.OCRStatus)), Kind: ui.ToastInfo})
	}
	return common.Act(d, common.Action[struct{}]{
		What:    d.L.Tf("send %s to OCR", f.Filename),
		Refusal: refusal(d.L, d.L.T("The service did not accept the file for OCR")),
		Do: common.NoAnswer(func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.InboxFiles.SendToOCR(ctx, f.ID)
		}),
		Done: func(struct{}) []tea.Msg {
			return []tea.Msg{ui.Changed{Kind: nav.InboxFile, ID: f.ID}, ui.Toast{Text: d.L.Tf("Sent %s to OCR", f.Filename), Kind: ui.ToastSuccess}}
		},
	})
}

// confirmDelete asks first, then deletes the file; back closes its detail.
func confirmDelete(d *common.Deps, f apiclient.InboxFile, back bool) tea.Cmd {
	rule := d.L.T("The service did not let the file be deleted")
	if pending(f) {
		rule = d.L.T("A file cannot be deleted while OCR is working on it; delete it once OCR has finished")
	}
	return common.ConfirmDelete(d, common.Delete{
		Question: d.L.Tf("Delete %s from the inbox? This cannot be undone.", f.Filename),
		Name:     f.Filename, Kind: nav.InboxFile, ID: f.ID, Refusal: refusal(d.L, rule), Back: back,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.InboxFiles.Delete(ctx, f.ID)
		},
	})
}

// upload sends the file at path to the inbox, with or without OCR. A failed
// upload is not retried from the panel: the user picks the file again (and
// may leave OCR out, as a refusal of OCR suggests).
func upload(d *common.Deps, path string, ocr bool) tea.Cmd {
	r := refusal(d.L, d.L.T("The service did not accept the file"))
	if ocr {
		noOCR := d.L.T("; it can still be uploaded without OCR (tab in the upload form)")
		r.Rule += noOCR
		r.Codes[apiclient.RefusalQuotaExhausted] += noOCR
	}
	return common.Act(d, common.Action[*apiclient.InboxFile]{
		What:    d.L.Tf("upload %s", path),
		Refusal: r,
		Once:    true,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.InboxFile, error) {
			f, _, err := c.InboxFiles.CreateFromFile(ctx, path, ocr)
			return f, err
		},
		Done: func(f *apiclient.InboxFile) []tea.Msg {
			text := d.L.Tf("Uploaded %s", f.Filename)
			if ocr {
				text = d.L.Tf("Uploaded %s and sent it to OCR", f.Filename)
			}
			return []tea.Msg{ui.Changed{Kind: nav.InboxFile, ID: f.ID, Op: ui.ChangeCreated, Record: f},
				ui.Toast{Text: text, Kind: ui.ToastSuccess}}
		},
	})
}

// download fetches a file and saves it in dir, never overwriting.
func download(d *common.Deps, f apiclient.InboxFile, dir string) tea.Cmd {
	return common.Act(d, common.Action[*apiclient.Download]{
		What: d.L.Tf("download %s", f.Filename),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Download, error) {
			dl, _, err := c.InboxFiles.Download(ctx, f.ID)
			return dl, err
		},
		Done: func(dl *apiclient.Download) []tea.Msg { return []tea.Msg{common.Save(d, dir, f.Filename, dl)} },
	})
}
