package cli

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// After a panic kasa leaves one line that names the log holding the
// details, whatever the panic's value held (issue 23.5).
func TestCrashLeavesOneLineNamingTheLog(t *testing.T) {
	err := crashed(locale.New(locale.English), &ui.PanicError{Value: "index out of range\n\tat somewhere"}, "/home/u/.local/state/kasa/kasa.log")
	msg := err.Error()
	if strings.ContainsAny(msg, "\n\t") || !strings.Contains(msg, "index out of range at somewhere") ||
		!strings.Contains(msg, "/home/u/.local/state/kasa/kasa.log") || !strings.Contains(msg, "kept as drafts") {
		t.Errorf("the line after a panic: %q", msg)
	}
}
