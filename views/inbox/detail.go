package inbox

import (
	"context"
	"errors"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/shopspring/decimal"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/nav"
)

// Detail is an inbox file's page: its fields and OCR times, with download,
// send to OCR and delete. While the file is with OCR it loads again every
// PollEvery (one tick at a time, none while a load is in flight).
type Detail struct {
	*common.DetailPage[apiclient.InboxFile]
	wait    pollWait // the backing-off wait between polls
	told    string   // the OCR status last handed to the list
	ticking bool
}

// detailPoll is the poll tick of a detail page.
type detailPoll struct{ Page ui.PageID }

// Target implements ui.Routed.
func (m detailPoll) Target() ui.PageID { return m.Page }

// NewDetail is an inbox file's detail page.
func NewDetail(d *common.Deps, id ui.PageID, o Options) (*Detail, error) {
	if o.PollEvery <= 0 {
		o.PollEvery = DefaultPollEvery
	}
	p := &Detail{wait: pollWait{every: o.PollEvery}}
	page, err := common.NewDetail(d, id, common.DetailConfig[apiclient.InboxFile]{
		Local:     store.InboxFiles,
		Noun:      "inbox file",
		Title:     func(f *apiclient.InboxFile) string { return d.L.Tf("Inbox file %s", f.Filename) },
		Fetch:     fetchFile,
		Render:    func(f *apiclient.InboxFile, w int) string { return render(f, w, d) },
		CopyValue: func(f *apiclient.InboxFile) (string, string) { return f.Filename, locale.Key("file name") },
		CopyLabel: "copy file name",
		Actions: []common.DetailAction[apiclient.InboxFile]{
			{Key: downloadKey(), Run: p.askDownload},
			{Key: ocrKey(), Run: func(f *apiclient.InboxFile) tea.Cmd { return sendToOCR(d, *f) }},
			{Key: d.Keys.Delete, Run: func(f *apiclient.InboxFile) tea.Cmd { return confirmDelete(d, *f, true) }},
			{Key: expenseKey(), Run: func(f *apiclient.InboxFile) tea.Cmd { return ui.Emit(ui.Open{ID: editor.ExpenseFromInboxPage(f.ID)}) }},
		},
	})
	if err != nil {
		return nil, err
	}
	p.DetailPage = page
	return p, nil
}

// Update reloads on its poll tick, else delegates (ui.Changed included);
// then it starts a tick if the file is with OCR.
func (p *Detail) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch msg.(type) {
	case detailPoll:
		p.ticking = false
		if f, ok := p.Record(); ok && pending(*f) {
			cmd = p.DetailPage.Init()
		}
	default:
		cmd = p.DetailPage.Update(msg)
	}
	return tea.Batch(cmd, p.tellList(), p.maybePoll())
}

// tellList announces a file whose OCR state changed since this page last
// looked, with the file, so the list patches its row without a request of
// its own.
func (p *Detail) tellList() tea.Cmd {
	f, ok := p.Record()
	if !ok || p.Loading() {
		return nil
	}
	status := ""
	if f.OCRStatus != nil {
		status = *f.OCRStatus
	}
	if status == p.told {
		return nil
	}
	p.told = status
	return ui.Emit(ui.Changed{Kind: nav.InboxFile, ID: f.ID, Record: *f})
}

// Polling reports whether a status tick is under way.
func (p *Detail) Polling() bool { return p.ticking }

func (p *Detail) maybePoll() tea.Cmd {
	f, ok := p.Record()
	if p.ticking || p.Loading() || !ok || !pending(*f) {
		return nil
	}
	p.ticking = true
	p.wait.observe([]apiclient.InboxFile{*f}) // each tick follows a fresh load
	page := p.ID()
	return tea.Tick(p.wait.next(), func(time.Time) tea.Msg { return detailPoll{Page: page} })
}

// fetchFile finds the file in the index: the service has no endpoint for
// one inbox file.
func fetchFile(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.InboxFile, error) {
	for f, err := range c.InboxFiles.ListAll(ctx, apiclient.ListOptions{}) {
		if err != nil {
			return nil, fmt.Errorf("find inbox file %d: %w", id, err)
		}
		if f.ID == id {
			return &f, nil
		}
	}
	return nil, fmt.Errorf("inbox file %d: %w", id, errNotInInbox)
}

// errNotInInbox: the file is not among the inbox's (it may have been deleted).
var errNotInInbox = errors.New("not in the inbox (it may have been deleted)")

// askDownload asks for the folder (the last one used), then
// downloads the file there without overwriting anything.
func (p *Detail) askDownload(f *apiclient.InboxFile) tea.Cmd {
	d := p.Deps()
	file := *f
	return p.Prompt(d.L.Tf("Download %s to folder", f.Filename), d.Folders.Last(), func(answer string) tea.Cmd {
		dir := d.DownloadFolder(answer)
		return download(d, file, dir)
	})
}

func render(f *apiclient.InboxFile, w int, d *common.Deps) string {
	F := common.F
	sent := d.Yes(f.SendToOCR)
	return common.RenderGroups(d, []common.Group{
		{Title: "File", Fields: []common.Field{
			F("Name", f.Filename), F("Size", d.L.Tf("%s (%s bytes)", common.HumanSize(d.L, f.Bytesize), d.L.Number(decimal.NewFromInt(f.Bytesize), 0))),
			F("Added", d.Time(f.CreatedAt)), F("Updated", d.Time(f.UpdatedAt)),
		}},
		{Title: "OCR", Fields: []common.Field{
			F("Status", OCRStatus(d.L, f.OCRStatus)), F("Sent to OCR", sent),
			F("Sent at", d.Time(f.SentToOCRAt)), F("Completed at", d.Time(f.OCRCompletedAt)),
			F("Note", d.L.T(ocrNote(f))),
		}},
	}, w)
}

// ocrNote says what the state means for the user.
func ocrNote(f *apiclient.InboxFile) string {
	if f.OCRStatus == nil {
		return locale.Key("Not sent to OCR: press O to send it.")
	}
	switch *f.OCRStatus {
	case apiclient.OCRCreated, apiclient.OCRProcessing:
		return locale.Key("OCR is working on it; the status here follows it.")
	case apiclient.OCRProcessingFailed:
		return locale.Key("OCR could not read the file; press O to send it again.")
	case apiclient.OCRProcessingRejected:
		return locale.Key("The OCR service rejected the file.")
	}
	return ""
}
