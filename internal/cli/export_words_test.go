package cli

import (
	"context"
	"io"
	"strings"
	"testing"
)

// kasa export says what was asked wrongly in the user's language, as one
// sentence, with the exit status of a command-line mistake (issue 28: its
// errors were English on a Czech screen).
func TestExportMistakesInTheLanguage(t *testing.T) {
	home := t.TempDir()
	env := func(k string) string { return map[string]string{"HOME": home}[k] }
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "nonsense"}, "export nonsense se nepodařil: seznam „nonsense“ neexistuje (jeden z: events,"},
		{[]string{"export", "invoices", "--format", "xml"}, "export invoices se nepodařil: formát „xml“ není csv ani json"},
		{[]string{"export", "webhooks", "--status", "paid"}, "export webhooks se nepodařil: tento seznam nejde filtrovat podle status"},
		{[]string{"export", "invoices", "--since", "2026-13-45"}, "--since „2026-13-45“: datum pište jako RRRR-MM-DD"},
		{[]string{"export"}, "kasa export: uveďte, který seznam exportovat"},
	} {
		err := Run(context.Background(), "test", append([]string{"--demo", "--locale", "cs"}, c.args...), strings.NewReader(""), io.Discard, io.Discard, env)
		if err == nil || !strings.Contains(err.Error(), c.want) || ExitCode(err) != 2 {
			t.Errorf("kasa %s: %v (exit %d), want %q and exit 2", strings.Join(c.args, " "), err, ExitCode(err), c.want)
		}
	}
}
