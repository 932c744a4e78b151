package inbox

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// uploadKeys are the keys of the upload form: the file picker's and the
// OCR toggle.
type uploadKeys struct {
	common.FilePickerKeys
	ToggleOCR key.Binding
}

func newUploadKeys(pk common.FilePickerKeys) uploadKeys {
	pk.Open.SetHelp("enter", locale.Key("open folder / upload file"))
	return uploadKeys{FilePickerKeys: pk,
		ToggleOCR: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "toggle OCR"))}
}

// ShortHelp implements help.KeyMap.
func (k uploadKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Type, k.ToggleOCR, k.Cancel}
}

// FullHelp implements help.KeyMap.
func (k uploadKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Open, k.Parent, k.Type}, {k.ToggleOCR, k.Cancel}}
}

// uploadForm picks a document or an image (the types the inbox takes) and
// says whether it goes to OCR.
type uploadForm struct {
	picker *common.FilePicker
	ocr    bool
	keys   uploadKeys
	l      locale.Locale
}

func newUploadForm(d *common.Deps, page ui.PageID) *uploadForm {
	fp := common.NewFilePicker(d, page, common.DocumentTypes)
	return &uploadForm{picker: fp, keys: newUploadKeys(fp.Keys), l: d.L}
}

// setHeight leaves room for the title, the OCR line, the folder and a
// problem line.
func (f *uploadForm) setHeight(h int) { f.picker.SetHeight(h - 5) }

// update handles a key or the picker's message; path is the file chosen.
func (f *uploadForm) update(msg tea.Msg) (path string, cmd tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && !f.picker.Typing() && key.Matches(k, f.keys.ToggleOCR) {
		f.ocr = !f.ocr
		return "", nil
	}
	return f.picker.Update(msg)
}

// view draws the form.
func (f *uploadForm) view(st ui.Styles) string {
	l := f.l
	ocr := "[ ] " + l.T("send to OCR")
	if f.ocr {
		ocr = "[x] " + l.T("send to OCR")
	}
	var b strings.Builder
	b.WriteString(st.Title.Render(l.T("Upload a file to the inbox")) + "\n")
	b.WriteString(ocr + st.Muted.Render("  "+l.T("(tab toggles)")) + "\n")
	b.WriteString(f.picker.View())
	return b.String()
}
