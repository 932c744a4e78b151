package sandbox_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// get, getUnder: a GET of a path, and of a path under the demo account.
func get(path string) wireRequest { return wireRequest{method: "GET", path: path} }

func (w *wireRun) getUnder(format string, args ...any) wireRequest {
	return get(w.under(format, args...))
}

// getAt is a situation the demo account is already in: a GET of a path
// under it.
func getAt(resource, path string) wireSituation {
	return wireSituation{resource, func(w *wireRun, _ docsAnswer) wireRequest { return w.getUnder("%s", path) }}
}

// wireSituations are the situations of every documented JSON answer, by the
// answer's key (page › endpoint [› flow]).
func wireSituations() map[string]wireSituation {
	out := map[string]wireSituation{}
	for _, part := range []map[string]wireSituation{wireSituationsReads(), wireSituationsDocuments(), wireSituationsOthers()} {
		for k, v := range part {
			out[k] = v
		}
	}
	return out
}

func wireSituationsReads() map[string]wireSituation {
	return map[string]wireSituation{
		"account › Account Detail": getAt("account", "account.json"),
		"users › Current User": {"current_user", func(*wireRun, docsAnswer) wireRequest {
			return get("/user.json")
		}},
		"users › Users Index":                               getAt("user", "users.json"),
		"bank-accounts › Banks Accounts Index":              getAt("bank_account", "bank_accounts.json"),
		"number-formats › Number Formats Index":             getAt("number_format", "number_formats/invoices.json"),
		"subjects › Subjects Index":                         getAt("subject", "subjects.json"),
		"subjects › Subjects Search":                        getAt("subject", "subjects/search.json?query=s.r.o."),
		"subjects › Subject Detail":                         detail("subject", "subjects"),
		"invoices › Invoices Index":                         getAt("invoice", "invoices.json"),
		"invoices › Fulltext Search":                        getAt("invoice", "invoices/search.json?query=a"),
		"invoices › Invoice Detail":                         detail("invoice", "invoices"),
		"expenses › Expenses Index":                         getAt("expense", "expenses.json"),
		"expenses › Fulltext Search":                        getAt("expense", "expenses/search.json?query=a"),
		"expenses › Expense Detail":                         detail("expense", "expenses"),
		"generators › Generators Index":                     getAt("generator_index", "generators.json"),
		"generators › Generator Detail":                     detail("generator", "generators"),
		"recurring-generators › Recurring Generators Index": getAt("recurring_generator", "recurring_generators.json"),
		"recurring-generators › Recurring Generator Detail": detail("recurring_generator", "recurring_generators"),
		"inventory-items › Items Index":                     getAt("inventory_item", "inventory_items.json"),
		"inventory-items › Items Search":                    getAt("inventory_item", "inventory_items/search.json?query=a"),
		"inventory-items › Item Detail":                     detail("inventory_item", "inventory_items"),
		"inventory-items › Archived Items":                  {"inventory_item", archivedItems},
		"inventory-items › Low-Quantity Items":              {"inventory_item", lowQuantityItems},
		"inventory-moves › Inventory Moves Index":           getAt("inventory_move", "inventory_moves.json"),
		"inventory-moves › Inventory Move Detail":           {"inventory_move", moveDetail},
		"inbox-files › Inbox Files Index":                   getAt("inbox_file", "inbox_files.json"),
		"todos › Todos Index":                               getAt("todo", "todos.json"),
		"events › Events Index":                             getAt("event", "events.json"),
		"events › Events Paid Index":                        getAt("event", "events/paid.json"),
		"webhooks › Webhook index":                          getAt("webhook", "webhooks.json"),
		"webhooks › Webhook Detail":                         detail("webhook", "webhooks"),
		"webhooks › Failed Webhook Deliveries":              {"failed_delivery", failedDeliveriesOfAHook},
	}
}

// detail reads the first record of an index through its own path.
func detail(resource, coll string) wireSituation {
	return wireSituation{resource, func(w *wireRun, _ docsAnswer) wireRequest {
		return w.getUnder("%s/%s.json", coll, w.firstID(coll+".json"))
	}}
}

// archivedItems: an item archived after its first move, seeded.
func archivedItems(w *wireRun, _ docsAnswer) wireRequest {
	w.Srv.Do(func() {
		now := w.Srv.Now()
		it := w.acct.Items.Add(&sandbox.InventoryItem{Name: w.unique("Archived keyboard"), SKU: w.unique("ARCH"), ArticleNumberType: "ean",
			TrackQuantity: true, Quantity: sandbox.MustDecimal("3.0"), NativePurchasePrice: sandbox.MustDecimal("150.0"),
			NativeRetailPrice: sandbox.MustDecimal("250.0"), AverageNativePurchasePrice: sandbox.MustDecimal("150.0"),
			VatRate: "standard", SupplyType: "goods", SuggestFor: "both", Archived: true,
			CreatedAt: sandbox.DateTime{Time: now}, UpdatedAt: sandbox.DateTime{Time: now}})
		w.acct.Moves.Add(&sandbox.InventoryMove{InventoryItemID: it.ID, Direction: sandbox.MoveIn, MovedOn: sandbox.DateOf(now),
			QuantityChange: sandbox.MustDecimal("3.0"), PurchasePrice: sandbox.MustDecimal("150.0"), PurchaseCurrency: "CZK",
			NativePurchasePrice: sandbox.MustDecimal("150.0"), CreatedAt: sandbox.DateTime{Time: now}, UpdatedAt: sandbox.DateTime{Time: now}})
	})
	return w.getUnder("inventory_items/archived.json")
}

// lowQuantityItems: an item that fell below its minimum two days ago, seeded.
func lowQuantityItems(w *wireRun, _ docsAnswer) wireRequest {
	w.Srv.Do(func() {
		now := w.Srv.Now()
		w.acct.Items.Add(&sandbox.InventoryItem{Name: w.unique("Low mouse"), SKU: w.unique("LOW"), ArticleNumberType: "ean",
			TrackQuantity: true, Quantity: sandbox.MustDecimal("2.0"), MinQuantity: sandbox.MustDecimal("5.0"),
			LowQuantityDate: sandbox.DateOf(now.Add(-48 * time.Hour)), NativePurchasePrice: sandbox.MustDecimal("100.0"),
			NativeRetailPrice: sandbox.MustDecimal("180.0"), AverageNativePurchasePrice: sandbox.MustDecimal("100.0"),
			VatRate: "standard", SupplyType: "goods", SuggestFor: "both",
			CreatedAt: sandbox.DateTime{Time: now}, UpdatedAt: sandbox.DateTime{Time: now}})
	})
	return w.getUnder("inventory_items/low_quantity.json")
}

func moveDetail(w *wireRun, _ docsAnswer) wireRequest {
	var moves []map[string]any
	decodeInto(w.t, w.get("inventory_moves.json"), &moves)
	if len(moves) == 0 {
		w.t.Fatal("the demo has no inventory move")
	}
	return w.getUnder("inventory_items/%v/inventory_moves/%s.json", moves[0]["inventory_item_id"], id(moves[0]))
}

// failedDeliveriesOfAHook reads the deliveries of the hook wirePrepare made
// fail.
func failedDeliveriesOfAHook(w *wireRun, _ docsAnswer) wireRequest {
	for _, h := range wireList("webhooks.json")(w.demoEnv) {
		uuid := h.(map[string]any)["failed_deliveries_uuid"].(string)
		if len(wireList("webhooks/"+uuid+"/failed_deliveries.json")(w.demoEnv)) > 0 {
			return w.getUnder("webhooks/%s/failed_deliveries.json", uuid)
		}
	}
	w.t.Fatal("no webhook has a failed delivery")
	return wireRequest{}
}

// ---- documents: the docs' own requests, with the demo's ids ----

func wireSituationsDocuments() map[string]wireSituation {
	return map[string]wireSituation{
		"invoices › Create Invoice": {"invoice", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "invoices.json", docsBody(a, map[string]any{"subject_id": w.subject(), "custom_id": w.unique("inv")}))
		}},
		"invoices › Update Invoice": {"invoice", func(w *wireRun, a docsAnswer) wireRequest {
			return patchTo(w, "invoices/%s.json", a, w.invoice(nil))
		}},
		"invoice-payments › Create Payment": {"invoice_payment", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "invoices/"+w.invoice(nil)+"/payments.json", docsBody(a, nil))
		}},
		"invoice-payments › Create Tax Document": {"invoice_payment", func(w *wireRun, _ docsAnswer) wireRequest {
			inv := w.invoice(map[string]any{"document_type": "proforma"})
			pay := w.must("POST", "invoices/"+inv+"/payments.json", map[string]any{})
			return wireRequest{method: "POST", path: w.under("invoices/%s/payments/%s/create_tax_document.json", inv, id(pay))}
		}},
		"expenses › Create Expense": {"expense", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "expenses.json", docsBody(a, map[string]any{"subject_id": w.subject(), "custom_id": w.unique("exp")}))
		}},
		"expenses › Update Expense": {"expense", func(w *wireRun, a docsAnswer) wireRequest {
			return patchTo(w, "expenses/%s.json", a, w.expense(nil))
		}},
		"expense-payments › Create Payment": {"expense_payment", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "expenses/"+w.expense(nil)+"/payments.json", docsBody(a, nil))
		}},
		"generators › Create Generator": {"generator", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "generators.json", docsBody(a, map[string]any{"subject_id": w.subject()}))
		}},
		"generators › Update Generator": {"generator", func(w *wireRun, a docsAnswer) wireRequest {
			return patchTo(w, "generators/%s.json", a, w.generator("generators.json", nil))
		}},
		"recurring-generators › Create Recurring Generator": {"recurring_generator", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "recurring_generators.json", docsBody(a, map[string]any{"subject_id": w.subject(), "start_date": wireFuture(w)}))
		}},
		"recurring-generators › Update Recurring Generator": {"recurring_generator", func(w *wireRun, a docsAnswer) wireRequest {
			return patchTo(w, "recurring_generators/%s.json", a, w.recurring(nil))
		}},
		"recurring-generators › Pause Recurring Generator": {"recurring_generator", func(w *wireRun, _ docsAnswer) wireRequest {
			return wireRequest{method: "PATCH", path: w.under("recurring_generators/%s/pause.json", w.recurring(nil))}
		}},
		"recurring-generators › Activate Recurring Generator": {"recurring_generator", func(w *wireRun, a docsAnswer) wireRequest {
			rg := w.recurring(map[string]any{"active": false})
			return wireRequest{method: "PATCH", path: w.under("recurring_generators/%s/activate.json", rg),
				body: docsBody(a, map[string]any{"next_occurrence_on": wireFuture(w)})}
		}},
	}
}

// postTo and patchTo send the docs' request under the demo account.
func postTo(w *wireRun, path string, body map[string]any) wireRequest {
	return wireRequest{method: "POST", path: w.under("%s", path), body: body}
}

func patchTo(w *wireRun, format string, a docsAnswer, recID string) wireRequest {
	return wireRequest{method: "PATCH", path: w.under(format, recID), body: docsBody(a, nil)}
}

func wireLines() []map[string]any {
	return []map[string]any{{"name": "Hard work", "quantity": "1.0", "unit_name": "h", "unit_price": "40000", "vat_rate": "21"}}
}

// wireFuture is a date a month after the sandbox's today: the docs' dates
// are in the service's past.
func wireFuture(w *wireRun) string { return w.Srv.Now().AddDate(0, 1, 0).Format("2006-01-02") }

// subject is the id of a subject made for the situation.
func (w *wireRun) subject() string {
	return id(w.must("POST", "subjects.json", map[string]any{"name": w.unique("Odběratel s.r.o."), "email": "ucetni@odberatel.cz"}))
}

func (w *wireRun) invoice(extra map[string]any) string {
	body := map[string]any{"subject_id": w.subject(), "lines": wireLines()}
	for k, v := range extra {
		body[k] = v
	}
	return id(w.must("POST", "invoices.json", body))
}

func (w *wireRun) generator(coll string, extra map[string]any) string {
	body := map[string]any{"name": w.unique("Předplatné"), "subject_id": w.subject(), "lines": wireLines()}
	for k, v := range extra {
		body[k] = v
	}
	return id(w.must("POST", coll, body))
}

func (w *wireRun) recurring(extra map[string]any) string {
	body := map[string]any{"start_date": wireFuture(w), "months_period": 1}
	for k, v := range extra {
		body[k] = v
	}
	return w.generator("recurring_generators.json", body)
}

// ---- the rest: OAuth, stock, inbox, to-dos, subjects, webhooks ----

func wireSituationsOthers() map[string]wireSituation {
	return map[string]wireSituation{
		"authorization › Authorization Code Flow › Obtain Access and Refresh Token": {"token", func(w *wireRun, a docsAnswer) wireRequest {
			return w.oauth(docsBody(a, map[string]any{"code": w.code(), "redirect_uri": w.Info.Integration.RedirectURI}))
		}},
		"authorization › Authorization Code Flow › Refresh Access Token": {"token", func(w *wireRun, a docsAnswer) wireRequest {
			return w.oauth(docsBody(a, map[string]any{"refresh_token": w.exchange()["refresh_token"]}))
		}},
		"authorization › Client Credentials Flow › Obtain Access Token": {"token", func(w *wireRun, a docsAnswer) wireRequest {
			return wireRequest{method: "POST", path: "/oauth/token", body: docsBody(a, nil), basic: [2]string{w.Info.ClientID, w.Info.ClientSecret}}
		}},
		"inventory-items › Create Item": {"inventory_item", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "inventory_items.json", docsBody(a, map[string]any{"sku": w.unique("00TF6455F")}))
		}},
		"inventory-items › Update Item": {"inventory_item", func(w *wireRun, a docsAnswer) wireRequest { return patchTo(w, "inventory_items/%s.json", a, w.item()) }},
		"inventory-items › Archive Item": {"inventory_item", func(w *wireRun, _ docsAnswer) wireRequest {
			return postTo(w, "inventory_items/"+w.movedItem()+"/archive.json", nil)
		}},
		"inventory-items › Unarchive Item": {"inventory_item", unarchive},
		"inventory-moves › Create Inventory Move": {"inventory_move", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "inventory_items/"+w.item()+"/inventory_moves.json", docsBody(a, nil))
		}},
		"inventory-moves › Update Inventory Move": {"inventory_move", func(w *wireRun, a docsAnswer) wireRequest {
			item := w.item()
			mv := w.must("POST", "inventory_items/"+item+"/inventory_moves.json", wireMove())
			return wireRequest{method: "PATCH", path: w.under("inventory_items/%s/inventory_moves/%s.json", item, id(mv)), body: docsBody(a, nil)}
		}},
		"inbox-files › Create Inbox File": {"inbox_file", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "inbox_files.json", docsBody(a, map[string]any{"attachment": "data:application/pdf;base64," + base64PDF}))
		}},
		"todos › Todo Toggle Completion": {"todo", func(w *wireRun, _ docsAnswer) wireRequest {
			return postTo(w, "todos/"+w.firstID("todos.json")+"/toggle_completion.json", nil)
		}},
		"subjects › Create Subject": {"subject", func(w *wireRun, a docsAnswer) wireRequest {
			return postTo(w, "subjects.json", docsBody(a, map[string]any{"name": w.unique(a.request["name"].(string))}))
		}},
		"subjects › Update Subject": {"subject", func(w *wireRun, a docsAnswer) wireRequest { return patchTo(w, "subjects/%s.json", a, w.subject()) }},
		"webhooks › Create Webhook": {"webhook", func(w *wireRun, a docsAnswer) wireRequest { return postTo(w, "webhooks.json", docsBody(a, nil)) }},
		"webhooks › Update Webhook": {"webhook", func(w *wireRun, a docsAnswer) wireRequest {
			return patchTo(w, "webhooks/%s.json", a, w.webhook())
		}},
	}
}

// base64PDF is a small PDF: the docs' attachment is elided.
const base64PDF = "JVBERi0xLjQKJY8KMiAwIG9iago8PD4+CmVuZG9iagp0cmFpbGVyCjw8Pj4KJSVFT0YK"

// item makes a tracked item from the docs' Create Item request.
func (w *wireRun) item() string {
	return id(w.must("POST", "inventory_items.json", map[string]any{"name": w.unique("Keyboard 55F"), "sku": w.unique("00TF"),
		"track_quantity": true, "quantity": 50, "native_purchase_price": 150, "native_retail_price": 250}))
}

// movedItem is an item with a move: only such an item can be archived.
func (w *wireRun) movedItem() string {
	item := w.item()
	w.must("POST", "inventory_items/"+item+"/inventory_moves.json", wireMove())
	return item
}

func unarchive(w *wireRun, _ docsAnswer) wireRequest {
	item := w.movedItem()
	w.must("POST", "inventory_items/"+item+"/archive.json", nil)
	return postTo(w, "inventory_items/"+item+"/unarchive.json", nil)
}

// oauth posts the docs' JSON body to the token endpoint as the demo's
// integration.
func (w *wireRun) oauth(body map[string]any) wireRequest {
	in := w.Info.Integration
	return wireRequest{method: "POST", path: "/oauth/token", body: body, basic: [2]string{in.ClientID, in.ClientSecret}}
}

// code runs the integration's consent (approve=1) and returns the code.
func (w *wireRun) code() string {
	in := w.Info.Integration
	q := url.Values{"client_id": {in.ClientID}, "redirect_uri": {in.RedirectURI}, "response_type": {"code"}, "state": {"wire"}, "approve": {"1"}}
	req, _ := http.NewRequest("GET", w.TS.URL+"/api/v3/oauth?"+q.Encode(), nil)
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	resp, err := noRedirect.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || !strings.Contains(loc.RawQuery, "code=") {
		w.t.Fatalf("consent: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	return loc.Query().Get("code")
}

// decodeInto unmarshals a JSON body or fails the test.
func decodeInto(t *testing.T, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
}
