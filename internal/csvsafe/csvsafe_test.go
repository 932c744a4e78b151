package csvsafe

import (
	"strings"
	"testing"
)

func TestCell(t *testing.T) {
	for _, tc := range []struct {
		text   string
		number bool
		want   string
		quoted bool
	}{
		{"-150.38", true, "-150.38", false},
		{"21", true, "21", false},
		{"false", true, "false", false},
		{"-150.38", false, "'-150.38", true},
		{"=1+1", true, "'=1+1", true}, // not a number: the kind alone does not let it through
		{"Acme", false, "Acme", false},
		{"", false, "", false},
		{"a=b", false, "a=b", false},
	} {
		got, quoted := Cell(tc.text, tc.number)
		if got != tc.want || quoted != tc.quoted {
			t.Errorf("Cell(%q, %v) = %q, %v; want %q, %v", tc.text, tc.number, got, quoted, tc.want, tc.quoted)
		}
	}
}

// kasa report's rows: a name that begins like a formula is text, escaped;
// the number columns keep their numbers, a negative one too.
func TestWriteRowsEscapesTextColumns(t *testing.T) {
	var b strings.Builder
	rows := [][]string{{"debtor", "=HYPERLINK(\"http://x\")", "-12.50"}, {"vat_balance", "", "-3.00"}}
	if err := WriteRows(&b, rows, []bool{false, false, true}); err != nil {
		t.Fatal(err)
	}
	want := "debtor,\"'=HYPERLINK(\"\"http://x\"\")\",-12.50\nvat_balance,,-3.00\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}
