package editor

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/lines"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/pick"
)

// Makers are the editor's pages, one kind per kind of document.
func Makers(fd forms.Deps) map[ui.Kind]ui.Maker {
	m := map[ui.Kind]ui.Maker{}
	for _, k := range []ui.Kind{ExpenseKind, GeneratorKind, RecurringGeneratorKind, InvoiceKind} {
		m[k] = func(id ui.PageID) (ui.Page, error) { return New(fd, id) }
	}
	return m
}

// editor is one opened editor: what it edits and its widgets.
type editor struct {
	fd    forms.Deps
	id    ui.PageID
	kind  kind
	seed  Seed
	env   env
	defs  []def
	table *lines.Table
	subj  *pick.Subject
	files *attachments
	// name is the document's number (a template's name) once loaded, for
	// the title; locked says the service will refuse to change it.
	name   string
	locked bool
	// items are the first pages of the inventory, read by the first item
	// search and matched ignoring diacritics (items.go).
	items itemCandidates
}

// New is the editor page for id (see pages.go for the ids).
func New(fd forms.Deps, id ui.PageID) (ui.Page, error) {
	k, ok := kindOf(id.Kind)
	if !ok {
		return nil, fmt.Errorf("editor: no kind of document %q", id.Kind)
	}
	seed, ok := ParseSeed(id)
	if !ok {
		return nil, fmt.Errorf("editor: %q is not an editor page of a %s", id.ID, k.noun)
	}
	e := &editor{fd: fd, id: id, kind: k, seed: seed}
	return fd.Host(id, e.title(), e.load), nil
}

// title names the record by its number or name once it is read; before,
// and when the read fails, by its kind alone: an id is nothing a user
// knows (issue 28: "Úprava: výdaj 43").
func (e *editor) title() string {
	l := e.fd.L
	switch e.seed.Kind {
	case "edit":
		if e.name != "" {
			return l.Tf("Edit %s %s", l.T(e.kind.noun), e.name)
		}
		return l.Tf("Edit %s", l.T(e.kind.noun))
	case seedCopy:
		if e.name != "" {
			return l.Tf("%s (copy of %s)", l.T(e.kind.newTitle), e.name)
		}
		return l.Tf("%s (a copy)", l.T(e.kind.newTitle))
	case seedGenerator:
		if e.name != "" {
			return l.Tf("New invoice from template %s", e.name)
		}
		return l.T("New invoice from a template")
	case seedInbox:
		if e.name != "" {
			return l.Tf("New expense from inbox file %s", e.name)
		}
		return l.T("New expense from an inbox file")
	case seedCorrection:
		if e.name != "" {
			return l.Tf("Correction of invoice %s", e.name)
		}
		return l.T("Correction of an invoice")
	}
	return l.T(e.kind.newTitle)
}

// load reads the account's settings and the document the editor starts
// from, and builds the form.
func (e *editor) load(ctx context.Context, c *apiclient.Client) (*form.Spec, error) {
	acct, _, err := c.Account.Get(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the account's settings: %w", err)
	}
	e.env.l, e.env.account = e.fd.L, *acct
	if e.kind.nav != nav.Expense {
		if e.env.banks, _, err = c.BankAccounts.List(ctx); err != nil {
			return nil, fmt.Errorf("read the bank accounts: %w", err)
		}
		if e.env.formats, _, err = c.NumberFormats.ListInvoices(ctx); err != nil {
			return nil, fmt.Errorf("read the number formats: %w", err)
		}
	}
	e.defs = e.kind.defs(e.env)
	start, err := e.start(ctx, c)
	if err != nil {
		return nil, err
	}
	return e.spec(start), nil
}

// start is the editor's first values: the document edited or copied, the
// template an invoice comes from, or a new document's defaults.
func (e *editor) start(ctx context.Context, c *apiclient.Client) (form.Values, error) {
	var src loaded
	var err error
	switch e.seed.Kind {
	case "edit", seedCopy, seedCorrection:
		src, err = e.kind.get(ctx, c, e.seed.ID)
	case seedGenerator:
		src, err = getGenerator(ctx, c, e.seed.ID)
	}
	if inv, ok := src.rec.(*apiclient.Invoice); ok && err == nil {
		if e.seed.Kind == seedCorrection {
			err = e.correcting(inv)
		} else {
			err = e.keepCorrection(ctx, c, inv)
		}
	}
	if err != nil {
		return nil, err
	}
	v := form.Values{}
	if src.rec != nil {
		if v, err = valuesOf(src.rec, e.defs); err != nil {
			return nil, err
		}
		e.name = cmp.Or(v["number"], v["name"], e.name)
		switch r := src.rec.(type) {
		case *apiclient.Invoice:
			e.locked = e.seed.Kind == "edit" && !r.LockedAt.IsZero()
		case *apiclient.Expense:
			e.locked = e.seed.Kind == "edit" && r.Locked()
		}
	} else {
		for _, d := range e.defs {
			v[d.key] = defaultValue(d)
		}
	}
	if e.seed.Kind == seedGenerator {
		// The template's fields an invoice has; the rest start as a new
		// invoice's do.
		for _, d := range e.defs {
			if _, ok := optionOf(d, v[d.key]); !ok {
				v[d.key] = defaultValue(d)
			}
		}
		if g, ok := src.rec.(*apiclient.Generator); ok {
			e.name = g.Name
			if g.Proforma {
				v["document_type"] = "proforma"
			}
		}
	}
	if e.seed.Kind == seedCopy {
		// A copy is a new document: the service numbers it anew.
		for _, k := range []string{"number", "custom_id", "variable_symbol"} {
			v[k] = ""
		}
	}
	rows := lines.FromRecord(src.lines, e.seed.Kind != "edit")
	if inv, ok := src.rec.(*apiclient.Invoice); ok && e.seed.Kind == seedCorrection {
		prefillCorrection(v, inv)
		if rows, err = negated(rows); err != nil {
			return nil, err
		}
	}
	v["subject_id"] = pick.SubjectValue(src.subjectID, src.subjectName)
	v["lines"] = lines.Encode(rows)
	if e.kind.attachments {
		v["attachments"] = ""
		if e.seed.Kind == seedInbox {
			f, err := inboxFile(ctx, c, e.fd.L, e.seed.ID)
			if err != nil {
				return nil, err
			}
			v["attachments"] = encodeFiles([]file{{InboxID: f.ID, Name: f.Filename}})
			e.name = f.Filename
		}
	}
	return v, nil
}

// optionOf reports whether v is one of a choice's options (any value is
// for other kinds of field).
func optionOf(d def, v string) (string, bool) {
	if d.typ != tChoice {
		return v, true
	}
	for _, o := range d.options {
		if o.Value == v {
			return v, true
		}
	}
	return "", false
}

// defaultValue is a new document's value of d: the service's default for
// the choices it names, else empty (the service's default applies).
func defaultValue(d def) string {
	switch {
	case d.typ == tBool:
		return form.BoolText(d.key == "remind_due_date" || d.key == "tax_deductible" || d.key == "active")
	case d.typ == tChoice && len(d.options) > 0:
		return d.options[0].Value
	}
	return ""
}

// spec is the form: the subject, the header, the lines (and an expense's
// attachments), with the totals as a preview.
func (e *editor) spec(start form.Values) *form.Spec {
	e.subj = pick.NewSubject(e.fd.Deps, e.id, e.kind.role)
	e.table = lines.New(lines.Options{Page: e.id, Styles: e.fd.Styles, Search: e.searchItems, SearchDelay: e.fd.SearchDelay, Locale: e.fd.L})
	e.table.SetRates(rates(e.env.account))
	e.table.SetMode(e.mode(start))
	defs := e.defs
	var fields []form.Field
	if len(defs) > 0 && defs[0].key == "name" {
		// A template is known by its name: it comes first.
		fields, defs = append(fields, defs[0].field(e.fd.L)), defs[1:]
	}
	fields = append(fields, form.Field{Key: "subject_id", Label: e.kind.subjectLabel, Kind: form.FieldWidget, Widget: e.subj,
		Validate: func(v string, _ form.Values) error {
			if id, _ := pick.ParseSubjectValue(v); id == 0 {
				return errors.New(e.fd.L.Tf("%s can't be blank: type a name and pick one", e.fd.L.T(e.kind.subjectLabel)))
			}
			return nil
		}})
	fields = append(fields, form.Field{Key: "lines", Label: "Lines", Kind: form.FieldWidget, Widget: e.table,
		Validate: func(string, form.Values) error {
			// The table names the line and the number itself: the field's
			// rule only says so, not the same words twice.
			if e.table.Valid() != "" {
				return errors.New(e.fd.L.T("a number on a line does not read (the line's message says which)"))
			}
			return nil
		}})
	for _, d := range defs {
		fields = append(fields, d.field(e.fd.L))
	}
	if e.kind.attachments {
		e.files = newAttachments(e.fd.Deps, e.id)
		fields = append(fields, form.Field{Key: "attachments", Label: "Attachments", Kind: form.FieldWidget, Widget: e.files})
	}
	readOnly := ""
	if e.locked {
		// Said at once, before anything is typed that could not be saved.
		readOnly = e.fd.L.Tf("The %s is locked: the service refuses changes. ctrl+l unlocks it here.", e.fd.L.T(e.kind.noun))
	}
	return &form.Spec{
		Title: e.title(), Noun: e.kind.noun, Fields: fields, Initial: maps.Clone(start), ReadOnly: readOnly, Unlock: e.unlockTask(),
		Submit:  func(v form.Values) form.Task { return e.submit(start, v) },
		Preview: e.preview,
		OnEdit:  func(_ string, v form.Values, _ func(string) bool) { e.table.SetMode(e.mode(v)) },
	}
}

// rates are the VAT rates offered on lines: the account's standard rate
// and the lower ones of its country.
func rates(a apiclient.Account) []string {
	out := []string{}
	if a.VatRate > 0 {
		out = append(out, fmt.Sprint(a.VatRate))
	}
	for _, r := range []string{"21", "12", "0"} {
		if a.Currency == "EUR" {
			break
		}
		if r != fmt.Sprint(a.VatRate) {
			out = append(out, r)
		}
	}
	if a.Currency == "EUR" {
		for _, r := range []string{"23", "19", "5", "0"} {
			if r != fmt.Sprint(a.VatRate) {
				out = append(out, r)
			}
		}
	}
	return out
}
