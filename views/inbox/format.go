package inbox

import (
	"github.com/kasa-tui/kasa/locale"
	"github.com/shopspring/decimal"
	"strconv"

	"github.com/kasa-tui/kasa/apiclient"
)

// HumanSize is a byte count in SI units: "512 B", "12.3 kB", "4.0 MB".
func HumanSize(l locale.Locale, n int64) string {
	if n < 1000 {
		return strconv.FormatInt(n, 10) + " B"
	}
	units := []string{"kB", "MB", "GB", "TB"}
	f := decimal.NewFromInt(n).Div(decimal.NewFromInt(1000))
	i := 0
	for f.Round(1).GreaterThanOrEqual(decimal.NewFromInt(1000)) && i < len(units)-1 {
		f = f.Div(decimal.NewFromInt(1000))
		i++
	}
	return l.Number(f.Round(1), 1) + " " + units[i]
}

// OCRStatus is the OCR state as symbol plus word: "◐ processing",
// "✓ processed", "– not sent".
func OCRStatus(l locale.Locale, s *string) string {
	if s == nil {
		return "– " + l.T("not sent")
	}
	switch *s {
	case apiclient.OCRCreated:
		return "◌ " + l.T("queued")
	case apiclient.OCRProcessing:
		return "◐ " + l.T("processing")
	case apiclient.OCRProcessed:
		return "✓ " + l.T("processed")
	case apiclient.OCRProcessingFailed:
		return "✕ " + l.T("failed")
	case apiclient.OCRProcessingRejected:
		return "⊘ " + l.T("rejected")
	}
	return "· " + *s
}

// pending reports whether OCR has yet to finish with the file.
func pending(f apiclient.InboxFile) bool {
	return f.OCRStatus != nil && (*f.OCRStatus == apiclient.OCRCreated || *f.OCRStatus == apiclient.OCRProcessing)
}
