package apiclient

import (
	"context"
	"fmt"
)

// UsersService reads the current user and the account's users.
type UsersService struct{ c *Client }

// Current is GET /user.json: the user, their default account and all accounts.
func (s *UsersService) Current(ctx context.Context) (*CurrentUser, *Response, error) {
	u, resp, err := getOne[CurrentUser](ctx, s.c, "/user.json")
	if err != nil {
		return nil, resp, fmt.Errorf("get current user: %w", err)
	}
	return u, resp, nil
}

// List is GET /accounts/{slug}/users.json.
func (s *UsersService) List(ctx context.Context) ([]User, *Response, error) {
	p, err := s.c.accountPath("users.json")
	if err != nil {
		return nil, nil, fmt.Errorf("list users: %w", err)
	}
	out, resp, err := getList[User](ctx, s.c, p, nil)
	if err != nil {
		return nil, resp, fmt.Errorf("list users: %w", err)
	}
	return out, resp, nil
}

// AccountService reads the account's settings.
type AccountService struct{ c *Client }

// Get is GET /accounts/{slug}/account.json.
func (s *AccountService) Get(ctx context.Context) (*Account, *Response, error) {
	p, err := s.c.accountPath("account.json")
	if err != nil {
		return nil, nil, fmt.Errorf("get account: %w", err)
	}
	a, resp, err := getOne[Account](ctx, s.c, p)
	if err != nil {
		return nil, resp, fmt.Errorf("get account: %w", err)
	}
	return a, resp, nil
}

// BankAccountsService reads the account's bank accounts.
type BankAccountsService struct{ c *Client }

// List is GET /accounts/{slug}/bank_accounts.json.
func (s *BankAccountsService) List(ctx context.Context) ([]BankAccount, *Response, error) {
	p, err := s.c.accountPath("bank_accounts.json")
	if err != nil {
		return nil, nil, fmt.Errorf("list bank accounts: %w", err)
	}
	out, resp, err := getList[BankAccount](ctx, s.c, p, nil)
	if err != nil {
		return nil, resp, fmt.Errorf("list bank accounts: %w", err)
	}
	return out, resp, nil
}

// NumberFormatsService reads invoice number formats.
type NumberFormatsService struct{ c *Client }

// ListInvoices is GET /accounts/{slug}/number_formats/invoices.json.
func (s *NumberFormatsService) ListInvoices(ctx context.Context) ([]NumberFormat, *Response, error) {
	p, err := s.c.accountPath("number_formats/invoices.json")
	if err != nil {
		return nil, nil, fmt.Errorf("list number formats: %w", err)
	}
	out, resp, err := getList[NumberFormat](ctx, s.c, p, nil)
	if err != nil {
		return nil, resp, fmt.Errorf("list number formats: %w", err)
	}
	return out, resp, nil
}
