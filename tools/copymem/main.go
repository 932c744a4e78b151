// Command copymem measures kasa's memory with a large local copy (issue 26):
// it fills an account's copy with n expenses (the docs' example expense,
// numbered and dated apart) in a child process, then opens the expense list
// over it as the app does, pages it to the end (G) and reports the heap in
// use and the resident set (VmHWM, Linux) after the first window and after
// every row is loaded. Usage, from the repository's root:
//
//	go run ./tools/copymem -n 50000
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/expenses"
	"github.com/kasa-tui/kasa/views/nav"
)

func main() {
	n := flag.Int("n", 50_000, "expenses in the copy")
	fill := flag.String("fill", "", "fill this copy and exit (the child process)")
	example := flag.String("example", "apiclient/testdata/docs/expenses.json", "the docs' expenses page, whose first example expense is copied")
	flag.Parse()
	if err := run(*n, *fill, *example); err != nil {
		fmt.Fprintln(os.Stderr, "copymem:", err)
		os.Exit(1)
	}
}

func run(n int, fill, example string) error {
	ctx := context.Background()
	if fill != "" {
		return fillCopy(ctx, fill, example, n)
	}
	dir, err := os.MkdirTemp("", "kasa-copymem-")
	if err != nil {
		return fmt.Errorf("make a folder: %w", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "acme.db")
	start := time.Now()
	child := exec.Command(os.Args[0], "-fill", path, "-n", fmt.Sprint(n), "-example", example)
	child.Stdout, child.Stderr = os.Stdout, os.Stderr
	if err := child.Run(); err != nil {
		return fmt.Errorf("fill the copy: %w", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("the copy: %w", err)
	}
	fmt.Printf("copy: %d expenses, %.1f MB, filled in %s\n", n, float64(fi.Size())/1e6, time.Since(start).Round(time.Millisecond))
	return openList(ctx, path, n)
}

// openList opens the expense list over the copy and reports its memory.
func openList(ctx context.Context, path string, n int) error {
	st, err := store.Open(ctx, path)
	if err != nil {
		return fmt.Errorf("open the copy: %w", err)
	}
	defer st.Close()
	c, err := apiclient.New("http://127.0.0.1:1/api/v3", apiclient.WithAccount("acme"), apiclient.WithUserAgent("kasa-copymem", "copymem@example.com"))
	if err != nil {
		return fmt.Errorf("client: %w", err)
	}
	// No mirror: the list's sync answers at once, and nothing is sent.
	d := common.Deps{Client: func() *apiclient.Client { return c }, TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true),
		Store: func() *store.Store { return st }}.WithDefaults()
	p, err := expenses.NewList(d, ui.PageID{Kind: nav.Expenses})
	if err != nil {
		return fmt.Errorf("the expense list: %w", err)
	}
	p.SetSize(120, 40)
	loop := tuitest.Loop{Update: p.Update, Max: 1 << 20}
	t0 := time.Now()
	loop.Run(p.Init())
	if !strings.Contains(p.View(), "of "+fmt.Sprint(n)) {
		return errors.New("no rows from the copy:\n" + p.View())
	}
	report(fmt.Sprintf("first window (%d rows, %s)", p.Table().Len(), time.Since(t0).Round(time.Millisecond)))
	t0 = time.Now()
	loop.Send(tuitest.Key("G"))
	if p.Table().Len() != n {
		return fmt.Errorf("the key G loaded %d of %d", p.Table().Len(), n)
	}
	_ = p.View()
	report(fmt.Sprintf("all %d rows loaded (G, %s)", n, time.Since(t0).Round(time.Millisecond)))
	runtime.KeepAlive(p)
	return nil
}

// report prints the heap in use after a collection and the peak resident set.
func report(what string) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%s: heap in use %.1f MB, resident %s (peak %s)\n", what, float64(ms.HeapInuse)/1e6, procStatus("VmRSS"), procStatus("VmHWM"))
}

// procStatus is one line of /proc/self/status ("n/a" off Linux).
func procStatus(key string) string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "n/a"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "n/a"
}

// fillCopy writes n expenses made from the docs' example into the copy at
// path, complete, as after a full pass.
func fillCopy(ctx context.Context, path, example string, n int) error {
	tmpl, err := exampleExpense(example)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, path)
	if err != nil {
		return fmt.Errorf("open the copy: %w", err)
	}
	defer st.Close()
	m := mirror.New(st, nil, nil)
	day := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	const batch = 1000
	for from := 0; from < n; from += batch {
		recs := make([]apiclient.Expense, 0, batch)
		for i := from; i < min(n, from+batch); i++ {
			e := tmpl
			e.ID, e.Number = int64(i+1), fmt.Sprintf("N%07d", i+1)
			e.IssuedOn = apiclient.DateOf(day.AddDate(0, 0, i/20))
			recs = append(recs, e)
		}
		if err := m.Keep(ctx, store.Expenses, recs); err != nil {
			return fmt.Errorf("keep expenses: %w", err)
		}
	}
	now := time.Now()
	return st.SetState(ctx, store.Expenses, store.SyncState{Complete: true, SyncedAt: now, Since: now})
}

// exampleExpense is the first expense of the docs' expenses index example.
func exampleExpense(path string) (apiclient.Expense, error) {
	var page struct {
		Examples []struct {
			Response struct {
				JSON json.RawMessage `json:"json"`
			} `json:"response"`
		} `json:"examples"`
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return apiclient.Expense{}, fmt.Errorf("read the example: %w", err)
	}
	if err := json.Unmarshal(b, &page); err != nil || len(page.Examples) == 0 {
		return apiclient.Expense{}, fmt.Errorf("read the example %s: %v", path, err)
	}
	var list []apiclient.Expense
	if err := json.Unmarshal(page.Examples[0].Response.JSON, &list); err != nil || len(list) == 0 {
		return apiclient.Expense{}, fmt.Errorf("decode the example expense: %v", err)
	}
	return list[0], nil
}
