package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Messages below are sent to the shell by pages, as the result of their
// tea.Cmds. Emit wraps one in a Cmd.

// Open pushes the page with ID onto the current section's stack. A cached
// page is reused as it was (cursor, data); a new one is made and initialised.
type Open struct{ ID PageID }

// Back pops the top page; on a section root it does nothing.
type Back struct{}

// Replace swaps the top page for the page with ID (e.g. after a record is
// created, its form is replaced by its detail page).
type Replace struct{ ID PageID }

// ToastKind says what a toast reports; each kind has its own symbol.
type ToastKind int

// Toast kinds.
const (
	ToastInfo ToastKind = iota
	ToastSuccess
	ToastWarn
)

// Toast shows a short result for a few seconds, e.g. "Invoice 2026-0042 sent".
type Toast struct {
	Text string
	Kind ToastKind
}

// ShowError opens the error panel: "Could not <What>: <Err>". When Retry is
// not nil the user can press r to run it.
type ShowError struct {
	What  string
	Err   error
	Retry tea.Cmd
}

// Confirm asks a yes/no question before a destructive action. Yes runs only
// when the user confirms; the focused answer starts on No.
type Confirm struct {
	Question string
	Yes      tea.Cmd
	// Alt, when set, is a third answer (key a) beside Yes and No, named
	// AltLabel: "Pay without e-mails" does what Yes does, less something.
	Alt      tea.Cmd
	AltLabel string
}

// ConnState is the state of the connection to the API.
type ConnState int

// Connection states. ConnUnknown is the zero value and means "not known yet".
const (
	ConnUnknown ConnState = iota
	ConnOnline
	ConnRetrying
	ConnOffline
)

// String returns the word shown in the status bar.
func (c ConnState) String() string {
	switch c {
	case ConnOnline:
		return "online"
	case ConnRetrying:
		return "retrying"
	case ConnOffline:
		return "offline"
	default:
		return "–"
	}
}

// APIStatus updates the status bar. Zero fields mean "unknown" and leave the
// value the bar already shows unchanged (a status bar that has never had a
// value shows "–").
type APIStatus struct {
	Conn                     ConnState
	RateRemaining, RateLimit int
	CallsUsed, CallsLimit    int
	LastRefresh              time.Time
	// OfflineSince is when a request found the service unreachable (with
	// Conn ConnOffline); the bar keeps the first until it is online again.
	OfflineSince time.Time
}

// SwitchAccount is emitted by the shell when the user picks an account in the
// switcher. The shell hands it to Options.OnSwitchAccount, then clears its
// page cache and reopens the current section; Then, when set, is opened
// after the switch (the monitor opening a record of another account).
type SwitchAccount struct {
	Slug string
	Then *PageID
}

// Emit returns a Cmd that yields msg; handy for pages:
// `return ui.Emit(ui.Open{ID: id})`.
func Emit(msg tea.Msg) tea.Cmd {
	return func() tea.Msg { return msg }
}

// toastExpired dismisses the toast with the same id, and no other.
type toastExpired struct{ id int }

// accountSwitched follows the OnSwitchAccount hook's Cmd: only then are the
// pages rebuilt, so makers see the new account's client.
type accountSwitched struct {
	slug string
	then *PageID
}
