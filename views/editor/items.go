package editor

import (
	"context"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/lines"
)

// itemCandidates are the inventory items an editor read once for the
// item search's own match (common.MergeFolded); searches run in Cmds, so
// behind a lock.
type itemCandidates struct {
	mu   sync.Mutex
	rows []apiclient.InventoryItem
	read bool
}

// get is the items read, reading them the first time.
func (ic *itemCandidates) get(ctx context.Context, d *common.Deps, c *apiclient.Client) []apiclient.InventoryItem {
	ic.mu.Lock()
	defer ic.mu.Unlock()
	if !ic.read {
		rows, err := common.LoadCandidates(ctx, d, store.InventoryItems, func(ctx context.Context, page int) ([]apiclient.InventoryItem, error) {
			l, _, err := c.InventoryItems.List(ctx, apiclient.InventoryItemListOptions{ListOptions: apiclient.ListOptions{Page: page}})
			return l, err
		})
		ic.rows, ic.read = rows, err == nil // a failed read is tried again by the next search
	}
	return ic.rows
}

// searchItems looks up inventory items for a line's item cell: an exact SKU
// first; else the service's search by name, with the items whose name,
// SKU or article number contain the text ignoring case and diacritics
// ("kava" finds "Káva").
func (e *editor) searchItems(seq int, q string) tea.Cmd {
	page, d := e.id, e.fd.Deps
	return func() tea.Msg {
		items, _, err := common.Do(d, func(ctx context.Context, c *apiclient.Client) ([]apiclient.InventoryItem, error) {
			if strings.TrimSpace(q) == "" {
				return nil, nil
			}
			if l, _, err := c.InventoryItems.List(ctx, apiclient.InventoryItemListOptions{SKU: q}); err == nil && len(l) > 0 {
				return l, nil
			}
			l, _, err := c.InventoryItems.Search(ctx, apiclient.SearchOptions{Query: q})
			if err != nil {
				return nil, err
			}
			return common.MergeFolded(q, l, e.items.get(ctx, d, c), func(it apiclient.InventoryItem) int64 { return it.ID },
				func(it apiclient.InventoryItem) []string { return []string{it.Name, it.SKU, it.ArticleNumber.String()} }), nil
		})
		return lines.ItemsFound{Page: page, Seq: seq, Items: items, Err: err}
	}
}
