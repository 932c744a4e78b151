package editor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
)

// The attachment picker is the inbox's file picker (common.FilePicker): it
// opens in the download folder (or the one used last), says it takes a
// typed path, and a path typed elsewhere attaches the file and becomes the
// folder the next picker opens in.
func TestAttachmentPickerStartsInTheLastFolderWithPathEntry(t *testing.T) {
	e := newEnv(t)
	downloads, elsewhere := t.TempDir(), t.TempDir()
	e.fd.Folders = common.NewFolders(downloads)
	scan := filepath.Join(elsewhere, "účtenka.pdf")
	if err := os.WriteFile(scan, []byte("%PDF-1.4"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.NewPage(editor.ExpenseKind))
	r.Focus("Attachments")
	r.Keys("a")
	v := r.Page.View()
	if !strings.Contains(v, "Folder: "+downloads) || !strings.Contains(v, "/ type a path") {
		t.Fatalf("the picker does not open in the download folder with a path entry:\n%s", v)
	}
	r.Keys("/", "ctrl+u")
	r.TypeText(scan)
	r.Keys("enter")
	if v := r.Page.View(); !strings.Contains(v, "účtenka.pdf · 8 B") {
		t.Fatalf("the typed file is not attached:\n%s", v)
	}
	if got := e.fd.Folders.Last(); got != elsewhere {
		t.Errorf("the next picker opens in %q, want %q", got, elsewhere)
	}
}
