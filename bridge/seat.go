package bridge

import (
	"fmt"
	"strings"
)

// Seat is a compass position at the table, in clockwise order of play (Law 2).
type Seat uint8

// The four seats, clockwise.
const (
	North Seat = iota
	East
	South
	West
)

// NumSeats is the number of players at a table.
const NumSeats = 4

var seatLetters = [NumSeats]string{"N", "E", "S", "W"}
var seatNames = [NumSeats]string{"North", "East", "South", "West"}

// String returns the seat's initial: N, E, S or W.
func (s Seat) String() string {
	if s >= NumSeats {
		return fmt.Sprintf("Seat(%d)", uint8(s))
	}
	return seatLetters[s]
}

// Name returns the seat's full name, e.g. North.
func (s Seat) Name() string {
	if s >= NumSeats {
		return s.String()
	}
	return seatNames[s]
}

// Next returns the seat to the left, who acts next in rotation (the LHO).
func (s Seat) Next() Seat { return (s + 1) & 3 }

// LHO returns the left-hand opponent.
func (s Seat) LHO() Seat { return (s + 1) & 3 }

// Partner returns the seat opposite.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// RHO returns the right-hand opponent.
func (s Seat) RHO() Seat { return (s + 3) & 3 }

// Side returns the partnership the seat belongs to.
func (s Seat) Side() Side { return Side(s & 1) }

// ParseSeat reads a seat: N, E, S, W or its full name, in either case.
func ParseSeat(s string) (Seat, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	for i := range seatLetters {
		if t == seatLetters[i] || t == strings.ToUpper(seatNames[i]) {
			return Seat(i), nil
		}
	}
	return 0, fmt.Errorf("bridge: %q is not a seat (want N, E, S or W)", s)
}

// Side is a partnership: North-South or East-West.
type Side uint8

// The two sides.
const (
	NS Side = iota
	EW
)

// String returns NS or EW.
func (s Side) String() string {
	switch s {
	case NS:
		return "NS"
	case EW:
		return "EW"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Opponents returns the other side.
func (s Side) Opponents() Side { return s ^ 1 }

// Seats returns the two seats of the side, North or East first.
func (s Side) Seats() [2]Seat { return [2]Seat{Seat(s), Seat(s) + 2} }

// ParseSide reads NS, N-S, EW or E-W in either case.
func ParseSide(s string) (Side, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NS", "N-S", "N/S":
		return NS, nil
	case "EW", "E-W", "E/W":
		return EW, nil
	}
	return 0, fmt.Errorf("bridge: %q is not a side (want NS or EW)", s)
}

// Vulnerability says which sides are vulnerable on a board.
type Vulnerability uint8

// The four vulnerability conditions.
const (
	NoneVul Vulnerability = iota // neither side
	NSVul                        // North-South only
	EWVul                        // East-West only
	AllVul                       // both sides
)

// String returns the PBN form: None, NS, EW or All.
func (v Vulnerability) String() string {
	switch v {
	case NoneVul:
		return "None"
	case NSVul:
		return "NS"
	case EWVul:
		return "EW"
	case AllVul:
		return "All"
	}
	return fmt.Sprintf("Vulnerability(%d)", uint8(v))
}

// Vulnerable reports whether the side is vulnerable.
func (v Vulnerability) Vulnerable(s Side) bool {
	return v == AllVul || (v == NSVul && s == NS) || (v == EWVul && s == EW)
}

// SeatVulnerable reports whether the seat's side is vulnerable.
func (v Vulnerability) SeatVulnerable(s Seat) bool { return v.Vulnerable(s.Side()) }

// ParseVulnerability reads what players and programs write: None, Love, -,
// NS, N-S, EW, E-W, All, Both, in either case.
func ParseVulnerability(s string) (Vulnerability, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "NONE", "LOVE", "-", "O", "0":
		return NoneVul, nil
	case "NS", "N-S", "N/S", "N":
		return NSVul, nil
	case "EW", "E-W", "E/W", "E":
		return EWVul, nil
	case "ALL", "BOTH", "B":
		return AllVul, nil
	}
	return 0, fmt.Errorf("bridge: %q is not a vulnerability (want None, NS, EW or All)", s)
}
