package event

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/regulation"
)

// rulingLog is board 1 (dealer N, no one vulnerable) at a table: N
// declares 1NT, the defenders agree his claim of the rest after trick 1.
const rulingLog = `board 1
deal N:AKQ2.AKQ.AK2.432 JT9.JT9.JT9.JT98 876.876.876.AKQ7 543.5432.Q543.65
N 1NT
E P
S P
W P
E plays CJ
S plays CA
W plays C5
N plays C2
`

const claimed = "N claims 12\nE agrees\nW agrees\nend-of-play\n"

// ruledBoard rules a table log as "bridgetd rule" does.
func ruledBoard(t *testing.T, log string) *laws.Result {
	t.Helper()
	lg, err := laws.ParseLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := lg.Play(laws.Edition2017)
	if err != nil {
		t.Fatal(err)
	}
	r := tb.Result()
	return &r
}

// TestApplyRuling: a board ruled from the table log reaches the event
// through ApplyRuling: the tricks scored (Law 79), the fouled form (Law
// 87B) and the procedural penalties (Law 90) as fines (NSWBA 7).
func TestApplyRuling(t *testing.T) {
	const fouled = "fouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65\n"
	oneVP := round2(regulation.ScaleVP(1, regulation.NSWBA2011().FineScaleVP, 20))
	cases := []struct {
		clause  string
		log     string
		form    int
		err     error
		tricks  int
		fined   []int // entrants fined, in order
		kinds   []OffenceKind
		amounts []float64
	}{
		// Law 79A: the tricks of the play, 13 with the agreed claim: 1NT+6, +270.
		{"Law 79A", rulingLog + claimed, 0, nil, 13, nil, nil, nil},
		// Law 79C1: a wrong record corrected within the correction period.
		{"Law 79C1", rulingLog + claimed + "N records 12\n", 0, nil, 13, nil, nil, nil},
		// Law 87B: a fouled board is entered with the form the table played.
		{"Law 87B", rulingLog + claimed + fouled, 1, nil, 13, nil, nil, nil},
		// Law 87B: without the form the result cannot be compared.
		{"Law 87B no form", rulingLog + claimed + fouled, 0, ErrBadResult, 0, nil, nil, nil},
		// Law 87A: a form given for a board that was not fouled.
		{"Law 87A not fouled", rulingLog + claimed, 2, ErrBadResult, 0, nil, nil, nil},
		// Law 90B2, NSWBA 7.4: slow play without an amount: the regulation's
		// scale, on E–W (entrant 2) only.
		{"Law 90B2", rulingLog + claimed + "E penalty slow\n", 0, nil, 13, []int{2}, []OffenceKind{SlowPlay}, []float64{0}},
		// Law 90B2, NSWBA 7.3: slow play with the Director's amount: a
		// slow-play offence on E–W only, fined that amount.
		{"Law 90B2 amount", rulingLog + claimed + "E penalty slow 1VP\n", 0, nil, 13, []int{2}, []OffenceKind{SlowPlay}, []float64{oneVP}},
		// Law 90B2: a warning is still a slow-play offence in E–W's run.
		{"Law 90B2 warning", rulingLog + claimed + "W penalty slow warning\n", 0, nil, 13, []int{2}, []OffenceKind{SlowPlay}, []float64{0}},
		// Law 90B1, NSWBA 7.2: a late arrival with the Director's amount.
		{"Law 90B1", rulingLog + claimed + "S penalty late 1VP\n", 0, nil, 13, []int{1}, []OffenceKind{Late}, []float64{oneVP}},
		// Law 90B1 without an amount: the scale goes by minutes, which the log does not give.
		{"Law 90B1 no amount", rulingLog + claimed + "S penalty late\n", 0, ErrInvalid, 0, nil, nil, nil},
		// Law 90B5: 1 VP on N–S (entrant 1), scaled to the event's 20-VP total (NSWBA 7).
		{"Law 90B5", rulingLog + claimed + "N penalty touching 1VP\n", 0, nil, 13, []int{1}, []OffenceKind{Other}, []float64{oneVP}},
		// Law 90B8: a warning, recorded under Other with nothing deducted.
		{"Law 90B8 warning", rulingLog + claimed + "E penalty instructions warning\n", 0, nil, 13, []int{2}, []OffenceKind{Other}, []float64{0}},
		// Law 90B5 without an amount: the regulation has no scale for it.
		{"Law 90B5 no amount", rulingLog + claimed + "N penalty touching\n", 0, ErrInvalid, 0, nil, nil, nil},
		// Law 90A: a percentage of a top is worth nothing in a VP event.
		{"Law 90A unit", rulingLog + claimed + "N penalty touching 10%\n", 0, ErrInvalid, 0, nil, nil, nil},
		// 2017 Law 13B2: the ruling calls for an adjusted score: not entered.
		{"Law 13B2", rulingLog + "N wrong-count not-correctable\nend-of-play\n", 0, ErrNeedsAdjustment, 0, nil, nil, nil},
		// Law 54: the play waits for declarer's option.
		{"Law 54 pending", rulingLog[:strings.Index(rulingLog, "E plays")] + "W leads D3\n", 0, ErrBadResult, 0, nil, nil, nil},
		// Law 2: the log's vulnerability must be the board's.
		{"Law 2 vulnerability", strings.Replace(rulingLog, "board 1", "board 1\nvul All", 1) + claimed, 0, ErrBadResult, 0, nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.clause, func(t *testing.T) {
			ev := testEvent(t)
			lr := ruledBoard(t, c.log)
			m, offs, err := ev.ApplyRuling(BoardRuling{Round: 1, Table: 1, Ruling: lr, Form: c.form, At: at("2026-05-02 11:00"), Director: "TD"}, nil)
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Fatalf("err %v, want %v", err, c.err)
				}
				if _, _, m, _ := ev.Match(1, 1); len(m.Results) != 0 || len(ev.Offences) != 0 {
					t.Errorf("refused ruling entered something: %v %v", m.Results, ev.Offences)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Results) != 1 {
				t.Fatalf("results %v: want one", m.Results)
			}
			r := m.Results[0]
			if r.Board != 1 || r.Tricks != c.tricks || r.Score != 40+6*30+50 || r.Form != c.form {
				t.Errorf("result %v form %d: want board 1, 1NT N %d tricks +270, form %d", r, r.Form, c.tricks, c.form)
			}
			if x := r.scoreResult(1, 2); x.Group != c.form {
				t.Errorf("score group %d, want %d (Law 87B)", x.Group, c.form)
			}
			if len(offs) != len(c.fined) {
				t.Fatalf("offences %v: want %d", offs, len(c.fined))
			}
			for i, o := range offs {
				if o.Entrant != c.fined[i] || o.Kind != c.kinds[i] || o.Fine != c.amounts[i] || o.Round != 1 || o.Table != 1 {
					t.Errorf("offence %v: want entrant %d %s fine %g at round 1 table 1", o, c.fined[i], c.kinds[i], c.amounts[i])
				}
			}
		})
	}
}

// TestDeskApplyRuling: the stored event takes the ruling and the register
// its Law 90 fine (NSWBA 7.1); a refused ruling saves nothing.
func TestDeskApplyRuling(t *testing.T) {
	dir := t.TempDir()
	path, regPath := dir+"/ev.json", dir+"/reg.json"
	if err := save(path, testEvent(t)); err != nil {
		t.Fatal(err)
	}
	if err := saveRegister(regPath, &Register{}); err != nil {
		t.Fatal(err)
	}
	desk := Desk{Events: NewFileStore(path), Register: NewFileRegister(regPath)}
	ctx := context.Background()
	br := BoardRuling{Round: 1, Table: 1, Ruling: ruledBoard(t, rulingLog+claimed+"N penalty touching 1VP\n"), At: at("2026-05-02 11:00")}
	if _, _, err := desk.ApplyRuling(ctx, br); err != nil {
		t.Fatal(err)
	}
	ev, err := load(path)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := loadRegister(regPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, m, _ := ev.Match(1, 1); len(m.Results) != 1 || m.Results[0].Tricks != 13 || len(ev.Offences) != 1 || len(reg.Offences) != 1 {
		t.Fatalf("results %v offences %v register %v: want the board, one fine in the event and in the register", m.Results, ev.Offences, reg.Offences)
	}
	// Law 13B2: refused; the stored event is unchanged.
	br2 := BoardRuling{Round: 1, Table: 2, Ruling: ruledBoard(t, rulingLog+"N wrong-count not-correctable\nend-of-play\n"), At: at("2026-05-02 11:00")}
	if _, _, err := desk.ApplyRuling(ctx, br2); !errors.Is(err, ErrNeedsAdjustment) {
		t.Fatalf("err %v, want ErrNeedsAdjustment", err)
	}
	if ev, _ = load(path); func() bool { _, _, m, _ := ev.Match(1, 2); return len(m.Results) != 0 }() {
		t.Error("a refused ruling was saved")
	}
}

// TestProceduralKind: each offence of Law 90B (the same eight in the 1997
// and 2017 codes; 2017 text e.g. http://bridgecode2017.ecolebridgetoulon.fr/LOI90.html)
// is entered in the register under the kind whose run the regulation
// keeps (NSWBA 7), the one kind the event and the server's ruling desk
// both use.
func TestProceduralKind(t *testing.T) {
	cases := []struct {
		law  string
		want OffenceKind
	}{
		{"90B1", Late},     // Law 90B1: arrival after the starting time; NSWBA 7.2
		{"90B2", SlowPlay}, // Law 90B2: unduly slow play; NSWBA 7.3, 7.4
		{"90B3", Other},    // Law 90B3: discussion that may be overheard
		{"90B4", Other},    // Law 90B4: comparison of scores
		{"90B5", Other},    // Law 90B5: touching another player's cards
		{"90B6", Other},    // Law 90B6: cards in a wrong pocket
		{"90B7", Other},    // Law 90B7: an error of procedure needing an adjusted score
		{"90B8", Other},    // Law 90B8: regulations or instructions not followed
		{"90A", Other},     // Law 90A: any other offence the Director penalises
	}
	for _, c := range cases {
		if got := ProceduralKind(c.law); got != c.want {
			t.Errorf("Law %s: kind %s, want %s", c.law, got, c.want)
		}
	}
	// Every offence word the table log knows maps to a clause listed above.
	for _, word := range []string{"late", "slow", "discussion", "comparing", "touching", "pocket", "procedure", "instructions"} {
		lr := ruledBoard(t, rulingLog+claimed+"N penalty "+word+" 1VP\n")
		pp := lr.Play.ProceduralPenalties
		if len(pp) != 1 || !strings.HasPrefix(pp[0].Law, "90B") {
			t.Errorf("%s: penalties %v: want one under Law 90B", word, pp)
		}
	}
}

// TestProceduralPenaltyNumbered: a Law 90B2 penalty with the Director's
// amount is a slow-play offence, so the pair's next slow play under NSWBA
// 7.4 is its second offence (1 VP, not the first offence's warning).
func TestProceduralPenaltyNumbered(t *testing.T) {
	ev := testEvent(t)
	lr := ruledBoard(t, rulingLog+claimed+"E penalty slow 1VP\n")
	if _, _, err := ev.ApplyRuling(BoardRuling{Round: 1, Table: 1, Ruling: lr, At: at("2026-05-02 11:00"), Director: "TD"}, nil); err != nil {
		t.Fatal(err)
	}
	got, err := ev.Apply(Fine{Kind: SlowPlay, At: at("2026-05-02 16:00"), Round: 2, Table: 2, Innocent: []int{4}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := regulation.NSWBA2011().SlowPlayPenalty(2)
	if len(got) != 1 || got[0].Entrant != 2 || got[0].Number != 2 || got[0].Penalty != want {
		t.Errorf("offences %v: want entrant 2's second slow-play offence, %s (NSWBA 7.4)", got, want)
	}
}
