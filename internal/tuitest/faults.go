package tuitest

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
)

// WriteFault is what meets a write in the tests of "never twice": a rule of
// the sandbox's fault plan, and whether the reads after it fail.
type WriteFault struct {
	Name string
	Rule string // a sandbox fault action
	// Landed: the service committed the write before the fault.
	Landed bool
	// ReadsFail: every read after the write fails until ClearFaults.
	ReadsFail bool
}

// WriteFaults are the faults a write can meet: its answer dropped after or
// before the commit, a gateway's 502 after it, and the reads failing
// afterwards.
func WriteFaults() []WriteFault {
	return []WriteFault{
		{"dropped after commit", sandbox.FaultDropAfter, true, false},
		{"dropped before commit", sandbox.FaultDropBefore, false, false},
		{"502 after commit", sandbox.Fault502After, true, false},
		{"dropped after commit, reads failing", sandbox.FaultDropAfter, true, true},
		{"dropped before commit, reads failing", sandbox.FaultDropBefore, false, true},
	}
}

// Aim arms f at the next write whose path ends in post (method, "POST" or
// "PATCH"), with rt the client's transport: with ReadsFail the reads fail
// from the moment that write leaves.
func (s *Sandbox) Aim(t testing.TB, rt *Transport, f WriteFault, method, post string) {
	t.Helper()
	if err := s.Faults.Add(sandbox.FaultRule{Action: f.Rule, Method: method, Path: post}); err != nil {
		t.Fatal(err)
	}
	if !f.ReadsFail {
		return
	}
	armed := false
	rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if r.Method == method && strings.HasSuffix(r.URL.Path, post) && !armed {
			armed = true
			_ = s.Faults.Add(sandbox.FaultRule{Action: sandbox.FaultFailReads, Count: 1000})
		}
		return nil, nil
	})
}

// ClearFaults disarms every fault: the service answers again.
func (s *Sandbox) ClearFaults(rt *Transport) {
	rt.SetHook(nil)
	s.Faults.Clear()
}
