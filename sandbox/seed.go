package sandbox

import (
	"time"
)

// Seeding: building a server's state directly, without HTTP, for the demo
// (package sandbox/demo) and for tests of integrations that need a prepared
// account. The API in brief:
//
//	s := sandbox.New(opts)                      // or NewWithAccount
//	a := sandbox.NewAccount(slug, info, limits) // then s.AddAccount(a)
//	u := s.AddUser(&sandbox.User{...})          // with a Grant on the slug
//	a.Subjects.Add(&sandbox.Subject{...})       // every resource's Table has Add
//	l := sandbox.Line{ID: a.NewLineID(), ...}   // nested records take ids from the account
//	a.AddAttachment(file), a.AddInboxFile(f, file), a.AddEvent(...), a.AddTodo(...)
//
// Seeded records are stored as given: the seeder computes totals (ComputeLine,
// ComputeTotals) and statuses the way the API would. Seed before serving, or
// inside Server.Do while serving.

// NewLineID reserves the id of a document line.
func (a *Account) NewLineID() int64 { a.nextLineID++; return a.nextLineID }

// NewPaymentID reserves the id of a payment of an invoice or expense.
func (a *Account) NewPaymentID() int64 { a.nextPaymentID++; return a.nextPaymentID }

// NewPriceID reserves the id of an inventory item's retail price.
func (a *Account) NewPriceID() int64 { a.nextPriceID++; return a.nextPriceID }

// AddAttachment stores a file of a document and returns the attachment to put
// in the document's Attachments.
func (a *Account) AddAttachment(f File) Attachment {
	id := a.attachmentID()
	a.Attachments[id] = f
	return Attachment{ID: id, Filename: f.Filename, ContentType: f.ContentType}
}

// AddInboxFile stores a file in the inbox with the record's state as given
// (OCR fields included); the id, filename and size come from the table and file.
func (a *Account) AddInboxFile(rec InboxFile, f File) *InboxFile {
	rec.Filename, rec.Bytesize = f.Filename, int64(len(f.Data))
	return &a.Inbox.Add(&inboxFile{InboxFile: rec, blob: f}).InboxFile
}

// StableClient is a client-credentials pair of a user whose id and secret are
// derived from key, so a sandbox's credentials are the same every run.
// Register it with AddClient.
func StableClient(key string, userID int64) *OAuthClient {
	return &OAuthClient{ID: fixedID(key), Secret: fixedSecret(key), UserID: userID}
}

// Client returns a registered client by id.
func (s *Server) Client(id string) (*OAuthClient, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cl, ok := s.clients[id]
	return cl, ok
}

// IssueTokenValidFor is IssueToken with a lifetime of its own, such as one a
// fast clock cannot outrun.
func (s *Server) IssueTokenValidFor(userID int64, clientID string, life time.Duration) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issueAccess(userID, clientID, "", life).Token
}

// SetActivity makes f run at the start of every request of the account
// slug, under its lock, before the automatic transitions: an account that
// lives as the clock moves (the living demo) catches up with now there.
func (s *Server) SetActivity(slug string, f func(now time.Time)) {
	s.Do(func() {
		if a, ok := s.accounts[slug]; ok {
			a.activity = f
		}
	})
}
