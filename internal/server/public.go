package server

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/dd"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/score"
)

var funcs = template.FuncMap{
	"pct": func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"mp": func(f float64) string {
		return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.2f", f), "0"), ".0")
	},
	"suit": func(s string) template.HTML {
		// Colour the red suits; everything else is escaped text.
		h := template.HTMLEscapeString(s)
		h = strings.ReplaceAll(h, "♥", `<span class="red">♥</span>`)
		h = strings.ReplaceAll(h, "♦", `<span class="red">♦</span>`)
		return template.HTML(h)
	},
	"add": func(a, b int) int { return a + b },
	// imp shows IMPs signed, to two places only when fractional.
	"imp": func(f float64) string {
		s := strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%+.2f", f), "0"), ".0")
		if s == "+0" || s == "-0" {
			return "0"
		}
		return s
	},
	"qr": qrSVG,
	"dict": func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	},
}

func (s *Server) publicIndex(w http.ResponseWriter, r *http.Request) {
	evs, err := s.st.Events(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var pub []store.Event
	for _, e := range evs {
		if e.Published || s.isDirector(r) {
			pub = append(pub, e)
		}
	}
	s.render(w, r, "results.html", map[string]any{"Events": pub})
}

func (s *Server) ranking(w http.ResponseWriter, r *http.Request, id int64) {
	if s.isDirector(r) {
		data, err := s.rankingData(r.Context(), id)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, r, "ranking.html", data)
		return
	}
	// The public page is the same for every viewer: rendered once per
	// change of the event and shared (live.go).
	page, err := s.live.shared(r.Context(), id, "ranking.html", func(ctx context.Context) (any, error) {
		data, err := s.rankingData(ctx, id)
		if err != nil {
			return nil, err
		}
		data["Director"] = false
		var b bytes.Buffer
		if err := s.tmpl.ExecuteTemplate(&b, "ranking.html", data); err != nil {
			return nil, fmt.Errorf("ranking page: %w", err)
		}
		return b.Bytes(), nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(page.([]byte))
}

// rankingData is what the ranking page shows.
func (s *Server) rankingData(ctx context.Context, id int64) (map[string]any, error) {
	ev, err := s.st.Event(ctx, id)
	if err != nil {
		return nil, err
	}
	st, _, err := s.standings(ctx, id)
	if err != nil {
		return nil, err
	}
	sections, err := s.sectionStandings(ctx, id)
	if err != nil {
		return nil, err
	}
	matches, err := s.matchLines(ctx, id)
	if err != nil {
		return nil, err
	}
	boards, _ := s.st.Boards(ctx, id)
	over, _ := s.sessionOver(ctx, id)
	return map[string]any{"E": ev, "Standings": st, "Sections": sections, "Matches": matches, "Boards": boards, "Over": over}, nil
}

// sessionOver reports whether the session's scores are posted: hand records
// with the double-dummy table are public from then.
func (s *Server) sessionOver(ctx context.Context, id int64) (bool, error) {
	ss, err := s.st.Sessions(ctx, id)
	if err != nil || len(ss) == 0 {
		return false, err
	}
	return ss[len(ss)-1].Posted != nil, nil
}

// travRow is one row of a traveller.
type travRow struct {
	store.Result
	NSCards, EWCards int
	Adjusted         string
	// Form is the fouled form of the board the row played (Law 87): 0 for
	// the board as dealt. Rows of different forms are scored apart.
	Form int
	// Unplayed marks a board the table could not play through no fault of
	// the players (NSWBA 13.10): its figures are the IMPs that regulation
	// gives both sides, not an average.
	Unplayed bool
	// NSMP and EWMP are the row's matchpoints, or in an event scored by
	// IMPs its IMPs (Unit says which): against the Butler datum, or at
	// teams against the other room of the match.
	NSMP, EWMP float64
	HasMP      bool
	Unit       string
	Top        float64 // the matchpoint top of the row's form
}

// travGroup is the rows of one form of a board (Law 87), scored among
// themselves.
type travGroup struct {
	Form  int
	Label string
	Top   float64
	Rows  []travRow
}

// travGroups splits a board's rows by form, the board as dealt first.
func travGroups(rows []travRow) []travGroup {
	var gs []travGroup
	for _, r := range rows {
		i := slices.IndexFunc(gs, func(g travGroup) bool { return g.Form == r.Form })
		if i < 0 {
			label := "The board as dealt"
			if r.Form != 0 {
				label = fmt.Sprintf("Fouled form %d (Law 87), scored only against the tables that played it", r.Form)
			}
			gs = append(gs, travGroup{Form: r.Form, Label: label})
			i = len(gs) - 1
		}
		gs[i].Rows = append(gs[i].Rows, r)
		gs[i].Top = max(gs[i].Top, r.Top)
	}
	slices.SortStableFunc(gs, func(a, b travGroup) int { return a.Form - b.Form })
	return gs
}

// travellerRows returns board n's traveller, each row scored as the event
// is: matchpoints with Neuberg's formula (Law 78A), IMPs against the
// board's Butler datum (package score), or at teams the IMPs of the
// difference with the other room of the match (Law 78B). The rows of each
// fouled form are scored among themselves (Law 87, score.Result.Group), as
// the ranking scores them, and a board not played (NSWBA 13.10) carries
// the IMPs the regulation gives both sides. It returns the matchpoint top
// too.
func (s *Server) travellerRows(r *http.Request, id int64, n int) ([]travRow, float64, error) {
	ctx := r.Context()
	ev, err := s.st.Event(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	res, err := s.st.BoardResults(ctx, id, n)
	if err != nil {
		return nil, 0, err
	}
	unit := rowUnit(ev)
	var sh *score.Sheet
	switch event.Scoring(ev.Scoring) {
	case event.Matchpoints:
		if _, sh, err = s.standings(ctx, id); err != nil {
			return nil, 0, err
		}
	case event.ButlerVP:
		trav, err := s.st.Travellers(ctx, id)
		if err != nil {
			return nil, 0, err
		}
		// A fouled form played at too few tables scores the profile's
		// award (NSWBA 8.1), as package event scores it.
		rule := score.Fouled(regulation.NSWBA2011())
		sh, _ = score.Event(trav, score.Options{Method: score.ButlerScoring, Butler: score.ButlerOptions{Fouled: &rule}})
	default:
		// Teams: no sheet, but the forms of the rows from the travellers.
		trav, err := s.st.Travellers(ctx, id)
		if err != nil {
			return nil, 0, err
		}
		sh = &score.Sheet{}
		for _, b := range trav {
			if b.Number == n {
				sh.Boards = append(sh.Boards, score.BoardScore{Number: n, Results: b.Results})
			}
		}
	}
	rulings, _ := s.st.Rulings(ctx, id)
	as, _ := s.assignments(ctx, id)
	var sc *score.BoardScore
	if sh != nil {
		for i := range sh.Boards {
			if sh.Boards[i].Number == n {
				sc = &sh.Boards[i]
			}
		}
	}
	var rows []travRow
	top := 0.0
	for _, a := range as {
		if !a.Active() || !a.Plays(n) {
			continue
		}
		ns, ew := a.CardPairs()
		row := travRow{NSCards: ns, EWCards: ew, Unit: unit}
		found := false
		for _, x := range res {
			if x.Round == a.Round && x.Table == a.Table && x.Status == store.Confirmed {
				row.Result, found = x, true
			}
		}
		for _, ru := range rulings {
			if ru.Key == (store.Key{Round: a.Round, Table: a.Table, Board: n}) {
				row.Adjusted, found = rulingText(ru), true
				row.Round, row.Table = a.Round, a.Table
				row.Unplayed = ru.Kind == store.RulingUnplayed
			}
		}
		if !found {
			continue
		}
		if sc != nil {
			for i, x := range sc.Results {
				if x.NS != ns || x.EW != ew {
					continue
				}
				row.Form = x.Group
				if i < len(sc.OK) && sc.OK[i] && !row.Unplayed {
					row.NSMP, row.EWMP, row.HasMP = sc.Scores[i].NS, sc.Scores[i].EW, true
					row.Top = sc.Scores[i].Top
					top = max(top, sc.Scores[i].Top)
				}
			}
		}
		rows = append(rows, row)
	}
	if ev.TwoRooms() {
		teamsIMPs(rows)
	}
	if unit == "IMPs" {
		if err := s.unplayedIMPs(ctx, id, rows, rulings, ev.TwoRooms()); err != nil {
			return nil, 0, err
		}
	}
	return rows, top, nil
}

// unplayedIMPs gives each row of a board not played (NSWBA 13.10) the IMPs
// package event's ranking gives both sides: the scorer's unplayed IMPs
// for the number of boards the table's match left unplayed, shared over
// them. At teams the other room of the match scores the same.
func (s *Server) unplayedIMPs(ctx context.Context, id int64, rows []travRow, rulings []store.Ruling, twoRooms bool) error {
	if !slices.ContainsFunc(rows, func(r travRow) bool { return r.Unplayed }) {
		return nil
	}
	ef, err := s.st.EventFile(ctx, id)
	if err != nil {
		return err
	}
	sc, err := ef.NewScorer()
	if err != nil {
		return err
	}
	for i := range rows {
		u := rows[i]
		if !u.Unplayed {
			continue
		}
		match, closed := store.MatchOf(twoRooms, u.Table)
		boards := map[int]bool{}
		for _, ru := range rulings {
			if m, _ := store.MatchOf(twoRooms, ru.Table); ru.Kind == store.RulingUnplayed && ru.Round == u.Round && m == match {
				boards[ru.Board] = true
			}
		}
		per := sc.UnplayedIMPs(ef.Profile(), len(boards)) / float64(len(boards))
		rows[i].NSMP, rows[i].EWMP, rows[i].HasMP = per, per, true
		for j := range rows {
			if m, c := store.MatchOf(twoRooms, rows[j].Table); twoRooms && rows[j].Round == u.Round && m == match && c != closed {
				rows[j].NSMP, rows[j].EWMP, rows[j].HasMP = per, per, true
			}
		}
	}
	return nil
}

// rowUnit is what a traveller row of the event scores: MP or IMPs.
func rowUnit(ev store.Event) string {
	if event.Scoring(ev.Scoring) == event.Matchpoints {
		return "MP"
	}
	return "IMPs"
}

// teamsIMPs scores each teams row against the other room of its match
// (Law 78B): the IMPs of the difference of the North–South scores, from
// each side's view. A row whose other room has no table result yet, or
// that is adjusted, or that played another form of a fouled board (Law
// 87: the rooms are compared only on the same form), has none.
func teamsIMPs(rows []travRow) {
	for i := range rows {
		a := &rows[i]
		if a.Adjusted != "" {
			continue
		}
		match, closed := store.MatchOf(true, a.Table)
		for j := range rows {
			b := &rows[j]
			if m2, c2 := store.MatchOf(true, b.Table); b.Adjusted == "" && b.Round == a.Round && b.Form == a.Form && m2 == match && c2 != closed {
				imps := float64(score.IMP(a.Score - b.Score))
				a.NSMP, a.EWMP, a.HasMP = imps, -imps, true
			}
		}
	}
}

func rulingText(r store.Ruling) string {
	switch r.Kind {
	case store.RulingWeighted:
		var parts []string
		for _, o := range r.Outcomes {
			parts = append(parts, fmt.Sprintf("%g%% of %d", o.Weight*100, o.Score))
		}
		return "weighted (Law 12C1(c)): " + strings.Join(parts, " + ")
	case store.RulingSplit:
		return fmt.Sprintf("split (Law 12C1(b)): NS %d, EW %d", r.NSScore, r.EWScore)
	case store.RulingArtificial:
		return fmt.Sprintf("artificial (Law 12C2): NS %s, EW %s", r.NSAward, r.EWAward)
	case store.RulingUnplayed:
		return "not played through no fault of the players (NSWBA 13.10): IMPs to both sides"
	}
	return fmt.Sprintf("assigned (Law 12C1): %d", r.NSScore)
}

// handView is a board's hand record.
type handView struct {
	Number int
	Dealer string
	Vul    string
	Hands  [4][4]string // seat, suit from spades down
	DD     *dd.Table
	Par    string
	Rows   [4][5]int
}

var strainsShown = []bridge.Strain{bridge.NoTrump, bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain}

func handOf(b store.Board) handView {
	v := handView{Number: int(b.Number), Dealer: b.Dealer.String(), Vul: b.Vulnerability.String(), DD: b.DD}
	for seat := range 4 {
		for i, su := range []bridge.Suit{bridge.Spades, bridge.Hearts, bridge.Diamonds, bridge.Clubs} {
			h := b.Deal[seat].InSuit(su)
			var sb strings.Builder
			for _, c := range h.Cards() { // from the top down
				sb.WriteString(c.Rank().String())
			}
			if sb.Len() == 0 {
				sb.WriteString("—")
			}
			v.Hands[seat][i] = sb.String()
		}
	}
	if b.DD != nil {
		p := dd.ParOf(*b.DD, b.Dealer, b.Vulnerability)
		v.Par = p.ScoreString() + " " + p.ContractsString()
		for seat := range 4 {
			for i, st := range strainsShown {
				v.Rows[seat][i] = b.DD.Tricks(bridge.Seat(seat), st)
			}
		}
	}
	return v
}

func (s *Server) traveller(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "n")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.boardPage(w, r, id, n, fmt.Sprintf("/results/%d", id))
}

// boardPage shows a board's traveller with each row's matchpoints, and its
// hand record once the board may be seen.
func (s *Server) boardPage(w http.ResponseWriter, r *http.Request, id int64, n int, back string) {
	bs, err := s.st.Boards(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var hv *handView
	for _, b := range bs {
		if int(b.Number) == n {
			if vis, _ := s.visible(r.Context(), id, n); vis && b.DD == nil {
				// The background solve has not reached this board yet and
				// someone is looking at it: solve it now, briefly.
				ctx, cancel := context.WithTimeout(r.Context(), waitSolve)
				if sb, err := s.SolveBoard(ctx, id, b); err != nil {
					s.log.Warn("double-dummy table", "event", id, "board", n, "err", err)
				} else {
					b = sb
				}
				cancel()
			}
			h := handOf(b)
			hv = &h
		}
	}
	if hv == nil {
		httpError(w, r, http.StatusNotFound, fmt.Sprintf("no board %d", n))
		return
	}
	rows, top, err := s.travellerRows(r, id, n)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	vis, _ := s.visible(r.Context(), id, n)
	ev, _ := s.st.Event(r.Context(), id)
	groups := travGroups(rows)
	s.render(w, r, "board.html", map[string]any{"E": ev, "N": n, "Rows": rows, "Groups": groups, "Fouled": len(groups) > 1 || len(groups) == 1 && groups[0].Form != 0, "Top": top, "Hand": hv, "ShowHand": vis, "Back": back, "Unit": rowUnit(ev),
		"Strains": []string{"NT", "♠", "♥", "♦", "♣"}, "Seats": []string{"N", "E", "S", "W"}})
}

func (s *Server) scorecard(w http.ResponseWriter, r *http.Request, id int64) {
	n, err := pathInt(r, "n")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ev, _ := s.st.Event(r.Context(), id)
	st, _, err := s.standings(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var me *Standing
	for i := range st {
		if st[i].Pair == n {
			me = &st[i]
		}
	}
	ens, _ := s.st.Entrants(r.Context(), id)
	found := false
	for _, e := range ens {
		found = found || e.Number == n
	}
	if !found {
		httpError(w, r, http.StatusNotFound, fmt.Sprintf("no %s %d", strings.ToLower(store.UnitName(event.Kind(ev.Kind))), n))
		return
	}
	as, _ := s.assignments(r.Context(), id)
	type line struct {
		travRow
		Board    int
		Opponent int
		Dir      string
		Score    int
		MP       float64
	}
	// An individual table seats four players (N, E, S, W); the table's
	// NS and EW are North and East, so South and West are found here.
	seats := map[[2]int][]int{}
	if sk, _ := s.st.Skeleton(r.Context(), id); sk != nil && sk.Kind == event.Individual {
		for _, rd := range sk.Rounds() {
			for _, m := range rd.Matches {
				seats[[2]int{rd.Number, m.Table}] = m.Players
			}
		}
	}
	var lines []line
	for _, a := range as {
		players := seats[[2]int{a.Round, a.Table}]
		if !a.Active() || (a.NS != n && a.EW != n && !slices.Contains(players, n)) {
			continue
		}
		eastWest := a.EW == n || (len(players) == 4 && (players[bridge.East] == n || players[bridge.West] == n))
		for _, b := range a.Boards {
			rows, _, _ := s.travellerRows(r, id, b)
			for _, x := range rows {
				if x.Round != a.Round || x.Table != a.Table {
					continue
				}
				l := line{travRow: x, Board: b, Dir: "NS", Score: x.Score, MP: x.NSMP, Opponent: x.EWCards}
				if x.EWCards == n || (eastWest && !a.Switch) {
					l.Dir, l.Score, l.MP, l.Opponent = "EW", -x.Score, x.EWMP, x.NSCards
				}
				lines = append(lines, l)
			}
		}
	}
	s.render(w, r, "scorecard.html", map[string]any{"E": ev, "Pair": n, "Me": me, "Lines": lines, "Unit": rowUnit(ev), "Who": store.UnitName(event.Kind(ev.Kind))})
}

func (s *Server) handRecords(w http.ResponseWriter, r *http.Request, id int64) {
	over, err := s.sessionOver(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !over && !s.isDirector(r) {
		httpError(w, r, http.StatusForbidden, "the hand records are shown once the session is over")
		return
	}
	bs, err := s.st.Boards(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ev, _ := s.st.Event(r.Context(), id)
	var hs []handView
	for _, b := range bs {
		hs = append(hs, handOf(b))
	}
	s.render(w, r, "hands.html", map[string]any{"E": ev, "Hands": hs, "Strains": []string{"NT", "♠", "♥", "♦", "♣"}, "Seats": []string{"N", "E", "S", "W"}})
}
