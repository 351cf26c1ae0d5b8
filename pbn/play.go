package pbn

import (
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Play is the play record of a game (PBN 2.1 §3.6). Each trick is written
// in fixed columns: column i holds the card of seat Leader+i, whoever led
// the trick; so the order of play within a trick follows from who won the
// trick before.
type Play struct {
	Leader bridge.Seat // the opening leader, the seat of the first column
	Tricks []Trick
	Notes  map[int]string // Note tags after the Play, by number
	Line   int            // line of the Play tag
	// Ended is true when the record ends with "*": the remaining cards
	// were not recorded (claimed, or the play stopped).
	Ended bool
}

// Trick is one line of a play record, by column.
type Trick struct {
	Cards [bridge.NumSeats]bridge.Card
	Known [bridge.NumSeats]bool // false where the record has "-" or stops
	Marks [bridge.NumSeats]Mark
	Line  int
}

// Seat returns the seat of column i.
func (p *Play) Seat(i int) bridge.Seat { return (p.Leader + bridge.Seat(i)) & 3 }

// Play returns the game's play record. Only its notation is checked here;
// Replay checks the cards against the deal and the laws of play.
func (g *Game) Play() (*Play, error) {
	t := g.Find("Play")
	if t == nil {
		return nil, errorf(0, ErrNoTag, "no Play tag")
	}
	leader, err := bridge.ParseSeat(strings.TrimSpace(t.Value))
	if err != nil {
		return nil, wrapf(t.Line, err, "Play: want the seat of the opening lead")
	}
	p := &Play{Leader: leader, Line: t.Line, Notes: g.notes("Play")}
	col := 4 // column of the next card; 4 starts a new trick
	var last *Mark
	for i, line := range t.Section {
		ln := t.SectionLine(i)
		for _, tok := range Fields(line) {
			if p.Ended {
				return p, errorf(ln, ErrValue, "Play: %q after '*', the end of the play record", tok)
			}
			if last != nil && markToken(last, tok) {
				continue
			}
			if tok == "*" {
				p.Ended = true
				continue
			}
			if col == 4 {
				if len(p.Tricks) == 13 {
					return p, errorf(ln, ErrValue, "Play: %q: more than 13 tricks", tok)
				}
				p.Tricks = append(p.Tricks, Trick{Line: ln})
				col = 0
			}
			tr := &p.Tricks[len(p.Tricks)-1]
			card, suffix := splitSuffix(tok)
			if card != "-" {
				c, err := bridge.ParseCard(card)
				if err != nil {
					return p, wrapf(ln, err, "Play: %q: want a card such as SK, '-', a note =n= or '*'", tok)
				}
				tr.Cards[col], tr.Known[col] = c, true
			}
			last = &tr.Marks[col]
			if suffix != "" {
				last.Annotations = append(last.Annotations, suffix)
			}
			col++
		}
	}
	return p, nil
}

// Lines returns the play record as section lines, one trick a line.
func (p *Play) Lines() []string {
	var out []string
	for _, tr := range p.Tricks {
		parts := make([]string, 0, 4)
		for i := range 4 {
			s := "-"
			if tr.Known[i] {
				s = tr.Cards[i].ASCII()
			}
			parts = append(parts, s+tr.Marks[i].String())
		}
		out = append(out, strings.Join(parts, " "))
	}
	if p.Ended {
		out = append(out, "*")
	}
	return out
}

// SetPlay writes p into the game's Play tag and replaces the Note tags
// that follow it with p.Notes.
func (g *Game) SetPlay(p *Play) {
	t := g.SetSection("Play", p.Leader.String(), p.Lines())
	g.setNotes(t, p.Notes)
}

// Replay plays the record through the laws of play (Laws 41–44) on the
// deal, in the contract with the declarer: the opening lead must come from
// declarer's LHO, each card must be held and follow suit when it can. It
// stops at the first unknown card ("-") unless the player has only one
// card left. The first illegal card is returned as an *Error for its line,
// with the play up to it.
func (p *Play) Replay(d bridge.Deal, c bridge.Contract, declarer bridge.Seat) (*bridge.Play, error) {
	bp, err := bridge.NewPlay(d, c, declarer)
	if err != nil {
		return nil, wrapf(p.Line, err, "Play")
	}
	if p.Leader != declarer.LHO() {
		return bp, errorf(p.Line, ErrValue, "Play: opening lead by %s, but declarer %s's LHO is %s (Law 41A)", p.Leader, declarer, declarer.LHO())
	}
	for ti, tr := range p.Tricks {
		leader := bp.Turn()
		for k := range 4 {
			seat := (leader + bridge.Seat(k)) & 3
			col := int((seat - p.Leader) & 3)
			card := tr.Cards[col]
			if !tr.Known[col] {
				h := bp.Hand(seat)
				if h.Len() != 1 {
					return bp, nil // the record stops being complete here
				}
				card = h.Cards()[0]
			}
			if err := bp.Play(card); err != nil {
				return bp, wrapf(tr.Line, err, "Play: trick %d", ti+1)
			}
		}
	}
	return bp, nil
}
