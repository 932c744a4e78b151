// Package form is kasa's form engine: one ui.Page (Host) around a list of
// fields, shared by every form (payments, inventory moves, invoice e-mails,
// subjects, items, webhooks).
//
// Why not huh: huh v0.8 validates a field only when it is left, stops
// updating once completed (a refused submit would need a new form and lose
// the focus), and hides whole groups, not single fields on one screen. The
// forms of kasa need live validation as typed, server errors beside fields
// after a refused submit, fields that appear with a toggle and a preview
// pane, so the host keeps its own small field model over bubbles/textinput.
//
// A form's requests are typed: Load gives a Loaded, a submit and a check give
// a Result. The host runs them in Cmds itself, so no message type is checked
// only at run time.
package form

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// FieldKind says how a field is edited.
type FieldKind int

// Field kinds.
const (
	FieldText     FieldKind = iota // a line of text
	FieldChoice                    // one of Options, ←/→ to choose
	FieldBool                      // yes or no, space to toggle
	FieldInfo                      // shown, never edited
	FieldTextArea                  // several lines; enter breaks a line, tab moves on
	FieldWidget                    // edited by Field.Widget (a table of lines, a picker)
)

// Widget edits a field with a model of its own: a table of document lines,
// a picker that searches the server. Its value is text like every other
// field's, so drafts, Submit, Preview and OnEdit see it as any value.
type Widget interface {
	// Value is the field's value as text (what Values holds, drafts keep).
	Value() string
	// SetValue restores a value (a loaded record, a restored draft).
	SetValue(v string)
	// Update gets every key while the field has the focus (focused true)
	// and every other message that reaches the form (its own answers,
	// ui.Changed). handled is false for a key the widget leaves to the host
	// (tab, esc, ctrl+s), which then moves the focus, cancels or sends.
	Update(msg tea.Msg, focused bool) (handled bool, cmd tea.Cmd)
	// View renders the field's lines (label excluded) at width cells: the
	// first beside the label, the others under it.
	View(width int, focused bool) []string
}

// ErrorTaker is a Widget that shows the service's messages itself: those
// of its key and of keys under it ("lines.name" for the field "lines"),
// by key, so a table can put each beside its line.
type ErrorTaker interface {
	SetErrors(errs map[string][]string)
}

// Option is one choice of a FieldChoice.
type Option struct{ Value, Label string }

// Values are a form's values by field key. Booleans are "true" or "false".
type Values map[string]string

// Bool reads a FieldBool value.
func (v Values) Bool(key string) bool { return v[key] == "true" }

// BoolText is the Values text of b.
func BoolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// Field is one line of a form. Key is the API field name, so that the
// service's validation messages land beside the right field.
type Field struct {
	Key, Label  string
	Kind        FieldKind
	Options     []Option
	Placeholder string
	CharLimit   int
	// Width of a text input in cells (0: fits CharLimit, at most 24).
	Width int
	// Lines is the height of a FieldTextArea (0 means 3).
	Lines int
	// Aliases are other error keys that belong to this field.
	Aliases []string
	// Validate runs as the user types; an error blocks the submit.
	Validate func(value string, all Values) error
	// Warn is a remark that does not block the submit.
	Warn func(value string, all Values) string
	// Hint is shown after the value (for example "remaining 12 100,00 CZK").
	Hint func(all Values) string
	// Help lines are shown under the field while it has the focus.
	Help []string
	// Hidden hides the field (and leaves its value out of the submit).
	Hidden func(all Values) bool
	// Note is shown under the field whatever the focus (why it is read-only).
	Note string
	// Widget edits a FieldWidget.
	Widget Widget
	// Secret masks a text field's value (a credential) until ctrl+t shows it.
	Secret bool
	// Input is what the field holds: an amount or a day is typed as the
	// locale writes it ("1 234,50", "23. 11. 2026"), shown in that form,
	// and handed to Validate, Hint, Warn, Preview, OnEdit and Submit in the
	// API's ("1234.50", "2026-11-23").
	Input Input
}

// Input is the kind of value a text field holds.
type Input int

// Inputs.
const (
	InputText   Input = iota // any text, as typed
	InputAmount              // a decimal number
	InputDate                // a day
)

// Spec is a loaded form: its fields with their first values and what
// submitting does.
type Spec struct {
	Title string
	// Noun names what the form makes, for questions: "payment".
	Noun    string
	Intro   []string
	Fields  []Field
	Initial Values
	// ReadOnly, when set, is why the form cannot be submitted; it is shown
	// and the submit keys do nothing.
	ReadOnly string
	// Unlock, when set, lifts the lock of the record the form edits (the
	// service's unlock action): offered on its key (ctrl+l) while the form
	// is ReadOnly or after a send the service refused as locked
	// (Result.Locked). When its Result is Done, its messages are delivered
	// and the form becomes editable, keeping what was typed.
	Unlock Task
	// Submit makes the task that sends the visible values.
	Submit func(v Values) Task
	// Confirm, when it returns a question, is asked before the send (paying
	// more than what remains); "" sends at once.
	Confirm func(v Values) string
	// Preview renders lines shown under the fields (width is the body's).
	Preview func(v Values, width int) []string
	// OnEdit runs after the user changed key; it may change other values
	// (a default that follows another field until the user sets it).
	OnEdit func(key string, v Values, touched func(string) bool)
}

// Loaded is what Options.Load gives: the form, or why it could not be
// read, and the connection after the reading.
type Loaded struct {
	Spec   *Spec
	Err    error
	Status ui.APIStatus
}

// Task is one request of a form: a send, or a check after an unknown
// outcome. The host runs it inside a Cmd, never in Update.
type Task func() Result

// Result is the answer to a submit (or to a check after an unknown
// outcome).
type Result struct {
	// Done, when not empty, means success: the host deletes the draft,
	// resets itself and delivers Done's messages in order (ui.Back, a
	// ui.Toast and a ui.Changed for each record the form changed).
	Done []tea.Msg
	// FieldErrors are the service's validation messages by field name.
	FieldErrors map[string][]string
	// Problem says in words what failed; the input is kept.
	Problem string
	// Locked: the service refused the send because the record is locked;
	// the form offers the spec's Unlock.
	Locked bool
	// Unknown means the request may or may not have been carried out.
	Unknown bool
	// Entry, with Unknown, is the write's entry in the journal of writes:
	// the draft keeps it, so a restored draft is settled before it is sent.
	Entry string
	// Check, with Unknown, reads the service to settle the write: Done when
	// the record is there, NotApplied when a read shows it is not, Unknown
	// (with Check) while reading fails. Without Check the write is harmless
	// to send again (an update): ctrl+y sends it.
	Check Task
	// NotApplied: a read showed the write did not land; the form may send
	// it (and does, when a send key asked for the check).
	NotApplied bool
	// Status is the connection after the request, for the status bar (the
	// zero status changes nothing).
	Status ui.APIStatus
}

// Options configure a Host.
type Options struct {
	ID    ui.PageID
	Title string // breadcrumb title until the form has loaded
	// Load reads what the form needs; the host runs it in a Cmd.
	Load       func() Loaded
	Drafts     DraftStore // nil keeps no drafts
	Styles     ui.Styles
	Now        func() time.Time // nil means time.Now
	Loc        *time.Location   // zone of the draft time shown; nil means Local
	DraftDelay time.Duration    // longest wait from an edit to its draft on disk; 0 means DefaultDraftDelay
	// Locale is the language of the engine's own texts (zero: English).
	Locale locale.Locale
	// Settle makes the check of a write in doubt whose entry a restored
	// draft carries (nil: drafts carry none).
	Settle func(entry string) Task
	// CheckDelay is the wait before the first automatic check after a check
	// that could not read the service; it doubles up to a minute (0 means 2s).
	CheckDelay time.Duration
}
