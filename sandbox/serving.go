package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// maxBodyBytes bounds a request body. The largest body the API takes is an
// inbox file or attachment of up to 20 MB as a Data URI (base64, a third
// larger) inside JSON; beyond this the answer is 413 before any handler runs.
const maxBodyBytes = 64 << 20

// readBody reads the whole request body before any lock is taken. A body
// over maxBodyBytes is answered 413, a body that cannot be read (the client
// went away, the server's ReadTimeout passed) 400; ok is false then.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) (body []byte, ok bool) {
	refuse := func(status int, code, desc string) ([]byte, bool) {
		c := &Ctx{S: s, R: r, W: newBufferedWriter()}
		c.Error(status, code, desc)
		s.mu.Lock()
		c.Now = s.clock.Now()
		s.rateFallback(c)
		s.mu.Unlock()
		c.W.writeTo(w)
		return nil, false
	}
	const tooLarge = "The request body is larger than 64 MB"
	if r.ContentLength > maxBodyBytes {
		return refuse(http.StatusRequestEntityTooLarge, "request_entity_too_large", tooLarge)
	}
	body, err := readAll(http.MaxBytesReader(w, r.Body, maxBodyBytes), r.ContentLength)
	var over *http.MaxBytesError
	switch {
	case errors.As(err, &over):
		return refuse(http.StatusRequestEntityTooLarge, "request_entity_too_large", tooLarge)
	case err != nil:
		return refuse(http.StatusBadRequest, "invalid_request", "The request body could not be read")
	}
	if body == nil {
		body = []byte{}
	}
	return body, true
}

// readAll is io.ReadAll into a buffer of the announced length, so a large
// body is not copied over and over as the buffer grows.
func readAll(r io.Reader, length int64) ([]byte, error) {
	if length <= 0 {
		return io.ReadAll(r)
	}
	buf := bytes.NewBuffer(make([]byte, 0, length+1))
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}

// Timeouts of the HTTP server NewHTTPServer makes: a client gets this long
// for its headers, its whole request, and an idle keep-alive connection.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 2 * time.Minute
	idleTimeout       = 2 * time.Minute
)

// NewHTTPServer is the http.Server that serves h (the sandbox, or a handler
// wrapping it) on ln, with timeouts, so that no client holds a connection
// forever. On an address beyond loopback it writes a warning to warn and
// answers only requests whose Host header names an address it serves: a web
// page whose name was rebound to this machine's address (DNS rebinding)
// cannot reach the API with the demo's published credentials.
func NewHTTPServer(ln net.Listener, h http.Handler, warn io.Writer) *http.Server {
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		hosts := servedHosts(tcp.IP)
		fmt.Fprintf(warn, "warning: the sandbox listens on %s, beyond this machine: anyone who reaches it can use the demo's published credentials.\n"+
			"         Only requests whose Host header names one of its addresses are answered: %s.\n",
			tcp, strings.Join(sortedKeys(hosts), ", "))
		h = hostGuard{next: h, hosts: hosts}
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		IdleTimeout:       idleTimeout,
	}
}

// servedHosts are the names a request may give in Host for a server
// listening on ip: ip itself, or, for an unspecified address (0.0.0.0, ::),
// every address of the machine's interfaces; and the machine's own names.
func servedHosts(ip net.IP) map[string]bool {
	hosts := map[string]bool{"localhost": true}
	if name, err := os.Hostname(); err == nil && name != "" {
		name = strings.ToLower(name)
		hosts[name] = true
		hosts[strings.TrimSuffix(name, ".local")+".local"] = true // its mDNS name
	}
	if !ip.IsUnspecified() {
		hosts[ip.String()] = true
		return hosts
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			hosts[n.IP.String()] = true
		}
	}
	return hosts
}

// hostGuard answers 421 to a request whose Host is not one of hosts.
type hostGuard struct {
	next  http.Handler
	hosts map[string]bool
}

func (g hostGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	if ip := net.ParseIP(host); ip != nil {
		host = ip.String()
	}
	if !g.hosts[host] {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusMisdirectedRequest)
		fmt.Fprintf(w, `{"error":"misdirected_request","error_description":%q}`,
			"The Host header names no address this sandbox serves")
		return
	}
	g.next.ServeHTTP(w, r)
}
