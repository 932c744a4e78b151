package inbox

import (
	"strings"

	"github.com/charmbracelet/bubbles/filepicker"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// uploadKeys are the keys of the upload form beyond the picker's own.
type uploadKeys struct {
	Up, Down, Open, Parent, ToggleOCR, Cancel key.Binding
}

func newUploadKeys() uploadKeys {
	return uploadKeys{
		Up:        key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("↑/k", "up")),
		Down:      key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("↓/j", "down")),
		Open:      key.NewBinding(key.WithKeys("enter", "l", "right"), key.WithHelp("enter", "open folder / upload file")),
		Parent:    key.NewBinding(key.WithKeys("h", "left", "backspace"), key.WithHelp("h/←", "parent folder")),
		ToggleOCR: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "toggle OCR")),
		Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp implements help.KeyMap.
func (k uploadKeys) ShortHelp() []key.Binding { return []key.Binding{k.Open, k.ToggleOCR, k.Cancel} }

// FullHelp implements help.KeyMap.
func (k uploadKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Open, k.Parent}, {k.ToggleOCR, k.Cancel}}
}

// uploadForm picks a file with bubbles' file picker and says whether it
// goes to OCR.
type uploadForm struct {
	picker filepicker.Model
	ocr    bool
	keys   uploadKeys
}

func newUploadForm(dir string, st ui.Styles) *uploadForm {
	fp := filepicker.New()
	fp.CurrentDirectory = dir
	fp.AutoHeight = false
	fp.ShowPermissions = false
	fp.Cursor = "▸"
	if st.NoColor {
		fp.Styles = plainPickerStyles()
	}
	// esc belongs to the form (cancel), not to the picker's "back".
	fp.KeyMap.Back = key.NewBinding(key.WithKeys("h", "left", "backspace"))
	return &uploadForm{picker: fp, keys: newUploadKeys()}
}

func plainPickerStyles() filepicker.Styles {
	p := lipgloss.NewStyle()
	return filepicker.Styles{DisabledCursor: p, Cursor: p, Symlink: p, Directory: p, File: p, DisabledFile: p,
		Permission: p, Selected: p, DisabledSelected: p, FileSize: p.Width(7).Align(lipgloss.Right),
		EmptyDirectory: p.PaddingLeft(2).SetString("No files here.")}
}

// setHeight leaves room for the title, the OCR line and the hint.
func (f *uploadForm) setHeight(h int) { f.picker.SetHeight(max(3, h-6)) }

// view draws the form.
func (f *uploadForm) view(st ui.Styles) string {
	ocr := "[ ] send to OCR"
	if f.ocr {
		ocr = "[x] send to OCR"
	}
	var b strings.Builder
	b.WriteString(st.Title.Render("Upload a file to the inbox") + "\n")
	b.WriteString(st.Muted.Render("Folder: ") + f.picker.CurrentDirectory + "\n")
	b.WriteString(ocr + st.Muted.Render("  (tab toggles)") + "\n\n")
	b.WriteString(strings.TrimRight(f.picker.View(), "\n") + "\n")
	b.WriteString(st.Muted.Render("enter open folder / upload file · h parent folder · tab OCR · esc cancel"))
	return b.String()
}

// pickerMsg carries a picker's message (a folder read) back to the page.
type pickerMsg struct {
	Page ui.PageID
	Msg  tea.Msg
}

// Target implements ui.Routed.
func (m pickerMsg) Target() ui.PageID { return m.Page }

func routePicker(page ui.PageID, cmd tea.Cmd) tea.Cmd {
	return common.Wrap(cmd, func(msg tea.Msg) tea.Msg { return pickerMsg{Page: page, Msg: msg} })
}
