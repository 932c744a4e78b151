// Package monitor is kasa's side-screen monitor: open to-dos, the latest
// events, overdue and unpaid counts and low stock in a compact layout that
// stays current for a small, fixed share of the API quota (see package poll).
// It runs on its own (`kasa monitor`, Run) or as a page of the shell (NewPage).
package monitor

import (
	"context"
	"io"
	"log/slog"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/poll"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// maxTimer caps one wait of the single timer: a laptop that slept does not
// stretch the wait (monotonic timers stop during suspend), and the "fetched
// … ago" line is at most this stale. One wake-up per few minutes is all an
// idle monitor does.
const maxTimer = 5 * time.Minute

// fetchTimeout bounds one cycle, paging included.
const fetchTimeout = 2 * time.Minute

// Options configure the monitor. Client (or Source) and Account are required.
type Options struct {
	// Client reads the API; Source overrides it (tests, the demo).
	Client *apiclient.Client
	Source poll.Source
	// Account is the account slug: it names the cache file.
	Account string
	// CacheDir is config.Paths.CacheDir; empty means no cache.
	CacheDir string
	// SharePercent is Settings.MonitorQuotaShare (1..100; 0 means 25).
	SharePercent float64
	// Floor is Settings.Refresh.MonitorFloor (0 means 30 s).
	Floor time.Duration
	// Loc is the zone of the quota month (nil: the local zone).
	Loc *time.Location
	// Now is the clock (nil: time.Now); tests inject a fixed one.
	Now func() time.Time
	// Requests counts the HTTP requests really sent (poll.CountingTransport.Count).
	Requests func() int64
	// Styles are the shared styles (ui.StylesFromEnv).
	Styles ui.Styles
	// Bell rings the terminal bell when an event named in NotifyEvents arrives.
	Bell bool
	// Notify sends a desktop notification through the terminal for those events.
	Notify NotifyStyle
	// NotifyEvents are the event names that ring or notify; "*" means all.
	NotifyEvents []string
	// Alerts is where the bell and notification sequences go (Run uses the
	// terminal's output when nil).
	Alerts io.Writer
	// Logger gets one line per failed fetch or cache write (nil: discarded).
	Logger *slog.Logger
	// Label is shown in the header ("demo" for `kasa --demo monitor`).
	Label string
	// MaxFPS caps how often the standalone screen is redrawn (0: DefaultMaxFPS).
	// Bubble Tea's renderer wakes at this rate even when nothing changes, so
	// it is most of what an idle monitor costs.
	MaxFPS int
}

// DefaultMaxFPS redraws often enough that keys feel immediate while an idle
// monitor wakes a few times a second instead of sixty.
const DefaultMaxFPS = 8

// Model is the monitor's Bubble Tea model, shared by Run and NewPage.
type Model struct {
	opts       Options
	standalone bool
	cachePath  string
	poller     *poll.Poller
	snap       poll.Snapshot
	loaded     bool

	width, height int
	cursor        int
	gen           int // the timer generation: older ticks are dropped
	fetching      bool
	flash         string
	title         string
	focused       bool

	keys   keyMap
	styles ui.Styles
	opened *ui.PageID
	// timer makes the Cmd that delivers msg after d (tea.Tick; tests swap it).
	timer func(d time.Duration, msg tea.Msg) tea.Cmd
}

// New builds the model; it paints the cached state at once and fetches when due.
func New(opts Options) *Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Source == nil && opts.Client != nil {
		opts.Source = poll.NewSource(opts.Client)
	}
	m := &Model{opts: opts, keys: newKeyMap(), styles: opts.Styles, timer: tick}
	if opts.CacheDir != "" {
		m.cachePath = poll.CachePath(opts.CacheDir, opts.Account)
	}
	return m
}

// Messages of the monitor. Each is Routed to the monitor page, so it finds
// the page inside the shell even when another page is on top.

type loadedMsg struct{ st poll.State }

type tickMsg struct{ gen int }

type fetchedMsg struct{ res poll.Result }

type toggledMsg struct {
	id  int64
	err error
}

type savedMsg struct{}

// PageID is the monitor page's id inside the shell.
func PageID() ui.PageID { return ui.PageID{Kind: nav.Monitor} }

func (loadedMsg) Target() ui.PageID  { return PageID() }
func (tickMsg) Target() ui.PageID    { return PageID() }
func (fetchedMsg) Target() ui.PageID { return PageID() }
func (toggledMsg) Target() ui.PageID { return PageID() }
func (savedMsg) Target() ui.PageID   { return PageID() }

// Init loads the cache.
func (m *Model) Init() tea.Cmd {
	path, logger := m.cachePath, m.opts.Logger
	account := m.opts.Account
	return func() tea.Msg {
		if path == "" {
			return loadedMsg{}
		}
		st, err := poll.LoadCache(path, account)
		if err != nil {
			logger.Warn("monitor cache not read", "err", err)
		}
		return loadedMsg{st: st}
	}
}

func (m *Model) pollConfig() poll.Config {
	share := m.opts.SharePercent / 100
	return poll.Config{
		Source: m.opts.Source, Account: m.opts.Account, Now: m.opts.Now, Loc: m.opts.Loc,
		Share: share, Floor: m.opts.Floor, Requests: m.opts.Requests,
	}
}

// start makes the poller from the loaded state and arms the timer.
func (m *Model) start(st poll.State) tea.Cmd {
	m.poller = poll.New(m.pollConfig(), st)
	m.snap = m.poller.Snapshot()
	m.loaded = true
	return tea.Batch(m.arm(), m.titleCmd())
}

// arm starts the single timer for the next fetch (or a shorter wake-up).
func (m *Model) arm() tea.Cmd {
	m.gen++
	gen := m.gen
	d := m.snap.Next.Sub(m.opts.Now())
	if d < 0 {
		d = 0
	}
	return m.timer(min(d, maxTimer), tickMsg{gen: gen})
}

// tick delivers msg after d with the program's timer.
func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	if d <= 0 {
		return func() tea.Msg { return msg }
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// fetch runs one cycle off the update loop.
func (m *Model) fetch(force bool) tea.Cmd {
	m.fetching = true
	m.gen++ // a pending tick is now stale
	p := m.poller
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		return fetchedMsg{res: p.Run(ctx, force)}
	}
}

// save writes the cache off the update loop.
func (m *Model) save() tea.Cmd {
	if m.cachePath == "" || m.poller == nil {
		return nil
	}
	path, st, logger := m.cachePath, m.poller.State(), m.opts.Logger
	return func() tea.Msg {
		if err := poll.SaveCache(path, st); err != nil {
			logger.Warn("monitor cache not written", "err", err)
		}
		return savedMsg{}
	}
}

// Update handles a message; it returns the page's Cmd.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case loadedMsg:
		if m.loaded {
			return nil
		}
		return m.start(msg.st)
	case tickMsg:
		if msg.gen != m.gen || m.fetching || m.poller == nil {
			return nil // a stale timer, or a fetch already running: dropped
		}
		if !m.poller.Due(m.opts.Now()) {
			return m.arm()
		}
		return m.fetch(false)
	case fetchedMsg:
		return m.fetched(msg.res)
	case toggledMsg:
		m.snap = m.poller.Snapshot()
		if msg.err != nil {
			m.flash = "! could not toggle: " + msg.err.Error()
			return tea.Batch(m.save(), m.titleCmd())
		}
		return tea.Batch(m.save(), m.titleCmd(), m.changedCmd(msg.id))
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
	case tea.FocusMsg:
		m.focused = true
	case tea.BlurMsg:
		// The user looked at the monitor and went back to work: what was
		// on the screen has been seen.
		if m.focused && m.poller != nil {
			m.poller.MarkAllSeen()
			m.snap = m.poller.Snapshot()
			m.focused = false
			return tea.Batch(m.save(), m.titleCmd())
		}
	case tea.KeyMsg:
		return m.key(msg)
	}
	return nil
}

func (m *Model) fetched(res poll.Result) tea.Cmd {
	m.fetching = false
	m.snap = m.poller.Snapshot()
	m.flash = ""
	if res.Err != nil {
		m.opts.Logger.Warn("monitor fetch failed", "err", res.Err)
	}
	m.clampCursor()
	return tea.Batch(m.arm(), m.save(), m.titleCmd(), m.alert(res.NewEvents), m.statusCmd())
}

// statusCmd tells the shell's status bar about the connection and the quota
// (inside the shell only; standalone there is no status bar).
func (m *Model) statusCmd() tea.Cmd {
	if m.standalone {
		return nil
	}
	st := m.snap.State
	conn := ui.ConnOnline
	if st.Failures > 0 {
		conn = ui.ConnOffline
	}
	return ui.Emit(ui.APIStatus{Conn: conn, CallsUsed: st.UsedAtRead + st.OwnSince, CallsLimit: st.Limit, LastRefresh: st.LastSuccess})
}

// titleCmd sets the terminal title when it changed (standalone only: inside
// the shell the title belongs to the application).
func (m *Model) titleCmd() tea.Cmd {
	if !m.standalone {
		return nil
	}
	t := windowTitle(m.snap.State)
	if t == m.title {
		return nil
	}
	m.title = t
	return tea.SetWindowTitle(t)
}
