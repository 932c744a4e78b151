package locale

// freshEntries are the texts of issue 26 (an instant start, one request
// plan, offline use of the cached pages).
func freshEntries() []Entry {
	return []Entry{
		{"Not sent: the service cannot be reached and this list shows cached rows. r tries again.",
			"Neodesláno: služba není dostupná a seznam ukazuje uložené řádky. r zkusí znovu.",
			"Neodoslané: služba nie je dostupná a zoznam ukazuje uložené riadky. r skúsi znova."},
	}
}
