package sandbox

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// Webhooks cannot be turned against the machine the sandbox runs on:
// deliveries go to loopback and private addresses (local receivers are what
// the sandbox is for), never to link-local ones, where clouds answer with
// their metadata and credentials (169.254.169.254, fd00:ec2::254). The
// address is checked when a webhook is saved, and again when a delivery dials,
// after the name was resolved, so a name that resolves (or is rebound) to
// such an address is refused too. Deliveries follow no redirect.

// errRefusedAddress is a delivery's dial to a refused address.
var errRefusedAddress = errors.New("webhook deliveries to link-local and metadata addresses are refused")

// refusedAddress reports the addresses no webhook may reach.
func refusedAddress(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip == netip.MustParseAddr("fd00:ec2::254") // AWS's metadata over IPv6
}

// refusedHost reports a URL host that is itself a refused address.
func refusedHost(host string) bool {
	ip, err := netip.ParseAddr(host)
	if err != nil {
		// A zone (fe80::1%eth0) is link-local in any case.
		ip, err = netip.ParseAddr(stripZone(host))
	}
	return err == nil && refusedAddress(ip)
}

func stripZone(host string) string {
	for i := range host {
		if host[i] == '%' {
			return host[:i]
		}
	}
	return host
}

// guardDial refuses a connection to a refused address; it runs after name
// resolution (net.Dialer.Control), on the address actually dialled.
func guardDial(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("webhook delivery to %s: %w", address, err)
	}
	if refusedHost(host) {
		return fmt.Errorf("webhook delivery to %s: %w", address, errRefusedAddress)
	}
	return nil
}

// guardedClient is client for deliveries: no redirect followed, and, when
// its transport is net/http's (or unset), no proxy and a dialer that refuses
// the refused addresses. Another RoundTripper is the caller's own way out
// and is kept as it is.
func guardedClient(client *http.Client) *http.Client {
	c := *client
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	var t *http.Transport
	switch rt := client.Transport.(type) {
	case nil:
		t = http.DefaultTransport.(*http.Transport).Clone()
	case *http.Transport:
		t = rt.Clone()
	default:
		return &c
	}
	t.Proxy = nil // a proxy would dial for us, past the guard
	dialer := &net.Dialer{Timeout: webhookTryTimeout, KeepAlive: 30 * time.Second, Control: guardDial}
	t.DialContext = dialer.DialContext
	c.Transport = t
	return &c
}
