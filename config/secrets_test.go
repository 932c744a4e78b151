package config

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/oauth2"
)

func sampleSecrets() Secrets {
	return Secrets{
		ClientSecret: "cs-0f9e8d7c6b5a",
		AccessToken:  "at-1234567890abcdef",
		TokenType:    "Bearer",
		Expiry:       time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC),
		RefreshToken: "rt-fedcba0987654321",
	}
}

func assertNoSecretIn(t *testing.T, what, text string, s Secrets) {
	t.Helper()
	for _, v := range []string{s.ClientSecret, s.AccessToken, s.RefreshToken} {
		if v != "" && strings.Contains(text, v) {
			t.Errorf("%s shows a secret value: %q", what, text)
		}
	}
}

func TestSecretsNeverPrintValues(t *testing.T) {
	s := sampleSecrets()
	for _, format := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d"} {
		out := fmt.Sprintf(format, s)
		assertNoSecretIn(t, format, out, s)
		if format != "%q" && !strings.Contains(out, "access_token=<set, expires 2026-11-22T05:00:00Z>") {
			t.Errorf("%s = %q, want it to say the access token is set and when it expires", format, out)
		}
	}
	assertNoSecretIn(t, "pointer %+v", fmt.Sprintf("%+v", &s), s)
	assertNoSecretIn(t, "in a struct %+v", fmt.Sprintf("%+v", struct{ S Secrets }{s}), s)
	assertNoSecretIn(t, "Println", fmt.Sprintln(s), s)
}

func TestSecretsRedactedSaysWhatIsSet(t *testing.T) {
	got := Secrets{ClientSecret: "x"}.Redacted()
	want := "client_secret=<set> access_token=<not set> token_type=<not set> refresh_token=<not set>"
	if got != want {
		t.Errorf("Redacted = %q\nwant      %q", got, want)
	}
	if s := sampleSecrets(); s.String() != s.Redacted() {
		t.Errorf("String() = %q, want the redacted form", s.String())
	}
}

func TestSecretsNeverLogValues(t *testing.T) {
	s := sampleSecrets()
	for name, newHandler := range map[string]func(*bytes.Buffer) slog.Handler{
		"json": func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
		"text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
	} {
		var buf bytes.Buffer
		slog.New(newHandler(&buf)).Info("signed in", "secrets", s, "ptr", &s)
		out := buf.String()
		assertNoSecretIn(t, name, out, s)
		if !strings.Contains(out, "access_token_set") || !strings.Contains(out, "2026-11-22T05:00:00Z") {
			t.Errorf("%s log %q does not say what is set", name, out)
		}
	}
}

func TestSecretsTokenConversion(t *testing.T) {
	if (Secrets{ClientSecret: "x"}).Token() != nil {
		t.Error("Token() without access token should be nil")
	}
	s := sampleSecrets()
	tok := s.Token()
	if tok.AccessToken != s.AccessToken || tok.RefreshToken != s.RefreshToken || tok.TokenType != "Bearer" || !tok.Expiry.Equal(s.Expiry) {
		t.Errorf("Token() = %+v", tok)
	}
	// A refresh response has no refresh_token: the old one stays.
	refreshed := s.WithToken(&oauth2.Token{AccessToken: "at-new", TokenType: "Bearer", Expiry: s.Expiry.Add(2 * time.Hour)})
	if refreshed.AccessToken != "at-new" || refreshed.RefreshToken != s.RefreshToken || refreshed.ClientSecret != s.ClientSecret {
		t.Errorf("WithToken lost something: %s", refreshed)
	}
	if got := s.WithToken(&oauth2.Token{AccessToken: "a", RefreshToken: "rt-new"}); got.RefreshToken != "rt-new" {
		t.Error("WithToken should take a new refresh token when given one")
	}
	if got := s.WithToken(nil); got != s {
		t.Error("WithToken(nil) should change nothing")
	}
}

func TestAccountKey(t *testing.T) {
	if AccountKey("https://a.example/api/v3/", "id") != AccountKey("https://a.example/api/v3", "id") {
		t.Error("a trailing slash should not change the key")
	}
	if got := AccountKey("https://a.example/api/v3", "id"); got != "https://a.example/api/v3|id" {
		t.Errorf("AccountKey = %q", got)
	}
}

// storeContract is what every SecretStore must do.
func storeContract(t *testing.T, store SecretStore) {
	t.Helper()
	ctx := context.Background()
	key := AccountKey(DefaultBaseURL, "client-1")
	if _, err := store.Load(ctx, key); !errors.Is(err, ErrNoSecrets) {
		t.Fatalf("Load before Save: err = %v, want ErrNoSecrets", err)
	}
	want := sampleSecrets()
	if err := store.Save(ctx, key, want); err != nil {
		t.Fatalf("Save: %v", err)
	}
	other := AccountKey(DefaultBaseURL, "client-2")
	if err := store.Save(ctx, other, Secrets{ClientSecret: "other"}); err != nil {
		t.Fatalf("Save other: %v", err)
	}
	got, err := store.Load(ctx, key)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-saved +loaded):\n%s", diff)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := store.Load(ctx, key); !errors.Is(err, ErrNoSecrets) {
		t.Errorf("Load after Delete: err = %v, want ErrNoSecrets", err)
	}
	if got, err := store.Load(ctx, other); err != nil || got.ClientSecret != "other" {
		t.Errorf("other key after Delete = %v, %v; want it kept", got, err)
	}
	if err := store.Delete(ctx, key); err != nil {
		t.Errorf("Delete of a missing key: %v, want nil", err)
	}
	if store.Where() == "" {
		t.Error("Where() is empty")
	}
}

func TestFileStoreContract(t *testing.T) {
	storeContract(t, NewFileStore(filepath.Join(t.TempDir(), "state", "kasa", "secrets.json"), nil))
}

func TestKeyringStoreContract(t *testing.T) {
	storeContract(t, NewKeyringStore(newMapKeyring(), 0))
}

func TestFileStoreModesAtomicAndJSON(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kasa")
	path := filepath.Join(dir, "secrets.json")
	store := NewFileStore(path, nil)
	ctx := context.Background()
	for i := range 3 {
		if err := store.Save(ctx, fmt.Sprintf("k%d", i), sampleSecrets()); err != nil {
			t.Fatal(err)
		}
	}
	assertMode(t, path, 0o600)
	assertMode(t, dir, 0o700)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only secrets.json (no temp files)", len(entries))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]Secrets
	if err := json.Unmarshal(data, &all); err != nil || len(all) != 3 {
		t.Errorf("file is not a map of 3 keys: %v, %d", err, len(all))
	}
	if store.Where() != path {
		t.Errorf("Where = %q, want %q", store.Where(), path)
	}
}

func TestFileStoreRemovesFileWithLastKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	store := NewFileStore(path, nil)
	ctx := context.Background()
	if err := store.Save(ctx, "k", sampleSecrets()); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("secrets file still there after last Delete: %v", err)
	}
}

func TestFileStoreRepairsLooseMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	data, _ := json.Marshal(map[string]Secrets{"k": sampleSecrets()})
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	var logBuf bytes.Buffer
	store := NewFileStore(path, slog.New(slog.NewTextHandler(&logBuf, nil)))
	got, err := store.Load(context.Background(), "k")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got.AccessToken != sampleSecrets().AccessToken {
		t.Error("secrets not read")
	}
	assertMode(t, path, 0o600)
	if !strings.Contains(logBuf.String(), "mode repaired") {
		t.Errorf("no warning logged: %q", logBuf.String())
	}
}

func TestFileStoreCorruptFileErrorHidesContent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	if err := os.WriteFile(path, []byte(`{"k": {"access_token": "at-leak`), 0o600); err != nil {
		t.Fatal(err)
	}
	store := NewFileStore(path, nil)
	_, err := store.Load(context.Background(), "k")
	if err == nil || errors.Is(err, ErrNoSecrets) || strings.Contains(err.Error(), "at-leak") || !strings.Contains(err.Error(), path) {
		t.Errorf("Load of a corrupt file: err = %v; want an error naming the file, not its content", err)
	}
	if err := store.Save(context.Background(), "k2", Secrets{}); err == nil {
		t.Error("Save over a corrupt file should refuse rather than drop its entries")
	}
	if err := store.Delete(context.Background(), "k"); err == nil {
		t.Error("Delete in a corrupt file should fail")
	}
}

func TestFileStoreHonoursCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	store := NewFileStore(filepath.Join(t.TempDir(), "secrets.json"), nil)
	if _, err := store.Load(ctx, "k"); !errors.Is(err, context.Canceled) {
		t.Errorf("Load: %v", err)
	}
	if err := store.Save(ctx, "k", Secrets{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Save: %v", err)
	}
	if err := store.Delete(ctx, "k"); !errors.Is(err, context.Canceled) {
		t.Errorf("Delete: %v", err)
	}
}

func TestFileStoreConcurrentSaves(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	store := NewFileStore(path, nil)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			if err := store.Save(ctx, fmt.Sprintf("k%02d", i), Secrets{AccessToken: fmt.Sprint(i)}); err != nil {
				t.Error(err)
			}
			if _, err := store.Load(ctx, fmt.Sprintf("k%02d", i)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for i := range 16 {
		got, err := store.Load(ctx, fmt.Sprintf("k%02d", i))
		if err != nil || got.AccessToken != fmt.Sprint(i) {
			t.Errorf("k%02d = %v, %v: a concurrent save was lost", i, got, err)
		}
	}
}

func TestKeyringStoreTimesOut(t *testing.T) {
	store := NewKeyringStore(newBlockingKeyring(t), 50*time.Millisecond)
	ctx := context.Background()
	if _, err := store.Load(ctx, "k"); !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Load: err = %v, want ErrKeyringUnavailable", err)
	}
	if err := store.Save(ctx, "k", sampleSecrets()); !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Save: err = %v, want ErrKeyringUnavailable", err)
	}
	if err := store.Delete(ctx, "k"); !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Delete: err = %v, want ErrKeyringUnavailable", err)
	}
}

func TestKeyringStoreCallerCancelIsNotUnavailable(t *testing.T) {
	store := NewKeyringStore(newBlockingKeyring(t), time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err := store.Load(ctx, "k")
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("err = %v, want context.Canceled only", err)
	}
	if _, err := store.Load(ctx, "k"); !errors.Is(err, context.Canceled) {
		t.Errorf("Load with a done context: %v", err)
	}
}

func TestKeyringStoreBackendErrorIsUnavailable(t *testing.T) {
	store := NewKeyringStore(brokenKeyring{}, 0)
	_, err := store.Load(context.Background(), "k")
	if !errors.Is(err, ErrKeyringUnavailable) || !errors.Is(err, errNoDBus) {
		t.Errorf("err = %v, want ErrKeyringUnavailable wrapping the cause", err)
	}
}

func TestKeyringStoreBadEntryHidesContent(t *testing.T) {
	kr := newMapKeyring()
	_ = kr.Set(KeyringService, "k", `{"access_token":"at-leak`)
	_, err := NewKeyringStore(kr, 0).Load(context.Background(), "k")
	if err == nil || strings.Contains(err.Error(), "at-leak") {
		t.Errorf("err = %v; want an error without the entry's content", err)
	}
}

func TestKeyringStoreStoresJSONUnderServiceKasa(t *testing.T) {
	kr := newMapKeyring()
	if err := NewKeyringStore(kr, 0).Save(context.Background(), "base|id", sampleSecrets()); err != nil {
		t.Fatal(err)
	}
	raw, err := kr.Get("kasa", "base|id")
	if err != nil {
		t.Fatal(err)
	}
	var got Secrets
	if err := json.Unmarshal([]byte(raw), &got); err != nil || got.RefreshToken != sampleSecrets().RefreshToken {
		t.Errorf("keyring entry %v, %v", got, err)
	}
}

func TestOpenStoreUsesWorkingKeyring(t *testing.T) {
	kr := newMapKeyring()
	secretsFile := filepath.Join(t.TempDir(), "secrets.json")
	store, notice, err := OpenStore(context.Background(), StoreOptions{SecretsFile: secretsFile, Keyring: kr})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := store.(*KeyringStore); !ok || notice != "" {
		t.Fatalf("store = %T, notice = %q; want keyring store, no notice", store, notice)
	}
	if err := store.Save(context.Background(), "k", sampleSecrets()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(secretsFile); !errors.Is(err, os.ErrNotExist) {
		t.Error("a secrets file was written although the keyring works")
	}
}

func TestOpenStoreFallsBackWhenKeyringBlocks(t *testing.T) {
	secretsFile := filepath.Join(t.TempDir(), "kasa", "secrets.json")
	var logBuf bytes.Buffer
	store, notice, err := OpenStore(context.Background(), StoreOptions{
		SecretsFile:    secretsFile,
		Keyring:        newBlockingKeyring(t),
		KeyringTimeout: 50 * time.Millisecond,
		Logger:         slog.New(slog.NewTextHandler(&logBuf, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	if store.Where() != secretsFile {
		t.Errorf("Where = %q, want the secrets file", store.Where())
	}
	for _, part := range []string{"No system keyring answered", secretsFile, "0600", "--insecure-storage"} {
		if !strings.Contains(string(notice), part) {
			t.Errorf("notice %q lacks %q", notice, part)
		}
	}
	if !strings.Contains(logBuf.String(), "no system keyring") {
		t.Errorf("fallback not logged: %q", logBuf.String())
	}
	storeContract(t, store)
}

func TestOpenStoreFallsBackWhenKeyringFails(t *testing.T) {
	secretsFile := filepath.Join(t.TempDir(), "secrets.json")
	store, notice, err := OpenStore(context.Background(), StoreOptions{SecretsFile: secretsFile, Keyring: brokenKeyring{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := store.(*FileStore); !ok {
		t.Fatalf("store = %T, want *FileStore", store)
	}
	if !strings.Contains(string(notice), "("+errNoDBus.Error()+")") {
		t.Errorf("notice %q does not say why", notice)
	}
}

func TestOpenStoreInsecureSkipsKeyring(t *testing.T) {
	kr := newMapKeyring()
	secretsFile := filepath.Join(t.TempDir(), "secrets.json")
	store, notice, err := OpenStore(context.Background(), StoreOptions{InsecureStorage: true, SecretsFile: secretsFile, Keyring: kr})
	if err != nil {
		t.Fatal(err)
	}
	if store.Where() != secretsFile || notice != "" {
		t.Errorf("store at %q, notice %q; want the file, no notice", store.Where(), notice)
	}
	if kr.callCount() != 0 {
		t.Errorf("keyring was asked %d times despite InsecureStorage", kr.callCount())
	}
}

func TestOpenStoreReportsRepairedMode(t *testing.T) {
	secretsFile := filepath.Join(t.TempDir(), "secrets.json")
	if err := os.WriteFile(secretsFile, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(secretsFile, 0o640); err != nil {
		t.Fatal(err)
	}
	_, notice, err := OpenStore(context.Background(), StoreOptions{InsecureStorage: true, SecretsFile: secretsFile})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(notice), "0640") || !strings.Contains(string(notice), "0600") {
		t.Errorf("notice %q does not report the repaired mode", notice)
	}
	assertMode(t, secretsFile, 0o600)
}

func TestOpenStoreErrors(t *testing.T) {
	if _, _, err := OpenStore(context.Background(), StoreOptions{InsecureStorage: true}); err == nil {
		t.Error("no secrets file path: want error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := OpenStore(ctx, StoreOptions{SecretsFile: filepath.Join(t.TempDir(), "s.json"), Keyring: newMapKeyring()})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}
