package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Page is everything one documentation page shows as JSON.
type Page struct {
	Page     string    `json:"page"`
	Source   string    `json:"source"`
	Examples []Example `json:"examples"`
	// Snippets are fenced blocks outside a request or a response (attribute
	// examples, webhook payloads, error shapes of the introduction).
	Snippets []Snippet `json:"snippets,omitempty"`
	// Names are every name the page documents (a line that is only a
	// `name`: its attribute, parameter and nested tables), sorted: a key an
	// example leaves out but the page names is still the service's.
	Names []string `json:"names,omitempty"`
}

// Example is one documented response of an endpoint, with the request it answers.
type Example struct {
	Endpoint string `json:"endpoint"`
	Anchor   string `json:"anchor"`
	// Topic is a third-level heading between the endpoint's and its method
	// line: one flow of the authorization page, or a note such as "Default values".
	Topic  string `json:"topic,omitempty"`
	Method string `json:"method"`
	Path   string `json:"path"`
	// Situation says which case this is: the response's own title when it has
	// one ("Response if missing bank account"), else the request's ("Request
	// with invalid data"), else "Response".
	Situation     string `json:"situation"`
	RequestTitle  string `json:"request_title,omitempty"`
	ResponseTitle string `json:"response_title"`
	Request       *Body  `json:"request,omitempty"`
	Status        int    `json:"status"`
	StatusText    string `json:"status_text,omitempty"`
	// OtherStatuses are further status lines of the same subsection: the docs
	// sometimes list two statuses over one body, which follows the last.
	OtherStatuses []string `json:"other_statuses,omitempty"`
	Response      *Body    `json:"response,omitempty"`
}

// Body is a fenced block: JSON kept byte for byte as raw JSON when it parses.
// A block that does not parse keeps its text and the parse error; when it only
// fails for the docs' elisions ("…" lines) and trailing commas, JSON holds what
// is left once those are dropped and Repaired says so: a partial example, still
// worth decoding, never passed off as the docs' own text.
type Body struct {
	JSON        json.RawMessage `json:"json,omitempty"`
	Text        string          `json:"text,omitempty"`
	InvalidJSON string          `json:"invalid_json,omitempty"`
	Repaired    string          `json:"repaired,omitempty"`
}

// Snippet is a fenced block outside the examples.
type Snippet struct {
	Heading    string `json:"heading"`
	Subheading string `json:"subheading,omitempty"`
	Body       *Body  `json:"body"`
}

var (
	linkHeading = regexp.MustCompile(`^(#{2,3}) \[(.+)\]\(#([^)]*)\)\s*$`)
	endpointRe  = regexp.MustCompile("^`(GET|POST|PATCH|PUT|DELETE)` `(/[^`]*)`\\s*$")
	statusRe    = regexp.MustCompile("^`Status` `(\\d{3})\\s*([^`]*)`")
	subRe       = regexp.MustCompile(`^### ((Request|Response)\b.*?)\s*$`)
	minorRe     = regexp.MustCompile(`^#### (.+?)\s*$`)
	nameRe      = regexp.MustCompile("^`([a-z][a-z0-9_]*)`$")
	linkText    = regexp.MustCompile(`\[([^\]]*)\]\(#[^)]*\)`)
)

// sub is a Request or Response subsection being read.
type sub struct {
	title    string
	response bool
	statuses [][2]string
	body     *Body
}

// parser walks a page line by line; the docs are regular enough that a
// heading, an endpoint line, a status line and a fence say all there is.
type parser struct {
	page                   *Page
	heading, anchor, topic string
	method, path           string
	minor                  string
	cur                    *sub
	mainReq, lastReq       *sub
	inFence                bool
	fence                  []string
	fenceLine, lineNo      int
	problems               []string
	names                  map[string]bool
}

// Parse reads one page of the docs (source is its file name) and returns it with
// the blocks that are not valid JSON, one line each.
func Parse(source string, r io.Reader) (*Page, []string, error) {
	name := strings.TrimSuffix(source, ".md")
	p := &parser{page: &Page{Page: name, Source: source, Examples: []Example{}}, names: map[string]bool{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for sc.Scan() {
		p.lineNo++
		p.line(sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", source, err)
	}
	if p.inFence {
		return nil, nil, fmt.Errorf("%s:%d: fence never closed", source, p.fenceLine)
	}
	p.closeSub()
	p.page.Names = sortedNames(p.names)
	return p.page, p.problems, nil
}

func sortedNames(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (p *parser) line(s string) {
	if p.inFence {
		if strings.HasPrefix(strings.TrimSpace(s), "```") {
			p.inFence = false
			p.block(strings.Join(p.fence, "\n"))
			return
		}
		p.fence = append(p.fence, s)
		return
	}
	switch {
	case strings.HasPrefix(strings.TrimSpace(s), "```"):
		p.inFence, p.fence, p.fenceLine = true, nil, p.lineNo
	case linkHeading.MatchString(s):
		m := linkHeading.FindStringSubmatch(s)
		p.closeSub()
		if m[1] == "##" {
			p.heading, p.anchor, p.topic = m[2], m[3], ""
		} else {
			p.topic = m[2]
		}
		p.minor = ""
		p.method, p.path, p.mainReq, p.lastReq = "", "", nil, nil
	case endpointRe.MatchString(s):
		m := endpointRe.FindStringSubmatch(s)
		p.closeSub()
		p.method, p.path, p.mainReq, p.lastReq = m[1], m[2], nil, nil
	case subRe.MatchString(s) && p.method != "":
		m := subRe.FindStringSubmatch(s)
		p.closeSub()
		p.cur = &sub{title: m[1], response: m[2] == "Response"}
		p.minor = ""
	case statusRe.MatchString(s) && p.cur != nil:
		m := statusRe.FindStringSubmatch(s)
		p.cur.statuses = append(p.cur.statuses, [2]string{m[1], strings.TrimSpace(m[2])})
	case minorRe.MatchString(s):
		p.minor = linkText.ReplaceAllString(minorRe.FindStringSubmatch(s)[1], "$1")
	case nameRe.MatchString(strings.TrimSpace(s)):
		p.names[nameRe.FindStringSubmatch(strings.TrimSpace(s))[1]] = true
	}
}

// block files a fenced block as the current subsection's body or as a snippet.
func (p *parser) block(text string) {
	b := makeBody(text)
	if b.InvalidJSON != "" {
		note := "kept as text"
		if b.Repaired != "" {
			note = "read after: " + b.Repaired
		}
		p.problems = append(p.problems, fmt.Sprintf("%s:%d %s: %s (%s)", p.page.Source, p.fenceLine, p.heading, b.InvalidJSON, note))
	}
	// The first block of a request or a response is its body: the docs put it
	// under "#### Body", but twice straight after a table or a status line.
	if p.cur != nil && p.cur.body == nil {
		p.cur.body = b
		return
	}
	sh := p.minor
	if sh == "" {
		sh = p.topic
	}
	p.page.Snippets = append(p.page.Snippets, Snippet{Heading: p.heading, Subheading: sh, Body: b})
}

func makeBody(text string) *Body {
	trimmed := strings.TrimSpace(text)
	err := checkJSON(trimmed)
	if err == nil {
		return &Body{JSON: json.RawMessage(trimmed)}
	}
	b := &Body{Text: text, InvalidJSON: err.Error()}
	if fixed, how := dropElisions(trimmed); how != "" && checkJSON(fixed) == nil {
		b.JSON, b.Repaired = json.RawMessage(fixed), how
	}
	return b
}

func checkJSON(s string) error {
	var probe any
	return json.Unmarshal([]byte(s), &probe)
}

var trailingComma = regexp.MustCompile(`,(\s*[\]}])`)

// dropElisions removes the lines that are only an ellipsis ("…", "…, // Other
// document attributes") and the commas left dangling before a closing bracket,
// and says which it did.
func dropElisions(s string) (string, string) {
	var kept, how []string
	for _, ln := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(ln), "…") {
			if len(how) == 0 {
				how = append(how, "dropped elided lines (…)")
			}
			continue
		}
		kept = append(kept, ln)
	}
	out := strings.Join(kept, "\n")
	if strings.Contains(out, "{ … }") {
		out = strings.ReplaceAll(out, "{ … }", "{}")
		how = append(how, "emptied elided objects ({ … })")
	}
	if trailingComma.MatchString(out) {
		out = trailingComma.ReplaceAllString(out, "$1")
		how = append(how, "dropped trailing commas")
	}
	return out, strings.Join(how, "; ")
}

// closeSub ends the current subsection: a request is remembered, a response
// becomes an example.
func (p *parser) closeSub() {
	s := p.cur
	p.cur = nil
	if s == nil {
		return
	}
	if !s.response {
		p.lastReq = s
		if p.mainReq == nil {
			p.mainReq = s
		}
		return
	}
	// A plain "Response" answers the request just before it; "Response if ..."
	// is another outcome of the endpoint's main request.
	req := p.lastReq
	if s.title != "Response" {
		req = p.mainReq
	}
	ex := Example{
		Endpoint: p.heading, Anchor: p.anchor, Topic: p.topic, Method: p.method, Path: p.path,
		ResponseTitle: s.title, Response: s.body, Situation: s.title,
	}
	if req != nil {
		ex.RequestTitle, ex.Request = req.title, req.body
		if s.title == "Response" && req.title != "Request" {
			ex.Situation = req.title
		}
	}
	if n := len(s.statuses); n > 0 {
		last := s.statuses[n-1]
		ex.Status, _ = strconv.Atoi(last[0])
		ex.StatusText = last[1]
		for _, st := range s.statuses[:n-1] {
			ex.OtherStatuses = append(ex.OtherStatuses, st[0]+" "+st[1])
		}
	}
	p.page.Examples = append(p.page.Examples, ex)
}
