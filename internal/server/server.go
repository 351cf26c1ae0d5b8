package server

import (
	"context"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/internal/store"
)

//go:embed templates/*.html static/*
var assets embed.FS

// MaxBody is the largest request body a handler reads.
const MaxBody = 64 << 10

// Server serves one store: the director's console, the tables' entry pages
// and the public results.
type Server struct {
	st     *store.Store
	broker Broker
	// live is broker as the server uses it: the values every viewer of an
	// event is shown alike, shared until the event changes (live.go).
	live   *liveBroker
	tmpl   *template.Template
	secret []byte
	mux    *http.ServeMux
	log    *slog.Logger
	codes  *limiter
	// bg is the server's lifetime: background work (solving boards) stops
	// with it.
	bg context.Context
	// ddBudget is the memory every double-dummy solver of the server
	// draws on (dd.Budget), the background solves and the boards someone
	// waits for alike; ddWorkers is the background solve's width.
	ddBudget  *dd.Budget
	ddWorkers int
	// draining is set when the server is shutting down (readiness 503);
	// closing closes when it stops serving, which ends the event streams.
	draining  atomic.Bool
	closing   chan struct{}
	closeOnce sync.Once
	metrics   *metrics
}

// Options configure a Server.
type Options struct {
	// Broker carries live updates; nil means an in-process one.
	Broker Broker
	Log    *slog.Logger
	// WrongCodes is how many wrong table codes one address may try in a
	// minute; 0 means 10.
	WrongCodes int
	// DDMemory is the memory, in bytes, that the transposition tables of
	// every double-dummy solver the server runs share (one dd.Budget);
	// 0 means DefaultDDMemory.
	DDMemory int
	// DDWorkers is the number of deals a board set's background solve
	// works on at once; 0 means one, which leaves the other cores to the
	// tables' requests.
	DDWorkers int
}

// DefaultDDMemory is the double-dummy solvers' shared memory when
// Options.DDMemory is 0: 256 MB.
const DefaultDDMemory = 256 << 20

// New returns a Server on st; ctx bounds its background work. The
// director's token and the cookie secret
// live in the store, so several instances on one database agree on them.
func New(ctx context.Context, st *store.Store, o Options) (*Server, error) {
	if o.Broker == nil {
		o.Broker = NewBroker()
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.WrongCodes == 0 {
		o.WrongCodes = 10
	}
	if o.DDMemory <= 0 {
		o.DDMemory = DefaultDDMemory
	}
	if o.DDWorkers <= 0 {
		o.DDWorkers = 1
	}
	secret, err := st.SettingOnce(ctx, "cookie_secret", randomHex(32))
	if err != nil {
		return nil, err
	}
	tmpl, err := template.New("").Funcs(funcs).ParseFS(assets, "templates/*.html")
	if err != nil {
		return nil, err
	}
	s := &Server{st: st, broker: o.Broker, tmpl: tmpl, secret: []byte(secret), log: o.Log, codes: newLimiter(st, o.WrongCodes, time.Minute), bg: ctx,
		ddBudget: dd.NewBudget(o.DDMemory), ddWorkers: o.DDWorkers, closing: make(chan struct{}), metrics: newMetrics()}
	s.live = newLiveBroker(ctx, s.broker)
	s.broker = s.live
	s.routes()
	return s, nil
}

// DirectorToken returns the token that logs a director in, creating it on
// first use. It is meant to be printed on the terminal at start.
func (s *Server) DirectorToken(ctx context.Context) (string, error) {
	return s.st.SettingOnce(ctx, "director_token", randomHex(12))
}

// SetPassword sets the director's password: a first start (bridgetd serve
// --password) or a change. The store keeps only a salted PBKDF2-SHA256 key
// of it (passwordRounds rounds), never the password.
func (s *Server) SetPassword(ctx context.Context, pw string) error {
	if utf8.RuneCountInString(pw) < 8 {
		return fmt.Errorf("director password: at least 8 characters, got %d", utf8.RuneCountInString(pw))
	}
	salt := randomHex(16)
	key, err := pbkdf2.Key(sha256.New, pw, []byte(salt), passwordRounds, 32)
	if err != nil {
		return fmt.Errorf("director password: %w", err)
	}
	return s.st.SetSetting(ctx, "director_password", fmt.Sprintf("pbkdf2-sha256$%d$%s$%s", passwordRounds, salt, hex.EncodeToString(key)))
}

// passwordRounds is the PBKDF2 iteration count of a new password (OWASP's
// figure for PBKDF2-HMAC-SHA256).
const passwordRounds = 600_000

// checkPassword reports whether pw is the password stored as stored:
// pbkdf2-sha256$rounds$salt$key, or the earlier salt:hash of hashPassword.
func checkPassword(stored, pw string) bool {
	if rest, ok := strings.CutPrefix(stored, "pbkdf2-sha256$"); ok {
		parts := strings.Split(rest, "$")
		if len(parts) != 3 {
			return false
		}
		n, err := strconv.Atoi(parts[0])
		if err != nil || n < 1 || n > 10_000_000 {
			return false
		}
		key, err := pbkdf2.Key(sha256.New, pw, []byte(parts[1]), n, 32)
		return err == nil && subtle.ConstantTimeCompare([]byte(hex.EncodeToString(key)), []byte(parts[2])) == 1
	}
	salt, hash, ok := strings.Cut(stored, ":")
	return ok && subtle.ConstantTimeCompare([]byte(hash), []byte(hashPassword(salt, pw))) == 1
}

// hashPassword is the earlier form of a stored password (SHA-256, 100,000
// rounds), still accepted by checkPassword.
func hashPassword(salt, pw string) string {
	h := sha256.Sum256([]byte(salt + "\x00" + pw))
	for range 100000 {
		h = sha256.Sum256(h[:])
	}
	return hex.EncodeToString(h[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// ServeHTTP serves a request: every body is capped.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > MaxBody {
		// Refused before any handler runs, even one that reads no body.
		httpError(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body of %d bytes: the limit is %d", r.ContentLength, MaxBody))
		return
	}
	if r.Body != nil {
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

func (s *Server) routes() {
	m := http.NewServeMux()
	static, _ := fs.Sub(assets, "static")
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	m.HandleFunc("GET /{$}", s.home)
	m.HandleFunc("GET /favicon.ico", favicon) // asked for by pages that link none (plain-text errors)

	// Operations: a load balancer's probes and the metrics.
	m.HandleFunc("GET /healthz", s.healthz)
	m.HandleFunc("GET /readyz", s.readyz)
	m.HandleFunc("GET /metrics", s.metrics.serve)

	// Director.
	m.HandleFunc("GET /login", s.loginPage)
	m.HandleFunc("POST /login", s.login)
	m.HandleFunc("POST /logout", s.logout)
	m.HandleFunc("GET /password", s.director(s.passwordPage))
	m.HandleFunc("POST /password", s.director(s.setPassword))
	m.HandleFunc("GET /console", s.director(s.console))
	m.HandleFunc("POST /console/events", s.director(s.createEvent))
	m.HandleFunc("POST /console/import", s.director(s.importEvent))
	m.HandleFunc("GET /console/{id}", s.director(s.eventConsole))
	m.HandleFunc("GET /console/{id}/grid", s.director(s.grid))
	m.HandleFunc("POST /console/{id}/rounds/{n}/start", s.director(s.startRound))
	m.HandleFunc("POST /console/{id}/rounds/{n}/close", s.director(s.closeRound))
	m.HandleFunc("POST /console/{id}/post", s.director(s.post))
	m.HandleFunc("POST /console/{id}/draw", s.director(s.drawSwiss))
	m.HandleFunc("POST /console/{id}/rounds/{n}/undo", s.director(s.undoRound))
	m.HandleFunc("POST /console/{id}/publish", s.director(s.publish))
	m.HandleFunc("POST /console/{id}/laws", s.director(s.setLaws))
	m.HandleFunc("POST /console/{id}/pairs/{n}", s.director(s.setPair))
	m.HandleFunc("GET /console/{id}/correct", s.director(s.correction))
	m.HandleFunc("POST /console/{id}/results", s.director(s.correct))
	m.HandleFunc("POST /console/{id}/rulings", s.director(s.ruling))
	m.HandleFunc("POST /console/{id}/forfeits", s.director(s.forfeit))
	m.HandleFunc("POST /console/{id}/fines", s.director(s.fine))
	m.HandleFunc("POST /console/{id}/calls/{call}/answer", s.director(s.answerCall))
	m.HandleFunc("POST /console/{id}/calls/{call}/accept", s.director(s.acceptHeld))
	m.HandleFunc("POST /console/{id}/calls/{call}/dismiss", s.director(s.dismissHeld))
	m.HandleFunc("GET /console/{id}/export.json", s.director(s.exportEvent))
	m.HandleFunc("GET /console/{id}/export.pbn", s.director(s.exportPBN))
	m.HandleFunc("GET /console/{id}/stream", s.director(s.stream))
	m.HandleFunc("GET /console/{id}/cards", s.director(s.tableCards))
	m.HandleFunc("GET /console/{id}/desk", s.director(s.deskPage))
	m.HandleFunc("POST /console/{id}/desk/rule", s.director(s.deskRule))
	m.HandleFunc("POST /console/{id}/desk/claim", s.director(s.deskClaim))
	m.HandleFunc("POST /console/{id}/desk/apply", s.director(s.deskApply))

	// Tables.
	m.HandleFunc("GET /t", s.joinPage)
	m.HandleFunc("GET /t/{code}", s.table(s.tablePage))
	m.HandleFunc("GET /t/{code}/state", s.table(s.tableState))
	m.HandleFunc("POST /t/{code}/check", s.table(s.tableCheck))
	m.HandleFunc("POST /t/{code}/enter", s.table(s.tableEnter))
	m.HandleFunc("POST /t/{code}/confirm", s.table(s.tableConfirm))
	m.HandleFunc("POST /t/{code}/call", s.table(s.tableCall))
	m.HandleFunc("GET /t/{code}/board/{n}", s.table(s.tableBoard))
	m.HandleFunc("GET /t/{code}/stream", s.table(s.tableStream))

	// Public.
	m.HandleFunc("GET /results", s.publicIndex)
	m.HandleFunc("GET /results/{id}", s.public(s.ranking))
	m.HandleFunc("GET /results/{id}/board/{n}", s.public(s.traveller))
	m.HandleFunc("GET /results/{id}/pair/{n}", s.public(s.scorecard))
	m.HandleFunc("GET /results/{id}/hands", s.public(s.handRecords))
	m.HandleFunc("GET /results/{id}/stream", s.public(s.stream))

	s.mux = m
}

// Handler returns the server wrapped in CSRF protection (a browser's
// unsafe request from another origin is refused with 403) and in the
// request log and metrics (observe): every request is counted and timed by
// its route, and logged on one line.
func (s *Server) Handler() http.Handler {
	cop := http.NewCrossOriginProtection()
	return s.observe(cop.Handler(s))
}

// --- roles ---

const directorCookie = "bridgetd_director"

func (s *Server) sign(v string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(v))
	return v + "." + hex.EncodeToString(m.Sum(nil))
}

func (s *Server) verify(signed string) (string, bool) {
	i := strings.LastIndexByte(signed, '.')
	if i < 0 {
		return "", false
	}
	v := signed[:i]
	return v, hmac.Equal([]byte(s.sign(v)), []byte(signed))
}

func (s *Server) isDirector(r *http.Request) bool {
	c, err := r.Cookie(directorCookie)
	if err != nil {
		return false
	}
	v, ok := s.verify(c.Value)
	if !ok {
		return false
	}
	exp, err := strconv.ParseInt(strings.TrimPrefix(v, "director:"), 10, 64)
	return err == nil && time.Now().Unix() < exp
}

// director admits the director only: others get 401 (a page: the login).
func (s *Server) director(h func(http.ResponseWriter, *http.Request, int64)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.isDirector(r) {
			if r.Method == http.MethodGet && !strings.HasSuffix(r.URL.Path, "/stream") {
				http.Redirect(w, r, "/login?next="+r.URL.Path, http.StatusSeeOther)
				return
			}
			httpError(w, r, http.StatusUnauthorized, "the director must log in")
			return
		}
		var id int64
		if v := r.PathValue("id"); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				httpError(w, r, http.StatusBadRequest, "event id "+strconv.Quote(v)+" is not a number")
				return
			}
			if _, err := s.st.Event(r.Context(), n); err != nil {
				s.fail(w, r, err)
				return
			}
			id = n
		}
		h(w, r, id)
	}
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "login.html", map[string]any{"Next": safeNext(r.URL.Query().Get("next"))})
}

func safeNext(n string) string {
	if !strings.HasPrefix(n, "/") || strings.HasPrefix(n, "//") {
		return "/console"
	}
	return n
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		httpError(w, r, http.StatusBadRequest, "bad form: "+err.Error())
		return
	}
	ip := clientIP(r)
	if ok, err := s.codes.allow(r.Context(), ip); err != nil {
		s.fail(w, r, err)
		return
	} else if !ok {
		httpError(w, r, http.StatusTooManyRequests, "too many wrong attempts; wait a minute")
		return
	}
	secret := r.PostFormValue("secret")
	ok := false
	if tok, found, _ := s.st.Setting(r.Context(), "director_token"); found && subtle.ConstantTimeCompare([]byte(tok), []byte(secret)) == 1 {
		ok = true
	}
	if pw, found, _ := s.st.Setting(r.Context(), "director_password"); found && !ok {
		ok = checkPassword(pw, secret)
	}
	if !ok {
		if err := s.codes.fail(r.Context(), ip); err != nil {
			s.fail(w, r, err)
			return
		}
		w.WriteHeader(http.StatusUnauthorized)
		s.render(w, r, "login.html", map[string]any{"Next": safeNext(r.PostFormValue("next")), "Error": "That is not the director's token or password."})
		return
	}
	exp := time.Now().Add(24 * time.Hour)
	http.SetCookie(w, &http.Cookie{Name: directorCookie, Value: s.sign(fmt.Sprintf("director:%d", exp.Unix())), Path: "/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Expires: exp})
	next := safeNext(r.PostFormValue("next"))
	if has, err := s.hasPassword(r); err == nil && !has {
		// First start: the director, in with the token, sets a password.
		next = "/password?next=" + url.QueryEscape(next)
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: directorCookie, Value: "", Path: "/", MaxAge: -1})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// table admits a request carrying a valid code of an open session; wrong
// codes are counted per address and refused beyond the limit (429).
func (s *Server) table(h func(http.ResponseWriter, *http.Request, store.TableCode)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ip := clientIP(r)
		code := strings.ToUpper(strings.TrimSpace(r.PathValue("code")))
		// The code and the address's wrong codes, read in one statement.
		tc, n, err := s.st.TableByCodeFor(r.Context(), code, ip, s.codes.window)
		if err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrClosed) {
			s.fail(w, r, err)
			return
		}
		if n >= s.codes.max {
			httpError(w, r, http.StatusTooManyRequests, "too many wrong table codes; wait a minute")
			return
		}
		switch {
		case errors.Is(err, store.ErrNotFound):
			if err := s.codes.fail(r.Context(), ip); err != nil {
				s.fail(w, r, err)
				return
			}
			httpError(w, r, http.StatusForbidden, "no table has that code")
			return
		case errors.Is(err, store.ErrClosed):
			httpError(w, r, http.StatusForbidden, "the session of that code is over")
			return
		case err != nil:
			s.fail(w, r, err)
			return
		}
		h(w, r, tc)
	}
}

// public admits anyone to a published event; an unpublished one is not
// found, except for the director.
func (s *Server) public(h func(http.ResponseWriter, *http.Request, int64)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil {
			httpError(w, r, http.StatusBadRequest, "event id is not a number")
			return
		}
		ev, err := s.st.Event(r.Context(), n)
		if err != nil || (!ev.Published && !s.isDirector(r)) {
			httpError(w, r, http.StatusNotFound, "no published event with that number")
			return
		}
		h(w, r, n)
	}
}

// limiter counts failures per key (a client's address) in a window, in the
// store, so that the limit holds across every instance on one database.
type limiter struct {
	st     *store.Store
	max    int
	window time.Duration
}

func newLimiter(st *store.Store, max int, window time.Duration) *limiter {
	return &limiter{st: st, max: max, window: window}
}

func (l *limiter) allow(ctx context.Context, key string) (bool, error) {
	n, err := l.st.Failures(ctx, key, l.window)
	return n < l.max, err
}

func (l *limiter) fail(ctx context.Context, key string) error {
	return l.st.Fail(ctx, key, l.window)
}

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// --- answers ---

func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json") || strings.HasPrefix(r.Header.Get("Content-Type"), "application/json")
}

// httpError answers with a status and a message, as JSON to scripts and as
// plain text otherwise.
func httpError(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if wantsJSON(r) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(map[string]string{"error": msg})
		return
	}
	http.Error(w, msg, code)
}

// fail maps a store error to its answer: bad input 400, not found 404,
// conflicts and closed rounds 409, a late correction 409, others 500.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var mbe *http.MaxBytesError
	code := http.StatusInternalServerError
	switch {
	case errors.As(err, &mbe):
		code = http.StatusRequestEntityTooLarge
	case errors.Is(err, store.ErrInvalid):
		code = http.StatusBadRequest
	case errors.Is(err, store.ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, store.ErrConflict), errors.Is(err, store.ErrClosed), store.IsLate(err):
		code = http.StatusConflict
	case errors.Is(err, store.ErrForbidden):
		code = http.StatusForbidden
	}
	if errors.Is(err, context.Canceled) {
		return // the client went away; nobody to answer
	}
	if code == http.StatusInternalServerError {
		// The route, not the path: a path may carry a table code.
		s.log.Error("request failed", "route", r.Pattern, "err", err)
	}
	httpError(w, r, code, strings.TrimPrefix(err.Error(), "store: "))
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, name string, data map[string]any) {
	if data == nil {
		data = map[string]any{}
	}
	data["Director"] = s.isDirector(r)
	var b strings.Builder
	if err := s.tmpl.ExecuteTemplate(&b, name, data); err != nil {
		s.log.Error("template", "name", name, "err", err)
		http.Error(w, "page failed: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(b.String()))
}

func pathInt(r *http.Request, name string) (int, error) {
	v := r.PathValue(name)
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 100000 {
		return 0, fmt.Errorf("%w: %s %q is not a number from 1", store.ErrInvalid, name, v)
	}
	return n, nil
}
