package locale

import "slices"

// stockEntries are the texts of views/inventory and views/inbox.
func stockEntries() []Entry {
	return slices.Concat(
		stockEntriesPart1(),
		stockEntriesPart2(),
	)
}

// stockEntriesPart1 is part 1 of stockEntries: a function of at most 80 lines each.
func stockEntriesPart1() []Entry {
	return []Entry{
		// Inventory.
		{"archive %s", "archivovat %s", "archivovať %s"},
		{"Archived %s", "Archivováno: %s", "Archivované: %s"},
		{"An item can be archived only when it has at least one inventory move", "Položku lze archivovat, jen když má aspoň jeden skladový pohyb", "Položku možno archivovať, len keď má aspoň jeden skladový pohyb"},
		{"unarchive %s", "obnovit z archivu %s", "obnoviť z archívu %s"},
		{"Unarchived %s", "Obnoveno z archivu: %s", "Obnovené z archívu: %s"},
		{"The item could not be unarchived", "Položku se nepodařilo obnovit z archivu", "Položku sa nepodarilo obnoviť z archívu"},
		{"Delete the item %s (SKU %s)? This cannot be undone.", "Smazat položku %s (kód %s)? Nelze to vrátit.", "Zmazať položku %s (kód %s)? Nedá sa to vrátiť."},
		{"An item that has inventory moves cannot be deleted; archive it instead", "Položku se skladovými pohyby nelze smazat; archivujte ji", "Položku so skladovými pohybmi nemožno zmazať; archivujte ju"},
		{"Item %s", "Položka %s", ""},
		{"archived", "archivováno", "archivované"},
		{"not tracked", "nesleduje se", "nesleduje sa"},
		{"below the minimum of %s", "pod minimem %s", "pod minimom %s"},
		{"allowed", "povoleno", "povolené"},
		{"not allowed", "nepovoleno", "nepovolené"},
		{"Retail prices by currency", "Prodejní ceny podle měn", "Predajné ceny podľa mien"},
		{"no prices in other currencies", "žádné ceny v jiných měnách", "žiadne ceny v iných menách"},
		{"Moves (newest first)", "Pohyby (nejnovější nahoře)", "Pohyby (najnovšie hore)"},
		{"the newest %d, M shows all", "nejnovějších %d, M ukáže vše", "najnovších %d, M ukáže všetky"},
		{"no moves yet: an item without moves can be deleted but not archived", "zatím žádné pohyby: položku bez pohybů lze smazat, ne archivovat", "zatiaľ žiadne pohyby: položku bez pohybov možno zmazať, nie archivovať"},
		{"standard 21 %", "základní 21 %", "základná 21 %"},
		{"reduced2 10 %", "druhá snížená 10 %", "druhá znížená 10 %"},
		{"zero 0 %", "nulová 0 %", ""},
		{"in", "příjem", "príjem"},
		{"out", "výdej", "výdaj"},
		{"active items", "aktivní položky", "aktívne položky"},
		{"archived items", "archivované položky", "archivované položky"},
		{"low quantity items", "položky pod minimem", "položky pod minimom"},
		{"Active", "Aktivní", "Aktívne"},
		{"Archived", "Archiv", "Archív"},
		{"Low quantity", "Pod minimem", "Pod minimom"},
		{"name, SKU or article number", "název, kód nebo číslo artiklu", "názov, kód alebo číslo artiklu"},
		{"No items yet. Goods and services you keep in stock in Fakturoid appear here.", "Zatím žádné položky. Zboží a služby vedené na skladě ve Fakturoidu se objeví tady.", "Zatiaľ žiadne položky. Tovar a služby vedené na sklade vo Fakturoide sa objavia tu."},
		{"No archived items. An item with moves can be archived with a.", "Žádné archivované položky. Položku s pohyby archivuje klávesa a.", "Žiadne archivované položky. Položku s pohybmi archivuje kláves a."},
		{"No item is below its minimum quantity.", "Žádná položka není pod minimem.", "Žiadna položka nie je pod minimom."},
		{"switch", "přepnout", "prepnúť"},
		{"delete the move", "smazat pohyb", "zmazať pohyb"},
		{"This move belongs to a document and can only be changed there", "Pohyb patří k dokladu a lze ho měnit jen tam", "Pohyb patrí k dokladu a dá sa meniť len tam"},
		{"The move was deleted", "Pohyb byl smazán", "Pohyb bol zmazaný"},
		{"Delete %s?", "Smazat %s?", "Zmazať %s?"},
		{"the move of %s, %s %s", "pohyb z %s, %s %s", "pohyb z %s, %s %s"},
		{"%s of %s", "%s: %s", ""},
		{"Choose a move first, or open an item's moves (M on the item) to add one", "Nejdřív vyberte pohyb, nebo otevřete pohyby položky (M na položce) a přidejte ho tam", "Najprv vyberte pohyb, alebo otvorte pohyby položky (M na položke) a pridajte ho tam"},
		{"This move belongs to %s %d and can only be changed there", "Pohyb patří k %s %d a lze ho měnit jen tam", "Pohyb patrí k %s %d a dá sa meniť len tam"},
	}
}

// stockEntriesPart2 is part 2 of stockEntries: a function of at most 80 lines each.
func stockEntriesPart2() []Entry {
	return []Entry{
		// The inbox.
		{"No OCR extractions are left on this account's plan; the file stays in the inbox and can be sent to OCR when the plan's quota is renewed or the plan is upgraded", "Tarif účtu už nemá žádná vytěžení; soubor zůstává ve schránce a k vytěžení ho lze poslat po obnovení kvóty nebo změně tarifu", "Tarif účtu už nemá žiadne vyťaženia; súbor zostáva v schránke a na vyťaženie ho možno poslať po obnovení kvóty alebo zmene tarifu"},
		{"OCR (document extraction) is not enabled on this account", "Vytěžování dokladů (OCR) není v tomto účtu zapnuté", "Vyťažovanie dokladov (OCR) nie je v tomto účte zapnuté"},
		{"%s is already with OCR (%s)", "%s už je u vytěžování (%s)", "%s už je pri vyťažovaní (%s)"},
		{"send %s to OCR", "poslat %s k vytěžení", "poslať %s na vyťaženie"},
		{"The service did not accept the file for OCR", "Služba nepřijala soubor k vytěžení", "Služba neprijala súbor na vyťaženie"},
		{"Sent %s to OCR", "%s posláno k vytěžení", "%s poslané na vyťaženie"},
		{"The service did not let the file be deleted", "Služba nedovolila soubor smazat", "Služba nedovolila súbor zmazať"},
		{"A file cannot be deleted while OCR is working on it; delete it once OCR has finished", "Soubor nelze smazat, dokud se vytěžuje; smažte ho, až vytěžování skončí", "Súbor nemožno zmazať, kým sa vyťažuje; zmažte ho, keď vyťažovanie skončí"},
		{"Delete %s from the inbox? This cannot be undone.", "Smazat %s ze schránky? Nelze to vrátit.", "Zmazať %s zo schránky? Nedá sa to vrátiť."},
		{"The service did not accept the file", "Služba soubor nepřijala", "Služba súbor neprijala"},
		{"; it can still be uploaded without OCR (tab in the upload form)", "; bez vytěžení ho nahrát lze (tab ve formuláři nahrání)", "; bez vyťaženia ho nahrať možno (tab vo formulári nahrania)"},
		{"upload %s", "nahrát %s", "nahrať %s"},
		{"Uploaded %s", "Nahráno: %s", "Nahrané: %s"},
		{"Uploaded %s and sent it to OCR", "Nahráno %s a posláno k vytěžení", "Nahrané %s a poslané na vyťaženie"},
		{"Inbox file %s", "Soubor %s", "Súbor %s"},
		{"file name", "název souboru", "názov súboru"},
		{"%s (%s bytes)", "%s (%s bajtů)", "%s (%s bajtov)"},
		{"Not sent to OCR: press O to send it.", "Neposláno k vytěžení: pošle ho klávesa O.", "Neposlané na vyťaženie: pošle ho kláves O."},
		{"OCR is working on it; the status here follows it.", "Vytěžuje se; stav se tu průběžně mění.", "Vyťažuje sa; stav sa tu priebežne mení."},
		{"OCR could not read the file; press O to send it again.", "Vytěžení soubor nepřečetlo; O ho pošle znovu.", "Vyťaženie súbor neprečítalo; O ho pošle znova."},
		{"The OCR service rejected the file.", "Služba vytěžování soubor odmítla.", "Služba vyťažovania súbor odmietla."},
		{"not sent", "neposláno", "neposlané"},
		{"queued", "ve frontě", "v rade"},
		{"processing", "zpracovává se", "spracúva sa"},
		{"processed", "zpracováno", "spracované"},
		{"rejected", "odmítnuto", "odmietnuté"},
		{"upload file", "nahrát soubor", "nahrať súbor"},
		{"Inbox · upload", "Schránka · nahrání", "Schránka · nahranie"},
		{"Uploading %s…", "Nahrávám %s…", "Nahrávam %s…"},
		{"open folder / upload file", "otevřít složku / nahrát soubor", "otvoriť priečinok / nahrať súbor"},
		{"Upload a file to the inbox", "Nahrát soubor do schránky", "Nahrať súbor do schránky"},
		{"(tab toggles)", "(tab přepíná)", "(tab prepína)"},
	}
}
