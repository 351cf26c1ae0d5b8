package bridge

import "fmt"

// Board is a duplicate board, identified by its number (Law 2). The number
// alone fixes the dealer and vulnerability by the standard 16-board cycle.
type Board int

// The standard vulnerability of boards 1–16, repeated for every 16 boards.
var boardVul = [16]Vulnerability{
	NoneVul, NSVul, EWVul, AllVul,
	NSVul, EWVul, AllVul, NoneVul,
	EWVul, AllVul, NoneVul, NSVul,
	AllVul, NoneVul, NSVul, EWVul,
}

// Valid reports whether the board number is 1 or more.
func (b Board) Valid() bool { return b >= 1 }

// Dealer returns the dealer: North on board 1, then clockwise (Law 2).
func (b Board) Dealer() Seat {
	if b < 1 {
		return North
	}
	return Seat((b - 1) % 4)
}

// Vulnerability returns the board's vulnerability by the 16-board cycle (Law 2).
func (b Board) Vulnerability() Vulnerability {
	if b < 1 {
		return NoneVul
	}
	return boardVul[(b-1)%16]
}

// String returns the board number.
func (b Board) String() string { return fmt.Sprintf("%d", int(b)) }
