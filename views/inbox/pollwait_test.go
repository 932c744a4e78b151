package inbox

import (
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

func TestPollWaitBacksOffWhileNothingChanges(t *testing.T) {
	w := pollWait{every: 3 * time.Second}
	processing := []apiclient.InboxFile{{ID: 1, OCRStatus: apiclient.Ptr(apiclient.OCRProcessing)}}
	if w.next() != 3*time.Second {
		t.Fatalf("first wait %s", w.next())
	}
	w.observe(processing) // new: stays at every
	var waits []time.Duration
	for range 10 {
		w.observe(processing) // unchanged
		waits = append(waits, w.next())
	}
	if waits[0] != 6*time.Second || waits[1] != 12*time.Second || waits[9] != maxPollWait {
		t.Fatalf("waits %v: want doubling from 6 s up to %s", waits, maxPollWait)
	}
	w.observe([]apiclient.InboxFile{{ID: 1, OCRStatus: apiclient.Ptr(apiclient.OCRProcessed)}})
	if w.next() != 3*time.Second {
		t.Fatalf("a change did not bring the wait back to 3 s: %s", w.next())
	}
}
