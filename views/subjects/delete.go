package subjects

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// DeleteSubjectCmd asks, then deletes subject s. fromDetail says the
// subject's detail page is on top: it is closed after the delete.
func DeleteSubjectCmd(d *common.Deps, s apiclient.Subject, fromDetail bool) tea.Cmd {
	run := common.Act(d, common.Action[struct{}]{
		What: d.L.Tf("delete %s", s.Name),
		// api-v3.md's rule a refused delete is explained with: a subject
		// with documents is refused with 422 errors.document or with 403.
		Refusal: common.Refusal{Rule: d.L.T("This contact has invoices or expenses and cannot be deleted"), Resource: "document"},
		Do: func(ctx context.Context, c *apiclient.Client) (struct{}, error) {
			if _, err := c.Subjects.Delete(ctx, s.ID); err != nil {
				return struct{}{}, fmt.Errorf("delete subject %d: %w", s.ID, err)
			}
			return struct{}{}, nil
		},
		Done: func(struct{}) []tea.Msg {
			var msgs []tea.Msg
			if fromDetail {
				msgs = append(msgs, ui.Back{})
			}
			return append(msgs, ui.Toast{Text: d.L.Tf("Subject %s was deleted", s.Name), Kind: ui.ToastSuccess},
				ui.Changed{Kind: nav.Subject, ID: s.ID, Op: ui.ChangeDeleted})
		},
	})
	return ui.Emit(ui.Confirm{Question: d.L.Tf("Delete subject %s? This cannot be undone.", s.Name), Yes: run})
}
