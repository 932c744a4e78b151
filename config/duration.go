package config

import (
	"fmt"
	"strings"
	"time"
)

// Duration is a time.Duration written in the settings file as a string such
// as "30s" or "5m".
type Duration struct {
	time.Duration
}

// Dur wraps d as a Duration.
func Dur(d time.Duration) Duration { return Duration{d} }

// UnmarshalText parses a Go duration string ("30s", "5m", "1h30m").
func (d *Duration) UnmarshalText(text []byte) error {
	v, err := time.ParseDuration(strings.TrimSpace(string(text)))
	if err != nil {
		return fmt.Errorf("parse duration %q: %w", text, err)
	}
	d.Duration = v
	return nil
}

// MarshalText writes the duration the way a person would: "5m", not "5m0s".
func (d Duration) MarshalText() ([]byte, error) {
	return []byte(d.String()), nil
}

// String formats the duration without trailing zero units ("5m", "1h30m").
func (d Duration) String() string {
	s := d.Duration.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
