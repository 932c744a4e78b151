package sandbox

// InventoryItem is a stock item.
type InventoryItem struct {
	ID                         int64         `json:"id"`
	Name                       string        `json:"name"`
	SKU                        string        `json:"sku"`
	ArticleNumberType          string        `json:"article_number_type"`
	ArticleNumber              Text          `json:"article_number"`
	UnitName                   Text          `json:"unit_name"`
	TrackQuantity              bool          `json:"track_quantity"`
	Quantity                   Decimal       `json:"quantity"`
	MinQuantity                Decimal       `json:"min_quantity"`
	MaxQuantity                Decimal       `json:"max_quantity"`
	AllowBelowZero             bool          `json:"allow_below_zero"`
	LowQuantityDate            Date          `json:"low_quantity_date"` // a Date, as the docs' low-quantity example writes it (the table says DateTime)
	NativePurchasePrice        Decimal       `json:"native_purchase_price"`
	NativeRetailPrice          Decimal       `json:"native_retail_price"`
	VatRate                    string        `json:"vat_rate"`
	AverageNativePurchasePrice Decimal       `json:"average_native_purchase_price"`
	SupplyType                 string        `json:"supply_type"`
	Archived                   bool          `json:"archived"`
	PrivateNote                Text          `json:"private_note"`
	SuggestFor                 string        `json:"suggest_for"`
	RetailPrices               []RetailPrice `json:"retail_prices"`
	CreatedAt                  DateTime      `json:"created_at"`
	UpdatedAt                  DateTime      `json:"updated_at"`
}

// BelowMinimum reports whether a tracked item's quantity is under its minimum.
func (it *InventoryItem) BelowMinimum() bool {
	return it.TrackQuantity && it.MinQuantity.IsSet() && it.Quantity.Cmp(it.MinQuantity) < 0
}

// RetailPrice is a per-currency retail price of an item.
type RetailPrice struct {
	ID        int64    `json:"id"`
	Amount    Decimal  `json:"amount"`
	Currency  string   `json:"currency"`
	CreatedAt DateTime `json:"created_at"`
	UpdatedAt DateTime `json:"updated_at"`
}

// RetailPriceParams edits retail prices: ID to change one, none to add, Destroy to delete.
type RetailPriceParams struct {
	ID       *int64   `json:"id,omitempty"`
	Amount   *Decimal `json:"amount,omitempty"`
	Currency *string  `json:"currency,omitempty"`
	Destroy  bool     `json:"_destroy,omitempty"`
}

// MaxRetailPrices is the number of currencies an item may have retail prices in.
const MaxRetailPrices = 5

// InventoryItemParams is a create or partial update body. Quantity is accepted on
// creation only; afterwards it changes through moves.
type InventoryItemParams struct {
	Name                *string             `json:"name,omitempty"`
	SKU                 *string             `json:"sku,omitempty"`
	ArticleNumberType   *string             `json:"article_number_type,omitempty"`
	ArticleNumber       *string             `json:"article_number,omitempty"`
	UnitName            *string             `json:"unit_name,omitempty"`
	TrackQuantity       *bool               `json:"track_quantity,omitempty"`
	Quantity            *Decimal            `json:"quantity,omitempty"`
	MinQuantity         *Decimal            `json:"min_quantity,omitempty"`
	MaxQuantity         *Decimal            `json:"max_quantity,omitempty"`
	AllowBelowZero      *bool               `json:"allow_below_zero,omitempty"`
	LowQuantityDate     *DateTime           `json:"low_quantity_date,omitempty"`
	NativePurchasePrice *Decimal            `json:"native_purchase_price,omitempty"`
	NativeRetailPrice   *Decimal            `json:"native_retail_price,omitempty"`
	VatRate             *string             `json:"vat_rate,omitempty"`
	SupplyType          *string             `json:"supply_type,omitempty"`
	PrivateNote         *string             `json:"private_note,omitempty"`
	SuggestFor          *string             `json:"suggest_for,omitempty"`
	RetailPrices        []RetailPriceParams `json:"retail_prices,omitempty"`
}

// InventoryMove is a stock movement in or out.
type InventoryMove struct {
	ID                  int64         `json:"id"`
	Direction           string        `json:"direction"`
	MovedOn             Date          `json:"moved_on"`
	QuantityChange      Decimal       `json:"quantity_change"`
	PurchasePrice       Decimal       `json:"purchase_price"`
	PurchaseCurrency    string        `json:"purchase_currency"`
	NativePurchasePrice Decimal       `json:"native_purchase_price"`
	RetailPrice         Decimal       `json:"retail_price"`
	RetailCurrency      Text          `json:"retail_currency"`
	NativeRetailPrice   Decimal       `json:"native_retail_price"`
	PrivateNote         Text          `json:"private_note"`
	InventoryItemID     int64         `json:"inventory_item_id"`
	Document            *MoveDocument `json:"document"`
	CreatedAt           DateTime      `json:"created_at"`
	UpdatedAt           DateTime      `json:"updated_at"`
}

// MoveDocument is the document a move belongs to; such a move cannot be edited.
type MoveDocument struct {
	ID     int64  `json:"id"`
	Type   string `json:"type"`
	LineID int64  `json:"line_id"`
}

// Move directions.
const (
	MoveIn  = "in"
	MoveOut = "out"
)

// InventoryMoveParams is a create or partial update body. Direction cannot be
// changed after creation.
type InventoryMoveParams struct {
	Direction           *string  `json:"direction,omitempty"`
	MovedOn             *Date    `json:"moved_on,omitempty"`
	QuantityChange      *Decimal `json:"quantity_change,omitempty"`
	PurchasePrice       *Decimal `json:"purchase_price,omitempty"`
	PurchaseCurrency    *string  `json:"purchase_currency,omitempty"`
	NativePurchasePrice *Decimal `json:"native_purchase_price,omitempty"`
	RetailPrice         *Decimal `json:"retail_price,omitempty"`
	RetailCurrency      *string  `json:"retail_currency,omitempty"`
	NativeRetailPrice   *Decimal `json:"native_retail_price,omitempty"`
	PrivateNote         *string  `json:"private_note,omitempty"`
}
