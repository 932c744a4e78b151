package locale

import "slices"

// cliEntries are the texts of the commands outside the full-screen app
// (package cli): kasa login, logout, status and the welcome screen.
func cliEntries() []Entry {
	return slices.Concat(
		cliEntriesPart1(),
		cliEntriesPart2(),
	)
}

// cliEntriesPart1 is part 1 of cliEntries: a function of at most 80 lines each.
func cliEntriesPart1() []Entry {
	return []Entry{
		{"Warning: %s", "Upozornění: %s", "Upozornenie: %s"},
		{"Note: %s", "Poznámka: %s", "Poznámka: %s"},
		// kasa login.
		{"Sign in to the invoicing service. Create API credentials in your user settings, or an integration in the account settings.", "Přihlášení ke službě. Přístupové údaje API vytvoříte v nastavení uživatele, integraci v nastavení účtu.", "Prihlásenie do služby. Prístupové údaje API vytvoríte v nastaveniach používateľa, integráciu v nastaveniach účtu."},
		{"Using the client secret from %s.", "Použije se tajný klíč klienta z %s.", "Použije sa tajný kľúč klienta z %s."},
		{"sign in: the client secret is empty", "přihlášení: tajný klíč klienta je prázdný", "prihlásenie: tajný kľúč klienta je prázdny"},
		{"Signed out of the previous sign-in (client %s at %s).", "Předchozí přihlášení bylo odhlášeno (klient %s na %s).", "Predchádzajúce prihlásenie bolo odhlásené (klient %s na %s)."},
		{"sign in without prompts: set %s", "přihlášení bez dotazů: nastavte %s", "prihlásenie bez otázok: nastavte %s"},
		{"sign in without prompts: only the client_credentials flow can (flow is %s, which needs a browser); set KASA_FLOW=client_credentials or run `kasa login` interactively", "přihlášení bez dotazů: umí to jen způsob client_credentials (nastaveno je %s, které potřebuje prohlížeč); nastavte KASA_FLOW=client_credentials nebo spusťte `kasa login` s dotazy", "prihlásenie bez otázok: vie to len spôsob client_credentials (nastavené je %s, ktoré potrebuje prehliadač); nastavte KASA_FLOW=client_credentials alebo spustite `kasa login` s otázkami"},
		{"Signing in at %s …", "Přihlašuji se na %s …", "Prihlasujem sa na %s …"},
		{"Open this page, allow kasa access, and copy the address your browser is then sent to:", "Otevřete tuto stránku, povolte kase přístup a zkopírujte adresu, na kterou vás prohlížeč potom pošle:", "Otvorte túto stránku, povoľte kase prístup a skopírujte adresu, na ktorú vás prehliadač potom pošle:"},
		{"sign in: this user has no accounts", "přihlášení: tento uživatel nemá žádný účet", "prihlásenie: tento používateľ nemá žiadny účet"},
		{"Signed in as %s <%s>.", "Přihlášen jako %s <%s>.", "Prihlásený ako %s <%s>."},
		{"Accounts:", "Účty:", "Účty:"},
		{"kasa will open the account %s.", "kasa otevře účet %s.", "kasa otvorí účet %s."},
		{"Settings saved to %s; secrets kept in %s.", "Nastavení uloženo do %s; tajné údaje jsou v %s.", "Nastavenia uložené do %s; tajné údaje sú v %s."},
		{"sign-in cancelled; nothing was changed", "přihlášení zrušeno; nic se nezměnilo", "prihlásenie zrušené; nič sa nezmenilo"},
		{"How do you sign in?", "Jak se přihlásíte?", "Ako sa prihlásite?"},
		{"API credentials from my user settings (client credentials)", "Přístupové údaje API z nastavení uživatele (client credentials)", "Prístupové údaje API z nastavení používateľa (client credentials)"},
		{"An integration, allowed in the browser (authorization code)", "Integrace povolená v prohlížeči (authorization code)", "Integrácia povolená v prehliadači (authorization code)"},
		{"API address", "Adresa API", "Adresa API"},
		{"The service's API root; the sandbox prints its own.", "Kořenová adresa API služby; sandbox vypíše svou.", "Koreňová adresa API služby; sandbox vypíše svoju."},
		{"Client ID", "ID klienta", "ID klienta"},
		{"Client secret", "Tajný klíč klienta", "Tajný kľúč klienta"},
		{"Kept in the system keyring (or a 0600 file), never in the settings file.", "Uloží se do systémové klíčenky (nebo do souboru 0600), nikdy do souboru nastavení.", "Uloží sa do systémovej kľúčenky (alebo do súboru 0600), nikdy do súboru nastavení."},
		{"enter the client secret", "zadejte tajný klíč klienta", "zadajte tajný kľúč klienta"},
		{"Your e-mail", "Váš e-mail", "Váš e-mail"},
		{"The service requires it in the User-Agent of every request.", "Služba ho vyžaduje v hlavičce User-Agent každého požadavku.", "Služba ho vyžaduje v hlavičke User-Agent každej požiadavky."},
		{"Redirect URL of the integration", "Adresa přesměrování integrace", "Adresa presmerovania integrácie"},
		{"Exactly as registered with the integration (not localhost).", "Přesně tak, jak je u integrace zaregistrovaná (ne localhost).", "Presne tak, ako je pri integrácii zaregistrovaná (nie localhost)."},
		{"Paste the address your browser was sent to (or just the code)", "Vložte adresu, na kterou byl prohlížeč poslán (nebo jen kód)", "Vložte adresu, na ktorú bol prehliadač poslaný (alebo len kód)"},
		{"Which account should kasa open?", "Který účet má kasa otevřít?", "Ktorý účet má kasa otvoriť?"},
		{"enter an http or https address, such as %s", "zadejte adresu http nebo https, např. %s", "zadajte adresu http alebo https, napr. %s"},
		{"enter the client ID", "zadejte ID klienta", "zadajte ID klienta"},
		{"a client ID has no spaces", "ID klienta neobsahuje mezery", "ID klienta neobsahuje medzery"},
		{"enter a plain e-mail address, such as you@example.com", "zadejte prostou e-mailovou adresu, např. vy@example.com", "zadajte jednoduchú e-mailovú adresu, napr. vy@example.com"},
		// kasa logout.
		{"Not signed in: there is nothing to sign out of.", "Nejste přihlášeni: není z čeho se odhlásit.", "Nie ste prihlásení: nie je z čoho sa odhlásiť."},
		{"No saved sign-in for client %s at %s: there is nothing to sign out of.", "Pro klienta %s na %s není uložené přihlášení: není z čeho se odhlásit.", "Pre klienta %s na %s nie je uložené prihlásenie: nie je z čoho sa odhlásiť."},
		{"Deleted the saved credentials from %s.", "Uložené přístupové údaje byly smazány z %s.", "Uložené prístupové údaje boli zmazané z %s."},
		{"Revoked kasa's access at %s and deleted the saved credentials from %s.", "Přístup kasy na %s byl odvolán a uložené přístupové údaje smazány z %s.", "Prístup kasy na %s bol odvolaný a uložené prístupové údaje zmazané z %s."},
		{"Your settings in %s are kept; run `kasa login` to sign in again.", "Nastavení v %s zůstává; znovu se přihlásíte příkazem `kasa login`.", "Nastavenia v %s zostávajú; znova sa prihlásite príkazom `kasa login`."},
		{"Deleted the local copies of the accounts and the monitor data in %s.", "Místní kopie účtů a data monitoru v %s byly smazány.", "Lokálne kópie účtov a dáta monitora v %s boli zmazané."},
	}
}

// cliEntriesPart2 is part 2 of cliEntries: a function of at most 80 lines each.
func cliEntriesPart2() []Entry {
	return []Entry{
		// kasa status.
		{"Not signed in.", "Nejste přihlášeni.", "Nie ste prihlásení."},
		{"Run `kasa login` to sign in (or `kasa login --non-interactive` with KASA_CLIENT_ID, KASA_CLIENT_SECRET and KASA_CONTACT_EMAIL set).", "Přihlaste se příkazem `kasa login` (nebo `kasa login --non-interactive` s nastavenými KASA_CLIENT_ID, KASA_CLIENT_SECRET a KASA_CONTACT_EMAIL).", "Prihláste sa príkazom `kasa login` (alebo `kasa login --non-interactive` s nastavenými KASA_CLIENT_ID, KASA_CLIENT_SECRET a KASA_CONTACT_EMAIL)."},
		{"Signed in with client %s at %s, but the sign-in no longer works.", "Přihlášeno klientem %s na %s, ale přihlášení už neplatí.", "Prihlásené klientom %s na %s, ale prihlásenie už neplatí."},
		{"Signed in", "Přihlášen", "Prihlásený"},
		{"Service", "Služba", "Služba"},
		{"Sign-in", "Přihlášení", "Prihlásenie"},
		{"%s, client ID %s", "%s, ID klienta %s", "%s, ID klienta %s"},
		{"Others", "Další", "Ďalšie"},
		{"%d more account; switch with --account|%d more accounts; switch with --account", "%d další účet; přepnete volbou --account|%d další účty; přepnete volbou --account|%d dalších účtů; přepnete volbou --account", "%d ďalší účet; prepnete voľbou --account|%d ďalšie účty; prepnete voľbou --account|%d ďalších účtov; prepnete voľbou --account"},
		{"Secrets", "Tajné údaje", "Tajné údaje"},
		{"a new one is fetched then", "pak se získá nový", "potom sa získa nový"},
		{"refreshed automatically", "obnovuje se sám", "obnovuje sa sám"},
		{"Token", "Token", ""},
		{"valid until %s (%s)", "platný do %s (%s)", "platný do %s (%s)"},
		{"API quota", "Kvóta API", "Kvóta API"},
		{"%d of %d requests used this month", "%d z %d požadavků tento měsíc", "%d z %d požiadaviek tento mesiac"},
		{"Rate limit", "Limit rychlosti", "Limit rýchlosti"},
		{"%d of %d requests left; the window resets in %d s", "zbývá %d z %d požadavků; okno se obnoví za %d s", "zostáva %d z %d požiadaviek; okno sa obnoví o %d s"},
		{"owner", "vlastník", "vlastník"},
		{"read", "čtení", "čítanie"},
		{"reports", "přehledy", "prehľady"},
		// kasa export's progress line (the list's API name follows).
		{"exported %d %s…", "exportováno %d: %s…", "exportovaných %d: %s…"},
		{"exported %d %s", "exportováno %d: %s", "exportovaných %d: %s"},
		// The welcome screen.
		{"Sign in", "Přihlásit se", "Prihlásiť sa"},
		{"with API credentials or an integration", "přístupovými údaji API nebo integrací", "prístupovými údajmi API alebo integráciou"},
		{"Try the demo", "Vyzkoušet demo", "Vyskúšať demo"},
		{"a made-up account on a local sandbox; nothing leaves this computer", "smyšlený účet v místním sandboxu; nic neopustí tento počítač", "vymyslený účet v miestnom sandboxe; nič neopustí tento počítač"},
		{"Quit", "Konec", "Koniec"},
		{"Welcome to kasa", "Vítejte v kase", "Vitajte v kase"},
		{"kasa is not signed in to the invoicing service yet.", "kasa ještě není přihlášená ke službě.", "kasa ešte nie je prihlásená do služby."},
		{"↑/↓ move · enter choose · s/d/q pick directly · esc quit", "↑/↓ pohyb · enter vybrat · s/d/q přímo · esc konec", "↑/↓ pohyb · enter vybrať · s/d/q priamo · esc koniec"},
	}
}
