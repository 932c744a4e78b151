package sandbox

import "net/http"

// The server's modes (Options.Blocked, Options.Maintenance): states of the
// service a client must survive, switched on for a whole sandbox.

// The maintenance answer's code and text are not documented; the shape is the
// service's usual {"error","error_description"}.
const msgMaintenance = "The service is read-only for maintenance: reads work, changes do not. Try the request again later."

// modeRefusal answers a request the server's modes refuse: 402 for an
// account-scoped request while accounts are blocked, 503 for a change during
// maintenance. It reports whether it answered.
func (s *Server) modeRefusal(c *Ctx) bool {
	if s.opts.Blocked && c.Account != nil {
		c.JSON(http.StatusPaymentRequired, blockedBody{
			Status:          "Account blocked",
			OverdueInvoices: []overdueInvoice{{InvoiceURL: c.HTMLURL("subscription/invoices/1")}},
		})
		return true
	}
	// Tokens are still issued in maintenance (OAuth routes are not refused
	// here): the service does not document it either way, and a client must
	// be able to sign in to meet the read-only mode.
	if s.opts.Maintenance && !isRead(c.R.Method) {
		c.Error(http.StatusServiceUnavailable, "service_unavailable", msgMaintenance)
		return true
	}
	return false
}

// blockedBody is the 402 of a blocked account (api-facts.md): the unpaid
// subscription invoices that block it.
type blockedBody struct {
	Status          string           `json:"status"`
	OverdueInvoices []overdueInvoice `json:"overdue_invoices"`
}

type overdueInvoice struct {
	InvoiceURL string `json:"invoice_url"`
}

// SetBlocked blocks every account (402) or lifts the block, while serving.
func (s *Server) SetBlocked(on bool) { s.Do(func() { s.opts.Blocked = on }) }

// SetMaintenance switches read-only maintenance (503 on changes) while serving.
func (s *Server) SetMaintenance(on bool) { s.Do(func() { s.opts.Maintenance = on }) }
