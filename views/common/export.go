package common

import (
	"bytes"
	"context"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// exportTimeout bounds a whole export: every page of a long list, each
// request paced by the client's rate limiter.
const exportTimeout = 10 * time.Minute

// ExportKey is x, the export of a list; its help is a catalog key, which
// l translates (the shell translates it where l is the zero locale).
func ExportKey(l locale.Locale) key.Binding {
	return key.NewBinding(key.WithKeys("x"), key.WithHelp("x", l.T("export to CSV (every page)")))
}

// exportList writes the list as it is filtered and searched, every page,
// through ExportCmd.
func (p *ListPage[T]) exportList() tea.Cmd {
	q := p.queryFor(1)
	f, err := export.FromParams(q.Filter, q.Search, q.Date)
	noun := p.d.L.T(p.cfg.Noun)
	if err != nil {
		return ui.Emit(ui.ShowError{What: p.d.L.Tf("export %s", noun), Err: err})
	}
	return ExportCmd(p.d, p.cfg.Export, noun, f)
}

// ExportCmd writes the records of kind (package export's name) that f
// selects, every page (one request a page, through package export, the
// one writer kasa export uses too), as CSV into the folder used last for
// downloads, in a Cmd; noun names them in the toasts.
func ExportCmd(d *Deps, kind, noun string, f export.Filters) tea.Cmd {
	c, dir := d.client(), d.Folders.Last()
	if c == nil {
		return nil
	}
	name := kind + "-" + d.Now().Format(time.DateOnly) + ".csv"
	started := ui.Emit(ui.Toast{Text: d.L.Tf("Exporting every page of %s…", noun)})
	return tea.Batch(started, func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), exportTimeout)
		defer cancel()
		var buf bytes.Buffer
		n, err := export.Write(ctx, c, &buf, export.Options{Kind: kind, Format: export.CSV, Filters: f})
		if err != nil {
			return ui.ShowError{What: d.L.Tf("export %s", noun), Err: err}
		}
		path, err := SaveFile(dir, name, buf.Bytes())
		if err != nil {
			return ui.ShowError{What: d.L.Tf("export %s", noun), Err: err}
		}
		return ui.Toast{Text: d.L.Nf(n, "Exported %d record to %s|Exported %d records to %s", n, path), Kind: ui.ToastSuccess}
	})
}
