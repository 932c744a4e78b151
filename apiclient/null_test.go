package apiclient

import (
	"context"
	"encoding/json"
	"testing"
)

// resetParams is a params body of the kind Null is for: Due resets to the
// account's setting when sent as null.
type resetParams struct {
	Name *string     `json:"name,omitempty"`
	Due  Null[int]   `json:"due,omitzero"`
	End  Null[Date]  `json:"end_date,omitzero"`
	Rate Null[int64] `json:"number_format_id,omitzero"`
}

func TestNullSurvivesARoundTrip(t *testing.T) {
	for in, want := range map[string]string{
		`{"due":null}`:                           `{"due":null}`,
		`{"due":14}`:                             `{"due":14}`,
		`{}`:                                     `{}`,
		`{"name":"a","end_date":"2026-12-31"}`:   `{"name":"a","end_date":"2026-12-31"}`,
		`{"end_date":null,"number_format_id":3}`: `{"end_date":null,"number_format_id":3}`,
	} {
		var p resetParams
		if err := json.Unmarshal([]byte(in), &p); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(p)
		if err != nil || string(out) != want {
			t.Errorf("%s -> %s (%v), want %s", in, out, err, want)
		}
	}
}

func TestNullStates(t *testing.T) {
	var absent Null[int]
	if absent.Present() || absent.IsNull() || !absent.IsZero() || absent.Or(7) != 7 || absent.String() != "" {
		t.Errorf("absent: %+v", absent)
	}
	null := ExplicitNull[int]()
	if !null.Present() || !null.IsNull() || null.IsZero() || null.Or(7) != 7 || null.String() != "" {
		t.Errorf("null: %+v", null)
	}
	v := NullOf(0)
	if got, ok := v.Get(); !ok || got != 0 || v.IsNull() || v.IsZero() || v.Or(7) != 0 || v.String() != "0" {
		t.Errorf("a zero value is a value: %+v", v)
	}
	// Sending: absent is left out, null resets, a value is sent.
	out, _ := json.Marshal(resetParams{Name: Ptr("a"), Due: ExplicitNull[int](), Rate: NullOf[int64](2)})
	if string(out) != `{"name":"a","due":null,"number_format_id":2}` {
		t.Errorf("params encode as %s", out)
	}
	var bad Null[int]
	if err := json.Unmarshal([]byte(`"x"`), &bad); err == nil {
		t.Errorf("a string decoded into Null[int]: %+v", bad)
	}
}

// The response decoding sees through a Null: a numeric string reads as the
// number, text that is no date is kept, and null stays null.
func TestNullInLiberalDecoding(t *testing.T) {
	var out []resetParams
	body := `[{"due":"14","end_date":"someday","number_format_id":null},{"due":5}]`
	if err := decodeResponse(context.Background(), nil, "GET /test", []byte(body), &out); err != nil || len(out) != 2 {
		t.Fatalf("%v, %+v", err, out)
	}
	if d, ok := out[0].Due.Get(); !ok || d != 14 {
		t.Errorf("due %+v", out[0].Due)
	}
	if end, ok := out[0].End.Get(); !ok || end.Valid() || end.String() != "someday" {
		t.Errorf("end_date %+v", out[0].End)
	}
	if !out[0].Rate.IsNull() || out[1].Due.Or(0) != 5 {
		t.Errorf("number_format_id %+v, second due %+v", out[0].Rate, out[1].Due)
	}
}

// FuzzNull: a Null never panics, and what it reads from valid JSON re-encodes
// to JSON that reads back the same.
func FuzzNull(f *testing.F) {
	for _, s := range []string{`null`, `14`, `"14"`, `"2026-01-01"`, `""`, `{}`, `[null]`, `1e999`, `-0`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var i Null[int]
		var d Null[Date]
		ierr, derr := i.UnmarshalJSON(in), d.UnmarshalJSON(in)
		if !json.Valid(in) {
			return
		}
		if ierr == nil {
			out, err := json.Marshal(i)
			var again Null[int]
			if err != nil || again.UnmarshalJSON(out) != nil || again != i {
				t.Fatalf("%q -> %s -> %+v, want %+v (%v)", in, out, again, i, err)
			}
		}
		if derr == nil || !d.IsNull() {
			out, err := json.Marshal(d)
			var again Null[Date]
			_ = again.UnmarshalJSON(out)
			if err != nil || again.String() != d.String() {
				t.Fatalf("%q -> %s -> %q, want %q (%v)", in, out, again.String(), d.String(), err)
			}
		}
	})
}
