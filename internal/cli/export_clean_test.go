package cli

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// `kasa export` to a terminal shows the service's text cleaned; to a pipe
// or a file it writes the data exactly as the service has it.
func TestExportCleansOnlyForATerminal(t *testing.T) {
	ctx := context.Background()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	name := cleantest.Hostile()
	if _, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: &name, Street: apiclient.Ptr("a\r\nb")}); err != nil {
		name = cleantest.HostileWithoutNUL() // a service may refuse NUL
		if _, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: &name}); err != nil {
			t.Fatalf("seed: %v", err)
		}
	}
	for _, format := range []string{export.CSV, export.JSON} {
		for _, tty := range []bool{true, false} {
			var out bytes.Buffer
			w, done := stdoutTarget(&out, tty)
			if _, err := export.Write(ctx, sb.Client, w, export.Options{Kind: "subjects", Format: format}); err != nil {
				t.Fatalf("export: %v", err)
			}
			if err := done(); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if tty {
				if err := cleantest.Control(got); err != nil {
					t.Errorf("%s to a terminal: %v", format, err)
				}
				if !strings.Contains(got, "inv\uFFFDfdp.exe") { // the right-to-left override, shown
					t.Errorf("%s to a terminal: the name is not shown:\n%s", format, got)
				}
				continue
			}
			// A pipe gets the bytes; JSON escapes what it escapes itself.
			if format == export.CSV && !strings.Contains(got, name) {
				t.Errorf("csv to a pipe: the name is not exact:\n%q", got)
			}
			if format == export.JSON && !strings.Contains(got, "\u202e") {
				t.Errorf("json to a pipe: the name is not exact:\n%q", got)
			}
		}
	}
}

// A command's error may quote the service; its text is cleaned, and what it
// wraps is still found.
func TestCommandErrorsAreCleaned(t *testing.T) {
	inner := usageError{"refused: Acme" + cleantest.Hostile()}
	err := error(screenError{inner})
	if e := cleantest.Control(err.Error()); e != nil {
		t.Fatal(e)
	}
	var ue usageError
	if !errors.As(err, &ue) || ExitCode(err) != 2 {
		t.Fatalf("the usage error inside is lost: %v", err)
	}
}
