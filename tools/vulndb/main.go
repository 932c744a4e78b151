// Command vulndb builds the Go vulnerability database that govulncheck
// reads with -db file://DIR, from the OSV entries of the golang.org/x/vulndb
// module (data/osv/*.json) fetched through the Go module proxy: CI cannot
// reach the database website (vuln.go.dev), but it can reach the proxy.
//
//	go tool govulncheck -db "file://$(go run ./tools/vulndb)" ./...
//
// It writes the layout govulncheck's file source expects (the v1 schema):
// index/db.json, index/modules.json, index/vulns.json and ID/<id>.json. A
// database is built once per vulndb version, under the module cache, and
// reused while that version is the latest; it prints the folder.
//
// vulndb's own generator (cmd/gendb) needs the git history of the
// repository for the entries' dates, which the module zip does not carry;
// this converter takes the entries as they are and dates a missing
// "modified" with the module version's time.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	module := flag.String("module", "golang.org/x/vulndb@latest", "module@version holding data/osv")
	cache := flag.String("cache", "", "folder for built databases (default: GOMODCACHE/cache/kasa-vulndb)")
	flag.Parse()
	dir, err := run(*module, *cache)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vulndb:", err)
		os.Exit(1)
	}
	fmt.Println(dir)
}

// downloaded is what `go mod download -json` says about a module.
type downloaded struct {
	Version string
	Info    string
	Dir     string
	Error   string
}

// run fetches the module and returns the folder of its database, building
// it unless a complete one is there.
func run(module, cache string) (string, error) {
	mod, err := download(module)
	if err != nil {
		return "", err
	}
	if cache == "" {
		out, err := exec.Command("go", "env", "GOMODCACHE").Output()
		if err != nil {
			return "", fmt.Errorf("find the module cache: %w", err)
		}
		cache = filepath.Join(strings.TrimSpace(string(out)), "cache", "kasa-vulndb")
	}
	dst := filepath.Join(cache, mod.Version)
	if _, err := os.Stat(filepath.Join(dst, "index", "db.json")); err == nil {
		return dst, nil
	}
	released, err := versionTime(mod.Info)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", fmt.Errorf("create %s: %w", cache, err)
	}
	tmp, err := os.MkdirTemp(cache, "."+mod.Version+".*")
	if err != nil {
		return "", fmt.Errorf("create a build folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := build(filepath.Join(mod.Dir, "data", "osv"), tmp, released); err != nil {
		return "", fmt.Errorf("build the database of %s@%s: %w", strings.Split(module, "@")[0], mod.Version, err)
	}
	// A finished database appears whole or not at all; a concurrent run
	// that got there first wins and this copy is dropped.
	if err := os.Rename(tmp, dst); err != nil {
		if _, serr := os.Stat(filepath.Join(dst, "index", "db.json")); serr == nil {
			return dst, nil
		}
		return "", fmt.Errorf("move the database into place: %w", err)
	}
	return dst, nil
}

// download runs `go mod download -json module`.
func download(module string) (downloaded, error) {
	var mod downloaded
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	if jerr := json.Unmarshal(out, &mod); jerr != nil {
		return mod, fmt.Errorf("go mod download %s: %v (%v)", module, err, jerr)
	}
	if mod.Error != "" || err != nil || mod.Dir == "" {
		return mod, fmt.Errorf("go mod download %s: %s %v", module, mod.Error, err)
	}
	return mod, nil
}

// versionTime reads the commit time of a module version from its .info file.
func versionTime(infoFile string) (time.Time, error) {
	b, err := os.ReadFile(infoFile)
	if err != nil {
		return time.Time{}, fmt.Errorf("read the version's time: %w", err)
	}
	var info struct{ Time time.Time }
	if err := json.Unmarshal(b, &info); err != nil || info.Time.IsZero() {
		return time.Time{}, fmt.Errorf("read the version's time from %s: %v", infoFile, err)
	}
	return info.Time, nil
}

// write puts v as JSON at dir/name, creating its folder.
func write(dir, name string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return writeBytes(filepath.Join(dir, name), b)
}

func writeBytes(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, bytes.TrimSpace(b), 0o644)
}
