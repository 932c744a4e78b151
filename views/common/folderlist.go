package common

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"

	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/filepicker"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// folderList is the file picker's listing of one folder. Unlike bubbles'
// picker, whose View stats every file it draws (a file deleted since the
// folder was read made it dereference a nil FileInfo and panic), it reads
// a folder and every entry's details in one Cmd and draws only what that
// read found: files may come and go underneath without harm, and View does
// no I/O.
type folderList struct {
	dir        string
	entries    []folderEntry
	cursor     int
	top        int // first entry shown
	height     int
	seq        int    // numbers reads; an older read's answer is dropped
	focus      string // a name to put the cursor on when the read arrives
	allowed    []string
	styles     filepicker.Styles
	cursorMark string
	keys       folderKeys
	// size writes a file's size in the user's language (HumanSize:
	// "4.1 kB", "4,1 kB"), at most sizeWidth cells.
	size func(int64) string
}

// sizeWidth is the size column: HumanSize's longest, "999,9 kB".
const sizeWidth = 8

// folderEntry is what one read of a folder found about an entry.
type folderEntry struct {
	name string
	dir  bool   // a folder, or a link to one
	size int64  // of the file (or the link's target)
	link string // where a symbolic link points; "" for others
}

// folderRead is the answer of readFolder.
type folderRead struct {
	seq     int
	dir     string
	entries []folderEntry
	err     error
}

type folderKeys struct {
	up, down, top, last, pageUp, pageDown, parent, open key.Binding
}

func newFolderKeys() folderKeys {
	return folderKeys{
		up:       key.NewBinding(key.WithKeys("k", "up", "ctrl+p")),
		down:     key.NewBinding(key.WithKeys("j", "down", "ctrl+n")),
		top:      key.NewBinding(key.WithKeys("g")),
		last:     key.NewBinding(key.WithKeys("G")),
		pageUp:   key.NewBinding(key.WithKeys("K", "pgup")),
		pageDown: key.NewBinding(key.WithKeys("J", "pgdown")),
		parent:   key.NewBinding(key.WithKeys("h", "left", "backspace")),
		open:     key.NewBinding(key.WithKeys("l", "right", "enter")),
	}
}

// read starts reading dir; the listing changes only when the answer comes.
// focus, when not "", is the entry to put the cursor on.
func (l *folderList) read(dir, focus string) tea.Cmd {
	l.seq++
	l.focus = focus
	seq := l.seq
	return func() tea.Msg { return readFolder(seq, dir) }
}

// matching are the entries whose names contain part ignoring case and
// diacritics (locale.MatchFold, the pickers' one match): a name typed as
// "ucetni" finds "účetní.pdf".
func (l *folderList) matching(part string) []folderEntry {
	var out []folderEntry
	for _, e := range l.entries {
		if locale.MatchFold(part, e.name) {
			out = append(out, e)
		}
	}
	return out
}

// point puts the cursor on the entry named name.
func (l *folderList) point(name string) {
	if i := slices.IndexFunc(l.entries, func(e folderEntry) bool { return e.name == name }); i >= 0 {
		l.cursor = i
		l.scroll()
	}
}

// readNearest reads dir, or when it does not exist the nearest folder
// above it that does.
func (l *folderList) readNearest(dir string) tea.Cmd {
	l.seq++
	l.focus = ""
	seq := l.seq
	return func() tea.Msg { return readFolder(seq, existingFolder(dir)) }
}

// existingFolder is dir, or the nearest folder above it that exists.
func existingFolder(dir string) string {
	for {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return dir
		}
		dir = up
	}
}

// readFolder lists dir: folders first, then files, each by name; hidden
// entries are left out, and so is an entry gone or unreadable by the time
// its details are read.
func readFolder(seq int, dir string) folderRead {
	des, err := os.ReadDir(dir)
	if err != nil {
		return folderRead{seq: seq, dir: dir, err: err}
	}
	entries := make([]folderEntry, 0, len(des))
	for _, de := range des {
		if strings.HasPrefix(de.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, de.Name())
		fi, err := os.Stat(p) // follows a link: a link to a folder opens it
		if err != nil {
			continue
		}
		e := folderEntry{name: de.Name(), dir: fi.IsDir(), size: fi.Size()}
		if de.Type()&os.ModeSymlink != 0 {
			e.link, _ = os.Readlink(p)
		}
		entries = append(entries, e)
	}
	slices.SortFunc(entries, func(a, b folderEntry) int {
		if a.dir != b.dir {
			if a.dir {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.name, b.name)
	})
	return folderRead{seq: seq, dir: dir, entries: entries}
}

// loaded takes a read's answer; a failed read leaves the listing as it was
// and returns the error.
func (l *folderList) loaded(r folderRead) error {
	if r.seq != l.seq {
		return nil
	}
	if r.err != nil {
		return r.err
	}
	l.dir, l.entries, l.cursor, l.top = r.dir, r.entries, 0, 0
	if i := slices.IndexFunc(l.entries, func(e folderEntry) bool { return e.name == l.focus }); i >= 0 {
		l.cursor = i
	}
	l.focus = ""
	l.scroll()
	return nil
}

// key moves the cursor or opens; chosen is the file picked with enter, and
// cmd reads a folder opened (or the parent).
func (l *folderList) key(msg tea.KeyMsg) (chosen string, cmd tea.Cmd) {
	n := len(l.entries)
	switch {
	case key.Matches(msg, l.keys.up):
		l.cursor--
	case key.Matches(msg, l.keys.down):
		l.cursor++
	case key.Matches(msg, l.keys.top):
		l.cursor = 0
	case key.Matches(msg, l.keys.last):
		l.cursor = n - 1
	case key.Matches(msg, l.keys.pageUp):
		l.cursor -= l.height
	case key.Matches(msg, l.keys.pageDown):
		l.cursor += l.height
	case key.Matches(msg, l.keys.parent):
		return "", l.read(filepath.Dir(l.dir), filepath.Base(l.dir))
	case key.Matches(msg, l.keys.open) && l.cursor < n:
		e := l.entries[l.cursor]
		p := filepath.Join(l.dir, e.name)
		if e.dir {
			return "", l.read(p, "")
		}
		if msg.String() == "enter" {
			return p, nil
		}
	}
	l.scroll()
	return "", nil
}

// scroll keeps the cursor on an entry and in view.
func (l *folderList) scroll() {
	l.cursor = max(0, min(l.cursor, len(l.entries)-1))
	h := max(1, l.height)
	if l.cursor < l.top {
		l.top = l.cursor
	}
	if l.cursor >= l.top+h {
		l.top = l.cursor - h + 1
	}
	l.top = max(0, min(l.top, len(l.entries)-h))
}

// takes reports whether name is of a type that may be chosen.
func (l *folderList) takes(name string) bool {
	return len(l.allowed) == 0 || slices.Contains(l.allowed, strings.ToLower(filepath.Ext(name)))
}

// view draws the entries in view, as bubbles' picker draws them: the
// cursor, the size, the name (and a link's target).
func (l *folderList) view() string {
	st := l.styles
	if len(l.entries) == 0 {
		return st.EmptyDirectory.String()
	}
	var b strings.Builder
	end := min(len(l.entries), l.top+max(1, l.height))
	for i := l.top; i < end; i++ {
		e := l.entries[i]
		size := l.size(max(e.size, 0))
		name := textclean.Line(e.name) // a file's name is other people's text
		if e.link != "" {
			name += " → " + textclean.Line(e.link)
		}
		disabled := !e.dir && !l.takes(e.name)
		if i == l.cursor {
			row := fmt.Sprintf("%"+fmt.Sprint(st.FileSize.GetWidth())+"s", size) + " " + name
			if disabled {
				b.WriteString(st.DisabledSelected.Render(l.cursorMark) + st.DisabledSelected.Render(row) + "\n")
			} else {
				b.WriteString(st.Cursor.Render(l.cursorMark) + st.Selected.Render(row) + "\n")
			}
			continue
		}
		style := st.File
		switch {
		case e.dir:
			style = st.Directory
		case e.link != "":
			style = st.Symlink
		case disabled:
			style = st.DisabledFile
		}
		b.WriteString(st.Cursor.Render(" ") + st.FileSize.Render(size) + " " + style.Render(name) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
