package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func runMovementCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestMovementCommand(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stdout (code 0) or stderr
	}{
		{[]string{"movement", "mitchell", "--tables", "7", "--boards", "21"}, 0, "Mitchell: 7 tables, 14 entrants, 7 rounds, 21 boards (7 sets of 3)"},
		{[]string{"movement", "mitchell", "--tables", "8", "--even", "relay", "--per-round", "3"}, 0, "relay between tables [1 8], bye stand after table 4"},
		{[]string{"movement", "mitchell", "--tables", "8"}, 0, "skip Mitchell: 8 tables, 16 entrants, 7 rounds"},
		// Issue 14 item 13: the cards say where the boards and East–West go.
		{[]string{"movement", "mitchell", "--tables", "8", "--even", "relay"}, 0, "tables 1 and 8 (relay)"},
		{[]string{"movement", "mitchell", "--tables", "8", "--even", "relay"}, 0, "Bye stand (after table 4)"},
		{[]string{"movement", "mitchell", "--tables", "4", "--pairs", "7", "--even", "relay"}, 0, "4 (sit out)"},
		{[]string{"movement", "mitchell", "--tables", "3", "--rounds", "1"}, 0, "3 tables, 6 entrants, 1 round, 6 boards (3 sets of 2)"},
		{[]string{"movement", "howell", "--tables", "3", "--per-round", "2"}, 0, "Howell: 3 tables, 6 entrants, 5 rounds, 10 boards (10 sets of 1), 2 sets (2 boards) a round"},
		{[]string{"movement", "howell", "--tables", "3", "--per-round", "3"}, 1, "--per-round 3: movement: unsupported number of boards: a 3-table Howell plays two sets a round"},
		{[]string{"movement", "howell", "--tables", "3", "--boards", "7"}, 1, "(try 10)"},
		{[]string{"movement", "mitchell", "--tables", "5", "--arrow-switch", "5", "--pairs", "9"}, 0, "sit out"},
		{[]string{"movement", "howell", "--tables", "5", "--boards", "27"}, 0, "Howell: 5 tables, 10 entrants, 9 rounds, 27 boards (9 sets of 3)"},
		{[]string{"movement", "roundrobin", "--teams", "6", "--per-round", "8"}, 0, "Team 6"},
		{[]string{"movement", "individual", "--tables", "2"}, 0, "Player 8"},
		{[]string{"movement", "howell", "--tables", "5", "--boards", "20"}, 1, "--boards 20: movement: unsupported number of boards: 20 boards do not share out over the movement's 9 sets (try 18 or 27)"},
		// Issue 13 item 5: every size is checked against its documented
		// range before any work, and the error names the flag.
		{[]string{"movement", "mitchell", "--tables", "100000"}, 1, "--tables 100000: movement: unsupported number of tables: a Mitchell section has 1-60 tables"},
		{[]string{"movement", "mitchell", "--tables", "2000"}, 1, "--tables 2000:"},
		{[]string{"movement", "roundrobin", "--tables", "100000"}, 1, "--tables 100000: movement: unsupported number of tables: a round robin has 1-32 matches a round"},
		{[]string{"movement", "roundrobin", "--tables", "2147483648"}, 1, "--tables 2147483648:"},
		{[]string{"movement", "roundrobin", "--teams", "1000"}, 1, "--teams 1000: movement: unsupported number of entrants: a round robin has 2-64 teams"},
		{[]string{"movement", "howell", "--tables", "5", "--per-round", "1000000"}, 1, "--per-round 1000000: movement: unsupported number of boards: 1000000 boards a round (want 1-64)"},
		{[]string{"movement", "mitchell", "--tables", "0"}, 1, "--tables 0: movement: unsupported number of tables: a Mitchell section has 1-60 tables, got 0"},
		{[]string{"movement", "mitchell", "--tables", "5", "--boards", "10000"}, 1, "--boards 10000: movement: unsupported number of boards: 2000 boards a round"},
		{[]string{"movement", "howell", "--tables", "5", "--boards", "5"}, 1, "(try 9)"},
		{[]string{"movement", "mitchell", "--tables", "5", "--rounds", "9"}, 1, "--rounds 9: movement: unsupported number of rounds"},
		{[]string{"movement", "mitchell", "--tables", "5", "--arrow-switch", "9"}, 1, "--arrow-switch 9: movement: unsupported number of rounds (arrow switch)"},
		{[]string{"movement", "mitchell", "--tables", "5", "--pairs", "3"}, 1, "--pairs 3: movement: unsupported number of entrants"},
		{[]string{"movement", "individual", "--tables", "4"}, 1, "--tables 4: movement: unsupported number of tables"},
		{[]string{"movement", "howell", "--tables", "12"}, 1, "unsupported number of tables"},
		{[]string{"movement", "mitchell", "--tables", "5", "--arrow-switch", "x"}, 1, `item 1 "x" is not a round number`},
		{[]string{"movement", "mitchell", "--tables", "5", "--even", "odd"}, 1, `--even "odd"`},
		{[]string{"movement", "web", "--tables", "5"}, 2, "unknown movement"},
		{[]string{"movement"}, 2, "Usage: bridgetd movement"},
		{[]string{"movement", "mitchell", "--tables", "5", "--boards", "10", "--per-round", "2"}, 1, "--boards 10 and --per-round 2: give one or the other"},
	}
	for _, tc := range tests {
		code, out, errs := runMovementCmd(tc.args...)
		text := out
		if tc.code != 0 {
			text = errs
		}
		if code != tc.code || !strings.Contains(text, tc.want) {
			t.Errorf("%v: exit %d, want %d with %q\nstdout:\n%.400s\nstderr:\n%s", tc.args, code, tc.code, tc.want, out, errs)
		}
	}
}

func TestMovementJSON(t *testing.T) {
	code, out, errs := runMovementCmd("movement", "howell", "--tables", "4", "--per-round", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Kind         string            `json:"kind"`
		Rounds       []json.RawMessage `json:"rounds"`
		TableCards   []json.RawMessage `json:"tableCards"`
		EntrantCards []json.RawMessage `json:"entrantCards"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Kind != "howell" || len(got.Rounds) != 7 || len(got.TableCards) != 4 || len(got.EntrantCards) != 8 {
		t.Errorf("kind %q, %d rounds, %d table cards, %d entrant cards", got.Kind, len(got.Rounds), len(got.TableCards), len(got.EntrantCards))
	}
	// Law 8A1: the cards as data say where the boards go, the bye stand's
	// too.
	code, out, errs = runMovementCmd("movement", "mitchell", "--tables", "4", "--even", "relay", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var relay struct {
		TableCards []struct {
			Rows []struct {
				BoardsTo []struct {
					Tables []int `json:"tables"`
				} `json:"boardsTo"`
			} `json:"rows"`
		} `json:"tableCards"`
		ByeStandCard *struct {
			Rows []json.RawMessage `json:"rows"`
		} `json:"byeStandCard"`
	}
	if err := json.Unmarshal([]byte(out), &relay); err != nil {
		t.Fatal(err)
	}
	if relay.ByeStandCard == nil || len(relay.ByeStandCard.Rows) != 4 || len(relay.TableCards) != 4 ||
		fmt.Sprint(relay.TableCards[1].Rows[0].BoardsTo[0].Tables) != "[1 4]" {
		t.Errorf("relay JSON: %+v", relay)
	}
}

func FuzzParseRounds(f *testing.F) {
	for _, s := range []string{"", "4,7", " 1 , 2 ", "0", "x", ",", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs, err := parseRounds(s)
		if err != nil {
			return
		}
		for _, r := range rs {
			if r < 1 {
				t.Errorf("parseRounds(%q) gave round %d", s, r)
			}
		}
	})
}
