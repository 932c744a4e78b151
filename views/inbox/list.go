package inbox

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/nav"
)

// List is the inbox list. While a listed file is waiting for OCR or being
// processed it re-fetches the first page (every PollEvery, longer while nothing changes) and updates the
// rows in place: one tick at a time, none while a fetch is in flight, and
// none at all once nothing is pending.
type List struct {
	d    *common.Deps
	id   ui.PageID
	list *common.ListPage[apiclient.InboxFile]
	wait pollWait // the backing-off wait between polls

	polling bool // a tick or a poll fetch is under way
	req     int
	want    int // request id of the poll fetch in flight

	upload *uploadForm
	newKey key.Binding

	width, height int
}

// PollMsg is the poll tick of the list with this Page.
type PollMsg struct{ Page ui.PageID }

// Target implements ui.Routed.
func (m PollMsg) Target() ui.PageID { return m.Page }

// polled is the first page fetched by a poll.
type polled []apiclient.InboxFile

// NewList builds the inbox list.
func NewList(d *common.Deps, id ui.PageID, o Options) (*List, error) {
	if o.PollEvery <= 0 {
		o.PollEvery = DefaultPollEvery
	}
	l, err := common.NewList(d, id, common.ListConfig[apiclient.InboxFile]{
		Title:  "Inbox",
		Noun:   "inbox files",
		Export: "inbox_files",
		Columns: []table.Column{
			{Title: "File", Width: 16, Flex: 1},
			{Title: "Size", Width: 9, Align: lipgloss.Right, Keep: true},
			{Title: "Added", Width: 16, Priority: 1, Keep: true},
			{Title: "OCR", Width: 12, Keep: true},
		},
		Cells: func(f apiclient.InboxFile) []string {
			return []string{f.Filename, common.HumanSize(d.L, f.Bytesize), d.Time(f.CreatedAt), OCRStatus(d.L, f.OCRStatus)}
		},
		Sorts: []common.Sort[apiclient.InboxFile]{
			common.ByText("file", func(f *apiclient.InboxFile) string { return f.Filename }),
			common.ByInt("size", func(f *apiclient.InboxFile) int64 { return f.Bytesize }),
			common.ByTime("added", func(f *apiclient.InboxFile) time.Time { return f.CreatedAt.Time }),
		},
		ID:    func(f apiclient.InboxFile) int64 { return f.ID },
		Kind:  nav.InboxFile,
		Local: store.InboxFiles,
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.InboxFile, error) {
			rows, _, err := c.InboxFiles.List(ctx, apiclient.ListOptions{Page: q.Page})
			return rows, err
		},
		Empty:     "The inbox is empty. Press n to upload a scanned receipt or invoice, with or without OCR.",
		Open:      func(f apiclient.InboxFile) ui.PageID { return nav.Record(nav.InboxFile, f.ID) },
		CopyValue: func(f apiclient.InboxFile) (string, string) { return f.Filename, locale.Key("file name") },
		CopyLabel: "copy file name",
		Actions: []common.ListAction[apiclient.InboxFile]{
			{Key: ocrKey(), Run: func(f apiclient.InboxFile) tea.Cmd { return sendToOCR(d, f) }},
			{Key: d.Keys.Delete, Run: func(f apiclient.InboxFile) tea.Cmd { return confirmDelete(d, f, false) }},
			{Key: expenseKey(), Run: func(f apiclient.InboxFile) tea.Cmd { return ui.Emit(ui.Open{ID: editor.ExpenseFromInboxPage(f.ID)}) }},
			// On the list D downloads at once to the folder used last (the
			// file's page asks for the folder).
			{Key: listDownloadKey(), Run: func(f apiclient.InboxFile) tea.Cmd { return download(d, f, d.Folders.Last()) }},
		},
	})
	if err != nil {
		return nil, err
	}
	nk := d.Keys.New
	nk.SetHelp(nk.Help().Key, d.L.T("upload file"))
	return &List{d: d, id: id, list: l, wait: pollWait{every: o.PollEvery}, newKey: nk}, nil
}

// ID is the page's id.
func (p *List) ID() ui.PageID { return p.id }

// Page is the list underneath (rows, cursor).
func (p *List) Page() *common.ListPage[apiclient.InboxFile] { return p.list }

// Selected is the file under the cursor.
func (p *List) Selected() (apiclient.InboxFile, bool) { return p.list.Selected() }

// Polling reports whether a status tick or fetch is under way.
func (p *List) Polling() bool { return p.polling && p.pendingRows() }

// Uploading reports whether the upload form is open.
func (p *List) Uploading() bool { return p.upload != nil }

// Init loads the first page.
func (p *List) Init() tea.Cmd { return p.list.Init() }

// Title is the breadcrumb title.
func (p *List) Title() string {
	if p.upload != nil {
		return p.d.L.T("Inbox · upload")
	}
	return p.list.Title()
}

// Loading drives the spinner; polling does not spin it.
func (p *List) Loading() bool { return p.list.Loading() }

// CatchingUp says the list's sync runs behind rows from the local copy.
func (p *List) CatchingUp() bool { return p.list.CatchingUp() }

// Capturing is true while the upload form, the search or the filter has focus.
func (p *List) Capturing() bool { return p.upload != nil || p.list.Capturing() }

// KeyMap is the keys the page handles now.
func (p *List) KeyMap() help.KeyMap {
	switch {
	case p.upload != nil:
		return p.upload.keys
	case p.list.Capturing():
		return p.list.KeyMap()
	}
	return withKeys{inner: p.list.KeyMap(), extra: []key.Binding{p.newKey}}
}

// withKeys adds the page's own bindings to the list's key map.
type withKeys struct {
	inner help.KeyMap
	extra []key.Binding
}

// ShortHelp implements help.KeyMap.
func (k withKeys) ShortHelp() []key.Binding { return append(k.inner.ShortHelp(), k.extra...) }

// FullHelp implements help.KeyMap.
func (k withKeys) FullHelp() [][]key.Binding { return append(k.inner.FullHelp(), k.extra) }

// SetSize gives the page its body size.
func (p *List) SetSize(w, h int) {
	p.width, p.height = w, h
	p.list.SetSize(w, h)
	if p.upload != nil {
		p.upload.setHeight(h)
	}
}

// Update handles the upload form, the poll and everything of the list;
// after each message it starts a poll tick if a file became pending.
func (p *List) Update(msg tea.Msg) tea.Cmd {
	cmd := p.update(msg)
	return tea.Batch(cmd, p.maybePoll())
}

func (p *List) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case PollMsg:
		return p.poll()
	case common.Result[polled]:
		if msg.Req != p.want {
			return nil
		}
		p.want, p.polling = 0, false
		if msg.Err == nil {
			p.wait.observe(msg.Value)
			for _, f := range msg.Value {
				p.list.Table().UpdateRow(f)
			}
		}
		return nil
	case common.FilePickerMsg:
		if p.upload == nil {
			return nil
		}
		// A typed path is looked up in a Cmd: its answer may choose a file.
		return p.uploadPicked(p.upload.update(msg))
	case tea.KeyMsg:
		if p.upload != nil {
			return p.uploadKey(msg)
		}
		if !p.list.Capturing() && key.Matches(msg, p.newKey) {
			p.upload = newUploadForm(p.d, p.id)
			p.upload.setHeight(p.height)
			return p.upload.picker.Init()
		}
	case tea.MouseMsg:
		if p.upload != nil {
			return nil
		}
	}
	return p.list.Update(msg)
}

func (p *List) uploadKey(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, p.upload.keys.Cancel) && !p.upload.picker.Typing() {
		p.upload = nil
		return nil
	}
	return p.uploadPicked(p.upload.update(msg))
}

// uploadPicked takes the picker's answer: a path chosen is uploaded.
func (p *List) uploadPicked(path string, cmd tea.Cmd) tea.Cmd {
	if path != "" {
		ocr := p.upload.ocr
		p.upload = nil
		return tea.Batch(ui.Emit(ui.Toast{Text: p.d.L.Tf("Uploading %s…", path), Kind: ui.ToastInfo}), upload(p.d, path, ocr))
	}
	return cmd
}

// pendingRows reports whether a listed file is waiting for OCR.
func (p *List) pendingRows() bool {
	for _, f := range p.list.Table().Rows() {
		if pending(f) {
			return true
		}
	}
	return false
}

// maybePoll schedules the next tick when a file is pending and no tick or
// fetch is under way.
func (p *List) maybePoll() tea.Cmd {
	if p.polling || !p.pendingRows() {
		return nil
	}
	p.polling = true
	page := p.id
	return tea.Tick(p.wait.next(), func(time.Time) tea.Msg { return PollMsg{Page: page} })
}

// poll fetches the first page, or ends the chain when nothing is pending.
func (p *List) poll() tea.Cmd {
	if p.want != 0 {
		return nil // a fetch is in flight; its answer schedules the next tick
	}
	if !p.pendingRows() {
		p.polling = false
		return nil
	}
	p.req++
	p.want = p.req
	return common.Call(p.d, p.id, p.req, func(ctx context.Context, c *apiclient.Client) (polled, error) {
		rows, _, err := c.InboxFiles.List(ctx, apiclient.ListOptions{Page: 1})
		return rows, err
	})
}

// View draws the upload form or the list.
func (p *List) View() string {
	if p.upload != nil {
		return p.upload.view(p.d.Styles)
	}
	return p.list.View()
}
