package export

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The in-app export takes a list's own query parameters: each lands in
// its filter, and one export does not know is refused, never dropped (an
// export of "the filtered list" that wrote everything would mislead).
func TestFromParamsTakesAListsQuery(t *testing.T) {
	day := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	date := func(name string) time.Time {
		if name != "since" {
			t.Errorf("date asked for %q", name)
		}
		return day
	}
	got, err := FromParams(map[string]string{"status": "overdue", "subject_id": "8", "since": "2026-11-01",
		"variable_symbol": "2026", "number": "", "document_type": "bill"}, "Auto", date)
	if err != nil {
		t.Fatal(err)
	}
	want := Filters{Status: "overdue", SubjectID: 8, Since: day, VariableSymbol: "2026", DocumentType: "bill", Query: "Auto"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("filters (-want +got):\n%s", diff)
	}
	if _, err := FromParams(map[string]string{"colour": "red"}, "", date); err == nil {
		t.Error("an unknown parameter was taken")
	}
	if _, err := FromParams(map[string]string{"subject_id": "x"}, "", date); err == nil {
		t.Error("a subject id that is no number was taken")
	}
}
