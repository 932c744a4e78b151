package sandbox

import (
	"sort"
)

// routesAccount registers the current user, the account's users and the
// read-only account settings, bank accounts and number formats. Only GET is
// registered: the router answers any other method with 404, as settings and
// bank accounts cannot be changed through the API.
func (s *Server) routesAccount() {
	s.router.handle("GET", "/user.json", s.acctCurrentUser)
	s.router.handle("GET", "/accounts/:slug/users.json", s.acctUsers)
	s.router.handle("GET", "/accounts/:slug/account.json", s.acctInfo)
	s.router.handle("GET", "/accounts/:slug/bank_accounts.json", s.acctBankAccounts)
	s.router.handle("GET", "/accounts/:slug/number_formats/invoices.json", s.acctNumberFormats)
}

// acctCurrentUser is GET /user.json: the token's user, with permission and scope of
// the default account and a summary of every account granted to them.
func (s *Server) acctCurrentUser(c *Ctx) {
	u := c.User
	out := CurrentUser{
		ID:             u.ID,
		FullName:       u.FullName,
		Email:          u.Email,
		AvatarURL:      Text(u.AvatarURL),
		DefaultAccount: u.DefaultAccount,
		Accounts:       []AccountSummary{},
	}
	for _, slug := range sortedKeys(u.Grants) {
		a, ok := s.accounts[slug]
		if !ok {
			continue // a grant on an account that no longer exists
		}
		g := u.Grants[slug]
		out.Accounts = append(out.Accounts, AccountSummary{
			Slug:           slug,
			Name:           a.Info.Name,
			RegistrationNo: a.Info.RegistrationNo,
			Permission:     g.Permission,
			AllowedScope:   acctScopeOrEmpty(g.AllowedScope),
		})
	}
	c.OK(out)
}

// acctUsers is GET users.json: every user granted on the account, by id.
func (s *Server) acctUsers(c *Ctx) {
	users := make([]*User, 0, 4)
	s.mu.Lock() // the server's users, under its (innermost) lock
	for _, u := range s.users {
		if _, ok := u.Grants[c.Account.Slug]; ok {
			users = append(users, u)
		}
	}
	s.mu.Unlock()
	sort.Slice(users, func(i, j int) bool { return users[i].ID < users[j].ID })
	out := make([]UserRecord, 0, len(users))
	for _, u := range users {
		out = append(out, acctUserView(u, c.Account.Slug))
	}
	c.OK(out)
}

// acctUserView is a user as seen on one account.
func acctUserView(u *User, slug string) UserRecord {
	g := u.Grants[slug]
	return UserRecord{
		ID:           u.ID,
		FullName:     u.FullName,
		Email:        u.Email,
		AvatarURL:    Text(u.AvatarURL),
		Permission:   g.Permission,
		AllowedScope: acctScopeOrEmpty(g.AllowedScope),
	}
}

func acctScopeOrEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// acctInfo is GET account.json. api_calls_used already counts this request
// (the middleware counts before the handler), and the OCR vendor keys are
// written by AccountInfo's MarshalJSON.
func (s *Server) acctInfo(c *Ctx) { c.OK(c.Account.Info) }

// acctBankAccounts is GET bank_accounts.json (read-only; no paging in the reference).
func (s *Server) acctBankAccounts(c *Ctx) {
	out := c.Account.BankAccounts
	if out == nil {
		out = []BankAccount{}
	}
	c.OK(out)
}

// acctNumberFormats is GET number_formats/invoices.json (read-only).
func (s *Server) acctNumberFormats(c *Ctx) {
	out := c.Account.NumberFormats
	if out == nil {
		out = []NumberFormat{}
	}
	c.OK(out)
}
