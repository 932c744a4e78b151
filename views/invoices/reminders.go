package invoices

import (
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/common"
)

// reminderGap is how soon after a reminder another one asks first: a
// customer reminded twice in a week is rarely meant to be.
const reminderGap = 7 * 24 * time.Hour

// remindedRecently reports whether sending i now would be a second
// reminder within reminderGap: it is overdue (so the e-mail is the
// reminder text) and the service noted a reminder that recently.
func remindedRecently(d *common.Deps, i apiclient.Invoice) bool {
	last := i.LastReminderSentAt
	return i.Status == apiclient.InvoiceOverdue && !last.IsZero() && d.Now().Sub(last.Time) < reminderGap
}

// lastReminder is the day of the last reminder, for the list.
func lastReminder(d *common.Deps, i apiclient.Invoice) string {
	if i.LastReminderSentAt.IsZero() {
		return ""
	}
	return d.L.Date(i.LastReminderSentAt.In(d.Loc))
}

// recentReminders are the numbers among rows that were reminded within
// reminderGap, each with the day.
func recentReminders(d *common.Deps, rows []apiclient.Invoice) []string {
	var out []string
	for _, i := range rows {
		if remindedRecently(d, i) {
			out = append(out, d.L.Tf("%s on %s", i.Number, lastReminder(d, i)))
		}
	}
	return out
}
