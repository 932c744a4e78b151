package ui

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
)

// OpenLog opens (appends to) the log file at path, creating its directory
// with mode 0700 and the file with mode 0600, since logs may name accounts.
// A path ending in ".json" gets a JSON handler, any other a text handler.
// The level is info, or debug when debug is true. The caller closes the
// returned Closer when the program ends.
func OpenLog(path string, debug bool) (*slog.Logger, io.Closer, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, nil, fmt.Errorf("create log directory: %w", err)
	}
	f, err := openLogFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("open log file: %w", err)
	}
	level := slog.LevelInfo
	if debug {
		level = slog.LevelDebug
	}
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler
	if strings.EqualFold(filepath.Ext(path), ".json") {
		h = slog.NewJSONHandler(f, opts)
	} else {
		h = slog.NewTextHandler(f, opts)
	}
	return slog.New(h), f, nil
}
