package export

import (
	"fmt"
	"strconv"
	"time"
)

// FromParams are the filters of a list as kasa's pages keep them: the
// endpoint's query parameters by name ("status", "subject_id", "since")
// and the search text, so that the in-app export writes what the list
// shows. date reads a date parameter as the instant the list sends. A
// parameter export does not know is an error, never dropped.
func FromParams(params map[string]string, search string, date func(name string) time.Time) (Filters, error) {
	f := Filters{Query: search}
	text := map[string]*string{
		"status": &f.Status, "custom_id": &f.CustomID, "number": &f.Number, "document_type": &f.DocumentType,
		"variable_symbol": &f.VariableSymbol, "sku": &f.SKU, "article_number": &f.ArticleNumber,
	}
	when := map[string]*time.Time{"since": &f.Since, "until": &f.Until, "updated_since": &f.UpdatedSince, "updated_until": &f.UpdatedUntil}
	ids := map[string]*int64{"subject_id": &f.SubjectID, "inventory_item_id": &f.InventoryItemID}
	for name, v := range params {
		if v == "" {
			continue
		}
		if dst, ok := text[name]; ok {
			*dst = v
		} else if dst, ok := when[name]; ok {
			*dst = date(name)
		} else if dst, ok := ids[name]; ok {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return Filters{}, fmt.Errorf("export: %s %q is not a record id", name, v)
			}
			*dst = id
		} else {
			return Filters{}, errFilter(name)
		}
	}
	return f, nil
}
