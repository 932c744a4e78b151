package sandbox

import (
	"bytes"
	"fmt"
	"strings"
)

// An invoice's PDF: made on the first request after a change, served from
// then on.

// invoicePDF answers 204 ("not ready") the first time the PDF is asked for after
// a change, and the PDF itself from then on.
func (s *Server) invoicePDF(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	b, ready := c.Account.Attachments[-inv.ID]
	if !ready {
		c.Account.Attachments[-inv.ID] = File{Filename: invoicePDFName(inv), ContentType: "application/pdf", Data: renderInvoicePDF(inv)}
		c.NoContent()
		return
	}
	writeFile(c, b)
}

func invoicePDFName(inv *Invoice) string {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 {
			return '-'
		}
		return r
	}, inv.Number)
	if name == "" {
		name = fmt.Sprintf("invoice-%d", inv.ID)
	}
	return name + ".pdf"
}

// renderInvoicePDF is a one-page PDF naming the document: small, but a valid file
// (cross-reference offsets included) that a viewer opens.
func renderInvoicePDF(inv *Invoice) []byte {
	esc := func(s string) string {
		s = strings.Map(func(r rune) rune {
			if r < 0x20 || r > 0x7e {
				return '?'
			}
			return r
		}, s)
		return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s)
	}
	title := "Invoice " + inv.Number
	if inv.DocumentType != DocInvoice {
		title = strings.ReplaceAll(inv.DocumentType, "_", " ") + " " + inv.Number
	}
	content := fmt.Sprintf("BT /F1 20 Tf 72 770 Td (%s) Tj /F1 12 Tf 0 -28 Td (%s) Tj 0 -18 Td (Total: %s %s) Tj ET",
		esc(title), esc(inv.ClientName), esc(inv.Total.String()), esc(inv.Currency))
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}
