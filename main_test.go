//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/proctest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

// kasaBin is kasa built once for every test of a real process here.
var kasaBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kasa-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	kasaBin, err = proctest.Build(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// account is a sandbox and a home folder signed in to it with client
// credentials, as `kasa login --non-interactive` leaves it.
type account struct {
	home string
	env  []string
}

func signedIn(t *testing.T) account {
	t.Helper()
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Seed: 1}})
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	home := proctest.TempHome(t)
	env := proctest.Env(home,
		"KASA_BASE_URL="+hs.URL+"/api/v3", "KASA_CLIENT_ID="+info.ClientID, "KASA_CLIENT_SECRET="+info.ClientSecret,
		"KASA_CONTACT_EMAIL=test@example.com", "KASA_ACCOUNT="+info.Slug)
	p, err := proctest.Start(kasaBin, env, "login", "--non-interactive")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Wait(time.Now(), 20*time.Second); err != nil {
		t.Fatalf("login: %v\n%s", err, p.Output())
	}
	return account{home: home, env: env}
}

// draftName reads the name field of the new-subject form's draft.
func (a account) draftName(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(a.home, "state", "kasa", "drafts")
	b, err := os.ReadFile(filepath.Join(dir, "kasa-demo_subject_form-new.json"))
	if err != nil {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("no draft of the new subject (%v); the drafts folder holds %v", err, entries)
	}
	var d struct {
		Values map[string]string `json:"values"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return d.Values["name"]
}

// openSubjectForm starts kasa and opens the new-subject form.
func (a account) openSubjectForm(t *testing.T) *proctest.Proc {
	t.Helper()
	p, err := proctest.Start(kasaBin, a.env)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	t0 := time.Now()
	if err := p.WaitFor(0, "row 1 of", 20*time.Second); err != nil {
		t.Fatal(err)
	}
	t.Logf("list shown after %v", time.Since(t0))
	mark := len(p.Output())
	if err := p.Type("n"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(mark, "Contact person", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	return p
}

// typeName types s a key at a time, as fast as a hasty user.
func typeName(t *testing.T, p *proctest.Proc, s string) {
	t.Helper()
	for _, r := range s {
		if err := p.Type(string(r)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

const typed = "Hasty Trading 0123456789"

// Every character typed right before ctrl+c ctrl+c, SIGTERM, SIGHUP or
// SIGINT is in the form's draft afterwards, kasa ends within a second and
// the terminal leaves the alternate screen (issue 23.5).
func TestTypedInputSurvivesQuitAndSignals(t *testing.T) {
	ends := map[string]func(*proctest.Proc) error{
		"ctrl+c ctrl+c": func(p *proctest.Proc) error { return p.Type("\x03\x03") },
		"SIGTERM":       func(p *proctest.Proc) error { return p.Signal(syscall.SIGTERM) },
		"SIGHUP":        func(p *proctest.Proc) error { return p.Signal(syscall.SIGHUP) },
		"SIGINT":        func(p *proctest.Proc) error { return p.Signal(syscall.SIGINT) },
	}
	for name, end := range ends {
		t.Run(name, func(t *testing.T) {
			a := signedIn(t)
			p := a.openSubjectForm(t)
			typeName(t, p, typed)
			mark := len(p.Output())
			start := time.Now()
			if err := end(p); err != nil {
				t.Fatal(err)
			}
			took, err := p.Wait(start, 5*time.Second)
			if !proctest.Exited(err) {
				t.Fatalf("kasa did not end by itself: %v", err)
			}
			if took > time.Second {
				t.Errorf("kasa took %v to end", took)
			}
			if got := a.draftName(t); got != typed {
				t.Errorf("the draft holds %q, typed %q", got, typed)
			}
			if out := p.Output()[mark:]; !strings.Contains(out, "\x1b[?1049l") {
				t.Errorf("the terminal was not given back (no exit from the alternate screen):\n%q", out)
			}
		})
	}
}
