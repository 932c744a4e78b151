package textclean_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

// Whatever the chunks, the Writer's output is the text cleaned whole:
// runes and CR LF split between writes are not broken into placeholders.
func TestWriterCleansAcrossWrites(t *testing.T) {
	text := "Nováková;" + cleantest.Hostile() + "\r\nŽluťoučký kůň\u202e 🔒\r\nend"
	want := textclean.Lines(text)
	for size := 1; size <= 7; size++ {
		var out bytes.Buffer
		w := textclean.NewWriter(&out)
		for i := 0; i < len(text); i += size {
			chunk := text[i:min(i+size, len(text))]
			if n, err := w.Write([]byte(chunk)); err != nil || n != len(chunk) {
				t.Fatalf("write: %d, %v", n, err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Errorf("chunks of %d:\n got %q\nwant %q", size, out.String(), want)
		}
		if err := cleantest.Control(out.String()); err != nil {
			t.Errorf("chunks of %d: %v", size, err)
		}
	}
}

func TestWriterFlushShowsACutRune(t *testing.T) {
	var out bytes.Buffer
	w := textclean.NewWriter(&out)
	_, _ = w.Write([]byte("ab\xc5"))
	_ = w.Flush()
	if !strings.HasPrefix(out.String(), "ab") || !strings.HasSuffix(out.String(), "\uFFFD") {
		t.Fatalf("got %q", out.String())
	}
}
