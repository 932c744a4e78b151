package sandbox

import "github.com/kasa-tui/kasa/apiclient"

// recordDocumentMove makes the inventory move of a document line that links an
// inventory item (an expense line moves stock in, an invoice line moves it out).
// The move is tied to the document and refuses edits. It returns errors keyed
// "lines.<field>" when the move is not possible (quantity below zero without
// allow_below_zero). (Stub: the inventory file's owner writes it.)
func (s *Server) recordDocumentMove(c *Ctx, itemID int64, direction string, qty, unitPrice apiclient.Decimal, currency string, doc apiclient.MoveDocument) (*apiclient.InventoryMove, Errors) {
	return nil, Errors{}
}

// removeDocumentMoves deletes the moves tied to a document (when the document or its
// line is deleted), putting the item quantities back. (Stub.)
func (s *Server) removeDocumentMoves(c *Ctx, docType string, docID int64) {}
