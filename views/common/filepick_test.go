package common

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

// run feeds the picker the answers of cmd until it has none.
// runPicker feeds f the messages of cmd and of what follows them, and
// returns a path chosen on the way (a typed path is looked up in a Cmd).
func runPicker(f *FilePicker, cmd tea.Cmd) (chosen string) {
	for _, m := range tuitest.CollectNow(cmd) {
		if pm, ok := m.(FilePickerMsg); ok {
			p, next := f.Update(pm)
			if q := runPicker(f, next); q != "" {
				p = q
			}
			if p != "" {
				chosen = p
			}
		}
	}
	return chosen
}

func typePath(t *testing.T, f *FilePicker, path string) string {
	t.Helper()
	f.Update(tuitest.Key("/"))
	for range 200 {
		f.Update(tuitest.Key("backspace"))
	}
	for _, r := range path {
		f.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	got, cmd := f.Update(tuitest.Key("enter"))
	if p := runPicker(f, cmd); p != "" {
		got = p
	}
	return got
}

// The picker takes a typed path, refuses a type the service does not take
// with a message naming the types, and the next picker starts in the folder
// the last file came from (issue 15.8).
func TestFilePickerTypedPathTypesAndLastFolder(t *testing.T) {
	home, scans := t.TempDir(), t.TempDir()
	for _, n := range []string{"receipt.pdf", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(scans, n), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	d := Deps{DownloadDir: home}.WithDefaults()
	page := ui.PageID{Kind: "inbox"}
	f := NewFilePicker(d, page, DocumentTypes)
	f.SetHeight(10)
	runPicker(f, f.Init())
	if f.Dir() != home || !strings.Contains(f.View(), "No files of these types here") {
		t.Fatalf("a fresh picker starts at %s and says:\n%s", f.Dir(), f.View())
	}
	if got := typePath(t, f, filepath.Join(scans, "notes.txt")); got != "" {
		t.Errorf("a .txt was chosen: %s", got)
	}
	if !strings.Contains(f.View(), "notes.txt cannot be chosen: the service takes .pdf") {
		t.Errorf("the refusal does not say why:\n%s", f.View())
	}
	if got := typePath(t, f, scans); got != "" || f.Dir() != scans {
		t.Fatalf("typing a folder: chose %q, in %s", got, f.Dir())
	}
	if !strings.Contains(f.View(), "receipt.pdf") {
		t.Errorf("the typed folder's files are not listed:\n%s", f.View())
	}
	if got := typePath(t, f, filepath.Join(scans, "receipt.pdf")); got != filepath.Join(scans, "receipt.pdf") {
		t.Fatalf("typing a pdf chose %q", got)
	}
	next := NewFilePicker(d, page, DocumentTypes)
	if next.Dir() != scans {
		t.Errorf("the next picker starts at %s, want the last folder %s", next.Dir(), scans)
	}
	if d.Folders.Last() != scans {
		t.Errorf("downloads would be offered %s, want %s", d.Folders.Last(), scans)
	}
}

// A download prompt offers the folder used last, reads ~ as home, and an
// empty answer keeps the folder offered (issue 15.8).
func TestDownloadFolderIsRemembered(t *testing.T) {
	d := Deps{DownloadDir: "/tmp/dl"}.WithDefaults()
	if got := d.DownloadFolder(""); got != "/tmp/dl" {
		t.Errorf("empty answer: %s", got)
	}
	home, _ := os.UserHomeDir()
	if got := d.DownloadFolder("~/invoices"); got != filepath.Join(home, "invoices") {
		t.Errorf("~/invoices became %s", got)
	}
	if got := d.Folders.Last(); got != filepath.Join(home, "invoices") {
		t.Errorf("the next prompt offers %s", got)
	}
}

// Files and folders may vanish under the picker: a file deleted after the
// folder was read, then keys and a redraw (bubbles' picker panicked here,
// issue 23), a chosen file gone, the shown folder itself gone. Nothing
// panics, and reading the folder again shows what is there now.
func TestFilePickerSurvivesVanishingFiles(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "scans")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a.pdf", "b.pdf", "c.pdf"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("%PDF"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	d := Deps{DownloadDir: dir}.WithDefaults()
	f := NewFilePicker(d, ui.PageID{Kind: "inbox"}, DocumentTypes)
	f.SetHeight(10)
	runPicker(f, f.Init())
	if v := f.View(); !strings.Contains(v, "b.pdf") || !strings.Contains(v, "scans") {
		t.Fatalf("the folder is not listed:\n%s", v)
	}
	for _, n := range []string{"b.pdf", "c.pdf"} {
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"j", "j", "G", "k", "g", "pgdown", "j", "j"} {
		_, cmd := f.Update(tuitest.Key(k))
		runPicker(f, cmd)
		_ = f.View()
	}
	got, _ := f.Update(tuitest.Key("enter")) // on c.pdf, gone: the caller's read of it will say so
	if got != filepath.Join(dir, "c.pdf") {
		t.Errorf("enter on the last file chose %q", got)
	}
	runPicker(f, f.Init())
	if v := f.View(); strings.Contains(v, "b.pdf") || !strings.Contains(v, "a.pdf") {
		t.Errorf("read again, the listing still shows a deleted file or lost one left:\n%s", v)
	}

	// The folder shown goes, and so does a folder about to be opened.
	_, cmd := f.Update(tuitest.Key("g"))
	runPicker(f, cmd)
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	_, cmd = f.Update(tuitest.Key("enter")) // opens scans/, gone
	runPicker(f, cmd)
	if f.Dir() != dir || !strings.Contains(f.View(), "Could not read the folder") {
		t.Errorf("opening a vanished folder: in %s, says:\n%s", f.Dir(), f.View())
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"j", "enter", "l", "h"} {
		_, cmd := f.Update(tuitest.Key(k))
		runPicker(f, cmd)
		_ = f.View()
	}
	if f.Dir() != filepath.Dir(dir) {
		t.Errorf("h from a vanished folder went to %s, want its parent %s", f.Dir(), filepath.Dir(dir))
	}
}

// A file name is anyone's text: the folder, the listing and a problem
// naming a file show its controls as placeholders.
func TestFilePickerShowsControlsInNamesAsText(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "scans\x1b]0;t\x07\u202e")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	for _, n := range []string{"scan\x1b]52;c;eA==\x07\x1b[2J\u202Egpj.pdf", "notes\x1b[2J.txt"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600); err != nil {
			t.Skipf("this file system refuses the name: %v", err)
		}
	}
	d := Deps{DownloadDir: dir}.WithDefaults()
	f := NewFilePicker(d, ui.PageID{Kind: "inbox"}, DocumentTypes)
	f.SetHeight(10)
	runPicker(f, f.Init())
	if !strings.Contains(f.View(), "scan␛]52") {
		t.Fatalf("the file is not listed:\n%s", f.View())
	}
	if err := cleantest.Control(f.View()); err != nil {
		t.Errorf("listing: %v", err)
	}
	typePath(t, f, filepath.Join(dir, "notes\x1b[2J.txt")) // typed, or pasted
	if !strings.Contains(f.View(), "No such file") {
		t.Fatalf("no problem shown:\n%s", f.View())
	}
	if err := cleantest.Control(f.View()); err != nil {
		t.Errorf("problem: %v", err)
	}
}
