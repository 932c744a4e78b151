package app

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/url"
	"os"
	"path/filepath"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/atomicfile"
	"github.com/kasa-tui/kasa/ui"
)

// knownUser is who signed in and which accounts they reach, kept in the
// cache so that kasa starts, and shows its cached pages, while the service
// cannot be reached. It holds names and slugs, never a token.
type knownUser struct {
	Name     string             `json:"name"`
	Default  string             `json:"default_account"`
	Accounts []ui.AccountChoice `json:"accounts"`
}

func userCachePath(cacheDir string) string { return filepath.Join(cacheDir, "user.json") }

// saveUser keeps u for an offline start; failing only costs that.
func saveUser(cacheDir string, u knownUser) {
	if cacheDir == "" {
		return
	}
	if b, err := json.Marshal(u); err == nil {
		_ = atomicfile.Write(userCachePath(cacheDir), b)
	}
}

// loadKnownUser is the user kept by the last start with the service
// reachable (ok false when there is none).
func loadKnownUser(cacheDir string) (knownUser, bool) {
	var u knownUser
	b, err := os.ReadFile(userCachePath(cacheDir))
	if err != nil || json.Unmarshal(b, &u) != nil || len(u.Accounts) == 0 {
		return knownUser{}, false
	}
	return u, true
}

// unreachable reports an error of a request that got no answer: the
// network is down or the service cannot be reached. An answer (401, 5xx)
// is not that.
func unreachable(err error) bool {
	var er *apiclient.ErrorResponse
	if errors.As(err, &er) {
		return false
	}
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded)
}
