// Package inbox is the inbox section: the list of uploaded files with their
// OCR status (kept current while a file is with OCR), a file's detail page,
// upload with or without OCR, download, delete and send to OCR.
package inbox

import (
	"time"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// DefaultPollEvery is how often the list asks again while a file is with OCR.
const DefaultPollEvery = 3 * time.Second

// Options tune the inbox pages.
type Options struct {
	// PollEvery is the OCR status re-fetch interval (0 means DefaultPollEvery).
	PollEvery time.Duration
}

// Makers are the inbox pages with the default options.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker { return MakersWith(d, Options{}) }

// MakersWith are the inbox pages with the given options.
func MakersWith(d *common.Deps, o Options) map[ui.Kind]ui.Maker {
	if o.PollEvery <= 0 {
		o.PollEvery = DefaultPollEvery
	}
	return map[ui.Kind]ui.Maker{
		nav.Inbox:     func(id ui.PageID) (ui.Page, error) { return NewList(d, id, o) },
		nav.InboxFile: func(id ui.PageID) (ui.Page, error) { return NewDetail(d, id, o) },
	}
}
