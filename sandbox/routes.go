package sandbox

// routes registers every endpoint. Each resource file owns its registration
// function and its automatic transitions.
func (s *Server) routes() {
	s.routesOAuth()
	s.routesAccount()
	s.routesSubjects()
	s.routesExpenses()
	s.routesInvoices()
	s.routesGenerators()
	s.routesInventory()
	s.routesInbox()
	s.routesTodosEvents()
	s.routesWebhooks()
	s.dailyTransitions = append(s.dailyTransitions, s.expenseTransitions, s.invoiceTransitions)
	s.transitions = append(s.transitions, s.inboxTransitions)
}
