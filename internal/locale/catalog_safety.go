package locale

// safetyEntries are the texts of issue 24's checks that a person reads:
// where kasa refuses to send a secret.
func safetyEntries() []Entry {
	return []Entry{
		{"use https: plain http would send the client secret and the token unencrypted (http only for this machine: 127.0.0.1 or localhost)",
			"použijte https: přes prosté http by tajný klíč klienta a token šly nešifrovaně (http jen pro tento počítač: 127.0.0.1 nebo localhost)",
			"použite https: cez obyčajné http by tajný kľúč klienta a token išli nešifrovane (http len pre tento počítač: 127.0.0.1 alebo localhost)"},
	}
}
