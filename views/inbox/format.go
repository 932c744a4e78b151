package inbox

import (
	"fmt"

	"github.com/kasa-tui/kasa/apiclient"
)

// HumanSize is a byte count in SI units: "512 B", "12.3 kB", "4.0 MB".
func HumanSize(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	units := []string{"kB", "MB", "GB", "TB"}
	f := float64(n) / 1000
	i := 0
	for f >= 999.95 && i < len(units)-1 {
		f /= 1000
		i++
	}
	return fmt.Sprintf("%.1f %s", f, units[i])
}

// OCRStatus is the OCR state as symbol plus word: "◐ processing",
// "✓ processed", "– not sent".
func OCRStatus(s *string) string {
	if s == nil {
		return "– not sent"
	}
	switch *s {
	case apiclient.OCRCreated:
		return "◌ queued"
	case apiclient.OCRProcessing:
		return "◐ processing"
	case apiclient.OCRProcessed:
		return "✓ processed"
	case apiclient.OCRProcessingFailed:
		return "✕ failed"
	case apiclient.OCRProcessingRejected:
		return "⊘ rejected"
	}
	return "· " + *s
}

// pending reports whether OCR has yet to finish with the file.
func pending(f apiclient.InboxFile) bool {
	return f.OCRStatus != nil && (*f.OCRStatus == apiclient.OCRCreated || *f.OCRStatus == apiclient.OCRProcessing)
}
