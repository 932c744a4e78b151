package sandbox

// routesSubjects registers the endpoints of this file. (Stub: to be written.)
func (s *Server) routesSubjects() {}
