package common

import (
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
)

// statusSymbols give each status a symbol, so that it never rests on colour.
var statusSymbols = map[string]string{
	"open":          "○",
	"sent":          "→",
	"overdue":       "!",
	"paid":          "●",
	"cancelled":     "✕",
	"uncollectible": "⊘",
}

// Join joins the non-empty parts with sep.
func Join(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// Locked shows a lock state in words: "🔒 locked since 2026-11-22 14:05" or
// "unlocked".
func Locked(d *Deps, at apiclient.DateTime) string {
	if at.IsZero() {
		return d.L.T("unlocked")
	}
	return "🔒 " + d.L.Tf("locked since %s", d.Time(at))
}
