package inventory

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

func archiveKey() key.Binding {
	return key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "archive/unarchive"))
}

func allMovesKey() key.Binding {
	return key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "all moves"))
}

func itemMovesKey() key.Binding {
	return key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "moves of this item"))
}

// refusal explains an item action's refusal with the rule of api-v3.md.
func refusal(l locale.Locale, rule string) common.Refusal {
	return common.Refusal{Rule: l.T(rule), Resource: "inventory_item"}
}

// toggleArchive archives an active item or unarchives an archived one; the
// answer carries the item, which every page showing it takes.
func toggleArchive(d *common.Deps, it apiclient.InventoryItem) tea.Cmd {
	what, done, rule := d.L.Tf("archive %s", it.Name), d.L.Tf("Archived %s", it.Name), locale.Key("An item can be archived only when it has at least one inventory move") // api-v3.md, "Inventory item archived"
	if it.Archived {
		what, done, rule = d.L.Tf("unarchive %s", it.Name), d.L.Tf("Unarchived %s", it.Name), locale.Key("The item could not be unarchived")
	}
	return common.Act(d, common.Action[*apiclient.InventoryItem]{
		What:    what,
		Refusal: refusal(d.L, rule),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.InventoryItem, error) {
			if it.Archived {
				now, _, err := c.InventoryItems.Unarchive(ctx, it.ID)
				return now, err
			}
			now, _, err := c.InventoryItems.Archive(ctx, it.ID)
			return now, err
		},
		Done: func(now *apiclient.InventoryItem) []tea.Msg {
			return []tea.Msg{ui.Changed{Kind: nav.InventoryItem, ID: it.ID, Record: now},
				ui.Toast{Text: done, Kind: ui.ToastSuccess}}
		},
	})
}

// confirmDelete asks first, then deletes the item; back closes its detail
// page when the delete started there.
func confirmDelete(d *common.Deps, it apiclient.InventoryItem, back bool) tea.Cmd {
	return common.ConfirmDelete(d, common.Delete{
		Question: d.L.Tf("Delete the item %s (SKU %s)? This cannot be undone.", it.Name, it.SKU),
		Name:     it.Name, Kind: nav.InventoryItem, ID: it.ID, Refusal: refusal(d.L, locale.Key("An item that has inventory moves cannot be deleted; archive it instead")), Back: back,
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.InventoryItems.Delete(ctx, it.ID)
		},
	})
}
