package server

import (
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/internal/store/storetest"
)

// TestDirectorPassword: a password set at first start logs the director in;
// the store keeps a salted PBKDF2 key, not the password; a wrong or short
// one is refused.
func TestDirectorPassword(t *testing.T) { storetest.Run(t, testDirectorPassword) }

func testDirectorPassword(t *testing.T, bk storetest.Backend) {
	e := newEnv(t, bk)
	ctx := t.Context()
	if err := e.srv.SetPassword(ctx, "short"); err == nil || !strings.Contains(err.Error(), "8 characters") {
		t.Errorf("a 5-character password: %v, want refused", err)
	}
	const pw = "north-south 7NT"
	if err := e.srv.SetPassword(ctx, pw); err != nil {
		t.Fatal(err)
	}
	stored, ok, err := e.st.Setting(ctx, "director_password")
	if err != nil || !ok {
		t.Fatalf("no password stored: %v", err)
	}
	if strings.Contains(stored, pw) || !strings.HasPrefix(stored, "pbkdf2-sha256$600000$") {
		t.Errorf("stored %q: want a PBKDF2-SHA256 key, not the password", stored)
	}
	if !checkPassword(stored, pw) || checkPassword(stored, pw+"x") {
		t.Errorf("checkPassword does not tell the password from another")
	}
	// The earlier form (salt:hash) still checks.
	if old := "abc:" + hashPassword("abc", pw); !checkPassword(old, pw) || checkPassword(old, "other pass") {
		t.Errorf("earlier stored form not checked")
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct {
		secret string
		want   int
	}{{pw, http.StatusSeeOther}, {"north-south 7NX", http.StatusUnauthorized}, {"", http.StatusUnauthorized}} {
		r, err := c.PostForm(e.ts.URL+"/login", url.Values{"secret": {tc.secret}})
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != tc.want {
			t.Errorf("login with %q: %s, want %d", tc.secret, r.Status, tc.want)
		}
	}
}

// TestRunPasswordRefused: bridgetd serve --password with too short a
// password stops before serving, saying why.
func TestRunPasswordRefused(t *testing.T) {
	err := Run(t.Context(), Config{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "p.db"), Out: io.Discard, Password: "1234567"})
	if err == nil || !strings.Contains(err.Error(), "at least 8 characters") {
		t.Errorf("Run with a 7-character password: %v, want refused", err)
	}
}
