package sandbox

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

// TestDeliveryDialRefusesLinkLocal: the check runs on the address dialled,
// after the name was resolved, so a name that resolves (or is rebound) to a
// metadata address is refused without a connection.
func TestDeliveryDialRefusesLinkLocal(t *testing.T) {
	for addr, refused := range map[string]bool{
		"169.254.169.254:80": true, "169.254.0.1:8080": true, "[fe80::1]:80": true, "[fd00:ec2::254]:80": true,
		"[::ffff:169.254.169.254]:80": true, "127.0.0.1:80": false, "10.0.0.1:80": false, "[::1]:80": false,
	} {
		if err := guardDial("tcp", addr, nil); errors.Is(err, errRefusedAddress) != refused {
			t.Errorf("%s: %v, refused want %v", addr, err, refused)
		}
	}
	srv, _ := NewWithAccount(Options{}, "firma", PlanStandard)
	d := srv.NewWebhookDeliverer(&http.Client{Timeout: 5 * time.Second})
	start := time.Now()
	att, ok := d.try(context.Background(), webhookJob{url: "http://169.254.169.254:81/latest/meta-data/"}, []byte("{}"))
	if ok || att.ResponseStatus != "connection_failed" || time.Since(start) > 2*time.Second {
		t.Fatalf("delivery to the metadata address: ok %v, %+v after %v", ok, att, time.Since(start))
	}
}
