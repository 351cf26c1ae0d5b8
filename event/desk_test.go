package event

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"testing"
)

// runSwiss runs a whole Swiss pairs event through a Desk: six pairs, two
// sessions of two rounds of two boards, a forfeit, fines against the
// register, a posting, corrections in and out of time, and the ranking.
// It returns the final report; every step's outcome is checked on the way.
func runSwiss(t *testing.T, d Desk) (*Event, *Report) {
	t.Helper()
	ctx := context.Background()
	// An earlier phone offence of Ann Lee's in the register: ten months ago,
	// so hers today is a second offence (NSWBA 7, 12-month window).
	if d.Register != nil {
		reg, rev, err := d.Register.Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		reg.Add(Offence{Kind: Phone, At: at("2025-07-02 10:00"), Event: "Winter Pairs", Entrant: 9, Number: 1,
			Players: []Player{{Name: "Ann Lee", Member: "100"}}})
		if _, err := d.Register.Save(ctx, reg, rev); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Create(ctx, Settings{Name: "Desk Swiss", Kind: SwissPairs, VPScale: "wbf2013", VPTotal: 20,
		BoardsPerRound: 2, PlannedRounds: 4, Qualify: 2, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Create(ctx, Settings{Name: "again", Kind: SwissPairs, VPTotal: 20}); !errors.Is(err, ErrExists) {
		t.Fatalf("a second create: %v, want ErrExists", err)
	}
	for i := range 6 {
		m := 100 * (i + 1)
		en := Entrant{Name: fmt.Sprintf("pair %d", i+1), Players: []Player{
			ParsePlayer(fmt.Sprintf("Ann Lee:%d:Gold", m)), ParsePlayer(fmt.Sprintf("Bo Chan:%d", m+1))}}
		if i == 0 {
			en.Players[0] = ParsePlayer("Ann Lee:100:Gold")
		}
		if id, err := d.AddEntrant(ctx, en); err != nil || id != i+1 {
			t.Fatalf("entrant %d: %d, %v", i+1, id, err)
		}
	}
	for _, s := range []string{"2026-05-02 10:00", "2026-05-02 14:00"} {
		if _, err := d.AddSession(ctx, at(s), 0); err != nil {
			t.Fatal(err)
		}
	}
	play := func(round int, drawn *Drawn, skip int) {
		t.Helper()
		for _, m := range drawn.Round.Matches {
			if m.Table == skip {
				continue
			}
			e := Entry{Round: round, Table: m.Table}
			for k, b := range drawn.Round.Boards {
				tricks := 7 + (m.Table+k+round)%5
				r, err := ParseResult(fmt.Sprintf("%d 3NT %s %d", b, []string{"N", "S"}[k%2], tricks))
				if err != nil {
					t.Fatal(err)
				}
				e.Results = append(e.Results, r)
			}
			if _, err := d.Record(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	draw := func(session int, when string) *Drawn {
		t.Helper()
		_, dr, err := d.DrawSwiss(ctx, DrawOptions{Session: session, At: at(when)})
		if err != nil {
			t.Fatalf("draw at %s: %v", when, err)
		}
		if len(dr.Round.Matches) != 3 {
			t.Fatalf("six pairs make three matches, got %d", len(dr.Round.Matches))
		}
		return dr
	}

	// Session 1, round 1. Pair 2 is 12 minutes late: 2 VP of 30, 1.33 of 20 (NSWBA 7).
	r1 := draw(1, "2026-05-02 10:00")
	if got, err := d.Fine(ctx, Fine{Kind: Late, At: at("2026-05-02 10:12"), Entrant: 2, Minutes: 12, Session: 1}); err != nil || len(got) != 1 || got[0].Fine != 1.33 {
		t.Fatalf("NSWBA 7 late arrival: %v %v", got, err)
	}
	play(1, r1, 3)
	// NSWBA 14: no draw until every match of the round is scored.
	if _, _, err := d.DrawSwiss(ctx, DrawOptions{At: at("2026-05-02 11:00")}); !errors.Is(err, ErrNotScored) {
		t.Fatalf("NSWBA 14: draw with a match unscored: %v", err)
	}
	// NSWBA 13.9: table 3's away pair does not come; the match is forfeited.
	forfeited := r1.Round.Matches[2]
	if _, err := d.Forfeit(ctx, 1, forfeited.Table, forfeited.EW); err != nil {
		t.Fatal(err)
	}
	// Round 2, and Ann Lee's phone: a second offence within 12 months, 3 VP of 30 (NSWBA 7).
	r2 := draw(1, "2026-05-02 11:55")
	if got, err := d.Fine(ctx, Fine{Kind: Phone, At: at("2026-05-02 12:10"), Entrant: 1, Member: "100"}); err != nil || len(got) != 1 || got[0].Number != 2 || got[0].Fine != 2 {
		t.Fatalf("NSWBA 7 phone, second offence: %+v %v", got, err)
	}
	play(2, r2, 0)
	if _, p, err := d.Post(ctx, 1, at("2026-05-02 13:10")); err != nil || len(p.Posting.Qualified) != 2 || len(p.Missing) != 0 {
		t.Fatalf("posting session 1: %+v %v", p, err)
	}
	// NSWBA 13: players' errors until 13:40; one at 13:35 stands, one at 13:45 is refused.
	m := r2.Round.Matches[0]
	b := r2.Round.Boards[0]
	fix, _ := ParseResult(fmt.Sprintf("%d 3NT N =", b))
	if _, c, err := d.Correct(ctx, Correction{At: at("2026-05-02 13:35"), By: "TD", Why: "made exactly", Source: PlayerError, Round: 2, Table: m.Table, New: &fix}); err != nil || c.Old == nil || c.New.Tricks != 9 {
		t.Fatalf("NSWBA 13: correction within the window: %+v %v", c, err)
	}
	late, _ := ParseResult(fmt.Sprintf("%d 3NT N 7", b))
	if _, _, err := d.Correct(ctx, Correction{At: at("2026-05-02 13:45"), By: "TD", Why: "late", Source: PlayerError, Round: 2, Table: m.Table, New: &late}); !errors.Is(err, ErrLate) {
		t.Fatalf("NSWBA 13: late correction: %v", err)
	}

	// Session 2: the draw after 2 of 4 rounds re-adjusts the forfeit (NSWBA 13.9, 50%).
	r3 := draw(2, "2026-05-02 14:00")
	if len(r3.Forfeits) != 1 || !r3.Reviewed || r3.Forfeits[0].After != 2 || r3.Forfeits[0].Offender != forfeited.EW || r3.Forfeits[0].VP < 12 {
		t.Fatalf("NSWBA 13.9: forfeit re-adjusted after 50%%: %+v reviewed %v", r3.Forfeits, r3.Reviewed)
	}
	play(3, r3, 0)
	r4 := draw(2, "2026-05-02 15:55")
	if len(r4.Forfeits) != 1 || !r4.Reviewed || r4.Forfeits[0].After != 3 {
		t.Fatalf("NSWBA 13.9: re-adjusted again after 75%% (3 of 4 rounds): %+v %v", r4.Forfeits, r4.Reviewed)
	}
	play(4, r4, 0)
	ev, _, err := d.Post(ctx, 2, at("2026-05-02 17:00"))
	if err != nil {
		t.Fatal(err)
	}
	ev, rep, err := d.Report(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return ev, rep
}

// TestDeskSwissEventInMemory runs a whole Swiss event through the store
// interface in memory and checks the ranking against the matches.
func TestDeskSwissEventInMemory(t *testing.T) {
	d := Desk{Events: NewMemoryStore(), Register: NewMemoryRegister()}
	ev, rep := runSwiss(t, d)
	if rep.Rounds != 4 || len(rep.Standings) != 6 {
		t.Fatalf("report: %d rounds, %d standings", rep.Rounds, len(rep.Standings))
	}
	// Every pair met four different opponents (six pairs, four rounds: no
	// rematch is needed), and its total is its VPs less its fines (NSWBA 7).
	vp := map[int]float64{}
	met := map[int]map[int]bool{}
	for _, rd := range ev.Rounds() {
		for _, m := range rd.Matches {
			if m.VP == nil {
				t.Fatalf("round %d table %d unscored after the event", rd.Number, m.Table)
			}
			vp[m.NS] += m.VP[NS]
			vp[m.EW] += m.VP[EW]
			for _, p := range [][2]int{{m.NS, m.EW}, {m.EW, m.NS}} {
				if met[p[0]] == nil {
					met[p[0]] = map[int]bool{}
				}
				if met[p[0]][p[1]] {
					t.Errorf("NSWBA 14: pairs %d and %d met twice", p[0], p[1])
				}
				met[p[0]][p[1]] = true
			}
		}
	}
	for i, s := range rep.Standings {
		if want := vp[s.Entrant] - s.Fines; math.Abs(s.Total-want) > 0.011 {
			t.Errorf("entrant %d: total %.2f, want VPs %.2f less fines %.2f", s.Entrant, s.Total, vp[s.Entrant], s.Fines)
		}
		if i > 0 && s.Total > rep.Standings[i-1].Total+1e-9 {
			t.Errorf("NSWBA 12: place %d (%.2f) above place %d (%.2f)", s.Place, s.Total, rep.Standings[i-1].Place, rep.Standings[i-1].Total)
		}
	}
	if len(rep.Forfeits) != 1 || !rep.Forfeits[0].Final {
		t.Fatalf("NSWBA 13.9: the final forfeit adjustment: %+v", rep.Forfeits)
	}
	// NSWBA 13.9: the highest of the award (18 of 30 is 12 of 20), the
	// non-offender's own mean and the mean of the offender's opponents.
	if a := rep.Forfeits[0]; a.Award != 12 || math.Abs(a.VP-max(a.Award, a.OwnMean, a.OppMean)) > 0.006 {
		t.Errorf("NSWBA 13.9: final adjustment %+v", a)
	}
	if rep.Official == nil || !rep.Official.Equal(at("2026-05-02 17:30")) {
		t.Errorf("NSWBA 13: official 30 minutes after the last posting, got %v", rep.Official)
	}
	if len(ev.Corrections) != 1 || len(ev.Offences) != 2 {
		t.Errorf("recorded %d corrections and %d offences, want 1 and 2", len(ev.Corrections), len(ev.Offences))
	}
	reg, _, err := d.Register.Load(context.Background())
	if err != nil || len(reg.Offences) != 3 {
		t.Errorf("NSWBA 7.1: the register holds the earlier offence and the two new: %v %v", reg, err)
	}
}

// TestDeskStoresAgree: the same event run through the event file and
// through memory ends as the same file, byte for byte.
func TestDeskStoresAgree(t *testing.T) {
	dir := t.TempDir()
	a, _ := runSwiss(t, Desk{Events: NewMemoryStore(), Register: NewMemoryRegister()})
	b, _ := runSwiss(t, Desk{Events: NewFileStore(filepath.Join(dir, "e.json")), Register: NewFileRegister(filepath.Join(dir, "r.json"))})
	var x, y bytes.Buffer
	a.Write(&x)
	b.Write(&y)
	if !bytes.Equal(x.Bytes(), y.Bytes()) {
		t.Error("the memory and file stores hold different events after the same workflow")
	}
}

// TestStaleWriteRefused: of two writers who read the same revision, the
// second to save is refused with ErrStale and the first one's change stays.
func TestStaleWriteRefused(t *testing.T) {
	ctx := context.Background()
	for name, st := range map[string]Store{
		"memory": NewMemoryStore(),
		"file":   NewFileStore(filepath.Join(t.TempDir(), "e.json")),
	} {
		if _, _, err := st.Load(ctx); !errors.Is(err, ErrNotFound) {
			t.Errorf("%s: load of nothing: %v, want ErrNotFound", name, err)
		}
		first, err := st.Save(ctx, New("E", SwissPairs, ButlerVP), 0)
		if err != nil {
			t.Fatal(err)
		}
		a, revA, _ := st.Load(ctx)
		b, revB, _ := st.Load(ctx)
		if revA != first || revB != first {
			t.Fatalf("%s: revisions %x %x, saved %x", name, revA, revB, first)
		}
		a.AddEntrant(Entrant{Name: "from A"})
		if _, err := st.Save(ctx, a, revA); err != nil {
			t.Fatalf("%s: first writer: %v", name, err)
		}
		b.AddEntrant(Entrant{Name: "from B"})
		if _, err := st.Save(ctx, b, revB); !errors.Is(err, ErrStale) {
			t.Errorf("%s: second writer on a stale revision: %v, want ErrStale", name, err)
		}
		got, _, _ := st.Load(ctx)
		if len(got.Entrants) != 1 || got.Entrants[0].Name != "from A" {
			t.Errorf("%s: stored entrants %+v, want only A's", name, got.Entrants)
		}
		if _, err := st.Save(ctx, b, 0); !errors.Is(err, ErrExists) {
			t.Errorf("%s: create over an event: %v, want ErrExists", name, err)
		}
	}
}

// TestDeskFailedChangeSavesNothing: a workflow that fails leaves the
// stored event as it was.
func TestDeskFailedChangeSavesNothing(t *testing.T) {
	ctx := context.Background()
	d := Desk{Events: NewMemoryStore()}
	if _, err := d.Create(ctx, Settings{Name: "E", Kind: SwissPairs, BoardsPerRound: 2, VPTotal: 20}); err != nil {
		t.Fatal(err)
	}
	_, before, _ := d.Event(ctx)
	if _, err := d.Record(ctx, Entry{Round: 1, Table: 1}); !errors.Is(err, ErrNoMatch) {
		t.Fatalf("results for a round not drawn: %v", err)
	}
	if _, after, _ := d.Event(ctx); after != before {
		t.Errorf("a failed change saved: revision %x → %x", before, after)
	}
}

// racing is a Store whose next Load lets another writer save first, as a
// second scorer at another terminal would between our read and our write.
type racing struct {
	Store
	between func()
}

func (r *racing) Load(ctx context.Context) (*Event, Revision, error) {
	ev, rev, err := r.Store.Load(ctx)
	if f := r.between; f != nil {
		r.between = nil
		f()
	}
	return ev, rev, err
}

// TestDeskStaleWorkflowRefused: a workflow whose event changed under it
// between its read and its write is refused with ErrStale, and the other
// writer's change is kept.
func TestDeskStaleWorkflowRefused(t *testing.T) {
	ctx := context.Background()
	st := &racing{Store: NewMemoryStore()}
	d := Desk{Events: st}
	if _, err := d.Create(ctx, Settings{Name: "E", Kind: SwissPairs, VPTotal: 20}); err != nil {
		t.Fatal(err)
	}
	other := Desk{Events: st.Store}
	st.between = func() {
		if _, err := other.AddEntrant(ctx, Entrant{Name: "entered at the other terminal"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.AddEntrant(ctx, Entrant{Name: "entered here"}); !errors.Is(err, ErrStale) {
		t.Fatalf("a workflow on a stale read: %v, want ErrStale", err)
	}
	ev, _, _ := d.Event(ctx)
	if len(ev.Entrants) != 1 || ev.Entrants[0].Name != "entered at the other terminal" {
		t.Errorf("stored entrants %+v, want only the other terminal's", ev.Entrants)
	}
	// Read again and redo: it goes through.
	if id, err := d.AddEntrant(ctx, Entrant{Name: "entered here"}); err != nil || id != 2 {
		t.Errorf("redone: %d %v", id, err)
	}
}
