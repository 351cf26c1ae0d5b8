package pbn

import (
	"fmt"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// TrickTable is a double-dummy table as the DoubleDummyTricks tag records
// it: the tricks each declarer takes in each strain, indexed by seat and
// strain (the layout of dd.Table, so the two convert directly).
type TrickTable [bridge.NumSeats][bridge.NumStrains]int

// tagStrains is the order of strains in DoubleDummyTricks: NT first.
var tagStrains = [bridge.NumStrains]bridge.Strain{bridge.NoTrump, bridge.SpadesStrain, bridge.HeartsStrain, bridge.DiamondsStrain, bridge.ClubsStrain}

// tagDeclarers is the order of declarers in DoubleDummyTricks.
var tagDeclarers = [bridge.NumSeats]bridge.Seat{bridge.North, bridge.South, bridge.East, bridge.West}

// String returns the table as a DoubleDummyTricks value: one hex digit per
// declarer N, S, E, W and strain NT, ♠, ♥, ♦, ♣ (20 digits, 0-d).
func (t TrickTable) String() string {
	const digits = "0123456789abcdef"
	var b strings.Builder
	for _, s := range tagDeclarers {
		for _, st := range tagStrains {
			n := t[s][st]
			if n < 0 || n > 15 {
				b.WriteByte('?')
				continue
			}
			b.WriteByte(digits[n])
		}
	}
	return b.String()
}

// ParseTrickTable reads a DoubleDummyTricks value: exactly 20 hex digits,
// each 0 to d (13); nothing before or after them.
func ParseTrickTable(v string) (TrickTable, error) {
	var t TrickTable
	if len(v) != 20 {
		return t, fmt.Errorf("DoubleDummyTricks %q: want 20 hex digits, got %d characters", v, len(v))
	}
	for i := range 20 {
		c := v[i]
		var n int
		switch {
		case c >= '0' && c <= '9':
			n = int(c - '0')
		case c >= 'a' && c <= 'd':
			n = int(c-'a') + 10
		case c >= 'A' && c <= 'D':
			n = int(c-'A') + 10
		default:
			return t, fmt.Errorf("DoubleDummyTricks %q: digit %d is %q, want 0-9 or a-d (tricks 0-13)", v, i+1, c)
		}
		t[tagDeclarers[i/5]][tagStrains[i%5]] = n
	}
	return t, nil
}

// DoubleDummyTricks returns the table of the DoubleDummyTricks tag, which
// hand-record programs write (it is not one of PBN 2.1's own tags).
func (g *Game) DoubleDummyTricks() (TrickTable, error) {
	v, line, err := g.value("DoubleDummyTricks")
	if err != nil {
		return TrickTable{}, err
	}
	t, err := ParseTrickTable(v)
	if err != nil {
		return t, &Error{Line: line, Msg: err.Error(), Err: ErrValue}
	}
	return t, nil
}

// CheckDeal reports the first entry of the table that no play of the deal
// can give. It knows two certainties, each true whatever the other side
// does: the hand holding the top trumps in sequence wins a trick with each
// of them (the ace of trumps wins the trick it is played to, and so on
// down), and the opening leader can cash a sequence of top cards in one
// suit from the top, in a trump contract for as many rounds as every
// opponent holding a trump still follows. A table that gives a side more
// tricks than these leave it is not a double-dummy table of the deal
// (13 tricks for every declarer, for one, never is). Entries of 6 tricks
// or fewer are checked only for their range: hand-record programs write a
// declarer who makes no contract as 6, or as 1, rather than his tricks.
func (t TrickTable) CheckDeal(d bridge.Deal) error {
	for _, decl := range tagDeclarers {
		for _, st := range tagStrains {
			n := t[decl][st]
			if n < 0 || n > 13 {
				return fmt.Errorf("%s in %s: %d tricks, want 0-13", decl.Name(), strainName(st), n)
			}
			if n <= 6 {
				continue
			}
			side := decl.Side()
			if k, why := sideSure(d, side, st); n < k {
				return fmt.Errorf("%s declaring %s takes %d tricks, but %s (at least %d)", decl.Name(), strainName(st), n, why, k)
			}
			leader := decl.LHO()
			k, why := sideSure(d, side.Opponents(), st)
			if c, cwhy := leaderCash(d, leader, st); c > k {
				k, why = c, cwhy
			}
			if 13-n < k {
				return fmt.Errorf("%s declaring %s cannot take %d tricks: %s (at least %d for %s)", decl.Name(), strainName(st), n, why, k, side.Opponents())
			}
		}
	}
	return nil
}

func strainName(st bridge.Strain) string {
	if st == bridge.NoTrump {
		return "no trump"
	}
	return st.String()
}

// topRun returns how many of the highest cards of suit s, from the ace
// down, the hand h holds in sequence.
func topRun(d bridge.Deal, h bridge.Seat, s bridge.Suit) int {
	own := d[h].SuitBits(s)
	n := 0
	for r := bridge.Ace; r >= bridge.Two; r-- {
		if own&(1<<r) == 0 {
			break
		}
		n++
	}
	return n
}

// sideSure returns the tricks a side wins with its top trumps whatever
// happens: a hand with the top k trumps in sequence wins k tricks.
func sideSure(d bridge.Deal, side bridge.Side, st bridge.Strain) (int, string) {
	trump, ok := st.Suit()
	if !ok {
		return 0, ""
	}
	for _, h := range side.Seats() {
		if k := topRun(d, h, trump); k > 0 {
			return k, fmt.Sprintf("%s holds the top %d trumps", h.Name(), k)
		}
	}
	return 0, ""
}

// leaderCash returns the tricks the opening leader wins by cashing top
// cards of one suit from the top.
func leaderCash(d bridge.Deal, leader bridge.Seat, st bridge.Strain) (int, string) {
	trump, hasTrump := st.Suit()
	best, why := 0, ""
	for s := bridge.Clubs; s <= bridge.Spades; s++ {
		k := topRun(d, leader, s)
		if hasTrump && s != trump {
			for _, o := range [2]bridge.Seat{leader.LHO(), leader.RHO()} {
				if d[o].SuitLen(trump) > 0 {
					k = min(k, d[o].SuitLen(s))
				}
			}
		}
		if k > best {
			best, why = k, fmt.Sprintf("%s leads and cashes %d top %s", leader.Name(), k, s)
		}
	}
	return best, why
}
