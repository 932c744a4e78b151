package cli_test

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

// The user's and the accounts' names as the service has them carry every
// control class: `kasa login` lists them and `kasa status` shows them
// cleaned.
func TestLoginAndStatusCleanTheServicesNames(t *testing.T) {
	w := newWorld(t)
	bad := cleantest.Hostile()
	w.srv.Do(func() {
		w.setup.Owner.FullName = "Jana" + bad
		w.setup.Account.Info.Name = "Firma" + bad
	})
	for what, out := range map[string]string{"login": w.loginClientCredentials(), "status": w.status()} {
		if err := cleantest.Control(out); err != nil {
			t.Errorf("%s: %v", what, err)
		}
		if !strings.Contains(out, "JanaAcme␛[2J") {
			t.Errorf("%s: the user's name is not shown:\n%s", what, out)
		}
		if what == "login" && !strings.Contains(out, "FirmaAcme␛[2J") {
			t.Errorf("login: the account's name is not listed:\n%s", out)
		}
	}
}
