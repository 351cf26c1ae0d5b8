package laws

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/regulation"
)

// Laws 79, 87 and 90 as rulings on the table log, after the play.
//
//	79A: the tricks won are agreed before the hands go back into the
//	     board; no player may knowingly accept a trick his side did not
//	     win. 79B: a later disagreement: 79B1 if there was a claim or
//	     concession, Law 69B or 71 applies ("withdraws-agreement"); 79B2
//	     (1997 79B) otherwise the Director rules the score from the play;
//	     2017 79B3: called after the round, he changes the score for both
//	     sides only when clearly convinced of the table result (the log of
//	     the play convinces him), 1997 79B: after the round he need not
//	     increase a side's score. 79C (2017 79C1): an error in recording
//	     the agreed score is corrected within the correction period; after
//	     it, 2017 79C2 only with the Tournament Organizer's approval, the
//	     Director being sure beyond reasonable doubt; 1997 not at all.
//	     Record, Dispute, EndOfRound, EndOfCorrection.
//	87:  a board whose cards were displaced (87A) is scored as a fouled
//	     board: only tables that played the same form are compared (87B;
//	     score.Result.Group; the event numbers the forms from the deals
//	     played, event.FouledForm). Fouled.
//	90:  procedural penalties the Director may add to any rectification
//	     (90A), for the offences of 90B1–90B8. Procedural.
//
// Package event takes the ruled board into the event through one function,
// event.Event.ApplyRuling (and Desk.ApplyRuling; "bridgetd rule --event"):
// the tricks scored, the fouled form as score.Result.Group, and the
// procedural penalties as fines in the offences register.

// Record records the number of tricks declarer's side was recorded as
// winning (the agreed score, 79A).
func (p *Play) Record(seat bridge.Seat, n int) error {
	if !p.Ended() {
		return fmt.Errorf("laws: %w: the tricks are recorded after the play (Law 79A)", ErrBadEvent)
	}
	p.recorded = &n
	won := p.DeclarerTricks()
	if n == won {
		return nil
	}
	law := p.law("79C", "79C1")
	r := p.newRuling(law, seat, fmt.Sprintf("the score was recorded with declarer winning %d tricks; the play gives him %d", n, won))
	if p.correctionOver {
		return p.lateCorrection(r, won)
	}
	p.recorded = &won
	r.summary(fmt.Sprintf("an error in recording the agreed score is corrected within the correction period: declarer's tricks are %d (%s)", won, law))
	return nil
}

// lateCorrection rules a correction asked for after the correction period.
func (p *Play) lateCorrection(r *Ruling, won int) error {
	if p.is97() {
		r.cite("79C")
		r.summary(fmt.Sprintf("the correction period has expired: the recorded score stands, declarer %d tricks (79C)", *p.recorded))
		return nil
	}
	r.cite("79C2")
	r.summary(fmt.Sprintf("after the correction period the score is corrected to declarer %d tricks only with the Tournament Organizer's approval, the Director being satisfied beyond reasonable doubt that the record is wrong (79C2)", won))
	return nil
}

// HandsReturned records that all four hands have been returned to the
// board (79A1: the tricks won should have been agreed before).
func (p *Play) HandsReturned() error {
	if !p.Ended() {
		return fmt.Errorf("laws: %w: the hands go back into the board after the play (Law 79A)", ErrBadEvent)
	}
	p.handsBack = true
	return nil
}

// AgreeTricks records that the players agreed declarer's side won n
// tricks (79A1). Agreed after all four hands went back to the board, it
// breaches 79A1 (the cards can no longer be checked; 65D). A number that
// differs from the play gives a side a trick it did not win, or concedes
// one the opponents could not lose: 79A2 forbids accepting it knowingly,
// and the Director rules the score from the play (79B2; after the round
// 79B3, 1997 79B; after the correction period 79C).
func (p *Play) AgreeTricks(seat bridge.Seat, n int) error {
	seat &= 3
	if !p.Ended() {
		return fmt.Errorf("laws: %w: the tricks are agreed after the play (Law 79A)", ErrBadEvent)
	}
	won := p.DeclarerTricks()
	if p.handsBack {
		r := p.newRuling(p.law("79A", "79A1"), seat, fmt.Sprintf("the tricks (declarer %d) were agreed after all four hands had gone back into the board", n))
		r.summary(fmt.Sprintf("the number of tricks must be agreed before the hands go back (%s); the played cards can no longer be checked (65D), and the Director rules from the play known to him", p.law("79A", "79A1")))
	}
	if n == won {
		p.recorded = &n
		return nil
	}
	what := fmt.Sprintf("the players agreed declarer won %d tricks; the play gives him %d", n, won)
	gainer := p.declarer.Side()
	if n < won {
		gainer = gainer.Opponents()
	}
	r := p.newRuling(p.law("79A", "79A2"), seat, what)
	r.summary(fmt.Sprintf("the agreement gives %s a trick it did not win (or concedes one %s could not lose): no player may knowingly accept it (%s); a procedural penalty may follow (Law 90)", gainer, gainer, p.law("79A", "79A2")))
	p.recorded = &n
	return p.Dispute(seat, won)
}

// ScoredTricks returns declarer's tricks to be scored: the recorded
// number as corrected under Law 79, or the tricks of the play.
func (p *Play) ScoredTricks() int {
	if p.recorded != nil {
		return *p.recorded
	}
	return p.DeclarerTricks()
}

// Dispute records that seat disputes the tricks recorded, saying
// declarer won n (n < 0 when he does not say) (79B).
func (p *Play) Dispute(seat bridge.Seat, n int) error {
	if !p.Ended() {
		return fmt.Errorf("laws: %w: the tricks are disputed after the play (Law 79B)", ErrBadEvent)
	}
	won := p.DeclarerTricks()
	rec := won
	if p.recorded != nil {
		rec = *p.recorded
	}
	what := fmt.Sprintf("%s disputes the tricks won (recorded: declarer %d)", seat, rec)
	if n >= 0 {
		what = fmt.Sprintf("%s says declarer won %d tricks, not %d", seat, n, rec)
	}
	if p.correctionOver {
		r := p.newRuling(p.law("79C", "79C2"), seat, what)
		if rec == won {
			r.summary(fmt.Sprintf("the record agrees with the play: declarer %d tricks", won))
			return nil
		}
		return p.lateCorrection(r, won)
	}
	if c := p.claim; c != nil && len(c.Agreed) > 0 && !c.Withdrawn {
		r := p.newRuling("79B1", seat, what)
		r.summary("the tricks come from an agreed claim or concession: Law 69B (or 71 for a concession) applies, by withdrawing the agreement within the correction period (79B1)")
		return nil
	}
	if p.roundOver {
		if p.is97() {
			r := p.newRuling("79B", seat, what+", after the round")
			gainer := p.declarer.Side() // the side a change to the play's figure favours
			if won < rec {
				gainer = gainer.Opponents()
			}
			if won != rec && seat.Side() == gainer {
				r.summary(fmt.Sprintf("called after the round ended: the Director need not increase the disputing side's score, and the record of declarer %d tricks stands (79B)", rec))
				return nil
			}
			p.recorded = &won
			r.summary(fmt.Sprintf("the Director rules from the play: declarer %d tricks (79B)", won))
			return nil
		}
		r := p.newRuling("79B3", seat, what+", after the round")
		p.recorded = &won
		r.summary(fmt.Sprintf("called after the round ended: the play is known card by card, so the Director is clearly convinced and the score is changed for both sides: declarer %d tricks (79B3)", won))
		return nil
	}
	law := p.law("79B", "79B2")
	r := p.newRuling(law, seat, what)
	p.recorded = &won
	r.summary(fmt.Sprintf("the Director rules the score to be recorded from the play: declarer %d tricks (%s)", won, law))
	return nil
}

// EndOfRound records that the round has ended (79B3; 1997 79B).
func (p *Play) EndOfRound() error {
	if !p.Ended() {
		return fmt.Errorf("laws: %w: the round ends after the play", ErrBadEvent)
	}
	p.roundOver = true
	return nil
}

// EndOfCorrection records that the correction period has expired (79C).
func (p *Play) EndOfCorrection() error {
	if !p.Ended() {
		return fmt.Errorf("laws: %w: the correction period runs after the play", ErrBadEvent)
	}
	p.roundOver, p.correctionOver = true, true
	return nil
}

// ProceduralPenalty is a penalty the Director adds under Law 90 to any
// rectification: the offender, the clause, the offence and the amount (in
// the regulation's terms; zero when the log does not say).
type ProceduralPenalty struct {
	Seat    bridge.Seat        `json:"seat"`
	Law     string             `json:"law"`
	Offence string             `json:"offence"`
	Penalty regulation.Penalty `json:"penalty"`
}

// offences are the offences of Law 90B (both codes), by their log word.
var offences = map[string]string{
	"late": "90B1", "slow": "90B2", "discussion": "90B3", "comparing": "90B4",
	"touching": "90B5", "pocket": "90B6", "procedure": "90B7", "instructions": "90B8",
}

func offenceNames() []string {
	var out []string
	for k := range offences {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// parseFine reads a penalty amount: 10% (of a top), 1VP, or warning.
func parseFine(s string) (regulation.Penalty, error) {
	l := strings.ToLower(s)
	switch {
	case l == "warning":
		return regulation.Penalty{Warning: true}, nil
	case strings.HasSuffix(l, "%"):
		v, err := strconv.ParseFloat(strings.TrimSuffix(l, "%"), 64)
		if err == nil && v > 0 && v <= 100 {
			return regulation.Penalty{TopPercent: v}, nil
		}
	case strings.HasSuffix(l, "vp"):
		v, err := strconv.ParseFloat(strings.TrimSuffix(l, "vp"), 64)
		if err == nil && v > 0 && v <= 100 {
			return regulation.Penalty{VP: v}, nil
		}
	}
	return regulation.Penalty{}, fmt.Errorf("penalty %q: want a percentage of a top (10%%), victory points (1VP) or warning", s)
}

// Procedural records a procedural penalty (Law 90) on seat: word is the
// offence, optionally followed by the amount.
func (p *Play) Procedural(seat bridge.Seat, word string) error {
	seat &= 3
	off, amount, _ := cutWord(word)
	law, ok := offences[off]
	if !ok {
		return fmt.Errorf("laws: %w: offence %q (want one of %s)", ErrBadEvent, off, strings.Join(offenceNames(), ", "))
	}
	pp := ProceduralPenalty{Seat: seat, Law: law, Offence: off}
	if amount != "" {
		pen, err := parseFine(amount)
		if err != nil {
			return fmt.Errorf("laws: %w: %v", ErrBadEvent, err)
		}
		pp.Penalty = pen
	}
	p.penalties = append(p.penalties, pp)
	r := p.newRuling(law, seat, fmt.Sprintf("%s: %s (Law %s)", seat, off, law))
	how := "the amount is the regulation's"
	if amount != "" {
		how = pp.Penalty.String()
	}
	r.summary(fmt.Sprintf("a procedural penalty on %s's side in addition to any rectification (90A; %s): %s", seat, law, how))
	return nil
}

// ProceduralPenalties returns the Law 90 penalties recorded.
func (p *Play) ProceduralPenalties() []ProceduralPenalty {
	return append([]ProceduralPenalty(nil), p.penalties...)
}

// FouledBoard is a board found fouled (Law 87): the deal it should have
// held, the deal played, and the cards that were in another hand.
type FouledBoard struct {
	Board     bridge.Deal   `json:"board"`
	Played    bridge.Deal   `json:"played"`
	Displaced []bridge.Card `json:"displaced"`
}

// Fouled records that the board as it should have been is board: the
// deal played here differs from it (87A) and is scored as a fouled board
// (87B).
func (p *Play) Fouled(board bridge.Deal) error {
	var moved []bridge.Card
	first := bridge.North
	for _, c := range bridge.Pack() {
		a, _ := board.Holder(c)
		b, _ := p.dealt.Holder(c)
		if a != b {
			if len(moved) == 0 {
				first = b
			}
			moved = append(moved, c)
		}
	}
	if len(moved) == 0 {
		r := p.newRuling("87A", bridge.North, "the board was said to be fouled")
		r.summary("the deal played is the board's own: the board is not fouled and is scored normally (87A)")
		return nil
	}
	p.fouled = &FouledBoard{Board: board, Played: p.dealt, Displaced: moved}
	r := p.newRuling("87B", first, fmt.Sprintf("the deal played differs from the board's: %s in another hand", cardList(moved)))
	r.summary("the board is fouled (87A): this table's result is compared only with the results of tables that played the same form (87B)")
	return nil
}

// FouledBoard returns the fouled board recorded, or nil.
func (p *Play) FouledBoard() *FouledBoard { return p.fouled }
