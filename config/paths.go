package config

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
)

// appName names kasa's folder in each XDG base directory.
const appName = "kasa"

// EnvConfigVar overrides the settings file path.
const EnvConfigVar = "KASA_CONFIG"

// Paths are where kasa keeps its files.
type Paths struct {
	// ConfigFile is the settings file (…/kasa/config.toml).
	ConfigFile string
	// StateDir holds the log, the fallback secrets file and drafts.
	StateDir string
	// CacheDir holds data that may be thrown away.
	CacheDir string
}

// SecretsFile is the fallback credential file used when no keyring answers.
func (p Paths) SecretsFile() string { return filepath.Join(p.StateDir, "secrets.json") }

// LogFile is where kasa's slog output goes.
func (p Paths) LogFile() string { return filepath.Join(p.StateDir, "kasa.log") }

// DraftsDir holds unsent form drafts.
func (p Paths) DraftsDir() string { return filepath.Join(p.StateDir, "drafts") }

// baseDirs are the XDG base directories the paths hang from.
type baseDirs struct{ config, state, cache string }

// DefaultPaths returns the paths for this process: the platform's XDG base
// directories (as github.com/adrg/xdg resolves them, honouring XDG_* at
// start-up) and KASA_CONFIG.
func DefaultPaths() (Paths, error) {
	return pathsFrom(os.Getenv, baseDirs{config: xdg.ConfigHome, state: xdg.StateHome, cache: xdg.CacheHome})
}

// PathsFromEnv builds the paths from getenv alone, so tests can point it at
// a temporary directory. It honours XDG_CONFIG_HOME, XDG_STATE_HOME,
// XDG_CACHE_HOME (absolute paths only, as the XDG spec says), then HOME with
// the freedesktop defaults (~/.config, ~/.local/state, ~/.cache), and
// KASA_CONFIG for the settings file.
func PathsFromEnv(getenv func(string) string) (Paths, error) {
	home := getenv("HOME")
	var base baseDirs
	if home != "" && filepath.IsAbs(home) {
		base = baseDirs{
			config: filepath.Join(home, ".config"),
			state:  filepath.Join(home, ".local", "state"),
			cache:  filepath.Join(home, ".cache"),
		}
	}
	return pathsFrom(getenv, base)
}

// pathsFrom prefers absolute XDG_* variables over the given defaults.
func pathsFrom(getenv func(string) string, def baseDirs) (Paths, error) {
	pick := func(env, fallback string) string {
		if v := getenv(env); v != "" && filepath.IsAbs(v) {
			return v
		}
		return fallback
	}
	base := baseDirs{
		config: pick("XDG_CONFIG_HOME", def.config),
		state:  pick("XDG_STATE_HOME", def.state),
		cache:  pick("XDG_CACHE_HOME", def.cache),
	}
	if base.config == "" || base.state == "" || base.cache == "" {
		return Paths{}, errors.New("find kasa's directories: set HOME or the XDG_CONFIG_HOME, XDG_STATE_HOME and XDG_CACHE_HOME variables")
	}
	p := Paths{
		ConfigFile: filepath.Join(base.config, appName, "config.toml"),
		StateDir:   filepath.Join(base.state, appName),
		CacheDir:   filepath.Join(base.cache, appName),
	}
	if v := getenv(EnvConfigVar); v != "" {
		p.ConfigFile = v
	}
	return p, nil
}
