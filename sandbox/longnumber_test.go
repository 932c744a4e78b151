package sandbox

import (
	"reflect"
	"strings"
	"testing"
)

func TestLongNumberFindsThePathOfALongNumber(t *testing.T) {
	numeric := numericPaths(reflect.TypeOf(InvoiceParams{}), "", map[string]bool{})
	long := strings.Repeat("1", maxDecimalText+1)
	for body, want := range map[string]string{
		`{"lines":[{"name":"a","unit_price":"` + long + `"}]}`:                     "lines.unit_price is too long",
		`{"lines":[{"name":"a"},{"quantity":` + long + `}]}`:                       "lines.quantity is too long",
		`{"note":"` + long + `"}`:                                                  "", // text may be digits
		`{"note":"a \"quoted\" \\", "subject_id":"` + long + `x"}`:                 "subject_id is too long",
		`{"lines":[{"unit_price":"` + strings.Repeat("x", 80) + `"}]}`:             "lines.unit_price is not a number",
		`{"lines":[{"unit_price":"` + strings.Repeat("1", maxDecimalText) + `"}]}`: "",
	} {
		got := ""
		if path, msg, found := longNumber([]byte(body), numeric); found {
			got = path + " " + msg
		}
		if got != want {
			t.Errorf("%.60s…: %q, want %q", body, got, want)
		}
	}
}

func TestPresentNamesTheTopLevelKeys(t *testing.T) {
	got := Present([]byte(`{"a":1,"b\"c":{"d":[{"e":2}]},"f":"x,\"g\":1","h":null}`))
	want := map[string]bool{"a": true, `b"c`: true, "f": true, "h": true}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Present = %v, want %v", got, want)
	}
}
