package inbox

import (
	"context"
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// Sentences for the refusals of api-v3.md an inbox page can meet.
const (
	ruleQuota   = "No OCR extractions are left on this account's plan; the file stays in the inbox and can be sent to OCR when the plan's quota is renewed or the plan is upgraded"
	ruleNoOCR   = "OCR (document extraction) is not enabled on this account"
	ruleSendOCR = "The service did not accept the file for OCR"
	ruleDelete  = "The service did not let the file be deleted"
	ruleBusy    = "A file cannot be deleted while OCR is working on it; delete it once OCR has finished"
	ruleUpload  = "The service did not accept the file"
	uploadNoOCR = "; it can still be uploaded without OCR (tab in the upload form)"
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
func refusal(rule string) common.Refusal {
	return common.Refusal{Rule: rule, Resource: "inbox_file", Codes: map[string]string{
		apiclient.RefusalQuotaExhausted: ruleQuota,
		apiclient.RefusalForbidden:      ruleNoOCR,
	}}
}

// sendToOCR sends a file to OCR; a file already with OCR is not sent again.
func sendToOCR(d *common.Deps, f apiclient.InboxFile) tea.Cmd {
	if pending(f) {
		return ui.Emit(ui.Toast{Text: f.Filename + " is already with OCR (" + OCRStatus(f.OCRStatus) + ")", Kind: ui.ToastInfo})
	}
	return common.Act(d, common.Action[struct{}]{
		What:    "send " + f.Filename + " to OCR",
		Refusal: refusal(ruleSendOCR),
		Do: common.NoAnswer(func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.InboxFiles.SendToOCR(ctx, f.ID)
		}),
		Done: func(struct{}) []tea.Msg {
			return []tea.Msg{ui.Changed{Kind: nav.InboxFile, ID: f.ID}, ui.Toast{Text: "Sent " + f.Filename + " to OCR", Kind: ui.ToastSuccess}}
		},
	})
}

// confirmDelete asks first, then deletes the file; back closes its detail.
func confirmDelete(d *common.Deps, f apiclient.InboxFile, back bool) tea.Cmd {
	rule := ruleDelete
	if pending(f) {
		rule = ruleBusy
	}
	return common.ConfirmDelete(d, common.Delete{
		Question: fmt.Sprintf("Delete %s from the inbox? This cannot be undone.", f.Filename),
		Name:     f.Filename, Kind: nav.InboxFile, ID: f.ID, Refusal: refusal(rule), Back: back,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.InboxFiles.Delete(ctx, f.ID)
		},
	})
}

// upload sends the file at path to the inbox, with or without OCR. A failed
// upload is not retried from the panel: the user picks the file again (and
// may leave OCR out, as a refusal of OCR suggests).
func upload(d *common.Deps, path string, ocr bool) tea.Cmd {
	r := refusal(ruleUpload)
	if ocr {
		r.Rule += uploadNoOCR
		r.Codes[apiclient.RefusalQuotaExhausted] = ruleQuota + uploadNoOCR
	}
	return common.Act(d, common.Action[*apiclient.InboxFile]{
		What:    "upload " + path,
		Refusal: r,
		Once:    true,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.InboxFile, error) {
			f, _, err := c.InboxFiles.CreateFromFile(ctx, path, ocr)
			return f, err
		},
		Done: func(f *apiclient.InboxFile) []tea.Msg {
			text := "Uploaded " + f.Filename
			if ocr {
				text += " and sent it to OCR"
			}
			return []tea.Msg{ui.Changed{Kind: nav.InboxFile, ID: f.ID, Op: ui.ChangeCreated, Record: f},
				ui.Toast{Text: text, Kind: ui.ToastSuccess}}
		},
	})
}

// download fetches a file and saves it in dir, never overwriting.
func download(d *common.Deps, f apiclient.InboxFile, dir string) tea.Cmd {
	return common.Act(d, common.Action[*apiclient.Download]{
		What: "download " + f.Filename,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Download, error) {
			dl, _, err := c.InboxFiles.Download(ctx, f.ID)
			return dl, err
		},
		Done: func(dl *apiclient.Download) []tea.Msg { return []tea.Msg{common.Save(d, dir, f.Filename, dl)} },
	})
}
