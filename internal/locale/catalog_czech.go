package locale

// czechEntries are the words of issue 28: the service's codes in words,
// events as sentences, and the checks and questions that keep a Czech
// screen whole.
func czechEntries() []Entry {
	return []Entry{
		{"“%s”", "„%s“", "„%s“"},
		{"%s (%s)", "%s (%s)", ""},
		{"%s was paid and a thank-you note sent", "%s: uhrazeno a poděkování odesláno", "%s: uhradené a poďakovanie odoslané"},
		{"%s: a payment was added", "%s: přidána úhrada", "%s: pridaná úhrada"},
		{"%s: payments were removed", "%s: úhrady odebrány", "%s: úhrady odobrané"},
		{"%s: the cancellation was removed", "%s: storno zrušeno", "%s: storno zrušené"},
		{"%s is no longer uncollectible", "%s: už není nedobytná", "%s: už nie je nevymožiteľná"},
		{"%s issued an invoice", "%s: vystavena faktura", "%s: vystavená faktúra"},
		{"%s: OCR data were extracted", "%s: údaje z OCR vytěženy", "%s: údaje z OCR vyťažené"},
		{"%s: the upload for OCR failed", "%s: nahrání do OCR selhalo", "%s: nahranie do OCR zlyhalo"},
		{"%s: OCR was refused", "%s: OCR odmítnuto", "%s: OCR odmietnuté"},
		{"%s: all files were removed", "%s: všechny soubory smazány", "%s: všetky súbory zmazané"},
		{"%s: the taxable supply date was changed", "%s: změněno DUZP", "%s: zmenený dátum zdaniteľného plnenia"},
		{"no OSS", "bez OSS", "bez OSS"},
		{"OSS for services", "OSS pro služby", "OSS pre služby"},
		{"OSS for goods", "OSS pro zboží", "OSS pre tovar"},
		{"estimate", "nabídka", "ponuka"},
		{"quote", "cenová nabídka", "cenová ponuka"},
		{"entrepreneur (natural person)", "podnikající fyzická osoba", "podnikajúca fyzická osoba"},
		{"sole trader under the Trade Act", "fyzická osoba podnikající dle živnostenského zákona", "fyzická osoba podnikajúca podľa živnostenského zákona"},
		{"self-employed under a special act", "fyzická osoba podnikající dle jiného zákona", "fyzická osoba podnikajúca podľa iného zákona"},
		{"farmer (natural person)", "zemědělský podnikatel", "poľnohospodársky podnikateľ"},
		{"general partnership (v.o.s.)", "veřejná obchodní společnost", "verejná obchodná spoločnosť"},
		{"limited liability company (s.r.o.)", "společnost s ručením omezeným", "spoločnosť s ručením obmedzeným"},
		{"limited partnership (k.s.)", "komanditní společnost", "komanditná spoločnosť"},
		{"joint-stock company (a.s.)", "akciová společnost", "akciová spoločnosť"},
		{"cooperative", "družstvo", "družstvo"},
		{"public institution", "veřejná instituce", "verejná inštitúcia"},
		{"association (spolek)", "spolek", "spolok"},
		{"branch of an association", "pobočný spolek", "pobočný spolok"},
		{"municipality", "obec", "obec"},
		{"foreign company's branch", "odštěpný závod zahraniční osoby", "organizačná zložka zahraničnej osoby"},
	}
}
