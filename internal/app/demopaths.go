package app

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/kasa-tui/kasa/config"
)

// DemoRunPaths gives one run of the demo a cache and drafts of its own, in
// a fresh temporary folder that remove deletes: the demo's records are made
// anew at each start, so an earlier run's monitor cache or drafts would show
// to-dos, events and ids this run's sandbox never made. The settings file
// and the log stay where they are.
func DemoRunPaths(p config.Paths) (run config.Paths, remove func(), err error) {
	dir, err := os.MkdirTemp("", "kasa-demo-")
	if err != nil {
		return config.Paths{}, nil, fmt.Errorf("make the demo's folder: %w", err)
	}
	run = p
	run.StateDir = filepath.Join(dir, "state")
	run.CacheDir = filepath.Join(dir, "cache")
	return run, func() { _ = os.RemoveAll(dir) }, nil
}
