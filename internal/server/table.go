package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
)

// entryJSON is a table's entry as the entry page sends it.
type entryJSON struct {
	Key      string `json:"key"`
	Board    int    `json:"board"`
	Level    int    `json:"level"`  // 0: passed out
	Strain   string `json:"strain"` // C D H S NT
	Risk     string `json:"risk"`   // "", X, XX
	Declarer string `json:"declarer"`
	Tricks   int    `json:"tricks"`
	Lead     string `json:"lead"` // optional: "SK", "♠K"
	// Round is the round the page showed when the entry was made, and
	// WrongBoard that North–South send a board not in it after the
	// page's warning: either way a board not of the table's current
	// round is held for the director, not counted (store.Held, Law 15).
	Round      int  `json:"round"`
	WrongBoard bool `json:"wrong_board"`
}

type confirmJSON struct {
	Key    string `json:"key"`
	Board  int    `json:"board"`
	Accept bool   `json:"accept"`
}

type callJSON struct {
	Key  string `json:"key"`
	Note string `json:"note"`
}

// decode reads a JSON body strictly: unknown fields, wrong types and
// trailing data are refused with the field named.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field == "" {
			return fmt.Errorf("%w: body: want a JSON object, got %s", store.ErrInvalid, te.Value)
		}
		if errors.As(err, &te) {
			return fmt.Errorf("%w: field %q: want a %v, got %s", store.ErrInvalid, te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("%w: body: %v", store.ErrInvalid, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: body: data after the JSON object", store.ErrInvalid)
	}
	return nil
}

// entry checks and converts an entry: every field named when wrong.
func (e entryJSON) entry() (store.Entry, error) {
	out := store.Entry{Board: e.Board, Tricks: e.Tricks, Round: e.Round, WrongBoard: e.WrongBoard}
	bad := func(field, msg string) (store.Entry, error) {
		return out, fmt.Errorf("%w: %s: %s", store.ErrInvalid, field, msg)
	}
	if e.Board < 1 {
		return bad("board", "want a board number from 1")
	}
	if e.Round < 0 {
		return bad("round", fmt.Sprintf("%d: want the round the page showed, or nothing", e.Round))
	}
	if e.Level == 0 {
		return out, nil // passed out
	}
	if e.Level < 1 || e.Level > 7 {
		return bad("level", fmt.Sprintf("%d: want 1 to 7, or 0 for passed out", e.Level))
	}
	strain, err := bridge.ParseStrain(e.Strain)
	if err != nil {
		return bad("strain", fmt.Sprintf("%q: want C, D, H, S or NT", e.Strain))
	}
	c := bridge.Contract{Level: uint8(e.Level), Strain: strain}
	switch strings.ToUpper(e.Risk) {
	case "":
	case "X":
		c.Risk = bridge.Doubled
	case "XX":
		c.Risk = bridge.Redoubled
	default:
		return bad("risk", fmt.Sprintf("%q: want nothing, X or XX", e.Risk))
	}
	out.Contract = c
	if out.Declarer, err = bridge.ParseSeat(e.Declarer); err != nil {
		return bad("declarer", fmt.Sprintf("%q: want N, E, S or W", e.Declarer))
	}
	if e.Tricks < 0 || e.Tricks > 13 {
		return bad("tricks", fmt.Sprintf("%d: a board has 13 tricks", e.Tricks))
	}
	if e.Lead != "" {
		if out.Lead, err = bridge.ParseCard(e.Lead); err != nil {
			return bad("lead", fmt.Sprintf("%q: want a card such as SK or ♠K", e.Lead))
		}
		out.HasLead = true
	}
	return out, nil
}

// boardView is a board as the table page lists it.
type boardView struct {
	Number   int      `json:"number"`
	Status   string   `json:"status"` // "", entered, confirmed, rejected
	Contract string   `json:"contract,omitempty"`
	Declarer string   `json:"declarer,omitempty"`
	Lead     string   `json:"lead,omitempty"`
	Tricks   int      `json:"tricks"`
	Score    int      `json:"score"`
	Warnings []string `json:"warnings,omitempty"`
	Visible  bool     `json:"visible"`
}

type tableView struct {
	Event    string      `json:"event"`
	Table    int         `json:"table"`
	Round    int         `json:"round"`
	NS       string      `json:"ns"`
	EW       string      `json:"ew"`
	Switched bool        `json:"switched"`
	Done     bool        `json:"done"`
	Boards   []boardView `json:"boards"`
	Vul      []string    `json:"vul"`
	// Seats names the four players by seat at an individual event's
	// table (North, South, East, West); empty at pairs and teams.
	Seats []seatView `json:"seats,omitempty"`
	// Match is the teams match so far, at a room of a match (two rooms).
	Match *matchView `json:"match,omitempty"`
	// Earlier lists the boards the table played in earlier rounds, each
	// visible once every table that plays it has played it.
	Earlier []earlierBoard `json:"earlier,omitempty"`
}

// seatView is one player at an individual table.
type seatView struct {
	Seat   string `json:"seat"` // North, South, East, West
	Player string `json:"player"`
}

// earlierBoard is a board a table played in an earlier round.
type earlierBoard struct {
	Number  int  `json:"number"`
	Round   int  `json:"round"`
	Visible bool `json:"visible"`
}

func (s *Server) tableView(r *http.Request, tc store.TableCode) (tableView, error) {
	ctx := r.Context()
	st, err := s.st.Table(ctx, tc)
	if err != nil {
		return tableView{}, err
	}
	v := tableView{Event: st.Event.Name, Table: tc.Table, Round: st.Assignment.Round, Done: st.Done, Switched: st.Assignment.Switch}
	if v.Earlier, err = s.earlierBoards(r, tc, st.Assignment.Round); err != nil {
		return v, err
	}
	if st.Assignment.Round == 0 {
		return v, nil
	}
	labels, err := s.labels(ctx, tc.Event)
	if err != nil {
		return v, err
	}
	label := func(n int) string {
		if l, ok := labels[n]; ok {
			return l
		}
		return fmt.Sprint(n)
	}
	v.NS, v.EW = label(st.Assignment.NS), label(st.Assignment.EW)
	if event.Kind(st.Event.Kind) == event.Individual {
		seats, err := s.seatings(ctx, tc.Event)
		if err != nil {
			return v, err
		}
		for _, se := range seats {
			if se.Round != st.Assignment.Round || se.Table != tc.Table {
				continue
			}
			for _, seat := range []bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West} {
				v.Seats = append(v.Seats, seatView{Seat: seat.Name(), Player: label(se.Players[seat])})
			}
		}
	}
	if st.Event.TwoRooms() && st.Assignment.Active() {
		// The match so far is shown beside the entry, never in its way: a
		// match package event cannot score yet (an adjusted score the
		// director is still recording) leaves it out, for the console to
		// show.
		if v.Match, err = s.matchSoFar(ctx, tc, st.Assignment); err != nil {
			if errors.Is(err, context.Canceled) {
				return v, err
			}
			s.log.Warn("match so far", "event", tc.Event, "table", tc.Table, "err", err)
			v.Match = nil
		}
	}
	for _, b := range st.Assignment.Boards {
		res := st.Results[b]
		bv := boardView{Number: b, Status: res.Status, Contract: res.Contract, Declarer: res.Declarer, Lead: res.Lead,
			Tricks: res.Tricks, Score: res.Score, Warnings: res.Warnings}
		if res.Status == store.Confirmed {
			bv.Visible, _ = s.visible(ctx, tc.Event, b)
		}
		v.Boards = append(v.Boards, bv)
		v.Vul = append(v.Vul, bridge.Board(b).Vulnerability().String())
	}
	return v, nil
}

func pairLabel(e store.Entrant) string {
	var names []string
	for _, p := range e.Players {
		names = append(names, p.Name)
	}
	if len(names) > 0 {
		return fmt.Sprintf("%d %s", e.Number, strings.Join(names, " – "))
	}
	return e.Label()
}

func (s *Server) joinPage(w http.ResponseWriter, r *http.Request) {
	if c := strings.TrimSpace(r.URL.Query().Get("code")); c != "" {
		http.Redirect(w, r, "/t/"+strings.ToUpper(c), http.StatusSeeOther)
		return
	}
	s.render(w, r, "join.html", nil)
}

func (s *Server) tablePage(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	v, err := s.tableView(r, tc)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.render(w, r, "table.html", map[string]any{"T": v, "Code": tc.Code, "Levels": []int{1, 2, 3, 4, 5, 6, 7},
		"Strains": []string{"C", "D", "H", "S", "NT"}, "Seats": []string{"N", "E", "S", "W"}})
}

func (s *Server) tableState(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	v, err := s.tableView(r, tc)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, v)
}

// checkAnswer is the score and warnings of an entry before it is sent.
type checkAnswer struct {
	Contract string   `json:"contract"`
	Score    int      `json:"score"`
	Warnings []string `json:"warnings"`
}

func (s *Server) tableCheck(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	var in entryJSON
	if err := decode(r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	e, err := in.entry()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.st.Preview(r.Context(), tc, e)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, checkAnswer{Contract: res.Contract, Score: res.Score, Warnings: res.Warnings})
}

// tableWrite decodes a table's write, makes it and, once it is committed,
// announces the change and answers with its result.
func tableWrite[T any](s *Server, w http.ResponseWriter, r *http.Request, tc store.TableCode, write func(in T) (any, error)) {
	var in T
	if err := decode(r, &in); err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := write(in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.broker.Publish(tc.Event)
	writeJSON(w, out)
}

func (s *Server) tableEnter(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	tableWrite(s, w, r, tc, func(in entryJSON) (any, error) {
		e, err := in.entry()
		if err != nil {
			return nil, err
		}
		return s.st.Enter(r.Context(), in.Key, tc, e)
	})
}

func (s *Server) tableConfirm(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	tableWrite(s, w, r, tc, func(in confirmJSON) (any, error) {
		return s.st.Confirm(r.Context(), in.Key, tc, in.Board, in.Accept)
	})
}

func (s *Server) tableCall(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	tableWrite(s, w, r, tc, func(in callJSON) (any, error) {
		return s.st.CallDirector(r.Context(), in.Key, tc, in.Note)
	})
}

// tableBoard shows a table the traveller and hand record of a board it has
// played, once no table still has to play it.
func (s *Server) tableBoard(w http.ResponseWriter, r *http.Request, tc store.TableCode) {
	n, err := pathInt(r, "n")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	res, err := s.st.BoardResults(r.Context(), tc.Event, n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	played := false
	for _, x := range res {
		if x.Table == tc.Table && x.Status == store.Confirmed {
			played = true
		}
	}
	vis, err := s.visible(r.Context(), tc.Event, n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !played || !vis {
		httpError(w, r, http.StatusForbidden, fmt.Sprintf("board %d is shown only after your table and every table still to play it have played it", n))
		return
	}
	s.boardPage(w, r, tc.Event, n, "/t/"+tc.Code)
}

// earlierBoards lists the boards the table played in the rounds before
// round (all its rounds when round is 0, no round being open), each
// visible only once every table that plays it has played it (store
// Visible), so that no table sees a board another will still play.
func (s *Server) earlierBoards(r *http.Request, tc store.TableCode, round int) ([]earlierBoard, error) {
	ctx := r.Context()
	rounds, err := s.st.Rounds(ctx, tc.Event)
	if err != nil {
		return nil, err
	}
	started := map[int]bool{}
	for _, rd := range rounds {
		started[rd.Number] = rd.Started != nil
	}
	as, err := s.st.Assignments(ctx, tc.Event)
	if err != nil {
		return nil, err
	}
	var out []earlierBoard
	for _, a := range as {
		if a.Table != tc.Table || !a.Active() || !started[a.Round] || (round != 0 && a.Round >= round) {
			continue
		}
		for _, b := range a.Boards {
			vis, err := s.st.Visible(ctx, tc.Event, b)
			if err != nil {
				return nil, err
			}
			out = append(out, earlierBoard{Number: b, Round: a.Round, Visible: vis})
		}
	}
	return out, nil
}

// seatings is the event's individual seating (store.Seatings), computed
// once per change of the event and shared by its tables.
func (s *Server) seatings(ctx context.Context, id int64) ([]store.Seating, error) {
	v, err := s.live.shared(ctx, id, "seatings", func(ctx context.Context) (any, error) { return s.st.Seatings(ctx, id) })
	out, _ := v.([]store.Seating)
	return out, err
}

// matchView is a teams match as one of its rooms sees it: the boards both
// rooms have played, scored by package event (Law 78B; adjusted scores as
// the event scores them), the running total and, once every board is
// played in both rooms, the VPs.
type matchView struct {
	Home   string       `json:"home"` // North–South in the open room
	Away   string       `json:"away"`
	Room   string       `json:"room"` // open or closed: this table
	Boards []matchBoard `json:"boards"`
	// Home and away IMPs so far; they differ in sign only, unless an
	// adjusted score gave the teams figures that do not balance.
	HomeIMPs float64     `json:"home_imps"`
	AwayIMPs float64     `json:"away_imps"`
	VP       *[2]float64 `json:"vp,omitempty"` // home, away: the match complete
}

// matchBoard is one board of a match played in both rooms.
type matchBoard struct {
	Number   int     `json:"number"`
	HomeIMPs float64 `json:"home_imps"`
	AwayIMPs float64 `json:"away_imps"`
}

// matchSoFar is the table's match so far (matchScore), computed once per
// change of the event for both rooms of the match and shared (live.go):
// a room's page reloading on every notice no longer rebuilds the event
// file from the store to score its match.
func (s *Server) matchSoFar(ctx context.Context, tc store.TableCode, a store.Assignment) (*matchView, error) {
	mt, closed := store.MatchOf(true, tc.Table)
	name := fmt.Sprintf("match %d %d %v", a.Round, mt, a.Boards)
	v, err := s.live.shared(ctx, tc.Event, name, func(ctx context.Context) (any, error) {
		return s.matchScore(ctx, tc.Event, a, mt)
	})
	m, _ := v.(*matchView)
	if err != nil || m == nil {
		return nil, err
	}
	out := *m // shared: the room is this table's own
	out.Room = map[bool]string{false: "open", true: "closed"}[closed]
	return &out, nil
}

// matchScore scores the boards of match mt in the round of a that both
// rooms have played (never a board this table has not played), each alone
// and then all together, through package event's Score on a private copy
// of the event file (eventFile, built once per change) with every other
// match emptied. Nil when no board is played in both rooms yet.
func (s *Server) matchScore(ctx context.Context, id int64, a store.Assignment, mt int) (*matchView, error) {
	ev, err := s.eventFile(ctx, id)
	if err != nil {
		return nil, err
	}
	_, _, m, err := ev.Match(a.Round, mt)
	if err != nil {
		return nil, err
	}
	open, shut := map[int]event.Result{}, map[int]event.Result{}
	for _, r := range m.Results {
		open[r.Board] = r
	}
	for _, r := range m.Closed {
		shut[r.Board] = r
	}
	var both []int
	for _, b := range a.Boards {
		_, o := open[b]
		_, c := shut[b]
		if o && c {
			both = append(both, b)
		}
	}
	if len(both) == 0 {
		return nil, nil
	}
	for _, rd := range ev.Rounds() {
		for i := range rd.Matches {
			if x := &rd.Matches[i]; x != m {
				x.Results, x.Closed, x.IMPs, x.EWIMPs = nil, nil, nil, nil
			}
		}
	}
	sc, err := ev.NewScorer()
	if err != nil {
		return nil, err
	}
	// score scores the match on boards bs: home and away IMPs, the VPs.
	score := func(bs []int) (float64, float64, *[2]float64, error) {
		m.Results, m.Closed, m.IMPs, m.EWIMPs, m.VP = nil, nil, nil, nil, nil
		for _, b := range bs {
			m.Results, m.Closed = append(m.Results, open[b]), append(m.Closed, shut[b])
		}
		if err := ev.Score(sc); err != nil {
			return 0, 0, nil, err
		}
		if m.IMPs == nil {
			return 0, 0, nil, fmt.Errorf("round %d match %d: not scored", a.Round, mt)
		}
		home, away := *m.IMPs, -*m.IMPs
		if m.EWIMPs != nil {
			away = *m.EWIMPs
		}
		return home, away, m.VP, nil
	}
	labels, err := s.labels(ctx, id)
	if err != nil {
		return nil, err
	}
	v := &matchView{Home: labels[m.NS], Away: labels[m.EW]}
	for _, b := range both {
		h, w, _, err := score([]int{b})
		if err != nil {
			return nil, fmt.Errorf("board %d: %w", b, err)
		}
		v.Boards = append(v.Boards, matchBoard{Number: b, HomeIMPs: h, AwayIMPs: w})
	}
	var vp *[2]float64
	if v.HomeIMPs, v.AwayIMPs, vp, err = score(both); err != nil {
		return nil, err
	}
	if len(both) == len(a.Boards) && vp != nil {
		v.VP = vp
	}
	return v, nil
}
