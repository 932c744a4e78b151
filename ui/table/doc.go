// Package table is the list widget every kasa page shares.
//
// Design note. A list page may hold tens of thousands of records, and a key
// press must cost microseconds, so the table:
//
//   - renders only the rows inside its window (header, body, footer fit the
//     height given by SetSize);
//   - caches each row's rendering by record id, at the current width, in its
//     unselected form; the selected row is the cached plain text with the
//     selection style and mark applied on top, so moving the cursor renders
//     nothing new;
//   - drops the cache when the width or the columns change, and drops one
//     row when the owner calls Invalidate after the record changed;
//   - asks its owner for the next page with a NeedMoreMsg when the cursor
//     comes near the end, once until the page arrives;
//   - measures each column's widest cell when rows are set, appended or
//     updated, never per frame: a Keep column (money, dates, states,
//     numbers) is as wide as its widest value, and names and free text
//     give up width before any column is dropped (column.go).
//
// Searching and filtering belong to the page (they ask the server); the
// package only offers a Debouncer for the search input. Selection is shown by
// a mark as well as a style, so it survives NO_COLOR.
package table
