package sandbox

import "time"

// EventText is an event's text as the service writes it, for the names the
// docs show a text of (events.md): short, in English whatever the account's
// language, naming the file but not the invoice. "" for the other names,
// whose words the service's docs do not show (their callers word them).
func EventText(name string, params map[string]any) string {
	p := func(k string) string { s, _ := params[k].(string); return s }
	switch name {
	case "invoice_sent":
		return "Sent"
	case "invoice_paid_with_thank_you_note":
		return "Paid and thank you note sent "
	case "inbox_file_added":
		return "New file " + p("filename") + " was added to\u00a0the inbox"
	case "invoice_taxable_fulfillment_due_changed":
		return "Chargeable event changed from " + eventDay(p("old")) + " to\u00a0" + eventDay(p("new"))
	}
	return ""
}

// eventDay is a day as the events' texts write it: "Nov 30, 2023".
func eventDay(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return t.Format("Jan 02, 2006")
}
