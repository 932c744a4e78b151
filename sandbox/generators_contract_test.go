package sandbox_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// genClientSubject creates a subject through the apiclient.
func genClientSubject(t *testing.T, e *env, name string) int64 {
	t.Helper()
	s, _, err := e.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{Name: apiclient.Ptr(name)})
	if err != nil {
		t.Fatalf("create subject: %v", err)
	}
	return s.ID
}

func genParams(subject int64, name string) *apiclient.GeneratorParams {
	return &apiclient.GeneratorParams{
		Name:      apiclient.Ptr(name),
		SubjectID: apiclient.Ptr(subject),
		Lines: []apiclient.LineParams{{
			Name: apiclient.Ptr("Support"), Quantity: apiclient.Ptr(apiclient.MustDecimal("3")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000")), VatRate: apiclient.Ptr(apiclient.MustDecimal("21")),
		}},
	}
}

func recParams(subject int64, name string) *apiclient.RecurringGeneratorParams {
	start := apiclient.NewDate(2026, 12, 1)
	return &apiclient.RecurringGeneratorParams{
		GeneratorParams: *genParams(subject, name),
		StartDate:       &start,
		MonthsPeriod:    apiclient.Ptr(1),
	}
}

func TestGeneratorsContractCRUD(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	subj := genClientSubject(t, e, "ACME s.r.o.")
	g, _, err := e.Client.Generators.Create(ctx, genParams(subj, "Support"))
	if err != nil {
		t.Fatal(err)
	}
	if g.ID == 0 || g.Total.String() != "3630.0" || len(g.Lines) != 1 || g.Lines[0].UnitPriceWithVat.String() != "1210.0" {
		t.Fatalf("created %+v", g)
	}
	got, _, err := e.Client.Generators.Get(ctx, g.ID)
	if err != nil || got.Name != "Support" || got.SubjectID != subj {
		t.Fatalf("get: %v %+v", err, got)
	}
	upd, _, err := e.Client.Generators.Update(ctx, g.ID, &apiclient.GeneratorParams{
		Tags:  &[]string{"monthly"},
		Lines: []apiclient.LineParams{{ID: &g.Lines[0].ID, Quantity: apiclient.Ptr(apiclient.MustDecimal("1"))}},
	})
	if err != nil || upd.Total.String() != "1210.0" || !slices.Equal(upd.Tags, []string{"monthly"}) {
		t.Fatalf("update: %v %+v", err, upd)
	}
	list, _, err := e.Client.Generators.List(ctx, apiclient.GeneratorListOptions{SubjectID: subj})
	if err != nil || len(list) != 1 || list[0].ID != g.ID {
		t.Fatalf("list: %v %+v", err, list)
	}
	if _, err := e.Client.Generators.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	_, _, err = e.Client.Generators.Get(ctx, g.ID)
	var nf *apiclient.NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("get after delete: %v, want NotFoundError", err)
	}
}

func TestGeneratorsContractTypedErrors(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	subj := genClientSubject(t, e, "ACME")
	p := genParams(subj, "X")
	p.Language = apiclient.NullOf("tlh")
	_, _, err := e.Client.Generators.Create(ctx, p)
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields["language"], "is not included in the list") {
		t.Fatalf("err %v, want ValidationError on language", err)
	}
	_, _, err = e.Client.Generators.Create(ctx, genParams(subj, ""))
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields["name"], "can't be blank") {
		t.Fatalf("err %v, want ValidationError on name", err)
	}
	e.Srv.Do(func() { e.Setup.Account.BankAccounts = nil })
	_, _, err = e.Client.Generators.Create(ctx, genParams(subj, "X"))
	var re *apiclient.RefusalError
	if !errors.As(err, &re) || len(re.Fields["bank_account"]) == 0 {
		t.Fatalf("err %v, want RefusalError with errors.bank_account", err)
	}
	_, _, err = e.Client.RecurringGenerators.Create(ctx, recParams(subj, "X"))
	if !errors.As(err, &re) || len(re.Fields["bank_account"]) == 0 {
		t.Fatalf("recurring err %v, want RefusalError with errors.bank_account", err)
	}
}

func TestGeneratorsContractListAllPagesPast40(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	subj := genClientSubject(t, e, "ACME")
	// The bulk goes in over plain HTTP: the client paces itself to the rate limit.
	for range 45 {
		genCreate(t, e, "generators", genBody(subj))
	}
	seen := map[int64]bool{}
	for g, err := range e.Client.Generators.ListAll(ctx, apiclient.GeneratorListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		seen[g.ID] = true
	}
	if len(seen) != 45 {
		t.Fatalf("ListAll saw %d generators, want 45", len(seen))
	}
	// since filters by creation time.
	future := apiclient.GeneratorListOptions{DateFilter: apiclient.DateFilter{Since: testStart.Add(time.Hour)}}
	if list, _, err := e.Client.Generators.List(ctx, future); err != nil || len(list) != 0 {
		t.Fatalf("since later: %v %d", err, len(list))
	}
}

func TestRecurringGeneratorsContractLifecycle(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	subj := genClientSubject(t, e, "ACME")
	r, _, err := e.Client.RecurringGenerators.Create(ctx, recParams(subj, "Hosting"))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Active || r.NextOccurrenceOn.String() != "2026-12-01" || r.Total.String() != "3630.0" || r.Lines[0].UnitPriceWithVat.String() != "1210.0" {
		t.Fatalf("created %+v", r)
	}
	got, _, err := e.Client.RecurringGenerators.Get(ctx, r.ID)
	if err != nil || got.MonthsPeriod != 1 {
		t.Fatalf("get: %v %+v", err, got)
	}
	upd, _, err := e.Client.RecurringGenerators.Update(ctx, r.ID, &apiclient.RecurringGeneratorParams{MonthsPeriod: apiclient.Ptr(12), SendEmail: apiclient.Ptr(true)})
	if err != nil || upd.MonthsPeriod != 12 || !upd.SendEmail {
		t.Fatalf("update: %v %+v", err, upd)
	}
	paused, _, err := e.Client.RecurringGenerators.Pause(ctx, r.ID)
	if err != nil || paused.Active {
		t.Fatalf("pause: %v %+v", err, paused)
	}
	next := apiclient.NewDate(2027, 2, 1)
	act, _, err := e.Client.RecurringGenerators.Activate(ctx, r.ID, &next)
	if err != nil || !act.Active || act.NextOccurrenceOn.String() != "2027-02-01" {
		t.Fatalf("activate with next date: %v %+v", err, act)
	}
	_, _, err = e.Client.RecurringGenerators.Activate(ctx, r.ID, nil)
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || len(ve.Fields["generator"]) == 0 {
		t.Fatalf("activating an active one: %v, want ValidationError on generator", err)
	}
	list, _, err := e.Client.RecurringGenerators.List(ctx, apiclient.GeneratorListOptions{SubjectID: subj})
	if err != nil || len(list) != 1 {
		t.Fatalf("list: %v %d", err, len(list))
	}
	if _, err := e.Client.RecurringGenerators.Delete(ctx, r.ID); err != nil {
		t.Fatal(err)
	}
	var nf *apiclient.NotFoundError
	if _, _, err := e.Client.RecurringGenerators.Get(ctx, r.ID); !errors.As(err, &nf) {
		t.Fatalf("after delete: %v", err)
	}
}

func TestRecurringGeneratorsContractPlanLimit(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanFree)
	ctx := context.Background()
	subj := genClientSubject(t, e, "ACME")
	if _, _, err := e.Client.RecurringGenerators.Create(ctx, recParams(subj, "One")); err != nil {
		t.Fatal(err)
	}
	_, _, err := e.Client.RecurringGenerators.Create(ctx, recParams(subj, "Two"))
	var re *apiclient.RefusalError
	if !errors.As(err, &re) || re.Code != apiclient.RefusalForbidden {
		t.Fatalf("second on free plan: %v, want RefusalError forbidden", err)
	}
	p := recParams(subj, "Bad")
	p.MonthsPeriod = apiclient.Ptr(0)
	_, _, err = e.Client.RecurringGenerators.Create(ctx, p)
	if !errors.As(err, &re) {
		t.Fatalf("the limit is checked before validation: %v", err)
	}
}

func TestRecurringGeneratorsContractListAllPagesPast40(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	subj := genClientSubject(t, e, "ACME")
	for range 42 {
		genCreate(t, e, "recurring_generators", recBody(subj))
	}
	n := 0
	for r, err := range e.Client.RecurringGenerators.ListAll(ctx, apiclient.GeneratorListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Lines) != 1 {
			t.Fatalf("recurring %d has %d lines", r.ID, len(r.Lines))
		}
		n++
	}
	if n != 42 {
		t.Fatalf("ListAll saw %d, want 42", n)
	}
}
