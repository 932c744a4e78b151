// Package csvsafe writes CSV that is safe to open in a spreadsheet: text
// that begins like a formula is escaped as OWASP recommends, numbers stay
// numbers. kasa export, x on a list and kasa report all write through it.
package csvsafe

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"
)

// WriteRows writes rows as kasa's CSV: the cells of the columns
// number marks as they are where they hold a number, every other cell
// escaped like the export's text (Cell). kasa report writes its CSV
// through it, so a subject's name cannot become a live formula there.
func WriteRows(w io.Writer, rows [][]string, number []bool) error {
	bw := bufio.NewWriter(w)
	for _, row := range rows {
		cells, force := make([]string, len(row)), make([]bool, len(row))
		for i, c := range row {
			cells[i], force[i] = Cell(c, i < len(number) && number[i])
		}
		if err := WriteRecord(bw, cells, force); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// formulaStarts are the first characters that make a spreadsheet read a
// cell as a formula (OWASP, CSV injection), with their full-width forms.
const formulaStarts = "=+-@\t\r＝＋－＠"

// Cell is a cell as the spreadsheet must read it: a number column's
// number as it is (so "-150.38" stays a negative number), and text that
// begins like a formula escaped as OWASP recommends: a single quote before
// it, and the cell quoted (force reports that). The kind decides, not the
// text alone: text that looks like a number in a text column is still
// escaped when it starts with "-" or "+".
func Cell(text string, number bool) (string, bool) {
	if text == "" || (number && isNumber(text)) {
		return text, false
	}
	if first, _ := utf8.DecodeRuneInString(text); strings.ContainsRune(formulaStarts, first) {
		return "'" + text, true
	}
	return text, false
}

// isNumber reports a plain decimal as the service writes them: an optional
// minus, digits, and an optional dot and digits; true and false too.
func isNumber(s string) bool {
	if s == "true" || s == "false" {
		return true
	}
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	digits := func(d string) bool {
		return d != "" && strings.Trim(d, "0123456789") == ""
	}
	return digits(whole) && (!dot || digits(frac))
}

// WriteRecord writes one CSV line (RFC 4180, "\n" ends it, as encoding/csv
// writes): a cell is quoted when force says so or when it holds a comma, a
// quote, a line break or a leading space, and quotes in it are doubled.
func WriteRecord(w *bufio.Writer, cells []string, force []bool) error {
	for i, c := range cells {
		if i > 0 {
			w.WriteByte(',')
		}
		if !force[i] && !needsQuotes(c) {
			w.WriteString(c)
			continue
		}
		w.WriteByte('"')
		w.WriteString(strings.ReplaceAll(c, `"`, `""`))
		w.WriteByte('"')
	}
	return w.WriteByte('\n')
}

func needsQuotes(c string) bool {
	return strings.ContainsAny(c, ",\"\r\n") || strings.HasPrefix(c, " ") || strings.HasPrefix(c, "\t")
}
