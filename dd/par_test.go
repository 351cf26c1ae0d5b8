package dd

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
)

// ddsParString writes a par contract as DDS's DealerPar does: 3N-S+2,
// 4S*-EW-1, 2S-EW.
func ddsParString(c ParContract) string {
	st := c.Contract.Strain.ASCII()
	if c.Contract.Strain == bridge.NoTrump {
		st = "N"
	}
	x := ""
	if c.Contract.Risk == bridge.Doubled {
		x = "*"
	}
	who := ""
	if len(c.Declarers) == 2 {
		who = c.Declarers[0].Side().String()
	} else {
		for _, s := range c.Declarers {
			who += s.String()
		}
	}
	over := ""
	if c.Over != 0 {
		over = fmt.Sprintf("%+d", c.Over)
	}
	return fmt.Sprintf("%d%s%s-%s%s", c.Contract.Level, st, x, who, over)
}

// TestParList1000 checks the par score of every deal of DDS's list1000
// against DealerPar (the PAR2 line), from the deal's own TABLE line, and
// the par contracts as a set.
func TestParList1000(t *testing.T) {
	cs := readDDSList(t, "testdata/list1000.txt")
	scoreBad, conBad := 0, 0
	for _, c := range cs {
		p := ParOf(c.table, c.dealer, c.vul)
		if p.Score != c.par2 {
			scoreBad++
			if scoreBad <= 5 {
				t.Errorf("line %d %s dealer %v vul %v: par %d, want %d (%v)", c.line, c.deal, c.dealer, c.vul, p.Score, c.par2, c.par2Con)
			}
			continue
		}
		var got []string
		for _, pc := range p.Contracts {
			got = append(got, ddsParString(pc))
		}
		want := slices.Clone(c.par2Con)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			conBad++
			if conBad <= 10 {
				t.Logf("line %d %s dealer %v vul %v: contracts %s, want %s", c.line, c.deal, c.dealer, c.vul, strings.Join(got, " "), strings.Join(want, " "))
			}
		}
	}
	if scoreBad > 0 {
		t.Errorf("%d of %d par scores differ", scoreBad, len(cs))
	}
	if conBad > 0 {
		t.Errorf("%d of %d par contract lists differ", conBad, len(cs))
	}
}

// TestParEdgeCases: the par edge cases of the DDS reference notes (the
// bcdd LowestParContract comparison, endplay and BBO samples), each run
// through DDS's DealerPar: score and contracts.
func TestParEdgeCases(t *testing.T) {
	tests := []struct {
		deal   string
		dealer bridge.Seat
		vul    bridge.Vulnerability
		score  int
		want   string // DDS DealerPar contracts
	}{
		// N makes 10 tricks in NT, S 11: the declaring seat matters.
		{"N:K7.AK87.A87.AJ52 AJ5.QT9.9532.T76 QT62.J642.KJ6.K4 9843.53.QT4.Q983", bridge.West, bridge.NoneVul, 460, "3N-S+2"},
		{"N:Q52.KQ974.AQ.AKT AKJ94.AT6.K8642. 86.J85.973.J9532 T73.32.JT5.Q8764", bridge.North, bridge.EWVul, -300, "4N*-N-2 5H*-N-2"},
		{"N:Q.KT97.J953.9754 AKJT3.J3.T64.AQ2 87652.85.AK8.KJ6 94.AQ642.Q72.T83", bridge.West, bridge.EWVul, -500, "4C*-N-3 4D*-S-3"},
		{"N:J5.T872.KT76.K32 Q87642.9.84.Q754 A.AQJ63.QJ9532.J KT93.K54.A.AT986", bridge.West, bridge.NoneVul, -100, "5D*-S-1 5H*-NS-1"},
		{"N:9865.Q98.AJT4.84 J4.KT76.Q98.J762 AT.543.762.QT953 KQ732.AJ2.K53.AK", bridge.East, bridge.EWVul, -630, "3N-W+1"},
		{"N:9642.95.AKQT4.K7 KJ3.K3.98.T98654 AQT85.Q862..AQJ2 7.AJT74.J76532.3", bridge.North, bridge.NoneVul, 420, "4S-NS"},
		{"N:J8.AK985.AJ6.AJ8 QT4.Q2.9874.9753 A5.JT74.KT32.KQ2 K97632.63.Q5.T64", bridge.North, bridge.NoneVul, 1520, "7N-NS"},
	}
	s := NewSolverOptions(Options{})
	for _, tt := range tests {
		tab, err := s.Table(mustDeal(t, tt.deal))
		if err != nil {
			t.Fatal(err)
		}
		p := ParOf(tab, tt.dealer, tt.vul)
		var got []string
		for _, c := range p.Contracts {
			got = append(got, ddsParString(c))
		}
		slices.Sort(got)
		if p.Score != tt.score || strings.Join(got, " ") != tt.want {
			t.Errorf("%s: par %d %v, want %d %s", tt.deal, p.Score, got, tt.score, tt.want)
		}
	}
}

// TestParOptimumScore: the par of each board of the RealBridge export,
// from its own DoubleDummyTricks, equals its OptimumScore.
func TestParOptimumScore(t *testing.T) {
	f, err := pbn.ReadFile("testdata/realbridge-teams-2021.pbn")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range f.Games {
		tab, ok := fixtureTable(t, g)
		want := g.Tag("OptimumScore")
		if !ok || want == "" {
			continue
		}
		dealer, err1 := g.Dealer()
		vul, err2 := g.Vulnerability()
		if err1 != nil || err2 != nil {
			t.Fatalf("line %d: %v %v", g.Line, err1, err2)
		}
		if got := ParOf(tab, dealer, vul).ScoreString(); got != want {
			t.Errorf("line %d: par %q, want %q", g.Line, got, want)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no boards with OptimumScore")
	}
}

// TestParStrings: the PBN forms of par.
func TestParStrings(t *testing.T) {
	p := Par{Score: -200, Contracts: []ParContract{
		{Contract: bridge.Contract{Level: 4, Strain: bridge.SpadesStrain, Risk: bridge.Doubled}, Declarers: []bridge.Seat{bridge.North}, Over: -1},
		{Contract: bridge.Contract{Level: 5, Strain: bridge.ClubsStrain, Risk: bridge.Doubled}, Declarers: []bridge.Seat{bridge.North, bridge.South}, Over: -1},
	}}
	if got := p.ScoreString(); got != "NS -200" {
		t.Errorf("score %q", got)
	}
	if got := p.ContractsString(); got != "N 4SX-1; NS 5CX-1" {
		t.Errorf("contracts %q", got)
	}
	if got := (Par{}).ContractsString(); got != "Pass" {
		t.Errorf("pass %q", got)
	}
	c := ParContract{Contract: bridge.Contract{Level: 3, Strain: bridge.NoTrump}, Declarers: []bridge.Seat{bridge.East, bridge.West}, Over: 2}
	if got := c.String(); got != "EW 3NT+2" {
		t.Errorf("contract %q", got)
	}
	if got := (Par{Score: 620}).ScoreString(); got != "NS +620" {
		t.Errorf("score %q", got)
	}
}

// TestSidesParList1000 checks SidesPar on every deal of DDS's list1000
// against DDS's Par (the PAR line), which gives the par for each side as
// the first to bid: the scores, and each par contract's strain, doubling,
// declaring seats and level (DDS lists every level that scores par, as in
// "NS:S 345N"; SidesPar gives the lowest, which must be among them).
func TestSidesParList1000(t *testing.T) {
	cs := readDDSList(t, "testdata/list1000.txt")
	scoreBad, conBad, differ := 0, 0, 0
	for _, c := range cs {
		sp := SidesPar(c.table, c.vul)
		if sp[bridge.NS].Score != sp[bridge.EW].Score {
			differ++
		}
		for i, side := range [2]bridge.Side{bridge.NS, bridge.EW} {
			want := c.par[i]
			if side == bridge.EW {
				want = -want
			}
			p := sp[side]
			if p.Score != want {
				scoreBad++
				if scoreBad <= 5 {
					t.Errorf("line %d %s vul %v, %v first: par %d, want %d (%s)", c.line, c.deal, c.vul, side, p.Score, want, c.parCon[i])
				}
				continue
			}
			if !parContractsMatch(p, c.parCon[i]) {
				conBad++
				if conBad <= 5 {
					t.Errorf("line %d %s vul %v, %v first: contracts %s, want %s", c.line, c.deal, c.vul, side, p.ContractsString(), c.parCon[i])
				}
			}
		}
	}
	t.Logf("%d deals, %d where the side bidding first matters; %d scores and %d contract lists differ", len(cs), differ, scoreBad, conBad)
}

// TestSidesParFirstBidder: tables where the side that bids first decides
// the par, which list1000 has none of: both sides make 1NT and nothing
// else (DDS's own example of when it matters). When only North and East
// make it, East-West bid first with East as dealer; with West as dealer
// North comes before East and the dealer-based par is North-South's, so
// SidesPar must take East's.
func TestSidesParFirstBidder(t *testing.T) {
	// NT tricks by declarer N, E, S, W; every suit contract fails.
	table := func(n, e, s, w int) Table {
		var tab Table
		for seat := range tab {
			for st := range tab[seat] {
				tab[seat][st] = 6
			}
		}
		tab[bridge.North][bridge.NoTrump] = n
		tab[bridge.East][bridge.NoTrump] = e
		tab[bridge.South][bridge.NoTrump] = s
		tab[bridge.West][bridge.NoTrump] = w
		return tab
	}
	tests := []struct {
		name             string
		t                Table
		v                bridge.Vulnerability
		ns, ew           int    // scores, NS view
		nsCon, ewCon     string // the par contracts
		dealerS, dealerW int    // ParOf with dealer South and West, NS view
	}{
		{"every seat makes 1NT", table(7, 7, 7, 7), bridge.NoneVul, 90, -90, "NS 1NT=", "EW 1NT=", 90, -90},
		{"N and E make 1NT", table(7, 7, 6, 6), bridge.NoneVul, 90, -90, "N 1NT=", "E 1NT=", 90, 90},
		{"vulnerable N and E make 1NT", table(7, 7, 6, 6), bridge.AllVul, 90, -90, "N 1NT=", "E 1NT=", 90, 90},
	}
	for _, tt := range tests {
		sp := SidesPar(tt.t, tt.v)
		if sp[bridge.NS].Score != tt.ns || sp[bridge.NS].ContractsString() != tt.nsCon {
			t.Errorf("%s, NS first: %d %s, want %d %s", tt.name, sp[bridge.NS].Score, sp[bridge.NS].ContractsString(), tt.ns, tt.nsCon)
		}
		if sp[bridge.EW].Score != tt.ew || sp[bridge.EW].ContractsString() != tt.ewCon {
			t.Errorf("%s, EW first: %d %s, want %d %s", tt.name, sp[bridge.EW].Score, sp[bridge.EW].ContractsString(), tt.ew, tt.ewCon)
		}
		// The dealer-based par is kept: with dealer South the first seat
		// that makes 1NT in the second table is West.
		if got := ParOf(tt.t, bridge.South, tt.v).Score; got != tt.dealerS {
			t.Errorf("%s, dealer S: %d, want %d", tt.name, got, tt.dealerS)
		}
		if got := ParOf(tt.t, bridge.West, tt.v).Score; got != tt.dealerW {
			t.Errorf("%s, dealer W: %d, want %d", tt.name, got, tt.dealerW)
		}
	}
}

// parContractsMatch reports whether the par contracts of p are those of
// DDS's Par text, e.g. "NS:S 4Dx,N 4Cx" or "EW:NS 23S" ("NS:pass" when
// passed out).
func parContractsMatch(p Par, dds string) bool {
	_, list, _ := strings.Cut(dds, ":")
	if strings.EqualFold(list, "pass") {
		return len(p.Contracts) == 0
	}
	items := strings.Split(list, ",")
	if len(items) != len(p.Contracts) {
		return false
	}
	for _, item := range items {
		who, spec, _ := strings.Cut(strings.TrimSpace(item), " ")
		x := strings.HasSuffix(spec, "x")
		spec = strings.TrimSuffix(spec, "x")
		if spec == "" {
			return false
		}
		levels, st := spec[:len(spec)-1], spec[len(spec)-1:]
		found := false
		for _, pc := range p.Contracts {
			seats := ""
			for _, s := range pc.Declarers {
				seats += s.String()
			}
			strain := pc.Contract.Strain.ASCII()
			if pc.Contract.Strain == bridge.NoTrump {
				strain = "N"
			}
			if seats == who && strain == st && x == (pc.Contract.Risk == bridge.Doubled) &&
				strings.ContainsRune(levels, rune('0'+pc.Contract.Level)) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
