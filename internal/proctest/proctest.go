//go:build linux

package proctest

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Build compiles kasa (the module's main package) into dir and returns the
// binary's path. Tests build it once (TestMain) and run it many times.
func Build(dir string) (string, error) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	bin := filepath.Join(dir, "kasa")
	// go test puts its own toolchain first on PATH.
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build kasa: %w\n%s", err, out)
	}
	return bin, nil
}

// Proc is kasa running in a terminal of its own.
type Proc struct {
	cmd    *exec.Cmd
	master *os.File
	mu     sync.Mutex
	out    bytes.Buffer
	reads  []chunk       // when each read of the terminal's output came
	read   chan struct{} // closed when the terminal's output has ended
	exited chan struct{} // closed when the process has ended
	err    error         // the process's end, after exited
	end    time.Time
}

// Start runs bin with args and env (nothing of the test's own environment
// leaks in) in a 30x100 terminal, in its own session, as a terminal's shell
// would.
func Start(bin string, env []string, args ...string) (*Proc, error) {
	master, tty, err := openPTY(30, 100)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		master.Close()
		tty.Close()
		return nil, fmt.Errorf("start kasa: %w", err)
	}
	tty.Close()
	p := &Proc{cmd: cmd, master: master, read: make(chan struct{}), exited: make(chan struct{})}
	go p.copyOut()
	go func() {
		p.err = cmd.Wait()
		p.end = time.Now()
		close(p.exited)
	}()
	return p, nil
}

// answers are what a terminal replies to the queries kasa's libraries send
// at start (the background colour, then the cursor position that tells the
// query was read); without them each waits seconds for a reply.
var answers = []struct{ query, reply string }{
	{"\x1b]11;?", "\x1b]11;rgb:1c1c/1c1c/1c1c\x1b\\"},
	{"\x1b[6n", "\x1b[1;1R"},
}

func (p *Proc) copyOut() {
	defer close(p.read)
	buf := make([]byte, 32<<10)
	for {
		n, err := p.master.Read(buf)
		at := time.Now()
		p.mu.Lock()
		p.out.Write(buf[:n])
		if n > 0 {
			p.reads = append(p.reads, chunk{end: p.out.Len(), at: at})
		}
		p.mu.Unlock()
		for _, a := range answers {
			if bytes.Contains(buf[:n], []byte(a.query)) {
				_, _ = p.master.WriteString(a.reply)
			}
		}
		if err != nil {
			return
		}
	}
}

// chunk is one read of the terminal's output: the output's length after
// it and when it came.
type chunk struct {
	end int
	at  time.Time
}

// FirstByteAfter waits until the terminal's output grows past from bytes
// and returns when the first byte past from was read, or fails after d.
func (p *Proc) FirstByteAfter(from int, d time.Duration) (time.Time, error) {
	deadline := time.Now().Add(d)
	for {
		if at, ok := p.ReadAt(from); ok {
			return at, nil
		}
		if time.Now().After(deadline) {
			return time.Time{}, fmt.Errorf("no output past byte %d within %v", from, d)
		}
		select {
		case <-p.exited:
			return time.Time{}, fmt.Errorf("kasa ended (%v) with no output past byte %d", p.err, from)
		case <-time.After(time.Millisecond):
		}
	}
}

// ReadAt is when the output's byte at offset was read, if it was.
func (p *Proc) ReadAt(offset int) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	i, _ := slices.BinarySearchFunc(p.reads, offset, func(c chunk, off int) int { return cmp.Compare(c.end, off+1) })
	if i == len(p.reads) {
		return time.Time{}, false
	}
	return p.reads[i].at, true
}

// Quiet waits until the terminal has had no output for q, at most d.
func (p *Proc) Quiet(q, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		p.mu.Lock()
		var last time.Time
		if len(p.reads) > 0 {
			last = p.reads[len(p.reads)-1].at
		}
		p.mu.Unlock()
		if time.Since(last) >= q {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the terminal did not go quiet for %v within %v", q, d)
		}
		time.Sleep(q / 4)
	}
}

// Output is everything the process wrote to its terminal so far.
func (p *Proc) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String()
}

// WaitFor waits until the terminal's output holds s (after the first from
// bytes of it), or fails after d.
func (p *Proc) WaitFor(from int, s string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		out := p.Output()
		if from > len(out) {
			from = len(out)
		}
		if strings.Contains(out[from:], s) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no %q on the terminal within %v; it shows:\n%s", s, d, tail(out, 2000))
		}
		select {
		case <-p.exited:
			return fmt.Errorf("kasa ended (%v) before %q showed; it showed:\n%s", p.err, s, tail(out, 2000))
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		s = s[len(s)-n:]
	}
	return strings.ToValidUTF8(s, "?")
}

// Type writes keys to the terminal as typed.
func (p *Proc) Type(keys string) error {
	_, err := p.master.WriteString(keys)
	return err
}

// Signal sends sig to the process.
func (p *Proc) Signal(sig syscall.Signal) error { return p.cmd.Process.Signal(sig) }

// Hangup closes the terminal as a closed window does: the kernel sends
// SIGHUP to kasa, whose terminal now fails every read and write.
func (p *Proc) Hangup() error { return p.master.Close() }

// Wait waits for the process to end, at most d; it returns how long it
// took from since and the process's exit.
func (p *Proc) Wait(since time.Time, d time.Duration) (time.Duration, error) {
	select {
	case <-p.exited:
		return p.end.Sub(since), p.err
	case <-time.After(d):
		return d, context.DeadlineExceeded
	}
}

// Close kills the process if it still runs and frees the terminal.
func (p *Proc) Close() {
	select {
	case <-p.exited:
	default:
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
	_ = p.master.Close() // a second Close after Hangup only errs
	<-p.read
}

// Exited reports whether the process ended by itself with status 0 or 1,
// not killed by a signal.
func Exited(err error) bool {
	var ee *exec.ExitError
	if err == nil {
		return true
	}
	return errors.As(err, &ee) && ee.Exited()
}

// Env is a clean environment for kasa with its folders under home.
func Env(home string, extra ...string) []string {
	return append([]string{
		"PATH=/usr/bin:/bin", "HOME=" + home, "TERM=xterm-256color", "TMPDIR=" + filepath.Join(home, "tmp"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "KASA_INSECURE_STORAGE=1",
	}, extra...)
}

// TempHome makes a home folder for one kasa (with its TMPDIR), whose
// settings open the application on the subjects (the tests wait for its
// list: "row 1 of"), not on the overview it opens on by default.
func TempHome(t testing.TB) string {
	t.Helper()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "tmp"), 0o700); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(home, "config", "kasa")
	if err := os.MkdirAll(conf, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(conf, "config.toml"), []byte("start_section = \"subjects\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return home
}

// Pid is the process's id.
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// CPUTime is the CPU time the process has used so far, summed over its
// threads (the scheduler's nanoseconds, finer than the clock ticks of
// /proc/<pid>/stat).
func (p *Proc) CPUTime() (time.Duration, error) {
	dir := fmt.Sprintf("/proc/%d/task", p.cmd.Process.Pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("read threads: %w", err)
	}
	var sum time.Duration
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "schedstat"))
		if err != nil {
			continue // the thread has ended since
		}
		var ns int64
		if _, err := fmt.Sscan(string(b), &ns); err != nil {
			return 0, fmt.Errorf("read %s's schedstat: %w", t.Name(), err)
		}
		sum += time.Duration(ns)
	}
	return sum, nil
}
