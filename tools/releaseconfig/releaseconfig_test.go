package releaseconfig

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// config is the part of GoReleaser's v2 schema kasa's release relies on.
// Unknown keys fail the decode (KnownFields), as `goreleaser check` fails
// on them.
type config struct {
	Version     int    `yaml:"version"`
	ProjectName string `yaml:"project_name"`
	Before      struct {
		Hooks []string `yaml:"hooks"`
	} `yaml:"before"`
	Builds []struct {
		ID      string   `yaml:"id"`
		Main    string   `yaml:"main"`
		Binary  string   `yaml:"binary"`
		Env     []string `yaml:"env"`
		Goos    []string `yaml:"goos"`
		Goarch  []string `yaml:"goarch"`
		Flags   []string `yaml:"flags"`
		Ldflags []string `yaml:"ldflags"`
	} `yaml:"builds"`
	Archives []struct {
		ID              string   `yaml:"id"`
		IDs             []string `yaml:"ids"`
		Formats         []string `yaml:"formats"`
		FormatOverrides []struct {
			Goos    string   `yaml:"goos"`
			Formats []string `yaml:"formats"`
		} `yaml:"format_overrides"`
		NameTemplate string   `yaml:"name_template"`
		Files        []string `yaml:"files"`
	} `yaml:"archives"`
	Checksum struct {
		NameTemplate string `yaml:"name_template"`
		Algorithm    string `yaml:"algorithm"`
	} `yaml:"checksum"`
	Snapshot struct {
		VersionTemplate string `yaml:"version_template"`
	} `yaml:"snapshot"`
	Changelog struct {
		Sort string `yaml:"sort"`
	} `yaml:"changelog"`
	Release struct {
		GitHub struct {
			Owner string `yaml:"owner"`
			Name  string `yaml:"name"`
		} `yaml:"github"`
	} `yaml:"release"`
}

// The release builds kasa for Linux, macOS and Windows on amd64 and arm64,
// archives each (zip on Windows) with checksums, and stamps the version
// that `kasa version` and `kasa --version` print (main.version). GoReleaser
// itself is not run here: `go install` of it downloads and compiles some
// hundreds of modules, more than CI's budget on 2 cores allows (issue 28).
func TestReleaseConfiguration(t *testing.T) {
	f, err := os.Open("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	var c config
	if err := dec.Decode(&c); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if c.Version != 2 || c.ProjectName != "kasa" {
		t.Errorf("version %d, project %q: want GoReleaser v2's schema for kasa", c.Version, c.ProjectName)
	}
	if len(c.Builds) != 1 {
		t.Fatalf("%d builds, want kasa's one", len(c.Builds))
	}
	b := c.Builds[0]
	if b.Main != "." || b.Binary != "kasa" || !slices.Contains(b.Env, "CGO_ENABLED=0") {
		t.Errorf("build: main %q, binary %q, env %v: want . as kasa, without cgo (to cross-build)", b.Main, b.Binary, b.Env)
	}
	for _, goos := range []string{"linux", "darwin", "windows"} {
		if !slices.Contains(b.Goos, goos) {
			t.Errorf("no build for %s", goos)
		}
	}
	for _, arch := range []string{"amd64", "arm64"} {
		if !slices.Contains(b.Goarch, arch) {
			t.Errorf("no build for %s", arch)
		}
	}
	if !strings.Contains(strings.Join(b.Ldflags, " "), "-X main.version={{ .Version }}") {
		t.Errorf("ldflags %v do not stamp main.version", b.Ldflags)
	}
	if len(c.Archives) != 1 || !slices.Equal(c.Archives[0].IDs, []string{b.ID}) {
		t.Fatalf("archives %+v: want one of build %q", c.Archives, b.ID)
	}
	a := c.Archives[0]
	zip := false
	for _, o := range a.FormatOverrides {
		zip = zip || o.Goos == "windows" && slices.Equal(o.Formats, []string{"zip"})
	}
	if !slices.Equal(a.Formats, []string{"tar.gz"}) || !zip {
		t.Errorf("archive formats %v / overrides %+v: want tar.gz, zip on Windows", a.Formats, a.FormatOverrides)
	}
	for _, part := range []string{"{{ .Os }}", "{{ .Arch }}", "{{ .Version }}"} {
		if !strings.Contains(a.NameTemplate, part) {
			t.Errorf("archive name %q lacks %s: the archives of one release would collide", a.NameTemplate, part)
		}
	}
	if c.Checksum.NameTemplate == "" || c.Checksum.Algorithm != "sha256" {
		t.Errorf("checksum %+v: want a sha256 checksums file", c.Checksum)
	}
	if _, err := os.Stat("../../" + strings.TrimPrefix(b.Main, "./") + "/main.go"); err != nil {
		t.Errorf("the build's main package: %v", err)
	}
}
