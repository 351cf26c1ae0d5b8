package laws

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// claimCase is one case of testdata/claims.txt.
type claimCase struct {
	name, kind, law, reason string
	line                    int
	ed                      Edition
	pos                     ClaimPosition
	claimer                 bridge.Seat
	claim                   int
	st                      Statement
	aware                   bool
	award, restorable       int
}

// readClaimCases parses testdata/claims.txt (format in its header).
func readClaimCases(t testing.TB) []claimCase {
	f, err := os.Open("testdata/claims.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []claimCase
	var c *claimCase
	haveClaimer, haveDecl := false, false
	finish := func() {
		if c == nil {
			return
		}
		if !haveDecl {
			c.pos.Declarer = bridge.South
		}
		if !haveClaimer {
			c.claimer = c.pos.Declarer
		}
		out = append(out, *c)
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		fail := func(err error) { t.Fatalf("claims.txt:%d: %s: %v", n, key, err) }
		seat := func() bridge.Seat {
			s, err := bridge.ParseSeat(val)
			if err != nil {
				fail(err)
			}
			return s
		}
		num := func() int {
			k, err := strconv.Atoi(val)
			if err != nil {
				fail(err)
			}
			return k
		}
		if key == "case" {
			finish()
			c = &claimCase{name: val, line: n, kind: "contested", restorable: -1}
			haveClaimer, haveDecl = false, false
			continue
		}
		if c == nil {
			t.Fatalf("claims.txt:%d: %q before the first case", n, line)
		}
		switch key {
		case "edition":
			e, err := ParseEdition(val)
			if err != nil {
				fail(err)
			}
			c.ed = e
		case "deal":
			d, err := bridge.ParseDeal(val)
			if err != nil {
				fail(err)
			}
			c.pos.Hands = d
		case "trump":
			s, err := bridge.ParseStrain(val)
			if err != nil {
				fail(err)
			}
			c.pos.Trump = s
		case "leader":
			c.pos.Leader = seat()
		case "declarer":
			c.pos.Declarer, haveDecl = seat(), true
		case "claimer":
			c.claimer, haveClaimer = seat(), true
		case "kind":
			c.kind = val
		case "claim":
			c.claim = num()
		case "statement":
			st, err := ParseStatement(val)
			if err != nil {
				fail(err)
			}
			c.st = st
		case "shown":
			sh, err := ParseShown(val)
			if err != nil {
				fail(err)
			}
			c.pos.Shown = sh
		case "aware":
			c.aware = val == "yes"
		case "trick":
			for _, w := range strings.Fields(val) {
				card, err := bridge.ParseCard(w)
				if err != nil {
					fail(err)
				}
				c.pos.Trick = append(c.pos.Trick, card)
			}
		case "award":
			c.award = num()
		case "restorable":
			c.restorable = num()
		case "law":
			c.law = val
		case "reason":
			c.reason += val + " "
		default:
			t.Fatalf("claims.txt:%d: unknown field %q", n, key)
		}
	}
	finish()
	return out
}

// decide runs a case through the adjudicator.
func (c claimCase) decide(a *Adjudicator) (Award, error) {
	cl := Claim{Claimer: c.claimer, Tricks: c.claim, Statement: c.st, Aware: c.aware}
	switch c.kind {
	case "concession":
		return a.Concession(c.pos, c.claimer, c.claim)
	case "acquiesced":
		return a.Acquiescence(c.pos, cl)
	case "contested":
		return a.Contested(c.pos, cl)
	}
	return Award{}, fmt.Errorf("unknown kind %q", c.kind)
}

// TestClaimLibrary runs every case of testdata/claims.txt: Laws 68B, 69,
// 70A, 70C, 70D, 70E and 71 in both codes.
func TestClaimLibrary(t *testing.T) {
	cases := readClaimCases(t)
	if len(cases) < 40 {
		t.Errorf("the library has %d cases, want at least 40", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			aw, err := c.decide(NewAdjudicator(c.ed))
			if err != nil {
				t.Fatalf("claims.txt:%d: %v", c.line, err)
			}
			if aw.Tricks != c.award || (c.restorable >= 0 && aw.Restorable != c.restorable) || aw.Law != c.law {
				t.Errorf("claims.txt:%d: award %d restorable %d law %s, want %d %d %s (%s)\n%s",
					c.line, aw.Tricks, aw.Restorable, aw.Law, c.award, c.restorable, c.law, c.reason, aw.Explain())
			}
			if len(aw.Line) == 0 || len(aw.Reasons) == 0 {
				t.Errorf("claims.txt:%d: no line or no reason given", c.line)
			}
		})
	}
}
