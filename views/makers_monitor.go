package views

import (
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

// MonitorOptions are the monitor's settings for the current account: the page
// in the shell and the standalone `kasa monitor` use the same.
func MonitorOptions(d *common.Deps) monitor.Options {
	c := d.Client()
	return monitor.Options{
		Client:       c,
		Account:      c.AccountSlug(),
		CacheDir:     d.CacheDir,
		SharePercent: d.MonitorShare,
		Floor:        d.MonitorFloor,
		Requests:     d.Requests,
		Loc:          d.Loc,
		Now:          d.Now,
		Styles:       d.Styles,
		Logger:       d.Logger,
		Label:        d.Label,
	}
}
