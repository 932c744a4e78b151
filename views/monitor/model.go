// Package monitor is kasa's side-screen monitor: open to-dos, the latest
// events, overdue and unpaid counts and low stock in a compact layout that
// stays current for a small, fixed share of the API quota (see package poll).
// It runs on its own (`kasa monitor`, Run) or as a page of the shell (NewPage).
package monitor

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"io"
	"log/slog"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/textclean"
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

// Options configure the monitor: Client (or Source) and Account for one
// account, or Accounts for several (kasa monitor --all).
type Options struct {
	// Client reads the API; Source overrides it (tests, the demo).
	Client *apiclient.Client
	Source poll.Source
	// Copy is the account's local copy the counts are read from
	// (poll.Config.Copy); nil reads them page by page.
	Copy func() poll.Copy
	// Account is the account slug: it names the cache file.
	Account string
	// Accounts are the accounts watched at once, each with its own budget
	// under its own quota; set, they replace Client, Source and Account.
	Accounts []Account
	// CacheDir is config.Paths.CacheDir; empty means no cache.
	CacheDir string
	// SharePercent is Settings.MonitorQuotaShare (1..100; 0 means 75).
	SharePercent float64
	// Floor is Settings.Refresh.MonitorFloor (0 means 30 s).
	Floor time.Duration
	// Work is when the plan is mostly spent (zero: poll.DefaultWork).
	Work poll.WorkHours
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
	// Locale is the language and how money and dates are written (zero:
	// English).
	Locale locale.Locale
	// MaxFPS caps how often the standalone screen is redrawn (0: DefaultMaxFPS).
	// Bubble Tea's renderer wakes at this rate even when nothing changes, so
	// it is most of what an idle monitor costs.
	MaxFPS int
}

// Account is one account the monitor watches.
type Account struct {
	Slug string
	// Label marks the account's rows when several are watched (poll.Labels
	// picks one when it is empty).
	Label  string
	Source poll.Source
	// Copy is the account's local copy (poll.Config.Copy).
	Copy func() poll.Copy
	// Requests counts the requests really sent for this account; nil
	// counts the monitor's calls.
	Requests func() int64
}

// DefaultMaxFPS redraws often enough that keys feel immediate while an idle
// monitor wakes a few times a second instead of sixty.
const DefaultMaxFPS = 8

// Model is the monitor's Bubble Tea model, shared by Run and NewPage.
type Model struct {
	opts       Options
	standalone bool
	members    []*member
	// filter narrows the screen to one account (-1: every account).
	filter int

	width, height int
	cursor        int
	flash         string
	title         string
	focused       bool

	keys   keyMap
	styles ui.Styles
	opened *Opened
	// timer makes the Cmd that delivers msg after d (tea.Tick; tests swap it).
	timer func(d time.Duration, msg tea.Msg) tea.Cmd
}

// member is one watched account: its poller and cache, and its own timer
// loop (gen) with its own in-flight guard, so one account's slow or failing
// fetch never holds another's.
type member struct {
	acct      Account
	cachePath string
	poller    *poll.Poller
	snap      poll.Snapshot
	loaded    bool
	fetching  bool
	gen       int // the timer generation: older ticks are dropped
}

// Opened is the record the user chose in the standalone monitor, and the
// account it belongs to.
type Opened struct {
	Page    ui.PageID
	Account string
}

// New builds the model; it paints the cached state at once and fetches when due.
func New(opts Options) *Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Locale.Tag == "" {
		opts.Locale = locale.New(locale.English)
	}
	if len(opts.Accounts) == 0 {
		src := opts.Source
		if src == nil && opts.Client != nil {
			src = poll.NewSource(opts.Client)
		}
		opts.Accounts = []Account{{Slug: opts.Account, Source: src, Copy: opts.Copy, Requests: opts.Requests}}
	}
	slugs := make([]string, len(opts.Accounts))
	for i, a := range opts.Accounts {
		slugs[i] = a.Slug
	}
	labels := poll.Labels(slugs)
	m := &Model{opts: opts, keys: newKeyMap(opts.Locale, len(opts.Accounts) > 1), styles: opts.Styles, timer: tick, filter: -1}
	for _, a := range opts.Accounts {
		if a.Label == "" {
			a.Label = labels[a.Slug]
		}
		mem := &member{acct: a}
		if opts.CacheDir != "" {
			mem.cachePath = poll.CachePath(opts.CacheDir, a.Slug)
		}
		m.members = append(m.members, mem)
	}
	return m
}

// several reports whether more than one account is watched.
func (m *Model) several() bool { return len(m.members) > 1 }

// Messages of the monitor. Each is Routed to the monitor page, so it finds
// the page inside the shell even when another page is on top.

type loadedMsg struct {
	member int
	st     poll.State
}

type tickMsg struct{ member, gen int }

type fetchedMsg struct {
	member int
	res    poll.Result
}

type toggledMsg struct {
	member int
	id     int64
	err    error
}

type savedMsg struct{}

// PageID is the monitor page's id inside the shell.
func PageID() ui.PageID { return ui.PageID{Kind: nav.Monitor} }

func (loadedMsg) Target() ui.PageID  { return PageID() }
func (tickMsg) Target() ui.PageID    { return PageID() }
func (fetchedMsg) Target() ui.PageID { return PageID() }
func (toggledMsg) Target() ui.PageID { return PageID() }
func (savedMsg) Target() ui.PageID   { return PageID() }

// Init reads each account's cache, each in its own Cmd.
func (m *Model) Init() tea.Cmd {
	cmds := make([]tea.Cmd, len(m.members))
	for i, mem := range m.members {
		path, logger, account := mem.cachePath, m.opts.Logger, mem.acct.Slug
		cmds[i] = func() tea.Msg {
			if path == "" {
				return loadedMsg{member: i}
			}
			st, err := poll.LoadCache(path, account)
			if err != nil {
				logger.Warn("monitor cache not read", "account", account, "err", err)
			}
			return loadedMsg{member: i, st: st}
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) pollConfig(a Account) poll.Config {
	share := m.opts.SharePercent / 100
	return poll.Config{
		Source: a.Source, Copy: a.Copy, Account: a.Slug, Now: m.opts.Now, Loc: m.opts.Loc,
		Share: share, Floor: m.opts.Floor, Work: m.opts.Work, Requests: a.Requests,
	}
}

// start makes an account's poller from its loaded state and arms its timer.
func (m *Model) start(i int, st poll.State) tea.Cmd {
	mem := m.members[i]
	mem.poller = poll.New(m.pollConfig(mem.acct), st)
	mem.snap = mem.poller.Snapshot()
	mem.loaded = true
	return tea.Batch(m.arm(i), m.titleCmd())
}

// arm starts an account's single timer for its next fetch (or a shorter
// wake-up).
func (m *Model) arm(i int) tea.Cmd {
	mem := m.members[i]
	mem.gen++
	d := mem.snap.Next.Sub(m.opts.Now())
	if d < 0 {
		d = 0
	}
	return m.timer(min(d, maxTimer), tickMsg{member: i, gen: mem.gen})
}

// tick delivers msg after d with the program's timer.
func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	if d <= 0 {
		return func() tea.Msg { return msg }
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// fetch runs one cycle of an account off the update loop.
func (m *Model) fetch(i int, force bool) tea.Cmd {
	mem := m.members[i]
	mem.fetching = true
	mem.gen++ // a pending tick is now stale
	p := mem.poller
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		return fetchedMsg{member: i, res: p.Run(ctx, force)}
	}
}

// save writes an account's cache off the update loop.
func (m *Model) save(i int) tea.Cmd {
	mem := m.members[i]
	if mem.cachePath == "" || mem.poller == nil {
		return nil
	}
	path, st, logger := mem.cachePath, mem.poller.State(), m.opts.Logger
	return func() tea.Msg {
		if err := poll.SaveCache(path, st); err != nil {
			logger.Warn("monitor cache not written", "err", err)
		}
		return savedMsg{}
	}
}

// saveAll writes every account's cache.
func (m *Model) saveAll() tea.Cmd {
	cmds := make([]tea.Cmd, len(m.members))
	for i := range m.members {
		cmds[i] = m.save(i)
	}
	return tea.Batch(cmds...)
}

// Update handles a message; it returns the page's Cmd.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case loadedMsg:
		if m.members[msg.member].loaded {
			return nil
		}
		return m.start(msg.member, msg.st)
	case tickMsg:
		mem := m.members[msg.member]
		if msg.gen != mem.gen || mem.fetching || mem.poller == nil {
			return nil // a stale timer, or a fetch already running: dropped
		}
		if !mem.poller.Due(m.opts.Now()) {
			return m.arm(msg.member)
		}
		return m.fetch(msg.member, false)
	case fetchedMsg:
		return m.fetched(msg.member, msg.res)
	case toggledMsg:
		mem := m.members[msg.member]
		mem.snap = mem.poller.Snapshot()
		if msg.err != nil {
			m.flash = "! " + m.opts.Locale.Tf("could not toggle: %v", msg.err)
			return tea.Batch(m.save(msg.member), m.titleCmd())
		}
		return tea.Batch(m.save(msg.member), m.titleCmd(), m.changedCmd(msg.id))
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
	case tea.FocusMsg:
		m.focused = true
	case tea.BlurMsg:
		// The user looked at the monitor and went back to work: what was
		// on the screen has been seen.
		if m.focused {
			m.focused = false
			m.markAllSeen()
			return tea.Batch(m.saveAll(), m.titleCmd())
		}
	case tea.KeyMsg:
		return m.key(msg)
	}
	return nil
}

// markAllSeen marks what every shown account holds as seen.
func (m *Model) markAllSeen() {
	for i, mem := range m.members {
		if mem.poller != nil && m.shows(i) {
			mem.poller.MarkAllSeen()
			mem.snap = mem.poller.Snapshot()
		}
	}
}

// shows reports whether account i is on the screen (the filter).
func (m *Model) shows(i int) bool { return m.filter < 0 || m.filter == i }

func (m *Model) fetched(i int, res poll.Result) tea.Cmd {
	mem := m.members[i]
	mem.fetching = false
	mem.snap = mem.poller.Snapshot()
	m.flash = ""
	if res.Err != nil {
		m.opts.Logger.Warn("monitor fetch failed", "account", mem.acct.Slug, "err", res.Err)
	}
	m.clampCursor()
	return tea.Batch(m.arm(i), m.save(i), m.titleCmd(), m.alert(res.NewEvents, mem.snap.State.Counts), m.statusCmd())
}

// fetching reports whether any account's fetch runs.
func (m *Model) fetching() bool {
	for _, mem := range m.members {
		if mem.fetching {
			return true
		}
	}
	return false
}

// loaded reports whether every account's cache has been read.
func (m *Model) loaded() bool {
	for _, mem := range m.members {
		if !mem.loaded {
			return false
		}
	}
	return true
}

// statusCmd tells the shell's status bar about the connection and the quota
// (inside the shell only; standalone there is no status bar).
func (m *Model) statusCmd() tea.Cmd {
	if m.standalone {
		return nil
	}
	st := m.members[0].snap.State // the shell's own account
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
	t := textclean.Line(windowTitle(m.opts.Locale, m.states()))
	if t == m.title {
		return nil
	}
	m.title = t
	return tea.SetWindowTitle(t)
}
