package ui

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"log/slog"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// headerLines is how many lines the shell draws above the page body
// (section bar and breadcrumb); mouse Y is shifted by it for the page.
const headerLines = 2

// chromeLines is every line the shell draws around the body.
const chromeLines = 4

// Options configure the shell. Only Sections and Makers are required.
type Options struct {
	Sections []Section
	Makers   map[Kind]Maker
	Styles   Styles
	KeyMap   *KeyMap // nil means NewKeyMap(Locale)
	// Locale is the interface's language (the zero value means English).
	Locale locale.Locale

	Account, User string
	Accounts      []AccountChoice
	// OnSwitchAccount is called inside Update when the user picks another
	// account; it must not block. Do the work (new client, token) in the Cmd
	// it returns: the shell rebuilds its pages after that Cmd has finished.
	OnSwitchAccount func(slug string) tea.Cmd

	Logger        *slog.Logger  // nil discards
	ToastDuration time.Duration // 0 means 4s
	CacheSize     int           // pages kept off-stack; 0 means 64
	Width, Height int           // size before the first WindowSizeMsg; 0 means 80x24
	// Events are messages from outside the program (APIStatus when the API
	// client retries); Run forwards them.
	Events <-chan tea.Msg
	// Status, when set, is read at start and every StatusEvery (default
	// 15 minutes) for the status bar's API figures.
	Status      StatusSource
	StatusEvery time.Duration
	// AutoRefresh, when positive, is how often the page on top is sent
	// AutoRefresh (settings: [refresh] lists); AutoRefreshEvery, when set,
	// says it afresh before each wait (the account's request plan).
	AutoRefresh      time.Duration
	AutoRefreshEvery func() time.Duration
	// First is the index of the section opened at start (settings:
	// start_section); out of range means the first.
	First int
	// Start, when set, is opened on top of the first section at start (the
	// standalone monitor hands over the record the user chose).
	Start *PageID
	// KeptDrafts, when set, lists (in a Cmd, at start) the ids of the
	// drafts kept on disk, form.DraftID's "kind:id"; the shell names them
	// in a toast.
	KeptDrafts func() ([]string, error)
}

// cached is a page in the cache with the time it was last on top.
type cached struct {
	page Page
	seen uint64
}

// Model is the root model. Use New; it implements tea.Model with a pointer
// receiver.
type Model struct {
	opts   Options
	keys   KeyMap
	styles Styles
	log    *slog.Logger

	width, height int

	section int        // index into opts.Sections
	stacks  [][]PageID // one stack per section; [0] is the section's root
	cache   map[PageID]*cached
	clock   uint64 // orders cache use for eviction

	overlays []overlay // the last one is on top and captures keys
	toast    toastState
	status   APIStatus
	account  string

	spin     spinner.Model
	spinning bool // a spinner tick is in flight
	help     help.Model
	quitting bool
	// statusGen numbers the status timer chain (accountstatus.go).
	statusGen int
	// inputs counts key presses and clicks; autorefresh.go compares it
	// between ticks to tell a user at work from a screen left alone.
	inputs, inputsAtTick, idleTicks int
}

// New builds the shell; the first section's root is opened by Init.
func New(opts Options) *Model {
	if opts.Locale.Tag == "" {
		opts.Locale = locale.New(locale.English)
	}
	keys := NewKeyMap(opts.Locale)
	if opts.KeyMap != nil {
		keys = *opts.KeyMap
	}
	if opts.ToastDuration <= 0 {
		opts.ToastDuration = 4 * time.Second
	}
	if opts.CacheSize <= 0 {
		opts.CacheSize = 64
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	m := &Model{
		opts:    opts,
		keys:    keys,
		styles:  opts.Styles,
		log:     logger,
		width:   80,
		height:  24,
		stacks:  make([][]PageID, len(opts.Sections)),
		cache:   map[PageID]*cached{},
		account: opts.Account,
		spin:    spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(opts.Styles.Spinner)),
		help:    help.New(),
	}
	if opts.Width > 0 && opts.Height > 0 {
		m.width, m.height = opts.Width, opts.Height
	}
	m.help.Styles = opts.Styles.HelpLine
	m.help.ShortSeparator = " · "
	m.keys.Accounts.SetEnabled(len(opts.Accounts) > 0)
	return m
}

// Init opens the first section.
func (m *Model) Init() tea.Cmd {
	if len(m.opts.Sections) == 0 {
		return nil
	}
	first := m.opts.First
	if first < 0 || first >= len(m.opts.Sections) {
		first = 0
	}
	cmd := m.selectSection(first)
	if m.opts.Start != nil {
		cmd = tea.Sequence(cmd, Emit(Open{ID: *m.opts.Start}))
	}
	return m.afterUpdate(tea.Batch(cmd, m.scheduleAutoRefresh(), m.fetchStatus(), m.listKeptDrafts()))
}

// Update routes one message; see DESIGN.md for the rules.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return m, m.afterUpdate(m.update(msg))
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	if sc, ok := msg.(StatusCarrier); ok {
		m.mergeStatus(sc.APIStatus())
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		if p := m.Top(); p != nil {
			p.SetSize(m.bodySize())
		}
		return nil
	case tea.KeyMsg:
		m.inputs++
		return m.handleKey(msg)
	case tea.MouseMsg:
		m.inputs++
		return m.handleMouse(msg)
	case quitNow:
		m.quitting = true
		return tea.Quit
	case draftsKept:
		return m.keptDrafts(msg)
	case autoRefreshTick:
		return m.autoRefresh()
	case statusTick:
		if msg.gen != m.statusGen {
			return nil
		}
		return m.fetchStatus()
	case statusAnswer:
		return m.statusAnswered(msg)
	case spinner.TickMsg:
		if msg.ID == m.spin.ID() {
			return m.spinTick(msg)
		}
	case Open:
		return m.open(msg.ID)
	case Back:
		m.back()
		return nil
	case Replace:
		return m.replace(msg.ID)
	case Toast:
		return m.toast.show(msg, m.opts.ToastDuration)
	case toastExpired:
		m.toast.expire(msg.id)
		return nil
	case ShowError:
		m.pushOverlay(newErrorPanel(msg))
		return m.logCmd(slog.LevelWarn, "error shown", "what", msg.What, "err", msg.Err)
	case Confirm:
		m.pushOverlay(&confirmDialog{question: msg.Question, yes: msg.Yes, alt: msg.Alt, altLabel: msg.AltLabel})
		return nil
	case APIStatus:
		return nil // merged above, like every StatusCarrier's
	case Changed:
		return m.broadcast(msg)
	case SwitchAccount:
		return m.switchAccount(msg.Slug, msg.Then)
	case accountSwitched:
		cmd := tea.Batch(m.reopenAfterSwitch(msg.slug), m.refetchStatus())
		if msg.then != nil {
			return tea.Sequence(cmd, Emit(Open{ID: *msg.then}))
		}
		return cmd
	case Routed:
		if c, ok := m.cache[msg.Target()]; ok {
			return c.page.Update(msg)
		}
		return m.logCmd(slog.LevelDebug, "dropped message for closed page", "kind", string(msg.Target().Kind), "id", msg.Target().ID)
	}
	if p := m.Top(); p != nil {
		return p.Update(msg)
	}
	return nil
}

// handleKey: ctrl+c quits (asking first while a form holds unsent input; a
// second ctrl+c always quits); an open overlay takes every other key;
// then global keys unless the page is typing; then the page.
func (m *Model) handleKey(msg tea.KeyMsg) tea.Cmd {
	if key.Matches(msg, m.keys.ForceQuit) {
		return m.quit()
	}
	if n := len(m.overlays); n > 0 {
		closed, cmd := m.overlays[n-1].update(m, msg)
		if closed {
			m.overlays = m.overlays[:n-1]
		}
		return cmd
	}
	top := m.Top()
	if c, ok := top.(Capturing); ok && c.Capturing() {
		return top.Update(msg)
	}
	switch {
	case key.Matches(msg, m.keys.Quit):
		return m.quit()
	case key.Matches(msg, m.keys.Help):
		m.pushOverlay(&helpOverlay{})
		return nil
	case key.Matches(msg, m.keys.Accounts):
		m.pushOverlay(newAccountSwitcher(m.opts.Accounts, m.account))
		return nil
	case key.Matches(msg, m.keys.NextSection) && len(m.opts.Sections) > 0:
		return m.selectSection((m.section + 1) % len(m.opts.Sections))
	case key.Matches(msg, m.keys.PrevSection) && len(m.opts.Sections) > 0:
		return m.selectSection((m.section + len(m.opts.Sections) - 1) % len(m.opts.Sections))
	case key.Matches(msg, m.keys.Section):
		for i, s := range m.opts.Sections {
			if s.Key == msg.String() {
				return m.selectSection(i)
			}
		}
	case key.Matches(msg, m.keys.Back) && m.depth() > 1:
		m.back()
		return nil
	}
	if top != nil {
		return top.Update(msg)
	}
	return nil
}

// handleMouse: a click on the section bar selects a section; everything else
// goes to the page with Y relative to the body's first line.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if len(m.overlays) > 0 {
		return nil
	}
	if msg.Y == 0 && msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress {
		_, spans := m.sectionBar()
		for i, sp := range spans {
			if msg.X >= sp.from && msg.X < sp.to {
				return m.selectSection(i)
			}
		}
		return nil
	}
	_, bodyH := m.bodySize()
	y := msg.Y - headerLines
	if !tea.MouseEvent(msg).IsWheel() && (y < 0 || y >= bodyH) {
		return nil
	}
	msg.Y = y
	if p := m.Top(); p != nil {
		return p.Update(msg)
	}
	return nil
}

// afterUpdate starts the spinner when something has started loading.
func (m *Model) afterUpdate(cmd tea.Cmd) tea.Cmd {
	if !m.spinning && m.busy() {
		m.spinning = true
		return tea.Batch(cmd, m.spin.Tick)
	}
	return cmd
}

// spinTick advances the spinner only while some page loads: when idle the
// chain of ticks ends, so an idle program receives no messages.
func (m *Model) spinTick(msg spinner.TickMsg) tea.Cmd {
	if !m.busy() {
		m.spinning = false
		return nil
	}
	var cmd tea.Cmd
	m.spin, cmd = m.spin.Update(msg)
	return cmd
}

func (m *Model) anyLoading() bool {
	for _, c := range m.cache {
		if c.page.Loading() {
			return true
		}
	}
	return false
}

func (m *Model) mergeStatus(s APIStatus) {
	if s.Conn == ConnOffline && m.status.Conn != ConnOffline {
		m.status.OfflineSince = s.OfflineSince
	}
	if s.Conn != ConnUnknown {
		m.status.Conn = s.Conn
	}
	if s.RateLimit != 0 || s.RateRemaining != 0 {
		m.status.RateRemaining, m.status.RateLimit = s.RateRemaining, s.RateLimit
	}
	if s.CallsLimit != 0 || s.CallsUsed != 0 {
		m.status.CallsUsed, m.status.CallsLimit = s.CallsUsed, s.CallsLimit
	}
	if !s.LastRefresh.IsZero() {
		m.status.LastRefresh = s.LastRefresh
	}
}

func (m *Model) pushOverlay(o overlay) { m.overlays = append(m.overlays, o) }

// logCmd logs from a Cmd, keeping file I/O out of Update.
func (m *Model) logCmd(level slog.Level, text string, args ...any) tea.Cmd {
	l := m.log
	return func() tea.Msg {
		l.Log(context.Background(), level, text, args...)
		return nil
	}
}

func (m *Model) bodySize() (int, int) {
	return m.width, max(m.height-chromeLines, 0)
}

// Top returns the page on top of the current section's stack (nil before Init).
func (m *Model) Top() Page {
	id, ok := m.TopID()
	if !ok {
		return nil
	}
	if c, ok := m.cache[id]; ok {
		return c.page
	}
	return nil
}

// TopID returns the id of the page on top.
func (m *Model) TopID() (PageID, bool) {
	if len(m.stacks) == 0 || len(m.stacks[m.section]) == 0 {
		return PageID{}, false
	}
	s := m.stacks[m.section]
	return s[len(s)-1], true
}

// SectionIndex returns the index of the current section.
func (m *Model) SectionIndex() int { return m.section }

// Stack returns a copy of the current section's page stack, root first.
func (m *Model) Stack() []PageID {
	if m.section < 0 || m.section >= len(m.stacks) {
		return nil
	}
	return append([]PageID(nil), m.stacks[m.section]...)
}

// Quitting reports whether the shell has asked the program to quit.
func (m *Model) Quitting() bool { return m.quitting }

// Account returns the slug of the account in use.
func (m *Model) Account() string { return m.account }
