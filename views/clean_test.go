package views_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more"
)

// hostileLevel is how hostile a seeded field may be: the whole payload, the
// payload without NUL (a service may refuse NUL), or the base value (the
// field is an enumeration or a format the service checks).
type hostileLevel int

const (
	levelAll hostileLevel = iota
	levelNoNUL
	levelBase
)

func (l hostileLevel) text() string {
	if l == levelAll {
		return cleantest.Hostile()
	}
	return cleantest.HostileWithoutNUL()
}

var nullString = reflect.TypeFor[apiclient.Null[string]]()

// fillHostile sets every text field of the params *p (nested lines too) to
// the payload at the field's level; levels are by JSON name, top level.
func fillHostile(v reflect.Value, levels map[string]hostileLevel, top string) {
	t := v.Type()
	for i := range t.NumField() {
		f, fv := t.Field(i), v.Field(i)
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if top != "" {
			name = top
		}
		lv := levels[name]
		if lv == levelBase || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			fillHostile(fv, levels, top)
		case f.Type == reflect.TypeFor[*string]():
			fv.Set(reflect.ValueOf(apiclient.Ptr(lv.text())))
		case f.Type == nullString:
			fv.Set(reflect.ValueOf(apiclient.NullOf(lv.text())))
		case f.Type == reflect.TypeFor[*[]string]():
			fv.Set(reflect.ValueOf(&[]string{lv.text()}))
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			own := reflect.MakeSlice(f.Type, fv.Len(), fv.Len()) // base's lines stay as they are
			reflect.Copy(own, fv)
			fv.Set(own)
			for j := range fv.Len() {
				fillHostile(fv.Index(j), levels, name)
			}
		}
	}
}

// createHostile creates a record from base with every text field hostile,
// and steps a field down a level each time the service refuses it, so that
// the record carries all the hostile text the service accepts.
func createHostile[P any](t *testing.T, what string, base P, create func(*P) error) {
	t.Helper()
	levels := map[string]hostileLevel{}
	for range 40 {
		p := base
		fillHostile(reflect.ValueOf(&p).Elem(), levels, "")
		err := create(&p)
		if err == nil {
			t.Logf("seed %s: the service refused the payload in %v", what, levels)
			return
		}
		var ve *apiclient.ValidationError
		if !errors.As(err, &ve) || len(ve.Fields) == 0 {
			t.Fatalf("seed %s: %v", what, err)
		}
		// One step down an attempt for each refused field (lines.name and
		// lines.sku are both the field lines).
		refused := map[string]bool{}
		for k := range ve.Fields {
			refused[strings.FieldsFunc(k, func(r rune) bool { return r == '.' || r == '[' })[0]] = true
		}
		for k := range refused {
			levels[k]++
			if levels[k] > levelBase {
				t.Fatalf("seed %s: refused with the base value of %s: %v", what, k, err)
			}
		}
	}
	t.Fatalf("seed %s: still refused", what)
}

// seedHostile fills every text field of every kind of record the account
// holds with the payloads: through the API where the service takes the
// text, and in the sandbox's account itself for what only Fakturoid's own
// pages set (the account's and the users' names, bank accounts).
func seedHostile(t *testing.T, sb *tuitest.Sandbox) {
	t.Helper()
	ctx := context.Background()
	c := sb.Client
	P, D := apiclient.Ptr[string], func(v string) *apiclient.Decimal { return apiclient.Ptr(apiclient.MustDecimal(v)) }
	var subject, item, hook int64
	createHostile(t, "subject", apiclient.SubjectParams{Name: P("Acme")}, func(p *apiclient.SubjectParams) error {
		s, _, err := c.Subjects.Create(ctx, p)
		if err == nil {
			subject = s.ID
		}
		return err
	})
	createHostile(t, "inventory item", apiclient.InventoryItemParams{Name: P("Paper"), TrackQuantity: apiclient.Ptr(true),
		Quantity: D("3"), MinQuantity: D("5"), NativePurchasePrice: D("10"), NativeRetailPrice: D("20")},
		func(p *apiclient.InventoryItemParams) error {
			it, _, err := c.InventoryItems.Create(ctx, p)
			if err == nil {
				item = it.ID
			}
			return err
		})
	lines := []apiclient.LineParams{{Name: P("Work"), Quantity: D("2"), UnitPrice: D("500"), VatRate: D("21")}}
	createHostile(t, "invoice", apiclient.InvoiceParams{SubjectID: &subject, Lines: lines, ExchangeRate: D("25")}, func(p *apiclient.InvoiceParams) error {
		_, _, err := c.Invoices.Create(ctx, p)
		return err
	})
	createHostile(t, "expense", apiclient.ExpenseParams{SubjectID: &subject, Lines: lines, ExchangeRate: D("25")}, func(p *apiclient.ExpenseParams) error {
		_, _, err := c.Expenses.Create(ctx, p)
		return err
	})
	createHostile(t, "inventory move", apiclient.InventoryMoveParams{Direction: P("in"), MovedOn: apiclient.Ptr(day("2026-10-15")), QuantityChange: D("1"), PurchasePrice: D("10")},
		func(p *apiclient.InventoryMoveParams) error {
			_, _, err := c.InventoryMoves.Create(ctx, item, p)
			return err
		})
	createHostile(t, "generator", apiclient.GeneratorParams{Name: P("Monthly"), SubjectID: &subject, Lines: lines, ExchangeRate: D("25")},
		func(p *apiclient.GeneratorParams) error {
			_, _, err := c.Generators.Create(ctx, p)
			return err
		})
	createHostile(t, "recurring generator", apiclient.RecurringGeneratorParams{
		GeneratorParams: apiclient.GeneratorParams{Name: P("Hosting"), SubjectID: &subject, Lines: lines, ExchangeRate: D("25")},
		StartDate:       apiclient.Ptr(apiclient.NewDate(2026, 12, 1)), MonthsPeriod: apiclient.Ptr(1)},
		func(p *apiclient.RecurringGeneratorParams) error {
			_, _, err := c.RecurringGenerators.Create(ctx, p)
			return err
		})
	createHostile(t, "webhook", apiclient.WebhookParams{WebhookURL: P("https://hooks.example/kasa"),
		Events: &[]string{"invoice_paid"}}, func(p *apiclient.WebhookParams) error {
		w, _, err := c.Webhooks.Create(ctx, p)
		if err == nil {
			hook = w.ID
		}
		return err
	})
	for _, bad := range []string{cleantest.Hostile(), cleantest.HostileWithoutNUL()} {
		_, _, err := c.InboxFiles.CreateFromBytes(ctx, "application/pdf", []byte("%PDF-1.4"), "scan"+bad+".pdf", false)
		if err == nil {
			break
		}
		if bad != cleantest.Hostile() {
			t.Fatalf("seed inbox file: %v", err)
		}
	}
	bad := cleantest.Hostile()
	sb.Server.Do(func() {
		a := sb.Setup.Account
		a.Info.Name, a.Info.FullName, a.Info.InvoiceEmail = "Firma"+bad, sandbox.Text(bad), bad
		for i := range a.BankAccounts {
			a.BankAccounts[i].Name, a.BankAccounts[i].Number = "Účet"+bad, "123"+bad
		}
		sb.Setup.Owner.FullName = "Jana" + bad
		a.AddTodo(sandboxStart, bad, "Pay "+bad, nil)
		// A webhook receiver's answer to a delivery that failed.
		if w, ok := a.Webhooks.Get(hook); ok {
			a.FailedDeliveries[w.FailedDeliveriesUUID] = append(a.FailedDeliveries[w.FailedDeliveriesUUID], sandbox.FailedDelivery{
				ID: 1, EventName: "invoice_paid" + bad, URL: w.WebhookURL, CreatedAt: sandbox.DateTime{Time: sandboxStart},
				Deliveries: []sandbox.DeliveryAttempt{{ID: 1, ResponseStatus: "500" + bad, ResponseBody: &bad,
					StartedAt: sandbox.DateTime{Time: sandboxStart}}},
			})
		}
	})
}

// TestHostileTextNeverReachesTheScreen fills every text field of every
// kind of record with a payload of each control class and walks every
// section: each list, the first record's page scrolled through, and the
// pages of More. Colours are off, so any ESC on the screen is a payload's.
func TestHostileTextNeverReachesTheScreen(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()})
	seedHostile(t, sb)
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			walkHostile(t, newHarness(t, sb.Client, size[0], size[1]))
		})
	}
}

// walkHostile visits every section's list, its first record (scrolled,
// with its toast, delete question and form) and every page of More.
func walkHostile(t *testing.T, h *harness) {
	check := func(where string, wantPayload bool) {
		t.Helper()
		if wantPayload && !strings.Contains(h.view(), "␛") {
			t.Errorf("%s (%s): the payload is not shown, so this checks nothing:\n%s", where, h.topID(), h.view())
		}
		// The page cleans what it shows; the shell's Screen is only the
		// last guard.
		if err := cleantest.Control(h.m.Top().View()); err != nil {
			t.Errorf("%s (%s), the page alone: %v", where, h.topID(), err)
		}
		if err := cleantest.Control(h.view()); err != nil {
			t.Errorf("%s (%s): %v\n%s", where, h.topID(), err, h.view())
		}
	}
	// A record's page, scrolled to its end; its toast (y copies and says
	// what), its delete question and its form; and back.
	record := func(where string, actions bool) {
		t.Helper()
		h.keys("enter")
		check(where+", record", true)
		for range 4 {
			h.keys("pgdown")
			check(where+", record scrolled", false)
		}
		if actions {
			h.keys("y")
			check(where+", toast", true)
			h.keys("d")
			check(where+", delete question", true)
			h.keys("esc", "e")
			check(where+", form", true)
			h.keys("esc")
		}
		h.keys("esc")
	}
	for _, section := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		h.keys(section)
		check("section "+section, true)
		record("section "+section, section < "6")
	}
	h.keys("8")
	entries := h.m.Top().(interface {
		Table() *table.Model[more.MenuEntry]
	}).Table().Len()
	for i := range entries {
		h.keys("8")
		for range i {
			h.keys("down")
		}
		h.keys("enter")
		check("more entry "+strconv.Itoa(i), true)
		record("more entry "+strconv.Itoa(i), false)
		h.keys("esc")
	}
}

// Kasa's own styles are applied after the cleaning, so with colours on the
// pages are styled and no style of kasa's own shows as a placeholder.
func TestKasasOwnStylesSurviveTheCleaning(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
	fx := newFixtureServer()
	h := newHarnessWith(t, fx.client(t), 120, 40, func(d *common.Deps) {
		d.Styles, d.TableStyles = ui.NewStyles(false), table.DefaultStyles(true)
	})
	for _, keys := range [][]string{{"1"}, {"enter"}, {"e"}, {"esc", "esc", "2"}, {"enter"}, {"esc", "3"}, {"enter"}, {"y"}, {"?"}} {
		h.keys(keys...)
		out := h.view()
		if !strings.Contains(out, "\x1b[") {
			t.Fatalf("after %v: no styles, so this checks nothing:\n%s", keys, out)
		}
		if strings.ContainsAny(out, "␛\uFFFD") {
			t.Errorf("after %v: a style of kasa's own was cleaned into a placeholder:\n%s", keys, out)
		}
	}
}
