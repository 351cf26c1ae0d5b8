package server

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/swiss"
)

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "home.html", nil)
}

func (s *Server) console(w http.ResponseWriter, r *http.Request, _ int64) {
	evs, err := s.st.Events(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, "console.html", map[string]any{"Events": evs})
}

func formInt(r *http.Request, name string, lo, hi int) (int, error) {
	return intValue(name, r.PostFormValue(name), lo, hi)
}

// intValue reads a whole number from lo to hi sent as field name.
func intValue(name, v string, lo, hi int) (int, error) {
	v = strings.TrimSpace(v)
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s %q: want a whole number from %d to %d", store.ErrInvalid, name, v, lo, hi)
	}
	return n, nil
}

func parseForm(r *http.Request) error {
	var err error
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		err = r.ParseMultipartForm(MaxBody)
	} else {
		err = r.ParseForm()
	}
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		return fmt.Errorf("%w: form: %v", store.ErrInvalid, err)
	}
	return nil
}

func (s *Server) createEvent(w http.ResponseWriter, r *http.Request, _ int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	f, err := eventForm(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	su, err := NewSetup(f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id, err := s.st.CreateEvent(r.Context(), su)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.solveLater(id)
	http.Redirect(w, r, fmt.Sprintf("/console/%d", id), http.StatusSeeOther)
}

// eventForm reads the console's new-event form.
func eventForm(r *http.Request) (EventForm, error) {
	f := EventForm{Name: strings.TrimSpace(r.PostFormValue("name")), Movement: cmp.Or(r.PostFormValue("movement"), "mitchell"),
		Shared: r.PostFormValue("shared") == "1"}
	var err error
	optional := func(name string, lo, hi int, into *int) {
		if v := strings.TrimSpace(r.PostFormValue(name)); err == nil && v != "" && v != "0" {
			*into, err = formInt(r, name, lo, hi)
		}
	}
	switch f.Movement {
	case "swiss-pairs", "swiss-teams", "round-robin":
		f.Entrants, err = formInt(r, "entrants", 2, 2*MaxTables)
	default:
		f.Tables, err = formInt(r, "tables", 1, MaxTables)
	}
	if err != nil {
		return f, err
	}
	if f.PerRound, err = formInt(r, "per_round", 1, 8); err != nil {
		return f, err
	}
	optional("rounds", 1, 2*MaxTables, &f.Rounds)
	optional("sections", 1, MaxSections, &f.Sections)
	if err != nil {
		return f, err
	}
	f.PBN, err = formFile(r, "pbn")
	return f, err
}

// formFile reads an uploaded file of the form; nil when none was sent.
func formFile(r *http.Request, name string) ([]byte, error) {
	file, _, err := r.FormFile(name)
	if err != nil {
		return nil, nil
	}
	defer file.Close()
	return io.ReadAll(file)
}

// importEvent stores an uploaded event file (bridgetd-event/1) so that an
// event run with the command line goes on here; the boards come from an
// uploaded PBN or are dealt.
func (s *Server) importEvent(w http.ResponseWriter, r *http.Request, _ int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	file, err := formFile(r, "event")
	if err == nil && len(file) == 0 {
		err = fmt.Errorf("%w: event: no event file sent", store.ErrInvalid)
	}
	var pbnData []byte
	if err == nil {
		pbnData, err = formFile(r, "pbn")
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ev, boards, err := ImportSetup(file, pbnData)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id, err := s.st.ImportEvent(r.Context(), ev, boards)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.solveLater(id)
	http.Redirect(w, r, fmt.Sprintf("/console/%d", id), http.StatusSeeOther)
}

// drawSwiss draws the next round of a Swiss (package event and swiss) and
// stores it with its tables; the director starts it on the grid.
func (s *Server) drawSwiss(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	o := event.DrawOptions{}
	if r.PostFormValue("by_rating") == "1" {
		o.First = swiss.ByRating
	}
	if _, err := s.st.DrawSwiss(r.Context(), id, o); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// undoRound undoes the last drawn Swiss round before any of its results
// is entered (store.UndoRound), the director's name and reason recorded;
// once a result exists it is refused (409) with what is there.
func (s *Server) undoRound(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "n")
	if err == nil {
		err = parseForm(r)
	}
	if err == nil {
		_, err = s.st.UndoRound(r.Context(), id, n, r.PostFormValue("director"), r.PostFormValue("why"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// cell is one table in one round on the console's grid.
type cell struct {
	Round, Table int
	NS, EW       int
	Confirmed    int
	Entered      int
	Boards       int
	State        string // sitout, waiting, playing, entered, done, late
	// Room is "open" or "closed" at teams: the table is that room of match
	// Match (store.MatchOf); empty elsewhere.
	Room  string
	Match int
	// Held counts the entries of the table in the round held for the
	// director, not counted (a wrong board, Law 15; store.Held).
	Held int
}

type gridView struct {
	Rounds []store.Round
	Tables []int
	Rows   [][]cell // by table, then round
}

func (s *Server) gridView(r *http.Request, id int64) (gridView, error) {
	ctx := r.Context()
	var g gridView
	ev, err := s.st.Event(ctx, id)
	if err != nil {
		return g, err
	}
	if g.Rounds, err = s.st.Rounds(ctx, id); err != nil {
		return g, err
	}
	as, err := s.st.Assignments(ctx, id)
	if err != nil {
		return g, err
	}
	res, err := s.st.Results(ctx, id)
	if err != nil {
		return g, err
	}
	type rt struct{ r, t int }
	conf, ent := map[rt]int{}, map[rt]int{}
	for _, x := range res {
		switch x.Status {
		case store.Confirmed:
			conf[rt{x.Round, x.Table}]++
		case store.Entered:
			ent[rt{x.Round, x.Table}]++
		}
	}
	calls, err := s.st.Calls(ctx, id)
	if err != nil {
		return g, err
	}
	held := map[rt]int{}
	for _, c := range calls {
		if c.Entry != nil && c.Answered == nil {
			held[rt{c.Round, c.Table}]++
		}
	}
	lastStarted := 0
	for _, rd := range g.Rounds {
		if rd.Started != nil {
			lastStarted = rd.Number
		}
	}
	for t := 1; t <= ev.Tables; t++ {
		g.Tables = append(g.Tables, t)
		row := make([]cell, len(g.Rounds))
		for i, rd := range g.Rounds {
			row[i] = cell{Round: rd.Number, Table: t, State: "sitout"}
		}
		g.Rows = append(g.Rows, row)
	}
	for _, a := range as {
		if a.Table < 1 || a.Table > len(g.Rows) || a.Round < 1 || a.Round > len(g.Rounds) {
			continue
		}
		c := &g.Rows[a.Table-1][a.Round-1]
		c.NS, c.EW, c.Boards = a.NS, a.EW, len(a.Boards)
		if ev.TwoRooms() {
			var closed bool
			c.Match, closed = store.MatchOf(true, a.Table)
			c.Room = map[bool]string{false: "open", true: "closed"}[closed]
		}
		c.Confirmed, c.Entered, c.Held = conf[rt{a.Round, a.Table}], ent[rt{a.Round, a.Table}], held[rt{a.Round, a.Table}]
		rd := g.Rounds[a.Round-1]
		switch {
		case !a.Active():
			c.State = "sitout"
		case c.Confirmed == c.Boards:
			c.State = "done"
		case rd.Started == nil:
			c.State = "waiting"
		case rd.Closed != nil || a.Round < lastStarted:
			c.State = "late"
		case c.Entered > 0:
			c.State = "entered"
		default:
			c.State = "playing"
		}
	}
	return g, nil
}

func (s *Server) eventConsole(w http.ResponseWriter, r *http.Request, id int64) {
	ctx := r.Context()
	ev, err := s.st.Event(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g, err := s.gridView(r, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	codes, _ := s.st.Codes(ctx, id)
	calls, _ := s.st.Calls(ctx, id)
	ens, _ := s.st.Entrants(ctx, id)
	res, _ := s.st.Results(ctx, id)
	rulings, _ := s.st.Rulings(ctx, id)
	fines, _ := s.st.Fines(ctx, id)
	corr, _ := s.st.Corrections(ctx, id)
	sessions, _ := s.st.Sessions(ctx, id)
	undos, _ := s.st.Undos(ctx, id)
	var warned []store.Result
	for _, x := range res {
		if len(x.Warnings) > 0 {
			warned = append(warned, x)
		}
	}
	standings, _, _ := s.standings(ctx, id)
	sections, _ := s.sectionStandings(ctx, id)
	matches, _ := s.matchLines(ctx, id)
	base := "http://" + r.Host
	kind := event.Kind(ev.Kind)
	s.render(w, r, "event.html", map[string]any{"E": ev, "Grid": g, "Codes": codes, "Calls": calls, "Pairs": entrantViews(kind, ens),
		"Unit": store.UnitName(kind), "Swiss": kind.Swiss(), "NextRound": len(g.Rounds) + 1, "LastRound": len(g.Rounds), "Undos": undos,
		"Warned": warned, "Rulings": rulings, "Fines": fines, "Corrections": corr, "Sessions": sessions,
		"Standings": standings, "Sections": sections, "Matches": matches, "Base": base, "Error": r.URL.Query().Get("error")})
}

// entrantView is an entrant on the console's form: a slot for each
// player an entrant of the kind has.
type entrantView struct {
	Number int
	Label  string
	Slots  []slotView
}

// slotView is one player's place on an entrant's form, numbered from 1.
type slotView struct {
	N  int
	ID string // a, b, c…: the input's id is the entrant's number and this
	store.Player
}

func entrantViews(k event.Kind, ens []store.Entrant) []entrantView {
	n := 2
	switch {
	case k == event.Individual:
		n = 1
	case k.Teams() || k == event.RoundRobin:
		n = MaxPlayers
	}
	out := make([]entrantView, 0, len(ens))
	for _, en := range ens {
		v := entrantView{Number: en.Number, Label: store.UnitName(k) + " " + strconv.Itoa(en.Number)}
		if en.Section != "" && en.Section != "A" {
			v.Label += " (" + en.Section + ")"
		}
		for i := range max(n, len(en.Players)) {
			sl := slotView{N: i + 1, ID: string(rune('a' + i))}
			if i < len(en.Players) {
				sl.Player = en.Players[i]
			}
			v.Slots = append(v.Slots, sl)
		}
		out = append(out, v)
	}
	return out
}

func (s *Server) grid(w http.ResponseWriter, r *http.Request, id int64) {
	g, err := s.gridView(r, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, g)
}

func (s *Server) back(w http.ResponseWriter, r *http.Request, id int64) {
	s.broker.Publish(id)
	if wantsJSON(r) {
		writeJSON(w, map[string]bool{"ok": true})
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/console/%d", id), http.StatusSeeOther)
}

func (s *Server) startRound(w http.ResponseWriter, r *http.Request, id int64) {
	s.roundAction(w, r, id, s.st.StartRound)
}

func (s *Server) closeRound(w http.ResponseWriter, r *http.Request, id int64) {
	s.roundAction(w, r, id, s.st.CloseRound)
}

// roundAction applies a store action to the round in the path.
func (s *Server) roundAction(w http.ResponseWriter, r *http.Request, id int64, act func(context.Context, int64, int) error) {
	n, err := pathInt(r, "n")
	if err == nil {
		err = act(r.Context(), id, n)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

func (s *Server) post(w http.ResponseWriter, r *http.Request, id int64) {
	if err := s.st.PostSession(r.Context(), id, 0); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

func (s *Server) publish(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.st.SetPublished(r.Context(), id, r.PostFormValue("on") == "1"); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// setLaws sets the code of laws the event is played under (2017 or 1997),
// the ruling desk's default edition.
func (s *Server) setLaws(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.st.SetLaws(r.Context(), id, r.PostFormValue("laws")); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// MaxPlayers is the most players an entrant has: a team of six.
const MaxPlayers = 6

func (s *Server) setPair(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "n")
	if err == nil {
		err = parseForm(r)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	en := store.Entrant{Number: n, Name: strings.TrimSpace(r.PostFormValue("name"))}
	for i := 1; i <= MaxPlayers; i++ { // a pair two, a team up to six
		if p := strings.TrimSpace(r.PostFormValue(fmt.Sprintf("player%d", i))); p != "" {
			en.Players = append(en.Players, store.Player{Name: p, Member: strings.TrimSpace(r.PostFormValue(fmt.Sprintf("member%d", i))),
				Rank: strings.TrimSpace(r.PostFormValue(fmt.Sprintf("rank%d", i)))})
		}
	}
	if err := s.st.SetEntrant(r.Context(), id, en); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

func formKey(r *http.Request) (store.Key, error) { return keyOf(r.PostFormValue) }

// keyOf reads a result's round, table and board from the fields get gives.
func keyOf(get func(string) string) (store.Key, error) {
	var k store.Key
	var err error
	if k.Round, err = intValue("round", get("round"), 1, 1000); err != nil {
		return k, err
	}
	if k.Table, err = intValue("table", get("table"), 1, 1000); err != nil {
		return k, err
	}
	k.Board, err = intValue("board", get("board"), 1, 10000)
	return k, err
}

// correction shows a board's result at a table as it is now, with its
// revision in the correction form, so that a correction made on it is
// refused if the result changes before it is sent (store.ErrStale).
func (s *Server) correction(w http.ResponseWriter, r *http.Request, id int64) {
	k, err := keyOf(r.URL.Query().Get)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	cur, err := s.st.CurrentResult(r.Context(), id, k)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, "correct.html", map[string]any{"ID": id, "C": cur, "F": correctionForm{Declarer: "N", Source: "player"}, "Seats": seatNames})
}

// seatNames are the declarers the correction form offers.
var seatNames = []string{"N", "E", "S", "W"}

// correctionForm is what a director typed in the correction form, shown
// again when the correction is refused so that nothing typed is lost.
type correctionForm struct {
	Contract, Declarer, Tricks, Source, By, Why, Override string
	Form                                                  string // a fouled form (Law 87); empty leaves the form as it is
	Played                                                string // the deal played on that form (PBN), kept with it
}

// again answers a correction the store refused with the correction page
// again: the result as it is now, why it was refused (field: Stale or
// Refused) and the director's correction kept in a form carrying the
// result's revision now, so that nothing typed is lost. A correction of a
// result changed since the director read it is 409 (store.ErrStale), one
// the store refuses as it stands (store.ErrInvalid: a fouled form that
// contradicts the deals the tables played, Law 87B, or a deal played
// given with form 0) 400.
func (s *Server) again(w http.ResponseWriter, r *http.Request, id int64, k store.Key, code int, field string, err error) {
	cur, cerr := s.st.CurrentResult(r.Context(), id, k)
	if cerr != nil || wantsJSON(r) {
		s.fail(w, r, err)
		return
	}
	f := correctionForm{Contract: r.PostFormValue("contract"), Declarer: r.PostFormValue("declarer"), Tricks: r.PostFormValue("tricks"),
		Source: r.PostFormValue("source"), By: r.PostFormValue("by"), Why: r.PostFormValue("why"), Override: r.PostFormValue("override"),
		Form: r.PostFormValue("form"), Played: r.PostFormValue("played")}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	s.render(w, r, "correct.html", map[string]any{"ID": id, "C": cur, "F": f, "Seats": seatNames,
		field: strings.TrimPrefix(err.Error(), "store: ")})
}

// correct changes a result as the director (NSWBA 13 windows; a late one
// only with an override, which is recorded).
func (s *Server) correct(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	k, err := formKey(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c := store.Correction{Key: k, By: strings.TrimSpace(r.PostFormValue("by")), Why: strings.TrimSpace(r.PostFormValue("why")),
		Source: r.PostFormValue("source"), Override: strings.TrimSpace(r.PostFormValue("override"))}
	if con := strings.TrimSpace(r.PostFormValue("contract")); con != "" {
		ct, err := bridge.ParseContract(con)
		if err != nil {
			s.fail(w, r, fmt.Errorf("%w: contract %q: %v", store.ErrInvalid, con, err))
			return
		}
		e := store.Entry{Board: k.Board, Contract: ct}
		if !ct.IsPassedOut() {
			if e.Declarer, err = bridge.ParseSeat(r.PostFormValue("declarer")); err != nil {
				s.fail(w, r, fmt.Errorf("%w: declarer: want N, E, S or W", store.ErrInvalid))
				return
			}
			if e.Tricks, err = formInt(r, "tricks", 0, 13); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		c.Entry = &e
	}
	if v := strings.TrimSpace(r.PostFormValue("form")); v != "" {
		// A fouled form (Law 87): with no contract the result stands and
		// only its form is set. The store refuses a form that contradicts
		// the deals the board's tables recorded (Law 87B, as the desk and
		// "bridgetd rule --event" number it).
		f, err := formInt(r, "form", 0, 99)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		c.Form = &f
	}
	if v := strings.TrimSpace(r.PostFormValue("played")); v != "" {
		// The deal the table played on its fouled form, kept with it (Law
		// 87B: later tables' forms are numbered from it); with no form
		// given it numbers this table's.
		d, err := bridge.ParseDeal(v)
		if err != nil {
			s.fail(w, r, fmt.Errorf("%w: played %q: %v", store.ErrInvalid, v, err))
			return
		}
		c.Played = &d
	}
	if v := strings.TrimSpace(r.PostFormValue("revision")); v != "" {
		rev, err := strconv.ParseInt(v, 10, 64)
		if err != nil || rev < 0 {
			s.fail(w, r, fmt.Errorf("%w: revision %q: want a whole number from 0", store.ErrInvalid, v))
			return
		}
		c.Revision = &rev
	}
	if _, err := s.st.Correct(r.Context(), id, c); errors.Is(err, store.ErrStale) {
		s.again(w, r, id, k, http.StatusConflict, "Stale", err)
		return
	} else if errors.Is(err, store.ErrInvalid) {
		s.again(w, r, id, k, http.StatusBadRequest, "Refused", err)
		return
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// forfeit declares a match forfeited by a team or pair in default
// (NSWBA 13.9, package event's rule through the store).
func (s *Server) forfeit(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	round, err := formInt(r, "round", 1, 1000)
	var match, offender int
	if err == nil {
		match, err = formInt(r, "match", 1, 1000)
	}
	if err == nil {
		offender, err = formInt(r, "offender", 1, 10000)
	}
	if err == nil {
		err = s.st.Forfeit(r.Context(), id, round, match, offender)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// ruling records an adjusted score (Law 12C).
func (s *Server) ruling(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	k, err := formKey(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ru := store.Ruling{Key: k, Kind: r.PostFormValue("kind"), Law: strings.TrimSpace(r.PostFormValue("law")),
		Director: strings.TrimSpace(r.PostFormValue("director")), Why: strings.TrimSpace(r.PostFormValue("why")),
		NSAward: r.PostFormValue("ns_award"), EWAward: r.PostFormValue("ew_award")}
	num := func(name string) (int, error) {
		v := strings.TrimSpace(r.PostFormValue(name))
		if v == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("%w: %s %q is not a score", store.ErrInvalid, name, v)
		}
		return n, nil
	}
	if ru.NSScore, err = num("ns_score"); err == nil {
		ru.EWScore, err = num("ew_score")
	}
	if err == nil && ru.Kind == store.RulingWeighted {
		ru.Outcomes, err = parseOutcomes(r.PostFormValue("outcomes"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if _, err := s.st.AddRuling(r.Context(), id, ru); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// parseOutcomes reads weighted outcomes: "420:0.6, -50:0.4" (Law 12C1(c)).
func parseOutcomes(s string) ([]store.Outcome, error) { return store.ParseOutcomes(s) }

func (s *Server) fine(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	pair, err := formInt(r, "pair", 1, 10000)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	amt, err := strconv.ParseFloat(strings.TrimSpace(r.PostFormValue("amount")), 64)
	if err != nil {
		s.fail(w, r, fmt.Errorf("%w: amount %q is not a number", store.ErrInvalid, r.PostFormValue("amount")))
		return
	}
	f := store.Fine{Entrant: pair, Amount: amt, Kind: r.PostFormValue("kind"), Director: strings.TrimSpace(r.PostFormValue("director")),
		Note: strings.TrimSpace(r.PostFormValue("note"))}
	if _, err := s.st.AddFine(r.Context(), id, f); err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

func (s *Server) answerCall(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "call")
	if err == nil {
		err = s.st.AnswerCall(r.Context(), id, int64(n))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// acceptHeld makes a held entry (a wrong board, or one that waited
// offline while the round moved on) the result of its board at the round
// and table the director names: the score stands (Law 15), recorded as a
// correction with who and why (store.AcceptHeld).
func (s *Server) acceptHeld(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "call")
	if err == nil {
		err = parseForm(r)
	}
	var k store.Key
	if err == nil {
		k.Round, err = formInt(r, "round", 1, 100000)
	}
	if err == nil {
		k.Table, err = formInt(r, "table", 1, 100000)
	}
	if err == nil {
		_, err = s.st.AcceptHeld(r.Context(), id, int64(n), k, r.PostFormValue("director"), r.PostFormValue("why"), strings.TrimSpace(r.PostFormValue("override")))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

// dismissHeld answers a held entry without counting it (store.DismissHeld).
func (s *Server) dismissHeld(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "call")
	if err == nil {
		err = parseForm(r)
	}
	if err == nil {
		err = s.st.DismissHeld(r.Context(), id, int64(n), r.PostFormValue("director"), r.PostFormValue("why"))
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.back(w, r, id)
}

func (s *Server) exportEvent(w http.ResponseWriter, r *http.Request, id int64) {
	var b strings.Builder
	if err := s.st.WriteEventFile(r.Context(), id, &b); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=event-%d.json", id))
	io.WriteString(w, b.String())
}

func (s *Server) exportPBN(w http.ResponseWriter, r *http.Request, id int64) {
	f, err := s.st.PBN(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var b strings.Builder
	if err := f.Format(&b); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=event-%d.pbn", id))
	io.WriteString(w, b.String())
}
