package poll

import (
	"context"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// Source is what the poller reads. Each method is one API request; the
// poller counts them against the budget. NewSource adapts an *apiclient.Client.
type Source interface {
	Todos(ctx context.Context, since time.Time, page int) ([]apiclient.Todo, error)
	Events(ctx context.Context, since time.Time, page int) ([]apiclient.Event, error)
	Account(ctx context.Context) (*apiclient.Account, error)
	Invoices(ctx context.Context, status string, page int) ([]apiclient.Invoice, error)
	Expenses(ctx context.Context, status string, page int) ([]apiclient.Expense, error)
	LowQuantity(ctx context.Context, page int) ([]apiclient.InventoryItem, error)
	ToggleTodo(ctx context.Context, id int64) (*apiclient.Todo, error)
}

// NewSource reads through the API client.
func NewSource(c *apiclient.Client) Source { return clientSource{c} }

type clientSource struct{ c *apiclient.Client }

func (s clientSource) Todos(ctx context.Context, since time.Time, page int) ([]apiclient.Todo, error) {
	out, _, err := s.c.Todos.List(ctx, apiclient.TodoListOptions{ListOptions: apiclient.ListOptions{Page: page}, Since: since})
	return out, err
}

func (s clientSource) Events(ctx context.Context, since time.Time, page int) ([]apiclient.Event, error) {
	out, _, err := s.c.Events.List(ctx, apiclient.EventListOptions{ListOptions: apiclient.ListOptions{Page: page}, Since: since})
	return out, err
}

func (s clientSource) Account(ctx context.Context) (*apiclient.Account, error) {
	a, _, err := s.c.Account.Get(ctx)
	return a, err
}

func (s clientSource) Invoices(ctx context.Context, status string, page int) ([]apiclient.Invoice, error) {
	out, _, err := s.c.Invoices.List(ctx, apiclient.DocumentListOptions{ListOptions: apiclient.ListOptions{Page: page}, Status: status})
	return out, err
}

func (s clientSource) Expenses(ctx context.Context, status string, page int) ([]apiclient.Expense, error) {
	out, _, err := s.c.Expenses.List(ctx, apiclient.DocumentListOptions{ListOptions: apiclient.ListOptions{Page: page}, Status: status})
	return out, err
}

func (s clientSource) LowQuantity(ctx context.Context, page int) ([]apiclient.InventoryItem, error) {
	out, _, err := s.c.InventoryItems.ListLowQuantity(ctx, apiclient.ListOptions{Page: page})
	return out, err
}

func (s clientSource) ToggleTodo(ctx context.Context, id int64) (*apiclient.Todo, error) {
	t, _, err := s.c.Todos.ToggleCompletion(ctx, id)
	return t, err
}
