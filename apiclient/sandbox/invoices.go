package sandbox

import "time"

// routesInvoices registers the endpoints of this file. (Stub: to be written.)
func (s *Server) routesInvoices() {}

// invoiceTransitions moves invoices past their due date to overdue. (Stub.)
func (s *Server) invoiceTransitions(a *Account, now time.Time) {}
