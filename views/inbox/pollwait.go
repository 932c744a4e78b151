package inbox

import (
	"strconv"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// maxPollWait caps the wait between OCR polls.
const maxPollWait = 5 * time.Minute

// pollWait is the wait before the next OCR poll. It starts at every and
// doubles while no OCR status changes, up to maxPollWait, so a file that stays
// with OCR for an hour costs a few requests, not one every few seconds. A
// change brings it back to every.
type pollWait struct {
	every, cur time.Duration
	last       string
}

// next is the wait before the next poll.
func (w *pollWait) next() time.Duration {
	if w.cur == 0 {
		w.cur = w.every
	}
	return w.cur
}

// observe takes the OCR states a poll found.
func (w *pollWait) observe(files []apiclient.InboxFile) {
	sig := ocrSignature(files)
	if sig != w.last {
		w.last, w.cur = sig, w.every
		return
	}
	w.cur = min(max(w.cur, w.every)*2, maxPollWait)
}

// ocrSignature names the OCR state of every file, to tell whether a poll
// found a change.
func ocrSignature(files []apiclient.InboxFile) string {
	var b strings.Builder
	for _, f := range files {
		b.WriteString(strconv.FormatInt(f.ID, 10))
		b.WriteByte(':')
		if f.OCRStatus != nil {
			b.WriteString(*f.OCRStatus)
		}
		b.WriteByte(' ')
	}
	return b.String()
}
