package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// Small real files for the demo: inbox files and expense attachments that a
// viewer can actually open. They are made by code so the repository holds no
// binaries and the bytes are the same every run.

// pdfFile is a minimal valid one-page PDF (Helvetica, A4) showing lines of text.
// The text is printed as ASCII: the standard fonts have no Czech diacritics.
func pdfFile(lines []string) []byte {
	var content strings.Builder
	content.WriteString("BT /F1 12 Tf 56 780 Td 16 TL\n")
	for i, l := range lines {
		if i > 0 {
			content.WriteString("T*\n")
		}
		content.WriteString("(" + pdfEscape(ascii(l)) + ") Tj\n")
	}
	content.WriteString("ET\n")
	stream := content.String()

	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		"<< /Length " + strconv.Itoa(len(stream)) + " >>\nstream\n" + stream + "endstream",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		b.WriteString(strconv.Itoa(i+1) + " 0 obj\n" + o + "\nendobj\n")
	}
	xref := b.Len()
	b.WriteString("xref\n0 " + strconv.Itoa(len(objects)+1) + "\n0000000000 65535 f \n")
	for _, off := range offsets {
		s := strconv.Itoa(off)
		b.WriteString(strings.Repeat("0", 10-len(s)) + s + " 00000 n \n")
	}
	b.WriteString("trailer\n<< /Size " + strconv.Itoa(len(objects)+1) + " /Root 1 0 R >>\nstartxref\n" + strconv.Itoa(xref) + "\n%%EOF\n")
	return b.Bytes()
}

func pdfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s)
}

// ascii replaces Czech and Slovak letters with their base letters.
func ascii(s string) string {
	const from = "áčďéěíňóřšťúůýžäôľĺŕÁČĎÉĚÍŇÓŘŠŤÚŮÝŽÄÔĽĹŔ–"
	const to = "acdeeinorstuuyzaollrACDEEINORSTUUYZAOLLR-"
	fromR, toR := []rune(from), []rune(to)
	var b strings.Builder
	for _, r := range s {
		if r < 128 {
			b.WriteRune(r)
			continue
		}
		out := '?'
		for i, f := range fromR {
			if f == r {
				out = toR[i]
				break
			}
		}
		b.WriteRune(out)
	}
	return b.String()
}

// pngFile is a small receipt-like picture: a white slip with grey text bars and
// a coloured header, encoded by the standard library.
func pngFile(w, h int, header color.RGBA, bars int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	white := color.RGBA{255, 255, 255, 255}
	grey := color.RGBA{110, 110, 120, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := white
			switch {
			case y < h/8:
				c = header
			case x > w/10 && x < w-w/10 && (y-h/8)%12 >= 4 && (y-h/8)%12 < 7 && (y-h/8)/12 < bars:
				// Bars of different lengths, like lines of a receipt.
				if x < w/10+(w*6/10)*(1+((y-h/8)/12)%3)/3 {
					c = grey
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	// Encoding an in-memory RGBA image cannot fail.
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// buildInbox puts the demo's inbox files in place, in various OCR states.
func (b *builder) buildInbox() {
	for _, f := range inboxFiles {
		created := b.workTime(f.DaysAgo)
		if f.OCR == sandbox.OCRCreated {
			// Just uploaded: the inbox's OCR picks it up within seconds of clock time.
			created = b.now.Add(-2 * time.Second)
		}
		bl := sandbox.File{Filename: f.Filename, ContentType: "application/pdf"}
		if f.PDFLines != nil {
			bl.Data = pdfFile(f.PDFLines)
		} else {
			bl.ContentType = "image/png"
			bl.Data = pngFile(120, 180, f.PNG, 7)
		}
		b.inboxFile(bl, f.OCR, created)
	}
}

// inboxFile stores a file as the inbox would after an upload at created, sent
// to OCR unless ocr is "" (the later states as if OCR had run since).
func (b *builder) inboxFile(bl sandbox.File, ocr string, created time.Time) *sandbox.InboxFile {
	f := &sandbox.InboxFile{CreatedAt: dt(created), UpdatedAt: dt(created)}
	if ocr != "" {
		f.SendToOCR = true
		f.SentToOCRAt = dt(created)
		f.OCRStatus = sandbox.Ptr(ocr)
		if ocr == sandbox.OCRProcessed || ocr == sandbox.OCRProcessingFailed {
			done := created.Add(90 * time.Second)
			f.OCRCompletedAt, f.UpdatedAt = dt(done), dt(done)
		}
	}
	f = b.a.AddInboxFile(*f, bl)
	params := map[string]any{"inbox_file_id": f.ID, "filename": bl.Filename}
	b.event(created, "inbox_file_added", sandbox.EventText("inbox_file_added", params), b.owner, params)
	return f
}
