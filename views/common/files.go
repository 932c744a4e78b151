package common

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// maxNameTries bounds the " (n)" suffixes SaveFile tries.
const maxNameTries = 1000

// SaveFile writes data (0644) as name inside dir and returns the path. It
// never overwrites: when name exists it tries "name (1).ext", "name (2).ext"
// and so on. A name from the server is reduced to its base name, so it
// cannot climb out of dir.
func SaveFile(dir, name string, data []byte) (string, error) {
	dir = ExpandHome(dir)
	name = filepath.Base(filepath.Clean("/" + strings.ReplaceAll(name, "\\", "/")))
	if name == "/" || name == "." || name == "" {
		name = "attachment"
	}
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for i := 0; i < maxNameTries; i++ {
		candidate := name
		if i > 0 {
			candidate = fmt.Sprintf("%s (%d)%s", stem, i, ext)
		}
		path := filepath.Join(dir, candidate)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("save %s: %w", path, err)
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			return "", fmt.Errorf("save %s: %w", path, err)
		}
		if err := f.Close(); err != nil {
			return "", fmt.Errorf("save %s: %w", path, err)
		}
		return path, nil
	}
	return "", fmt.Errorf("save %s in %s: %w", name, dir, errTooManyNames)
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
