package sandbox

import (
	"encoding/json"
	"testing"
	"time"
)

func TestDecimalsAreWrittenAsRailsWritesThem(t *testing.T) {
	for in, want := range map[string]string{
		"40000": "40000.0", "40000.00": "40000.0", "50.0": "50.0", "1.50": "1.5", "+7": "7.0",
		"-0.00": "0.0", "0.125": "0.125", "-12.10": "-12.1", "007.5": "7.5", ".5": "0.5",
	} {
		b, _ := json.Marshal(MustDecimal(in))
		if string(b) != `"`+want+`"` {
			t.Errorf("%s is written %s, want %q", in, b, want)
		}
	}
	for in, want := range map[string]string{"21": "21", "21.0": "21", "12.50": "12.5", "0": "0"} {
		if b, _ := json.Marshal(RateOf(MustDecimal(in))); string(b) != want {
			t.Errorf("rate %s is written %s, want %s", in, b, want)
		}
	}
}

func TestUnsetTextIsNull(t *testing.T) {
	b, _ := json.Marshal(struct{ A, B Text }{"", "x"})
	if string(b) != `{"A":null,"B":"x"}` {
		t.Errorf("%s", b)
	}
}

func TestTimestampsAreInPragueTime(t *testing.T) {
	winter := time.Date(2023, 11, 14, 12, 56, 24, 563e6, time.UTC)
	s := New(Options{Clock: NewManualClock(winter)})
	if got := (DateTime{s.Now()}).String(); got != "2023-11-14T13:56:24.563+01:00" {
		t.Errorf("winter %s", got)
	}
	s = New(Options{Clock: NewManualClock(winter.AddDate(0, 6, 0))})
	if got := (DateTime{s.Now()}).String(); got != "2024-05-14T14:56:24.563+02:00" {
		t.Errorf("summer %s", got)
	}
	s = New(Options{Clock: NewManualClock(winter), Location: time.UTC})
	if got := (DateTime{s.Now()}).String(); got != "2023-11-14T12:56:24.563Z" {
		t.Errorf("UTC %s", got)
	}
}
