package server

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirectorPassword: a password set at first start logs the director in;
// the store keeps a salted PBKDF2 key, not the password; a wrong or short
// one is refused.
func TestDirectorPassword(t *testing.T) {
	e := newEnv(t)
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

// TestFirstStartPassword: with no password set, the director who logs in
// with the token is sent to the password page; a short password, two that
// differ, or a post by someone not logged in are refused and store
// nothing; a good one is stored, and from then on the password and the
// token both log in, straight to the console. Changing it needs the
// current one.
func TestFirstStartPassword(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	noRedirect := func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	login := func(secret string) *http.Response {
		t.Helper()
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar, CheckRedirect: noRedirect}
		r, err := c.PostForm(e.ts.URL+"/login", url.Values{"secret": {secret}, "next": {"/console/1"}})
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r
	}
	tok, _ := e.srv.DirectorToken(ctx)
	if r := login(tok); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/password?next=%2Fconsole%2F1" {
		t.Fatalf("token login with no password: %s to %q, want 303 to the password page", r.Status, r.Header.Get("Location"))
	}
	page := func(c *http.Client) (int, string) {
		r, err := c.Get(e.ts.URL + "/password")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	if code, body := page(e.dir); code != 200 || !strings.Contains(body, "Set the director") || strings.Contains(body, `name="current"`) {
		t.Errorf("password page at first start: %d, want the set form without the current password", code)
	}
	post := func(c *http.Client, v url.Values) (int, string, string) {
		t.Helper()
		r, err := c.PostForm(e.ts.URL+"/password", v)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, r.Header.Get("Location"), string(b)
	}
	anon := &http.Client{CheckRedirect: noRedirect}
	for _, c := range []struct {
		name     string
		client   *http.Client
		v        url.Values
		code     int
		mentions string
	}{
		{"not logged in", anon, url.Values{"password": {"long enough 1"}, "confirm": {"long enough 1"}}, 401, "director must log in"},
		{"7 characters", e.dir, url.Values{"password": {"1234567"}, "confirm": {"1234567"}}, 400, "at least 8 characters"},
		{"7 letters, not 7 bytes", e.dir, url.Values{"password": {"♠♥♦♣♠♥♦"}, "confirm": {"♠♥♦♣♠♥♦"}}, 400, "at least 8 characters"},
		{"differ", e.dir, url.Values{"password": {"long enough 1"}, "confirm": {"long enough 2"}}, 400, "differ"},
		{"no confirmation", e.dir, url.Values{"password": {"long enough 1"}}, 400, "differ"},
	} {
		code, _, body := post(c.client, c.v)
		if code != c.code || !strings.Contains(body, c.mentions) {
			t.Errorf("%s: %d, want %d mentioning %q:\n%.300s", c.name, code, c.code, c.mentions, body)
		}
		if _, found, _ := e.st.Setting(ctx, "director_password"); found {
			t.Fatalf("%s: a password was stored", c.name)
		}
	}
	const pw = "slam in hearts"
	if code, loc, _ := post(e.dir, url.Values{"password": {pw}, "confirm": {pw}, "next": {"/console/1"}}); code != http.StatusSeeOther || loc != "/console/1" {
		t.Fatalf("setting the password: %d to %q, want 303 to /console/1", code, loc)
	}
	stored, found, _ := e.st.Setting(ctx, "director_password")
	if !found || !checkPassword(stored, pw) {
		t.Fatal("the password set on the page does not check")
	}
	for _, secret := range []string{pw, tok} {
		if r := login(secret); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/console/1" {
			t.Errorf("login with %q after the password is set: %s to %q, want 303 to /console/1", secret, r.Status, r.Header.Get("Location"))
		}
	}
	if r := login("slam in spades"); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("login with a wrong password: %s, want 401", r.Status)
	}
	// A change needs the current password.
	if code, body := page(e.dir); code != 200 || !strings.Contains(body, `name="current"`) {
		t.Errorf("password page once set: %d, want the change form asking for the current one", code)
	}
	if code, _, _ := post(e.dir, url.Values{"current": {"wrong one!"}, "password": {"new pass 99"}, "confirm": {"new pass 99"}}); code != http.StatusUnauthorized {
		t.Errorf("change with a wrong current password: %d, want 401", code)
	}
	if s2, _, _ := e.st.Setting(ctx, "director_password"); s2 != stored {
		t.Error("a refused change replaced the password")
	}
	if code, _, _ := post(e.dir, url.Values{"current": {pw}, "password": {"new pass 99"}, "confirm": {"new pass 99"}}); code != http.StatusSeeOther {
		t.Errorf("change with the current password: %d, want 303", code)
	}
	if r := login("new pass 99"); r.StatusCode != http.StatusSeeOther {
		t.Errorf("login with the changed password: %s", r.Status)
	}
}
