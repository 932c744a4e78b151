package locale

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Entry is one text of the interface in each language. The English text
// is the key views write (l.T("Invoices")); Sk may stay empty, and Slovak
// then reads the Czech. A plural entry holds its forms separated by "|":
// English one|other, Czech and Slovak one|few|many ("%d day|%d days",
// "%d den|%d dny|%d dní").
type Entry struct {
	En, Cs, Sk string
}

// Entries is the whole catalog: the area files' entries together, each
// area one file (catalog_<area>.go), so the people translating one part of
// the interface never edit the same file.
func Entries() []Entry {
	return slices.Concat(
		commonEntries(),
		uiEntries(),
		documentEntries(),
		editorEntries(),
		formEntries(),
		stockEntries(),
		moreEntries(),
		monitorEntries(),
		appEntries(),
		cliEntries(),
		labelEntries(),
		lifecycleEntries(),
		safetyEntries(),
		freshEntries(),
		localCopyEntries(),
		journalEntries(),
		figuresEntries(),
		czechEntries(),
		editingEntries(),
		trapsEntries(),
	)
}

// tables are the catalog by language, built once: it never changes while
// kasa runs.
var tables = sync.OnceValue(func() map[Tag]map[string]string {
	cs, sk := map[string]string{}, map[string]string{}
	for _, e := range Entries() {
		cs[e.En] = e.Cs
		sk[e.En] = e.Cs
		if e.Sk != "" {
			sk[e.En] = e.Sk
		}
	}
	return map[Tag]map[string]string{Czech: cs, Slovak: sk}
})

// T is the English text en in the locale's language. A text the catalog
// lacks shows in English (a test keeps that from happening).
func (l Locale) T(en string) string {
	if s, ok := tables()[l.Tag][en]; ok && s != "" {
		return s
	}
	return en
}

// TC is the English text en in the context ctx ("status"), for a word with
// two meanings ("open" the verb, "open" the state): the catalog's key is
// ctx, "\x04" (gettext's context mark), en; English shows en. A word the
// catalog has no context for reads as T has it ("invoice" among statuses
// and document types alike).
func (l Locale) TC(ctx, en string) string {
	if s, ok := l.InContext(ctx, en); ok {
		return s
	}
	return l.T(en)
}

// InContext is the catalog's text of en in the context ctx, and whether
// the language has one (a section's own short form, "Fakt.").
func (l Locale) InContext(ctx, en string) (string, bool) {
	s, ok := tables()[l.Tag][ctx+"\x04"+en]
	return s, ok && s != ""
}

// Key marks en as a catalog key translated where it is shown (gettext's
// N_): a label defined before the locale is known. It returns en.
func Key(en string) string { return en }

// Tf is fmt.Sprintf of the translated format.
func (l Locale) Tf(format string, args ...any) string {
	return fmt.Sprintf(l.T(format), args...)
}

// Nf is the plural form for n of the entry forms ("%d day|%d days"),
// formatted with args ("1 den", "3 dny", "5 dní"). A form that leaves the
// count out ("every month") is shown as written, not with the count that
// has no verb to go to tacked on ("%!(EXTRA int=1)").
func (l Locale) Nf(n int, forms string, args ...any) string {
	parts := strings.Split(l.T(forms), "|")
	i := plural(l.Tag, n)
	if len(parts) == 2 && i > 0 { // English: one, other
		i = 1
	}
	form := parts[min(i, len(parts)-1)]
	if !strings.Contains(form, "%") {
		return form
	}
	return fmt.Sprintf(form, args...)
}
