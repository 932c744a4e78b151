package table

import (
	"testing"
	"time"
)

func TestDebouncerOnlyLatestCounts(t *testing.T) {
	d := NewDebouncer("subjects", time.Millisecond)
	first := d.Trigger()
	second := d.Trigger()

	m1, ok := first().(DebounceMsg)
	if !ok {
		t.Fatalf("first command sent %T", first())
	}
	m2 := second().(DebounceMsg)
	if d.IsLatest(m1) {
		t.Error("an earlier delay counted as latest")
	}
	if !d.IsLatest(m2) {
		t.Error("the last delay did not count as latest")
	}
	if m2.Owner != "subjects" {
		t.Errorf("owner = %q", m2.Owner)
	}

	other := NewDebouncer("expenses", time.Millisecond)
	other.Trigger()
	if other.IsLatest(m2) {
		t.Error("another page's debouncer accepted the message")
	}

	d.Cancel()
	if d.IsLatest(m2) {
		t.Error("Cancel left the delay in flight")
	}
}

func TestDebounceWaits(t *testing.T) {
	cmd := Debounce(7, 20*time.Millisecond)
	start := time.Now()
	msg := cmd().(DebounceMsg)
	if msg.ID != 7 {
		t.Errorf("ID = %d, want 7", msg.ID)
	}
	if time.Since(start) < 20*time.Millisecond {
		t.Error("Debounce did not wait")
	}
}
