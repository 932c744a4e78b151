package locale

// localCopyEntries are the texts of the lists read from the account's local
// copy (issue 26): their counts and freshness, the status bar's catching
// up, the totals of a whole list.
func localCopyEntries() []Entry {
	return []Entry{
		{"%d of %d", "%d z %d", "%d z %d"},
		{"%d of %d, catching up…", "%d z %d, dohání se…", "%d z %d, dobieha sa…"},
		{"%d of %d, synced %s", "%d z %d, synchronizováno %s", "%d z %d, synchronizované %s"},
		{"%d of %d, synced %s · cannot refresh, r to retry", "%d z %d, synchronizováno %s · nelze obnovit, r znovu", "%d z %d, synchronizované %s · nedá sa obnoviť, r znova"},
		{"%d of %d, synced %s · refresh failed, r to retry", "%d z %d, synchronizováno %s · obnovení selhalo, r znovu", "%d z %d, synchronizované %s · obnovenie zlyhalo, r znova"},
		{"catching up", "dohání se", "dobieha sa"},
		{"from the local copy, synced %s", "z místní kopie, synchronizováno %s", "z lokálnej kópie, synchronizované %s"},
		{"Σ all %d in the local copy", "Σ všech %d v místní kopii", "Σ všetkých %d v lokálnej kópii"},
	}
}
