// Command docexamples extracts every JSON example of the service's v3
// documentation (markdown pages, one per resource) into one JSON file per page,
// so tests can hold the client, the sandbox and the SDK check against what the
// service documents. apiclient/testdata/docs is the one copy
// they all read (by relative path), and this is its one extractor:
//
//	go run ./tools/docexamples -docs /path/to/fakturoid_docs -out apiclient/testdata/docs
//
// The pages come from the service's official docs; a clean copy is in the
// public repository thinkhome-org/fakturoid-typescript-api, fakturoid_docs/.
//
// Bodies are kept as raw JSON; a block that is not valid JSON is kept as text
// and marked (invalid_json), never fixed by hand.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	docs := flag.String("docs", "", "folder of the documentation's markdown pages")
	out := flag.String("out", "apiclient/testdata/docs", "folder for the JSON files")
	flag.Parse()
	if *docs == "" {
		fmt.Fprintln(os.Stderr, "docexamples: -docs is required")
		os.Exit(2)
	}
	if err := run(*docs, *out); err != nil {
		fmt.Fprintln(os.Stderr, "docexamples:", err)
		os.Exit(1)
	}
}

func run(docs, out string) error {
	files, err := filepath.Glob(filepath.Join(docs, "*.md"))
	if err != nil {
		return fmt.Errorf("list %s: %w", docs, err)
	}
	sort.Strings(files)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", out, err)
	}
	total, invalid := 0, 0
	for _, f := range files {
		page, problems, err := parseFile(f)
		if err != nil {
			return err
		}
		for _, pr := range problems {
			fmt.Fprintln(os.Stderr, "not JSON:", pr)
		}
		invalid += len(problems)
		if len(page.Examples) == 0 && len(page.Snippets) == 0 {
			continue
		}
		total += len(page.Examples)
		if err := writePage(filepath.Join(out, page.Page+".json"), page); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "%d examples from %d pages; %d blocks are not valid JSON\n", total, len(files), invalid)
	return nil
}

func parseFile(path string) (*Page, []string, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("open page: %w", err)
	}
	defer fh.Close()
	return Parse(filepath.Base(path), fh)
}

func writePage(path string, page *Page) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(page); err != nil {
		return fmt.Errorf("encode %s: %w", page.Source, err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
