package sandbox

import "time"

// routesInbox registers the endpoints of this file. (Stub: to be written.)
func (s *Server) routesInbox() {}

// inboxTransitions moves OCR along over time. (Stub.)
func (s *Server) inboxTransitions(a *Account, now time.Time) {}
