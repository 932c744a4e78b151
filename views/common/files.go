package common

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/adrg/xdg"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/atomicfile"
	"github.com/kasa-tui/kasa/ui"
)

// maxNameTries bounds the " (n)" suffixes SaveFile tries.
const maxNameTries = 1000

// Limits of a saved file's name: 200 bytes leave room for a " (999)"
// suffix under the 255 bytes file systems take; an "extension" longer than
// maxExtBytes is part of the name, not a type.
const (
	maxNameBytes = 200
	maxExtBytes  = 16
)

// SaveFile writes data (0600: it is the account's data) as name inside dir,
// creating dir (0700) when missing, and returns the path. It never
// overwrites: when name exists it tries "name (1).ext", "name (2).ext" and
// so on. A name from the service is made safe by SafeFileName first, so it
// cannot climb out of dir, hide as a dotfile or carry control bytes.
func SaveFile(dir, name string, data []byte) (string, error) {
	dir = ExpandHome(dir)
	if err := os.MkdirAll(dir, atomicfile.DirMode); err != nil {
		return "", fmt.Errorf("save %s: %w", name, err)
	}
	name = SafeFileName(name)
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for i := 0; i < maxNameTries; i++ {
		candidate := name
		if i > 0 {
			candidate = fmt.Sprintf("%s (%d)%s", stem, i, ext)
		}
		path := filepath.Join(dir, candidate)
		// O_EXCL also refuses a symlink planted under the name.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, atomicfile.FileMode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("save %s: %w", path, err)
		}
		if err := writeAll(f, data); err != nil {
			_ = os.Remove(path) // no half file left under the name
			return "", fmt.Errorf("save %s: %w", path, err)
		}
		return path, nil
	}
	return "", fmt.Errorf("save %s in %s: %w", name, dir, errTooManyNames)
}

func writeAll(f *os.File, data []byte) error {
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// SafeFileName is a file name from the service (or anyone who wrote into
// the account) made safe to save: its base name only, without control
// characters, bidirectional overrides, invalid UTF-8 or leading dots and
// spaces (".bash_profile" becomes "bash_profile"), cut to 200 bytes on a
// character boundary keeping the extension; "attachment" when nothing is
// left.
func SafeFileName(name string) string {
	name = strings.ToValidUTF8(name, "")
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || isBidiControl(r) {
			return -1
		}
		return r
	}, name)
	name = filepath.Base(filepath.Clean("/" + strings.ReplaceAll(name, "\\", "/")))
	name = strings.TrimLeft(name, ". ")
	name = strings.TrimRight(name, " ")
	if name == "" || name == "/" {
		return "attachment"
	}
	ext := filepath.Ext(name)
	if len(ext) > maxExtBytes || ext == name {
		ext = ""
	}
	stem := strings.TrimSuffix(name, ext)
	if len(stem)+len(ext) > maxNameBytes {
		cut := maxNameBytes - len(ext)
		for cut > 0 && !utf8.RuneStart(stem[cut]) {
			cut--
		}
		stem = stem[:cut]
	}
	return stem + ext
}

// isBidiControl: the embeddings, overrides and isolates that can make a
// name read backwards ("invoice\u202Efdp.exe").
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x200E || r == 0x200F || r == 0x061C
}

// DefaultDownloadDir is the folder downloads and exports go to at first:
// the user's download folder (XDG_DOWNLOAD_DIR, from the environment or
// user-dirs.dirs, else ~/Downloads). It is never the home folder itself,
// which user-dirs.dirs names when the user has no download folder: a file
// saved there could be a shell's start-up file. SaveFile creates it when
// it is missing.
func DefaultDownloadDir() string {
	home := xdg.Home
	if home == "" {
		if h, err := os.UserHomeDir(); err == nil {
			home = h
		}
	}
	dir := xdg.UserDirs.Download
	if dir == "" || !filepath.IsAbs(dir) || (home != "" && filepath.Clean(dir) == filepath.Clean(home)) {
		if home == "" {
			return "."
		}
		dir = filepath.Join(home, "Downloads")
	}
	return dir
}

// ExpandHome reads a leading ~ as the home folder, as a shell does.
func ExpandHome(p string) string {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return p
	}
	return filepath.Join(home, strings.TrimPrefix(p, "~"))
}

// DownloadFolder is the folder a download prompt offers (the last one
// used), and takes the folder the user answered: "" means the one offered,
// and the answer is remembered for the next download or file pick.
func (d *Deps) DownloadFolder(answer string) string {
	if strings.TrimSpace(answer) == "" {
		return d.Folders.Last()
	}
	dir := ExpandHome(strings.TrimSpace(answer))
	d.Folders.Remember(dir)
	return dir
}

// errTooManyNames: every numbered variant of a file name is taken.
var errTooManyNames = errors.New("too many files of that name")

// Save is the end of a download action (Action.Done runs in the Cmd, so the
// file is written outside Update): the file saved in dir under name (or the
// service's name when name is empty) and a toast saying where, or the error
// panel when it could not be written.
func Save(d *Deps, dir, name string, dl *apiclient.Download) tea.Msg {
	if name == "" {
		name = dl.Filename
	}
	path, err := SaveFile(dir, name, dl.Data)
	if err != nil {
		return ui.ShowError{What: d.L.Tf("save %s", name), Err: err}
	}
	return ui.Toast{Text: d.L.Tf("Saved %s", path), Kind: ui.ToastSuccess}
}
