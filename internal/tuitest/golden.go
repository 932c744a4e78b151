package tuitest

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Main runs a package's tests with the -update flag declared: `go test
// ./views -update` rewrites testdata/*.golden. teatest's golden package
// declares the same flag when it is linked in, so Main declares it only
// when nobody has. Use it as `func TestMain(m *testing.M) { tuitest.Main(m) }`.
func Main(m *testing.M) {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
	os.Exit(m.Run())
}

// Updating reports whether the tests run with -update.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Golden compares got with testdata/<name>.golden; with -update it writes
// got there instead.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("write golden: %v", err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatalf("write golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s missing: run the test with -update to create it", path)
	}
	if err != nil {
		t.Fatalf("read golden: %v", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs from the golden (-want +got):\n%s", path, diff)
	}
}
