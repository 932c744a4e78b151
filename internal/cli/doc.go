// Package cli holds kasa's commands outside the full-screen app: `kasa login`
// (an interactive form, or --non-interactive from environment variables),
// `kasa logout`, `kasa status`, and the welcome screen shown when nothing is
// configured yet. main.go parses the flags and calls these.
package cli
