package inventory

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// DeleteMoveCmd asks, then deletes move moveID of item itemID; what names
// the move in the question (MoveName).
func DeleteMoveCmd(d *common.Deps, itemID, moveID int64, what string) tea.Cmd {
	run := common.Act(d, common.Action[struct{}]{
		What:    d.L.T("delete the move"),
		Refusal: common.Refusal{Rule: d.L.T("This move belongs to a document and can only be changed there"), Resource: "inventory_move"},
		Do: func(ctx context.Context, c *apiclient.Client) (struct{}, error) {
			if _, err := c.InventoryMoves.Delete(ctx, itemID, moveID); err != nil {
				return struct{}{}, fmt.Errorf("delete move %d of item %d: %w", moveID, itemID, err)
			}
			return struct{}{}, nil
		},
		Done: func(struct{}) []tea.Msg {
			return []tea.Msg{
				ui.Toast{Text: d.L.T("The move was deleted"), Kind: ui.ToastSuccess},
				// The moves lists have no detail page of a move: they go by the list's kind.
				ui.Changed{Kind: nav.InventoryMoves, ID: moveID, Op: ui.ChangeDeleted},
				// The item's quantity changed with it.
				ui.Changed{Kind: nav.InventoryItem, ID: itemID},
			}
		},
	})
	return ui.Emit(ui.Confirm{Question: d.L.Tf("Delete %s?", what), Yes: run})
}

// MoveName names a move in a question: "the move of 2026-11-20, − out 3
// of Toner HP 85A".
func MoveName(d *common.Deps, m MoveRow) string {
	s := d.L.Tf("the move of %s, %s %s", d.Date(m.MovedOn), direction(d.L, m.Direction), d.Number(m.QuantityChange))
	if m.ItemName != "" {
		s = d.L.Tf("%s of %s", s, m.ItemName)
	}
	return s
}
