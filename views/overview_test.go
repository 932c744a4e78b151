package views_test

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// inLanguage sets the pages' language and keys.
func inLanguage(tag locale.Tag) func(*common.Deps) {
	return func(d *common.Deps) {
		d.L = locale.New(tag)
		d.Keys = ui.NewKeyMap(d.L)
	}
}

// The overview of the books at the smallest supported size and a roomy
// one, in English and Czech (issue 27).
func TestOverviewGoldens(t *testing.T) {
	for _, tag := range []locale.Tag{locale.English, locale.Czech} {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			name := fmt.Sprintf("overview_%s_%dx%d", tag, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				sb := booksSandbox(t)
				h := newHarnessWith(t, sb.Client, size[0], size[1], inLanguage(tag))
				h.keys("0")
				tuitest.Golden(t, name, h.view())
			})
		}
	}
}

// Every figure of the overview opens the documents it sums, and they add
// up to it; ←, → and p move the period.
func TestOverviewFiguresOpenTheirDocuments(t *testing.T) {
	sb := booksSandbox(t)
	h := newHarness(t, sb.Client, 160, 45)
	h.keys("0")
	if !strings.Contains(h.view(), "2026-11 (month)") {
		t.Fatalf("the overview does not show this month:\n%s", h.view())
	}
	h.keys("down", "enter") // Proformas (apart)
	if id := h.topID(); id.Kind != nav.FigureDocs || !strings.Contains(id.ID, "figure:proformas") {
		t.Fatalf("enter opened %+v", id)
	}
	v := h.view()
	if !strings.Contains(v, "Proformas (apart) of 2026-11") || strings.Count(v, "proforma") > 0 && !strings.Contains(v, "5,000") {
		t.Errorf("the proformas' documents:\n%s", v)
	}
	h.keys("enter")
	if id := h.topID(); id.Kind != nav.Invoice {
		t.Errorf("enter on a document opened %+v", id)
	}
	h.keys("esc", "esc")
	for range 30 {
		h.keys("down")
	}
	h.keys("enter") // the last figure: the smallest debtor
	if id := h.topID(); id.Kind != nav.FigureDocs || !strings.Contains(id.ID, "figure:debtor:") {
		t.Errorf("enter on the last figure opened %+v", id)
	}
	h.keys("esc", "left")
	if !strings.Contains(h.view(), "2026-10 (month)") {
		t.Errorf("← did not go a month back:\n%s", h.view())
	}
	h.keys("p")
	if !strings.Contains(h.view(), "2026-Q4 (quarter)") {
		t.Errorf("p did not show the quarter:\n%s", h.view())
	}
}

// switchable is a transport that can be cut off, counting what it sends.
type switchable struct {
	base    http.RoundTripper
	offline atomic.Bool
	sent    atomic.Int64
}

func (s *switchable) RoundTrip(r *http.Request) (*http.Response, error) {
	if s.offline.Load() {
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	}
	s.sent.Add(1)
	return s.base.RoundTrip(r)
}

// The overview reads its books from the local copy (issues 26, 27): its
// figures are those read from the service page by page; a refresh with
// nothing new costs the two lists' and the event log's requests, not every
// page; with the service gone the figures stay, saying from when.
func TestOverviewReadsTheLocalCopy(t *testing.T) {
	sb := booksSandbox(t)
	seedExpenses(t, sb.Client, 90)    // three pages: reading every page costs more
	sb.Clock.Advance(5 * time.Minute) // the records were made a while before kasa looks
	want := newHarness(t, sb.Client, 160, 45)
	want.keys("0")

	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	rt := &switchable{base: apiclient.StaticBearer(nil, token)}
	c := sb.ClientWith(t, token, append(fastRetries(), apiclient.WithTransport(rt))...)
	h := newHarnessWith(t, c, 160, 45, localCopy(t, t.TempDir()))
	h.keys("0")
	// The screens but their status bars (the rate left differs).
	body := func(v string) string { return v[:strings.LastIndex(v, "\n")] }
	if got := body(h.view()); got != body(want.view()) {
		t.Fatalf("the overview from the local copy:\n%s\nfrom the service:\n%s", got, want.view())
	}
	before := rt.sent.Load()
	h.keys("r")
	if n := rt.sent.Load() - before; n > 3 {
		t.Errorf("r with nothing new sent %d requests, want at most 3 (invoices, expenses, events)", n)
	}
	rt.offline.Store(true)
	h.deps.Now = func() time.Time { return fixedTime.Add(time.Hour) }
	h.keys("r")
	v := h.view()
	if !strings.Contains(v, "from the local copy") || !strings.Contains(v, "2026-11 (month)") {
		t.Errorf("offline, the overview does not keep the copy's figures:\n%s", v)
	}
	lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
	if bar := lines[len(lines)-1]; !strings.Contains(bar, "offline since") {
		t.Errorf("offline, the status bar says %q", bar)
	}
}

// With the service hanging, the overview paints the local copy's figures
// at once and the status bar says it is catching up, not loading (issue 26).
func TestOverviewPaintsBeforeTheServiceAnswers(t *testing.T) {
	sb := booksSandbox(t)
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	rt := &tuitest.Transport{Base: apiclient.StaticBearer(nil, token)}
	c := sb.ClientWith(t, token, append(fastRetries(), apiclient.WithTransport(rt))...)
	withCopy := localCopy(t, t.TempDir())
	online := newHarnessWith(t, c, 160, 45, withCopy)
	online.keys("0") // fills the copy
	want := online.view()

	hangEveryRequest(t, rt)
	h := newHarnessTimed(t, c, 160, 45, withCopy)
	h.keys("0")
	v := h.view()
	// The figures' lines (the chart below them may scroll by the note's line).
	figures := func(v string) string {
		lines := strings.Split(v[strings.Index(v, "Sales and costs"):], "\n")
		return strings.Join(lines[:12], "\n")
	}
	if !strings.Contains(v, "Sales and costs") || figures(v) != figures(want) {
		t.Fatalf("with the service hanging, the overview:\n%s\nwant the figures of:\n%s", v, want)
	}
	lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
	if bar := lines[len(lines)-1]; !strings.Contains(bar, "catching up") || strings.Contains(bar, "loading") {
		t.Errorf("with the service hanging, the status bar says %q", bar)
	}
}
