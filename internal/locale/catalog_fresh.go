package locale

// freshEntries are the texts of issue 26 (an instant start, one request
// plan, offline use of the local copy).
func freshEntries() []Entry {
	return []Entry{
		{"Not sent: the service cannot be reached and this list shows the local copy. r tries again.",
			"Neodesláno: služba není dostupná a seznam ukazuje místní kopii. r zkusí znovu.",
			"Neodoslané: služba nie je dostupná a zoznam ukazuje lokálnu kópiu. r skúsi znova."},
	}
}
