package event

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestResultLineFields: issue 13 item 1: a result line is read field by
// field; a field that is not whole and valid refuses the line, naming the
// field, and nothing is read from a prefix ("1O" is not 1, "2x" not 2).
func TestResultLineFields(t *testing.T) {
	refused := []struct{ in, field string }{
		{"1 4S N 1O", "tricks"},       // letter O for zero
		{"2x 3S E 9", "board"},        // trailing junk on the board
		{"3 =-5O0", "assigned score"}, // letter O in a score
		{"3 =421", "assigned score"},  // NSWBA 13.6(a): no result scores 421
		{"3 =1000000000", "assigned score"},
		{"1 4S N 10x", "tricks"},
		{"1 4S N 1.5", "tricks"},
		{"1 4S N +8", "tricks"}, // 4♠ cannot make 18 tricks
		{"1 4S N -11", "tricks"},
		{"1 4S N +0", "tricks"},
		{"1 4Sx N 10 extra", ""},
		{"1 4S NS 10", "declarer"},
		{"1 4Q N 10", "contract"},
		{"-1 4S N 10", "board"},
		{"99999 4S N 10", "board"},
		{"1 Pass N 0", ""},
	}
	for _, tt := range refused {
		_, err := ParseResult(tt.in)
		if err == nil || !errors.Is(err, ErrBadResult) || !strings.Contains(err.Error(), tt.field) {
			t.Errorf("ParseResult(%q) = %v; want ErrBadResult naming %q", tt.in, err, tt.field)
		}
	}
	// Tricks relative to the contract, as travellers write them (Law 77
	// scores, board 1 nobody vulnerable).
	accepted := []struct {
		in     string
		tricks int
		score  int
	}{
		{"1 4S N +1", 11, 450},
		{"1 4S N =", 10, 420},
		{"1 4S N -2", 8, -100},
		{"1 4S N \u22121", 9, -50},  // the minus sign of printed travellers
		{"1 4S N \u20132", 8, -100}, // an en dash
		{"1 4SX N -2", 8, -300},
		{"1 7NT S 13", 13, 1520},
	}
	for _, tt := range accepted {
		r, err := ParseResult(tt.in)
		if err != nil || r.Tricks != tt.tricks || r.Score != tt.score {
			t.Errorf("ParseResult(%q) = %+v, %v; want %d tricks, %+d", tt.in, r, err, tt.tricks, tt.score)
		}
	}
}

// hostileEvent is testEvent with round 1 played and session 1 posted at
// 12:00: a fresh copy, read from the bytes of one built once.
func hostileEvent(t *testing.T) *Event {
	t.Helper()
	hostileOnce.Do(func() {
		ev := testEvent(t)
		played(t, ev)
		if err := ev.Post(1, at("2026-05-02 12:00"), nil); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		ev.Write(&b)
		hostileData = b.Bytes()
	})
	ev, err := Read(bytes.NewReader(hostileData), "hostile")
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

var (
	hostileOnce sync.Once
	hostileData []byte
)

// TestCorrectRefuses: issue 13 item 2: a correction must fit the table it
// corrects; a refused one changes nothing.
func TestCorrectRefuses(t *testing.T) {
	res := func(s string) *Result {
		r, err := ParseResult(s)
		if err != nil {
			t.Fatal(err)
		}
		return &r
	}
	margin := 5.0
	tests := []struct {
		why  string
		c    Correction
		want error
		msg  string
	}{
		{"a board the table never played", Correction{Round: 1, Table: 1, New: res("99 6NT N 12")}, ErrNoBoard, "board 99"},
		{"a board of the next round", Correction{Round: 1, Table: 1, New: res("3 4H E 10")}, ErrNoBoard, "board 3"},
		{"a match margin in a Butler pairs event", Correction{Round: 1, Table: 1, NewIMPs: &margin}, ErrInvalid, "teams match"},
		{"the closed room in a pairs event", Correction{Round: 1, Table: 1, Room: RoomClosed, New: res("1 4S N 9")}, ErrInvalid, "closed room"},
		{"before the session's posting", Correction{Round: 1, Table: 1, New: res("1 4S N 9"), At: at("2026-05-02 11:59")}, ErrInvalid, "posted at"},
		{"NSWBA 13.6(a): an impossible assigned score", Correction{Round: 1, Table: 1, New: &Result{Board: 1, Score: 421}}, ErrBadResult, "13.6"},
	}
	for _, tt := range tests {
		ev := hostileEvent(t)
		var before bytes.Buffer
		ev.Write(&before)
		c := tt.c
		c.By, c.Why, c.Source = "TD", "test", PlayerError
		if c.At.IsZero() {
			c.At = at("2026-05-02 12:10")
		}
		sc, _ := ev.NewScorer()
		_, err := ev.Correct(c, sc)
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v; want %v naming %q", tt.why, err, tt.want, tt.msg)
		}
		var after bytes.Buffer
		ev.Write(&after)
		if !bytes.Equal(before.Bytes(), after.Bytes()) {
			t.Errorf("%s: a refused correction changed the event", tt.why)
		}
	}
	// The same correction in time and in place is accepted.
	ev := hostileEvent(t)
	sc, _ := ev.NewScorer()
	if _, err := ev.Correct(Correction{Round: 1, Table: 1, New: res("1 4S N 9"), At: at("2026-05-02 12:10"), By: "TD", Why: "t", Source: PlayerError}, sc); err != nil {
		t.Errorf("a good correction: %v", err)
	}
}

// TestRecordRefuses: issue 13 item 2: the same board twice in one entry,
// teams-only fields in a pairs event, and impossible assigned scores are
// refused.
func TestRecordRefuses(t *testing.T) {
	r1, _ := ParseResult("1 4S N 10")
	r1b, _ := ParseResult("1 4S N 9")
	margin, nan := 3.0, math.NaN()
	tests := []struct {
		why  string
		e    Entry
		want error
	}{
		{"the same board twice", Entry{Round: 1, Table: 1, Results: []Result{r1, r1b}}, ErrBadResult},
		{"the closed room in a pairs event", Entry{Round: 1, Table: 1, Closed: true, Results: []Result{r1}}, ErrInvalid},
		{"a margin in a Butler event", Entry{Round: 1, Table: 1, IMPs: &margin}, ErrInvalid},
		{"NSWBA 13.6(a): an impossible assigned score", Entry{Round: 1, Table: 1, Results: []Result{{Board: 1, Score: 421}}}, ErrBadResult},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		if _, err := ev.Record(tt.e); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.why, err, tt.want)
		}
		if _, _, m, _ := ev.Match(1, 1); len(m.Results) != 0 || m.IMPs != nil {
			t.Errorf("%s: the refused entry was recorded: %+v", tt.why, m)
		}
	}
	ev := New("teams", SwissTeams, IMPVP)
	ev.VPTotal, ev.BoardsPerRound = 20, 2
	ev.AddEntrant(Entrant{Name: "A"})
	ev.AddEntrant(Entrant{Name: "B"})
	ev.AddSession(at("2026-05-02 10:00"), 0)
	ev.AddRound(1, []Pairing{{1, 2}}, nil, time.Time{})
	if _, err := ev.Record(Entry{Round: 1, Table: 1, IMPs: &nan}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a margin of NaN IMPs: %v", err)
	}
	if _, err := ev.Record(Entry{Round: 1, Table: 1, IMPs: &margin}); err != nil {
		t.Errorf("a teams margin: %v", err)
	}
}

// TestPostWarnsOfMissingResults: issue 13 item 2: posting a session with a
// result missing says which.
func TestPostWarnsOfMissingResults(t *testing.T) {
	ev := testEvent(t)
	r1, _ := ParseResult("1 4S N 10")
	r2, _ := ParseResult("2 3NT N 9")
	ev.EnterRoom(1, 1, false, []Result{r1, r2})
	ev.EnterRoom(1, 2, false, []Result{r1})
	p, err := ev.PostScores(1, at("2026-05-02 12:00"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Missing) != 1 || p.Missing[0] != (Missing{Round: 1, Table: 2, Board: 2}) || p.Missing[0].String() != "round 1 table 2 board 2" {
		t.Errorf("missing: %v, want round 1 table 2 board 2", p.Missing)
	}
}

// TestFineRefuses: issue 13 item 6: values no director can mean.
func TestFineRefuses(t *testing.T) {
	tests := []struct {
		why string
		f   Fine
		msg string
	}{
		{"negative minutes late", Fine{Kind: Late, Entrant: 1, Minutes: -5}, "minutes -5"},
		{"an amount that is not a number", Fine{Kind: Other, Entrant: 1, Amount: math.NaN()}, "amount NaN"},
		{"an infinite amount", Fine{Kind: Other, Entrant: 1, Amount: math.Inf(1)}, "amount +Inf"},
		{"a negative amount", Fine{Kind: Other, Entrant: 1, Amount: -1}, "amount -1"},
		{"a session the event does not have", Fine{Kind: Late, Entrant: 1, Minutes: 12, Session: 7}, "session 7"},
		{"a round the event does not have", Fine{Kind: Other, Entrant: 1, Amount: 1, Round: 9}, "round 9"},
		{"an amount on a fine the regulation fixes", Fine{Kind: Late, Entrant: 1, Minutes: 12, Amount: 3}, "amount 3"},
	}
	for _, tt := range tests {
		ev := testEvent(t)
		f := tt.f
		f.At = at("2026-05-02 10:20")
		got, err := ev.Apply(f, nil)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v, %v; want an error naming %q", tt.why, got, err, tt.msg)
		}
		if len(ev.Offences) != 0 {
			t.Errorf("%s: recorded %v", tt.why, ev.Offences)
		}
	}
}

// TestCreateRefuses: issue 13 item 6: settings no one can mean.
func TestCreateRefuses(t *testing.T) {
	good := Settings{Name: "E", Kind: SwissPairs, VPTotal: 20}
	if _, err := Create(good); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		why string
		set func(*Settings)
		msg string
	}{
		{"a VP total of 0", func(s *Settings) { s.VPTotal = 0 }, "VP total 0"},
		{"a VP total of NaN", func(s *Settings) { s.VPTotal = math.NaN() }, "VP total NaN"},
		{"a VP total of a million", func(s *Settings) { s.VPTotal = 1e6 }, "VP total 1e+06"},
		{"a trim of a million", func(s *Settings) { s.DatumTrim = 1000000 }, "trim 1000000"},
		{"a negative trim", func(s *Settings) { s.DatumTrim = -1 }, "trim -1"},
		{"a top of NaN", func(s *Settings) { s.Top = math.NaN() }, "top NaN"},
	}
	for _, tt := range tests {
		s := good
		tt.set(&s)
		if _, err := Create(s); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v; want ErrInvalid naming %q", tt.why, err, tt.msg)
		}
	}
}

// FuzzCorrect applies corrections built from arbitrary text to a posted
// event: never a panic; a refused correction changes nothing; an accepted
// one leaves a valid event with the correction recorded.
func FuzzCorrect(f *testing.F) {
	f.Add("1 4S N 9", "", "", "", int64(10))
	f.Add("2 =-100", "open", "pending", "player", int64(20))
	f.Add("99 6NT N 12", "closed", "", "scorer", int64(-5))
	f.Add("1 4S N +1", "", "decided", "appeal", int64(600))
	f.Fuzz(func(t *testing.T, line, room, appeal, source string, minutes int64) {
		ev := hostileEvent(t)
		var before bytes.Buffer
		ev.Write(&before)
		c := Correction{Round: 1, Table: 1, Room: room, Appeal: appeal, Source: Source(source), By: "TD", Why: "fuzz",
			At: at("2026-05-02 12:00").Add(time.Duration(minutes%100000) * time.Minute)}
		if c.Source == "" {
			c.Source = PlayerError
		}
		if r, err := ParseResult(line); err == nil {
			c.New = &r
		} else if appeal == "" {
			return
		} else {
			c.Board = 1
		}
		sc, _ := ev.NewScorer()
		got, err := ev.Correct(c, sc)
		if err != nil {
			var after bytes.Buffer
			ev.Write(&after)
			// Correct may have scored the event (VPs); the results,
			// margins and records must be as they were.
			if len(ev.Corrections) != 0 || !sameResults(t, before.Bytes(), ev) {
				t.Fatalf("refused correction %+v (%v) changed the event", c, err)
			}
			return
		}
		if got == nil || len(ev.Corrections) != 1 {
			t.Fatalf("accepted correction not recorded: %+v", got)
		}
		if err := ev.Validate(); err != nil {
			t.Fatalf("accepted correction %+v leaves an invalid event: %v", c, err)
		}
	})
}

// sameResults reports whether ev holds the same board results and margins
// as the event encoded in data.
func sameResults(t *testing.T, data []byte, ev *Event) bool {
	old, err := Read(bytes.NewReader(data), "before")
	if err != nil {
		t.Fatal(err)
	}
	a, b := old.Rounds(), ev.Rounds()
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		for j := range a[i].Matches {
			x, y := a[i].Matches[j], b[i].Matches[j]
			if len(x.Results) != len(y.Results) || len(x.Closed) != len(y.Closed) || (x.IMPs == nil) != (y.IMPs == nil) && x.VP == nil {
				return false
			}
			for k := range x.Results {
				if x.Results[k].String() != y.Results[k].String() || x.Results[k].Appeal != y.Results[k].Appeal {
					return false
				}
			}
		}
	}
	return true
}

// FuzzFine applies fines of arbitrary kind and figures: never a panic; a
// refused one records nothing; an accepted one records fines that are
// numbers from 0 to MaxFine in a valid event.
func FuzzFine(f *testing.F) {
	f.Add("late", 2, 12, 0.0, 1, 0, 0, "")
	f.Add("slow-play", 0, 0, 0.0, 0, 1, 1, "")
	f.Add("phone", 1, 0, 0.0, 0, 0, 0, "100")
	f.Add("other", 3, 40, 2.5, 0, 0, 0, "")
	f.Add("late", 1, -5, math.NaN(), 7, 0, 0, "")
	f.Fuzz(func(t *testing.T, kind string, entrant, minutes int, amount float64, session, round, table int, member string) {
		ev := hostileEvent(t)
		fine := Fine{Kind: OffenceKind(kind), At: at("2026-05-02 10:20"), Entrant: entrant, Minutes: minutes, Amount: amount,
			Session: session, Round: round, Table: table, Member: member}
		got, err := ev.Apply(fine, nil)
		if err != nil {
			if len(ev.Offences) != 0 {
				t.Fatalf("refused fine %+v (%v) recorded %v", fine, err, ev.Offences)
			}
			return
		}
		if len(got) == 0 {
			t.Fatalf("fine %+v accepted with no offence", fine)
		}
		for _, o := range got {
			if math.IsNaN(o.Fine) || o.Fine < 0 || o.Fine > MaxFine {
				t.Fatalf("fine %+v gives %g", fine, o.Fine)
			}
		}
		if err := ev.Validate(); err != nil {
			t.Fatalf("fine %+v leaves an invalid event: %v", fine, err)
		}
	})
}
