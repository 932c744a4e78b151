package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
)

// InventoryItemListOptions filters the item indexes (active and archived).
type InventoryItemListOptions struct {
	ListOptions
	DateFilter
	ArticleNumber string
	SKU           string
}

func (o InventoryItemListOptions) values() (url.Values, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := o.DateFilter.apply(q, "since", "until", "updated_since", "updated_until"); err != nil {
		return nil, err
	}
	setString(q, "article_number", o.ArticleNumber)
	setString(q, "sku", o.SKU)
	return q, nil
}

// InventoryItemsService manages stock items.
type InventoryItemsService struct{ c *Client }

func (s *InventoryItemsService) r() crud[InventoryItem, InventoryItemParams] {
	return crud[InventoryItem, InventoryItemParams]{s.c, "inventory_items", "inventory item"}
}

// List is GET inventory_items.json (archived items excluded).
func (s *InventoryItemsService) List(ctx context.Context, o InventoryItemListOptions) ([]InventoryItem, *Response, error) {
	q, err := o.values()
	if err != nil {
		return nil, nil, wrapOpt("list inventory items", err)
	}
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page of the index.
func (s *InventoryItemsService) ListAll(ctx context.Context, o InventoryItemListOptions) iter.Seq2[InventoryItem, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]InventoryItem, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// ListArchived is GET inventory_items/archived.json.
func (s *InventoryItemsService) ListArchived(ctx context.Context, o InventoryItemListOptions) ([]InventoryItem, *Response, error) {
	q, err := o.values()
	if err != nil {
		return nil, nil, wrapOpt("list archived inventory items", err)
	}
	return s.r().list(ctx, "/archived", q)
}

// ListArchivedAll iterates every page of the archived items.
func (s *InventoryItemsService) ListArchivedAll(ctx context.Context, o InventoryItemListOptions) iter.Seq2[InventoryItem, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]InventoryItem, *Response, error) {
		o.Page = page
		return s.ListArchived(ctx, o)
	})
}

// ListLowQuantityAll iterates every page of the items below their minimum.
func (s *InventoryItemsService) ListLowQuantityAll(ctx context.Context) iter.Seq2[InventoryItem, error] {
	return pages(ctx, 0, func(ctx context.Context, page int) ([]InventoryItem, *Response, error) {
		return s.ListLowQuantity(ctx, ListOptions{Page: page})
	})
}

// ListLowQuantity is GET inventory_items/low_quantity.json: items below their minimum.
func (s *InventoryItemsService) ListLowQuantity(ctx context.Context, o ListOptions) ([]InventoryItem, *Response, error) {
	q := url.Values{}
	o.apply(q)
	return s.r().list(ctx, "/low_quantity", q)
}

// Search is GET inventory_items/search.json over name, article_number and sku.
func (s *InventoryItemsService) Search(ctx context.Context, o SearchOptions) ([]InventoryItem, *Response, error) {
	return s.r().search(ctx, o)
}

// SearchAll iterates every page of a search.
func (s *InventoryItemsService) SearchAll(ctx context.Context, o SearchOptions) iter.Seq2[InventoryItem, error] {
	return s.r().searchAll(ctx, o)
}

// Get is GET inventory_items/{id}.json.
func (s *InventoryItemsService) Get(ctx context.Context, id int64) (*InventoryItem, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST inventory_items.json.
func (s *InventoryItemsService) Create(ctx context.Context, p *InventoryItemParams) (*InventoryItem, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH inventory_items/{id}.json.
func (s *InventoryItemsService) Update(ctx context.Context, id int64, p *InventoryItemParams) (*InventoryItem, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE inventory_items/{id}.json (refused for an item with moves).
func (s *InventoryItemsService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}

// Archive is POST inventory_items/{id}/archive.json (403 for an item without moves).
func (s *InventoryItemsService) Archive(ctx context.Context, id int64) (*InventoryItem, *Response, error) {
	return s.r().action(ctx, http.MethodPost, id, "archive", nil)
}

// Unarchive is POST inventory_items/{id}/unarchive.json.
func (s *InventoryItemsService) Unarchive(ctx context.Context, id int64) (*InventoryItem, *Response, error) {
	return s.r().action(ctx, http.MethodPost, id, "unarchive", nil)
}

// InventoryMoveListOptions filters the account-wide move index.
type InventoryMoveListOptions struct {
	ListOptions
	DateFilter
	InventoryItemID int64
}

// InventoryMovesService manages stock movements.
type InventoryMovesService struct{ c *Client }

// List is GET inventory_moves.json.
func (s *InventoryMovesService) List(ctx context.Context, o InventoryMoveListOptions) ([]InventoryMove, *Response, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := o.DateFilter.apply(q, "since", "until", "updated_since", "updated_until"); err != nil {
		return nil, nil, wrapOpt("list inventory moves", err)
	}
	setID(q, "inventory_item_id", o.InventoryItemID)
	p, err := s.c.accountPath("inventory_moves.json")
	if err != nil {
		return nil, nil, fmt.Errorf("list inventory moves: %w", err)
	}
	out, resp, err := getList[InventoryMove](ctx, s.c, p, q)
	if err != nil {
		return nil, resp, fmt.Errorf("list inventory moves: %w", err)
	}
	return out, resp, nil
}

// ListAll iterates every page of the index.
func (s *InventoryMovesService) ListAll(ctx context.Context, o InventoryMoveListOptions) iter.Seq2[InventoryMove, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]InventoryMove, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

func (s *InventoryMovesService) r(itemID int64) crud[InventoryMove, InventoryMoveParams] {
	return crud[InventoryMove, InventoryMoveParams]{s.c, fmt.Sprintf("inventory_items/%d/inventory_moves", itemID), "inventory move"}
}

// Get is GET inventory_items/{item}/inventory_moves/{id}.json.
func (s *InventoryMovesService) Get(ctx context.Context, itemID, id int64) (*InventoryMove, *Response, error) {
	return s.r(itemID).get(ctx, id)
}

// Create is POST inventory_items/{item}/inventory_moves.json. Like a payment it is
// never retried once it may have reached the service.
func (s *InventoryMovesService) Create(ctx context.Context, itemID int64, p *InventoryMoveParams) (*InventoryMove, *Response, error) {
	return s.r(itemID).create(ctx, p)
}

// Update is PATCH inventory_items/{item}/inventory_moves/{id}.json (direction cannot
// change; 403 for a move tied to a document).
func (s *InventoryMovesService) Update(ctx context.Context, itemID, id int64, p *InventoryMoveParams) (*InventoryMove, *Response, error) {
	return s.r(itemID).update(ctx, id, p)
}

// Delete is DELETE inventory_items/{item}/inventory_moves/{id}.json (403 for a move tied to a document).
func (s *InventoryMovesService) Delete(ctx context.Context, itemID, id int64) (*Response, error) {
	return s.r(itemID).delete(ctx, id)
}
