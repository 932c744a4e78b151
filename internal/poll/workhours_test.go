package poll

import (
	"testing"
	"time"
)

func TestWorkHoursWeighTheMonth(t *testing.T) {
	at := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, prague) }
	w := DefaultWork
	if !w.Working(at(2, 7), prague) || w.Working(at(2, 19), prague) || w.Working(at(1, 10), prague) {
		t.Error("Monday 07:00 works, 19:00 and Sunday do not")
	}
	if got := w.NextStart(at(6, 20), prague); !got.Equal(at(9, 7)) {
		t.Errorf("after Friday evening the next start is %v, want Monday 07:00", got)
	}
	// A working day: 12 h of work and 12 h weighing an eighth each.
	if got := w.Weighted(at(2, 0), at(3, 0), prague); got != 12*time.Hour+90*time.Minute {
		t.Errorf("Monday weighs %v", got)
	}
	// November 2026: 21 working days.
	_, end := MonthBounds(at(1, 0), prague)
	if got, want := w.Weighted(at(1, 0), end, prague), 21*12*time.Hour+time.Duration(float64(720-21*12)*OffHoursWeight*float64(time.Hour)); got != want {
		t.Errorf("November weighs %v, want %v", got, want)
	}
}
