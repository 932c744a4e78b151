package sandbox

// routesGenerators registers the endpoints of this file. (Stub: to be written.)
func (s *Server) routesGenerators() {}
