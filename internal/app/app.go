package app

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/poll"
	"io"
	"log/slog"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// App is what both the application and the monitor run on: the session,
// the settings and places it was opened with, and the quota meter.
type App struct {
	Session  *Session
	Settings config.Settings
	Paths    config.Paths
	Logger   *slog.Logger
	quota    quotaMeter
}

// Terminal is what the pages may touch of the terminal kasa runs in.
type Terminal struct {
	// Getenv reads NO_COLOR and the like.
	Getenv func(string) string
	// Out receives the clipboard's OSC 52 sequence.
	Out io.Writer
}

// Deps builds what every page needs, styled for term and the theme setting.
func (a *App) Deps(term Terminal) *common.Deps {
	styles := ui.StylesFromEnv(term.Getenv)
	ts := table.PlainStyles()
	if !styles.NoColor {
		dark := lipgloss.HasDarkBackground()
		switch a.Settings.Theme {
		case config.ThemeDark:
			dark = true
		case config.ThemeLight:
			dark = false
		}
		ts = table.DefaultStyles(dark)
	}
	local := newLocalCopy(a.Paths.CacheDir, func() string { return a.Session.Client().AccountSlug() }, a.Logger)
	a.Session.onClose(local.Close)
	return common.Deps{
		Client:       a.Session.Client,
		Styles:       styles,
		TableStyles:  ts,
		Copy:         common.OSC52Copy(term.Out),
		DownloadDir:  common.DefaultDownloadDir(),
		DraftsDir:    a.Paths.DraftsDir(),
		Journal:      a.Session.Journal(),
		CacheDir:     a.Paths.CacheDir,
		Watch:        a.watched(),
		Store:        local.Store,
		Mirror:       local.Mirror,
		MonitorShare: a.Settings.MonitorQuotaShare,
		MonitorFloor: a.Settings.Refresh.MonitorFloor.Duration,
		MonitorWork:  a.work(),
		Requests:     a.Session.Requests,
		Label:        a.Session.Label(),
		Logger:       a.Logger,
		L:            locale.New(locale.Resolve(a.Settings.Locale, term.Getenv)),
	}.WithDefaults()
}

// watched are the accounts monitor_accounts names: every account the user
// reaches for "all", else the listed slugs.
func (a *App) watched() []string {
	if !a.Settings.MonitorAccounts.All {
		return a.Settings.MonitorAccounts.Slugs
	}
	var out []string
	for _, acct := range a.Session.Accounts() {
		out = append(out, acct.Slug)
	}
	return out
}

// ShellOptions are the shell's options on d: every page, the session's
// account and user, the settings' refresh, the quota meter and the
// session's news. start, when set, is opened first.
func (a *App) ShellOptions(d *common.Deps, start *ui.PageID) ui.Options {
	o := a.Session.ShellOptions(d)
	a.Session.settleJournal(d.L, a.Logger)
	o.Logger = a.Logger
	o.Start = start
	if first, ok := nav.Index(ui.Kind(a.Settings.StartSection)); ok {
		o.First = first
	}
	o.AutoRefresh = a.Settings.Refresh.Lists.Duration
	o.AutoRefreshEvery = a.refreshEvery
	o.Status = a.status
	o.Events = a.Session.events
	if d.DraftsDir != "" {
		// The same store the forms write (views/forms), read at start.
		o.KeptDrafts = form.FileDrafts{Dir: d.DraftsDir, Account: a.Session.Client().AccountSlug}.List
	}
	return o
}

// ShellOptions are what any shell on the session needs: the sections, the
// pages made on d, the account, the user and the switch between accounts.
func (s *Session) ShellOptions(d *common.Deps) ui.Options {
	return ui.Options{
		Sections: nav.Sections(),
		Makers:   views.Makers(d),
		Styles:   d.Styles,
		Locale:   d.L,
		Account:  s.Client().AccountSlug(),
		User:     s.user,
		Accounts: s.accounts,
		OnSwitchAccount: func(slug string) tea.Cmd {
			return func() tea.Msg { s.SwitchTo(slug); return nil }
		},
	}
}

// status is the status bar's API figures (ui.StatusSource).
func (a *App) status(ctx context.Context) (ui.APIStatus, error) {
	c := a.Session.Client()
	return a.quota.status(ctx, c.AccountSlug(), a.Session.Requests(), time.Now(),
		func(ctx context.Context) (int, int, error) {
			a, _, err := c.Account.Get(ctx)
			if err != nil {
				return 0, 0, fmt.Errorf("read the account's API figures: %w", err)
			}
			return a.APICallsUsed, a.APICallsLimit, nil
		})
}

// refreshEvery is the account's request plan's pace for the list on screen
// (refreshPace), with the figures the quota meter last read.
func (a *App) refreshEvery() time.Duration {
	used, limit := a.quota.figures(a.Session.Client().AccountSlug(), a.Session.Requests())
	return refreshPace(time.Now(), used, limit, a.Settings, a.work())
}

// refreshPace is how often the list on screen reloads at now: as often as
// the account's plan lets the monitor read (every 15 minutes in working
// hours on a 3,000 plan, less often at night), the account's use so far
// counted as other traffic, never more often than [refresh] lists. Until
// the account's figures are read the smallest plan is assumed.
func refreshPace(now time.Time, used, limit int, s config.Settings, work poll.WorkHours) time.Duration {
	if limit <= 0 {
		limit = 1500
	}
	p := poll.PlanBudget(poll.BudgetInput{Now: now, Limit: limit, Used: used,
		Share: s.MonitorQuotaShare / 100, Floor: s.Refresh.MonitorFloor.Duration, Work: work})
	return max(s.Refresh.Lists.Duration, p.Interval)
}

// work is the settings' working week ([refresh] work_days, work_hours);
// settings that do not read (Load refuses them) give the default.
func (a *App) work() poll.WorkHours {
	days, start, end, err := a.Settings.Refresh.Work()
	if err != nil {
		return poll.DefaultWork
	}
	return poll.WorkHours{Days: days, Start: start, End: end}
}
