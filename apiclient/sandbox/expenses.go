package sandbox

import "time"

// routesExpenses registers the endpoints of this file. (Stub: to be written.)
func (s *Server) routesExpenses() {}

// expenseTransitions moves open expenses past their due date to overdue. (Stub.)
func (s *Server) expenseTransitions(a *Account, now time.Time) {}
