package journal

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// LinesField is how a document's lines are kept among a write's fields: a
// line per line, "name|quantity|unit price".
func LinesField(names, quantities, prices []string) string {
	var b strings.Builder
	for i := range names {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimSpace(names[i]) + "|" + at(quantities, i) + "|" + at(prices, i))
	}
	return b.String()
}

func at(s []string, i int) string {
	if i < len(s) {
		return strings.TrimSpace(s[i])
	}
	return ""
}

// sameLinesField compares two LinesField values, amounts as numbers.
func sameLinesField(a, b string) bool {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		pa, pb := strings.Split(la[i], "|"), strings.Split(lb[i], "|")
		if len(pa) != len(pb) {
			return false
		}
		for k := range pa {
			// A part not sent (a line without a quantity) is the service's to fill.
			if pa[k] != "" && pb[k] != "" && !same(pa[k], pb[k]) {
				return false
			}
		}
	}
	return true
}

func linesOf(ls []apiclient.Line) string {
	var n, q, p []string
	for _, l := range ls {
		n, q, p = append(n, l.Name), append(q, l.Quantity.String()), append(p, l.UnitPrice.String())
	}
	return LinesField(n, q, p)
}

// docFields are what a created document is matched by.
func docFields(subjectID int64, number, lines string) map[string]string {
	f := map[string]string{"subject_id": itoa(subjectID), "lines": lines}
	if number != "" {
		f["number"] = number
	}
	return f
}

func invoices(ctx context.Context, c *apiclient.Client, e Entry, since time.Time) ([]rec, error) {
	opts := apiclient.DocumentListOptions{SubjectID: subjectOf(e)}
	opts.Since = since
	var out []rec
	for inv, err := range c.Invoices.ListAll(ctx, opts) {
		if err != nil {
			return nil, fmt.Errorf("list the invoices: %w", err)
		}
		out = append(out, rec{id: itoa(inv.ID), fields: docFields(inv.SubjectID, inv.Number, linesOf(inv.Lines))})
	}
	return out, nil
}

func expenses(ctx context.Context, c *apiclient.Client, e Entry, since time.Time) ([]rec, error) {
	opts := apiclient.DocumentListOptions{SubjectID: subjectOf(e)}
	opts.Since = since
	var out []rec
	for x, err := range c.Expenses.ListAll(ctx, opts) {
		if err != nil {
			return nil, fmt.Errorf("list the expenses: %w", err)
		}
		f := docFields(x.SubjectID, x.Number, linesOf(x.Lines))
		f["original_number"] = x.OriginalNumber
		out = append(out, rec{id: itoa(x.ID), fields: f})
	}
	return out, nil
}

func subjectOf(e Entry) int64 {
	var id int64
	_, _ = fmt.Sscan(e.Fields["subject_id"], &id)
	return id
}

func subjects(ctx context.Context, c *apiclient.Client, _ Entry, since time.Time) ([]rec, error) {
	opts := apiclient.SubjectListOptions{}
	opts.Since = since
	var out []rec
	for s, err := range c.Subjects.ListAll(ctx, opts) {
		if err != nil {
			return nil, fmt.Errorf("list the subjects: %w", err)
		}
		out = append(out, rec{id: itoa(s.ID), fields: map[string]string{"name": s.Name, "registration_no": s.RegistrationNo, "email": s.Email}})
	}
	return out, nil
}

func items(ctx context.Context, c *apiclient.Client, _ Entry, since time.Time) ([]rec, error) {
	opts := apiclient.InventoryItemListOptions{}
	opts.Since = since
	var out []rec
	for it, err := range c.InventoryItems.ListAll(ctx, opts) {
		if err != nil {
			return nil, fmt.Errorf("list the inventory items: %w", err)
		}
		out = append(out, rec{id: itoa(it.ID), fields: map[string]string{"name": it.Name, "sku": it.SKU}})
	}
	return out, nil
}

func webhooks(ctx context.Context, c *apiclient.Client, _ Entry, _ time.Time) ([]rec, error) {
	var out []rec
	for w, err := range c.Webhooks.ListAll(ctx, apiclient.ListOptions{}) {
		if err != nil {
			return nil, fmt.Errorf("list the webhooks: %w", err)
		}
		out = append(out, rec{id: itoa(w.ID), fields: map[string]string{"webhook_url": w.WebhookURL}})
	}
	return out, nil
}

// generators are the templates (or recurring templates) of the target.
func generators(ctx context.Context, c *apiclient.Client, e Entry, _ time.Time) ([]rec, error) {
	var out []rec
	if e.Target == "recurring_generators" {
		for g, err := range c.RecurringGenerators.ListAll(ctx, apiclient.GeneratorListOptions{}) {
			if err != nil {
				return nil, fmt.Errorf("list the recurring templates: %w", err)
			}
			f := docFields(g.SubjectID, "", linesOf(g.Lines))
			f["name"] = g.Name
			out = append(out, rec{id: itoa(g.ID), fields: f})
		}
		return out, nil
	}
	for g, err := range c.Generators.ListAll(ctx, apiclient.GeneratorListOptions{}) {
		if err != nil {
			return nil, fmt.Errorf("list the templates: %w", err)
		}
		f := docFields(g.SubjectID, "", linesOf(g.Lines))
		f["name"] = g.Name
		out = append(out, rec{id: itoa(g.ID), fields: f})
	}
	return out, nil
}

func inboxFiles(ctx context.Context, c *apiclient.Client, _ Entry, _ time.Time) ([]rec, error) {
	var out []rec
	for f, err := range c.InboxFiles.ListAll(ctx, apiclient.ListOptions{}) {
		if err != nil {
			return nil, fmt.Errorf("list the inbox: %w", err)
		}
		out = append(out, rec{id: itoa(f.ID), fields: map[string]string{"filename": f.Filename}})
	}
	return out, nil
}

// documentLines are the lines of the target document, one record each.
func documentLines(ctx context.Context, c *apiclient.Client, e Entry, _ time.Time) ([]rec, error) {
	kind, id, err := targetID(e.Target)
	if err != nil {
		return nil, err
	}
	var ls []apiclient.Line
	switch kind {
	case "invoice":
		d, _, err := c.Invoices.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("read invoice %d: %w", id, err)
		}
		ls = d.Lines
	case "expense":
		d, _, err := c.Expenses.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("read expense %d: %w", id, err)
		}
		ls = d.Lines
	case "generator":
		d, _, err := c.Generators.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("read template %d: %w", id, err)
		}
		ls = d.Lines
	case "recurring_generator":
		d, _, err := c.RecurringGenerators.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("read recurring template %d: %w", id, err)
		}
		ls = d.Lines
	default:
		return nil, fmt.Errorf("journal: no lines on %s", e.Target)
	}
	out := make([]rec, 0, len(ls))
	for _, l := range ls {
		out = append(out, rec{id: itoa(l.ID), fields: map[string]string{"lines": linesOf([]apiclient.Line{l})}})
	}
	return out, nil
}

// sameNewLines: the lines not there before are the lines the update added.
func sameNewLines(e Entry, fresh []rec) bool {
	if len(fresh) == 0 {
		return false
	}
	var got []string
	for _, r := range fresh {
		got = append(got, r.fields["lines"])
	}
	return sameLinesField(e.Fields["new_lines"], strings.Join(got, "\n"))
}
