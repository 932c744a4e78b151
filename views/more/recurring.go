package more

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/more/kit"
	"github.com/kasa-tui/kasa/views/nav"
)

// Active is a recurring generator's state as symbol and word.
func Active(l locale.Locale, active bool) string {
	if active {
		return "▶ " + l.T("active")
	}
	return "‖ " + l.T("paused")
}

func every(l locale.Locale, months int) string {
	if months == 0 {
		return ""
	}
	return l.Nf(months, "every month|every %d months", months)
}

// NewRecurringList is the recurring generator list; it follows pauses and
// activations made on a detail page (ui.Changed with the generator), so
// going back shows the new state.
func NewRecurringList(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.RecurringGenerator], error) {
	return newRecurringList(d, id)
}

func newRecurringList(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.RecurringGenerator], error) {
	return common.NewList(d, id, common.ListConfig[apiclient.RecurringGenerator]{
		Title:  "Recurring generators",
		Noun:   "recurring generators",
		Export: "recurring_generators",
		Columns: []table.Column{
			{Title: "Name", Width: 18, Flex: 1},
			{Title: "State", Width: 8, Keep: true},
			{Title: "Next", Width: d.DateWidth(), Keep: true},
			{Title: "Period", Width: 15, Priority: 1, Keep: true},
			{Title: "Total", Width: 14, Align: lipgloss.Right, Priority: 3, Keep: true},
			{Title: "Subject", Width: 14, Priority: 2},
		},
		Cells: func(r apiclient.RecurringGenerator) []string {
			next := d.Date(r.NextOccurrenceOn)
			if !r.Active {
				next = "–"
			}
			return []string{r.Name, Active(d.L, r.Active), next, every(d.L, r.MonthsPeriod),
				d.Money(r.Total, r.Currency), d.NameOr(common.NameSubject, r.SubjectID, subjectRef(r.SubjectID))}
		},
		Sorts: []common.Sort[apiclient.RecurringGenerator]{
			common.ByText("name", func(r *apiclient.RecurringGenerator) string { return r.Name }),
			common.ByTime("next", func(r *apiclient.RecurringGenerator) time.Time { return r.NextOccurrenceOn.Time }),
			common.ByDecimal("total", func(r *apiclient.RecurringGenerator) apiclient.Decimal { return r.Total }),
		},
		ID:    func(r apiclient.RecurringGenerator) int64 { return r.ID },
		Kind:  nav.RecurringGenerator,
		Local: store.RecurringGenerators,
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.RecurringGenerator, error) {
			rows, _, err := c.RecurringGenerators.List(ctx, generatorOptions(q))
			d.Names.Load(ctx, c, subjectRefs(rows, func(r apiclient.RecurringGenerator) int64 { return r.SubjectID })...)
			return rows, common.Explain(d.L, err, kit.Rules(locale.Key("recurring generators")))
		},
		Filters: generatorFilters,
		Empty:   "No recurring generators yet. Invoices issued on a schedule appear here (the free plan and the two entry-level plans allow one).",
		Open:    func(r apiclient.RecurringGenerator) ui.PageID { return nav.Record(nav.RecurringGenerator, r.ID) },
		URL:     func(r apiclient.RecurringGenerator) string { return r.HTMLURL },
		Actions: append([]common.ListAction[apiclient.RecurringGenerator]{
			{Key: subjectKey(), Run: func(r apiclient.RecurringGenerator) tea.Cmd { return openSubject(d.L, r.SubjectID) }},
		}, editor.ListActions(d, editor.RecurringGeneratorKind, func(r apiclient.RecurringGenerator) int64 { return r.ID },
			editor.DeleteRecurring)...),
	})
}

// Recurring is a recurring generator's detail page; beyond the shared
// detail it pauses and activates the generator, asking for an optional
// next date on activation.
type Recurring struct {
	*common.DetailPage[apiclient.RecurringGenerator]
	d      *common.Deps
	prompt *datePrompt
	busy   bool
	w, h   int
}

func pauseKey() key.Binding {
	return key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause"))
}

func activateKey() key.Binding {
	return key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "activate"))
}

// NewRecurring is a recurring generator's detail page.
func NewRecurring(d *common.Deps, id ui.PageID) (*Recurring, error) {
	p := &Recurring{d: d}
	page, err := common.NewDetail(d, id, common.DetailConfig[apiclient.RecurringGenerator]{
		Local: store.RecurringGenerators,
		Noun:  "recurring generator",
		Title: func(r *apiclient.RecurringGenerator) string { return d.L.Tf("Recurring %s", r.Name) },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.RecurringGenerator, error) {
			r, _, err := c.RecurringGenerators.Get(ctx, id)
			if err == nil {
				learnNames(ctx, d, c, &r.Generator)
			}
			return r, common.Explain(d.L, err, kit.Rules(locale.Key("recurring generators")))
		},
		Render: func(r *apiclient.RecurringGenerator, w int) string { return renderRecurring(r, w, d) },
		URL:    func(r *apiclient.RecurringGenerator) string { return r.HTMLURL },
		Actions: append([]common.DetailAction[apiclient.RecurringGenerator]{
			{Key: pauseKey(), Run: p.pause},
			{Key: activateKey(), Run: p.askActivate},
			{Key: subjectKey(), Run: func(r *apiclient.RecurringGenerator) tea.Cmd { return openSubject(d.L, r.SubjectID) }},
		}, editor.DetailActions(d, editor.RecurringGeneratorKind, func(r *apiclient.RecurringGenerator) int64 { return r.ID },
			func(l locale.Locale, r *apiclient.RecurringGenerator) common.Delete {
				return editor.DeleteRecurring(l, *r)
			})...),
	})

	if err != nil {
		return nil, err
	}
	p.DetailPage = page
	return p, nil
}

// Prompting reports whether the next-date prompt is open.
func (p *Recurring) Prompting() bool { return p.prompt != nil }

func (p *Recurring) pause(r *apiclient.RecurringGenerator) tea.Cmd {
	if !r.Active {
		return ui.Emit(ui.Toast{Text: p.d.L.Tf("%s is paused already", r.Name), Kind: ui.ToastInfo})
	}
	// The send starts on the answer, in Update: starting it here would mark
	// the page busy for a question that may be answered no.
	return ui.Emit(ui.Confirm{Question: p.d.L.Tf("Pause %s? No invoices are made from it until it is activated again.", r.Name),
		Yes: ui.Emit(pauseConfirmed{page: p.ID()})})
}

// pauseConfirmed is the yes to the question before a pause.
type pauseConfirmed struct{ page ui.PageID }

// Target implements ui.Routed.
func (m pauseConfirmed) Target() ui.PageID { return m.page }

func (p *Recurring) askActivate(r *apiclient.RecurringGenerator) tea.Cmd {
	if r.Active {
		// The service refuses to activate an active template: say so at once.
		return ui.Emit(ui.Toast{Text: p.d.L.Tf("%s is active already", r.Name), Kind: ui.ToastInfo})
	}
	p.prompt = newDatePrompt(p.d.L, p.d.L.Tf("Next invoice on (%s, empty: the service picks)", p.d.L.DateHint()), p.d.Now(), p.d.Loc)
	p.SetSize(p.size())
	return nil
}

// send pauses or activates. The answer carries the generator, which this
// page and the list take; a failure reads it again, since a refusal usually
// means it changed elsewhere.
func (p *Recurring) send(r *apiclient.RecurringGenerator, activate bool, next *apiclient.Date) tea.Cmd {
	if p.busy {
		return ui.Emit(ui.Toast{Text: p.d.L.T("Still saving; try again in a moment"), Kind: ui.ToastWarn})
	}
	p.busy = true
	id, name := r.ID, r.Name
	what := p.d.L.Tf("pause %s", name)
	if activate {
		what = p.d.L.Tf("activate %s", name)
	}
	return common.Act(p.d, common.Action[*apiclient.RecurringGenerator]{
		What:    what,
		Refusal: switchRefusal(p.d.L),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.RecurringGenerator, error) {
			if activate {
				rec, _, err := c.RecurringGenerators.Activate(ctx, id, next)
				return rec, err
			}
			rec, _, err := c.RecurringGenerators.Pause(ctx, id)
			return rec, err
		},
		Done: func(rec *apiclient.RecurringGenerator) []tea.Msg {
			text := p.d.L.Tf("%s is paused: it issues no invoices until activated", name)
			if activate && rec != nil {
				text = p.d.L.Tf("%s is active; next invoice on %s", name, p.d.Date(rec.NextOccurrenceOn))
			}
			return []tea.Msg{ui.Changed{Kind: nav.RecurringGenerator, ID: id, Record: rec},
				ui.Toast{Text: text, Kind: ui.ToastSuccess}}
		},
		Failed: func(error) []tea.Msg { return []tea.Msg{ui.Changed{Kind: nav.RecurringGenerator, ID: id}} },
	})
}

// size is the full body size; the prompt takes its lines from it.
func (p *Recurring) size() (int, int) { return p.w, p.h }

// Capturing is true while the prompt (or the shared detail's) has focus.
func (p *Recurring) Capturing() bool { return p.prompt != nil || p.DetailPage.Capturing() }

// KeyMap is the prompt's keys while it is open.
func (p *Recurring) KeyMap() help.KeyMap {
	if p.prompt != nil {
		return p.prompt.keys
	}
	return p.DetailPage.KeyMap()
}

// SetSize keeps the full size and gives the detail what the prompt leaves.
func (p *Recurring) SetSize(w, h int) {
	p.w, p.h = w, h
	if p.prompt != nil {
		h -= datePromptLines
	}
	p.DetailPage.SetSize(w, max(1, h))
}

// Update handles the prompt's keys; a change of this generator (the answer
// to a pause or an activation among them) ends the wait for one.
func (p *Recurring) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case pauseConfirmed:
		if r, ok := p.Record(); ok {
			return p.send(r, false, nil)
		}
		return nil
	case ui.Changed:
		if msg.Kind == nav.RecurringGenerator && msg.ID == p.RecordID() {
			p.busy = false
		}
	case tea.KeyMsg:
		if p.prompt != nil {
			return p.promptKey(msg)
		}
	}
	return p.DetailPage.Update(msg)
}

func (p *Recurring) promptKey(msg tea.KeyMsg) tea.Cmd {
	done, date, ok := p.prompt.update(msg)
	if !done {
		return nil
	}
	p.prompt = nil
	p.SetSize(p.size())
	r, loaded := p.Record()
	if !ok || !loaded {
		return nil
	}
	return p.send(r, true, date)
}

// switchRefusal explains why a pause or an activation failed: the rules of
// the More pages, and the next date an activation is refused for. The
// service keys "already paused/active/finished" as generator, which reads
// as the service's own sentence.
func switchRefusal(l locale.Locale) common.Refusal {
	r := kit.Rules(locale.Key("recurring generators"))
	r.Resource = "generator"
	r.Fields = map[string]string{"next_occurrence_on": l.T("the next date was refused")}
	return r
}

// View draws the detail and, below it, the prompt.
func (p *Recurring) View() string {
	v := p.DetailPage.View()
	if p.prompt == nil {
		return v
	}
	return v + "\n" + p.prompt.view(p.w, p.d.Styles)
}

func renderRecurring(r *apiclient.RecurringGenerator, w int, d *common.Deps) string {
	F := common.F
	next := d.Date(r.NextOccurrenceOn)
	if !r.Active {
		next += " (" + d.L.T("paused: no invoices until activated") + ")"
	}
	schedule := common.RenderGroups(d, []common.Group{{Title: "Schedule", Fields: []common.Field{
		F("State", Active(d.L, r.Active)), F("Next invoice", next), F("Period", every(d.L, r.MonthsPeriod)),
		F("Starts", d.Date(r.StartDate)), F("Ends", d.Date(r.EndDate)),
		F("Last day of month", map[bool]string{true: d.Yes(true)}[r.LastDayInMonth]),
		F("Send by e-mail", d.Yes(r.SendEmail)),
	}}}, w)
	return common.Sections(schedule,
		common.RenderGroups(d, generatorGroups(&r.Generator, d), w),
		common.LinesTable(d, r.Lines, r.Currency, w),
		common.RenderGroups(d, totalsAndNotes(&r.Generator, d), w))
}
