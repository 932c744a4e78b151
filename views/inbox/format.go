package inbox

import (
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/kasa-tui/kasa/apiclient"
)

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
