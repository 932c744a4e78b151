package config

import (
	"strings"
	"testing"
	"time"
)

func TestWorkDaysAndHoursRead(t *testing.T) {
	days, start, end, err := Refresh{WorkDays: "mon-wed, fri,sat-sun", WorkHours: "08:30-17:15"}.Work()
	if err != nil {
		t.Fatal(err)
	}
	want := [7]bool{time.Sunday: true, time.Monday: true, time.Tuesday: true, time.Wednesday: true, time.Friday: true, time.Saturday: true}
	if days != want || start != 8*time.Hour+30*time.Minute || end != 17*time.Hour+15*time.Minute {
		t.Errorf("days %v, %v to %v", days, start, end)
	}
	for _, bad := range []Refresh{{WorkDays: "fri-mon", WorkHours: DefaultWorkHours}, {WorkDays: "pondělí", WorkHours: DefaultWorkHours},
		{WorkDays: DefaultWorkDays, WorkHours: "19:00-07:00"}, {WorkDays: DefaultWorkDays, WorkHours: "7-19"}} {
		if _, _, _, err := bad.Work(); err == nil {
			t.Errorf("%+v read", bad)
		}
	}
}

// A bad working week is refused naming the key and the rule.
func TestBadWorkHoursNameTheKey(t *testing.T) {
	path := writeConfig(t, "[refresh]\nwork_hours = \"19:00-07:00\"\n")
	_, _, err := Load(path, nil, Overrides{})
	if err == nil || !strings.Contains(err.Error(), "refresh.work_hours") || !strings.Contains(err.Error(), "07:00-19:00") {
		t.Fatalf("err = %v", err)
	}
}
