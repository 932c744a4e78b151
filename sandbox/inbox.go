package sandbox

import (
	"encoding/base64"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// inboxMaxBytes caps an uploaded inbox file (decoded). The reference does not show
// the service's limit; 20 MB is a size a scanned document never needs to exceed.
const inboxMaxBytes = 20 << 20

// inboxMaxBodyBytes is the largest create body that can hold a file within the
// limit: its base64 text and a generous allowance for the other fields.
const inboxMaxBodyBytes = (inboxMaxBytes+2)/3*4 + 1<<20

// OCR timing: a file sent to OCR is picked up after inboxOCRStart and finished
// inboxOCRWork later, by the sandbox clock.
const (
	inboxOCRStart = 5 * time.Second
	inboxOCRWork  = 20 * time.Second
)

// inboxMIMEExt is the extension of the default name attachment.<ext> per MIME type.
var inboxMIMEExt = map[string]string{
	"application/pdf":    "pdf",
	"image/png":          "png",
	"image/jpeg":         "jpg",
	"image/jpg":          "jpg",
	"image/pjpeg":        "jpg",
	"image/gif":          "gif",
	"image/webp":         "webp",
	"image/tiff":         "tiff",
	"image/heic":         "heic",
	"image/bmp":          "bmp",
	"image/svg+xml":      "svg",
	"text/plain":         "txt",
	"text/csv":           "csv",
	"text/html":          "html",
	"text/xml":           "xml",
	"application/xml":    "xml",
	"application/json":   "json",
	"application/zip":    "zip",
	"application/msword": "doc",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
	"application/vnd.ms-excel": "xls",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
	"application/isdoc+xml":    "isdoc",
	"application/octet-stream": "bin",
}

// routesInbox registers the inbox file endpoints.
func (s *Server) routesInbox() {
	s.router.handle("GET", "/accounts/:slug/inbox_files.json", s.inboxList)
	s.router.handle("POST", "/accounts/:slug/inbox_files.json", s.inboxCreate)
	s.router.handle("POST", "/accounts/:slug/inbox_files/:id/send_to_ocr.json", s.inboxSendToOCR)
	s.router.handle("GET", "/accounts/:slug/inbox_files/:id/download", s.inboxDownload)
	s.router.handle("DELETE", "/accounts/:slug/inbox_files/:id.json", s.inboxDelete)
}

// inboxView is the record as returned, with the download address of this host.
func inboxView(c *Ctx, f *inboxFile) InboxFile {
	out := f.InboxFile
	out.DownloadURL = c.AccountURL("inbox_files/%d/download", f.ID)
	return out
}

func (s *Server) inboxList(c *Ctx) {
	files := c.Account.Inbox.pageNewestFirst(c.Page(), nil)
	out := make([]InboxFile, 0, len(files))
	for _, f := range files {
		out = append(out, inboxView(c, f))
	}
	c.OK(out)
}

func (s *Server) inboxCreate(c *Ctx) {
	a := c.Account
	body := c.Body()
	if len(body) > inboxMaxBodyBytes {
		// Certainly over the limit: answer without decoding tens of megabytes of JSON.
		c.Invalid(Errors{"document": {inboxTooLarge()}})
		return
	}
	var p InboxFileParams
	errs := DecodeBody(body, &p)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	if strings.TrimSpace(p.Attachment) == "" {
		c.Invalid(Errors{"document": {MsgBlank}})
		return
	}
	mimeType, data, msg := inboxDecodeDataURI(p.Attachment)
	if msg != "" {
		c.Invalid(Errors{"document": {msg}})
		return
	}
	name := ""
	if p.Filename != nil {
		name = inboxCleanName(*p.Filename)
	}
	if name == "" {
		name = "attachment." + inboxExtFor(mimeType)
	}
	sendToOCR := p.SendToOCR != nil && *p.SendToOCR
	if sendToOCR && !inboxTakeExtraction(c) {
		return
	}

	id := a.Inbox.nextID()
	now := DateTime{Time: c.Now}
	f := &inboxFile{
		InboxFile: InboxFile{
			ID:       id,
			Filename: name,
			Bytesize: int64(len(data)),
			// Kept for webhook bodies, which are built outside a request; answers
			// recompute it for the host the caller used.
			DownloadURL: c.AccountURL("inbox_files/%d/download", id),
			CreatedAt:   now,
			UpdatedAt:   now,
		},
		blob: File{Filename: name, ContentType: mimeType, Data: data},
	}
	if sendToOCR {
		f.SendToOCR = true
		f.SentToOCRAt = now
		f.OCRStatus = Ptr(OCRCreated)
	}
	a.Inbox.put(id, f)
	// The service's log calls this entry inbox_file_added (webhooks: inbox_file_created).
	params := inboxEventParams(f)
	a.AddEvent(c.Now, "inbox_file_added", EventText("inbox_file_added", params), c.User, params)
	// There is no detail endpoint for inbox files: the file's own address is its download.
	c.Created(c.AccountURL("inbox_files/%d/download", id), inboxView(c, f))
}

// inboxTakeExtraction spends one OCR extraction; when none is left it answers
// 403 quota_exhausted and reports false.
func inboxTakeExtraction(c *Ctx) bool {
	info := &c.Account.Info
	v := info.Extraction[OCRVendor]
	if info.Extraction == nil || !v.Enabled {
		c.Refuse("forbidden", "Document extraction (OCR) is not enabled on this account")
		return false
	}
	if v.RemainingExtractions <= 0 {
		c.Refuse("quota_exhausted", "No OCR extractions are left on this account")
		return false
	}
	v.RemainingExtractions--
	info.Extraction[OCRVendor] = v
	return true
}

func (s *Server) inboxSendToOCR(c *Ctx) {
	f, ok := inboxFind(c)
	if !ok {
		return
	}
	// A file whose upload to OCR failed may be sent again; any other state means
	// it is already with OCR or done.
	if f.OCRStatus != nil && *f.OCRStatus != OCRProcessingFailed {
		c.Invalid(Errors{"inbox_file": {"has already been sent to OCR"}})
		return
	}
	if !inboxTakeExtraction(c) {
		return
	}
	now := DateTime{Time: c.Now}
	f.SendToOCR = true
	f.SentToOCRAt = now
	f.OCRStatus = Ptr(OCRCreated)
	f.OCRCompletedAt = DateTime{}
	f.UpdatedAt = now
	c.Account.AddEvent(c.Now, "inbox_file_updated", fmt.Sprintf("Inbox file %s was sent to OCR", f.Filename), c.User, inboxEventParams(f))
	c.NoContent()
}

func (s *Server) inboxDownload(c *Ctx) {
	f, ok := inboxFind(c)
	if !ok {
		return
	}
	h := c.W.Header()
	h.Set("Content-Type", f.blob.ContentType)
	h.Set("Content-Disposition", inboxContentDisposition(f.Filename))
	h.Set("Content-Length", strconv.Itoa(len(f.blob.Data)))
	h.Set("Content-Transfer-Encoding", "binary")
	c.W.WriteHeader(http.StatusOK)
	c.W.Write(f.blob.Data)
}

func (s *Server) inboxDelete(c *Ctx) {
	f, ok := inboxFind(c)
	if !ok {
		return
	}
	if f.OCRStatus != nil && *f.OCRStatus == OCRProcessing {
		c.Invalid(Errors{"inbox_file": {"cannot be deleted while OCR is processing it"}})
		return
	}
	c.Account.Inbox.del(f.ID)
	c.Account.AddEvent(c.Now, "inbox_file_removed", fmt.Sprintf("Inbox file %s was removed", f.Filename), c.User, inboxEventParams(f))
	c.NoContent()
}

func inboxFind(c *Ctx) (*inboxFile, bool) {
	return find(c, c.Account.Inbox, "id")
}

// inboxEventParams are the log entry's params: inbox files are not among the
// related object types, so the file is named here.
func inboxEventParams(f *inboxFile) map[string]any {
	return map[string]any{"inbox_file_id": f.ID, "filename": f.Filename}
}

// inboxDecodeDataURI decodes "data:<mime>[;param];base64,<data>". It returns a
// validation message when the value is not such a Data URI or is too large.
func inboxDecodeDataURI(s string) (mimeType string, data []byte, msg string) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "data:")
	if !ok {
		return "", nil, MsgInvalid
	}
	meta, payload, ok := strings.Cut(rest, ",")
	if !ok {
		return "", nil, MsgInvalid
	}
	parts := strings.Split(meta, ";")
	if len(parts) < 2 || !strings.EqualFold(strings.TrimSpace(parts[len(parts)-1]), "base64") {
		return "", nil, MsgInvalid
	}
	mimeType = strings.ToLower(strings.TrimSpace(parts[0]))
	if mimeType == "" {
		mimeType = "text/plain" // RFC 2397's default
	}
	if mt, _, err := mime.ParseMediaType(mimeType); err != nil || !strings.Contains(mt, "/") {
		return "", nil, MsgInvalid
	}
	if strings.ContainsAny(payload, " \n\r\t") {
		// Line-wrapped base64 (MIME style) is still the same bytes.
		payload = strings.NewReplacer(" ", "", "\n", "", "\r", "", "\t", "").Replace(payload)
	}
	if base64.StdEncoding.DecodedLen(len(payload)) > inboxMaxBytes+3 {
		return "", nil, inboxTooLarge()
	}
	data, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		// Some encoders leave out the padding; that is still the same bytes.
		data, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(payload, "="))
		if err != nil {
			return "", nil, MsgInvalid
		}
	}
	if len(data) > inboxMaxBytes {
		return "", nil, inboxTooLarge()
	}
	return mimeType, data, ""
}

func inboxTooLarge() string {
	return fmt.Sprintf("is too large (maximum is %d MB)", inboxMaxBytes>>20)
}

// inboxExtFor is the extension of a default file name for a MIME type: the table,
// else a short plain subtype ("image/avif" -> "avif"), else "bin".
func inboxExtFor(mimeType string) string {
	if ext, ok := inboxMIMEExt[mimeType]; ok {
		return ext
	}
	_, sub, _ := strings.Cut(mimeType, "/")
	sub = strings.TrimPrefix(sub, "x-")
	if sub != "" && len(sub) <= 5 && strings.Trim(sub, "abcdefghijklmnopqrstuvwxyz0123456789") == "" {
		return sub
	}
	return "bin"
}

// inboxCleanName keeps the last path element of a sent name: a file name, never a path.
func inboxCleanName(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimSpace(name)
}

// inboxContentDisposition is `attachment; filename="..."`, with an RFC 5987
// filename* for names that are not plain ASCII.
func inboxContentDisposition(name string) string {
	plain := true
	for i := 0; i < len(name); i++ {
		if b := name[i]; b < 0x20 || b >= 0x7f || b == '"' || b == '\\' {
			plain = false
			break
		}
	}
	if plain {
		return `attachment; filename="` + name + `"`
	}
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r >= 0x7f || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	return `attachment; filename="` + fallback + `"; filename*=UTF-8''` + url.PathEscape(name)
}

// inboxOCRStep is one due OCR move of a file.
type inboxOCRStep struct {
	f   *inboxFile
	at  time.Time
	end bool // false: created -> processing; true: processing -> final state
}

// inboxTransitions moves OCR along with the clock: a file sent to OCR is
// processing inboxOCRStart after it was sent and finished inboxOCRWork later.
// A name containing "unreadable" fails, one containing "rejected" is rejected by
// the (pretend) external service, any other is processed. Every due step is
// applied, oldest first, so the log keeps time order.
func (s *Server) inboxTransitions(a *Account, now time.Time) {
	pending := a.Inbox.NewestFirst(func(f *inboxFile) bool {
		return f.OCRStatus != nil && (*f.OCRStatus == OCRCreated || *f.OCRStatus == OCRProcessing)
	})
	if len(pending) == 0 {
		return
	}
	var steps []inboxOCRStep
	for i := len(pending) - 1; i >= 0; i-- {
		f := pending[i]
		start := f.SentToOCRAt.Add(inboxOCRStart)
		done := start.Add(inboxOCRWork)
		if *f.OCRStatus == OCRCreated && !now.Before(start) {
			steps = append(steps, inboxOCRStep{f: f, at: start})
		}
		if !now.Before(done) {
			steps = append(steps, inboxOCRStep{f: f, at: done, end: true})
		}
	}
	slices.SortStableFunc(steps, func(x, y inboxOCRStep) int { return x.at.Compare(y.at) })
	for _, st := range steps {
		inboxApplyOCRStep(a, st)
	}
}

func inboxApplyOCRStep(a *Account, st inboxOCRStep) {
	f := st.f
	f.UpdatedAt = DateTime{Time: st.at}
	if !st.end {
		f.OCRStatus = Ptr(OCRProcessing)
		return
	}
	lower := strings.ToLower(f.Filename)
	switch {
	case strings.Contains(lower, "unreadable"):
		f.OCRStatus = Ptr(OCRProcessingFailed)
		a.AddEvent(st.at, "inbox_file_ocr_processing_failed", fmt.Sprintf("OCR of inbox file %s failed", f.Filename), nil, inboxEventParams(f))
	case strings.Contains(lower, "rejected"):
		f.OCRStatus = Ptr(OCRProcessingRejected)
		a.AddEvent(st.at, "inbox_file_ocr_processing_rejected", fmt.Sprintf("OCR of inbox file %s was rejected", f.Filename), nil, inboxEventParams(f))
	default:
		f.OCRStatus = Ptr(OCRProcessed)
		f.OCRCompletedAt = DateTime{Time: st.at}
		a.AddEvent(st.at, "inbox_file_ocr_processed", fmt.Sprintf("OCR data of inbox file %s were extracted", f.Filename), nil, inboxEventParams(f))
	}
}
