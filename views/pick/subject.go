// Package pick holds the pickers of the document editor: fields that find a
// record on the server as the user types (form.Widget).
package pick

import (
	"encoding/json"
	"strconv"
	"strings"
)

// SubjectValue is the text a subject picker keeps in the form's values (and
// in drafts): the chosen subject's id and name, so a restored draft shows the
// name without asking the server. An id of 0 is "none chosen".
func SubjectValue(id int64, name string) string {
	if id == 0 && name == "" {
		return ""
	}
	b, _ := json.Marshal(subjectValue{ID: id, Name: name}) // cannot fail
	return string(b)
}

// ParseSubjectValue reads a value written by SubjectValue. A bare number is
// read as an id with no name (a value written before the picker existed).
func ParseSubjectValue(v string) (id int64, name string) {
	v = strings.TrimSpace(v)
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return n, ""
	}
	var sv subjectValue
	if json.Unmarshal([]byte(v), &sv) != nil {
		return 0, ""
	}
	return sv.ID, sv.Name
}

type subjectValue struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}
