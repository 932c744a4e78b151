package sandbox

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Delivery tuning: how often the log is polled, how many tries an event gets
// (the first and three retries), the waits between them, how long one try may
// take, and how much of a receiver's answer is kept on a failed delivery.
const (
	webhookPollEvery   = 500 * time.Millisecond
	webhookAttempts    = 4
	webhookBaseBackoff = 50 * time.Millisecond
	webhookTryTimeout  = 10 * time.Second
	webhookKeepBody    = 1024
	webhookUserAgent   = "kasa-sandbox-webhooks (+https://github.com/kasa-tui/kasa)"
)

// webhookLogAliases maps event log names to the webhook event they deliver as,
// where the two differ.
// (invoice_paid_with_thank_you_note delivers nothing: the same payment's
// invoice_paid entry delivers invoice_paid, once.)
var webhookLogAliases = map[string]string{
	"inbox_file_added": "inbox_file_created",
}

// webhookEventName is the webhook event a log entry delivers as, or "" for an
// entry no webhook can subscribe to.
func webhookEventName(logName string) string {
	if alias, ok := webhookLogAliases[logName]; ok {
		return alias
	}
	if slices.Contains(WebhookEvents, logName) {
		return logName
	}
	return ""
}

// WebhookDeliverer sends the events of every account's log to the webhooks
// subscribed to them. It remembers per account how far into the log it has got,
// so each entry is delivered once; an entry is delivered only to webhooks that
// existed when it was logged. Passes are serialised: it is safe to call DeliverNow
// while Run is going.
type WebhookDeliverer struct {
	s      *Server
	client *http.Client
	// Backoff is the wait before retry n (1-based); default 50 ms doubling.
	Backoff func(retry int) time.Duration

	mu   sync.Mutex
	seen map[string]int // account slug -> events already looked at
}

// NewWebhookDeliverer makes a deliverer using client (nil: a client with a
// 10-second timeout). Deliveries go where a webhook's URL points, on loopback
// and private networks too (the sandbox runs on the user's own machine for the
// user's own receivers), but never to a link-local or metadata address and
// never after a redirect (webhook_guard.go).
func (s *Server) NewWebhookDeliverer(client *http.Client) *WebhookDeliverer {
	if client == nil {
		client = &http.Client{Timeout: webhookTryTimeout}
	}
	return &WebhookDeliverer{
		s:       s,
		client:  guardedClient(client),
		Backoff: func(retry int) time.Duration { return webhookBaseBackoff << (retry - 1) },
		seen:    map[string]int{},
	}
}

// StartWebhookDelivery delivers webhooks in the background, looking at the logs
// every 500 ms, until ctx is done.
func (s *Server) StartWebhookDelivery(ctx context.Context, client *http.Client) {
	d := s.NewWebhookDeliverer(client)
	go d.Run(ctx)
}

// DeliverWebhooksNow runs one synchronous pass with a fresh deliverer: every log
// entry is delivered to each subscribed webhook created at or before the entry.
// Calling it twice delivers the same entries twice; a caller that polls should
// keep one WebhookDeliverer and call its DeliverNow.
func (s *Server) DeliverWebhooksNow(ctx context.Context, client *http.Client) {
	s.NewWebhookDeliverer(client).DeliverNow(ctx)
}

// Run polls until ctx is done.
func (d *WebhookDeliverer) Run(ctx context.Context) {
	t := time.NewTicker(webhookPollEvery)
	defer t.Stop()
	for {
		d.DeliverNow(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// webhookJob is one event to deliver to one webhook, prepared under the lock.
type webhookJob struct {
	slug       string
	webhookID  int64
	uuid       string
	url        string
	auth       string
	payload    WebhookPayload
	key        string   // Idempotency-Key, a UUID v7
	requestIDs []string // one per attempt
}

// DeliverNow delivers the entries logged since the last pass, retrying each failed
// delivery, and records those that fail every attempt as failed deliveries.
func (d *WebhookDeliverer) DeliverNow(ctx context.Context) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, job := range d.collect() {
		if ctx.Err() != nil {
			return
		}
		d.deliver(ctx, job)
	}
}

// collect finds the new log entries and the webhooks they go to, holding one
// account's lock at a time.
func (d *WebhookDeliverer) collect() []webhookJob {
	s := d.s
	s.world.RLock()
	defer s.world.RUnlock()
	s.mu.Lock()
	slugs := sortedKeys(s.accounts)
	accounts := make([]*Account, len(slugs))
	for i, slug := range slugs {
		accounts[i] = s.accounts[slug]
	}
	s.mu.Unlock()
	var jobs []webhookJob
	for _, a := range accounts {
		a.mu.Lock()
		jobs = append(jobs, d.collectAccount(a)...)
		a.mu.Unlock()
	}
	// Keys and request ids come from the server's seeded source, in the
	// order of the jobs, as one pass under one lock drew them before.
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range jobs {
		jobs[i].key = webhookUUIDv7(s.clock.Now(), s.rng)
		for range webhookAttempts {
			jobs[i].requestIDs = append(jobs[i].requestIDs, webhookUUIDv4(s.rng))
		}
	}
	return jobs
}

// collectAccount finds an account's new log entries and the webhooks they go
// to (under a's lock); the jobs have no keys yet.
func (d *WebhookDeliverer) collectAccount(a *Account) []webhookJob {
	slug := a.Slug
	from := d.seen[slug]
	if from > len(a.Events) {
		from = 0
	}
	d.seen[slug] = len(a.Events)
	if from == len(a.Events) || a.Webhooks.Len() == 0 || !a.Limits.WebhooksAllowed {
		return nil
	}
	hooks := a.Webhooks.NewestFirst(func(w *webhook) bool { return w.Active })
	slices.Reverse(hooks)
	var jobs []webhookJob
	for i := from; i < len(a.Events); i++ {
		ev := &a.Events[i]
		name := webhookEventName(ev.Name)
		if name == "" {
			continue
		}
		var body map[string]any
		for _, w := range hooks {
			if !slices.Contains(w.Events, name) || ev.CreatedAt.Before(w.CreatedAt.Time) {
				continue
			}
			if body == nil {
				body = webhookBody(a, ev, w.base)
			}
			jobs = append(jobs, webhookJob{
				slug: slug, webhookID: w.ID, uuid: w.FailedDeliveriesUUID,
				url: w.WebhookURL, auth: string(w.AuthHeader),
				payload: WebhookPayload{Body: body, CreatedAt: ev.CreatedAt, EventName: name, WebhookID: w.ID},
			})
		}
	}
	return jobs
}

// webhookSnapshot copies v through JSON into a plain map, so later changes to
// the record do not change a queued or recorded delivery.
func webhookSnapshot(v any) map[string]any {
	m, ok := webhookSnapshotAny(v).(map[string]any)
	if !ok {
		return map[string]any{}
	}
	return m
}

func webhookSnapshotAny(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return nil
	}
	return out
}

// deliver tries a job up to webhookAttempts times and records a failed delivery
// when every try fails. A cancelled ctx ends the tries and records what happened.
func (d *WebhookDeliverer) deliver(ctx context.Context, job webhookJob) {
	payload, err := json.Marshal(job.payload)
	if err != nil {
		return
	}
	attempts := make([]DeliveryAttempt, 0, webhookAttempts)
	for i := range webhookAttempts {
		if i > 0 {
			select {
			case <-ctx.Done():
				d.recordFailure(job, attempts)
				return
			case <-time.After(d.Backoff(i)):
			}
		}
		started := d.s.Now()
		att, ok := d.try(ctx, job, payload)
		if ok {
			return
		}
		att.RequestID = job.requestIDs[i]
		att.StartedAt = DateTime{Time: started}
		att.FinishedAt = DateTime{Time: d.s.Now()}
		att.CreatedAt = att.StartedAt
		attempts = append(attempts, att)
	}
	d.recordFailure(job, attempts)
}

// try sends the payload once; ok is a 2xx answer.
func (d *WebhookDeliverer) try(ctx context.Context, job webhookJob, payload []byte) (att DeliveryAttempt, ok bool) {
	ctx, cancel := context.WithTimeout(ctx, webhookTryTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, job.url, bytes.NewReader(payload))
	if err != nil {
		att.ResponseStatus = "unknown_error"
		return att, false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", webhookUserAgent)
	req.Header.Set("Idempotency-Key", job.key)
	if job.auth != "" {
		req.Header.Set("Authorization", job.auth)
	}
	resp, err := d.client.Do(req)
	if err != nil {
		att.ResponseStatus = webhookErrorStatus(err)
		return att, false
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		return att, true
	}
	att.ResponseStatus = strconv.Itoa(resp.StatusCode)
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		att.ResponseContentType = Ptr(ct)
	}
	// An empty body is null, as the service writes an unset text.
	if b, _ := io.ReadAll(io.LimitReader(resp.Body, webhookKeepBody)); len(b) > 0 {
		att.ResponseBody = Ptr(string(b))
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	return att, false
}

// webhookErrorStatus names a transport failure the way failed deliveries do.
func webhookErrorStatus(err error) string {
	var (
		certErr    *tls.CertificateVerificationError
		recErr     tls.RecordHeaderError
		authErr    x509.UnknownAuthorityError
		hostErr    x509.HostnameError
		invalidErr x509.CertificateInvalidError
		netErr     net.Error
		opErr      *net.OpError
		dnsErr     *net.DNSError
	)
	switch {
	case errors.As(err, &certErr), errors.As(err, &recErr), errors.As(err, &authErr),
		errors.As(err, &hostErr), errors.As(err, &invalidErr):
		return "ssl_error"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return "timeout"
	case errors.As(err, &dnsErr), errors.As(err, &opErr) && opErr.Op == "dial":
		return "connection_failed"
	}
	return "unknown_error"
}

// recordFailure stores a failed delivery, its attempts most recent first. A
// webhook deleted meanwhile keeps no record.
func (d *WebhookDeliverer) recordFailure(job webhookJob, attempts []DeliveryAttempt) {
	if len(attempts) == 0 {
		return
	}
	s := d.s
	s.world.RLock()
	defer s.world.RUnlock()
	s.mu.Lock()
	a, ok := s.accounts[job.slug]
	s.mu.Unlock()
	if !ok {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.Webhooks.Get(job.webhookID); !ok {
		return
	}
	now := s.clock.Now()
	deliveries := make([]DeliveryAttempt, len(attempts))
	for i, att := range attempts {
		att.ID = a.deliveryID() // ids in the order the attempts were made
		deliveries[len(attempts)-1-i] = att
	}
	webhookPruneFailed(a, job.uuid, now)
	a.FailedDeliveries[job.uuid] = append(a.FailedDeliveries[job.uuid], FailedDelivery{
		ID:             a.deliveryID(),
		EventName:      job.payload.EventName,
		IdempotencyKey: job.key,
		URL:            job.url,
		Body:           job.payload,
		CreatedAt:      DateTime{Time: now},
		UpdatedAt:      DateTime{Time: now},
		Deliveries:     deliveries,
	})
}

// webhookUUIDv7 is a UUID v7: 48 bits of Unix milliseconds, then random bits
// from the server's seeded source (call under the lock).
func webhookUUIDv7(now time.Time, r *rand.Rand) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[8:], r.Uint64())
	binary.BigEndian.PutUint64(b[0:8], uint64(now.UnixMilli())<<16|uint64(r.Uint32()&0xffff))
	b[6] = 0x70 | b[6]&0x0f // version 7
	b[8] = 0x80 | b[8]&0x3f // RFC 9562 variant
	return webhookFormatUUID(b)
}

// randomUUIDv4 is webhookUUIDv4 drawn under the server's lock, for a handler.
func (s *Server) randomUUIDv4() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return webhookUUIDv4(s.rng)
}

// webhookUUIDv4 is a random UUID v4 from the server's seeded source (call under the lock).
func webhookUUIDv4(r *rand.Rand) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[0:8], r.Uint64())
	binary.BigEndian.PutUint64(b[8:], r.Uint64())
	b[6] = 0x40 | b[6]&0x0f
	b[8] = 0x80 | b[8]&0x3f
	return webhookFormatUUID(b)
}

func webhookFormatUUID(b [16]byte) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
