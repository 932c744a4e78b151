package inventory

import (
	"context"
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// The rules of api-v3.md ("Inventory item archived") a refusal is explained with.
const (
	ruleArchive = "An item can be archived only when it has at least one inventory move"
	ruleDelete  = "An item that has inventory moves cannot be deleted; archive it instead"
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

// explain turns a refusal (403) or a rejection (422) into a sentence that
// states the rule, followed by what the service said; other errors pass.
func explain(err error, rule string) error {
	er := common.RefusalResponse(err)
	if er == nil {
		return err
	}
	said := common.FieldMessages(er, "inventory_item")
	if said == "" {
		said = common.Join(" ", er.Description, er.Code)
	}
	return common.StateRule(rule, said)
}

// failure is the error panel for a failed action; a refusal gets no retry.
func failure(what string, err error, rule string, retry tea.Cmd) tea.Msg {
	return common.ActionFailure(what, err, explain(err, rule), retry)
}

// refreshAll asks the inventory page and the item's detail to load again.
func refreshAll(itemID int64) tea.Cmd {
	return tea.Batch(ui.Emit(RefreshMsg{Page: rootID()}),
		ui.Emit(RefreshMsg{Page: nav.Record(nav.InventoryItem, itemID)}))
}

// toggleArchive archives an active item or unarchives an archived one.
func toggleArchive(d *common.Deps, it apiclient.InventoryItem) tea.Cmd {
	verb, rule := "archive", ruleArchive
	if it.Archived {
		verb, rule = "unarchive", "The item could not be unarchived"
	}
	what := verb + " " + it.Name
	var run tea.Cmd
	run = func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
		defer cancel()
		c := d.Client()
		var err error
		if it.Archived {
			_, _, err = c.InventoryItems.Unarchive(ctx, it.ID)
		} else {
			_, _, err = c.InventoryItems.Archive(ctx, it.ID)
		}
		status := ui.Emit(common.ConnStatus(c, err, d.Now()))
		if err != nil {
			return tea.BatchMsg{status, ui.Emit(failure(what, err, rule, run))}
		}
		return tea.BatchMsg{status, refreshAll(it.ID),
			ui.Emit(ui.Toast{Text: fmt.Sprintf("%sd %s", capital(verb), it.Name), Kind: ui.ToastSuccess})}
	}
	return run
}

// confirmDelete asks first, then deletes the item; back closes its detail
// page when the delete started there.
func confirmDelete(d *common.Deps, it apiclient.InventoryItem, back bool) tea.Cmd {
	what := "delete " + it.Name
	var run tea.Cmd
	run = func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
		defer cancel()
		c := d.Client()
		_, err := c.InventoryItems.Delete(ctx, it.ID)
		status := ui.Emit(common.ConnStatus(c, err, d.Now()))
		if err != nil {
			return tea.BatchMsg{status, ui.Emit(failure(what, err, ruleDelete, run))}
		}
		out := tea.BatchMsg{status, ui.Emit(RefreshMsg{Page: rootID()}),
			ui.Emit(ui.Toast{Text: "Deleted " + it.Name, Kind: ui.ToastSuccess})}
		if back {
			out = append(out, ui.Emit(ui.Back{}))
		}
		return out
	}
	return ui.Emit(ui.Confirm{Question: fmt.Sprintf("Delete the item %s (SKU %s)? This cannot be undone.", it.Name, it.SKU), Yes: run})
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
