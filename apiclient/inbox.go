package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
)

// InboxFilesService manages the inbox of scanned documents.
type InboxFilesService struct{ c *Client }

func (s *InboxFilesService) r() crud[InboxFile, InboxFileParams] {
	return crud[InboxFile, InboxFileParams]{s.c, "inbox_files", "inbox file"}
}

// List is GET inbox_files.json.
func (s *InboxFilesService) List(ctx context.Context, o ListOptions) ([]InboxFile, *Response, error) {
	q := url.Values{}
	o.apply(q)
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *InboxFilesService) ListAll(ctx context.Context, o ListOptions) iter.Seq2[InboxFile, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]InboxFile, *Response, error) {
		return s.List(ctx, ListOptions{Page: page})
	})
}

// Create is POST inbox_files.json with a Data URI.
func (s *InboxFilesService) Create(ctx context.Context, p *InboxFileParams) (*InboxFile, *Response, error) {
	return s.r().create(ctx, p)
}

// CreateFromBytes uploads data of the given MIME type under filename ("" lets the
// service name it attachment.<ext>).
func (s *InboxFilesService) CreateFromBytes(ctx context.Context, mimeType string, data []byte, filename string, sendToOCR bool) (*InboxFile, *Response, error) {
	p := &InboxFileParams{Attachment: DataURI(mimeType, data), SendToOCR: Ptr(sendToOCR)}
	if filename != "" {
		p.Filename = Ptr(filename)
	}
	return s.Create(ctx, p)
}

// CreateFromFile uploads the file at path under its own name.
func (s *InboxFilesService) CreateFromFile(ctx context.Context, path string, sendToOCR bool) (*InboxFile, *Response, error) {
	uri, name, err := FileDataURI(path)
	if err != nil {
		return nil, nil, fmt.Errorf("upload inbox file: %w", err)
	}
	return s.Create(ctx, &InboxFileParams{Attachment: uri, Filename: Ptr(name), SendToOCR: Ptr(sendToOCR)})
}

// SendToOCR is POST inbox_files/{id}/send_to_ocr.json (204; 403 quota_exhausted).
func (s *InboxFilesService) SendToOCR(ctx context.Context, id int64) (*Response, error) {
	p, err := s.c.accountPath("inbox_files/%d/send_to_ocr.json", id)
	if err != nil {
		return nil, fmt.Errorf("send inbox file to OCR: %w", err)
	}
	resp, err := sendNoContent(ctx, s.c, http.MethodPost, p, nil, nil)
	if err != nil {
		return resp, fmt.Errorf("send inbox file %d to OCR: %w", id, err)
	}
	return resp, nil
}

// Download is GET inbox_files/{id}/download.
func (s *InboxFilesService) Download(ctx context.Context, id int64) (*Download, *Response, error) {
	p, err := s.c.accountPath("inbox_files/%d/download", id)
	if err != nil {
		return nil, nil, fmt.Errorf("download inbox file: %w", err)
	}
	d, resp, err := s.c.download(ctx, p)
	if err != nil {
		return nil, resp, fmt.Errorf("download inbox file %d: %w", id, err)
	}
	return d, resp, nil
}

// Delete is DELETE inbox_files/{id}.json.
func (s *InboxFilesService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}
