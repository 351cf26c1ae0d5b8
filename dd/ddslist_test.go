package dd

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// ddsCase is one deal of a DDS test list (testdata/list*.txt, copied from
// /work/shared/fixtures/dds, which holds the lists of dds-bridge/dds hands/).
type ddsCase struct {
	line    int
	deal    bridge.Deal
	dealer  bridge.Seat
	vul     bridge.Vulnerability
	trump   bridge.Strain
	first   bridge.Seat
	fut     []futCard // SolveBoard(target -1, solutions 3) for trump and first
	table   Table
	play    []bridge.Card // PLAY: a card sequence from the opening lead
	trace   []int         // TRACE: declarer's tricks before the play and after each card
	par2    int           // DealerPar score, NS view
	par     [2]int        // Par scores: NS's when NS bids first, EW's when EW does
	parCon  [2]string     // Par contracts for each side first, e.g. NS:EW 2S
	par2Con []string      // DealerPar contracts, e.g. 3N-S+2, 4S*-EW-1
}

type futCard struct {
	card   bridge.Card
	equals bridge.Hand
	score  int
}

// DDS numbers suits S, H, D, C = 0..3 and strains S, H, D, C, NT = 0..4.
func ddsSuit(i int) bridge.Suit { return bridge.Spades - bridge.Suit(i) }
func ddsStrain(i int) bridge.Strain {
	if i == 4 {
		return bridge.NoTrump
	}
	return bridge.Strain(ddsSuit(i))
}

// DDS numbers vulnerability None, Both, NS, EW.
var ddsVul = [4]bridge.Vulnerability{bridge.NoneVul, bridge.AllVul, bridge.NSVul, bridge.EWVul}

func readDDSList(t testing.TB, path string) []ddsCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []ddsCase
	sc := bufio.NewScanner(f)
	ln := 0
	fail := func(format string, a ...any) {
		t.Helper()
		t.Fatalf("%s:%d: %s", path, ln, fmt.Sprintf(format, a...))
	}
	ints := func(fields []string) []int {
		v := make([]int, len(fields))
		for i, s := range fields {
			n, err := strconv.Atoi(s)
			if err != nil {
				fail("%q is not a number", s)
			}
			v[i] = n
		}
		return v
	}
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		kw, rest, _ := strings.Cut(line, " ")
		switch kw {
		case "PBN":
			q := strings.Index(rest, "\"")
			if q < 0 {
				fail("no deal")
			}
			h := ints(strings.Fields(rest[:q]))
			d, err := bridge.ParseDeal(strings.Trim(strings.TrimSpace(rest[q:]), "\""))
			if err != nil {
				fail("%v", err)
			}
			out = append(out, ddsCase{line: ln, deal: d, dealer: bridge.Seat(h[0]), vul: ddsVul[h[1]],
				trump: ddsStrain(h[2]), first: bridge.Seat(h[3])})
		case "FUT":
			v := ints(strings.Fields(rest))
			n := v[0]
			c := &out[len(out)-1]
			for i := 0; i < n; i++ {
				su := ddsSuit(v[1+i])
				eq := bridge.Hand(uint64(v[1+2*n+i]) << (16 * uint(su)))
				c.fut = append(c.fut, futCard{card: bridge.NewCard(su, bridge.Rank(v[1+n+i])), equals: eq, score: v[1+3*n+i]})
			}
		case "TABLE":
			v := ints(strings.Fields(rest))
			c := &out[len(out)-1]
			for st := 0; st < 5; st++ {
				for h := 0; h < 4; h++ {
					c.table[h][ddsStrain(st)] = v[4*st+h]
				}
			}
		case "PLAY":
			f := strings.Split(rest, "\"")
			c := &out[len(out)-1]
			for i := 0; i+2 <= len(f[1]); i += 2 {
				card, err := bridge.ParseCard(f[1][i : i+2])
				if err != nil {
					fail("%v", err)
				}
				c.play = append(c.play, card)
			}
		case "TRACE":
			v := ints(strings.Fields(rest))
			out[len(out)-1].trace = v[1:]
		case "PAR":
			// "NS -110" "EW 110" "NS:EW 2S" "EW:EW 2S"
			f := strings.Split(rest, "\"")
			c := &out[len(out)-1]
			if len(f) < 8 {
				fail("PAR: want four quoted fields")
			}
			for i := 0; i < 2; i++ {
				side, n, _ := strings.Cut(f[1+2*i], " ")
				v, err := strconv.Atoi(n)
				if err != nil || side != [2]string{"NS", "EW"}[i] {
					fail("PAR: bad score %q", f[1+2*i])
				}
				c.par[i] = v
				c.parCon[i] = f[5+2*i]
			}
		case "PAR2":
			f := strings.Split(rest, "\"")
			c := &out[len(out)-1]
			c.par2, _ = strconv.Atoi(f[1])
			for i := 3; i < len(f); i += 2 {
				c.par2Con = append(c.par2Con, f[i])
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestListFormat(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")
	if len(cs) != 100 {
		t.Fatalf("read %d deals, want 100", len(cs))
	}
	for _, c := range cs {
		if err := c.deal.Validate(); err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
	}
}
