package event

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// played enters round 1's results: pair 1 (NS at table 1) gains on board 1.
func played(t *testing.T, ev *Event) {
	t.Helper()
	for _, e := range []struct {
		table int
		res   []string
	}{
		{1, []string{"1 4S N 10", "2 3NT N 9"}},
		{2, []string{"1 4S N 9", "2 3NT N 9"}},
	} {
		var rs []Result
		for _, s := range e.res {
			r, err := ParseResult(s)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
		if err := ev.EnterRoom(1, e.table, false, rs); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCorrectionWindows(t *testing.T) {
	type setup struct {
		posted1, posted2, agreed string
		stage2                   int
	}
	tests := []struct {
		clause string
		setup  setup
		source Source
		round  int
		at     string
		ok     bool
		window string
	}{
		{"NSWBA 13 (player errors): minute 29 after posting", setup{posted1: "2026-05-02 13:40"}, PlayerError, 1, "2026-05-02 14:09", true, "30 minutes after posting"},
		{"NSWBA 13 (player errors): minute 30 after posting, still within", setup{posted1: "2026-05-02 13:40"}, PlayerError, 1, "2026-05-02 14:10", true, ""},
		{"NSWBA 13 (player errors): minute 31 after posting, refused", setup{posted1: "2026-05-02 13:40"}, PlayerError, 1, "2026-05-02 14:11", false, "whichever is later"},
		{"NSWBA 13 (player errors): until 30 minutes before the next session, when later", setup{posted1: "2026-05-02 12:00"}, PlayerError, 1, "2026-05-02 13:29", true, ""},
		{"NSWBA 13 (player errors): 29 minutes before the next session, refused", setup{posted1: "2026-05-02 12:00"}, PlayerError, 1, "2026-05-02 13:31", false, "30 minutes before session 2"},
		{"NSWBA 13 (player errors): nothing posted, no limit runs", setup{}, PlayerError, 1, "2026-05-02 20:00", true, ""},
		{"NSWBA 13 (teams and Butler): minute 29 after the match score is agreed", setup{posted1: "2026-05-02 12:00", agreed: "2026-05-02 11:45"}, PlayerError, 1, "2026-05-02 12:14", true, ""},
		{"NSWBA 13 (teams and Butler): minute 31 after agreement, refused although posting allows longer", setup{posted1: "2026-05-02 12:00", agreed: "2026-05-02 11:45"}, PlayerError, 1, "2026-05-02 12:16", false, "agreed at 2026-05-02 11:45"},
		{"NSWBA 13 (scorer errors): until the next stage starts", setup{posted1: "2026-05-02 12:00", stage2: 2}, ScorerError, 1, "2026-05-02 13:59", true, ""},
		{"NSWBA 13 (scorer errors): after the next stage started, refused", setup{posted1: "2026-05-02 12:00", stage2: 2}, ScorerError, 1, "2026-05-02 14:01", false, "next stage starts with session 2"},
		{"NSWBA 13 (scorer errors): same stage, no limit until the results are official", setup{posted1: "2026-05-02 12:00"}, ScorerError, 1, "2026-05-02 16:00", true, ""},
		{"NSWBA 13 (results official): final posting + 29 minutes", setup{posted1: "2026-05-02 12:00", posted2: "2026-05-02 17:00"}, ScorerError, 1, "2026-05-02 17:29", true, ""},
		{"NSWBA 13 (results official): final posting + 31 minutes, nothing more", setup{posted1: "2026-05-02 12:00", posted2: "2026-05-02 17:00"}, ScorerError, 2, "2026-05-02 17:31", false, "results official"},
		{"NSWBA 13 (player errors): last session, 31 minutes after posting", setup{posted1: "2026-05-02 12:00", posted2: "2026-05-02 17:00"}, PlayerError, 2, "2026-05-02 17:31", false, ""},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		played(t, ev)
		ev.EnterRoom(2, 1, false, []Result{{Board: 3, Contract: ct("2H"), Declarer: seat("S"), Tricks: 8}})
		if tt.setup.stage2 > 0 {
			ev.Sessions[0].Stage, ev.Sessions[1].Stage = 1, tt.setup.stage2
		}
		if tt.setup.posted1 != "" {
			ev.Post(1, at(tt.setup.posted1), nil)
		}
		if tt.setup.posted2 != "" {
			ev.Post(2, at(tt.setup.posted2), nil)
		}
		if tt.setup.agreed != "" {
			a := at(tt.setup.agreed)
			ev.Sessions[0].Rounds[0].Matches[0].Agreed = &a
		}
		board := 1
		if tt.round == 2 {
			board = 3
		}
		c := Correction{At: at(tt.at), By: "scorer", Why: "wrong tricks", Source: tt.source, Round: tt.round, Table: 1,
			New: &Result{Board: board, Contract: ct("4S"), Declarer: seat("N"), Tricks: 11}}
		got, err := ev.Correct(c, nil)
		if tt.ok {
			if err != nil {
				t.Errorf("%s: refused: %v", tt.clause, err)
			} else if got.Old == nil || got.New.Score != 450 && got.New.Score != 200 {
				t.Errorf("%s: not recorded: %+v", tt.clause, got)
			}
			continue
		}
		var le *LateError
		if !errors.As(err, &le) || !errors.Is(err, ErrLate) {
			t.Errorf("%s: error %v, want a LateError", tt.clause, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.window) || !strings.Contains(err.Error(), "override") {
			t.Errorf("%s: message %q should give the window (%q) and mention the override", tt.clause, err, tt.window)
		}
		// The director may override; the override is recorded.
		c.Override = "TD Ross"
		got, err = ev.Correct(c, nil)
		if err != nil || got.Override != "TD Ross" || got.Deadline == nil {
			t.Errorf("%s: override: %+v %v", tt.clause, got, err)
		}
	}
}

func TestCorrectionRecordsAndLostPlaces(t *testing.T) {
	ev := testEvent(t)
	ev.Qualify = 1
	played(t, ev)
	sc, err := ev.NewScorer()
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Post(1, at("2026-05-02 12:00"), sc); err != nil {
		t.Fatal(err)
	}
	if q := ev.Postings[0].Qualified; !slices.Equal(q, []int{1}) {
		t.Fatalf("posting shows %v qualifying, want [1]", q)
	}
	c, err := ev.Correct(Correction{At: at("2026-05-02 12:20"), By: "Ann Lee", Why: "declarer took 8 tricks, not 10",
		Source: PlayerError, Round: 1, Table: 1, New: &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 8}}, sc)
	if err != nil {
		t.Fatal(err)
	}
	if c.Old.Score != 420 || c.New.Score != -100 || c.By != "Ann Lee" || !strings.Contains(c.Why, "8 tricks") {
		t.Errorf("NSWBA 13: correction not recorded with who, when, why and the old result: %+v", c)
	}
	if !slices.Equal(c.LostPlaces, []int{1}) {
		t.Errorf("NSWBA 13: pair 1 lost its qualifying place; LostPlaces = %v", c.LostPlaces)
	}
	if got := ev.NoLongerQualified(ev.Standings(sc)); !slices.Equal(got, []int{1}) {
		t.Errorf("NSWBA 13: NoLongerQualified = %v, want [1]", got)
	}
	if _, err := ev.Correct(Correction{At: at("2026-05-02 12:20"), Source: PlayerError, Round: 1, Table: 1, New: &Result{Board: 1}}, sc); !errors.Is(err, ErrInvalid) {
		t.Errorf("a correction without who and why: %v", err)
	}
}

func TestAppealsPending(t *testing.T) {
	tests := []struct {
		clause      string
		datum       Datum
		provisional [2]bool
		imps        [2]float64
	}{
		// Board 1: +420 (appeal pending) and -50; board 2: +600 both.
		// All scores: datum 185 -> 190; 230 -> +6, -240 -> -6.
		{"NSWBA 14 (Butler, all scores): datum includes the pending score, results provisional", DatumAll, [2]bool{true, true}, [2]float64{6, -6}},
		// Selected scores: the pending score is left out; datum -50: table 1
		// +470 -> +10, table 2 0 — the appeal can change only its own match.
		{"NSWBA 14 (Butler, selected scores): pending score left out of the datum", DatumSelected, [2]bool{false, false}, [2]float64{10, 0}},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		ev.Datum = tt.datum
		played(t, ev)
		ev.Sessions[0].Rounds[0].Matches[0].Results[0].Appeal = AppealPending
		sc, _ := ev.NewScorer()
		if err := ev.Score(sc); err != nil {
			t.Fatal(err)
		}
		for i, m := range ev.Sessions[0].Rounds[0].Matches {
			if m.Provisional != tt.provisional[i] || m.IMPs == nil || *m.IMPs != tt.imps[i] {
				t.Errorf("%s: table %d provisional %v IMPs %v, want %v %v", tt.clause, m.Table, m.Provisional, deref(m.IMPs), tt.provisional[i], tt.imps[i])
			}
		}
	}
}

func deref(p *float64) float64 {
	if p == nil {
		return -999
	}
	return *p
}

func TestFinesFlowIntoStandings(t *testing.T) {
	// NSWBA 7: a fine is deducted from the unit's score in the rankings.
	ev := testEvent(t)
	played(t, ev)
	sc, _ := ev.NewScorer()
	ev.Score(sc)
	before := ev.Standings(sc)
	if before[0].Entrant != 1 {
		t.Fatalf("pair 1 should lead before the fine: %+v", before)
	}
	lead := before[0].Total - before[1].Total
	ev.Apply(Fine{Kind: Other, At: at("2026-05-02 11:00"), Entrant: 1, Amount: lead + 1, Note: "45 minutes late, director's penalty"}, nil)
	after := ev.Standings(sc)
	if after[0].Entrant == 1 {
		t.Errorf("NSWBA 7: the fine did not reach the standings: %+v", after)
	}
	for _, s := range after {
		if s.Entrant == 1 && s.Total != round2(before[0].Total-lead-1) {
			t.Errorf("NSWBA 7: pair 1 total %g, want %g", s.Total, before[0].Total-lead-1)
		}
	}
}

func TestScoreByesAndForfeits(t *testing.T) {
	ev := testEvent(t)
	ev.VPTotal = 30
	_, _, m, _ := ev.Match(2, 1)
	m.Forfeit = fside("ew")
	_, _, m2, _ := ev.Match(2, 2)
	m2.EW = 0 // pair 4 withdrew: pair 2 has a bye
	sc, _ := ev.NewScorer()
	if err := ev.Score(sc); err != nil {
		t.Fatal(err)
	}
	if *m.VP != [2]float64{18, 0} {
		t.Errorf("NSWBA 13 (forfeits): %v, want 18-0 of 30", *m.VP)
	}
	if *m2.VP != [2]float64{18, 0} {
		t.Errorf("bye: %v, want the profile's bye_vp 18 of 30", *m2.VP)
	}
	ev.VPTotal = 20
	ev.Score(sc)
	if *m.VP != [2]float64{12, 0} {
		t.Errorf("NSWBA 13 (forfeits, other scales): %v, want 12-0 of 20", *m.VP)
	}
}

// TestCorrectClosedRoom corrects the closed room of a teams match: the same
// windows as the open room (NSWBA 13, teams: 30 minutes after the match
// score is agreed), recorded with the room, and the match re-scored board
// by board (Law 78B).
func TestCorrectClosedRoom(t *testing.T) {
	build := func() *Event {
		ev := testEvent(t)
		ev.Kind, ev.Scoring = SwissTeams, IMPVP
		open := []Result{{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}, {Board: 2, Contract: ct("3NT"), Declarer: seat("N"), Tricks: 9}}
		closed := []Result{{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 9}, {Board: 2, Contract: ct("3NT"), Declarer: seat("N"), Tricks: 9}}
		if err := ev.EnterRoom(1, 1, false, open); err != nil {
			t.Fatal(err)
		}
		if err := ev.EnterRoom(1, 1, true, closed); err != nil {
			t.Fatal(err)
		}
		a := at("2026-05-02 11:45")
		ev.Sessions[0].Rounds[0].Matches[0].Agreed = &a
		return ev
	}
	tests := []struct {
		clause   string
		at       string
		override string
		room     string
		new      *Result
		board    int
		appeal   string
		err      error
		imps     float64 // the match's IMPs afterwards
	}{
		// Board 1: +420 open, closed one down -50: 470 = 10 IMPs; made in
		// both rooms after the correction: a push.
		{"NSWBA 13 (teams): closed room at minute 29 after agreement", "2026-05-02 12:14", "", RoomClosed, &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}, 0, "", nil, 0},
		{"NSWBA 13 (teams): closed room at minute 30, still within", "2026-05-02 12:15", "", RoomClosed, &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}, 0, "", nil, 0},
		{"NSWBA 13 (teams): closed room at minute 31, refused", "2026-05-02 12:16", "", RoomClosed, &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}, 0, "", ErrLate, 10},
		{"NSWBA 13 (teams): closed room at minute 31 with the director's override", "2026-05-02 12:16", "TD Ross", RoomClosed, &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}, 0, "", nil, 0},
		// Board 2 (NS vulnerable), open room: 3NT two down, -200 against
		// +600 in the closed room = 800 = 13 IMPs away: 10 - 13.
		{"NSWBA 13: the open room is named as such", "2026-05-02 12:00", "", RoomOpen, &Result{Board: 2, Contract: ct("3NT"), Declarer: seat("N"), Tricks: 7}, 0, "", nil, -3},
		{"NSWBA 14: an appeal marked pending on a closed-room result", "2026-05-02 12:00", "", RoomClosed, nil, 2, AppealPending, nil, 10},
		{"a closed-room board the match did not play", "2026-05-02 12:00", "", RoomClosed, nil, 3, AppealPending, ErrNoBoard, 10},
		{"a room that does not exist", "2026-05-02 12:00", "", "kitchen", &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 10}, 0, "", ErrInvalid, 10},
	}
	for _, tt := range tests {
		ev := build()
		sc, err := ev.NewScorer()
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Score(sc); err != nil {
			t.Fatal(err)
		}
		openBefore := slices.Clone(ev.Sessions[0].Rounds[0].Matches[0].Results)
		got, err := ev.Correct(Correction{At: at(tt.at), By: "Cy Diaz", Why: "tricks", Source: PlayerError, Round: 1, Table: 1,
			Room: tt.room, New: tt.new, Board: tt.board, Appeal: tt.appeal, Override: tt.override}, sc)
		m := &ev.Sessions[0].Rounds[0].Matches[0]
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: error %v, want %v", tt.clause, err, tt.err)
			}
			if len(ev.Corrections) != 0 || *m.IMPs != tt.imps {
				t.Errorf("%s: a refused correction changed the event: %d corrections, %g IMPs", tt.clause, len(ev.Corrections), *m.IMPs)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.clause, err)
			continue
		}
		if got.Deadline == nil || !got.Deadline.Equal(at("2026-05-02 12:15")) || !strings.Contains(got.Window, "agreed at 2026-05-02 11:45") {
			t.Errorf("%s: window %v %q, want the 30 minutes after agreement", tt.clause, got.Deadline, got.Window)
		}
		if got.Override != tt.override {
			t.Errorf("%s: override %q recorded, want %q", tt.clause, got.Override, tt.override)
		}
		if m.IMPs == nil || *m.IMPs != tt.imps {
			t.Errorf("%s: Law 78B: match IMPs %v after the correction, want %g", tt.clause, m.IMPs, tt.imps)
		}
		switch tt.room {
		case RoomClosed:
			if got.Room != RoomClosed || got.Old == nil {
				t.Errorf("%s: recorded %+v", tt.clause, got)
			}
			if !reflect.DeepEqual(m.Results, openBefore) {
				t.Errorf("%s: a closed-room correction changed the open room: %v", tt.clause, m.Results)
			}
			if tt.new != nil && (got.Old.Score != -50 || got.New.Score != 420 || m.Closed[0].Score != 420) {
				t.Errorf("%s: closed room board 1 %+v → %+v, room now %v", tt.clause, got.Old, got.New, m.Closed)
			}
			if tt.appeal != "" && m.Closed[1].Appeal != AppealPending {
				t.Errorf("%s: closed room board 2 not pending: %v", tt.clause, m.Closed)
			}
		case RoomOpen:
			if got.Room != "" || m.Results[1].Score != -200 || m.Closed[1].Score != 600 {
				t.Errorf("%s: open room %v, closed %v, recorded room %q", tt.clause, m.Results, m.Closed, got.Room)
			}
		}
	}
}

// TestAppealDecidedSelectedDatum: when an appeal is decided in a Butler
// event whose datum uses selected scores, the only alteration is in the
// match that involved the appeal; the datum stays as it stood for the
// other matches. With a datum of all scores the session's datums and
// results are altered accordingly (NSWBA 14).
func TestAppealDecidedSelectedDatum(t *testing.T) {
	for _, tt := range []struct {
		clause       string
		datum        Datum
		otherChanges bool
	}{
		{"NSWBA 14 (selected scores): only the appealed match changes", DatumSelected, false},
		{"NSWBA 14 (all scores): datums and results altered accordingly", DatumAll, true},
	} {
		ev := testEvent(t)
		ev.Datum = tt.datum
		played(t, ev)
		sc, _ := ev.NewScorer()
		if _, err := ev.Correct(Correction{At: at("2026-05-02 11:50"), By: "TD", Why: "appeal lodged", Source: AppealDecision,
			Round: 1, Table: 1, Board: 1, Appeal: AppealPending}, sc); err != nil {
			t.Fatal(err)
		}
		_, _, pend1, _ := ev.Match(1, 1)
		_, _, pend2, _ := ev.Match(1, 2)
		before1, before2 := deref(pend1.IMPs), deref(pend2.IMPs)
		if _, err := ev.Correct(Correction{At: at("2026-05-02 12:30"), By: "Appeals committee", Why: "score adjusted", Source: AppealDecision,
			Round: 1, Table: 1, New: &Result{Board: 1, Contract: ct("4S"), Declarer: seat("N"), Tricks: 8}, Appeal: "decided"}, sc); err != nil {
			t.Fatal(err)
		}
		_, _, m1, _ := ev.Match(1, 1)
		_, _, m2, _ := ev.Match(1, 2)
		if deref(m1.IMPs) == before1 {
			t.Errorf("%s: the appealed match did not change (%g IMPs)", tt.clause, before1)
		}
		if changed := deref(m2.IMPs) != before2; changed != tt.otherChanges {
			t.Errorf("%s: the other match went from %g to %g IMPs", tt.clause, before2, deref(m2.IMPs))
		}
		if m1.Provisional || m2.Provisional {
			t.Errorf("%s: still provisional after the decision", tt.clause)
		}
	}
}
