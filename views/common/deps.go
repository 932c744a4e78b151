// Package common is the frame every kasa page is built from: the
// dependencies a page needs (Deps), routed asynchronous results with request
// ids, the generic list page over ui/table, the detail page over a viewport,
// and the formatting of money, dates, times and statuses. See DESIGN.md.
package common

import (
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"os/exec"
	"runtime"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// DefaultTimeout bounds one API request made by a page.
const DefaultTimeout = 20 * time.Second

// DefaultSearchDelay is how long a search input waits after the last key
// before it asks the server.
const DefaultSearchDelay = 300 * time.Millisecond

// Deps is what a page needs from the outside world. internal/app builds one and
// hands it to every maker; tests inject fakes (a fixed clock, a recorder for
// OpenURL and Copy).
type Deps struct {
	// Client returns the current client: switching account replaces it, so
	// pages ask for it at every request instead of keeping one.
	Client      func() *apiclient.Client
	Styles      ui.Styles
	TableStyles table.Styles
	Keys        ui.KeyMap
	Now         func() time.Time
	// Timeout bounds each request (0 means DefaultTimeout).
	Timeout time.Duration
	// SearchDelay is the search debounce (0 means DefaultSearchDelay).
	SearchDelay time.Duration
	// Loc is the zone times are shown in (nil means time.Local).
	Loc *time.Location
	// L is the language and how money and dates are written (the zero
	// value means English). Every text a page shows goes through L.T.
	L locale.Locale
	// OpenURL opens a web page in the browser (nil means OpenBrowser).
	OpenURL func(url string) tea.Cmd
	// Copy puts text on the clipboard (nil means OSC52Copy to io.Discard,
	// i.e. nothing: internal/app passes the terminal's writer).
	Copy func(text string) tea.Cmd
	// DownloadDir is the folder offered for downloads.
	DownloadDir string
	// Folders remembers the last folder used for a download or a file
	// picked (nil means a new one starting at DownloadDir).
	Folders *Folders
	// Names remembers what records are called (nil means a new cache).
	Names *Names
	// DraftsDir keeps unfinished forms (config.Paths.DraftsDir); "" keeps none.
	DraftsDir string
	// Journal records every write before it is sent (nil: one in memory,
	// which does not outlive the process).
	Journal *journal.Journal
	// Monitor settings: the cache folder (config.Paths.CacheDir), the share of
	// the monthly quota (percent) and the floor between polls, and the count of
	// requests really sent (poll.CountingTransport.Count), for its budget.
	CacheDir string
	// Store is the open account's local copy and Mirror what brings it up
	// to date (issue 26); like Client they follow an account switch, so
	// pages ask at every use, and only inside Cmds (the first call may open
	// the file). nil, or a nil answer, reads every list from the service.
	Store  func() *store.Store
	Mirror func() *mirror.Mirror
	// Watch are the accounts the monitor watches besides the open one
	// (settings: monitor_accounts; kasa monitor --all), each on its own
	// budget; empty watches the open account alone.
	Watch        []string
	MonitorShare float64
	MonitorFloor time.Duration
	// MonitorWork is when the request plan is mostly spent ([refresh]
	// work_days and work_hours; zero: Monday to Friday, 07:00 to 19:00).
	MonitorWork poll.WorkHours
	Requests    func() int64
	// Label names the session in the monitor's header ("demo").
	Label  string
	Logger *slog.Logger
}

// WithDefaults returns a copy of d with every unset field filled in.
func (d Deps) WithDefaults() *Deps {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Journal == nil {
		d.Journal = journal.Open("", d.Now)
	}
	if d.Timeout <= 0 {
		d.Timeout = DefaultTimeout
	}
	if d.SearchDelay <= 0 {
		d.SearchDelay = DefaultSearchDelay
	}
	if d.Loc == nil {
		d.Loc = time.Local
	}
	if d.L.Tag == "" {
		d.L = locale.New(locale.English)
	}
	if d.OpenURL == nil {
		d.OpenURL = OpenBrowser
	}
	if d.Copy == nil {
		d.Copy = OSC52Copy(io.Discard)
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	if d.DownloadDir == "" {
		d.DownloadDir = "."
	}
	if d.Folders == nil {
		d.Folders = NewFolders(d.DownloadDir)
	}
	if d.Names == nil {
		d.Names = NewNames()
	}
	if d.Store != nil {
		d.Names.UseCopy(d.Store)
	}
	if d.Keys.Open.Keys() == nil {
		d.Keys = ui.NewKeyMap(d.L)
	}
	return &d
}

// OSC52Copy returns a Copy func that writes the OSC 52 "set clipboard"
// sequence to w (the terminal). It runs in a Cmd, never in View, so the
// sequence cannot end up in the middle of a frame.
func OSC52Copy(w io.Writer) func(text string) tea.Cmd {
	return func(text string) tea.Cmd {
		return func() tea.Msg {
			seq := "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\x07"
			if _, err := io.WriteString(w, seq); err != nil {
				return ui.Toast{Text: "✕ " + err.Error(), Kind: ui.ToastWarn} // the terminal's own words
			}
			return nil
		}
	}
}

// BrowserError is what OpenBrowser's Cmd answers when no browser could be
// started (no xdg-open on a server, say); OpenURLCmd then shows and copies
// the address instead.
type BrowserError struct{ Err error }

// OpenBrowser opens url with the system's opener (open, xdg-open or
// rundll32) in a Cmd; a failure answers BrowserError.
func OpenBrowser(url string) tea.Cmd {
	return func() tea.Msg {
		var cmd *exec.Cmd
		switch runtime.GOOS {
		case "darwin":
			cmd = exec.Command("open", url)
		case "windows":
			cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
		default:
			cmd = exec.Command("xdg-open", url)
		}
		if err := cmd.Start(); err != nil {
			return BrowserError{Err: err}
		}
		go func() { _ = cmd.Wait() }() // reap the opener; its outcome is not ours
		return nil
	}
}

// context returns a request context bounded by the timeout.
// client is the current client, nil when nobody signed in.
func (d *Deps) client() *apiclient.Client {
	if d.Client == nil {
		return nil
	}
	return d.Client()
}

// Local is the account's local copy and its mirror (nil when there is
// none): the one way a page reaches them. Call it in a Cmd (the first use
// opens the file).
func (d *Deps) Local() (*store.Store, *mirror.Mirror) {
	if d.Store == nil {
		return nil, nil
	}
	st := d.Store()
	if st == nil || d.Mirror == nil {
		return st, nil
	}
	return st, d.Mirror()
}

func (d *Deps) context() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d.Timeout)
}
