package config

import "testing"

// FuzzDecodeFile: any file either fails with an error or yields settings
// that pass Validate; it never panics.
func FuzzDecodeFile(f *testing.F) {
	f.Add("theme = \"dark\"\n[refresh]\nlists = \"1m\"\n")
	f.Add("refresh = 5\n")
	f.Add("monitor_quota_share = 1e3\n[colors]\na = 1\n")
	f.Add("[[refresh]]\nlists = 3\n")
	f.Fuzz(func(t *testing.T, raw string) {
		s := Defaults()
		if _, err := decodeFile("config.toml", raw, &s); err != nil {
			return
		}
		if err := s.Validate(); err != nil {
			t.Errorf("decoded settings are invalid: %v", err)
		}
	})
}
