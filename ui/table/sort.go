package table

import (
	"slices"
	"strings"
)

// Order is one order the rows can be sorted in.
type Order[T any] struct {
	// Cmp compares two records (by pointer: a record can be 2 kB).
	Cmp func(a, b *T) int
	// Key, when set, is read from each record as it arrives, so that a
	// sort of 50,000 rows orders numbers rather than calling Cmp a million
	// times. It must agree with Cmp: Key(a) < Key(b) means Cmp(a, b) < 0.
	// exact says that an equal key means an equal record; rows with equal
	// keys of which one is not exact are ordered by Cmp.
	Key func(*T) (key uint64, exact bool)
}

// orderKeys are one order's keys by slot, and which of them are exact.
type orderKeys struct {
	key   []uint64
	exact []bool
}

// SetOrders gives the orders Sort can sort in, and reads their keys from
// the rows there are (later rows are read as they arrive).
func (m *Model[T]) SetOrders(orders []Order[T]) {
	m.orders = orders
	m.keys = make([]orderKeys, len(orders))
	m.readKeys(0)
}

// readKeys reads the keys of the slots from from on.
func (m *Model[T]) readKeys(from int) {
	for o := range m.keys {
		k := &m.keys[o]
		k.key, k.exact = k.key[:min(from, len(k.key))], k.exact[:min(from, len(k.exact))]
		for s := from; s < len(m.recs); s++ {
			key, exact := m.readKey1(o, int32(s))
			k.key, k.exact = append(k.key, key), append(k.exact, exact)
		}
	}
}

// readKey reads the keys of one slot again (its record changed).
func (m *Model[T]) readKey(slot int32) {
	for o := range m.keys {
		m.keys[o].key[slot], m.keys[o].exact[slot] = m.readKey1(o, slot)
	}
}

func (m *Model[T]) readKey1(o int, slot int32) (uint64, bool) {
	if m.orders[o].Key == nil {
		return 0, false // every row is ordered by Cmp
	}
	return m.orders[o].Key(&m.recs[slot])
}

// Sort orders the rows by order o of SetOrders, descending if desc, and
// keeps the cursor on the record it was on. Equal rows keep the order they
// had. A page sorts again after rows arrive, since AppendRows adds a page
// at the end.
func (m *Model[T]) Sort(o int, desc bool) {
	if o < 0 || o >= len(m.orders) || len(m.order) < 2 {
		return
	}
	sel := int32(-1)
	if m.cursor >= 0 && m.cursor < len(m.order) {
		sel = m.order[m.cursor]
	}
	k := m.keys[o]
	n := len(m.order)
	if cap(m.scratch) < 2*n {
		m.scratch = make([]keyed, 2*n)
	}
	rows := m.scratch[:n]
	for i, s := range m.order {
		key := k.key[s]
		if desc {
			key = ^key
		}
		rows[i] = keyed{key: key, slot: s}
	}
	rows = radixSort(rows, m.scratch[n:2*n])
	m.settleTies(rows, o, desc)
	for i, r := range rows {
		m.order[i] = r.slot
		if r.slot == sel {
			m.cursor = i
		}
	}
	m.stale = true
	m.clamp()
}

// settleTies orders each run of equal keys holding an inexact one by the
// order's Cmp (stable, so equal rows keep their order).
func (m *Model[T]) settleTies(rows []keyed, o int, desc bool) {
	exact, cmp := m.keys[o].exact, m.orders[o].Cmp
	byCmp := func(a, b keyed) int {
		if desc {
			return cmp(&m.recs[b.slot], &m.recs[a.slot])
		}
		return cmp(&m.recs[a.slot], &m.recs[b.slot])
	}
	for i := 0; i < len(rows); {
		j, loose := i+1, !exact[rows[i].slot]
		for ; j < len(rows) && rows[j].key == rows[i].key; j++ {
			loose = loose || !exact[rows[j].slot]
		}
		if loose && j-i > 1 {
			slices.SortStableFunc(rows[i:j], byCmp)
		}
		i = j
	}
}

// keyed is a row's slot and its key in the order being sorted.
type keyed struct {
	key  uint64
	slot int32
}

// radixSort sorts rows by key, stable, a byte at a time from the lowest,
// skipping the bytes all keys share (amounts and dates differ in few). It
// returns the sorted rows, in rows or in tmp.
func radixSort(rows, tmp []keyed) []keyed {
	var counts [8][256]int32
	for _, r := range rows {
		k := r.key
		for b := range 8 {
			counts[b][byte(k>>(8*b))]++
		}
	}
	for b := range 8 {
		c := &counts[b]
		if int(c[byte(rows[0].key>>(8*b))]) == len(rows) {
			continue // every key has this byte
		}
		var sum int32
		for d := range c {
			c[d], sum = sum, sum+c[d]
		}
		shift := 8 * b
		for _, r := range rows {
			d := byte(r.key >> shift)
			tmp[c[d]] = r
			c[d]++
		}
		rows, tmp = tmp, rows
	}
	return rows
}

// ReverseRows turns the loaded rows around (a sort's other direction,
// without comparing again), keeping the cursor on its record.
func (m *Model[T]) ReverseRows() {
	slices.Reverse(m.order)
	m.stale = true // the places are found again when next needed
	if n := len(m.order); n > 0 {
		m.cursor = n - 1 - m.cursor
	}
	m.clamp()
}

// TextKey is an order key (see Order) for a text compared byte by byte
// (strings.Compare): its first eight bytes. It is exact for texts of up to
// eight bytes without a zero byte, which no other such text shares.
func TextKey(s string) (key uint64, exact bool) {
	for i := range 8 {
		key <<= 8
		if i < len(s) {
			key |= uint64(s[i])
		}
	}
	return key, len(s) <= 8 && !strings.ContainsRune(s, 0)
}
