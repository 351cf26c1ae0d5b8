package event

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveLoadRoundTrip(t *testing.T) {
	ev := testEvent(t)
	played(t, ev)
	sc, _ := ev.NewScorer()
	ev.Score(sc)
	ev.Apply(Fine{Kind: Phone, At: at("2026-05-02 10:30"), Entrant: 1, Member: "100"}, nil)
	path := filepath.Join(t.TempDir(), "swiss.json")
	if err := save(path, ev); err != nil {
		t.Fatal(err)
	}
	got, err := load(path)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	ev.Write(&a)
	got.Write(&b)
	if a.String() != b.String() {
		t.Errorf("round trip differs:\n%s\n---\n%s", a.String(), b.String())
	}
	if got.Profile().PhoneWindowMonths != 12 {
		t.Error("default profile lost")
	}
}

func TestSaveNeverLosesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.json")
	ev := testEvent(t)
	if err := save(path, ev); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	// An invalid event is refused before anything is written.
	ev.Entrants = append(ev.Entrants, Entrant{ID: 1, Name: "duplicate"})
	if err := save(path, ev); !errors.Is(err, ErrInvalid) {
		t.Fatalf("saving an invalid event: %v", err)
	}
	// A write that cannot complete (the directory is read-only) leaves the old file.
	ev.Entrants = ev.Entrants[:len(ev.Entrants)-1]
	ev.Name = "changed"
	if os.Geteuid() != 0 {
		os.Chmod(dir, 0o500)
		if err := save(path, ev); err == nil {
			t.Error("save into a read-only directory succeeded")
		}
		os.Chmod(dir, 0o700)
	}
	now, _ := os.ReadFile(path)
	if !bytes.Equal(old, now) {
		t.Error("a failed save changed the file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := save(path, ev); err != nil {
		t.Fatal(err)
	}
	if got, _ := load(path); got.Name != "changed" {
		t.Error("the new save did not replace the file")
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`{"format":"other"}`, "format"},
		{"{\n\"format\": \"bridgetd-event/1\",\n\"kind\": 7}", "line 3"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","colour":1}`, "unknown field"},
		{`{"format":"bridgetd-event/1","kind":"bingo","scoring":"butler-vp"}`, "kind"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","entrants":[{"id":1},{"id":1}]}`, "entrants[1].id"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","entrants":[{"id":1}],
		  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","rounds":[{"number":1,"matches":[{"table":1,"ns":1,"ew":2}]}]}]}`, "entrant 2 not entered"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","entrants":[{"id":1},{"id":2}],
		  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","rounds":[{"number":1,"matches":[{"table":1,"ns":1,"ew":2,
		  "results":[{"board":1,"contract":"4S","declarer":"N","tricks":10,"score":400}]}]}]}]}`, "does not match the contract"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","regulation":{"phone_window_months":-3}}`, "phone_window_months"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","planned_rounds":-1}`, "planned_rounds"},
		// NSWBA 13.7: a pair may be in both halves of a split match, not twice in one half.
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","entrants":[{"id":1},{"id":2},{"id":3}],
		  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","rounds":[{"number":1,"matches":[{"table":1,"ns":1,"ew":2,"half":1},
		  {"table":2,"ns":1,"ew":3,"half":1}]}]}]}`, "entrant 1 plays twice"},
		{`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","entrants":[{"id":1},{"id":2}],
		  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","rounds":[{"number":1,"matches":[{"table":1,"ns":1,"ew":2,"half":3}]}]}]}`, "half must be 1 or 2"},
		// Law 78B teams: the closed room's results are checked like the open room's.
		{`{"format":"bridgetd-event/1","kind":"swiss-teams","scoring":"imp-vp","entrants":[{"id":1},{"id":2}],
		  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","rounds":[{"number":1,"matches":[{"table":1,"ns":1,"ew":2,
		  "closed":[{"board":1,"contract":"4S","declarer":"N","tricks":10,"score":400}]}]}]}]}`, "table 1 closed[0].score"},
	}
	for _, tt := range tests {
		_, err := Read(strings.NewReader(tt.in), "ev.json")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "ev.json") {
			t.Errorf("Read(%.60s…) = %v, want an error naming %q", tt.in, err, tt.want)
		}
	}
}

func TestParseResult(t *testing.T) {
	tests := []struct {
		in    string
		score int
		err   bool
	}{
		{"1 4S N 10", 420, false},   // Law 77: 4♠ making, not vulnerable
		{"2 3NT N 9", 600, false},   // board 2: NS vulnerable
		{"3 4H E 10", -620, false},  // board 3: EW vulnerable, EW declare
		{"5 3NTX S 7", -500, false}, // board 5: NS vulnerable, two down doubled
		{"7 Pass", 0, false},        //
		{"4 =-100", -100, false},    // assigned score
		{"4:4S:N:10", 620, false},   // colon form; board 4 all vulnerable
		{"0 4S N 10", 0, true},      // no board 0
		{"1 4S N 14", 0, true},      // at most 13 tricks
		{"1 4S Q 10", 0, true},      // no such seat
		{"1 4S N", 0, true},         // tricks missing
		{"1 8S N 10", 0, true},      // no such contract
		{"1 =x", 0, true},           //
		{"", 0, true},               //
	}
	for _, tt := range tests {
		r, err := ParseResult(tt.in)
		if (err != nil) != tt.err || (!tt.err && r.Score != tt.score) {
			t.Errorf("ParseResult(%q) = %+v, %v; want score %d, error %v", tt.in, r, err, tt.score, tt.err)
		}
		if err != nil && !errors.Is(err, ErrBadResult) {
			t.Errorf("ParseResult(%q): error %v does not wrap ErrBadResult", tt.in, err)
		}
	}
}

func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"1 4S N 10", "7 Pass", "4 =-100", "2 3NTXX W 13", "9:1C:E:0", "3 =420/-50", "3 =420@0.6 =-50@0.4", "3 A+/A-", "3 seen", "3 unplayed", "1 4S N 10 turned form=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseResult(s)
		if err != nil {
			return
		}
		again := r
		if err := again.Complete(); err != nil || again.Score != r.Score {
			t.Fatalf("%q: parsed %+v does not complete to itself: %v", s, r, err)
		}
	})
}

func FuzzRead(f *testing.F) {
	ev := New("seed", SwissPairs, ButlerVP)
	var b bytes.Buffer
	ev.Write(&b)
	f.Add(b.String())
	f.Add(`{"format":"bridgetd-event/1","kind":"swiss-pairs","scoring":"butler-vp","entrants":[{"id":1},{"id":2}],
	  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","posted":"2026-01-01T13:00:00Z","rounds":[{"number":1,"boards":[1],"matches":[{"table":1,"ns":1,"ew":2,
	  "results":[{"board":1,"contract":"4S","declarer":"N","tricks":10,"score":420,"appeal":"pending"}]}]}]}],
	  "offences":[{"kind":"phone","at":"2026-01-01T10:30:00Z","entrant":1,"players":[{"name":"A"}],"penalty":{"vp":1},"fine":1}]}`)
	// An individual table of four players (Match.Players).
	f.Add(`{"format":"bridgetd-event/1","kind":"individual","scoring":"matchpoints","entrants":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8}],
	  "sessions":[{"number":1,"start":"2026-01-01T10:00:00Z","rounds":[{"number":1,"boards":[1],"matches":[{"table":1,"ns":0,"ew":0,"players":[1,2,3,4],
	  "results":[{"board":1,"contract":"4S","declarer":"N","tricks":10,"score":420}]},{"table":2,"ns":0,"ew":0,"players":[5,6,7,8],"results":[{"board":1,"score":-50}]}]}]}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		ev, err := Read(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		// Whatever Read accepts can be scored, ranked, written and read back.
		sc, err := ev.NewScorer()
		if err != nil {
			return
		}
		ev.Score(sc)
		ev.Standings(sc)
		ev.Playoffs()
		var out bytes.Buffer
		if err := ev.Write(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(&out, "again"); err != nil {
			t.Fatalf("written event does not read back: %v", err)
		}
	})
}

func TestRegisterFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reg.json")
	reg, err := loadRegister(path)
	if err != nil || len(reg.Offences) != 0 {
		t.Fatalf("a missing register should be empty: %v %v", reg, err)
	}
	o := Offence{Kind: Phone, At: at("2026-05-02 10:00"), Event: "E", Players: []Player{{Name: "A", Member: "1"}}}
	reg.Add(o)
	reg.Add(o) // NSWBA 7.1: one entry per offence
	if err := saveRegister(path, reg); err != nil {
		t.Fatal(err)
	}
	got, err := loadRegister(path)
	if err != nil || len(got.Offences) != 1 {
		t.Fatalf("register round trip: %v %v", got, err)
	}
	for _, bad := range []string{`{"format":"x","offences":[]}`, `{"format":"bridgetd-offences/1","offences":[{"kind":"phone"}]}`, `[`} {
		if _, err := ReadRegister(strings.NewReader(bad), "r.json"); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "r.json") {
			t.Errorf("ReadRegister(%s) = %v", bad, err)
		}
	}
}

// TestReadTruncatedSaysWhereItEnds: a truncated event file is reported at
// the line where it ends, not at line 1 where the object began (issue "Bad
// input", item 7).
func TestReadTruncatedSaysWhereItEnds(t *testing.T) {
	var buf bytes.Buffer
	if err := New("Truncated", MatchpointPairs, Matchpoints).Write(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	cut := data[:len(data)/2]
	want := fmt.Sprintf("line %d:", 1+bytes.Count(bytes.TrimRight(cut, " \t\r\n"), []byte("\n")))
	_, err := Read(bytes.NewReader(cut), "t.json")
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "t.json") {
		t.Fatalf("error %v; want the file and %q", err, want)
	}
}
