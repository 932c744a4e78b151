package common

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// Handing a record to the rest of the desktop: the browser and the
// clipboard, with a toast that says what happened.

// OpenURLCmd opens url in the browser; when there is none it shows the
// address and copies it, so the user can open it elsewhere.
func OpenURLCmd(d *Deps, url string) tea.Cmd {
	if url == "" {
		return ui.Emit(ui.Toast{Text: d.L.T("This record has no web address"), Kind: ui.ToastWarn})
	}
	open := d.OpenURL(url)
	return func() tea.Msg {
		var msg tea.Msg
		if open != nil {
			msg = open()
		}
		if be, failed := msg.(BrowserError); failed {
			return tea.BatchMsg{d.Copy(url), ui.Emit(ui.Toast{Kind: ui.ToastWarn,
				Text: d.L.Tf("No browser to open it (%v). The address was copied: %s", be.Err, url)})}
		}
		return ui.Toast{Text: d.L.T("Opened in the browser"), Kind: ui.ToastInfo}
	}
}

// CopyCmd copies text and toasts "Copied <what>", or says there is nothing.
func CopyCmd(d *Deps, text, what string) tea.Cmd {
	what = d.L.T(what) // a catalog key
	if text == "" {
		return ui.Emit(ui.Toast{Text: d.L.Tf("No %s to copy", what), Kind: ui.ToastWarn})
	}
	return tea.Batch(d.Copy(text), ui.Emit(ui.Toast{Text: d.L.Tf("Copied %s %s", what, text), Kind: ui.ToastSuccess}))
}
