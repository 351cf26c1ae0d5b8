package bridge

import (
	"errors"
	"fmt"
	"testing"
)

func TestParseContract(t *testing.T) {
	tests := []struct {
		in, out string
		err     error
	}{
		{"4S", "4♠", nil}, {"4♠", "4♠", nil}, {"3NTX", "3NTX", nil}, {"3NX", "3NTX", nil},
		{"2HXX", "2♥XX", nil}, {"2hxx", "2♥XX", nil}, {"6D**", "6♦XX", nil}, {"6D*", "6♦X", nil},
		{"7NT", "7NT", nil}, {"Pass", "Pass", nil}, {"AP", "Pass", nil}, {"passed out", "Pass", nil},
		{"8S", "", ErrBidAboveSeven}, {"0H", "", ErrBidAboveSeven}, {"10NT", "", ErrBidAboveSeven},
		{"", "", nil}, {"S4", "", nil}, {"4Z", "", nil}, {"X", "", nil},
	}
	for _, tt := range tests {
		c, err := ParseContract(tt.in)
		if tt.out == "" {
			if err == nil {
				t.Errorf("ParseContract(%q) = %v, want error", tt.in, c)
			} else if tt.err != nil && !errors.Is(err, tt.err) {
				t.Errorf("ParseContract(%q) error %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || c.String() != tt.out {
			t.Errorf("ParseContract(%q) = %v, %v; want %s", tt.in, c, err, tt.out)
			continue
		}
		back, err := ParseContract(c.ASCII())
		if err != nil || back != c {
			t.Errorf("ASCII round trip of %v: %v, %v", c, back, err)
		}
	}
}

// Law 77: the cells of the duplicate scoring table, written out as the table
// gives them, so the test does not share the implementation's arithmetic.
var (
	// Trick score per odd trick bid and made: [strain class][risk].
	trickCell = map[string][3]int{
		"minor":    {20, 40, 80},
		"major":    {30, 60, 120},
		"nt-first": {40, 80, 160},
		"nt-later": {30, 60, 120},
	}
	// Overtrick value: undoubled is the trick value; [vul][risk] for X, XX.
	overtrickX  = [2]int{100, 200}
	overtrickXX = [2]int{200, 400}
	insult      = [3]int{0, 50, 100}
	gameBonus   = [2]int{300, 500}
	partBonus   = 50
	smallSlam   = [2]int{500, 750}
	grandSlam   = [2]int{1000, 1500}
	// Undertricks [vul]: undoubled per trick; doubled 1st, 2nd-3rd, 4th+.
	downUndoubled = [2]int{50, 100}
	downX         = [2][3]int{{100, 200, 300}, {200, 300, 300}}
)

func expectedScore(level, strain int, risk Risk, vul, tricks int) int {
	need := level + 6
	if tricks < need {
		n, p := need-tricks, 0
		for i := 1; i <= n; i++ {
			switch {
			case risk == Undoubled:
				p += downUndoubled[vul]
			case i == 1:
				p += downX[vul][0]
			case i <= 3:
				p += downX[vul][1]
			default:
				p += downX[vul][2]
			}
		}
		if risk == Redoubled {
			p *= 2
		}
		return -p
	}
	class := "minor"
	if strain == 2 || strain == 3 {
		class = "major"
	}
	ts := 0
	for i := 1; i <= level; i++ {
		c := class
		if strain == 4 {
			c = "nt-later"
			if i == 1 {
				c = "nt-first"
			}
		}
		ts += trickCell[c][risk]
	}
	s := ts
	for i := 0; i < tricks-need; i++ {
		switch risk {
		case Undoubled:
			c := class
			if strain == 4 {
				c = "nt-later"
			}
			s += trickCell[c][0]
		case Doubled:
			s += overtrickX[vul]
		case Redoubled:
			s += overtrickXX[vul]
		}
	}
	s += insult[risk]
	if ts >= 100 {
		s += gameBonus[vul]
	} else {
		s += partBonus
	}
	if level == 6 {
		s += smallSlam[vul]
	}
	if level == 7 {
		s += grandSlam[vul]
	}
	return s
}

func TestScoreEveryCell(t *testing.T) {
	// Law 77: every contract, every risk, both vulnerabilities, 0–13 tricks.
	for level := 1; level <= 7; level++ {
		for strain := 0; strain < NumStrains; strain++ {
			for risk := Undoubled; risk <= Redoubled; risk++ {
				for vul := 0; vul < 2; vul++ {
					for tricks := 0; tricks <= 13; tricks++ {
						c := Contract{Level: uint8(level), Strain: Strain(strain), Risk: risk}
						got := c.Score(tricks, vul == 1)
						want := expectedScore(level, strain, risk, vul, tricks)
						if got != want {
							t.Errorf("%v vul=%v %d tricks: %d, want %d", c, vul == 1, tricks, got, want)
						}
					}
				}
			}
		}
	}
}

func TestScoreClassics(t *testing.T) {
	// Law 77: well-known scores as printed on every scorecard.
	tests := []struct {
		contract string
		vul      bool
		tricks   int
		want     int
	}{
		{"1C", false, 7, 70}, {"2D", false, 8, 90}, {"3C", false, 9, 110}, {"4D", false, 10, 130},
		{"5C", false, 11, 400}, {"5D", true, 11, 600}, {"6C", false, 12, 920}, {"6D", true, 12, 1370},
		{"7C", false, 13, 1440}, {"7D", true, 13, 2140},
		{"1H", false, 7, 80}, {"2S", false, 8, 110}, {"3H", true, 9, 140}, {"4S", false, 10, 420},
		{"4H", true, 10, 620}, {"4S", true, 11, 650}, {"6S", false, 12, 980}, {"6H", true, 12, 1430},
		{"7S", true, 13, 2210},
		{"1NT", false, 7, 90}, {"2NT", true, 8, 120}, {"3NT", false, 9, 400}, {"3NT", true, 9, 600},
		{"3NT", true, 10, 630}, {"6NT", false, 12, 990}, {"7NT", true, 13, 2220},
		{"1CX", false, 7, 140}, {"1CX", true, 8, 340}, {"2HX", false, 8, 470}, {"2HX", true, 8, 670},
		{"1NTX", false, 7, 180}, {"2NTX", true, 8, 690}, {"1HXX", false, 7, 520}, {"1NTXX", true, 7, 760},
		{"1CXX", false, 8, 430}, {"1CXX", true, 8, 630},
		{"7NTXX", true, 13, 2980}, // the largest score for a made contract
		{"1CX", false, 13, 740},   // 1♣X making seven, not vulnerable
		{"7NTXX", true, 0, -7600}, // thirteen down redoubled, vulnerable
		{"7NTXX", false, 0, -7000},
		{"7NTX", false, 0, -3500},
		{"7NTX", true, 0, -3800},
		{"4SX", false, 9, -100}, {"4SX", false, 8, -300}, {"4SX", false, 7, -500}, {"4SX", false, 6, -800},
		{"4SX", true, 9, -200}, {"4SX", true, 8, -500}, {"4SX", true, 7, -800}, {"4SX", true, 6, -1100},
		{"4S", false, 6, -200}, {"4S", true, 6, -400},
		{"Pass", true, 0, 0}, // Law 22A: a passed-out deal scores zero
	}
	for _, tt := range tests {
		c, err := ParseContract(tt.contract)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Score(tt.tricks, tt.vul); got != tt.want {
			t.Errorf("%s vul=%v %d tricks: %d, want %d", tt.contract, tt.vul, tt.tricks, got, tt.want)
		}
	}
}

func TestScoreFromNS(t *testing.T) {
	// Law 77, scored for North-South: a result by East-West is negated and
	// vulnerability is the declarer's side's.
	tests := []struct {
		contract string
		declarer Seat
		tricks   int
		vul      Vulnerability
		want     int
	}{
		{"4SX", South, 8, NSVul, -500},
		{"4SX", South, 8, EWVul, -300},
		{"4SX", East, 8, NSVul, 300},
		{"4SX", West, 8, EWVul, 500},
		{"3NT", North, 10, AllVul, 630},
		{"3NT", West, 10, AllVul, -630},
		{"Pass", West, 0, AllVul, 0},
	}
	for _, tt := range tests {
		c, _ := ParseContract(tt.contract)
		if got := Score(c, tt.declarer, tt.tricks, tt.vul); got != tt.want {
			t.Errorf("Score(%s by %v, %d, %v) = %d, want %d", tt.contract, tt.declarer, tt.tricks, tt.vul, got, tt.want)
		}
	}
}

func ExampleScore() {
	c, _ := ParseContract("4SX")
	fmt.Println(c, Score(c, South, 8, NSVul))
	// Output: 4♠X -500
}
