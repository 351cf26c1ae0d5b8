package server

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/laws"
)

// The director's ruling desk for one board at one table: the table log
// ruled by laws.Rule (as "bridgetd rule") and a claim decided by
// laws.AdjudicateAfter (laws.Adjudicate, as "bridgetd claim"), with what
// the ruling fixes offered for the board's result through the console's
// own writes (a correction, an adjusted score, a fine), each confirmed
// first on a page that shows the change.

// desk is one board at one table as the ruling desk shows it.
type desk struct {
	ID      int64
	Key     store.Key
	Board   store.Board
	Cur     store.Current
	Scoring string
	// NSPair and EWPair are the pairs that held the North–South and the
	// East–West cards (store.Assignment.CardPairs).
	NSPair, EWPair int
	// Laws is the event's code of laws, the desk's default edition.
	Laws string
	// Forms are the fouled forms (Law 87) other tables' results of the
	// board are recorded in, by form: the North–South pairs that played
	// each.
	Forms map[int][]int
	// Event is the event file (store.EventFile), read when a ruling finds
	// the board fouled: the deals the other tables played number the form
	// (nextForm).
	Event *event.Event
}

// nextForm is the form the desk proposes for the fouled board this table
// played as played: numbered from the deals the board's other tables
// played, as the event file records them (event.FouledForm, Law 87B:
// tables that played the same deal share a form, a new deal takes the
// next free number). The director confirms it or gives another, which
// the form's correction keeps with the deal; the correction checks it by
// the same rule (store.Correction), refusing a number that contradicts
// the deals recorded.
func (d desk) nextForm(played bridge.Deal) (int, error) {
	if d.Event == nil {
		return 0, fmt.Errorf("%w: the event file is not read", store.ErrInvalid)
	}
	match, closed := store.MatchOf(store.TwoRooms(d.Event), d.Key.Table) // at teams a room of the match
	return d.Event.FouledForm(d.Key.Round, match, closed, d.Key.Board, played, 0)
}

// deskForm is what the director typed on the desk, shown again with the
// answer so that nothing typed is lost.
type deskForm struct {
	Log, Edition                     string
	Deal, Contract, Declarer, Played string
	Claimer, Tricks, Statement, Kind string
	Aware                            bool
}

// proposal is a change to the board's result that a ruling or an award
// fixes, offered to the director to apply (after confirming it).
type proposal struct {
	Apply string // result, form, ruling or fine
	Title string
	// result
	Contract, Declarer string
	Tricks             int
	// ruling
	Kind, Law string
	// form: the fouled form the result was played in (Law 87)
	Form int
	// fine
	// Played is the deal the table played on a fouled form (PBN from
	// North), kept with the form (store.Correction.Played).
	Played           string
	Pair             int
	Amount, FineKind string
	Why              string
	// Same marks a result that is already the board's: nothing to apply.
	Same bool
}

// editions are the codes of laws the desk offers: the event's own
// (store.Event.Laws, 2017 unless set to 1997) unless the director picks
// the other for a ruling.
var editions = []string{"2017", "1997"}

// loadDesk reads the board at the table in the round named by get (round,
// table, board): it must be played there.
func (s *Server) loadDesk(r *http.Request, id int64, get func(string) string) (desk, error) {
	ctx := r.Context()
	k, err := keyOf(get)
	if err != nil {
		return desk{}, err
	}
	d := desk{ID: id, Key: k}
	ev, err := s.st.Event(ctx, id)
	if err != nil {
		return d, err
	}
	d.Scoring, d.Laws = ev.Scoring, ev.Laws
	as, err := s.st.Assignments(ctx, id)
	if err != nil {
		return d, err
	}
	found := false
	for _, a := range as {
		if a.Round == k.Round && a.Table == k.Table && a.Active() && a.Plays(k.Board) {
			d.NSPair, d.EWPair = a.CardPairs()
			found = true
		}
	}
	if !found {
		return d, fmt.Errorf("%w: board %d is not played at table %d in round %d", store.ErrInvalid, k.Board, k.Table, k.Round)
	}
	bs, err := s.st.Boards(ctx, id)
	if err != nil {
		return d, err
	}
	found = false
	for _, b := range bs {
		if int(b.Number) == k.Board {
			d.Board, found = b, true
		}
	}
	if !found {
		return d, fmt.Errorf("%w: board %d has no deal", store.ErrNotFound, k.Board)
	}
	if d.Cur, err = s.st.CurrentResult(ctx, id, k); err != nil {
		return d, err
	}
	trav, err := s.st.Travellers(ctx, id)
	if err != nil {
		return d, err
	}
	for _, b := range trav {
		if b.Number != k.Board {
			continue
		}
		for _, x := range b.Results {
			if x.Group != 0 && !(x.NS == d.NSPair && x.EW == d.EWPair) {
				if d.Forms == nil {
					d.Forms = map[int][]int{}
				}
				d.Forms[x.Group] = append(d.Forms[x.Group], x.NS)
			}
		}
	}
	return d, nil
}

// entered returns the contract and declarer of the board's result, if one
// is entered.
func (d desk) entered() (*bridge.Contract, bridge.Seat) {
	if d.Cur.Result == nil {
		return nil, bridge.North
	}
	c, err := bridge.ParseContract(d.Cur.Result.Contract)
	if err != nil {
		return nil, bridge.North
	}
	decl, _ := bridge.ParseSeat(d.Cur.Result.Declarer)
	return &c, decl
}

// has reports whether the board's result is already the one p proposes.
func (d desk) has(p proposal) bool {
	res := d.Cur.Result
	if res == nil || p.Apply != "result" {
		return false
	}
	c, err := bridge.ParseContract(p.Contract)
	if err != nil || c.String() != res.Contract {
		return false
	}
	return c.IsPassedOut() || (p.Declarer == res.Declarer && p.Tricks == res.Tricks)
}

// startForm is the desk's forms as first shown: the log begun with the
// board (laws.LogStart), the claim's deal and contract from the board.
func (d desk) startForm() deskForm {
	c, decl := d.entered()
	f := deskForm{Log: laws.LogStart(d.Key.Board, d.Board.Dealer, d.Board.Vulnerability, d.Board.Deal, c, decl),
		Edition: cmp.Or(d.Laws, "2017"), Deal: d.Board.Deal.Format(bridge.North), Kind: laws.Contested, Declarer: "N", Claimer: "N"}
	if c != nil && !c.IsPassedOut() {
		f.Contract, f.Declarer, f.Claimer = c.ASCII(), decl.String(), decl.String()
	}
	return f
}

// readDeskForm reads the desk's fields from a posted form over f: a field
// the form did not send (the other form's) keeps f's value.
func readDeskForm(r *http.Request, f deskForm) deskForm {
	for name, into := range map[string]*string{"log": &f.Log, "edition": &f.Edition, "deal": &f.Deal, "contract": &f.Contract,
		"declarer": &f.Declarer, "played": &f.Played, "claimer": &f.Claimer, "tricks": &f.Tricks, "statement": &f.Statement, "kind": &f.Kind} {
		if v, sent := r.PostForm[name]; sent && len(v) > 0 {
			*into = v[0]
			if name != "log" {
				*into = strings.TrimSpace(v[0])
			}
		}
	}
	if _, claim := r.PostForm["claimer"]; claim {
		f.Aware = r.PostFormValue("aware") == "1"
	}
	return f
}

// edition reads the code of laws picked on the desk.
func (f deskForm) edition() (laws.Edition, error) {
	ed, err := laws.ParseEdition(f.Edition)
	if err != nil {
		return 0, fmt.Errorf("%w: edition %q: want 1997 or 2017", store.ErrInvalid, f.Edition)
	}
	return ed, nil
}

// renderDesk shows the desk with its answers; a refusal (err) is shown on
// the page with status code, the director's input kept.
func (s *Server) renderDesk(w http.ResponseWriter, r *http.Request, d desk, f deskForm, data map[string]any, code int) {
	if data == nil {
		data = map[string]any{}
	}
	data["D"], data["F"], data["Seats"], data["Editions"] = d, f, seatNames, editions
	data["Kinds"] = []string{laws.Contested, laws.Conceded, laws.Acquiesced}
	if code != http.StatusOK {
		w.WriteHeader(code)
	}
	s.render(w, r, "rulings.html", data)
}

// deskPage shows the ruling desk of a board at a table.
func (s *Server) deskPage(w http.ResponseWriter, r *http.Request, id int64) {
	d, err := s.loadDesk(r, id, r.URL.Query().Get)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.renderDesk(w, r, d, d.startForm(), nil, http.StatusOK)
}

// deskInput parses the posted form and loads the desk it names.
func (s *Server) deskInput(w http.ResponseWriter, r *http.Request, id int64) (desk, deskForm, bool) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return desk{}, deskForm{}, false
	}
	d, err := s.loadDesk(r, id, r.PostFormValue)
	if err != nil {
		s.fail(w, r, err)
		return d, deskForm{}, false
	}
	return d, readDeskForm(r, d.startForm()), true
}

// refuse shows the desk again with the reason the input was refused (400).
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, d desk, f deskForm, field string, err error) {
	if wantsJSON(r) {
		httpError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "store: "), "laws: ")
	s.renderDesk(w, r, d, f, map[string]any{field: msg}, http.StatusBadRequest)
}

// deskRule rules on the table log as "bridgetd rule" does (laws.Rule).
func (s *Server) deskRule(w http.ResponseWriter, r *http.Request, id int64) {
	d, f, ok := s.deskInput(w, r, id)
	if !ok {
		return
	}
	ed, err := f.edition()
	if err != nil {
		s.refuse(w, r, d, f, "RuleError", err)
		return
	}
	res, err := laws.Rule(strings.NewReader(f.Log), ed)
	if err != nil {
		s.refuse(w, r, d, f, "RuleError", err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, res)
		return
	}
	if res.Play != nil {
		f = f.fromPlay(res.Play)
		if res.Play.FouledBoard != nil {
			if d.Event, err = s.st.EventFile(r.Context(), id); err != nil {
				s.refuse(w, r, d, f, "RuleError", err)
				return
			}
		}
	}
	s.renderDesk(w, r, d, f, map[string]any{"Rule": res, "Rulings": allRulings(res), "Proposals": ruleProposals(d, res)}, http.StatusOK)
}

// fromPlay fills the claim form from the play of the log ruled: its deal,
// the contract and declarer, the cards played in order and the claim or
// concession the log records, so that a claim made there is decided on
// the position the log reached.
func (f deskForm) fromPlay(pl *laws.PlayResult) deskForm {
	if lg, err := laws.ParseLog(strings.NewReader(f.Log)); err == nil && lg.Deal != nil {
		f.Deal = lg.Deal.Format(bridge.North)
	}
	f.Contract, f.Declarer = pl.Contract.ASCII(), pl.Declarer.String()
	var ws []string
	for _, c := range pl.Played() {
		ws = append(ws, c.ASCII())
	}
	f.Played = strings.Join(ws, " ")
	if cl := pl.Claim; cl != nil {
		f.Claimer, f.Tricks, f.Statement, f.Kind = cl.Seat.String(), strconv.Itoa(cl.Tricks), cl.Statement, laws.Contested
		if cl.Kind == "concession" {
			f.Kind = laws.Conceded
		}
	}
	return f
}

// deskClaim decides a claim as "bridgetd claim" does (laws.Adjudicate, on
// the position after the cards played: laws.AdjudicateAfter).
func (s *Server) deskClaim(w http.ResponseWriter, r *http.Request, id int64) {
	d, f, ok := s.deskInput(w, r, id)
	if !ok {
		return
	}
	in, err := f.claim()
	if err != nil {
		s.refuse(w, r, d, f, "ClaimError", err)
		return
	}
	aw, total, err := laws.AdjudicateAfter(in.ed, f.Kind, in.deal, in.contract, in.declarer, in.played, in.claim)
	if err != nil {
		s.refuse(w, r, d, f, "ClaimError", err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, map[string]any{"awarded": aw.Tricks, "restorable": aw.Restorable, "remaining": aw.Remaining, "law": aw.Law,
			"reasons": aw.Reasons, "line": aw.Line, "declarer_tricks": total})
		return
	}
	p := proposal{Apply: "result", Contract: in.contract.ASCII(), Declarer: in.declarer.String(), Tricks: total,
		Why: fmt.Sprintf("claim by %s ruled under Law %s: %d of the %d tricks left to his side", in.claim.Claimer, aw.Law, aw.SideTricks(f.Kind), aw.Remaining)}
	p.Title = fmt.Sprintf("Score %s by %s with %d tricks", in.contract, in.declarer, total)
	p.Same = d.has(p)
	s.renderDesk(w, r, d, f, map[string]any{"Award": aw, "Explain": aw.Explain(), "Total": total, "Proposals": []proposal{p}}, http.StatusOK)
}

// claimInput is a claim form parsed.
type claimInput struct {
	ed       laws.Edition
	deal     bridge.Deal
	contract bridge.Contract
	declarer bridge.Seat
	played   []bridge.Card
	claim    laws.Claim
}

// claim parses the claim form, naming the field at fault.
func (f deskForm) claim() (claimInput, error) {
	var in claimInput
	var err error
	bad := func(field string, err error) (claimInput, error) {
		return in, fmt.Errorf("%w: %s: %v", store.ErrInvalid, field, err)
	}
	if in.ed, err = f.edition(); err != nil {
		return in, err
	}
	if in.deal, err = bridge.ParseDeal(f.Deal); err != nil {
		return bad("deal", err)
	}
	if in.contract, err = bridge.ParseContract(f.Contract); err != nil {
		return bad("contract", err)
	}
	if in.contract.IsPassedOut() {
		return bad("contract", errors.New("a passed-out board has no play to claim"))
	}
	if in.declarer, err = bridge.ParseSeat(f.Declarer); err != nil {
		return bad("declarer", err)
	}
	if in.played, err = laws.ParseCards(f.Played); err != nil {
		return bad("cards played", err)
	}
	if in.claim.Claimer, err = bridge.ParseSeat(f.Claimer); err != nil {
		return bad("claimer", err)
	}
	if in.claim.Tricks, err = intValue("tricks", f.Tricks, 0, 13); err != nil {
		return in, err
	}
	if in.claim.Statement, err = laws.ParseStatement(f.Statement); err != nil {
		return bad("statement", err)
	}
	in.claim.Aware = f.Aware
	return in, nil
}

// allRulings lists the rulings of the auction and of the play, in order.
func allRulings(res laws.Result) []*laws.Ruling {
	out := append([]*laws.Ruling(nil), res.Rulings...)
	if res.Play != nil {
		out = append(out, res.Play.Rulings...)
	}
	return out
}

// ruleProposals are the changes to the board's result that the log's
// rulings fix: the tricks to score once the play is over (claims, Law 64
// transfers and Law 79 corrections included), an adjusted score where a
// ruling gives one (Law 12C) or for a fouled board (Law 87B), a fine for a
// procedural penalty (Law 90) that is more than a warning.
func ruleProposals(d desk, res laws.Result) []proposal {
	var out []proposal
	switch {
	case res.Contract != nil && res.Contract.PassedOut:
		out = append(out, proposal{Apply: "result", Title: "Score the board as passed out", Contract: "Pass", Declarer: "N",
			Why: "passed out, as the table log shows"})
	case res.Play != nil && res.Play.Ended:
		pl := res.Play
		why := []string{fmt.Sprintf("%d tricks won in play", pl.WonNS+pl.WonEW)}
		if cl := pl.Claim; cl != nil && cl.Awarded != nil {
			why = append(why, fmt.Sprintf("%s by %s ruled under Law %s", cl.Kind, cl.Seat, cl.Law))
		}
		for _, ru := range pl.Rulings {
			if strings.HasPrefix(ru.Law, "64") || strings.HasPrefix(ru.Law, "67B") || strings.HasPrefix(ru.Law, "79") {
				why = append(why, "Law "+ru.Law+": "+ru.Outcome)
			}
		}
		out = append(out, proposal{Apply: "result", Title: fmt.Sprintf("Score %s by %s with %d tricks", pl.Contract, pl.Declarer, pl.ScoredTricks),
			Contract: pl.Contract.ASCII(), Declarer: pl.Declarer.String(), Tricks: pl.ScoredTricks, Why: strings.Join(why, "; ")})
	}
	for i := range out {
		out[i].Same = d.has(out[i])
	}
	for _, ru := range allRulings(res) {
		if adj := ru.Rect.AdjustedScore; adj != "" {
			kind := store.RulingAssigned
			if strings.Contains(adj, "artificial") {
				kind = store.RulingArtificial
			}
			out = append(out, proposal{Apply: "ruling", Title: "Adjusted score under Law " + ru.Law, Kind: kind, Law: ru.Law, Why: adj})
		}
	}
	if res.Play != nil {
		if res.Play.FouledBoard != nil {
			why := "fouled board: the deal played differs from the board (Law 87A); the result stands and is scored only against the tables that played the same form (Law 87B)"
			if (store.Event{Scoring: d.Scoring}).TwoRooms() {
				// 2017 Law 87 sends teams scoring to Law 86B.
				why += "; at teams the rooms are compared only when both played the same form, else record an adjusted score (Law 86B)"
			}
			played := res.Play.FouledBoard.Played
			p := proposal{Apply: "form", Title: "Fouled board (Law 87): score the result in its form", Law: "87B", Why: why, Played: played.String()}
			if f, err := d.nextForm(played); err == nil {
				p.Form = f
				why += fmt.Sprintf("; form %d: numbered from the deals the tables played (the same deal, the same form)", f)
			} else {
				why += "; give the form a number (" + err.Error() + ")"
			}
			p.Why = why
			out = append(out, p)
		}
		for _, pp := range res.Play.ProceduralPenalties {
			if pp.Penalty.VP == 0 && pp.Penalty.TopPercent == 0 {
				continue // a warning: nothing to score
			}
			ns, ew := d.NSPair, d.EWPair
			pair := ns
			if pp.Seat.Side() == bridge.EW {
				pair = ew
			}
			p := proposal{Apply: "fine", Pair: pair, FineKind: string(event.ProceduralKind(pp.Law)), Law: pp.Law,
				Title: fmt.Sprintf("Procedural penalty on %s (Law %s, %s): %s", pp.Seat, pp.Law, pp.Offence, pp.Penalty),
				Why:   fmt.Sprintf("Law %s: %s by %s, board %d", pp.Law, pp.Offence, pp.Seat, d.Key.Board)}
			if d.Scoring == "matchpoints" {
				p.Amount = strconv.FormatFloat(pp.Penalty.TopPercent, 'g', -1, 64)
			}
			out = append(out, p)
		}
	}
	return out
}

// deskApply shows what applying a proposal changes and asks the director
// to confirm: the confirmation posts to the console's own write (the
// correction with its revision, the adjusted score, the fine), which
// records who, when and why.
func (s *Server) deskApply(w http.ResponseWriter, r *http.Request, id int64) {
	if err := parseForm(r); err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.loadDesk(r, id, r.PostFormValue)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := func(name string) string { return strings.TrimSpace(r.PostFormValue(name)) }
	p := proposal{Apply: v("apply"), Contract: v("contract"), Declarer: v("declarer"), Kind: v("kind"), Law: v("law"),
		Amount: v("amount"), FineKind: v("fine_kind"), Why: v("why"), Played: v("played")}
	data := map[string]any{"D": d, "Seats": seatNames}
	switch p.Apply {
	case "result":
		c, err := bridge.ParseContract(p.Contract)
		if err != nil {
			s.fail(w, r, fmt.Errorf("%w: contract %q: %v", store.ErrInvalid, p.Contract, err))
			return
		}
		decl, err := bridge.ParseSeat(p.Declarer)
		if err != nil && !c.IsPassedOut() {
			s.fail(w, r, fmt.Errorf("%w: declarer: want N, E, S or W", store.ErrInvalid))
			return
		}
		if !c.IsPassedOut() {
			if p.Tricks, err = formInt(r, "tricks", 0, 13); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		p.Contract = c.ASCII()
		data["New"] = c.String()
		data["Score"] = bridge.Score(c, decl, p.Tricks, d.Board.Vulnerability)
	case "ruling":
		switch p.Kind {
		case store.RulingAssigned, store.RulingSplit, store.RulingWeighted, store.RulingArtificial:
		default:
			s.fail(w, r, fmt.Errorf("%w: kind %q: want assigned, split, weighted or artificial", store.ErrInvalid, p.Kind))
			return
		}
	case "form":
		if d.Cur.Result == nil || d.Cur.Result.Status != store.Confirmed {
			s.fail(w, r, fmt.Errorf("%w: board %d at table %d round %d has no confirmed result to score in a fouled form (Law 87)", store.ErrInvalid, d.Key.Board, d.Key.Table, d.Key.Round))
			return
		}
		if v("form") != "" { // none: the director gives it on the next page
			if p.Form, err = formInt(r, "form", 1, 99); err != nil {
				s.fail(w, r, err)
				return
			}
		}
		if p.Played != "" {
			if _, err := bridge.ParseDeal(p.Played); err != nil {
				s.fail(w, r, fmt.Errorf("%w: played %q: %v", store.ErrInvalid, p.Played, err))
				return
			}
		}
	case "fine":
		if p.Pair, err = formInt(r, "pair", 1, 10000); err != nil {
			s.fail(w, r, err)
			return
		}
	default:
		s.fail(w, r, fmt.Errorf("%w: apply %q: want result, form, ruling or fine", store.ErrInvalid, p.Apply))
		return
	}
	data["P"] = p
	s.render(w, r, "rulings_apply.html", data)
}
