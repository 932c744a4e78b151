package sandbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

func TestTodosContractListSinceAndToggle(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.Setup.Account
	e.Srv.Do(func() {
		a.AddTodo(testStart, "email_bounced", "Old", nil)
		a.AddTodo(testStart.Add(2*time.Hour), "expense_payment_unpaired", "New", map[string]any{"amount": "121.0"},
			sandbox.RelatedObject{Type: "Expense", ID: 9})
	})
	all, _, err := e.Client.Todos.List(ctx, apiclient.TodoListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].Text != "New" || all[0].Params["amount"] != "121.0" || all[0].RelatedObjects[0].Type != "Expense" {
		t.Fatalf("to-dos %+v", all)
	}
	recent, _, err := e.Client.Todos.List(ctx, apiclient.TodoListOptions{Since: testStart.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if len(recent) != 1 || recent[0].Text != "New" {
		t.Fatalf("since: %+v", recent)
	}

	done, _, err := e.Client.Todos.ToggleCompletion(ctx, recent[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if !done.Completed() || !done.CompletedAt.Equal(testStart) {
		t.Fatalf("toggled %+v", done)
	}
	open, _, err := e.Client.Todos.ToggleCompletion(ctx, recent[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if open.Completed() {
		t.Fatalf("toggled back %+v", open)
	}
}

func TestEventsContractListAndListPaid(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a := e.Setup.Account
	e.Srv.Do(func() {
		a.AddEvent(testStart, "subject_created", "Subject ACME was created", e.Setup.Owner, nil, sandbox.RelatedObject{Type: "Subject", ID: 1})
		a.AddEvent(testStart.Add(time.Minute), "invoice_paid", "Invoice 20260001 was paid", e.Setup.Owner,
			map[string]any{"amount": "1210.0"}, sandbox.RelatedObject{Type: "Invoice", ID: 1}, sandbox.RelatedObject{Type: "Subject", ID: 1})
		a.AddEvent(testStart.Add(2*time.Minute), "subject_created", "Subject Beta was created", e.Setup.Owner, nil, sandbox.RelatedObject{Type: "Subject", ID: 2})
	})
	all, _, err := e.Client.Events.List(ctx, apiclient.EventListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].Text != "Subject Beta was created" || all[0].User == nil || all[0].User.FullName != "Jana Nováková" {
		t.Fatalf("events %+v", all)
	}
	since, _, err := e.Client.Events.List(ctx, apiclient.EventListOptions{Since: testStart.Add(30 * time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	if len(since) != 2 {
		t.Fatalf("since: %d events", len(since))
	}
	forSubject, _, err := e.Client.Events.List(ctx, apiclient.EventListOptions{SubjectID: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(forSubject) != 2 || forSubject[0].Name != "invoice_paid" {
		t.Fatalf("subject 1: %+v", forSubject)
	}
	paid, _, err := e.Client.Events.ListPaid(ctx, apiclient.EventListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(paid) != 1 || paid[0].Name != "invoice_paid" || paid[0].Params["amount"] != "1210.0" || !paid[0].CreatedAt.Equal(testStart.Add(time.Minute)) {
		t.Fatalf("paid %+v", paid)
	}
	paidOther, _, err := e.Client.Events.ListPaid(ctx, apiclient.EventListOptions{SubjectID: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(paidOther) != 0 {
		t.Fatalf("paid events of subject 2: %+v", paidOther)
	}
}
