package laws

import (
	"fmt"
	"strings"
	"testing"
)

// clauseCase runs a small table log (header "dealer N", vulnerability None)
// and checks the ruling at index idx (-1: the last).
type clauseCase struct {
	name     string // the clause, e.g. "Law 31A2(b), 1997"
	ed       Edition
	log      string // events, one per line; ";" also separates
	idx      int
	law      string
	bars     string // "W:rest-of-auction E:next-turn", "" for none
	contract string // expected contract ("" = auction not ended, "-" = don't check)
	turn     string // expected turn ("" = don't check)
	status   string // expected ruling status ("" = settled)
}

func runCase(t *testing.T, c clauseCase) (*Table, *Ruling) {
	t.Helper()
	text := "dealer N\n" + strings.ReplaceAll(c.log, ";", "\n")
	lg, err := ParseLog(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%s: parse: %v", c.name, err)
	}
	tb, err := lg.Play(c.ed)
	if err != nil {
		t.Fatalf("%s: play: %v", c.name, err)
	}
	rs := tb.Rulings()
	if len(rs) == 0 {
		t.Fatalf("%s: no ruling", c.name)
	}
	k := c.idx
	if k < 0 {
		k = len(rs) + k
	}
	if k < 0 || k >= len(rs) {
		t.Fatalf("%s: ruling %d of %d", c.name, c.idx, len(rs))
	}
	return tb, rs[k]
}

func barsString(bs []Bar) string {
	var p []string
	for _, b := range bs {
		s := fmt.Sprintf("%s:%s", b.Seat, b.Scope)
		if b.DoublesOnly {
			s += "(X/XX)"
		}
		p = append(p, s)
	}
	return strings.Join(p, " ")
}

func checkCase(t *testing.T, c clauseCase) {
	t.Helper()
	tb, r := runCase(t, c)
	if r.Law != c.law {
		t.Errorf("%s: law %s, want %s (rulings: %s)", c.name, r.Law, c.law, lawsOf(tb))
	}
	if got := barsString(r.Rect.Bars); got != c.bars {
		t.Errorf("%s: bars %q, want %q", c.name, got, c.bars)
	}
	st := c.status
	if st == "" {
		st = Settled
	}
	if r.Status != st {
		t.Errorf("%s: status %s, want %s", c.name, r.Status, st)
	}
	res := tb.Result()
	if c.contract != "-" {
		got := ""
		if res.Contract != nil {
			got = res.Contract.Contract.String() + " "
			if res.Contract.Declarer != nil {
				got += res.Contract.Declarer.String()
			}
		}
		if got != c.contract {
			t.Errorf("%s: contract %q, want %q", c.name, got, c.contract)
		}
	}
	if c.turn != "" {
		got := "-"
		if res.Turn != nil {
			got = res.Turn.String()
		}
		if got != c.turn {
			t.Errorf("%s: turn %s, want %s", c.name, got, c.turn)
		}
	}
}

func lawsOf(tb *Table) string {
	var p []string
	for _, r := range tb.Rulings() {
		p = append(p, r.Law)
	}
	return strings.Join(p, ",")
}

const y97, y17 = Edition1997, Edition2017

// The call-out-of-rotation table of the seed (001_…), row by row, and the
// lettered clauses of Laws 28–32 in both codes.
func TestCallOutOfRotation(t *testing.T) {
	for _, c := range []clauseCase{
		// Seed row: opening pass out of turn before any bid: call reverts, offender passes one round.
		{name: "Law 30A, 1997", ed: y97, log: "E P; S declines", law: "30A", bars: "E:next-turn", contract: "-", turn: "N"},
		// Law 30A, 1997: the bar is enforced: E's next turn is a deemed pass when W calls.
		{name: "Law 30A, 1997 (enforced)", ed: y97, log: "E P; S declines; N 1C; S P", idx: 0, law: "30A", bars: "E:next-turn", contract: "-", turn: "W"},
		// Seed row: pass at RHO's turn during the auction: offender passes one round.
		{name: "Law 30B1, 1997", ed: y97, log: "N 1C; S P; W declines", law: "30B1", bars: "S:next-turn", contract: "-", turn: "E"},
		{name: "Law 30A, 2017", ed: y17, log: "N 1C; S P; W declines", law: "30A", bars: "S:next-turn", contract: "-", turn: "E"},
		// Seed row: pass at partner's turn: offender passes throughout; partner may not X/XX at that turn.
		{name: "Law 30B2(a), 30B2(b), 1997", ed: y97, log: "N 1C; W P; N declines", law: "30B2", bars: "W:rest-of-auction E:next-turn(X/XX)", contract: "-", turn: "E"},
		// 1997 30B2(b): partner doubles where he may only bid or pass: not Law 37 (he is not required to pass); cancelled, he bids or passes.
		{name: "Law 30B2(b), 1997 (partner doubles)", ed: y97, log: "N 1C; W P; N declines; E X; attention; E 1H", idx: -1, law: "30B2(b)", bars: "", contract: "-", turn: "S"},
		{name: "Law 30B1(a)(b), 2017 comparable", ed: y17, log: "N 1C; W P; N declines; E 1S; S P; W P; TD comparable", law: "30B1", bars: "", contract: "-"},
		{name: "Law 30B1(b), 2017 not comparable", ed: y17, log: "N 1C; W P; N declines; E 1S; S P; W 2H; TD not-comparable", law: "30B1", bars: "E:next-turn", contract: "-"},
		// Seed row: pass at LHO's turn: change of call, Law 25.
		{name: "Law 30B3, 1997", ed: y97, log: "N 1C; N P", law: "25", bars: "", contract: "-", status: NeedsFinding},
		{name: "Law 30B2, 2017", ed: y17, log: "N 1C; N P", law: "25", bars: "", contract: "-", status: NeedsFinding},
		// Seed row: conventional pass is a bid out of rotation.
		{name: "Law 30C, 1997", ed: y97, log: "N 1C; W P art; N declines", law: "31B", bars: "E:rest-of-auction", contract: "-"},
		{name: "Law 30C, 2017", ed: y17, log: "N 1C; W P art; N declines", law: "31B", bars: "", contract: "-"},
		// Seed row: double out of turn at partner's turn: partner barred throughout.
		{name: "Law 32A, 1997", ed: y97, log: "N 1C; W X; N declines", law: "32A", bars: "E:rest-of-auction", contract: "-", turn: "E"},
		{name: "Law 32B, 2017", ed: y17, log: "N 1C; W X; N declines; E P; S P; W X; TD comparable", law: "32B", bars: "", contract: "-"},
		// Seed row: double at RHO's turn, RHO passes: repeat, no penalty.
		{name: "Law 32B1, 1997", ed: y97, log: "N 1C; E P; S 1H; W P; E X; S declines; N P; E X", law: "32B1", bars: "", contract: "-", turn: "S"},
		{name: "Law 32A1, 2017", ed: y17, log: "N 1C; E P; S 1H; W P; E X; S declines; N P; E X", law: "32A1", bars: "", contract: "-", turn: "S"},
		// Seed row: double at RHO's turn, RHO bids: offender any call, partner barred throughout.
		{name: "Law 32B2, 1997", ed: y97, log: "N 1C; E P; S 1H; W P; E X; S declines; N 2C; E P", law: "32B2", bars: "W:rest-of-auction", contract: "-"},
		{name: "Law 32A2(b), 2017", ed: y17, log: "N 1C; E P; S 1H; W P; E X; S declines; N 2C; E P; TD not-comparable", law: "32A2(b)", bars: "W:next-turn", contract: "-"},
		{name: "Law 32A2(a), 2017", ed: y17, log: "N 1C; E P; S 1H; W P; E X; S declines; N 2C; E X; TD comparable", law: "32A2(a)", bars: "", contract: "-"},
		// Seed row: bid at RHO's turn, RHO passes: repeated, no penalty.
		{name: "Law 31A1, 1997", ed: y97, log: "E 1S; S declines; N P; E 1S", law: "31A1", bars: "", contract: "-", turn: "S"},
		{name: "Law 31A1, 2017", ed: y17, log: "E 1S; S declines; N P; E 1S", law: "31A1", bars: "", contract: "-", turn: "S"},
		{name: "Law 31A1, 1997 (not repeated)", ed: y97, log: "E 1S; S declines; N P; E 2S", law: "31A1", bars: "", contract: "-", turn: "E"},
		// Seed row: bid at RHO's turn, RHO acts: repeat denomination → partner one round; otherwise partner throughout.
		{name: "Law 31A2(a), 1997", ed: y97, log: "E 1S; S declines; N 1H; E 2S", law: "31A2(a)", bars: "W:next-turn", contract: "-"},
		{name: "Law 31A2(b), 1997", ed: y97, log: "E 1S; S declines; N 1H; E 2D", law: "31A2(b)", bars: "W:rest-of-auction", contract: "-"},
		{name: "Law 31A2(b), 1997 (double)", ed: y97, log: "E 1S; S declines; N 1H; E X", law: "31A2(b)", bars: "W:rest-of-auction", contract: "-"},
		{name: "Law 31A2(a), 2017", ed: y17, log: "E 1S nat; S declines; N 1H; E 1S nat", law: "31A2(a)", bars: "", contract: "-"},
		{name: "Law 31A2(b), 2017", ed: y17, log: "E 1S; S declines; N 1H; E 2D; TD not-comparable", law: "31A2(b)", bars: "W:next-turn", contract: "-"},
		{name: "Law 29C, 1997 (conventional bid: specified suits)", ed: y97, log: "E 2C shows=S; S declines; N 1H; E 2S", law: "31A2(a)", bars: "W:next-turn", contract: "-"},
		// Bid at partner's or LHO's turn.
		{name: "Law 31B, 1997 (partner's turn)", ed: y97, log: "N 1C; W 1S; N declines", law: "31B", bars: "E:rest-of-auction", contract: "-", turn: "E"},
		{name: "Law 31B, 1997 (LHO's turn, not yet called)", ed: y97, log: "W 1S; N declines", law: "31B", bars: "E:rest-of-auction", contract: "-", turn: "N"},
		{name: "Law 31B, 2017", ed: y17, log: "W 1S; N declines; N 1C; E P; S P; W 1H; TD not-comparable", law: "31B", bars: "E:next-turn", contract: "-"},
		{name: "Law 31C, 2017 (later bid at LHO's turn: Law 25)", ed: y17, log: "N 1C; N 1D", law: "25", bars: "", contract: "-", status: NeedsFinding},
		// Law 29A: acceptance by calling; 29B: cancelled and reverts.
		{name: "Law 29A, 1997", ed: y97, log: "E 1S; S 2H", law: "29A", bars: "", contract: "-", turn: "W"},
		{name: "Law 29A, 2017", ed: y17, log: "E 1S; S accepts", law: "29A", bars: "", contract: "-", turn: "S"},
		{name: "Law 29B, 2017", ed: y17, log: "E 1S; S declines", law: "31A", bars: "", contract: "-", turn: "N"},
		// Law 28A: a call at RHO's turn when RHO must pass is in rotation.
		{name: "Law 28A, 1997", ed: y97, log: "E P; S declines; N 1C; S 1H", idx: 0, law: "30A", bars: "E:next-turn", contract: "-", turn: "W"},
		// Law 28B: the correct player's call cancels the call out of rotation.
		{name: "Law 28B, 1997", ed: y97, log: "E 1S; N 1C", law: "28B", bars: "", contract: "-", turn: "E"},
		{name: "Law 28B, 2017", ed: y17, log: "E 1S; N 1C", law: "28B", bars: "", contract: "-", turn: "E"},
		// Law 34: three passes with one out of rotation: auction reverts.
		{name: "Law 34, 1997", ed: y97, log: "N 1C; E P; S P; N P; lead", law: "34", bars: "", contract: "-", turn: "W"},
		{name: "Law 34, 2017 (accepted)", ed: y17, log: "N 1C; E P; S P; N P; E accepts", idx: -1, law: "34", bars: "", contract: "-", turn: "W"},
	} {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c) })
	}
}
