//go:build linux

package proctest_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
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

// These tests run a real kasa (built once from the module root) in a
// pseudo-terminal: quit, signals, SIGKILL, drafts kept, the demo folder,
// a refused token. They lived beside main.go; the root holds main.go alone.

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
	home       string
	env        []string
	base       string // the API's base URL
	id, secret string // the client credentials
	restart    func() // replaces the sandbox by a fresh one at the same address
}

func signedIn(t testing.TB) account {
	t.Helper()
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Seed: 1}})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { hs.Close() })
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
	a := account{home: home, env: env, base: hs.URL + "/api/v3", id: info.ClientID, secret: info.ClientSecret}
	a.restart = func() {
		hs.Close()
		fresh, _ := demo.New(demo.Options{Options: sandbox.Options{Seed: 1}})
		ln, err := net.Listen("tcp", strings.TrimPrefix(hs.URL, "http://"))
		if err != nil {
			t.Fatalf("restart the sandbox: %v", err)
		}
		hs = &httptest.Server{Listener: ln, Config: &http.Server{Handler: fresh}}
		hs.Start()
	}
	return a
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
func (a account) openSubjectForm(t testing.TB) *proctest.Proc {
	t.Helper()
	p := a.openList(t)
	mark := len(p.Output())
	if err := p.Type("n"); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(mark, "Contact person", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	return p
}

// typeName types s a key at a time, as fast as a hasty user, and returns
// once kasa has echoed the last key: what it has read must survive what
// follows at once. (A key still in the terminal's buffer when a signal
// lands was never kasa's; on a loaded machine that is more than 5 ms.)
func typeName(t *testing.T, p *proctest.Proc, s string) {
	t.Helper()
	mark := len(p.Output())
	for _, r := range s {
		if err := p.Type(string(r)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := p.WaitFor(mark, s, 10*time.Second); err != nil {
		t.Fatalf("kasa did not echo what was typed: %v", err)
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
		"window closed": func(p *proctest.Proc) error { return p.Hangup() },
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
			if out := p.Output()[mark:]; name != "window closed" && !strings.Contains(out, "\x1b[?1049l") {
				t.Errorf("the terminal was not given back (no exit from the alternate screen):\n%q", out)
			}
		})
	}
}

// After SIGKILL, which nothing can catch, at most the last 100 ms of typing
// are gone: a key typed longer ago than that is in the draft (issue 23.5).
// The bound is checked with room for a busy machine: the key's echo, the
// tick and the write's fsync all wait for a core.
func TestSIGKILLLosesAtMostTheLastMoment(t *testing.T) {
	a := signedIn(t)
	p := a.openSubjectForm(t)
	text := "Quick Brown Fox Jumps Over 0123456789"
	at := make([]time.Time, len(text))
	for i, r := range text {
		at[i] = time.Now()
		if err := p.Type(string(r)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(15 * time.Millisecond)
	}
	killed := time.Now()
	if err := p.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Wait(killed, 5*time.Second); proctest.Exited(err) {
		t.Fatalf("kasa was not killed: %v", err)
	}
	got := a.draftName(t)
	if !strings.HasPrefix(text, got) {
		t.Fatalf("the draft holds %q, which is not what was typed (%q)", got, text)
	}
	if len(got) == len(text) {
		t.Logf("nothing lost")
		return
	}
	lost := killed.Sub(at[len(got)])
	t.Logf("kept %d of %d characters; the first lost was typed %v before the kill", len(got), len(text), lost)
	if lost > 100*time.Millisecond+slack {
		t.Errorf("a character typed %v before SIGKILL was lost (allowed: 100 ms and %v for a busy machine)", lost, slack)
	}
}

// slack is what a busy machine may add to a bound measured on a real
// process (scheduling of kasa, of the test and of the disk).
const slack = 150 * time.Millisecond

// SIGTERM ends kasa within a second, every time: 100 runs, a few at once
// (issue 23.5; Bubble Tea's own handler hung 8 of 24 runs).
func TestSIGTERMEndsKasaWithinASecond(t *testing.T) {
	if testing.Short() {
		t.Skip("100 runs of a real kasa")
	}
	a := signedIn(t)
	const runs, atOnce = 100, 4
	results := make(chan termResult, runs)
	sem := make(chan struct{}, atOnce)
	for range runs {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			results <- termOnce(a)
		}()
	}
	var worst time.Duration
	failed := 0
	for range runs {
		r := <-results
		worst = max(worst, r.took)
		if r.err != nil || r.took > time.Second {
			failed++
			if failed <= 3 {
				t.Errorf("run: took %v: %v", r.took, r.err)
			}
		}
	}
	t.Logf("%d of %d runs ended within 1 s; the slowest took %v", runs-failed, runs, worst)
}

// termResult is how long one kasa took to end after SIGTERM.
type termResult struct {
	took time.Duration
	err  error
}

// termOnce starts kasa, waits for its first list and sends SIGTERM.
func termOnce(a account) (res termResult) {
	p, err := proctest.Start(kasaBin, a.env)
	if err != nil {
		res.err = err
		return res
	}
	defer p.Close()
	if err := p.WaitFor(0, "row 1 of", 30*time.Second); err != nil {
		res.err = err
		return res
	}
	start := time.Now()
	if err := p.Signal(syscall.SIGTERM); err != nil {
		res.err = err
		return res
	}
	took, err := p.Wait(start, 5*time.Second)
	res.took = took
	if !proctest.Exited(err) {
		res.err = fmt.Errorf("kasa did not end by itself: %w", err)
	}
	return res
}

// At start kasa names the drafts it kept, by their form's title (issue
// 23.5).
func TestKeptDraftsAreNamedAtStart(t *testing.T) {
	a := signedIn(t)
	p := a.openSubjectForm(t)
	typeName(t, p, typed)
	if err := p.Type("\x03\x03"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Wait(time.Now(), 5*time.Second); !proctest.Exited(err) {
		t.Fatalf("ctrl+c ctrl+c did not end kasa: %v", err)
	}
	next, err := proctest.Start(kasaBin, a.env)
	if err != nil {
		t.Fatal(err)
	}
	defer next.Close()
	if err := next.WaitFor(0, "Kept from last time: 1 draft (New subject)", 20*time.Second); err != nil {
		t.Error(err)
	}
}

// The demo's temporary folder (its cache and drafts) goes when the demo
// ends on SIGHUP (the terminal window closed) or SIGTERM, as on quit
// (issue 24.5).
func TestDemoFolderGoesOnSignals(t *testing.T) {
	ends := map[string]func(*proctest.Proc) error{
		"SIGHUP":        func(p *proctest.Proc) error { return p.Signal(syscall.SIGHUP) },
		"SIGTERM":       func(p *proctest.Proc) error { return p.Signal(syscall.SIGTERM) },
		"window closed": func(p *proctest.Proc) error { return p.Hangup() },
	}
	for name, end := range ends {
		t.Run(name, func(t *testing.T) {
			home := proctest.TempHome(t)
			p, err := proctest.Start(kasaBin, proctest.Env(home), "--demo")
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if err := p.WaitFor(0, "row 1 of", 30*time.Second); err != nil {
				t.Fatal(err)
			}
			tmp := filepath.Join(home, "tmp")
			if made, _ := filepath.Glob(filepath.Join(tmp, "kasa-demo-*")); len(made) != 1 {
				t.Fatalf("the demo's folder is not in TMPDIR: %v", made)
			}
			start := time.Now()
			if err := end(p); err != nil {
				t.Fatal(err)
			}
			if took, err := p.Wait(start, 5*time.Second); !proctest.Exited(err) || took > time.Second {
				t.Fatalf("the demo took %v to end: %v", took, err)
			}
			if left, _ := filepath.Glob(filepath.Join(tmp, "kasa-demo-*")); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// A stored client-credentials token the service refuses with 401 (it was
// revoked, or the service restarted and forgot it) is replaced by a new
// one and the request sent again: kasa opens as usual (issue 23.6).
func TestRefusedTokenIsReplaced(t *testing.T) {
	refuse := map[string]func(t *testing.T, a account){
		"revoked":           revokeStoredToken,
		"service restarted": func(t *testing.T, a account) { a.restart() },
	}
	for name, refuse := range refuse {
		t.Run(name, func(t *testing.T) {
			a := signedIn(t)
			refuse(t, a)
			p, err := proctest.Start(kasaBin, a.env)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if err := p.WaitFor(0, "row 1 of", 20*time.Second); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(p.Output(), "401") {
				t.Errorf("the 401 reached the screen")
			}
		})
	}
}

// revokeStoredToken revokes, at the sandbox, the access token kasa saved.
func revokeStoredToken(t *testing.T, a account) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(a.home, "state", "kasa", "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	var saved map[string]struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(b, &saved); err != nil || len(saved) != 1 {
		t.Fatalf("secrets.json: %v", err)
	}
	var token string
	for _, s := range saved {
		token = s.AccessToken
	}
	req, _ := http.NewRequest(http.MethodPost, a.base+"/oauth/revoke", strings.NewReader(url.Values{"token": {token}}.Encode()))
	req.SetBasicAuth(a.id, a.secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("revoke: %s", resp.Status)
	}
}
