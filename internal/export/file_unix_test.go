//go:build unix

package export

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// --output to a pipe writes into the pipe (it cannot be replaced), and
// --output through a symbolic link replaces the file the link names.
func TestWriteFileToAPipeAndThroughALink(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	if _, _, err := sb.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{Name: apiclient.Ptr("Acme")}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no fifo here:", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	if n, err := WriteFile(context.Background(), sb.Client, fifo, Options{Kind: "subjects", Format: CSV}); err != nil || n != 1 {
		t.Fatalf("to a pipe: %d, %v", n, err)
	}
	if b := <-got; !bytes.Contains(b, []byte("Acme")) {
		t.Errorf("the pipe got %q", b)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", fi, err)
	}

	target := filepath.Join(dir, "real.csv")
	link := filepath.Join(dir, "link.csv")
	if err := os.WriteFile(target, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFile(context.Background(), sb.Client, link, Options{Kind: "subjects", Format: CSV}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v %v", fi, err)
	}
	if b, _ := os.ReadFile(target); !bytes.Contains(b, []byte("Acme")) {
		t.Errorf("the link's file holds %q", b)
	}
}
