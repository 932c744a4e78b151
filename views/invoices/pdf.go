package invoices

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// The service makes an invoice's PDF on demand and answers 204 until it is
// ready ("try again in a second or two", api-facts.md): kasa asks again
// after pdfWait, doubling, up to pdfTries times, and says it is waiting.
const (
	pdfTries = 5
	pdfWait  = time.Second
)

// pdfKey saves the PDF of the invoice (its page) or of each marked one.
func pdfKey(help string) key.Binding {
	return key.NewBinding(key.WithKeys("D"), key.WithHelp("D", help))
}

// pdfName is the file a PDF is saved as: the service's name, else the number.
func pdfName(i *apiclient.Invoice, dl *apiclient.Download) string {
	if dl.Filename != "" {
		return dl.Filename
	}
	return i.Number + ".pdf"
}

// savePDF fetches the invoice's PDF and saves it in dir, never overwriting
// a file. A "not ready yet" shows a toast and tries again after a wait
// (the wait runs in the Cmd, never in Update); a read is safe to repeat.
func savePDF(d *common.Deps, i apiclient.Invoice, dir string, attempt int) tea.Cmd {
	return func() tea.Msg {
		dl, st, err := common.Do(d, func(ctx context.Context, c *apiclient.Client) (*apiclient.Download, error) {
			dl, _, err := c.Invoices.DownloadPDF(ctx, i.ID)
			return dl, err
		})
		wait := pdfWait << attempt
		switch {
		case errors.Is(err, apiclient.ErrNotReady) && attempt+1 < pdfTries:
			toast := ui.Toast{Kind: ui.ToastInfo, Text: d.L.Tf("The service is still making the PDF of %s: trying again in %d s (%d of %d)…",
				i.Number, int(wait.Seconds()), attempt+2, pdfTries)}
			return tea.Sequence(ui.Emit(st), ui.Emit(toast), after(wait, savePDF(d, i, dir, attempt+1)))()
		case err != nil:
			return common.Sequence(st, ui.ShowError{What: d.L.Tf("download the PDF of %s", i.Number),
				Err: common.Explain(d.L, err, common.Refusal{}), Retry: savePDF(d, i, dir, 0)})
		}
		return common.Sequence(st, common.Save(d, dir, pdfName(&i, dl), dl))
	}
}

// after runs cmd once d has passed.
func after(d time.Duration, cmd tea.Cmd) tea.Cmd {
	return func() tea.Msg {
		time.Sleep(d)
		return cmd()
	}
}

// pdfOf fetches the PDF inside a bulk action's Cmd, waiting while the
// service makes it (the wait bounded by ctx).
func pdfOf(ctx context.Context, c *apiclient.Client, i apiclient.Invoice) (*apiclient.Download, error) {
	for attempt := 0; ; attempt++ {
		dl, _, err := c.Invoices.DownloadPDF(ctx, i.ID)
		if !errors.Is(err, apiclient.ErrNotReady) || attempt+1 >= pdfTries {
			return dl, err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("wait for the PDF of %s: %w", i.Number, ctx.Err())
		case <-time.After(pdfWait << attempt):
		}
	}
}

// pdfMarkAction saves the PDF of each marked invoice in the last folder.
func pdfMarkAction(d *common.Deps, name func(apiclient.Invoice) string) common.MarkAction[apiclient.Invoice] {
	return common.MarkAction[apiclient.Invoice]{Key: pdfKey(locale.Key("download PDFs (marked)")),
		Question: func(rows []apiclient.Invoice) string {
			return d.L.Tf("Save the PDFs of %s to %s?", d.L.Nf(len(rows), "%d invoice|%d invoices", len(rows)), d.Folders.Last())
		},
		Run: func(rows []apiclient.Invoice) tea.Cmd {
			dir := d.Folders.Last()
			return common.RunEach(d, locale.Key("Download PDFs"), rows, name,
				func(ctx context.Context, c *apiclient.Client, i apiclient.Invoice) (tea.Msg, string, error) {
					dl, err := pdfOf(ctx, c, i)
					if err != nil {
						return nil, "", fmt.Errorf("download the PDF of %s: %w", i.Number, err)
					}
					_, err = common.SaveFile(dir, pdfName(&i, dl), dl.Data)
					return nil, "", err
				})
		}}
}
