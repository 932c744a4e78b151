package locale

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// scanned are the folders whose Go files write what a user reads: the
// pages and the shell, and the commands outside the full-screen app.
var scanned = []string{"../../views", "../../ui", "../cli"}

// commandLine are the files of the command line's own usage, flag help and
// dispatch (package main until they moved into internal/cli): written in
// English, as a Go program's flags are, and never scanned.
var commandLine = map[string]bool{
	"../cli/run.go": true, "../cli/flags.go": true, "../cli/cmd_app.go": true, "../cli/cmd_auth.go": true,
	"../cli/cmd_export.go": true, "../cli/cmd_monitor.go": true, "../cli/cmd_sandbox.go": true,
	"../cli/cmd_report.go": true,
}

// pending are the packages whose text is still being moved into the
// catalog (issue 14): their findings are logged, not failed. The list only
// shrinks.
var pending = map[string]bool{}

// TestNoTextOutsideTheCatalog reads every string literal of the views and
// the shell and fails on text a user would read that does not go through
// the catalog (l.T, l.Tf, l.Nf), and on a literal given to them that the
// catalog lacks. One subtest a package: go test ./internal/locale -run
// 'TestNoTextOutsideTheCatalog/views/invoices$'.
//
// Text is a literal with a word in it that has a space or a capital
// ("Open invoice", "Invoices"), or any word where only a person reads it
// (a key's help, a column's or a field's title). A single lowercase token
// ("subject_id", "paid", "enter") is an identifier of the API or a key. Not
// text: imports, struct tags, comparisons and cases, map keys, key names,
// log records, arguments of strings, strconv, time and url functions, and
// the literals of testdata/untranslated.txt (symbols, names, formats).
func TestNoTextOutsideTheCatalog(t *testing.T) {
	known := map[string]bool{}
	for _, e := range Entries() {
		known[e.En] = true
	}
	allowed := readAllowed(t)
	for _, root := range scanned {
		dirs := map[string][]string{}
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			if commandLine[filepath.ToSlash(p)] {
				return nil
			}
			if strings.HasSuffix(filepath.Dir(p), "test") {
				return nil // a package of test helpers (kittest): no one reads it on screen
			}
			dirs[filepath.Dir(p)] = append(dirs[filepath.Dir(p)], p)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, dir := range slices.Sorted(mapKeys(dirs)) {
			pkg := strings.TrimLeft(dir, "./") // "views/invoices", "cli"
			t.Run(pkg, func(t *testing.T) {
				report := t.Errorf
				if pending[pkg] {
					report = t.Logf
				}
				for _, p := range dirs[dir] {
					for _, f := range scanFile(t, p, known, allowed) {
						report("%s", f)
					}
				}
			})
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func readAllowed(t *testing.T) map[string]bool {
	f, err := os.Open("testdata/untranslated.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out
}

var (
	wordRE  = regexp.MustCompile(`\p{L}{2,}`)
	tokenRE = regexp.MustCompile(`^[a-z0-9_./:+\-]*$`)
	// colourRE is a colour ("#5A3FC0"), not a word.
	colourRE = regexp.MustCompile(`^#[0-9A-Fa-f]{3,8}$`)
)

// catalogFuncs are the catalog's methods: their first text argument (Nf:
// the forms) is a catalog key.
var catalogFuncs = map[string]int{"T": 0, "Tf": 0, "Nf": 1}

// readOnlyCalls are the functions whose string arguments are never shown.
var readOnlyPkgs = map[string]bool{"strings": true, "strconv": true, "time": true, "url": true,
	"filepath": true, "path": true, "os": true, "exec": true, "regexp": true, "slog": true, "utf8": true, "mime": true}

// logMethods on a logger take a message and attributes for the log file.
var logMethods = map[string]bool{"Debug": true, "Info": true, "Warn": true, "Error": true, "Log": true, "LogAttrs": true}

// personFields are the fields of a composite literal only a person reads,
// and that the one who makes the literal translates (a toast's Text).
var personFields = map[string]bool{"Hint": true, "Help": true, "Text": true, "Placeholder": true, "Prompt": true, "Question": true}

// keyFields hold catalog keys that are translated where they are shown: a
// column's, a group's, a section's or a list's title, a field's label, a
// list's noun and texts (ui/table, common.RenderGroups, common.ListPage,
// ui.Section, the filter and form engines translate them). Their literals
// must be in the catalog. common.F's label is one too.
var keyFields = map[string]bool{"Title": true, "Label": true, "Noun": true, "Empty": true, "SearchHint": true, "Short": true, "CopyLabel": true}

// scanFile returns a finding for each text outside the catalog.
func scanFile(t *testing.T, path string, known, allowed map[string]bool) []string {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	skip := map[*ast.BasicLit]bool{}   // literals that are not text
	strict := map[*ast.BasicLit]bool{} // literals only a person reads
	mark := func(m map[*ast.BasicLit]bool, n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			if b, ok := x.(*ast.BasicLit); ok {
				m[b] = true
			}
			return true
		})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.Field:
			if x.Tag != nil {
				skip[x.Tag] = true
			}
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				mark(skip, x.X)
				mark(skip, x.Y)
			}
		case *ast.CaseClause:
			for _, e := range x.List {
				mark(skip, e)
			}
		case *ast.IndexExpr:
			mark(skip, x.Index)
		case *ast.CompositeLit:
			// []common.Field{{"Number", v}, …}: each field's label is a key.
			if isFieldSlice(x.Type) {
				for _, e := range x.Elts {
					if c, ok := e.(*ast.CompositeLit); ok && len(c.Elts) == 2 {
						out = append(out, keyLiteral(fs, c.Elts[0], known, skip)...)
					}
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := x.Key.(*ast.Ident); ok && personFields[id.Name] {
				mark(strict, x.Value)
			}
			if id, ok := x.Key.(*ast.Ident); ok && keyFields[id.Name] {
				out = append(out, keyLiteral(fs, x.Value, known, skip)...)
			}
			if _, ok := x.Key.(*ast.BasicLit); ok {
				mark(skip, x.Key) // a map literal's key
			}
		case *ast.CallExpr:
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "F" && len(x.Args) > 0 {
				// F := common.F, the shorthand for a labelled field.
				out = append(out, keyLiteral(fs, x.Args[0], known, skip)...)
			}
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, _ := sel.X.(*ast.Ident)
			switch {
			case pkg != nil && readOnlyPkgs[pkg.Name]:
				for _, a := range x.Args {
					mark(skip, a)
				}
			case pkg != nil && pkg.Name == "key" && sel.Sel.Name == "WithKeys":
				for _, a := range x.Args {
					mark(skip, a)
				}
			case pkg != nil && pkg.Name == "key" && sel.Sel.Name == "WithHelp" && len(x.Args) == 2:
				// A key's help is a catalog key: the shell translates it
				// where it shows it (ui.TranslateHelp).
				mark(skip, x.Args[0])
				out = append(out, keyLiteral(fs, x.Args[1], known, skip)...)
			case (logMethods[sel.Sel.Name] && isLogger(sel.X)) || sel.Sel.Name == "logCmd" ||
				(pkg != nil && pkg.Name == "fmt" && sel.Sel.Name == "Errorf" && wraps(x)):
				// Log records, and errors wrapped with what was being done
				// (shown on screen only through an explanation).
				for _, a := range x.Args {
					mark(skip, a)
				}
			case (pkg != nil && pkg.Name == "locale" && sel.Sel.Name == "Key" ||
				pkg != nil && pkg.Name == "common" && (sel.Sel.Name == "F" || strings.HasPrefix(sel.Sel.Name, "By"))) && len(x.Args) > 0:
				// A label, or a sort's name (common.ByText("number", …)).
				out = append(out, keyLiteral(fs, x.Args[0], known, skip)...)
			case isCatalogCall(sel, len(x.Args)):
				arg := x.Args[catalogFuncs[sel.Sel.Name]]
				if b, ok := arg.(*ast.BasicLit); ok && b.Kind == token.STRING {
					skip[b] = true
					s, _ := strconv.Unquote(b.Value)
					if !known[s] {
						out = append(out, fs.Position(b.Pos()).String()+": "+b.Value+" is not in the catalog")
					}
				}
			}
		case *ast.BasicLit:
			if x.Kind != token.STRING || skip[x] {
				return true
			}
			s, err := strconv.Unquote(x.Value)
			if err != nil || allowed[s] || !wordRE.MatchString(s) || colourRE.MatchString(s) {
				return true
			}
			if strict[x] || !tokenRE.MatchString(s) {
				out = append(out, fs.Position(x.Pos()).String()+": "+x.Value+" is text outside the catalog")
			}
		}
		return true
	})
	return out
}

// isCatalogCall: a call of T, Tf or Nf with its text argument, on
// something other than a package (l.T, d.L.T, p.d.L.Tf).
func isCatalogCall(sel *ast.SelectorExpr, args int) bool {
	i, ok := catalogFuncs[sel.Sel.Name]
	if !ok || i >= args {
		return false
	}
	_, isSel := sel.X.(*ast.SelectorExpr)
	id, isID := sel.X.(*ast.Ident)
	return isSel || (isID && id.Obj != nil) || (isID && len(id.Name) <= 2)
}

// isFieldSlice: the type []common.Field (or []Field inside common).
func isFieldSlice(t ast.Expr) bool {
	a, ok := t.(*ast.ArrayType)
	if !ok {
		return false
	}
	switch e := a.Elt.(type) {
	case *ast.Ident:
		return e.Name == "Field"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Field"
	}
	return false
}

// keyLiteral checks a literal that is a catalog key (skipping it as text):
// it must be in the catalog.
func keyLiteral(fs *token.FileSet, e ast.Expr, known map[string]bool, skip map[*ast.BasicLit]bool) []string {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return nil
	}
	skip[b] = true
	s, _ := strconv.Unquote(b.Value)
	if s == "" || known[s] || !wordRE.MatchString(s) {
		return nil
	}
	return []string{fs.Position(b.Pos()).String() + ": " + b.Value + " is not in the catalog"}
}

// wraps: an fmt.Errorf whose format wraps an error (%w).
func wraps(call *ast.CallExpr) bool {
	if len(call.Args) == 0 {
		return false
	}
	b, ok := call.Args[0].(*ast.BasicLit)
	return ok && strings.Contains(b.Value, "%w")
}

// isLogger: a receiver named like a logger (d.Logger, log, logger).
func isLogger(x ast.Expr) bool {
	switch v := x.(type) {
	case *ast.Ident:
		return v.Name == "log" || v.Name == "logger" || v.Name == "slog"
	case *ast.SelectorExpr:
		return v.Sel.Name == "Logger" || v.Sel.Name == "log" || v.Sel.Name == "logger"
	case *ast.CallExpr:
		if s, ok := v.Fun.(*ast.SelectorExpr); ok {
			return s.Sel.Name == "With" || s.Sel.Name == "Logger"
		}
	}
	return false
}
