package bridge

import (
	"fmt"
	"strings"
)

// Risk is whether a contract is undoubled, doubled or redoubled.
type Risk uint8

// The three states of a contract (Law 19).
const (
	Undoubled Risk = iota
	Doubled
	Redoubled
)

// String returns "", "X" or "XX".
func (r Risk) String() string {
	switch r {
	case Doubled:
		return "X"
	case Redoubled:
		return "XX"
	}
	return ""
}

// Contract is the final contract of an auction: a level and strain, and
// whether it was doubled or redoubled (Law 22). Level 0 is a passed-out
// deal. The declarer is kept apart: a contract as written on a traveller
// or in PBN's Contract tag does not name it.
type Contract struct {
	Level  uint8 // 1–7, or 0 when the deal was passed out
	Strain Strain
	Risk   Risk
}

// PassedOut is the contract of a passed-out deal.
var PassedOut = Contract{}

// IsPassedOut reports whether the deal was passed out.
func (c Contract) IsPassedOut() bool { return c.Level == 0 }

// Valid reports whether c is a real contract or a pass-out.
func (c Contract) Valid() bool {
	if c.Level == 0 {
		return c == PassedOut
	}
	return c.Level <= 7 && c.Strain < NumStrains && c.Risk <= Redoubled
}

// String returns the contract as players write it: 4♠X, 3NT, Pass.
func (c Contract) String() string {
	if c.IsPassedOut() {
		return "Pass"
	}
	return fmt.Sprintf("%d%s%s", c.Level, c.Strain, c.Risk)
}

// ASCII returns the contract in PBN notation: 4SX, 3NT, Pass.
func (c Contract) ASCII() string {
	if c.IsPassedOut() {
		return "Pass"
	}
	return fmt.Sprintf("%d%s%s", c.Level, c.Strain.ASCII(), c.Risk)
}

// ParseContract reads a contract as players and scorers write it: 4S, 4♠,
// 3NT, 3N, 2HX, 2HXX, 6♦**, Pass (or P, AP, PO, "passed out"), either case.
func ParseContract(s string) (Contract, error) {
	t := strings.TrimSpace(s)
	switch strings.ToUpper(t) {
	case "PASS", "P", "AP", "PO", "PASSED OUT", "ALL PASS":
		return PassedOut, nil
	}
	u := strings.ToUpper(t)
	var risk Risk
	switch {
	case strings.HasSuffix(u, "XX") || strings.HasSuffix(u, "**") || strings.HasSuffix(u, "R"):
		risk = Redoubled
		if strings.HasSuffix(u, "R") {
			t = t[:len(t)-1]
		} else {
			t = t[:len(t)-2]
		}
	case strings.HasSuffix(u, "X") || strings.HasSuffix(u, "*"):
		risk = Doubled
		t = t[:len(t)-1]
	}
	t = strings.TrimSpace(t)
	if len(t) < 2 || t[0] < '0' || t[0] > '9' {
		return Contract{}, fmt.Errorf("bridge: %q is not a contract (want e.g. 4S, 3NTX, Pass)", s)
	}
	if t[1] >= '0' && t[1] <= '9' || t[0] < '1' || t[0] > '7' {
		return Contract{}, fmt.Errorf("bridge: contract %q: level must be 1-7: %w", s, ErrBidAboveSeven)
	}
	strain, err := ParseStrain(t[1:])
	if err != nil {
		return Contract{}, fmt.Errorf("bridge: contract %q: %w", s, err)
	}
	return Contract{Level: t[0] - '0', Strain: strain, Risk: risk}, nil
}

// Score returns the duplicate score of the contract for the declaring side
// (Law 77) when declarer takes tricks tricks (0–13): positive when the
// contract is made, negative when defeated. A passed-out deal scores 0.
func (c Contract) Score(tricks int, vulnerable bool) int {
	if c.IsPassedOut() {
		return 0
	}
	need := int(c.Level) + 6
	if tricks < need {
		return -undertrickPenalty(need-tricks, c.Risk, vulnerable)
	}
	mult := 1 << c.Risk // 1, 2, 4
	// Trick score for the odd tricks bid (Law 77, trick score).
	perTrick := 20
	if c.Strain >= HeartsStrain {
		perTrick = 30
	}
	trickScore := perTrick * int(c.Level)
	if c.Strain == NoTrump {
		trickScore += 10
	}
	trickScore *= mult
	score := trickScore
	// Overtricks.
	over := tricks - need
	switch c.Risk {
	case Undoubled:
		score += over * perTrick
	case Doubled:
		score += over * pick(vulnerable, 200, 100)
	case Redoubled:
		score += over * pick(vulnerable, 400, 200)
	}
	// Premium for making a doubled or redoubled contract ("insult").
	score += [3]int{0, 50, 100}[c.Risk]
	// Game or part-score bonus.
	if trickScore >= 100 {
		score += pick(vulnerable, 500, 300)
	} else {
		score += 50
	}
	// Slam bonuses.
	switch c.Level {
	case 6:
		score += pick(vulnerable, 750, 500)
	case 7:
		score += pick(vulnerable, 1500, 1000)
	}
	return score
}

// undertrickPenalty is the Law 77 penalty for going down n tricks.
func undertrickPenalty(n int, r Risk, vul bool) int {
	if r == Undoubled {
		return n * pick(vul, 100, 50)
	}
	var p int
	for i := 1; i <= n; i++ {
		switch {
		case i == 1:
			p += pick(vul, 200, 100)
		case i <= 3 || vul:
			p += pick(vul, 300, 200)
		default:
			p += 300
		}
	}
	if r == Redoubled {
		p *= 2
	}
	return p
}

func pick(cond bool, yes, no int) int {
	if cond {
		return yes
	}
	return no
}

// Score returns the duplicate score of a result from North-South's side:
// the contract, its declarer, the tricks declarer took and the board's
// vulnerability (Law 77). A passed-out deal scores 0.
func Score(c Contract, declarer Seat, tricks int, v Vulnerability) int {
	s := c.Score(tricks, v.SeatVulnerable(declarer))
	if declarer.Side() == EW {
		return -s
	}
	return s
}
