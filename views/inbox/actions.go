package inbox

import (
	"context"
	"errors"
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
	ruleQuota    = "No OCR extractions are left on this account's plan; the file stays in the inbox and can be sent to OCR when the plan's quota is renewed or the plan is upgraded"
	ruleNoOCR    = "OCR (document extraction) is not enabled on this account"
	ruleSendOCR  = "The service did not accept the file for OCR"
	ruleDelete   = "The service did not let the file be deleted"
	ruleBusy     = "A file cannot be deleted while OCR is working on it; delete it once OCR has finished"
	ruleUpload   = "The service did not accept the file"
	uploadNoOCR  = "; it can still be uploaded without OCR (tab in the upload form)"
	sentenceStop = "."
)

func ocrKey() key.Binding {
	return key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "send to OCR"))
}

func downloadKey() key.Binding {
	return key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "download"))
}

// Explain turns a refusal (403) or a rejection (422) into a sentence that
// says what the rule is; rule is the sentence for a rejection without a
// known code. Other errors pass unchanged.
func Explain(err error, rule string) error {
	er := common.RefusalResponse(err)
	if er == nil {
		return err
	}
	var re *apiclient.RefusalError
	if errors.As(err, &re) {
		switch re.Code {
		case apiclient.RefusalQuotaExhausted:
			rule = ruleQuota
		case apiclient.RefusalForbidden:
			rule = ruleNoOCR
		}
	}
	said := common.FieldMessages(er, "inbox_file")
	if said == "" {
		said = er.Description
	}
	return common.StateRule(rule, said)
}

func failure(what string, err error, rule string, retry tea.Cmd) tea.Msg {
	return common.ActionFailure(what, err, Explain(err, rule), retry)
}

// refreshAll asks the list and the file's detail to load again.
func refreshAll(fileID int64) tea.Cmd {
	return tea.Batch(ui.Emit(RefreshMsg{Page: rootID()}), ui.Emit(RefreshMsg{Page: nav.Record(nav.InboxFile, fileID)}))
}

// action runs one request in a Cmd and turns its outcome into the status,
// the follow-up messages and a toast, or the error panel.
func action(d *common.Deps, what, rule string, do func(ctx context.Context, c *apiclient.Client) error, done func() tea.BatchMsg) tea.Cmd {
	var run tea.Cmd
	run = func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
		defer cancel()
		c := d.Client()
		err := do(ctx, c)
		status := ui.Emit(common.ConnStatus(c, err, d.Now()))
		if err != nil {
			return tea.BatchMsg{status, ui.Emit(failure(what, err, rule, run))}
		}
		return append(tea.BatchMsg{status}, done()...)
	}
	return run
}

// sendToOCR sends a file to OCR; a file already with OCR is not sent again.
func sendToOCR(d *common.Deps, f apiclient.InboxFile) tea.Cmd {
	if pending(f) {
		return ui.Emit(ui.Toast{Text: f.Filename + " is already with OCR (" + OCRStatus(f.OCRStatus) + ")", Kind: ui.ToastInfo})
	}
	return action(d, "send "+f.Filename+" to OCR", ruleSendOCR,
		func(ctx context.Context, c *apiclient.Client) error {
			_, err := c.InboxFiles.SendToOCR(ctx, f.ID)
			return err
		},
		func() tea.BatchMsg {
			return tea.BatchMsg{refreshAll(f.ID), ui.Emit(ui.Toast{Text: "Sent " + f.Filename + " to OCR", Kind: ui.ToastSuccess})}
		})
}

// confirmDelete asks first, then deletes the file; back closes its detail.
func confirmDelete(d *common.Deps, f apiclient.InboxFile, back bool) tea.Cmd {
	rule := ruleDelete
	if pending(f) {
		rule = ruleBusy
	}
	run := action(d, "delete "+f.Filename, rule,
		func(ctx context.Context, c *apiclient.Client) error {
			_, err := c.InboxFiles.Delete(ctx, f.ID)
			return err
		},
		func() tea.BatchMsg {
			out := tea.BatchMsg{ui.Emit(RefreshMsg{Page: rootID()}), ui.Emit(ui.Toast{Text: "Deleted " + f.Filename, Kind: ui.ToastSuccess})}
			if back {
				out = append(out, ui.Emit(ui.Back{}))
			}
			return out
		})
	return ui.Emit(ui.Confirm{Question: fmt.Sprintf("Delete %s from the inbox? This cannot be undone.", f.Filename), Yes: run})
}

// upload sends the file at path to the inbox, with or without OCR.
func upload(d *common.Deps, path string, ocr bool) tea.Cmd {
	rule := ruleUpload
	if ocr {
		rule += uploadNoOCR
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
		defer cancel()
		c := d.Client()
		f, _, err := c.InboxFiles.CreateFromFile(ctx, path, ocr)
		status := ui.Emit(common.ConnStatus(c, err, d.Now()))
		if err != nil {
			what := "upload " + path
			var re *apiclient.RefusalError
			if ocr && errors.As(err, &re) && re.Code == apiclient.RefusalQuotaExhausted {
				return tea.BatchMsg{status, ui.Emit(ui.ShowError{What: what, Err: common.Sentence(ruleQuota + uploadNoOCR + sentenceStop)})}
			}
			return tea.BatchMsg{status, ui.Emit(failure(what, err, rule, nil))}
		}
		text := "Uploaded " + f.Filename
		if ocr {
			text += " and sent it to OCR"
		}
		return tea.BatchMsg{status, ui.Emit(RefreshMsg{Page: rootID()}), ui.Emit(ui.Toast{Text: text, Kind: ui.ToastSuccess})}
	}
}

// download fetches a file and saves it in dir, never overwriting.
func download(d *common.Deps, f apiclient.InboxFile, dir string) tea.Cmd {
	var run tea.Cmd
	run = func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
		defer cancel()
		c := d.Client()
		dl, _, err := c.InboxFiles.Download(ctx, f.ID)
		status := ui.Emit(common.ConnStatus(c, err, d.Now()))
		if err != nil {
			return tea.BatchMsg{status, ui.Emit(ui.ShowError{What: "download " + f.Filename, Err: err, Retry: run})}
		}
		name := f.Filename
		if name == "" {
			name = dl.Filename
		}
		path, err := common.SaveFile(dir, name, dl.Data)
		if err != nil {
			return tea.BatchMsg{status, ui.Emit(ui.ShowError{What: "save " + name, Err: err})}
		}
		return tea.BatchMsg{status, ui.Emit(ui.Toast{Text: "Saved " + path, Kind: ui.ToastSuccess})}
	}
	return run
}
