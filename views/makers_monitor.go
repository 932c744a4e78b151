package views

import (
	"slices"

	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/monitor"
	"github.com/kasa-tui/kasa/views/nav"
)

// monitorMakers makes the monitor a page of the shell (section 9), on the
// same budget and cache as `kasa monitor`.
func monitorMakers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Monitor: func(ui.PageID) (ui.Page, error) { return monitor.NewPage(MonitorOptions(d)), nil },
	}
}

// MonitorOptions are the monitor's settings for the current account and
// those of Deps.Watch: the page in the shell and the standalone `kasa
// monitor` use the same.
func MonitorOptions(d *common.Deps) monitor.Options {
	c := d.Client()
	o := monitor.Options{
		Client:       c,
		Copy:         openCopy(d, c.AccountSlug()),
		Account:      c.AccountSlug(),
		CacheDir:     d.CacheDir,
		SharePercent: d.MonitorShare,
		Floor:        d.MonitorFloor,
		Work:         d.MonitorWork,
		Requests:     d.Requests,
		Loc:          d.Loc,
		Now:          d.Now,
		Styles:       d.Styles,
		Logger:       d.Logger,
		Label:        d.Label,
		Locale:       d.L,
	}
	// Several accounts: the open one first (its news reaches the shell's
	// status bar), each with its own client and a budget of its own; their
	// requests are counted by the monitor's calls, since the session's
	// counter adds up every account.
	if watch := watched(c.AccountSlug(), d.Watch); len(watch) > 1 {
		o.Requests = nil
		for i, slug := range watch {
			a := monitor.Account{Slug: slug, Source: poll.NewSource(c.ForAccount(slug))}
			switch {
			case i == 0:
				a.Copy = o.Copy
			case d.CacheDir != "":
				a.Copy = poll.OpenCopy(d.CacheDir, c.ForAccount(slug), d.Logger)
			}
			o.Accounts = append(o.Accounts, a)
		}
	}
	return o
}

// openCopy is the open account's local copy for the monitor's counts: the
// one the pages use (Deps.Store and Mirror), so a list and the monitor
// share one sync; none once another account is open.
func openCopy(d *common.Deps, slug string) func() poll.Copy {
	if d.Store == nil || d.Mirror == nil {
		return nil
	}
	return func() poll.Copy {
		c := d.Client()
		if c == nil || c.AccountSlug() != slug {
			return poll.Copy{}
		}
		st, m := d.Local()
		if st == nil || m == nil {
			return poll.Copy{}
		}
		return poll.Copy{Client: c, Store: st, Mirror: m}
	}
}

// watched is the open account and the others to watch, each once.
func watched(open string, others []string) []string {
	out := []string{open}
	for _, s := range others {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
