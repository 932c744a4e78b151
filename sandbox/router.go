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

func splitPath(p string) []string {
	return strings.Split(strings.Trim(p, "/"), "/")
}

// match finds the route for method and path. It reports pathFound when some
// route has the path but another method (405).
func (rt *router) match(method, path string) (r *route, params map[string]string, pathFound bool) {
	segs := splitPath(path)
	for i := range rt.routes {
		cand := &rt.routes[i]
		p, ok := matchParts(cand.parts, segs)
		if !ok {
			continue
		}
		if cand.method != method {
			pathFound = true
			continue
		}
		return cand, p, true
	}
	return nil, nil, pathFound
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
