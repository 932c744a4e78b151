package config

import (
	"github.com/kasa-tui/kasa/internal/atomicfile"
)

// fileMode is the mode of what kasa writes: only the user may read its
// settings and secrets.
const fileMode = atomicfile.FileMode

// writeFileAtomic replaces path with data (atomicfile.Write).
func writeFileAtomic(path string, data []byte) error { return atomicfile.Write(path, data) }
