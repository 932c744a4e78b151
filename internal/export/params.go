package export

import (
	"fmt"
	"strconv"
	"time"
)

// FromParams are the filters of a list as kasa's pages keep them: the
// endpoint's query parameters by name ("status", "subject_id", "since")
// and the search text, so that the in-app export writes what the list
// shows. date reads a date parameter as the instant the list sends. A
// parameter export does not know is an error, never dropped.
func FromParams(params map[string]string, search string, date func(name string) time.Time) (Filters, error) {
	f := Filters{Query: search}
	fields := f.fields()
	for name, v := range params {
		if v == "" {
			continue
		}
		switch dst := fields[name].(type) {
		case *string:
			*dst = v
		case *time.Time:
			*dst = date(name)
		case *int64:
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return Filters{}, fmt.Errorf("export: %s %q is not a record id", name, v)
			}
			*dst = id
		default:
			return Filters{}, errFilter(name)
		}
	}
	return f, nil
}
