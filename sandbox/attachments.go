package sandbox

import (
	"encoding/base64"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// Attachments of invoices and expenses: decoded from the Data URIs a body
// sends, stored in the account, listed with download addresses and served.

// decodeAttachments reads attachments sent as Data URIs; a missing name is
// attachment.<extension of the MIME type>.
func decodeAttachments(params []AttachmentParams, errs Errors) []File {
	out := make([]File, 0, len(params))
	for _, p := range params {
		if strings.TrimSpace(p.DataURL) == "" {
			errs.Add("attachments.data_url", MsgBlank)
			continue
		}
		ct, data, ok := parseDataURI(p.DataURL)
		if !ok {
			errs.Add("attachments.data_url", MsgInvalid)
			continue
		}
		name := "attachment." + mimeExtension(ct)
		if p.Filename != nil && strings.TrimSpace(*p.Filename) != "" {
			name = strings.TrimSpace(*p.Filename)
		}
		out = append(out, File{Filename: name, ContentType: ct, Data: data})
	}
	return out
}

// parseDataURI reads data:<mime>;base64,<content>.
func parseDataURI(s string) (string, []byte, bool) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return "", nil, false
	}
	meta, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return "", nil, false
	}
	ct, isB64 := strings.CutSuffix(meta, ";base64")
	if !isB64 {
		return "", nil, false
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	if _, _, err := mime.ParseMediaType(ct); err != nil {
		return "", nil, false
	}
	data, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return "", nil, false
	}
	return ct, data, true
}

// mimeExtension is a fixed table rather than the system's MIME database, so that
// the default file name does not depend on the machine.
func mimeExtension(ct string) string {
	mt, _, _ := mime.ParseMediaType(ct)
	switch mt {
	case "application/pdf":
		return "pdf"
	case "image/png":
		return "png"
	case "image/jpeg":
		return "jpg"
	case "image/gif":
		return "gif"
	case "image/webp":
		return "webp"
	case "text/plain":
		return "txt"
	case "text/csv":
		return "csv"
	case "application/xml", "text/xml":
		return "xml"
	case "application/zip":
		return "zip"
	case "application/json":
		return "json"
	}
	return "bin"
}

// commitAttachments stores decoded files and appends them to a document's list.
func commitAttachments(a *Account, existing []Attachment, pending []File) []Attachment {
	out := existing
	for _, b := range pending {
		id := a.attachmentID()
		a.Attachments[id] = b
		out = append(out, Attachment{ID: id, Filename: b.Filename, ContentType: b.ContentType})
	}
	return out
}

func presentAttachments(c *Ctx, coll string, docID int64, atts []Attachment) []Attachment {
	out := make([]Attachment, 0, len(atts))
	for _, at := range atts {
		at.DownloadURL = c.AccountURL("%s/%d/attachments/%d/download", coll, docID, at.ID)
		out = append(out, at)
	}
	return out
}

// serveAttachment answers a download: the bytes with their headers, 404 for
// an attachment the document does not have, 204 when its file is gone.
func serveAttachment(c *Ctx, atts []Attachment) {
	aid, ok := c.ID("aid")
	if !ok {
		return
	}
	found := false
	for _, at := range atts {
		found = found || at.ID == aid
	}
	if !found {
		c.NotFound()
		return
	}
	b, ok := c.Account.Attachments[aid]
	if !ok || len(b.Data) == 0 {
		c.NoContent()
		return
	}
	writeFile(c, b)
}

func writeFile(c *Ctx, b File) {
	h := c.W.Header()
	h.Set("Content-Type", b.ContentType)
	h.Set("Content-Transfer-Encoding", "binary")
	h.Set("Content-Disposition", disposition(b.Filename))
	h.Set("Content-Length", strconv.Itoa(len(b.Data)))
	c.W.WriteHeader(http.StatusOK)
	c.W.Write(b.Data)
}

// disposition is `attachment; filename="..."`, or the RFC 2231 form for a name
// that is not plain ASCII.
func disposition(name string) string {
	for _, r := range name {
		if r < 0x20 || r > 0x7e {
			return mime.FormatMediaType("attachment", map[string]string{"filename": name})
		}
	}
	return `attachment; filename="` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name) + `"`
}
