package common

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/filepicker"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/ui"
)

// Folders remembers, for the session, the folder a file was last picked
// from or saved to, so the next pick or download starts there and not at
// the home folder again. Deps carries one; it is safe from Cmds.
type Folders struct {
	mu    sync.Mutex
	last  string
	start string
}

// NewFolders starts at start (the downloads folder).
func NewFolders(start string) *Folders { return &Folders{start: start} }

// Last is the folder to offer.
func (f *Folders) Last() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.last != "" {
		return f.last
	}
	return f.start
}

// Remember keeps dir as the folder to offer next.
func (f *Folders) Remember(dir string) {
	if dir == "" {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.last = dir
}

// Document and image types the service takes as inbox files and
// attachments: what its web application offers to upload.
var DocumentTypes = []string{".pdf", ".isdoc", ".isdocx", ".xml", ".jpg", ".jpeg", ".png", ".gif", ".tif", ".tiff", ".heic", ".webp"}

// FilePickerKeys are the keys of a FilePicker beyond the browsing ones.
type FilePickerKeys struct {
	Up, Down, Open, Parent, Type, Cancel key.Binding
}

func newFilePickerKeys() FilePickerKeys {
	return FilePickerKeys{
		Up:     key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("↓/j", "down")),
		Open:   key.NewBinding(key.WithKeys("enter", "l", "right"), key.WithHelp("enter", "open folder / choose file")),
		Parent: key.NewBinding(key.WithKeys("h", "left", "backspace"), key.WithHelp("h/←", "parent folder")),
		Type:   key.NewBinding(key.WithKeys("/", "~", "."), key.WithHelp("/", "type a path")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// FilePicker chooses a local file: browse folders (folderList, drawn as
// bubbles' picker draws), or type a path (/ starts typing; ~ is the home
// folder). Only the allowed types can be chosen, and the folder is
// remembered in Deps.Folders.
type FilePicker struct {
	d       *Deps
	page    ui.PageID
	list    folderList
	input   textinput.Model
	typing  bool
	allowed []string
	problem string
	Keys    FilePickerKeys
}

// FilePickerMsg carries the picker's own messages (a folder read) back to
// the page that shows it.
type FilePickerMsg struct {
	Page ui.PageID
	Msg  tea.Msg
}

// Target implements ui.Routed.
func (m FilePickerMsg) Target() ui.PageID { return m.Page }

// NewFilePicker starts in the folder last used; allowed are extensions
// (".pdf"), nil for any file. Init reads the folder.
func NewFilePicker(d *Deps, page ui.PageID, allowed []string) *FilePicker {
	styles := filepicker.DefaultStyles()
	styles.EmptyDirectory = styles.EmptyDirectory.SetString(emptyFolderText(d.L, allowed))
	if d.Styles.NoColor {
		styles = plainPickerStyles(d.L, allowed)
	}
	// esc belongs to the page (cancel), not to the listing's "back".
	styles.FileSize = styles.FileSize.Width(sizeWidth)
	list := folderList{dir: d.Folders.Last(), allowed: allowed, styles: styles, cursorMark: "▸", keys: newFolderKeys(),
		size: func(n int64) string { return HumanSize(d.L, n) }}
	in := textinput.New()
	in.Prompt = d.L.T("Path") + ": "
	in.CharLimit = 4096
	in.Cursor.SetMode(cursor.CursorStatic) // no blink ticks: the frame changes only on keys
	return &FilePicker{d: d, page: page, list: list, input: in, allowed: allowed, Keys: newFilePickerKeys()}
}

func emptyFolderText(l locale.Locale, allowed []string) string {
	if len(allowed) == 0 {
		return l.T("No files here.")
	}
	return l.Tf("No files of these types here: %s", strings.Join(allowed, " "))
}

func plainPickerStyles(l locale.Locale, allowed []string) filepicker.Styles {
	p := lipgloss.NewStyle()
	return filepicker.Styles{DisabledCursor: p, Cursor: p, Symlink: p, Directory: p, File: p, DisabledFile: p,
		Permission: p, Selected: p, DisabledSelected: p, FileSize: p.Width(sizeWidth).Align(lipgloss.Right),
		EmptyDirectory: p.PaddingLeft(2).SetString(emptyFolderText(l, allowed))}
}

// Init reads the folder shown (again: a file may have come or gone). The
// folder may not exist yet (the download folder is made by the first
// download): the nearest folder above it that does is shown then.
func (f *FilePicker) Init() tea.Cmd { return f.route(f.list.readNearest(f.list.dir)) }

// SetHeight gives the folder listing h lines.
func (f *FilePicker) SetHeight(h int) {
	f.list.height = max(3, h)
	f.list.scroll()
}

// Dir is the folder shown.
func (f *FilePicker) Dir() string { return f.list.dir }

// Typing reports whether a path is being typed.
func (f *FilePicker) Typing() bool { return f.typing }

func (f *FilePicker) route(cmd tea.Cmd) tea.Cmd {
	page := f.page
	return Wrap(cmd, func(msg tea.Msg) tea.Msg { return FilePickerMsg{Page: page, Msg: msg} })
}

// Update takes a key or a FilePickerMsg; path is the file chosen, "" while
// none is. esc is the page's (it is not handled here) unless a path is
// being typed, which it abandons.
func (f *FilePicker) Update(msg tea.Msg) (path string, cmd tea.Cmd) {
	switch msg := msg.(type) {
	case FilePickerMsg:
		if t, ok := msg.Msg.(typedPath); ok {
			return f.chosen(t)
		}
		if r, ok := msg.Msg.(folderRead); ok {
			if err := f.list.loaded(r); err != nil {
				f.problem = f.d.L.Tf("Could not read the folder %s: %v", r.dir, err)
			} else if r.seq == f.list.seq {
				f.problem = ""
			}
		}
		return "", nil
	case tea.KeyMsg:
		if f.typing {
			return f.typedKey(msg)
		}
		if key.Matches(msg, f.Keys.Type) {
			f.typing, f.problem = true, ""
			start := f.list.dir + string(filepath.Separator)
			if msg.String() == "~" {
				start = "~" + string(filepath.Separator)
			}
			f.input.SetValue(start)
			f.input.CursorEnd()
			return "", f.input.Focus()
		}
		p, c := f.list.key(msg)
		switch {
		case p == "":
			return "", f.route(c)
		case !f.list.takes(p):
			f.problem = f.d.L.Tf("%s cannot be chosen: the service takes %s", filepath.Base(p), strings.Join(f.allowed, " "))
			return "", nil
		}
		f.problem = ""
		f.d.Folders.Remember(filepath.Dir(p))
		return p, nil
	}
	return "", nil
}

// typedKey edits the typed path; enter opens a folder or chooses a file.
func (f *FilePicker) typedKey(msg tea.KeyMsg) (string, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEsc:
		f.typing = false
		f.input.Blur()
		return "", nil
	case tea.KeyEnter:
		return f.openTyped()
	}
	var c tea.Cmd
	f.input, c = f.input.Update(ui.CleanTyped(msg, false)) // typed or pasted: text, never control
	return "", c
}

// typedPath is what the typed path names, read in a Cmd (no I/O in Update).
type typedPath struct {
	path string
	dir  bool
	err  error
}

// typed is the path typed, as it is looked up.
func (f *FilePicker) typed() string {
	return filepath.Clean(ExpandHome(strings.TrimSpace(f.input.Value())))
}

// openTyped looks the typed path up; chosen takes the answer.
func (f *FilePicker) openTyped() (string, tea.Cmd) {
	p := f.typed()
	return "", f.route(func() tea.Msg {
		fi, err := os.Stat(p)
		return typedPath{path: p, dir: err == nil && fi.IsDir(), err: err}
	})
}

// chosen opens the folder or chooses the file the typed path names.
func (f *FilePicker) chosen(t typedPath) (string, tea.Cmd) {
	if !f.typing || t.path != f.typed() {
		return "", nil // typed on since, or abandoned
	}
	p, err := t.path, t.err
	if err != nil && filepath.Dir(p) == filepath.Clean(f.list.dir) {
		// Not there as typed: a name of the folder shown that contains it,
		// ignoring case and diacritics.
		return f.openMatching(filepath.Base(p))
	}
	switch {
	case err != nil:
		f.problem = f.d.L.Tf("No such file or folder: %s", p)
		return "", nil
	case t.dir:
		f.typing, f.problem = false, ""
		f.input.Blur()
		return "", f.route(f.list.read(p, ""))
	case len(f.allowed) > 0 && !slices.Contains(f.allowed, strings.ToLower(filepath.Ext(p))):
		f.problem = f.d.L.Tf("%s cannot be chosen: the service takes %s", filepath.Base(p), strings.Join(f.allowed, " "))
		return "", nil
	}
	f.typing, f.problem = false, ""
	f.input.Blur()
	f.d.Folders.Remember(filepath.Dir(p))
	return p, nil
}

// openMatching opens or chooses the one entry of the folder shown whose
// name contains part ignoring case and diacritics; with several, the
// cursor goes to the first and the user chooses.
func (f *FilePicker) openMatching(part string) (string, tea.Cmd) {
	found := f.list.matching(part)
	switch len(found) {
	case 0:
		f.problem = f.d.L.Tf("No such file or folder: %s", filepath.Join(f.list.dir, part))
		return "", nil
	case 1:
		p := filepath.Join(f.list.dir, found[0].name)
		f.input.SetValue(p)
		if found[0].dir {
			f.typing, f.problem = false, ""
			f.input.Blur()
			return "", f.route(f.list.read(p, ""))
		}
		if !f.list.takes(p) {
			f.problem = f.d.L.Tf("%s cannot be chosen: the service takes %s", found[0].name, strings.Join(f.allowed, " "))
			return "", nil
		}
		f.typing, f.problem = false, ""
		f.input.Blur()
		f.d.Folders.Remember(f.list.dir)
		return p, nil
	}
	f.typing = false
	f.input.Blur()
	f.list.point(found[0].name)
	f.problem = f.d.L.Nf(len(found), "%d name contains “%s”: choose one in the list|%d names contain “%s”: choose one in the list", len(found), part)
	return "", nil
}

// View draws the folder, the listing (or the typed path) and any problem.
func (f *FilePicker) View() string {
	st := f.d.Styles
	var b strings.Builder
	// Folder and file names are anyone's text (the listing cleans its own).
	b.WriteString(st.Muted.Render(f.d.L.T("Folder")+": ") + textclean.Line(f.list.dir) + "\n")
	if f.typing {
		b.WriteString(f.input.View() + "\n")
		b.WriteString(st.Muted.Render(f.d.L.T("enter open the folder or choose the file · esc back to the list")) + "\n")
	} else {
		b.WriteString(f.list.view() + "\n")
	}
	if f.problem != "" {
		b.WriteString(st.Error.Render(textclean.Line(f.problem)) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
