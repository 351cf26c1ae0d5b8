package event

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/bridgetd/bridgetd/regulation"
)

var syd = time.FixedZone("AEST", 10*3600)

func at(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, syd)
	if err != nil {
		panic(err)
	}
	return t
}

// testEvent is a Swiss pairs event of four pairs over two sessions of one
// round each, two boards a round, on a 20-VP scale.
func testEvent(t *testing.T) *Event {
	t.Helper()
	ev := New("Test Swiss", SwissPairs, ButlerVP)
	ev.VPTotal, ev.BoardsPerRound, ev.Seed = 20, 2, 1
	names := [][2]Player{
		{{"Ann Lee", "100", "Gold"}, {"Bo Chan", "101", "Bronze"}},
		{{"Cy Diaz", "200", ""}, {"Di Eng", "201", ""}},
		{{"Ed Fox", "300", ""}, {"Flo Gee", "301", ""}},
		{{"Gus Hay", "400", ""}, {"Hal Ivy", "401", ""}},
	}
	for _, n := range names {
		if _, err := ev.AddEntrant(Entrant{Name: n[0].Name + "–" + n[1].Name, Players: n[:]}); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []string{"2026-05-02 10:00", "2026-05-02 14:00"} {
		if _, err := ev.AddSession(at(s), 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ev.AddRound(1, []Pairing{{1, 2}, {3, 4}}, nil, at("2026-05-02 09:50")); err != nil {
		t.Fatal(err)
	}
	if _, err := ev.AddRound(2, []Pairing{{1, 3}, {2, 4}}, nil, at("2026-05-02 13:50")); err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestLateArrivalFines(t *testing.T) {
	tests := []struct {
		clause  string
		scoring Scoring
		vpTotal float64
		top     float64
		minutes int
		fine    float64
		unit    string
		refused error
	}{
		{"NSWBA 7.2 (late arrival): 4 minutes is within the 5 allowed: no offence, nothing recorded", ButlerVP, 30, 0, 4, 0, "", ErrNotAnOffence},
		{"NSWBA 7 (late arrival): 5 minutes on a 30-VP match, 1 VP", ButlerVP, 30, 0, 5, 1, "VP", nil},
		{"NSWBA 7 (late arrival): 12 minutes on a 30-VP match, 2 VP", ButlerVP, 30, 0, 12, 2, "VP", nil},
		{"NSWBA 7 (late arrival): 21 minutes on a 30-VP match, 5 VP", ButlerVP, 30, 0, 21, 5, "VP", nil},
		{"NSWBA 7 (late arrival, other scales): 16 minutes on a 20-VP match, 3 VP of 30 = 2 VP", ButlerVP, 20, 0, 16, 2, "VP", nil},
		{"NSWBA 7 (late arrival, other scales): 5 minutes on a 20-VP match, 0.67 VP", ButlerVP, 20, 0, 5, 0.67, "VP", nil},
		{"NSWBA 7 (late arrival): 10 minutes in matchpoint pairs, 25% of a 10 top", Matchpoints, 0, 10, 10, 2.5, "MP", nil},
		{"NSWBA 7 (late arrival): 30 minutes in matchpoint pairs, 125% of a 10 top", Matchpoints, 0, 10, 30, 12.5, "MP", nil},
		{"NSWBA 7 (knock-out teams): 11 minutes, 2 VP = 6 IMPs", IMPs, 0, 0, 11, 6, "IMPs", nil},
		{"NSWBA 7 (late arrival): over 30 minutes is for the director", ButlerVP, 30, 0, 31, 0, "", regulation.ErrTooLate},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		ev.Scoring, ev.VPTotal, ev.Top = tt.scoring, tt.vpTotal, tt.top
		got, err := ev.Apply(Fine{Kind: Late, At: at("2026-05-02 10:30"), Session: 1, Entrant: 2, Minutes: tt.minutes}, nil)
		if tt.refused != nil {
			if !errors.Is(err, tt.refused) || len(ev.Offences) != 0 {
				t.Errorf("%s: error %v, %d offences recorded; want %v and none", tt.clause, err, len(ev.Offences), tt.refused)
			}
			continue
		}
		if err != nil || len(got) != 1 {
			t.Errorf("%s: %v %v", tt.clause, got, err)
			continue
		}
		if got[0].Fine != tt.fine || got[0].Unit != tt.unit {
			t.Errorf("%s: fine %g %s, want %g %s", tt.clause, got[0].Fine, got[0].Unit, tt.fine, tt.unit)
		}
		if ev.Fines(2) != tt.fine {
			t.Errorf("%s: Fines(2) = %g", tt.clause, ev.Fines(2))
		}
	}
}

func TestSlowPlayBothPairs(t *testing.T) {
	tests := []struct {
		clause   string
		innocent []int
		fined    []int
	}{
		{"NSWBA 7 (both pairs): both pairs at the table penalised", nil, []int{1, 2}},
		{"NSWBA 7 (both pairs): unless the director ruled one innocent", []int{2}, []int{1}},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		got, err := ev.Apply(Fine{Kind: SlowPlay, At: at("2026-05-02 12:00"), Round: 1, Table: 1, Innocent: tt.innocent}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int
		for _, o := range got {
			ids = append(ids, o.Entrant)
			if o.Number != 1 || !o.Penalty.Warning || o.Fine != 0 || o.Session != 1 {
				t.Errorf("%s: NSWBA 7.4 first offence should be a warning in session 1: %+v", tt.clause, o)
			}
		}
		if len(ids) != len(tt.fined) || (len(ids) > 0 && ids[0] != tt.fined[0]) {
			t.Errorf("%s: fined %v, want %v", tt.clause, ids, tt.fined)
		}
	}
	ev := testEvent(t)
	if _, err := ev.Apply(Fine{Kind: SlowPlay, At: at("2026-05-02 12:00"), Round: 1, Table: 1, Innocent: []int{1, 2}}, nil); !errors.Is(err, ErrNoOffender) {
		t.Errorf("NSWBA 7 (both pairs): both innocent: %v, want ErrNoOffender", err)
	}
}

func TestSlowPlayEscalationAndWindow(t *testing.T) {
	// Pair 1 (members 100, 101) has a history in the register from other events.
	pair := []Player{{Name: "Bo Chan", Member: "101"}, {Name: "Ann Lee", Member: "100"}}
	tests := []struct {
		clause  string
		history []string // earlier offence times
		now     string
		number  int
		fine    float64 // on a 20-VP scale
	}{
		{"NSWBA 7.4: first offence, a warning", nil, "2026-05-02 12:00", 1, 0},
		{"NSWBA 7.4: second offence, 1 VP of 30 (0.67 of 20)", []string{"2026-03-01 12:00"}, "2026-05-02 12:00", 2, 0.67},
		{"NSWBA 7.4: third offence, 2 VP of 30", []string{"2026-01-10 12:00", "2026-03-01 12:00"}, "2026-05-02 12:00", 3, 1.33},
		{"NSWBA 7.4: fifth (fourth and later), 3 VP of 30", []string{"2025-12-01 12:00", "2026-01-10 12:00", "2026-02-01 12:00", "2026-03-01 12:00"}, "2026-05-02 12:00", 5, 2},
		{"NSWBA 7 (six months): 6 months to the day, still the second", []string{"2025-11-02 20:00"}, "2026-05-02 12:00", 2, 0.67},
		{"NSWBA 7 (six months): 6 months and a day, a first offence again", []string{"2025-11-01 20:00"}, "2026-05-02 12:00", 1, 0},
		{"NSWBA 7 (six months): the gap between consecutive offences counts, not from the first", []string{"2025-01-01 12:00", "2025-06-01 12:00", "2025-11-20 12:00"}, "2026-05-02 12:00", 4, 2},
		{"NSWBA 7 (six months): a broken run restarts", []string{"2025-01-01 12:00", "2025-09-01 12:00"}, "2026-01-02 12:00", 2, 0.67},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		reg := &Register{Format: RegisterFormat}
		for _, h := range tt.history {
			reg.Add(Offence{Kind: SlowPlay, At: at(h), Event: "Earlier", Players: pair})
		}
		got, err := ev.Apply(Fine{Kind: SlowPlay, At: at(tt.now), Round: 1, Table: 1, Innocent: []int{2}}, reg)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].Number != tt.number || got[0].Fine != tt.fine {
			t.Errorf("%s: offence #%d fine %g, want #%d fine %g", tt.clause, got[0].Number, got[0].Fine, tt.number, tt.fine)
		}
	}
}

func TestPhoneOffences(t *testing.T) {
	player := []Player{{Name: "Ann Lee", Member: "100"}}
	tests := []struct {
		clause  string
		history []string
		now     string
		number  int
		fine    float64 // 30-VP scale
	}{
		{"NSWBA 7 (mobile phones): first offence 1 VP", nil, "2026-05-02 11:00", 1, 1},
		{"NSWBA 7 (mobile phones): second offence 3 VP", []string{"2025-06-01 11:00"}, "2026-05-02 11:00", 2, 3},
		{"NSWBA 7 (mobile phones): third offence 6 VP", []string{"2025-06-01 11:00", "2025-09-01 11:00"}, "2026-05-02 11:00", 3, 6},
		{"NSWBA 7 (mobile phones): third and subsequent 6 VP", []string{"2025-06-01 11:00", "2025-09-01 11:00", "2026-01-01 11:00"}, "2026-05-02 11:00", 4, 6},
		{"NSWBA 7 (twelve months): 12 months to the day, the second", []string{"2025-05-02 19:00"}, "2026-05-02 11:00", 2, 3},
		{"NSWBA 7 (twelve months): 12 months and one day after the last, a first offence again", []string{"2025-05-01 19:00"}, "2026-05-02 11:00", 1, 1},
		{"NSWBA 7 (carry-over): an offence earlier in the same event counts", []string{"2026-05-02 10:15"}, "2026-05-02 14:30", 2, 3},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		ev.VPTotal = 30
		reg := &Register{Format: RegisterFormat}
		for _, h := range tt.history {
			reg.Add(Offence{Kind: Phone, At: at(h), Event: "Earlier", Players: player})
		}
		got, err := ev.Apply(Fine{Kind: Phone, At: at(tt.now), Session: 1, Entrant: 1, Member: "100"}, reg)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].Number != tt.number || got[0].Fine != tt.fine || got[0].Entrant != 1 {
			t.Errorf("%s: #%d fine %g, want #%d fine %g", tt.clause, got[0].Number, got[0].Fine, tt.number, tt.fine)
		}
	}
	// The partner's phone offences are the partner's own (per player).
	ev := testEvent(t)
	ev.Apply(Fine{Kind: Phone, At: at("2026-05-02 10:30"), Entrant: 1, Member: "100"}, nil)
	got, _ := ev.Apply(Fine{Kind: Phone, At: at("2026-05-02 11:30"), Entrant: 1, Member: "101"}, nil)
	if got[0].Number != 1 {
		t.Errorf("NSWBA 7 (mobile phones): partner's first offence numbered %d", got[0].Number)
	}
	if _, err := ev.Apply(Fine{Kind: Phone, At: at("2026-05-02 11:30"), Entrant: 1, Member: "999"}, nil); !errors.Is(err, ErrNoEntrant) {
		t.Errorf("unknown player: %v", err)
	}
}

func TestKnockoutFinesCarryOver(t *testing.T) {
	ev := testEvent(t)
	ev.Kind, ev.Scoring = KnockoutTeams, IMPs
	// Second slow-play offence for both teams: 1 VP = 3 IMPs each, carried over
	// because both are at fault (NSWBA 7, knock-out teams).
	reg := &Register{Format: RegisterFormat}
	for _, id := range []int{1, 2} {
		en, _ := ev.Entrant(id)
		reg.Add(Offence{Kind: SlowPlay, At: at("2026-04-01 12:00"), Players: en.Players})
	}
	got, err := ev.Apply(Fine{Kind: SlowPlay, At: at("2026-05-02 12:00"), Round: 1, Table: 1}, reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range got {
		if o.Fine != 3 || o.Unit != "IMPs" || !o.CarryOver {
			t.Errorf("NSWBA 7 (knock-out teams): %+v, want 3 IMPs carried over", o)
		}
	}
}

func TestPlayoffs(t *testing.T) {
	tests := []struct {
		clause string
		imps   float64
		want   int
	}{
		{"NSWBA 12 (knock-out teams): a level match is flagged for a 4-board play-off", 0, 1},
		{"NSWBA 12 (knock-out teams): a match won by 1 IMP is not", 1, 0},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		ev.Kind, ev.Scoring = KnockoutTeams, IMPs
		v := tt.imps
		_, _, m, _ := ev.Match(1, 1)
		m.IMPs = &v
		got := ev.Playoffs()
		if len(got) != tt.want || (tt.want == 1 && (got[0].Boards != 4 || got[0].Teams != [2]int{1, 2})) {
			t.Errorf("%s: %+v", tt.clause, got)
		}
	}
}

// TestFineTimeAfterPosting: an offence entered without its time is dated
// when entered only while its session is in play; once the session is
// posted the time is required, because an offence dated at entry would
// shift the six- and twelve-month windows of NSWBA 7.4 and 7 (mobile
// phones) that run between offences.
func TestFineTimeAfterPosting(t *testing.T) {
	ev := testEvent(t)
	entered := at("2026-05-02 10:40")
	got, err := ev.Apply(Fine{Kind: Phone, Session: 1, Entrant: 1, Member: "100", Entered: entered}, nil)
	if err != nil || len(got) != 1 || !got[0].At.Equal(entered) {
		t.Fatalf("during session 1: %v %v, want the offence dated %s", got, err, entered)
	}
	posted := at("2026-05-02 13:00")
	ev.Sessions[0].Posted = &posted
	late := at("2026-11-03 09:00") // entered six months on
	tests := []struct {
		clause string
		f      Fine
		err    error
	}{
		{"NSWBA 7: session 1 posted, no time given: refused", Fine{Kind: SlowPlay, Round: 1, Table: 1, Entered: late}, ErrNeedTime},
		{"NSWBA 7: session 1 posted, named by --session", Fine{Kind: Phone, Session: 1, Entrant: 2, Member: "200", Entered: late}, ErrNeedTime},
		{"NSWBA 7: session 2 still in play: dated when entered", Fine{Kind: Phone, Session: 2, Entrant: 2, Member: "200", Entered: late}, nil},
		{"NSWBA 7: posted, time given: recorded at it", Fine{Kind: Phone, Session: 1, Entrant: 3, Member: "300", At: at("2026-05-02 11:00"), Entered: late}, nil},
	}
	for _, tt := range tests {
		n := len(ev.Offences)
		_, err := ev.Apply(tt.f, nil)
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: error %v, want %v", tt.clause, err, tt.err)
		}
		if tt.err != nil && len(ev.Offences) != n {
			t.Errorf("%s: refused but recorded", tt.clause)
		}
	}
	ev.Sessions[1].Posted = &posted
	if _, err := ev.Apply(Fine{Kind: Phone, Entrant: 4, Member: "400", Entered: late}, nil); !errors.Is(err, ErrNeedTime) {
		t.Errorf("NSWBA 7: every session posted, no session named: %v, want ErrNeedTime", err)
	}
}

// TestToEnter: the scorer's list is the current round's boards each table
// has not entered, board by board as the travellers give them (NSWBA 13.1:
// the tricks of each board are recorded); a round fully entered is past.
func TestToEnter(t *testing.T) {
	ev := testEvent(t)
	if r, ms := ev.ToEnter(); r != 1 || len(ms) != 4 {
		t.Fatalf("nothing entered: round %d, %v; want round 1, two boards at each of two tables", r, ms)
	}
	if err := ev.EnterRoom(1, 1, false, []Result{{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}}); err != nil {
		t.Fatal(err)
	}
	r, ms := ev.ToEnter()
	want := []Missing{{Round: 1, Table: 1, Board: 2}, {Round: 1, Table: 2, Board: 1}, {Round: 1, Table: 2, Board: 2}}
	if r != 1 || !slices.Equal(ms, want) {
		t.Errorf("board 1 entered at table 1: round %d, %v; want %v", r, ms, want)
	}
	for _, tb := range []struct{ table, board int }{{1, 2}, {2, 1}, {2, 2}} {
		if err := ev.EnterRoom(1, tb.table, false, []Result{{Board: tb.board, Contract: ct("3NT"), Declarer: seat("S"), Tricks: 9}}); err != nil {
			t.Fatal(err)
		}
	}
	if r, _ := ev.ToEnter(); r != 2 {
		t.Errorf("round 1 entered: current round %d, want 2", r)
	}
}
