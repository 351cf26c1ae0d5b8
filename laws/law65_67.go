package laws

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Laws 65–67: the quitted tricks.
//
//	65B: a card is pointed towards the side that won the trick. 2017
//	     65B3: a player may draw attention to a card pointed the wrong way
//	     until his side leads or plays to the next trick; later, Law 16B
//	     may apply (UI flag and damage check). The 1997 code has no time
//	     limit (65B). 65D: a player who disturbs the order of his played
//	     cards before the tricks are agreed jeopardises his claim to
//	     doubtful tricks and to a revoke. PointsOut.
//	66:  a player may have the cards of the trick just played faced until
//	     his side has led or played to the next trick (66A), inspect his
//	     own last card (66B); quitted tricks may not be looked at during
//	     the play without the Director (66C); after the play the cards may
//	     be inspected to settle a revoke or the tricks, and a player who
//	     mixes his cards so that the facts cannot be known loses the doubt
//	     (66D). Inspect, Mixes.
//	67:  a defective trick (a player omitted to play to it, Omit). Before
//	     a player of each side has played to the next trick, the offender
//	     supplies a card he can legally play to it (67A1). After that, he
//	     places a card among his played cards without changing who won
//	     the trick (67B1): one of the suit led if he has one. 1997 67B1(a):
//	     no penalty; 67B1(b) (no card of the suit led): he is deemed to
//	     have revoked and Law 64's one-trick penalty may apply. 2017
//	     67B1(a) and (b): he is deemed to have revoked, and one trick is
//	     transferred as in 64A2. Supply. Too many cards played to a trick
//	     are 45E and 58B (67A2) when found in time; later, 67B2: the
//	     extra card goes back to the hand, the card faced stays, and a
//	     failure to play the restored card since is a revoke; an exposed
//	     extra card of a defender's is a penalty card. Extra. When the
//	     Director cannot tell which card was faced, the higher of the two
//	     the offender could legally have played to the trick stays
//	     (ExtraUnsure; the ownership of the quitted trick is not changed
//	     by it, 65B). A card found among the played cards after the end of
//	     play, until the end of the correction period (14B1), is 67B2 too.

// defect is a player's omission to play to a trick (Law 67).
type defect struct {
	seat   bridge.Seat
	trick  int // 1-based
	card   bridge.Card
	placed bool   // 67B1: placed among his played cards (ownership unchanged)
	law    string // the clause of a deemed revoke, "" for none
}

// gap returns the card standing for seat's missing card on a trick led in
// suit led: an invalid card (rank 0) of a suit neither led nor trumps,
// which never wins and is never held.
func gap(led bridge.Suit, trump bridge.Strain) bridge.Card {
	for s := bridge.Clubs; s <= bridge.Spades; s++ {
		if s != led && !(trump.IsSuit() && bridge.Suit(trump) == s) {
			return bridge.Card(uint8(s) << 4)
		}
	}
	return 0
}

// Omit records that seat, at his turn, did not play to the trick (the
// trick was turned without his card).
func (p *Play) Omit(seat bridge.Seat) error {
	seat &= 3
	if err := p.open(); err != nil {
		return err
	}
	t := p.current()
	if t.N == 0 || p.Turn() != seat {
		return fmt.Errorf("laws: %w: only the player whose turn it is to follow can omit his card (Law 67)", ErrBadEvent)
	}
	for _, d := range p.defects {
		if !d.placed && d.card == 0 && d.seat == seat {
			return fmt.Errorf("laws: %w: %s's earlier omission is not yet rectified", ErrBadEvent, seat)
		}
	}
	p.defects = append(p.defects, &defect{seat: seat, trick: len(p.tricks)})
	p.addToTrick(gap(t.Led(), p.contract.Strain))
	return p.runEarly()
}

// Supply records that the offender supplies c for the trick he omitted to
// play to (67A1, or 67B1 once each side has played to the next trick).
func (p *Play) Supply(seat bridge.Seat, c bridge.Card) error {
	seat &= 3
	var d *defect
	for _, x := range p.defects {
		if x.seat == seat && x.card == 0 {
			d = x
		}
	}
	if d == nil {
		return fmt.Errorf("laws: %w: %s omitted no card to a trick", ErrBadEvent, seat)
	}
	if p.claim != nil || p.ended {
		return fmt.Errorf("laws: %w", ErrPlayOver)
	}
	if d := p.pending; d != nil {
		return fmt.Errorf("laws: %w (Law %s)", ErrPlayPending, d.ruling.Law)
	}
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s supplies %s", ErrNotHeldPlay, seat, c)
	}
	k := d.trick - 1
	t := &p.tricks[k]
	led := t.Led()
	if c.Suit() != led && p.hands[seat].InSuit(led) != 0 {
		return fmt.Errorf("laws: %w: %s has a %s and must supply one (67)", ErrBadEvent, seat, led)
	}
	pos := -1
	for i := 0; i < t.N; i++ {
		if t.Player(i) == seat && !t.Cards[i].Valid() {
			pos = i
		}
	}
	if pos < 0 {
		return fmt.Errorf("laws: %w: the omission on trick %d is not found", ErrBadEvent, d.trick)
	}
	what := fmt.Sprintf("%s omitted to play to trick %d", seat, d.trick)
	late := p.bothPlayedAfter(d.trick)
	d.card = c
	if !late {
		r := p.newRuling("67A1", seat, what)
		old := bridge.Seat(0)
		if t.Complete() {
			old = t.Winner(p.contract.Strain)
		}
		t.Cards[pos] = c
		p.hands[seat] = p.hands[seat].Without(c)
		if t.Complete() {
			if w := t.Winner(p.contract.Strain); w != old {
				p.won[old.Side()]--
				p.won[w.Side()]++
				if k+1 < len(p.tricks) {
					back := p.takeBack(k+1, 0)
					p.tricks[k+1].Leader = w
					if len(back) > 0 {
						r.note("the trick now has another winner: the cards played to the next trick go back, and " + w.String() + " leads: " + playedList(back))
					}
				}
			}
		}
		r.summary(fmt.Sprintf("%s supplies %s to trick %d (67A1)", seat, c, d.trick))
		return p.runEarly()
	}
	// 67B1: placed among his played cards; the trick keeps its winner
	d.placed = true
	p.hands[seat] = p.hands[seat].Without(c)
	hasLed := c.Suit() == led
	law := "67B1(b)"
	if hasLed {
		law = "67B1(a)"
	}
	r := p.newRuling(law, seat, what)
	switch {
	case p.is97() && hasLed:
		r.summary(fmt.Sprintf("%s places %s, of the suit led, among his played cards; the trick keeps its winner; no penalty (67B1(a))", seat, c))
	case p.is97():
		d.law = law
		r.summary(fmt.Sprintf("%s has no %s: he places %s among his played cards, the trick keeps its winner, and he is deemed to have revoked on it: Law 64's one-trick penalty may apply at the end of play (67B1(b))", seat, led, c))
	default:
		d.law = law
		r.summary(fmt.Sprintf("%s places %s among his played cards, the trick keeps its winner; he is deemed to have revoked on trick %d and one trick is transferred as in 64A2 at the end of play (%s)", seat, c, d.trick, law))
	}
	return nil
}

// defectTransfers computes the one-trick transfers of 67B1 at the end of
// play: one trick when the offending side won the defective trick or a
// later one (64A2), no more than it won from there on.
func (p *Play) defectTransfers(claimed [2]int) []RevokeTransfer {
	var out []RevokeTransfer
	// no side gives up more tricks than it has, after the revoke transfers
	var have [2]int
	for s := bridge.NS; s <= bridge.EW; s++ {
		have[s] = p.won[s] + claimed[s]
	}
	for _, tr := range p.transfers {
		have[tr.Revoke.Seat.Side()] -= tr.Tricks
	}
	for _, d := range p.defects {
		if d.law == "" {
			continue
		}
		side := d.seat.Side()
		won := claimed[side]
		for k, t := range p.tricks {
			if k+1 >= d.trick && t.Complete() && t.Winner(p.contract.Strain).Side() == side {
				won++
			}
		}
		tr := RevokeTransfer{Revoke: Revoke{Seat: d.seat, Trick: d.trick, Card: d.card, Established: true}, Law: d.law}
		if won > 0 && have[side] > 0 {
			tr.Tricks = 1
			have[side]--
			tr.Reason = "a deemed revoke on the defective trick: the offending side won it or a later trick, one trick (64A2)"
		} else {
			tr.Reason = "a deemed revoke on the defective trick: the offending side won neither it nor a later trick, no transfer (64B1)"
		}
		out = append(out, tr)
	}
	return out
}

// PointsOut records that seat drew attention to owner's card on trick n
// pointed the wrong way (65B).
func (p *Play) PointsOut(seat bridge.Seat, n int, owner bridge.Seat) error {
	seat &= 3
	if n < 1 || n > len(p.tricks) || !p.tricks[n-1].Complete() {
		return fmt.Errorf("laws: %w: trick %d is not a quitted trick", ErrBadEvent, n)
	}
	w := p.tricks[n-1].Winner(p.contract.Strain)
	if p.is97() {
		r := p.newRuling("65B", owner, fmt.Sprintf("%s's card on trick %d was pointed the wrong way", owner, n))
		r.summary(fmt.Sprintf("the card is pointed towards %s, who won the trick (65B); a player who does not keep his played cards in order risks his claim to doubtful tricks (65D)", w.Side()))
		return nil
	}
	late := false
	if n < len(p.tricks) {
		nx := p.tricks[n]
		for i := 0; i < nx.N; i++ {
			late = late || nx.Player(i).Side() == seat.Side()
		}
	}
	late = late || n+1 < len(p.tricks) && p.tricks[n+1].N > 0
	if !late {
		r := p.newRuling("65B3", owner, fmt.Sprintf("%s's card on trick %d was pointed the wrong way", owner, n))
		r.summary(fmt.Sprintf("%s drew attention in time: the card is pointed towards %s, who won the trick (65B3)", seat, w.Side()))
		return nil
	}
	r := p.newRuling("65B3", seat, fmt.Sprintf("%s drew attention to %s's card on trick %d, pointed the wrong way, after his side had played to the next trick", seat, owner, n))
	r.inform(Information{What: fmt.Sprintf("%s's late remark on trick %d", seat, n), Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: "16B"})
	p.check(r, "16B")
	r.summary("his right to draw attention had expired (65B3): Law 16B may apply, a damage check at the end of play; the tricks are settled under Law 79")
	return nil
}

// Inspect records that seat looked at the cards of trick n (66).
func (p *Play) Inspect(seat bridge.Seat, n int) error {
	seat &= 3
	if n < 1 || n > len(p.tricks) {
		return fmt.Errorf("laws: %w: no trick %d", ErrBadEvent, n)
	}
	if p.Ended() {
		return nil // 66D: after the play the cards may be inspected
	}
	k := n - 1
	switch {
	case k == len(p.tricks)-1:
		return nil // the trick in progress: its cards are face up
	case k == len(p.tricks)-2:
		sidePlayed := false
		nx := p.tricks[k+1]
		for i := 0; i < nx.N; i++ {
			sidePlayed = sidePlayed || nx.Player(i).Side() == seat.Side()
		}
		if !sidePlayed {
			return nil // 66A, 66B: his side has not led or played to the next trick
		}
	}
	r := p.newRuling("66C", seat, fmt.Sprintf("%s looked at the cards of trick %d, a quitted trick, during the play", seat, n))
	r.summary("quitted tricks may not be inspected during the play without the Director's instruction (66C); a procedural penalty may follow (Law 90)")
	return nil
}

// Mixes records that seat mixed his played cards after the play, before
// the tricks or a revoke were settled (66D, 65D).
func (p *Play) Mixes(seat bridge.Seat) error {
	seat &= 3
	if !p.Ended() {
		return fmt.Errorf("laws: %w: 66D is about the cards after the play", ErrBadEvent)
	}
	r := p.newRuling("66D", seat, fmt.Sprintf("%s mixed his played cards before the tricks were settled", seat))
	r.summary(fmt.Sprintf("if the facts of a revoke or of the tricks won can no longer be found, the Director rules in favour of %s (66D; 65D)", seat.Side().Opponents()))
	return nil
}

// dropDefect forgets seat's omission on trick n when the trick is played
// again from before it.
func (p *Play) dropDefect(seat bridge.Seat, n int) {
	out := p.defects[:0]
	for _, d := range p.defects {
		if d.seat != seat || d.trick != n {
			out = append(out, d)
		}
	}
	p.defects = out
}

// Extra records that c, a card of seat's, was found among his played
// cards of trick k (1-based) besides the card he played to it: too many
// cards played to a trick (Law 67), such as several cards played at once
// and not seen (58B4) or a card missing from his hand (14B1). exposed
// says the extra card's face was seen. The engine's hand holds c already:
// the deal gives it to him and the log never played it.
//
// Before a player of each side has played to the next trick, 67A2 sends
// it to 45E and 58B: a defender's extra card seen is a penalty card,
// declarer's goes back. After that, 67B2 (both codes): the card is
// restored to his hand, the card he faced stays among the played cards
// (the trick is unchanged), the restored card is deemed to have been in
// his hand throughout, so a failure to play it since is a revoke; a
// defender's extra card that was exposed becomes a penalty card.
func (p *Play) Extra(seat bridge.Seat, c bridge.Card, k int, exposed bool) error {
	return p.extra(seat, c, k, exposed, false)
}

// ExtraUnsure is Extra when the Director cannot tell which of the two
// cards was the one faced in playing to trick k (67B2, both codes): the
// offender leaves among his played cards the higher of the two that he
// could legally have played to the trick, and the other goes back to his
// hand. A card found so after the end of play, until the end of the
// correction period (14B), is ruled the same way.
func (p *Play) ExtraUnsure(seat bridge.Seat, c bridge.Card, k int, exposed bool) error {
	return p.extra(seat, c, k, exposed, true)
}

func (p *Play) extra(seat bridge.Seat, c bridge.Card, k int, exposed, unsure bool) error {
	seat &= 3
	after := p.Ended()
	switch {
	case after && p.correctionOver:
		return fmt.Errorf("laws: %w: the correction period has expired (14B: a card is found among the played cards until its end)", ErrPlayOver)
	case after:
		// 14B1: found among the played cards after the play, within the
		// correction period: Law 67 (67B2)
	default:
		if err := p.open(); err != nil {
			return err
		}
	}
	if k < 1 || k > len(p.tricks) {
		return fmt.Errorf("laws: %w: trick %d has not been played (%d so far)", ErrBadEvent, k, len(p.tricks))
	}
	if !p.hands[seat].Has(c) {
		return fmt.Errorf("laws: %w: %s is not among %s's unplayed cards", ErrNotHeldPlay, c, seat)
	}
	t := p.tricks[k-1]
	var faced bridge.Card
	for i := 0; i < t.N; i++ {
		if t.Player(i) == seat && t.Cards[i].Valid() {
			faced = t.Cards[i]
		}
	}
	if !faced.Valid() {
		return fmt.Errorf("laws: %w: %s has no card on trick %d (an omission is 67A1/67B1: omits, supplies)", ErrBadEvent, seat, k)
	}
	if p.isSurplusPlay(seat, faced, k) {
		return fmt.Errorf("laws: %w: %s's %s on trick %d is a card foreign to the deal: its finding is surplus (13C)", ErrBadEvent, seat, faced, k)
	}
	what := fmt.Sprintf("%s's %s was found among his played cards of trick %d with %s", seat, c, k, faced)
	if unsure && !after && !p.bothPlayedAfter(k) {
		return fmt.Errorf("laws: %w: before each side has played to the next trick the cards are in front of the players (67A2): say which was faced", ErrBadEvent)
	}
	if after {
		what += ", after the end of play (14B1)"
	}
	var kept string
	orig := faced
	before := p.Revokes()
	if unsure {
		left, note, err := p.highestLegal(seat, k, faced, c)
		if err != nil {
			return err
		}
		kept = note
		if left == c {
			faced, c = c, faced
		}
	}
	if !after && !p.bothPlayedAfter(k) {
		r := p.newRuling("67A2", seat, what)
		if !p.defender(seat) || !exposed {
			r.summary(fmt.Sprintf("found in time: %s goes back to the hand without rectification (67A2; %s)", c, map[bool]string{true: "58B1", false: "45E2, 48A"}[p.defender(seat)]))
			return nil
		}
		p.addPenalty(r, seat, c, c.Rank() >= bridge.Ten, "58B2")
		r.summary(fmt.Sprintf("found in time: %s stays played and %s, seen, is a penalty card (67A2; 58B2; Law 50): %s", faced, c, penaltyList(p.penalty, seat)))
		r.inform(Information{What: what, Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: p.law("50", "50E")})
		return nil
	}
	if !after {
		what += ", found after both sides had played to the next trick"
	}
	r := p.newRuling("67B2", seat, what)
	if kept != "" {
		r.summary(kept)
	}
	r.summary(fmt.Sprintf("%s stays among the played cards and the trick is unchanged; %s goes back to his hand, deemed to have been there throughout (67B2; 58B4; 14B1)", faced, c))
	var revs []string
	for _, rv := range p.revokes {
		if rv.Seat == seat && rv.Trick > k && p.tricks[rv.Trick-1].Led() == c.Suit() {
			revs = append(revs, fmt.Sprintf("trick %d", rv.Trick))
		}
	}
	if len(revs) > 0 {
		r.summary(fmt.Sprintf("his failure to play it when he had to follow %s is a revoke (%v), ruled under Laws 62–64 (67B2)", c.Suit(), revs))
	} else {
		r.summary("he had never had to play it since: no revoke")
	}
	if gone, added := revokeDiff(before, p.revokes); len(gone)+len(added) > 0 {
		var ch []string
		if len(gone) > 0 {
			ch = append(ch, "no longer a revoke: "+strings.Join(gone, ", "))
		}
		if len(added) > 0 {
			ch = append(ch, "now a revoke: "+strings.Join(added, ", "))
		}
		r.summary(fmt.Sprintf("with the cards so placed his revokes change (67B2; 14B4): %s", strings.Join(ch, "; ")))
	}
	if p.ended && faced != orig {
		// the play was over and its Law 64 transfers ruled: again, with
		// the revokes as they now stand, the new rulings replacing the old
		p.revokeTransfers()
		var trs []string
		for _, tr := range p.transfers {
			trs = append(trs, fmt.Sprintf("%s trick %d: %d (%s)", tr.Revoke.Seat, tr.Revoke.Trick, tr.Tricks, tr.Law))
		}
		if len(trs) == 0 {
			trs = []string{"none"}
		}
		r.summary(fmt.Sprintf("the Law 64 transfers are computed again: %s", strings.Join(trs, "; ")))
	}
	if exposed && p.defender(seat) {
		p.addPenalty(r, seat, c, c.Rank() >= bridge.Ten, "67B2")
		r.summary(fmt.Sprintf("the extra card was exposed: a penalty card (67B2; Law 50): %s", penaltyList(p.penalty, seat)))
		r.inform(Information{What: what, Authorised: seat.Side().Opponents(), Unauthorised: seat.Side(), Law: p.law("50", "50E")})
	}
	return nil
}

// bothPlayedAfter reports whether a player of each side has played to the
// trick after trick k (1-based).
func (p *Play) bothPlayedAfter(k int) bool {
	if k >= len(p.tricks) {
		return false
	}
	t := p.tricks[k]
	var sides [2]bool
	for i := 0; i < t.N; i++ {
		sides[t.Player(i).Side()] = true
	}
	return sides[0] && sides[1]
}

// highestLegal decides, for 67B2 when the Director cannot tell which of
// seat's two cards a and b on trick k (a the one the log shows) was
// faced, which stays among the played cards: the higher of those he could
// legally have played to the trick (rank first, then suit), provided that
// leaves the ownership of the quitted trick as the table settled it (65B);
// otherwise the log's card stays and the ruling says why. When b stays,
// the trick and seat's hand are changed and his revokes on the later
// tricks recomputed with a back in his hand from trick k on (14B4, 67B2).
func (p *Play) highestLegal(seat bridge.Seat, k int, a, b bridge.Card) (bridge.Card, string, error) {
	t := &p.tricks[k-1]
	pos := -1
	for i := 0; i < t.N; i++ {
		if t.Player(i) == seat && t.Cards[i] == a {
			pos = i
		}
	}
	// what he held when he played to trick k: his hand now, b, and his
	// cards on trick k and after
	had := p.hands[seat]
	for j := k - 1; j < len(p.tricks); j++ {
		tj := p.tricks[j]
		for i := 0; i < tj.N; i++ {
			if tj.Player(i) == seat && tj.Cards[i].Valid() {
				had = had.With(tj.Cards[i])
			}
		}
	}
	legal := func(x bridge.Card) bool {
		return pos == 0 || x.Suit() == t.Led() || had.InSuit(t.Led()) == 0
	}
	higher := func(x, y bridge.Card) bool {
		return x.Rank() > y.Rank() || x.Rank() == y.Rank() && x.Suit() > y.Suit()
	}
	pick, why := a, "the higher of the cards"
	switch {
	case legal(a) && legal(b):
		if higher(b, a) {
			pick = b
		}
	case legal(b):
		pick, why = b, "the only one of the two"
	case legal(a):
		why = "the only one of the two"
	}
	if pick == a {
		return a, fmt.Sprintf("the Director cannot tell which card was faced: %s, %s %s could legally have played to trick %d, stays among his played cards (67B2)", a, why, seat, k), nil
	}
	old := t.Winner(p.contract.Strain)
	t.Cards[pos] = b
	if w := t.Winner(p.contract.Strain); t.Complete() && w != old {
		t.Cards[pos] = a
		return a, fmt.Sprintf("the Director cannot tell which card was faced: %s is %s %s could legally have played to trick %d, but leaving it there would give the quitted trick to %s, which the table settled for %s (65B); %s stays among his played cards", b, why, seat, k, w, old, a), nil
	}
	p.hands[seat] = p.hands[seat].Without(b).With(a)
	p.rescanRevokes(seat, k)
	return b, fmt.Sprintf("the Director cannot tell which card was faced: %s, %s %s could legally have played to trick %d, stays among his played cards in place of %s (67B2)", b, why, seat, k, a), nil
}

// rescanRevokes recomputes seat's revokes on the tricks after trick k from
// what he held at each (his hand now and his later plays): a card restored
// to his hand is deemed to have been there throughout (14B4, 67B2).
func (p *Play) rescanRevokes(seat bridge.Seat, k int) {
	keep := p.revokes[:0]
	for _, rv := range p.revokes {
		if rv.Seat != seat || rv.Trick <= k {
			keep = append(keep, rv)
		}
	}
	p.revokes = keep
	held := p.hands[seat]
	for j := k; j < len(p.tricks); j++ {
		tj := p.tricks[j]
		for i := 0; i < tj.N; i++ {
			if tj.Player(i) == seat && tj.Cards[i].Valid() {
				held = held.With(tj.Cards[i])
			}
		}
	}
	for j := k; j < len(p.tricks); j++ {
		tj := p.tricks[j]
		for i := 0; i < tj.N; i++ {
			x := tj.Cards[i]
			if tj.Player(i) != seat || !x.Valid() {
				continue
			}
			if i > 0 && x.Suit() != tj.Led() && held.InSuit(tj.Led()) != 0 {
				established := j+1 < len(p.tricks) && p.tricks[j+1].N > 0 || p.Ended()
				p.revokes = append(p.revokes, Revoke{Seat: seat, Trick: j + 1, Card: x, Established: established, Line: p.line})
			}
			held = held.Without(x)
		}
	}
}

// revokeDiff names the revokes of before that are not in after, and those
// of after not in before ("W trick 3 ♥3").
func revokeDiff(before, after []Revoke) (gone, added []string) {
	key := func(r Revoke) string { return fmt.Sprintf("%s trick %d %s", r.Seat, r.Trick, r.Card) }
	in := func(r Revoke, rs []Revoke) bool {
		for _, x := range rs {
			if x.Seat == r.Seat && x.Trick == r.Trick && x.Card == r.Card {
				return true
			}
		}
		return false
	}
	for _, r := range before {
		if !in(r, after) {
			gone = append(gone, key(r))
		}
	}
	for _, r := range after {
		if !in(r, before) {
			added = append(added, key(r))
		}
	}
	return gone, added
}
