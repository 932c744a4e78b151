package sandbox

import (
	"strings"
)

// route is one endpoint: a method and a pattern such as
// "/accounts/:slug/subjects/:id.json", where a segment ":name" or ":name.ext"
// captures the segment (less the extension).
type route struct {
	method  string
	parts   []string
	handler func(*Ctx)
	// public routes need no bearer token (the OAuth endpoints).
	public bool
	// browser routes are pages a person's browser opens (the consent page): its
	// User-Agent names no application and contact, so only presence is checked.
	browser bool
}

type router struct {
	routes []route
}

func (rt *router) handle(method, pattern string, h func(*Ctx)) {
	rt.routes = append(rt.routes, route{method: method, parts: splitPath(pattern), handler: h})
}

func (rt *router) handlePublic(method, pattern string, h func(*Ctx)) {
	rt.routes = append(rt.routes, route{method: method, parts: splitPath(pattern), handler: h, public: true})
}

func (rt *router) handleBrowser(method, pattern string, h func(*Ctx)) {
	rt.routes = append(rt.routes, route{method: method, parts: splitPath(pattern), handler: h, public: true, browser: true})
}

func splitPath(p string) []string {
	return strings.Split(strings.Trim(p, "/"), "/")
}

// match finds the route for method and path, or nil. A known path asked with
// another method is no route either: the service's Rails routing answers it
// 404, not 405. HEAD is answered by the GET route, as Rails does.
func (rt *router) match(method, path string) (r *route, params map[string]string) {
	if method == "HEAD" {
		method = "GET"
	}
	segs := splitPath(path)
	for i := range rt.routes {
		cand := &rt.routes[i]
		if cand.method != method {
			continue
		}
		if p, ok := matchParts(cand.parts, segs); ok {
			return cand, p
		}
	}
	return nil, nil
}

func matchParts(pattern, segs []string) (map[string]string, bool) {
	if len(pattern) != len(segs) {
		return nil, false
	}
	var params map[string]string
	for i, p := range pattern {
		s := segs[i]
		if !strings.HasPrefix(p, ":") {
			if p != s {
				return nil, false
			}
			continue
		}
		name, ext, hasExt := strings.Cut(p[1:], ".")
		if hasExt {
			if !strings.HasSuffix(s, "."+ext) {
				return nil, false
			}
			s = strings.TrimSuffix(s, "."+ext)
		}
		if s == "" {
			return nil, false
		}
		if params == nil {
			params = map[string]string{}
		}
		params[name] = s
	}
	return params, true
}

// Routes lists every endpoint as "METHOD /pattern", for the contract test
// that pairs each with a client method.
func (s *Server) Routes() []string {
	out := make([]string, 0, len(s.router.routes))
	for _, r := range s.router.routes {
		out = append(out, r.method+" /"+strings.Join(r.parts, "/"))
	}
	return out
}

// RouteOf is the endpoint ("METHOD /pattern", as Routes lists it) that
// answers method and path (below the API root), if any.
func (s *Server) RouteOf(method, path string) (string, bool) {
	r, _ := s.router.match(method, path)
	if r == nil {
		return "", false
	}
	return r.method + " /" + strings.Join(r.parts, "/"), true
}
