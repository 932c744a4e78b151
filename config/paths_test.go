package config

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPathsFromEnv(t *testing.T) {
	home := t.TempDir()
	xdgRoot := t.TempDir()
	tests := []struct {
		name string
		env  map[string]string
		want Paths
	}{
		{
			name: "home only uses freedesktop defaults",
			env:  map[string]string{"HOME": home},
			want: Paths{
				ConfigFile: filepath.Join(home, ".config", "kasa", "config.toml"),
				StateDir:   filepath.Join(home, ".local", "state", "kasa"),
				CacheDir:   filepath.Join(home, ".cache", "kasa"),
			},
		},
		{
			name: "XDG variables win over HOME",
			env: map[string]string{
				"HOME":            home,
				"XDG_CONFIG_HOME": filepath.Join(xdgRoot, "c"),
				"XDG_STATE_HOME":  filepath.Join(xdgRoot, "s"),
				"XDG_CACHE_HOME":  filepath.Join(xdgRoot, "k"),
			},
			want: Paths{
				ConfigFile: filepath.Join(xdgRoot, "c", "kasa", "config.toml"),
				StateDir:   filepath.Join(xdgRoot, "s", "kasa"),
				CacheDir:   filepath.Join(xdgRoot, "k", "kasa"),
			},
		},
		{
			name: "relative XDG paths are ignored, as the spec says",
			env:  map[string]string{"HOME": home, "XDG_CONFIG_HOME": "rel/conf"},
			want: Paths{
				ConfigFile: filepath.Join(home, ".config", "kasa", "config.toml"),
				StateDir:   filepath.Join(home, ".local", "state", "kasa"),
				CacheDir:   filepath.Join(home, ".cache", "kasa"),
			},
		},
		{
			name: "KASA_CONFIG overrides the settings file only",
			env:  map[string]string{"HOME": home, "KASA_CONFIG": filepath.Join(xdgRoot, "other.toml")},
			want: Paths{
				ConfigFile: filepath.Join(xdgRoot, "other.toml"),
				StateDir:   filepath.Join(home, ".local", "state", "kasa"),
				CacheDir:   filepath.Join(home, ".cache", "kasa"),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PathsFromEnv(envMap(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPathsFromEnvWithoutHomeFails(t *testing.T) {
	if _, err := PathsFromEnv(envMap(map[string]string{"XDG_CONFIG_HOME": t.TempDir()})); err == nil {
		t.Error("no HOME and incomplete XDG: want error")
	}
}

func TestPathsDerivedFiles(t *testing.T) {
	p := Paths{StateDir: "/s/kasa"}
	if p.SecretsFile() != filepath.Join("/s/kasa", "secrets.json") ||
		p.LogFile() != filepath.Join("/s/kasa", "kasa.log") ||
		p.DraftsDir() != filepath.Join("/s/kasa", "drafts") {
		t.Errorf("derived paths: %q %q %q", p.SecretsFile(), p.LogFile(), p.DraftsDir())
	}
}

// DefaultPaths only computes names; it creates nothing, so calling it does
// not touch the real home.
func TestDefaultPathsEndInKasa(t *testing.T) {
	p, err := DefaultPaths()
	if err != nil {
		t.Skipf("no home directory here: %v", err)
	}
	if filepath.Base(p.StateDir) != "kasa" || filepath.Base(p.CacheDir) != "kasa" || p.ConfigFile == "" {
		t.Errorf("DefaultPaths = %+v", p)
	}
}
