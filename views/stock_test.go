package views_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/tuitest"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/inbox"
	"github.com/kasa-tui/kasa/views/inventory"
	"github.com/kasa-tui/kasa/views/nav"
)

// stockSandbox is a sandbox account seeded with inventory items, moves (one
// of them through an expense line) and inbox files, through the API, on a
// clock that moves only when told.
type stockSandbox struct {
	srv   *sandbox.Server
	setup sandbox.TestSetup
	clock *sandbox.ManualClock
	c     *apiclient.Client
	items map[string]int64 // by SKU
	files map[string]int64 // by file name
}

func newStockSandbox(t *testing.T) *stockSandbox {
	t.Helper()
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()})
	s := &stockSandbox{srv: env.Server, setup: env.Setup, clock: env.Clock, c: env.Client, items: map[string]int64{}, files: map[string]int64{}}
	s.seed(t)
	return s
}

func (s *stockSandbox) seed(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	P, D := apiclient.Ptr[string], func(v string) *apiclient.Decimal { return apiclient.Ptr(apiclient.MustDecimal(v)) }
	items := []apiclient.InventoryItemParams{
		{Name: P("Kancelářský papír A4"), SKU: P("PAP-A4"), ArticleNumberType: P("ean"), ArticleNumber: P("8590000000017"),
			UnitName: P("bal"), TrackQuantity: apiclient.Ptr(true), Quantity: D("20"), MinQuantity: D("5"),
			NativePurchasePrice: D("80"), NativeRetailPrice: D("120"), VatRate: P("standard"),
			RetailPrices: []apiclient.RetailPriceParams{{Amount: D("5.00"), Currency: P("EUR")}}},
		{Name: P("Toner HP 85A"), SKU: P("TON-85A"), UnitName: P("ks"), TrackQuantity: apiclient.Ptr(true),
			Quantity: D("1"), MinQuantity: D("3"), NativePurchasePrice: D("900"), NativeRetailPrice: D("1290"),
			VatRate: P("standard"), PrivateNote: P("Order from Beta when below 3.")},
		{Name: P("Montáž"), SKU: P("SRV-MONT"), SupplyType: P("service"), NativeRetailPrice: D("500"), VatRate: P("reduced2")},
		{Name: P("Sešívačka"), SKU: P("SES-01"), UnitName: P("ks"), TrackQuantity: apiclient.Ptr(true),
			Quantity: D("2"), MinQuantity: D("4"), NativePurchasePrice: D("150"), NativeRetailPrice: D("249"), VatRate: P("standard")},
	}
	for _, p := range items {
		it, _, err := s.c.InventoryItems.Create(ctx, &p)
		if err != nil {
			t.Fatalf("seed item %s: %v", *p.Name, err)
		}
		s.items[it.SKU] = it.ID
	}
	day := func(v string) *apiclient.Date { d, _ := apiclient.ParseDate(v); return &d }
	moves := []struct {
		sku string
		p   apiclient.InventoryMoveParams
	}{
		{"PAP-A4", apiclient.InventoryMoveParams{Direction: P("in"), MovedOn: day("2026-10-15"), QuantityChange: D("10"), PurchasePrice: D("78")}},
		{"PAP-A4", apiclient.InventoryMoveParams{Direction: P("out"), MovedOn: day("2026-10-20"), QuantityChange: D("4"), PurchasePrice: D("80"), RetailPrice: D("120")}},
		{"SES-01", apiclient.InventoryMoveParams{Direction: P("in"), MovedOn: day("2026-10-28"), QuantityChange: D("1"), PurchasePrice: D("150")}},
	}
	for _, m := range moves {
		if _, _, err := s.c.InventoryMoves.Create(ctx, s.items[m.sku], &m.p); err != nil {
			t.Fatalf("seed move of %s: %v", m.sku, err)
		}
	}
	sup, _, err := s.c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: P("Beta Supplies GmbH"), Type: P("supplier")})
	if err != nil {
		t.Fatalf("seed supplier: %v", err)
	}
	toner := s.items["TON-85A"]
	if _, _, err := s.c.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sup.ID), OriginalNumber: P("FV-1"),
		Lines: []apiclient.LineParams{{Name: P("Toner HP 85A"), Quantity: D("1"), UnitPrice: D("900"), VatRate: D("21"), InventoryItemID: &toner}},
	}); err != nil {
		t.Fatalf("seed expense with a stock line: %v", err)
	}
	files := []struct {
		name string
		size int
		ocr  bool
	}{{"faktura-beta-2026-11.pdf", 12345, false}, {"uctenka-tesco.jpg", 2048, true}, {"smlouva.pdf", 734, false}}
	for _, f := range files {
		s.clock.Advance(time.Minute)
		mime := "application/pdf"
		if strings.HasSuffix(f.name, ".jpg") {
			mime = "image/jpeg"
		}
		got, _, err := s.c.InboxFiles.CreateFromBytes(ctx, mime, bytes.Repeat([]byte("x"), f.size), f.name, f.ocr)
		if err != nil {
			t.Fatalf("seed inbox file %s: %v", f.name, err)
		}
		s.files[f.name] = got.ID
	}
	// Every OCR started above has finished: a screen shows settled states.
	s.clock.Advance(time.Minute)
}

// stockMakers are the pages of views.Makers plus the inventory and inbox
// pages (the inbox polling every few milliseconds, for the flows).
func stockMakers(d *common.Deps) map[ui.Kind]ui.Maker {
	m := views.Makers(d)
	maps.Copy(m, inventory.Makers(d))
	maps.Copy(m, inbox.MakersWith(d, inbox.Options{PollEvery: 20 * time.Millisecond}))
	return m
}

// newStockHarness is newHarness with the stock pages.
func newStockHarness(t *testing.T, c *apiclient.Client, w, h int) *harness {
	t.Helper()
	rec := &recorder{}
	d := testDeps(c, rec, t.TempDir())
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: stockMakers(d), Styles: d.Styles, Account: "test",
		User: "tester@example.com", Width: w, Height: h, ToastDuration: time.Hour})
	hs := &harness{t: t, m: m, deps: d, rec: rec}
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// errorsShown are the texts of the error panels opened so far.
func (h *harness) errorsShown() []string {
	var out []string
	for _, m := range h.seen {
		if e, ok := m.(ui.ShowError); ok {
			out = append(out, e.What+": "+e.Err.Error())
		}
	}
	return out
}

func anyContains(list []string, sub string) bool {
	return slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, sub) })
}

func TestStockGoldenScreens(t *testing.T) {
	screens := []struct {
		name string
		keys []string
	}{
		{"inventory_items", []string{"4"}},
		{"inventory_low", []string{"4", "[", "enter", "esc"}},
		{"inventory_item", []string{"4", "G", "enter"}},
		{"inventory_moves", []string{"4", "M"}},
		{"inbox_list", []string{"5"}},
		{"inbox_file", []string{"5", "j", "enter"}},
		{"inbox_upload", []string{"5", "n"}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, s := range screens {
			name := fmt.Sprintf("%s_%dx%d", s.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				sb := newStockSandbox(t)
				h := newStockHarness(t, sb.c, size[0], size[1])
				if s.name == "inbox_upload" {
					if err := os.WriteFile(filepath.Join(h.deps.DownloadDir, "scan-001.pdf"), []byte("%PDF"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				h.keys(s.keys...)
				got := h.view()
				if s.name == "inbox_upload" { // the temporary folder's name changes every run
					lines := strings.Split(got, "\n")
					for i, l := range lines {
						if strings.Contains(l, h.deps.DownloadDir) {
							lines[i] = fmt.Sprintf("%-*s", size[0], "Folder: /tmp/downloads")
						}
					}
					got = strings.Join(lines, "\n")
				}
				tuitest.Golden(t, name, got)
			})
		}
	}
}

func itemsPage(t *testing.T, h *harness) *inventory.Items {
	t.Helper()
	p, ok := h.m.Top().(*inventory.Items)
	if !ok {
		t.Fatalf("top is %T, want the inventory page", h.m.Top())
	}
	return p
}

// selectSKU moves the cursor of the current view to the item with sku.
func selectSKU(t *testing.T, h *harness, sku string) {
	t.Helper()
	p := itemsPage(t, h)
	h.keys("g")
	for range p.List(p.Current()).Table().Len() {
		if it, ok := p.Selected(); ok && it.SKU == sku {
			return
		}
		h.keys("j")
	}
	t.Fatalf("no item %s in the %v view", sku, p.Current())
}

func TestInventoryViewsAndLowQuantityMark(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("4")
	p := itemsPage(t, h)
	if n := p.List(inventory.ViewActive).Table().Len(); n != 4 {
		t.Fatalf("active view has %d items, want 4", n)
	}
	if !strings.Contains(h.view(), "Low quantity (2)") {
		t.Errorf("the tab line does not count the 2 low items:\n%s", h.view())
	}
	if !strings.Contains(h.view(), "▼ 2\u00a0ks") {
		t.Errorf("the toner under its minimum is not marked:\n%s", h.view())
	}
	if strings.Contains(h.view(), "▼ 26\u00a0bal") || !strings.Contains(h.view(), "26\u00a0bal") {
		t.Errorf("the paper (26 over a minimum of 5) should show plainly:\n%s", h.view())
	}
	h.keys("]")
	if p.Current() != inventory.ViewArchived || !strings.Contains(h.view(), "No archived items") {
		t.Errorf("] did not show the (empty) archived view:\n%s", h.view())
	}
	h.keys("]")
	if p.Current() != inventory.ViewLow || p.List(inventory.ViewLow).Table().Len() != 2 {
		t.Errorf("the low quantity view: current %v, %d rows", p.Current(), p.List(inventory.ViewLow).Table().Len())
	}
	h.keys("v")
	if p.Current() != inventory.ViewActive {
		t.Errorf("v from the last view went to %v, want active", p.Current())
	}
	// The view keys are in the help the shell draws from the page's KeyMap.
	found := false
	for _, col := range p.KeyMap().FullHelp() {
		for _, b := range col {
			if b.Help().Key == "]/v" {
				found = true
			}
		}
	}
	if !found {
		t.Error("the view keys are missing from the key map")
	}
}

func TestInventorySearchAndSKUFilter(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("4", "/")
	h.typeText("toner")
	h.keys("enter") // the search shown: enter opens the one found
	if id := h.topID(); id.Kind != nav.InventoryItem {
		t.Fatalf("enter on the search shown opened %v, want the item found", id)
	}
	h.keys("esc")
	l := itemsPage(t, h).List(inventory.ViewActive)
	if rows := l.Table().Rows(); len(rows) != 1 || rows[0].SKU != "TON-85A" {
		t.Fatalf("search toner gave %v", rows)
	}
	h.keys("esc", "f")
	h.typeText("SES-01")
	h.keys("enter")
	if rows := l.Table().Rows(); len(rows) != 1 || rows[0].SKU != "SES-01" {
		t.Fatalf("filter sku SES-01 gave %v", rows)
	}
	if !strings.Contains(h.view(), "sku: SES-01") {
		t.Errorf("the filter is not shown:\n%s", h.view())
	}
}

func TestInventoryArchiveRules(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("4")
	// An item without moves cannot be archived: the rule is said.
	selectSKU(t, h, "SRV-MONT")
	h.keys("a")
	if !anyContains(h.errorsShown(), "An item can be archived only when it has at least one inventory move") {
		t.Fatalf("no rule for archiving an item without moves; errors %v", h.errorsShown())
	}
	if !strings.Contains(h.view(), "archived only when it has at") {
		t.Errorf("the error panel does not show the rule:\n%s", h.view())
	}
	h.keys("esc")
	// An item with moves is archived from its detail, and both pages follow.
	selectSKU(t, h, "PAP-A4")
	h.keys("enter", "a")
	if !slices.Contains(h.toasts(), "Archived Kancelářský papír A4") {
		t.Fatalf("toasts %v", h.toasts())
	}
	it, _, err := sb.c.InventoryItems.Get(context.Background(), sb.items["PAP-A4"])
	if err != nil || !it.Archived {
		t.Fatalf("the item is not archived on the service: %v %v", it, err)
	}
	if !strings.Contains(h.view(), "archived") {
		t.Errorf("the detail does not show the new state:\n%s", h.view())
	}
	h.keys("esc")
	p := itemsPage(t, h)
	if n := p.List(inventory.ViewActive).Table().Len(); n != 3 {
		t.Errorf("the active view kept %d items after the archive, want 3", n)
	}
	h.keys("]")
	if rows := p.List(inventory.ViewArchived).Table().Rows(); len(rows) != 1 || rows[0].SKU != "PAP-A4" {
		t.Fatalf("archived view %v", rows)
	}
	h.keys("a") // unarchive from the list
	if !slices.Contains(h.toasts(), "Unarchived Kancelářský papír A4") || p.List(inventory.ViewArchived).Table().Len() != 0 {
		t.Errorf("unarchive: toasts %v, archived rows %d", h.toasts(), p.List(inventory.ViewArchived).Table().Len())
	}
}

func TestInventoryDeleteAsksAndFollowsTheRule(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("4")
	selectSKU(t, h, "PAP-A4")
	h.keys("d")
	if !strings.Contains(h.view(), "Delete the item Kancelářský papír A4") {
		t.Fatalf("d did not ask first:\n%s", h.view())
	}
	h.keys("y")
	if !anyContains(h.errorsShown(), "An item that has inventory moves cannot be deleted") {
		t.Fatalf("no rule for deleting an item with moves; errors %v", h.errorsShown())
	}
	h.keys("esc")
	selectSKU(t, h, "SRV-MONT")
	h.keys("enter", "d", "n")
	if _, _, err := sb.c.InventoryItems.Get(context.Background(), sb.items["SRV-MONT"]); err != nil {
		t.Fatalf("n still deleted the item: %v", err)
	}
	h.keys("d", "y")
	if !slices.Contains(h.toasts(), "Deleted Montáž") {
		t.Fatalf("toasts %v", h.toasts())
	}
	if h.topID() != (ui.PageID{Kind: nav.Inventory}) {
		t.Errorf("after deleting, top is %v, want the inventory page", h.topID())
	}
	if n := itemsPage(t, h).List(inventory.ViewActive).Table().Len(); n != 3 {
		t.Errorf("the list kept %d items, want 3", n)
	}
}

func TestInventoryMovesOpenTheirDocumentOrItem(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("4", "M")
	if h.topID() != (ui.PageID{Kind: nav.InventoryMoves}) {
		t.Fatalf("M opened %v", h.topID())
	}
	l, ok := h.m.Top().(*common.ListPage[inventory.MoveRow])
	if !ok {
		t.Fatalf("top is %T", h.m.Top())
	}
	if n := l.Table().Len(); n != 4 {
		t.Fatalf("%d moves, want 4", n)
	}
	var withDoc, without int = -1, -1
	for i, m := range l.Table().Rows() {
		if m.Document != nil && withDoc < 0 {
			withDoc = i
		}
		if m.Document == nil && without < 0 {
			without = i
		}
	}
	if withDoc < 0 || without < 0 {
		t.Fatalf("want moves with and without a document: %+v", l.Table().Rows())
	}
	doc := l.Table().Rows()[withDoc]
	if doc.DocName == "" || !strings.Contains(h.view(), "Expense "+doc.DocName) || !strings.Contains(h.view(), "Toner HP 85A") {
		t.Errorf("the document or item name is not shown:\n%s", h.view())
	}
	l.Table().SetCursor(withDoc)
	h.keys("enter")
	if h.topID() != nav.Record(nav.Expense, doc.Document.ID) {
		t.Errorf("enter on a document move opened %v", h.topID())
	}
	h.keys("esc")
	l.Table().SetCursor(without)
	plain := l.Table().Rows()[without]
	h.keys("enter")
	if h.topID() != nav.Record(nav.InventoryItem, plain.InventoryItemID) {
		t.Errorf("enter on a plain move opened %v, want its item", h.topID())
	}
	// The item's page lists its moves and M narrows the moves list to it.
	h.keys("M")
	ml, ok := h.m.Top().(*common.ListPage[inventory.MoveRow])
	if !ok {
		t.Fatalf("top is %T", h.m.Top())
	}
	for _, m := range ml.Table().Rows() {
		if m.InventoryItemID != plain.InventoryItemID {
			t.Errorf("the item's moves list has a move of item %d", m.InventoryItemID)
		}
	}
	if ml.Title() != "Inventory moves of "+ml.Table().Rows()[0].ItemName {
		t.Errorf("title %q does not name the item (issue 15.5: it said its id)", ml.Title())
	}
}

func TestInboxSendToOCRAndPoll(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("5")
	p, ok := h.m.Top().(*inbox.List)
	if !ok {
		t.Fatalf("top is %T", h.m.Top())
	}
	if p.Polling() {
		t.Fatal("polling with nothing pending: idle must mean idle")
	}
	if !strings.Contains(h.view(), "12.3 kB") || !strings.Contains(h.view(), "✓ processed") || !strings.Contains(h.view(), "– not sent") {
		t.Errorf("size or OCR status not shown:\n%s", h.view())
	}
	for sel, _ := p.Selected(); sel.Filename != "smlouva.pdf"; sel, _ = p.Selected() {
		h.keys("j")
	}
	h.keys("O")
	if !slices.Contains(h.toasts(), "Sent smlouva.pdf to OCR") {
		t.Fatalf("toasts %v errors %v", h.toasts(), h.errorsShown())
	}
	if !p.Polling() || !strings.Contains(h.view(), "◌ queued") {
		t.Fatalf("a queued file did not start the poll (polling %v):\n%s", p.Polling(), h.view())
	}
	sb.clock.Advance(10 * time.Second)
	h.send(inbox.PollMsg{Page: p.ID()})
	if !strings.Contains(h.view(), "◐ processing") || !p.Polling() {
		t.Fatalf("after 10 s: polling %v\n%s", p.Polling(), h.view())
	}
	sb.clock.Advance(time.Minute)
	h.send(inbox.PollMsg{Page: p.ID()})
	if sel, _ := p.Selected(); sel.OCRStatus == nil || *sel.OCRStatus != apiclient.OCRProcessed {
		t.Fatalf("after a minute the file is %v", sel.OCRStatus)
	}
	if p.Polling() {
		t.Error("still polling once nothing is pending")
	}
	// Sending it again is not offered: it is done.
	h.keys("O")
	if !anyContains(h.errorsShown(), "did not accept the file for OCR") {
		t.Errorf("errors %v", h.errorsShown())
	}
}

func TestInboxQuotaExhaustedIsExplained(t *testing.T) {
	sb := newStockSandbox(t)
	sb.srv.Do(func() {
		v := sb.setup.Account.Info.Extraction[sandbox.OCRVendor]
		v.RemainingExtractions = 0
		sb.setup.Account.Info.Extraction[sandbox.OCRVendor] = v
	})
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("5", "g", "O")
	if !anyContains(h.errorsShown(), "No OCR extractions are left on this account's plan") {
		t.Fatalf("errors %v", h.errorsShown())
	}
	if p := h.m.Top().(*inbox.List); p.Polling() {
		t.Error("a refused send started polling")
	}
	// Uploading with OCR meets the same rule, and says the way out.
	if err := os.WriteFile(filepath.Join(h.deps.DownloadDir, "scan.pdf"), []byte("%PDF"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.keys("esc", "n", "tab", "enter")
	if !anyContains(h.errorsShown(), "can still be uploaded without OCR") {
		t.Errorf("errors %v", h.errorsShown())
	}
}

func TestInboxDeleteWhileOCRWorksIsExplained(t *testing.T) {
	sb := newStockSandbox(t)
	if _, err := sb.c.InboxFiles.SendToOCR(context.Background(), sb.files["smlouva.pdf"]); err != nil {
		t.Fatal(err)
	}
	sb.clock.Advance(10 * time.Second) // processing
	h := newStockHarness(t, sb.c, 120, 40)
	h.keys("5", "g", "d", "y")
	if !anyContains(h.errorsShown(), "A file cannot be deleted while OCR is working on it") {
		t.Fatalf("errors %v", h.errorsShown())
	}
	if n := h.m.Top().(*inbox.List).Page().Table().Len(); n != 3 {
		t.Errorf("%d files, want all 3 kept", n)
	}
}

func TestInboxUploadDownloadDelete(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 120, 40)
	dir := h.deps.DownloadDir
	if err := os.WriteFile(filepath.Join(dir, "scan-001.pdf"), []byte("%PDF-1.4 scan"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.keys("5", "n")
	p := h.m.Top().(*inbox.List)
	if !p.Uploading() || !p.Capturing() || !strings.Contains(h.view(), "scan-001.pdf") {
		t.Fatalf("n did not open the picker on the download folder:\n%s", h.view())
	}
	h.keys("tab")
	if !strings.Contains(h.view(), "[x] send to OCR") {
		t.Errorf("tab did not toggle OCR:\n%s", h.view())
	}
	h.keys("tab", "enter", "g")
	if p.Uploading() || !slices.Contains(h.toasts(), "Uploaded scan-001.pdf") {
		t.Fatalf("upload: toasts %v errors %v", h.toasts(), h.errorsShown())
	}
	sel, _ := p.Selected()
	if sel.Filename != "scan-001.pdf" || sel.OCRStatus != nil {
		t.Fatalf("the new file is not first and without OCR: %+v", sel)
	}
	// Download twice to the prefilled folder: the second copy gets a new name.
	h.keys("enter")
	for range 2 {
		h.keys("D")
		if !strings.Contains(h.view(), "Download scan-001.pdf to folder: "+dir) {
			t.Fatalf("no prefilled folder prompt:\n%s", h.view())
		}
		h.keys("enter")
	}
	for _, name := range []string{"scan-001 (1).pdf", "scan-001 (2).pdf"} {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != "%PDF-1.4 scan" {
			t.Errorf("%s: %q %v", name, b, err)
		}
	}
	// On the list D downloads at once to the folder used last (issue 15.9:
	// it did nothing).
	h.keys("esc", "D")
	if b, err := os.ReadFile(filepath.Join(dir, "scan-001 (3).pdf")); err != nil || string(b) != "%PDF-1.4 scan" {
		t.Errorf("D on the list: %q %v; toasts %v", b, err, h.toasts())
	}
	h.keys("enter")
	h.keys("d", "y")
	if !slices.Contains(h.toasts(), "Deleted scan-001.pdf") || h.topID() != (ui.PageID{Kind: nav.Inbox}) {
		t.Fatalf("delete: toasts %v top %v", h.toasts(), h.topID())
	}
	if n := p.Page().Table().Len(); n != 3 {
		t.Errorf("%d files after the delete, want 3", n)
	}
}

// TestInventoryFlowTeatest runs the program: open inventory, switch to low
// quantity, open an item, archive it.
func TestInventoryFlowTeatest(t *testing.T) {
	sb := newStockSandbox(t)
	d := testDeps(sb.c, &recorder{}, t.TempDir())
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: stockMakers(d), Styles: d.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 100, Height: 30})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor := waiter(t, tm)
	tm.Send(tuitest.Key("4"))
	waitFor("Low quantity (2)")
	tm.Send(tuitest.Key("["))
	waitFor("[Low quantity (2)]")
	tm.Send(tuitest.Key("enter"))
	waitFor("Retail prices by currency")
	tm.Send(tuitest.Key("a"))
	waitFor("Archived ")
	tm.Send(tuitest.Key("esc"))
	waitFor("Low quantity (1)")
	tm.Send(tuitest.Key("q"))
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*ui.Model)
	if id, _ := fm.TopID(); id != (ui.PageID{Kind: nav.Inventory}) {
		t.Errorf("top %v, want the inventory page", id)
	}
	archived, _, err := sb.c.InventoryItems.ListArchived(context.Background(), apiclient.InventoryItemListOptions{})
	if err != nil || len(archived) != 1 {
		t.Fatalf("archived on the service: %v %v", archived, err)
	}
}

// TestInboxFlowTeatest runs the program: open the inbox, send a file to OCR
// and watch its status change as the sandbox clock advances.
func TestInboxFlowTeatest(t *testing.T) {
	sb := newStockSandbox(t)
	d := testDeps(sb.c, &recorder{}, t.TempDir())
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: stockMakers(d), Styles: d.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 100, Height: 30})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor := waiter(t, tm)
	tm.Send(tuitest.Key("5"))
	waitFor("smlouva.pdf")
	tm.Send(tuitest.Key("g")) // the newest file first: smlouva.pdf
	tm.Send(tuitest.Key("O"))
	waitFor("◌ queued")
	sb.clock.Advance(10 * time.Second)
	waitFor("◐ processing")
	// The file's page follows OCR too, and the list keeps polling below it.
	tm.Send(tuitest.Key("enter"))
	waitFor("Sent at")
	sb.clock.Advance(time.Minute)
	waitFor("Completed at")
	tm.Send(tuitest.Key("esc"))
	waitFor("✓ processed")
	tm.Send(tuitest.Key("q"))
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*ui.Model)
	p := fm.Top().(*inbox.List)
	rows := p.Page().Table().Rows()
	for _, f := range rows {
		if f.OCRStatus != nil && *f.OCRStatus != apiclient.OCRProcessed {
			t.Errorf("%s is %s at the end", f.Filename, *f.OCRStatus)
		}
	}
	if p.Polling() {
		t.Error("the list still polls with nothing pending")
	}
}

func waiter(t *testing.T, tm *teatest.TestModel) func(string) {
	return func(what string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
}

// m on an item's moves list opens a new move of that item even when the
// list is empty (issue 15.3), instead of doing nothing.
func TestNewMoveFromAnEmptyMovesList(t *testing.T) {
	sb := newStockSandbox(t)
	h := newStockHarness(t, sb.c, 80, 24)
	item := sb.items["SRV-MONT"] // a service: no moves
	h.send(ui.Open{ID: common.FilteredList(nav.InventoryMoves, "inventory_item_id", strconv.FormatInt(item, 10))})
	if l, ok := h.m.Top().(*common.ListPage[inventory.MoveRow]); !ok || l.Table().Len() != 0 {
		t.Fatalf("want the item's empty moves list, have %T", h.m.Top())
	}
	h.keys("m")
	if want := forms.NewMovePage(item); h.topID() != want {
		t.Errorf("m on the empty list opened %v, want %v", h.topID(), want)
	}
}
