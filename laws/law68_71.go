package laws

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
)

// Claims and concessions in the play (Laws 68–71): the table records them
// and settles them with an Adjudicator (claim.go).
//
//	68A/B: a claim of tricks concedes the rest; abandoning the hand
//	       concedes all; 68B2: a defender's concession his partner objects
//	       to at once is no concession, play goes on (Law 16 may apply).
//	68D: play stops; an agreed claim is scored as claimed (69A), a
//	       contested one is adjudicated (70, 71).
//	71.1 (1997 71A): a concession of a trick already won cannot arise
//	       here: a claim or concession counts only the tricks left, the
//	       tricks won in play are kept by the table.
//	63A3 (2017 63A3–A4): a claim or concession by the offending side, or
//	       its agreement to one, establishes a revoke.
//	13C:   a player who played a card foreign to the deal to a quitted
//	       trick holds a card of his own more than the others; play goes
//	       on without rectification and he may claim, concede or agree
//	       like anyone. The tricks left are counted from the others'
//	       hands, and the Director rules a disputed claim or concession
//	       once for each card the holder may be left with at the end
//	       (keptBack): the least favourable to the claimer's side stands
//	       (70A: doubtful points against the claimer; the opponents'
//	       best defence when the holder is an opponent).

// ClaimRecord is a claim or concession made at the table and its outcome.
type ClaimRecord struct {
	Seat       bridge.Seat
	Concession bool // a concession (the side gives up Tricks of those left... see Tricks)
	// Tricks is the number of the remaining tricks the claimer's side
	// claims (for a concession: the number it keeps).
	Tricks    int
	Statement Statement
	Position  ClaimPosition
	Line      int
	// KeptBack is the card of his own that Holder, left a card more than
	// the others by a surplus card he played (13C), is taken to keep to
	// the end of the play: it is not in Position. Zero when every hand is
	// even; the Director's ruling fixes it (Play.decide).
	KeptBack  bridge.Card
	Holder    bridge.Seat
	Agreed    []bridge.Seat
	Objected  bool
	Award     *Award
	Ruling    *Ruling
	Withdrawn bool // 68B2: partner objected at once
}

// Claimed returns the number of the remaining tricks the claimer's side
// gets as things stand: the award once adjudicated, else what was claimed.
func (c *ClaimRecord) Claimed() int {
	if c.Award != nil {
		return c.Award.Tricks + c.Award.Restorable
	}
	return c.Tricks
}

func (p *Play) adjudicator() *Adjudicator {
	if p.adj == nil {
		p.adj = NewAdjudicator(p.ed)
	}
	return p.adj
}

// ClaimTricks records that seat claims n of the remaining tricks for his
// side with the statement given (68A, 68C).
func (p *Play) ClaimTricks(seat bridge.Seat, n int, st Statement) error {
	return p.claimOrConcede(seat, n, st, false)
}

// Concede records that seat concedes n of the remaining tricks (68B).
func (p *Play) Concede(seat bridge.Seat, n int) error {
	pos, _, _ := p.claimPosition(seat)
	rem := pos.Remaining()
	if n < 0 || n > rem {
		return fmt.Errorf("laws: %w: %s concedes %d tricks with %d left", ErrBadEvent, seat, n, rem)
	}
	return p.claimOrConcede(seat, rem-n, Statement{}, true)
}

func (p *Play) claimOrConcede(seat bridge.Seat, n int, st Statement, concession bool) error {
	seat &= 3
	if p.Ended() {
		return fmt.Errorf("laws: %w: %s claims after the play ended", ErrPlayOver, seat)
	}
	if p.pending != nil {
		return fmt.Errorf("laws: %w (Law %s): claim", ErrPlayPending, p.pending.ruling.Law)
	}
	if seat == p.Dummy() {
		return fmt.Errorf("laws: %w: dummy may not claim or concede (Law 68; 43)", ErrBadEvent)
	}
	for _, d := range p.defects {
		if d.card == 0 {
			return fmt.Errorf("laws: %w: %s's omission on trick %d is rectified first (Law 67)", ErrBadEvent, d.seat, d.trick)
		}
	}
	pos, holder, kept := p.claimPosition(seat)
	rem := pos.Remaining()
	if n < 0 || n > rem {
		return fmt.Errorf("laws: %w: %s claims %d tricks with %d left", ErrBadEvent, seat, n, rem)
	}
	p.claim = &ClaimRecord{Seat: seat, Concession: concession, Tricks: n, Statement: st, Position: pos, KeptBack: kept, Holder: holder, Line: p.line}
	p.establishBy(seat.Side()) // 63A3: a claim or concession by the offending side
	return nil
}

// establishBy establishes the revokes of a side that claims, concedes or
// agrees to a claim (1997 63A3; 2017 63A3, 63A4).
func (p *Play) establishBy(side bridge.Side) {
	for i := range p.revokes {
		if p.revokes[i].Seat.Side() == side {
			p.revokes[i].Established = true
		}
	}
}

// Agree records that seat agrees to the claim or concession (69A).
func (p *Play) Agree(seat bridge.Seat) error {
	c := p.claim
	if c == nil || c.Withdrawn {
		return fmt.Errorf("laws: %w: no claim or concession to agree to", ErrBadEvent)
	}
	if seat.Side() == c.Seat.Side() {
		return fmt.Errorf("laws: %w: %s is on the claimer's side", ErrBadEvent, seat)
	}
	c.Agreed = append(c.Agreed, seat)
	p.establishBy(seat.Side()) // 2017 63A4; 1997 63A3
	return nil
}

// Object records that seat disputes the claim or concession: the Director
// adjudicates it (Law 70; a concession under 71). A defender objecting at
// once to his partner's concession cancels it (68B2).
func (p *Play) Object(seat bridge.Seat) error {
	c := p.claim
	if c == nil || c.Withdrawn {
		return fmt.Errorf("laws: %w: no claim or concession to object to", ErrBadEvent)
	}
	if c.Award != nil {
		return fmt.Errorf("laws: %w: the claim is already adjudicated", ErrBadEvent)
	}
	if seat == c.Seat.Partner() && p.defender(c.Seat) && c.Concession && len(c.Agreed) == 0 {
		c.Withdrawn = true
		p.claim = nil
		r := p.newRuling("68B2", c.Seat, fmt.Sprintf("%s conceded and his partner %s objected at once", c.Seat, seat))
		r.summary("no concession has occurred: play continues; the information is unauthorised for the objector's side (Law 16) and any card exposed is not a penalty card")
		r.Rect.Information = append(r.Rect.Information, Information{What: "the attempted concession", Authorised: c.Seat.Side().Opponents(), Unauthorised: c.Seat.Side(), Law: p.law("16A", "16C")})
		c.Ruling = r
		return nil
	}
	c.Objected = true
	return p.adjudicate(c, seat)
}

// WithdrawAgreement records that seat withdraws his agreement within the
// correction period (Law 69B for a claim, Law 71 for a concession).
func (p *Play) WithdrawAgreement(seat bridge.Seat) error {
	c := p.claim
	if c == nil || c.Withdrawn {
		return fmt.Errorf("laws: %w: no claim or concession", ErrBadEvent)
	}
	if c.Award != nil {
		return fmt.Errorf("laws: %w: the claim is already decided", ErrBadEvent)
	}
	if c.Concession {
		if seat.Side() != c.Seat.Side() {
			return fmt.Errorf("laws: %w: only the conceding side may ask for its concession to be cancelled (Law 71)", ErrBadEvent)
		}
		return p.adjudicate(c, seat)
	}
	agreed := false
	for _, s := range c.Agreed {
		agreed = agreed || s == seat
	}
	if !agreed {
		return fmt.Errorf("laws: %w: %s did not agree to the claim", ErrBadEvent, seat)
	}
	aw, err := p.decide(c, func(aw Award) int { return -aw.Restorable }, func(pos ClaimPosition) (Award, error) {
		return p.adjudicator().Acquiescence(pos, Claim{Claimer: c.Seat, Tricks: c.Tricks, Statement: c.Statement})
	})
	if err != nil {
		return err
	}
	aw.Tricks = c.Tricks - aw.Restorable
	aw.Restorable = 0
	c.Award = &aw
	r := p.newRuling(aw.Law, c.Seat, fmt.Sprintf("%s withdraws his agreement to %s's claim of %d tricks", seat, c.Seat, c.Tricks))
	r.summary(fmt.Sprintf("%s's side gets %d of the %d tricks left", c.Seat, aw.Tricks, aw.Remaining))
	r.Notes = append(r.Notes, aw.Reasons...)
	c.Ruling = r
	return nil
}

// adjudicate settles a disputed claim (70) or concession (71).
func (p *Play) adjudicate(c *ClaimRecord, by bridge.Seat) error {
	var aw Award
	var err error
	what := fmt.Sprintf("%s claimed %d of the %d tricks left", c.Seat, c.Tricks, c.Position.Remaining())
	if st := c.Statement.String(); st != "" {
		what += " (" + st + ")"
	}
	side := func(aw Award) int { return aw.Tricks + aw.Restorable }
	if c.Concession {
		aw, err = p.decide(c, side, func(pos ClaimPosition) (Award, error) {
			return p.adjudicator().Concession(pos, c.Seat, pos.Remaining()-c.Tricks)
		})
		what = fmt.Sprintf("%s conceded %d of the %d tricks left", c.Seat, c.Position.Remaining()-c.Tricks, c.Position.Remaining())
	} else {
		aw, err = p.decide(c, side, func(pos ClaimPosition) (Award, error) {
			return p.adjudicator().Contested(pos, Claim{Claimer: c.Seat, Tricks: c.Tricks, Statement: c.Statement})
		})
	}
	if err != nil {
		return err
	}
	c.Award = &aw
	r := p.newRuling(aw.Law, c.Seat, what+"; "+by.String()+" disputes it")
	r.summary(fmt.Sprintf("%s's side gets %d of the %d tricks left", c.Seat, aw.Tricks+aw.Restorable, aw.Remaining))
	r.Notes = append(r.Notes, aw.Reasons...)
	c.Ruling = r
	return nil
}

// decide runs rule on the claim's position. When a surplus card left a
// hand a card more than the others (13C), it runs once for each card the
// holder may keep back (keptBack) and takes the award whose score (the
// claimer's side's share) is least: doubtful points go against the
// claimer (70A), and when the holder is an opponent the choice is part of
// the opponents' best defence. c.Position and c.KeptBack become that
// choice's.
func (p *Play) decide(c *ClaimRecord, score func(Award) int, rule func(ClaimPosition) (Award, error)) (Award, error) {
	if !c.KeptBack.Valid() {
		return rule(c.Position)
	}
	full := c.Position
	full.Hands[c.Holder] = full.Hands[c.Holder].With(c.KeptBack)
	var best Award
	var kept bridge.Card
	for _, k := range keptBack(full, c.Holder, c.Seat) {
		pos := full
		pos.Hands[c.Holder] = pos.Hands[c.Holder].Without(k)
		aw, err := rule(pos)
		if err != nil {
			return Award{}, err
		}
		if !kept.Valid() || score(aw) < score(best) {
			best, kept = aw, k
		}
	}
	c.Position.Hands[c.Holder] = full.Hands[c.Holder].Without(kept)
	c.KeptBack = kept
	why := "any card of his but an established winner, the choice least favourable to the claimer (70A)"
	if c.Holder.Side() != c.Seat.Side() {
		why = "the choice that suits the claimer's opponents best (70A)"
	}
	best.Reasons = append(best.Reasons, fmt.Sprintf("%s played a card foreign to the deal and holds a card of his own more than the others (13C): the Director takes him to be left with %s at the end of the play, %s", c.Holder, kept, why))
	return best, nil
}

// DeclarerTricks returns declarer's tricks as the board stands: the tricks
// won in play, the claim or concession as agreed or adjudicated, and the
// Law 64 transfers once the play has ended.
func (p *Play) DeclarerTricks() int {
	n := p.won[p.declarer.Side()]
	if c := p.claim; c != nil && !c.Withdrawn {
		got := c.Claimed()
		if c.Seat.Side() == p.declarer.Side() {
			n += got
		} else {
			n += c.Position.Remaining() - got
		}
	}
	return n + TransferredTricks(p.transfers, p.declarer)
}
