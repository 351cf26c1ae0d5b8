package systemcard

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// NSWBAEvent is the kind of event or session as the rows of NSWBA
// regulation 5.4 (that body's table of which systems an event admits) tell
// them apart. A session may be of several kinds at once (a matchpoint pairs
// event at a congress): combine them with |. Another body's table would be
// a type of its own.
type NSWBAEvent uint8

// The kinds of event in NSWBA 5.4.
const (
	StateIMP   NSWBAEvent = 1 << iota // an IMP-scored State Championship (5.4.1)
	Matchpoint                        // a matchpoint pairs event (5.4.2)
	RedPoint                          // another session awarding Red masterpoints (5.4.3)
	Congress                          // a congress event (5.4.3)
	Other                             // any other session (5.4.4)
)

var eventNames = []struct {
	e     NSWBAEvent
	names []string
}{
	{StateIMP, []string{"state", "state-imp"}},
	{Matchpoint, []string{"matchpoint", "mp"}},
	{RedPoint, []string{"red", "red-point"}},
	{Congress, []string{"congress"}},
	{Other, []string{"other", "club"}},
}

// ErrEvent is wrapped when an event kind cannot be read or its kinds cannot
// go together.
var ErrEvent = errors.New("bad event kind")

// eventKinds are the kinds of event as bridgetd's event file names them
// (package event's Kind: "event new --kind"), each with the row of NSWBA
// 5.4 its form of scoring falls under: a matchpoint pairs event is 5.4.2;
// the IMP-scored kinds are 5.4.1 when named with "state", else they take
// the row of the status given with them (red, congress) or 5.4.4; an
// individual is not a pairs event, so 5.4.4 unless a status is given.
var eventKinds = []struct {
	name string
	row  NSWBAEvent // the row the kind alone selects; 0 for none
	imps bool       // IMP-scored: may be a State Championship (5.4.1)
}{
	{"swiss-pairs", 0, true},
	{"swiss-teams", 0, true},
	{"round-robin", 0, true},
	{"knockout-teams", 0, true},
	{"mp-pairs", Matchpoint, false},
	{"individual", 0, false},
}

// ParseEvent reads kinds separated by commas: the rows of NSWBA 5.4
// (state, matchpoint, red, congress, other, e.g. "congress,matchpoint"),
// or the kind of event as the event file names it (swiss-pairs,
// swiss-teams, round-robin, mp-pairs, individual, knockout-teams) with the
// event's status if it has one ("swiss-teams,state", "mp-pairs,congress").
// A kind of event alone, with no status, is 5.4.2 for mp-pairs and 5.4.4
// (other) for the rest.
func ParseEvent(text string) (NSWBAEvent, error) {
	var e NSWBAEvent
	kind, imps := "", false
	for _, part := range strings.Split(text, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		found := false
		for _, n := range eventNames {
			for _, name := range n.names {
				if part == name {
					e |= n.e
					found = true
				}
			}
		}
		for _, k := range eventKinds {
			if part != k.name {
				continue
			}
			if kind != "" && kind != k.name {
				return 0, fmt.Errorf("%w: %s and %s: one kind of event at a time", ErrEvent, kind, k.name)
			}
			kind, imps, found = k.name, k.imps, true
			e |= k.row
		}
		if !found {
			return 0, fmt.Errorf("%w: %q (want state, matchpoint, red, congress or other, or a kind of event: %s; comma-separated)", ErrEvent, part, eventKindNames())
		}
	}
	if kind != "" {
		switch {
		case e&StateIMP != 0 && !imps:
			return 0, fmt.Errorf("%w: %s: an IMP-scored State Championship (NSWBA 5.4.1) is not a %s event", ErrEvent, text, kind)
		case e == 0:
			e = Other // NSWBA 5.4.4: none of the other rows
		}
	}
	return e, e.Validate()
}

// eventKindNames lists the kinds of event ParseEvent reads.
func eventKindNames() string {
	var names []string
	for _, k := range eventKinds {
		names = append(names, k.name)
	}
	return strings.Join(names, ", ")
}

// Validate reports kinds that cannot go together: a State Championship row
// is for IMP events of that status alone, and "other" means none of the rest.
func (e NSWBAEvent) Validate() error {
	switch {
	case e == 0:
		return fmt.Errorf("%w: no kind given", ErrEvent)
	case e&StateIMP != 0 && e != StateIMP:
		return fmt.Errorf("%w: %s: an IMP-scored State Championship (NSWBA 5.4.1) is not also another kind", ErrEvent, e)
	case e&Other != 0 && e != Other:
		return fmt.Errorf("%w: %s: other (NSWBA 5.4.4) means a session of none of the other kinds", ErrEvent, e)
	}
	return nil
}

// String returns the kinds as ParseEvent reads them.
func (e NSWBAEvent) String() string {
	var parts []string
	for _, n := range eventNames {
		if e&n.e != 0 {
			parts = append(parts, n.names[0])
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// Admits reports whether a system of colour c may be played at the event,
// with the clause that decides it (NSWBA 5.4).
func (e NSWBAEvent) Admits(c Colour) (bool, string) {
	switch {
	case e&StateIMP != 0:
		return true, "NSWBA 5.4.1"
	case c == Yellow && e&Matchpoint != 0:
		return false, "NSWBA 5.4.2"
	case c == Yellow && e&Other != 0:
		return false, "NSWBA 5.4.4"
	case e&(RedPoint|Congress) != 0:
		return true, "NSWBA 5.4.3"
	case e&Matchpoint != 0:
		return true, "NSWBA 5.4.2"
	}
	return true, "NSWBA 5.4.4"
}

// Protects reports whether pairs may designate themselves protected at the
// event: at Red-masterpoint sessions and congresses (NSWBA 5.4.3).
func (e NSWBAEvent) Protects() bool { return e&(RedPoint|Congress) != 0 }

// Eligible reports whether the pair of card c may designate itself a
// protected pair (NSWBA 5.3): it plays a Green system without Brown Sticker
// conventions, and both players are below National Master or one is below
// Local Master. The findings say why or why not.
func Eligible(c *Card) (bool, []Finding) {
	r := Classify(c)
	var why []Finding
	ok := true
	if r.Colour != Green {
		ok = false
		why = append(why, Finding{Clause: "NSWBA 5.3", Text: fmt.Sprintf("the system is %s, not Green", r.Colour)})
	}
	if r.BrownSticker {
		ok = false
		why = append(why, Finding{Clause: "NSWBA 5.3", Text: "the system has Brown Sticker conventions"})
	}
	a, b := c.Players[0], c.Players[1]
	switch {
	case a.Rank < National && b.Rank < National:
		why = append(why, Finding{Clause: "NSWBA 5.3", Text: fmt.Sprintf("both players are below National Master (%s, %s)", a.Rank, b.Rank)})
	case a.Rank < Local || b.Rank < Local:
		why = append(why, Finding{Clause: "NSWBA 5.3", Text: fmt.Sprintf("one player is below Local Master (%s, %s)", a.Rank, b.Rank)})
	default:
		ok = false
		why = append(why, Finding{Clause: "NSWBA 5.3", Text: fmt.Sprintf("ranks %s and %s: neither both below National Master nor one below Local Master", a.Rank, b.Rank)})
	}
	return ok, why
}

// YellowNoticeDays is how many days before the session a Yellow system's
// summary must reach the Tournament Committee (NSWBA 5.5.1).
const YellowNoticeDays = 7

// Pair is a partnership at the table: its card and, if it has one, its
// second, non-Yellow card (NSWBA 5.3).
type Pair struct {
	Card   *Card
	Second *Card
}

// Verdict is what regulation 5 allows a pair in one round.
type Verdict struct {
	// Allowed is set when the pair may play one of its cards this round.
	Allowed bool
	// Plays is the card the pair must play; nil if none is allowed.
	Plays *Card
	// Colour and Brown classify Plays (or the first card if none).
	Colour Colour
	Brown  []Finding
	// Reasons explain the verdict, each with its clause.
	Reasons []Finding
	// Duties are what the pair must do while playing Plays.
	Duties []Finding
}

// ErrNotTheirCard is returned by Check when the pair's second card names
// other players: regulation 5.1 asks for a card identified with the pair's
// names and 5.3 for the pair's own second, non-Yellow system.
var ErrNotTheirCard = errors.New("systemcard: the second card belongs to another partnership")

// samePlayers reports whether two cards name the same two players, in
// either order, ignoring case and spacing.
func samePlayers(a, b *Card) bool {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	x0, x1 := norm(a.Players[0].Name), norm(a.Players[1].Name)
	y0, y1 := norm(b.Players[0].Name), norm(b.Players[1].Name)
	return (x0 == y0 && x1 == y1) || (x0 == y1 && x1 == y0)
}

// playerNames writes a card's players: "Ann Lee and Bob Ng".
func playerNames(c *Card) string {
	return c.Players[0].Name + " and " + c.Players[1].Name
}

// Check applies regulation 5 to a pair in one round of event e held on day,
// against opponents (nil if not known). It says which card the pair may play
// and why, or why it may play none.
func Check(e NSWBAEvent, day time.Time, pair Pair, opponents *Card) (Verdict, error) {
	if err := e.Validate(); err != nil {
		return Verdict{}, err
	}
	if pair.Card == nil {
		return Verdict{}, errors.New("systemcard: Check: the pair has no card")
	}
	if pair.Second != nil && !samePlayers(pair.Card, pair.Second) {
		return Verdict{}, fmt.Errorf("%w: %q is the card of %s, not of %s (NSWBA 5.1: a card identified with the pair's names; 5.3: the pair's own non-Yellow system)",
			ErrNotTheirCard, pair.Second.Name, playerNames(pair.Second), playerNames(pair.Card))
	}
	var v Verdict
	protected := false
	if opponents != nil && opponents.Protected {
		switch ok, why := Eligible(opponents); {
		case !e.Protects():
			v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.4.3",
				Text: fmt.Sprintf("the opponents claim protected status, which this event (%s) does not allow", e)})
		case !ok:
			v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.3",
				Text: "the opponents' claim to be a protected pair fails: " + texts(why)})
		default:
			protected = true
			v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.3", Text: "the opponents are a protected pair: " + texts(why)})
		}
	}
	first := Classify(pair.Card)
	v.Colour, v.Brown = first.Colour, first.Brown()
	ok, why, duties := allowed(e, day, pair.Card, first, protected)
	v.Reasons = append(v.Reasons, why...)
	if ok {
		v.Allowed, v.Plays, v.Duties = true, pair.Card, duties
	} else if pair.Second != nil {
		second := Classify(pair.Second)
		if second.Colour == Yellow {
			v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.3",
				Text: fmt.Sprintf("the second card %q is Yellow too, so it cannot replace the first", pair.Second.Name)})
		} else {
			ok2, why2, duties2 := allowed(e, day, pair.Second, second, protected)
			v.Reasons = append(v.Reasons, why2...)
			if ok2 {
				v.Allowed, v.Plays, v.Duties = true, pair.Second, duties2
				v.Colour, v.Brown = second.Colour, second.Brown()
				v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.7",
					Text: fmt.Sprintf("plays its second card %q: two systems in the session, the most allowed", pair.Second.Name)})
				if protected && first.Colour == Yellow {
					v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.8",
						Text: "reverting for a protected pair counts as a separate session"})
				}
			}
		}
	} else if first.Colour == Yellow {
		v.Reasons = append(v.Reasons, Finding{Clause: "NSWBA 5.3",
			Text: "the pair has no second, non-Yellow card to play instead"})
	}
	if v.Allowed {
		v.Duties = append(v.Duties, Finding{Clause: "NSWBA 5.6", Text: "both partners play the same system"})
		v.Duties = append(v.Duties, Finding{Clause: "NSWBA 5.4.5", Text: "the Tournament Committee may regulate systems further for this session"})
	}
	return v, nil
}

// allowed applies regulation 5 to one card of the pair.
func allowed(e NSWBAEvent, day time.Time, c *Card, r Result, protected bool) (bool, []Finding, []Finding) {
	var why, duties []Finding
	name := fmt.Sprintf("%q (%s)", c.Name, r.Colour)
	ok, clause := e.Admits(r.Colour)
	if !ok {
		return false, append(why, Finding{Clause: clause,
			Text: fmt.Sprintf("%s: Yellow systems are not allowed (event: %s)", name, e)}), nil
	}
	why = append(why, Finding{Clause: clause, Text: fmt.Sprintf("%s: admitted (event: %s)", name, e)})
	if r.Colour == Yellow {
		if protected {
			return false, append(why, Finding{Clause: "NSWBA 5.3",
				Text: fmt.Sprintf("%s: a Yellow system may not be played against a protected pair", name)}), nil
		}
		y := c.Yellow
		switch {
		case y == nil || y.Submitted.IsZero():
			return false, append(why, Finding{Clause: "NSWBA 5.5.1",
				Text: fmt.Sprintf("%s: no system summary was submitted to the Tournament Committee", name)}), nil
		case day.Before(y.Submitted.AddDate(0, 0, YellowNoticeDays)):
			return false, append(why, Finding{Clause: "NSWBA 5.5.1",
				Text: fmt.Sprintf("%s: summary submitted %s, fewer than %d days before the session on %s",
					name, y.Submitted.Format(time.DateOnly), YellowNoticeDays, day.Format(time.DateOnly))}), nil
		case !y.DefenceApproved:
			return false, append(why, Finding{Clause: "NSWBA 5.5.2",
				Text: fmt.Sprintf("%s: the written defence has not been approved", name)}), nil
		case y.DefenceCopies < 2:
			return false, append(why, Finding{Clause: "NSWBA 5.5.2",
				Text: fmt.Sprintf("%s: %d copies of the written defence; the opponents get two", name, y.DefenceCopies)}), nil
		}
		why = append(why, Finding{Clause: "NSWBA 5.5.1", Text: fmt.Sprintf("summary submitted %s, at least %d days ahead",
			y.Submitted.Format(time.DateOnly), YellowNoticeDays)})
		duties = append(duties,
			Finding{Clause: "NSWBA 5.5.2", Text: "give the opponents two copies of the approved written defence"},
			Finding{Clause: "NSWBA 5.5.3", Text: "the opponents may keep the written defence on the table"})
		if e.Protects() {
			duties = append(duties, Finding{Clause: "NSWBA 5.3",
				Text: "before each round, ask whether the opponents are a protected pair"})
		}
	}
	if brown := r.Brown(); len(brown) > 0 {
		bids := make([]string, len(brown))
		for i, f := range brown {
			bids[i] = f.Bid
		}
		duties = append(duties, Finding{Clause: "Part B 2.5 note II",
			Text: "list the Brown Sticker conventions on the card: " + strings.Join(bids, ", ")})
		if protected {
			duties = append(duties, Finding{Clause: "NSWBA 5.3",
				Text: "may not use its Brown Sticker conventions against a protected pair: " + strings.Join(bids, ", ")})
		}
	}
	return true, why, duties
}

func texts(fs []Finding) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.Text
	}
	return strings.Join(parts, "; ")
}
