// Package ui is kasa's terminal shell: the root model with its page stack and
// cache, the section bar, the status bar, help, toasts and overlays. It knows
// nothing of the API or of the pages themselves: internal/app hands it Makers.
package ui

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"
)

// Kind names a kind of page ("subjects", "subject", "expenses", ...).
type Kind string

// PageID identifies one page instance: a list (ID "") or a record's detail page.
type PageID struct {
	Kind Kind
	ID   string
}

// Page is what every page implements. Pages are pointer models: the shell
// keeps them in its cache and calls Update on the same instance, so a page
// revisited later keeps its cursor and data.
type Page interface {
	Init() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
	View() string
	SetSize(width, height int)
	// Title is shown in the breadcrumb line.
	Title() string
	// KeyMap lists the page's own keys; the shell merges them with its
	// global keys for the short help line and the `?` overlay.
	KeyMap() help.KeyMap
	// Loading drives the status-bar spinner.
	Loading() bool
}

// Capturing is implemented by a page that can have a text input focused
// (search box, form). While Capturing returns true the shell does not treat
// letters such as q, 1-9 or ? as global keys; only ctrl+c stays global.
type Capturing interface {
	Capturing() bool
}

// Routed is implemented by asynchronous results that belong to one page.
// The shell delivers such a message to the cached page with that ID even when
// the page is not on top, and drops it when no such page is cached any more.
type Routed interface {
	Target() PageID
}

// Maker builds a page for an id. Makers are handed to the shell by internal/app.
type Maker func(id PageID) (Page, error)

// Section is one entry of the section bar.
type Section struct {
	Key   string // the key that selects it, "1" to "9"
	Title string
	// Short is a shorter title the section bar uses when the full ones do
	// not fit ("Stock" for "Inventory"); "" keeps Title.
	Short string
	Root  PageID // the page shown when the section is selected
}

// AccountChoice is one account offered by the account switcher.
type AccountChoice struct {
	Slug, Name string
}
