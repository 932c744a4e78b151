// Package subjects is the contacts section: the subject list and a
// subject's detail page, with its invoices and expenses one key away.
package subjects

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Makers are the subject pages.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Subjects: func(id ui.PageID) (ui.Page, error) { return NewList(d, id) },
		nav.Subject:  func(id ui.PageID) (ui.Page, error) { return NewDetail(d, id) },
	}
}

// Keys of the subject pages beyond the shared ones: the subject's documents.
func invoicesKey() key.Binding {
	return key.NewBinding(key.WithKeys("I"), key.WithHelp("I", "invoices"))
}

func expensesKey() key.Binding {
	return key.NewBinding(key.WithKeys("E"), key.WithHelp("E", "expenses"))
}

// documentsOf opens the invoice or expense list filtered to one subject.
func documentsOf(kind ui.Kind, id int64) tea.Cmd {
	return ui.Emit(ui.Open{ID: common.FilteredList(kind, "subject_id", strconv.FormatInt(id, 10))})
}

var filters = []common.FilterField{
	{Name: "custom_id", Label: "Custom id", Kind: common.FieldText},
	{Name: "since", Label: "Created since", Kind: common.FieldDate},
	{Name: "updated_since", Label: "Updated since", Kind: common.FieldDate},
}

// List is the subject list: n adds a subject (also on an empty list), e
// edits the selected one, d deletes it.
type List struct {
	*common.ListPage[apiclient.Subject]
}

func newSubject() tea.Cmd { return ui.Emit(ui.Open{ID: forms.NewSubjectPage()}) }

// NewList is the subject list.
func NewList(d *common.Deps, id ui.PageID) (*List, error) {
	list, err := common.NewList(d, id, common.ListConfig[apiclient.Subject]{
		Kind:   nav.Subject,
		Title:  "Subjects",
		Noun:   "subjects",
		Export: "subjects",
		Columns: []table.Column{
			{Title: "Name", Width: 18, Flex: 3},
			{Title: "Type", Width: 9, Priority: 2, Keep: true},
			{Title: "Reg. no.", Width: 10, Priority: 3, Keep: true},
			{Title: "E-mail", Width: 18, Flex: 2, Priority: 1},
			{Title: "City", Width: 12, Flex: 1, Priority: 4},
			{Title: "Id", Width: 6, Align: lipgloss.Right, Priority: 5, Keep: true},
		},
		Cells: func(s apiclient.Subject) []string {
			return []string{s.Name, d.L.T(s.Type), s.RegistrationNo, s.Email, s.City, strconv.FormatInt(s.ID, 10)}
		},
		Sorts: []common.Sort[apiclient.Subject]{
			common.ByText("name", func(s *apiclient.Subject) string { return s.Name }),
			common.ByText("type", func(s *apiclient.Subject) string { return s.Type }),
			common.ByText("reg. no.", func(s *apiclient.Subject) string { return s.RegistrationNo }),
			common.ByText("e-mail", func(s *apiclient.Subject) string { return s.Email }),
			common.ByText("city", func(s *apiclient.Subject) string { return s.City }),
			common.ByInt("id", func(s *apiclient.Subject) int64 { return s.ID }),
		},
		ID:    func(s apiclient.Subject) int64 { return s.ID },
		Local: store.Subjects,
		Fetch: fetch,
		// The rows shown teach the session their names (no request), so
		// to-dos and events name what they relate to.
		Named:      func(s apiclient.Subject) (string, string) { return common.NameSubject, s.Name },
		SearchHint: "name, e-mail, registration or VAT number, note",
		Filters:    filters,
		Empty:      "No subjects yet: press n to add one.",
		Open:       func(s apiclient.Subject) ui.PageID { return nav.Record(nav.Subject, s.ID) },
		URL:        func(s apiclient.Subject) string { return s.HTMLURL },
		CopyValue:  func(s apiclient.Subject) (string, string) { return s.RegistrationNo, locale.Key("registration number") },
		CopyLabel:  "copy reg. no.",
		Actions: []common.ListAction[apiclient.Subject]{
			{Key: invoicesKey(), Run: func(s apiclient.Subject) tea.Cmd { return documentsOf(nav.Invoices, s.ID) }},
			{Key: expensesKey(), Run: func(s apiclient.Subject) tea.Cmd { return documentsOf(nav.Expenses, s.ID) }},
			{Key: d.Keys.New, Always: true, Run: func(apiclient.Subject) tea.Cmd { return newSubject() }},
			{Key: d.Keys.Edit, Run: func(s apiclient.Subject) tea.Cmd { return ui.Emit(ui.Open{ID: forms.EditSubjectPage(s.ID)}) }},
			{Key: d.Keys.Delete, Run: func(s apiclient.Subject) tea.Cmd { return DeleteSubjectCmd(d, s, false) }},
		},
	})
	if err != nil {
		return nil, err
	}
	return &List{ListPage: list}, nil
}

func fetch(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.Subject, error) {
	if q.Searching() {
		rows, _, err := c.Subjects.Search(ctx, apiclient.SearchOptions{ListOptions: apiclient.ListOptions{Page: q.Page}, Query: q.Search})
		return rows, err
	}
	rows, _, err := c.Subjects.List(ctx, apiclient.SubjectListOptions{
		ListOptions: apiclient.ListOptions{Page: q.Page},
		DateFilter:  apiclient.DateFilter{Since: q.Date("since"), UpdatedSince: q.Date("updated_since")},
		CustomID:    q.Filter["custom_id"],
	})
	return rows, err
}
