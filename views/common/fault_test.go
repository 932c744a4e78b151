package common

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// A failure is one sentence in the user's language on the screen, and its
// whole chain in the log (issue 28: "read account settings: get account:
// GET /accounts/…: 500 Internal…" was shown as it was).
func TestFailureIsOneSentenceAndTheChainIsLogged(t *testing.T) {
	cs := locale.New(locale.Czech)
	server := fmt.Errorf("read account settings: get account: %w",
		&apiclient.ServerError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 500, Method: "GET", Path: "/accounts/x/account.json"}})
	refused := fmt.Errorf("fire: %w", &apiclient.ValidationError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 422,
		Fields: map[string][]string{"event": {"mark_as_sent cannot be fired"}}}})
	for _, c := range []struct {
		err  error
		want string
	}{
		{server, "služba selhala (500)"},
		{errors.New("decode: unexpected EOF"), "nečekaná chyba (podrobnosti jsou v kasa.log)"},
		{refused, "služba odpověděla 422: „event mark_as_sent cannot be fired“"},
		{Sentence("Faktura je zamčená."), "Faktura je zamčená."},
	} {
		if got := FaultReason(cs, c.err); got != c.want {
			t.Errorf("FaultReason(%v) = %q, want %q", c.err, got, c.want)
		}
	}

	var log bytes.Buffer
	c, err := apiclient.New("http://127.0.0.1:1/api/v3", apiclient.WithUserAgent("kasa-test", "t@example.com"), apiclient.WithAccount("acme"))
	if err != nil {
		t.Fatal(err)
	}
	d := Deps{Client: func() *apiclient.Client { return c }, L: cs,
		Logger: slog.New(slog.NewTextHandler(&log, nil))}.WithDefaults()
	_, _, err = Do(d, func(context.Context, *apiclient.Client) (int, error) { return 0, server })
	if err == nil || !strings.Contains(log.String(), "read account settings: get account") {
		t.Errorf("the chain is not in the log: %q", log.String())
	}
	if strings.Contains(LoadFailed(d, "účet", err, 80), "get account") {
		t.Error("the chain is on the screen")
	}
}
