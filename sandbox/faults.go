package sandbox

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// A fault plan aims failures at exact requests, for tests and for trying a
// client by hand: "drop the answer of the next POST whose path ends in
// payments.json after committing it". It wraps the server as an
// http.Handler (WithFaultPlan) and is set by a flag (ParseFaultRules) or
// over its control endpoint, FaultsPath:
//
//	GET    /_sandbox/faults   the rules still armed, as JSON
//	POST   /_sandbox/faults   add rules: {"rules":[{"action":"drop-after","method":"POST","path":"payments.json"}]}
//	DELETE /_sandbox/faults   disarm every rule

// FaultsPath is the control endpoint of a fault plan.
const FaultsPath = "/_sandbox/faults"

// Fault actions.
const (
	// FaultDropAfter runs the request (it is committed) and closes the
	// connection without an answer.
	FaultDropAfter = "drop-after"
	// FaultDropBefore closes the connection without running the request.
	FaultDropBefore = "drop-before"
	// Fault502After runs the request and answers 502, as a gateway that lost
	// the service's answer does.
	Fault502After = "502-after"
	// FaultFailReads answers 500 to reads (GET, HEAD) without running them.
	FaultFailReads = "fail-reads"
)

// FaultRule is one armed fault: the next Count requests (1 when 0) whose
// method and path match meet Action.
type FaultRule struct {
	Action string `json:"action"`
	// Method is the request's method ("" any; fail-reads: GET and HEAD).
	Method string `json:"method,omitempty"`
	// Path matches the request's path segment by segment from its end, with
	// path.Match patterns: "payments.json", "invoices/*/payments.json". ""
	// matches any path.
	Path  string `json:"path,omitempty"`
	Count int    `json:"count,omitempty"`
}

func (r FaultRule) valid() error {
	switch r.Action {
	case FaultDropAfter, FaultDropBefore, Fault502After, FaultFailReads:
	default:
		return fmt.Errorf("fault action %q: want %s, %s, %s or %s", r.Action, FaultDropAfter, FaultDropBefore, Fault502After, FaultFailReads)
	}
	if r.Count < 0 {
		return fmt.Errorf("fault count %d: want 1 or more", r.Count)
	}
	if _, err := path.Match(r.Path, ""); err != nil {
		return fmt.Errorf("fault path %q: %w", r.Path, err)
	}
	return nil
}

func (r FaultRule) matches(req *http.Request) bool {
	if r.Action == FaultFailReads {
		if !isRead(req.Method) {
			return false
		}
	} else if r.Method != "" && !strings.EqualFold(r.Method, req.Method) {
		return false
	}
	if r.Path == "" {
		return true
	}
	want := strings.Split(strings.Trim(r.Path, "/"), "/")
	got := strings.Split(strings.Trim(req.URL.Path, "/"), "/")
	if len(want) > len(got) {
		return false
	}
	got = got[len(got)-len(want):]
	for i := range want {
		if ok, _ := path.Match(want[i], got[i]); !ok {
			return false
		}
	}
	return true
}

// FaultPlan is the handler that carries out the armed rules in front of
// next. Safe for concurrent use.
type FaultPlan struct {
	next  http.Handler
	mu    sync.Mutex
	rules []FaultRule
}

// WithFaultPlan wraps next with a fault plan armed with rules.
func WithFaultPlan(next http.Handler, rules ...FaultRule) *FaultPlan {
	p := &FaultPlan{next: next}
	_ = p.Add(rules...)
	return p
}

// Add arms more rules, after those armed already.
func (p *FaultPlan) Add(rules ...FaultRule) error {
	for _, r := range rules {
		if err := r.valid(); err != nil {
			return err
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, r := range rules {
		if r.Count == 0 {
			r.Count = 1
		}
		p.rules = append(p.rules, r)
	}
	return nil
}

// Clear disarms every rule.
func (p *FaultPlan) Clear() {
	p.mu.Lock()
	p.rules = nil
	p.mu.Unlock()
}

// Rules are the rules still armed.
func (p *FaultPlan) Rules() []FaultRule {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]FaultRule(nil), p.rules...)
}

// take finds the first armed rule r matches and spends one of its count.
func (p *FaultPlan) take(r *http.Request) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, rule := range p.rules {
		if !rule.matches(r) {
			continue
		}
		p.rules[i].Count--
		if p.rules[i].Count <= 0 {
			p.rules = append(p.rules[:i], p.rules[i+1:]...)
		}
		return rule.Action, true
	}
	return "", false
}

// ServeHTTP implements http.Handler.
func (p *FaultPlan) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == FaultsPath {
		p.control(w, r)
		return
	}
	action, ok := p.take(r)
	if !ok {
		p.next.ServeHTTP(w, r)
		return
	}
	switch action {
	case FaultDropBefore:
		drop(w)
	case FaultDropAfter:
		p.next.ServeHTTP(&discardWriter{header: http.Header{}}, r)
		drop(w)
	case Fault502After:
		p.next.ServeHTTP(&discardWriter{header: http.Header{}}, r)
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		_, _ = w.Write([]byte("<html><body><h1>502 Bad Gateway</h1></body></html>\n"))
	case FaultFailReads:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":"sandbox_fault","error_description":"Injected fault: 500"}` + "\n"))
	}
}

// drop closes the connection without an answer.
func drop(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			_ = conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler) // the server closes the connection
}

// discardWriter takes the answer of a request whose answer is lost.
type discardWriter struct {
	header http.Header
	status int
}

func (d *discardWriter) Header() http.Header         { return d.header }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(status int)      { d.status = status }

// Hijack lets the server's own drop (DropNextCreates) close nothing: the
// plan's action follows anyway.
func (d *discardWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c1, c2 := net.Pipe()
	_ = c2.Close()
	return c1, bufio.NewReadWriter(bufio.NewReader(c1), bufio.NewWriter(c1)), nil
}

func (p *FaultPlan) control(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch r.Method {
	case http.MethodGet:
	case http.MethodDelete:
		p.Clear()
	case http.MethodPost:
		var body struct {
			Rules []FaultRule `json:"rules"`
		}
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&body); err != nil {
			http.Error(w, `{"error":"invalid_request","error_description":`+strconv.Quote("read the rules: "+err.Error())+`}`, http.StatusBadRequest)
			return
		}
		if err := p.Add(body.Rules...); err != nil {
			http.Error(w, `{"error":"invalid_request","error_description":`+strconv.Quote(err.Error())+`}`, http.StatusUnprocessableEntity)
			return
		}
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, `{"error":"method_not_allowed"}`, http.StatusMethodNotAllowed)
		return
	}
	var b bytes.Buffer
	_ = json.NewEncoder(&b).Encode(struct {
		Rules []FaultRule `json:"rules"`
	}{Rules: p.Rules()})
	_, _ = w.Write(b.Bytes())
}

// ParseFaultRules reads rules as a flag writes them, separated by ";":
// "<action> [METHOD] [path] [xN]", e.g. "drop-after POST payments.json;
// fail-reads x3".
func ParseFaultRules(s string) ([]FaultRule, error) {
	var out []FaultRule
	for _, part := range strings.Split(s, ";") {
		words := strings.Fields(part)
		if len(words) == 0 {
			continue
		}
		r := FaultRule{Action: words[0]}
		for _, w := range words[1:] {
			switch {
			case strings.HasPrefix(w, "x") && len(w) > 1 && strings.Trim(w[1:], "0123456789") == "":
				r.Count, _ = strconv.Atoi(w[1:])
			case w == strings.ToUpper(w) && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "":
				r.Method = w
			default:
				r.Path = w
			}
		}
		if err := r.valid(); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}
