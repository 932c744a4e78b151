package editor

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// file is an attachment waiting to be sent with the expense: a local file,
// or an inbox file (downloaded through the API when the expense is sent).
type file struct {
	Path    string `json:"path,omitempty"`
	InboxID int64  `json:"inbox_id,omitempty"`
	Name    string `json:"name"`
	Size    int64  `json:"size,omitempty"`
	Type    string `json:"type,omitempty"`
}

func encodeFiles(fs []file) string {
	if len(fs) == 0 {
		return ""
	}
	b, _ := json.Marshal(fs) // strings and numbers always encode
	return string(b)
}

func decodeFiles(v string) []file {
	var fs []file
	if strings.TrimSpace(v) != "" {
		_ = json.Unmarshal([]byte(v), &fs) // a value of ours; junk reads as none
	}
	return fs
}

// fileInfo is the size and type of a picked file, read in a Cmd.
type fileInfo struct {
	page ui.PageID
	f    file
	err  error
}

func (m fileInfo) Target() ui.PageID { return m.page }

// attachments is the expense's files to attach (form.Widget): a attaches a
// file through the file picker, x removes the selected one.
type attachments struct {
	d      *common.Deps
	page   ui.PageID
	files  []file
	cursor int
	picker *common.FilePicker
	fault  string
}

func newAttachments(d *common.Deps, page ui.PageID) *attachments {
	return &attachments{d: d, page: page}
}

func (a *attachments) Value() string         { return encodeFiles(a.files) }
func (a *attachments) SetValue(v string)     { a.files = decodeFiles(v) }
func (a *attachments) selected() (int, bool) { return a.cursor, a.cursor < len(a.files) }

func (a *attachments) Update(msg tea.Msg, focused bool) (bool, tea.Cmd) {
	switch msg := msg.(type) {
	case common.FilePickerMsg:
		if a.picker != nil {
			// A typed path is looked up in a Cmd: its answer may choose a file.
			_, cmd := a.picked(a.picker.Update(msg))
			return false, cmd
		}
	case fileInfo:
		if msg.page == a.page {
			a.fault = ""
			if msg.err != nil {
				a.fault = msg.err.Error()
			} else {
				a.files = append(a.files, msg.f)
				a.cursor = len(a.files) - 1
			}
		}
	case tea.KeyMsg:
		if focused {
			return a.key(msg)
		}
	}
	return false, nil
}

// picked takes the picker's answer: a path chosen closes it and is read.
func (a *attachments) picked(path string, cmd tea.Cmd) (bool, tea.Cmd) {
	if path != "" {
		a.picker = nil
		return true, a.stat(path)
	}
	return true, cmd
}

func (a *attachments) key(msg tea.KeyMsg) (bool, tea.Cmd) {
	if a.picker != nil {
		if msg.String() == "esc" && !a.picker.Typing() {
			a.picker = nil
			return true, nil
		}
		return a.picked(a.picker.Update(msg))
	}
	switch msg.String() {
	case "a", "enter":
		a.picker = common.NewFilePicker(a.d, a.page, common.DocumentTypes)
		a.picker.SetHeight(8)
		return true, a.picker.Init()
	case "x", "delete":
		if i, ok := a.selected(); ok {
			a.files = append(a.files[:i], a.files[i+1:]...)
			a.cursor = max(0, min(a.cursor, len(a.files)-1))
		}
		return true, nil
	case "up":
		a.cursor = max(0, a.cursor-1)
		return true, nil
	case "down":
		a.cursor = min(max(0, len(a.files)-1), a.cursor+1)
		return true, nil
	}
	return false, nil
}

// stat reads a picked file's size and type in a Cmd.
func (a *attachments) stat(path string) tea.Cmd {
	page := a.page
	return func() tea.Msg {
		fi, err := os.Stat(path)
		if err != nil {
			return fileInfo{page: page, err: fmt.Errorf("cannot attach %s: %w", filepath.Base(path), err)}
		}
		t := mime.TypeByExtension(strings.ToLower(filepath.Ext(path)))
		return fileInfo{page: page, f: file{Path: path, Name: filepath.Base(path), Size: fi.Size(), Type: t}}
	}
}

func (a *attachments) View(width int, focused bool) []string {
	st := a.d.Styles
	var out []string
	if len(a.files) == 0 {
		out = append(out, st.Muted.Render(a.d.L.T("none")))
	}
	for i, f := range a.files {
		mark := "  "
		if focused && i == a.cursor {
			mark = "▸ "
		}
		out = append(out, mark+describeFile(a.d.L, f))
	}
	if focused && a.picker == nil {
		out = append(out, st.Muted.Render(a.d.L.T("a attach a file · x remove the selected one")))
	}
	if a.fault != "" {
		out = append(out, st.Error.Render(a.fault))
	}
	if a.picker != nil {
		out = append(out, strings.Split(a.picker.View(), "\n")...)
		if !a.picker.Typing() {
			// The path entry is the inbox picker's too: said here, as the
			// form's help does not list the picker's keys.
			out = append(out, st.Muted.Render(a.d.L.T("/ type a path · enter open the folder or choose the file · esc close the list")))
		}
	}
	return out
}

func describeFile(l locale.Locale, f file) string {
	parts := []string{f.Name}
	if f.Size > 0 {
		parts = append(parts, common.HumanSize(l, f.Size))
	}
	if f.Type != "" {
		parts = append(parts, f.Type)
	}
	if f.InboxID != 0 {
		parts = append(parts, l.T("from the inbox"))
	}
	return strings.Join(parts, " · ")
}

// attachmentParams reads the files (in the submit's Cmd) as Data URIs.
func attachmentParams(ctx context.Context, c *apiclient.Client, v string) ([]apiclient.AttachmentParams, error) {
	var out []apiclient.AttachmentParams
	for _, f := range decodeFiles(v) {
		name := f.Name
		if f.InboxID != 0 {
			dl, _, err := c.InboxFiles.Download(ctx, f.InboxID)
			if err != nil {
				return nil, fmt.Errorf("download inbox file %s: %w", f.Name, err)
			}
			out = append(out, apiclient.AttachmentParams{Filename: &name, DataURL: apiclient.DataURI(dl.ContentType, dl.Data)})
			continue
		}
		uri, _, err := apiclient.FileDataURI(f.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, apiclient.AttachmentParams{Filename: &name, DataURL: uri})
	}
	return out, nil
}

// inboxFile finds an inbox file (the API lists them; there is no read of
// one).
func inboxFile(ctx context.Context, c *apiclient.Client, l locale.Locale, id int64) (*apiclient.InboxFile, error) {
	for f, err := range c.InboxFiles.ListAll(ctx, apiclient.ListOptions{}) {
		if err != nil {
			return nil, fmt.Errorf("read inbox file %d: %w", id, err)
		}
		if f.ID == id {
			return &f, nil
		}
	}
	return nil, common.Sentence(l.Tf("Inbox file %d is not in the inbox (it may have been deleted)", id))
}

// offerInboxDelete asks, once the expense holds the file, whether the
// inbox file can go.
func offerInboxDelete(d *common.Deps, id int64) ui.Confirm {
	del := common.Act(d, common.Action[struct{}]{
		What: d.L.T("delete the inbox file"),
		Do: common.NoAnswer(func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.InboxFiles.Delete(ctx, id)
		}),
		Done: func(struct{}) []tea.Msg {
			return []tea.Msg{ui.Changed{Kind: nav.InboxFile, ID: id, Op: ui.ChangeDeleted},
				ui.Toast{Text: d.L.T("The inbox file was deleted"), Kind: ui.ToastSuccess}}
		},
	})
	return ui.Confirm{Question: d.L.T("The expense now holds the file. Delete it from the inbox?"), Yes: del}
}
