package common

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// A filter's subject field finds "Účetní" typed as "ucetni": the service's
// search compares letters exactly, the field's own match ignores case and
// diacritics (the same function as the editor's pickers).
func TestSubjectFieldIgnoresDiacritics(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	for _, name := range []string{"Účetní kancelář Nováková", "Acme s.r.o."} {
		if _, _, err := sb.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{Name: apiclient.Ptr(name)}); err != nil {
			t.Fatal(err)
		}
	}
	page := ui.PageID{Kind: "invoices", ID: "filter"}
	d := Deps{Client: func() *apiclient.Client { return sb.Client }, SearchDelay: time.Millisecond}.WithDefaults()
	f := NewSubjectField(d, page, 0)
	f.Input.Focus()
	var trigger tea.Cmd
	for _, r := range "ucetni" {
		trigger = f.Type(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	var deb table.DebounceMsg
	for _, m := range tuitest.Collect(trigger) {
		if e, ok := m.(Envelope); ok {
			deb, _ = e.Msg.(table.DebounceMsg)
		}
	}
	for _, m := range tuitest.Collect(f.Search(deb)) {
		if r, ok := m.(Result[SubjectsFound]); ok {
			f.Found(r)
		}
	}
	id, name, problem := f.Value("Subject")
	if problem != "" || name != "Účetní kancelář Nováková" || id == 0 {
		t.Errorf("ucetni chose %d %q (%s)", id, name, problem)
	}
}

// The file picker's typed name is found in the folder shown ignoring case
// and diacritics: "ucetni" chooses "účetní-doklad.pdf"; two matches put the
// cursor on the first and say so.
func TestFilePickerTypedNameIgnoresDiacritics(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"účetní-doklad.pdf", "Káva-1.pdf", "Káva-2.pdf"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("%PDF"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	d := Deps{Folders: NewFolders(dir)}.WithDefaults()
	open := func() *FilePicker {
		fp := NewFilePicker(d, ui.PageID{Kind: "inbox"}, []string{".pdf"})
		for _, m := range tuitest.Collect(fp.Init()) {
			fp.Update(m)
		}
		return fp
	}
	typed := func(fp *FilePicker, name string) string {
		fp.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'/'}})
		fp.input.SetValue(filepath.Join(dir, name))
		path, cmd := fp.Update(tea.KeyMsg{Type: tea.KeyEnter})
		if p := runPicker(fp, cmd); p != "" {
			path = p
		}
		return path
	}
	if got := typed(open(), "ucetni"); got != filepath.Join(dir, "účetní-doklad.pdf") {
		t.Errorf("ucetni chose %q", got)
	}
	fp := open()
	if got := typed(fp, "KAVA"); got != "" || !strings.Contains(fp.View(), "2 names contain") {
		t.Errorf("KAVA chose %q:\n%s", got, fp.View())
	}
	if e := fp.list.entries[fp.list.cursor]; e.name != "Káva-1.pdf" {
		t.Errorf("the cursor is on %q", e.name)
	}
}

// The file picker writes sizes in the user's language through HumanSize:
// "4,1 kB" in Czech, "4.1 kB" in English (not humanize's "4.1kB").
func TestFilePickerSizesInTheLanguage(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "faktura.pdf"), make([]byte, 4100), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tag  locale.Tag
		want string
	}{{locale.Czech, "4,1 kB faktura.pdf"}, {locale.English, "4.1 kB faktura.pdf"}} {
		d := Deps{Folders: NewFolders(dir), L: locale.New(c.tag), Styles: ui.NewStyles(true)}.WithDefaults()
		fp := NewFilePicker(d, ui.PageID{Kind: "inbox"}, []string{".pdf"})
		for _, m := range tuitest.Collect(fp.Init()) {
			fp.Update(m)
		}
		if v := fp.View(); !strings.Contains(v, c.want) || strings.Contains(v, "4.1kB") {
			t.Errorf("%s: the listing does not show %q:\n%s", c.tag, c.want, v)
		}
	}
}

// A picker's own candidates come from the local copy when it holds the kind
// whole: every record, with no request (the service's pages stop at three);
// without a copy the pages are read.
func TestCandidatesComeFromTheLocalCopy(t *testing.T) {
	recs := make([]store.Record, 200)
	for i := range recs {
		r, err := mirror.RecordOf(store.Subjects, apiclient.Subject{ID: int64(i + 1), Name: fmt.Sprintf("Subject %d", i+1)})
		if err != nil {
			t.Fatal(err)
		}
		recs[i] = r
	}
	pages := 0
	list := func(context.Context, int) ([]apiclient.Subject, error) {
		pages++
		return make([]apiclient.Subject, 40), nil
	}
	got, err := LoadCandidates(context.Background(), openCopy(t, store.Subjects, recs), store.Subjects, list)
	if err != nil || len(got) != 200 || pages != 0 {
		t.Errorf("with the copy: %d candidates (%v), %d pages read; want 200 and none", len(got), err, pages)
	}
	got, err = LoadCandidates(context.Background(), Deps{}.WithDefaults(), store.Subjects, list)
	if err != nil || len(got) != 3*40 || pages != 3 {
		t.Errorf("without a copy: %d candidates (%v), %d pages read; want 120 from 3", len(got), err, pages)
	}
}
