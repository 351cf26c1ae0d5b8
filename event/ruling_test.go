package event

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
		// Law 87B: without the form given, the deal played numbers it: the
		// first fouled form of the board (TestFouledForm).
		{"Law 87B no form", rulingLog + claimed + fouled, 0, nil, 13, nil, nil, nil},
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
			form := c.form
			if strings.Contains(c.log, "fouled") {
				form = 1 // the board's first fouled form, given or numbered
			}
			if r.Board != 1 || r.Tricks != c.tricks || r.Score != 40+6*30+50 || r.Form != form {
				t.Errorf("result %v form %d: want board 1, 1NT N %d tricks +270, form %d", r, r.Form, c.tricks, form)
			}
			if x := r.scoreResult(1, 2); x.Group != form {
				t.Errorf("score group %d, want %d (Law 87B)", x.Group, form)
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

// TestFouledForm: the forms of a fouled board (Law 87) are numbered from
// the deals the tables actually played: tables that played the same deal
// share a form, scored as a board of its own (Law 87B; NSWBA 8.1(a) treats
// each faulty form as a separate deal); the director may give the number
// (joining a form entered by hand), but not one that contradicts the deals
// recorded.
func TestFouledForm(t *testing.T) {
	// The board as it should be: N ♣732, S ♣AKQ4. Deal A (rulingLog) has
	// N's ♣7 and S's ♣4 swapped; deal B N's ♣3 and S's ♣7.
	const board = "fouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65\n"
	logA := rulingLog + claimed + board
	logB := strings.Replace(rulingLog, "AK2.432 JT9", "AK2.742 JT9", 1)
	logB = strings.Replace(logB, "876.AKQ7 543", "876.AKQ3 543", 1) + claimed + board
	type step struct {
		clause string
		table  int
		log    string
		want   int   // the director's number, 0 to number it
		form   int   // the form entered
		err    error // or refused
	}
	cases := []struct {
		name  string
		hand  int // a form entered by hand at table 2 first (0: none)
		steps []step
	}{
		{"same deal shares", 0, []step{
			{"Law 87B first form", 1, logA, 0, 1, nil},
			{"Law 87B same deal, same form", 2, logA, 0, 1, nil},
		}},
		{"another deal, another form", 0, []step{
			{"Law 87B", 1, logA, 0, 1, nil},
			{"Law 87B another deal", 2, logB, 0, 2, nil},
			{"Law 87B re-ruled, the deal its own again", 2, logA, 0, 1, nil},
		}},
		{"override", 0, []step{
			{"Law 87B", 1, logA, 0, 1, nil},
			{"override: the same deal under another number", 2, logA, 2, 0, ErrBadResult},
			{"override: another deal under the same number", 2, logB, 1, 0, ErrBadResult},
			{"override: a free number", 2, logB, 5, 5, nil},
		}},
		// A form entered by hand carries no deal: it is counted, not matched,
		// and the director may join a ruling to it.
		{"by hand", 3, []step{
			{"Law 87B next after the hand-entered form", 1, logA, 0, 4, nil},
			{"override: join the hand-entered form", 1, logB, 3, 3, nil},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev := testEvent(t)
			if c.hand > 0 {
				r, err := ParseResult(fmt.Sprintf("1 1NT N 13 form=%d", c.hand))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := ev.Record(Entry{Round: 1, Table: 2, Results: []Result{r}}); err != nil {
					t.Fatal(err)
				}
			}
			for _, st := range c.steps {
				m, _, err := ev.ApplyRuling(BoardRuling{Round: 1, Table: st.table, Ruling: ruledBoard(t, st.log), Form: st.want}, nil)
				if st.err != nil {
					if !errors.Is(err, st.err) {
						t.Fatalf("%s: err %v, want %v", st.clause, err, st.err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", st.clause, err)
				}
				if r := m.Results[0]; r.Form != st.form || r.Played == nil {
					t.Errorf("%s: form %d played %v, want form %d with the deal played recorded", st.clause, r.Form, r.Played, st.form)
				}
			}
		})
	}
}

// TestPlayedDealFile: the deal a fouled form was played with is kept in
// the event file (Law 87B: later rulings number their forms from it), and
// only with a form.
func TestPlayedDealFile(t *testing.T) {
	ev := testEvent(t)
	m, _, err := ev.ApplyRuling(BoardRuling{Round: 1, Table: 1, Ruling: ruledBoard(t, rulingLog+claimed+"fouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65\n")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := m.Results[0]
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Played == nil || *back.Played != *r.Played || back.Form != 1 {
		t.Errorf("%s read back as form %d played %v: want form 1 and the deal", b, back.Form, back.Played)
	}
	back.Form = 0
	if err := back.Complete(); !errors.Is(err, ErrBadResult) {
		t.Errorf("a deal played without a form: err %v, want ErrBadResult", err)
	}
}

// TestCorrectChecksFouledForm: a correction ("bridgetd correct") that
// gives a fouled board's result a form number is held to the deals the
// board's tables recorded, as the ruling desk is, and keeps the deal the
// table played with its result.
func TestCorrectChecksFouledForm(t *testing.T) {
	const board = "fouled N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65\n"
	logA := rulingLog + claimed + board
	logB := strings.Replace(rulingLog, "AK2.432 JT9", "AK2.742 JT9", 1)
	logB = strings.Replace(logB, "876.AKQ7 543", "876.AKQ3 543", 1) + claimed + board
	cases := []struct {
		clause string
		log2   string // the deal ruled at table 2 (form 1 at table 1 is deal A)
		result string // the correction of table 2's result
		form   int    // the form afterwards
		err    error
	}{
		{"Law 87B: the same deal keeps its form", logA, "1 1NT N 12 form=1", 1, nil},
		{"Law 87B: the same deal under another number", logA, "1 1NT N 12 form=2", 1, ErrBadResult},
		{"Law 87B: another deal under form 1's number", logB, "1 1NT N 12 form=1", 2, ErrBadResult},
		{"Law 87B: another deal, its own form", logB, "1 1NT N 12 form=2", 2, nil},
		{"Law 87B: another deal, a free number", logB, "1 1NT N 12 form=3", 3, nil},
	}
	for _, c := range cases {
		t.Run(c.clause, func(t *testing.T) {
			ev := testEvent(t)
			for i, log := range []string{logA, c.log2} {
				if _, _, err := ev.ApplyRuling(BoardRuling{Round: 1, Table: i + 1, Ruling: ruledBoard(t, log)}, nil); err != nil {
					t.Fatal(err)
				}
			}
			m := &ev.Sessions[0].Rounds[0].Matches[1]
			played := *m.Results[0].Played
			r, err := ParseResult(c.result)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ev.Correct(Correction{At: at("2026-05-02 10:30"), By: "TD", Why: "tricks", Source: PlayerError, Round: 1, Table: 2, New: &r}, nil)
			if c.err != nil {
				if !errors.Is(err, c.err) {
					t.Fatalf("error %v, want %v", err, c.err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			got := m.Results[0]
			if got.Form != c.form || got.Played == nil || *got.Played != played {
				t.Errorf("form %d, deal played kept %v; want form %d with the deal kept", got.Form, got.Played != nil && *got.Played == played, c.form)
			}
			if c.err == nil && got.Tricks != 12 || c.err != nil && len(ev.Corrections) != 0 {
				t.Errorf("result %s, %d corrections recorded", got, len(ev.Corrections))
			}
		})
	}
}
