package systemcard

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// NSWBA 5.4, the event table, row by row: which colours each kind of event
// admits, with the deciding clause, and whether pairs may be protected.
func TestEventTable(t *testing.T) {
	all := []Colour{Green, Blue, Red, Yellow}
	tests := []struct {
		row       string
		event     string
		admits    []Colour
		clause    string // for the colours admitted
		refusal   string // for the others
		protected bool
	}{
		// 5.4.1: IMP State Championships are not restricted; no protected pairs.
		{"5.4.1", "state", all, "NSWBA 5.4.1", "", false},
		// 5.4.2: no Yellow at matchpoint pairs.
		{"5.4.2", "matchpoint", []Colour{Green, Blue, Red}, "NSWBA 5.4.2", "NSWBA 5.4.2", false},
		// 5.4.3: Red-masterpoint sessions: everything, protected pairs may designate.
		{"5.4.3 red", "red", all, "NSWBA 5.4.3", "", true},
		// 5.4.3: congress events: the same.
		{"5.4.3 congress", "congress", all, "NSWBA 5.4.3", "", true},
		// 5.4.2 with 5.4.3: a matchpoint pairs congress bars Yellow but protects.
		{"5.4.2+5.4.3", "congress,matchpoint", []Colour{Green, Blue, Red}, "NSWBA 5.4.3", "NSWBA 5.4.2", true},
		// 5.4.4: all other sessions: no Yellow.
		{"5.4.4", "other", []Colour{Green, Blue, Red}, "NSWBA 5.4.4", "NSWBA 5.4.4", false},
		// The event file's kinds of event read as the same rows.
		// 5.4.2: mp-pairs is a matchpoint pairs event.
		{"5.4.2 mp-pairs", "mp-pairs", []Colour{Green, Blue, Red}, "NSWBA 5.4.2", "NSWBA 5.4.2", false},
		// 5.4.1: an IMP-scored kind named a State Championship.
		{"5.4.1 swiss-teams", "swiss-teams,state", all, "NSWBA 5.4.1", "", false},
		{"5.4.1 knockout-teams", "knockout-teams,state", all, "NSWBA 5.4.1", "", false},
		// 5.4.3: a kind at a congress takes the congress row.
		{"5.4.3 swiss-pairs", "swiss-pairs,congress", all, "NSWBA 5.4.3", "", true},
		{"5.4.2+5.4.3 mp-pairs", "mp-pairs,congress", []Colour{Green, Blue, Red}, "NSWBA 5.4.3", "NSWBA 5.4.2", true},
		// 5.4.4: a kind with no status is any other session.
		{"5.4.4 round-robin", "round-robin", []Colour{Green, Blue, Red}, "NSWBA 5.4.4", "NSWBA 5.4.4", false},
		{"5.4.4 individual", "individual", []Colour{Green, Blue, Red}, "NSWBA 5.4.4", "NSWBA 5.4.4", false},
	}
	for _, tt := range tests {
		t.Run(tt.row, func(t *testing.T) {
			e, err := ParseEvent(tt.event)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range all {
				want := false
				for _, a := range tt.admits {
					want = want || a == c
				}
				ok, clause := e.Admits(c)
				wantClause := tt.clause
				if !want {
					wantClause = tt.refusal
				}
				if ok != want || clause != wantClause {
					t.Errorf("%s admits %s = %v (%s), want %v (%s)", e, c, ok, clause, want, wantClause)
				}
			}
			if e.Protects() != tt.protected {
				t.Errorf("%s protects = %v", e, e.Protects())
			}
		})
	}
}

func TestParseEventErrors(t *testing.T) {
	for _, s := range []string{"", "weekly", "state,matchpoint", "other,congress", "state,red",
		// NSWBA 5.4.1 is for IMP-scored events; one kind of event at a time.
		"mp-pairs,state", "individual,state", "swiss-teams,mp-pairs"} {
		if _, err := ParseEvent(s); !errors.Is(err, ErrEvent) {
			t.Errorf("ParseEvent(%q): %v, want ErrEvent", s, err)
		}
	}
	if e, err := ParseEvent("MP, Congress"); err != nil || e != Matchpoint|Congress || e.String() != "matchpoint,congress" {
		t.Errorf("ParseEvent(MP, Congress) = %v, %v", e, err)
	}
}

// NSWBA 5.3: who may be a protected pair.
func TestEligible(t *testing.T) {
	tests := []struct {
		name string
		card string
		a, b ABFRank
		want bool
	}{
		{"both below National Master", "sayc.json", BronzeState, BronzeState, true},
		{"one National Master, other below Local Master", "sayc.json", National, Club, true},
		{"one National Master, other a Local Master", "sayc.json", National, Local, false},
		{"both National Masters", "sayc.json", National, National, false},
		{"one Life Master, other Nil", "sayc.json", Life, Nil, true},
		{"Blue system", "precision.json", Club, Club, false},
		{"Green with a Brown Sticker convention", "anytwo.json", Club, Club, false},
		{"Green with an exempt multi 2♦", "multi.json", Club, Club, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := load(t, tt.card)
			c.Players[0].Rank, c.Players[1].Rank = tt.a, tt.b
			got, why := Eligible(c)
			if got != tt.want {
				t.Errorf("eligible = %v, want %v: %v", got, tt.want, why)
			}
			for _, f := range why {
				if f.Clause != "NSWBA 5.3" {
					t.Errorf("finding cites %s", f.Clause)
				}
			}
		})
	}
}

var session = time.Date(2026, 11, 9, 0, 0, 0, 0, time.UTC) // strongpass.json was submitted 2026-11-02

func TestCheck(t *testing.T) {
	protected := func(t *testing.T) *Card { return load(t, "sayc.json") } // club and bronze-local: eligible
	tests := []struct {
		name    string
		event   NSWBAEvent
		day     time.Time
		card    string
		second  string
		edit    func(c *Card)
		opp     func(t *testing.T) *Card
		allowed bool
		plays   string // name of the card played
		clause  string // a reason or duty that must be present
		text    string // part of its text
	}{
		{"Green at a club session", Other, session, "sayc.json", "", nil, nil, true, "Standard American Yellow Card", "NSWBA 5.4.4", "admitted"},
		{"Yellow at a club session", Other, session, "strongpass.json", "", nil, nil, false, "", "NSWBA 5.4.4", "not allowed"},
		{"Yellow at a club session plays its second card", Other, session, "strongpass.json", "strongpass_acol.json", nil, nil, true, "Acol, weak no trump", "NSWBA 5.7", "second card"},
		{"Yellow at matchpoint pairs", Matchpoint | Congress, session, "strongpass.json", "", nil, nil, false, "", "NSWBA 5.4.2", "not allowed"},
		{"Yellow at a congress", Congress, session, "strongpass.json", "", nil, nil, true, "Strong Pass", "NSWBA 5.5.2", "two copies"},
		{"Yellow at a congress asks about protected pairs", Congress, session, "strongpass.json", "", nil, nil, true, "Strong Pass", "NSWBA 5.3", "before each round"},
		{"Yellow at a State Championship", StateIMP, session, "strongpass.json", "", nil, protected, true, "Strong Pass", "NSWBA 5.4.3", "does not allow"},
		{"Yellow against a protected pair, no second card", Congress, session, "strongpass.json", "", nil, protected, false, "", "NSWBA 5.3", "no second"},
		{"Yellow against a protected pair plays its second card", Congress, session, "strongpass.json", "strongpass_acol.json", nil, protected, true, "Acol, weak no trump", "NSWBA 5.8", "separate session"},
		{"second card Yellow too", Congress, session, "strongpass.json", "strongpass.json", nil, protected, false, "", "NSWBA 5.3", "Yellow too"},
		{"opponents' claim fails: Blue system", Congress, session, "strongpass.json", "", nil,
			func(t *testing.T) *Card { c := load(t, "precision.json"); c.Protected = true; return c }, true, "Strong Pass", "NSWBA 5.3", "claim to be a protected pair fails"},
		{"opponents' claim fails: ranks", Congress, session, "strongpass.json", "", nil,
			func(t *testing.T) *Card { c := protected(t); c.Players[0].Rank = National; return c }, true, "Strong Pass", "NSWBA 5.3", "claim to be a protected pair fails"},
		{"summary exactly seven days ahead", Congress, session, "strongpass.json", "", nil, nil, true, "Strong Pass", "NSWBA 5.5.1", "at least 7 days"},
		{"summary six days ahead", Congress, session.AddDate(0, 0, -1), "strongpass.json", "", nil, nil, false, "", "NSWBA 5.5.1", "fewer than 7 days"},
		{"no summary", Congress, session, "strongpass.json", "", func(c *Card) { c.Yellow = nil }, nil, false, "", "NSWBA 5.5.1", "no system summary"},
		{"defence not approved", Congress, session, "strongpass.json", "", func(c *Card) { c.Yellow.DefenceApproved = false }, nil, false, "", "NSWBA 5.5.2", "not been approved"},
		{"one copy of the defence", Congress, session, "strongpass.json", "", func(c *Card) { c.Yellow.DefenceCopies = 1 }, nil, false, "", "NSWBA 5.5.2", "1 copies"},
		{"Brown Sticker against a protected pair", Congress, session, "anytwo.json", "", nil, protected, true, "Natural with a weak 2H on any two-suiter", "NSWBA 5.3", "may not use its Brown Sticker conventions against a protected pair: 2♥"},
		{"Brown Sticker listed on the card", Other, session, "anytwo.json", "", nil, nil, true, "Natural with a weak 2H on any two-suiter", "Part B 2.5 note II", "2♥"},
		{"both partners on one system", Congress, session, "polish.json", "", nil, protected, true, "Polish Club (Wspólny Język)", "NSWBA 5.6", "same system"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pair := Pair{Card: load(t, tt.card)}
			if tt.edit != nil {
				tt.edit(pair.Card)
			}
			if tt.second != "" {
				pair.Second = load(t, tt.second)
			}
			var opp *Card
			if tt.opp != nil {
				opp = tt.opp(t)
			}
			v, err := Check(tt.event, tt.day, pair, opp)
			if err != nil {
				t.Fatal(err)
			}
			if v.Allowed != tt.allowed {
				t.Errorf("allowed = %v, want %v; reasons %v", v.Allowed, tt.allowed, v.Reasons)
			}
			if tt.allowed && (v.Plays == nil || v.Plays.Name != tt.plays) {
				t.Errorf("plays %v, want %q", v.Plays, tt.plays)
			}
			if !tt.allowed && v.Plays != nil {
				t.Errorf("plays %q although not allowed", v.Plays.Name)
			}
			found := false
			for _, f := range append(v.Reasons, v.Duties...) {
				found = found || (f.Clause == tt.clause && strings.Contains(f.Text, tt.text))
			}
			if !found {
				t.Errorf("no %s %q among reasons %v duties %v", tt.clause, tt.text, v.Reasons, v.Duties)
			}
		})
	}
}

func TestCheckBadInput(t *testing.T) {
	if _, err := Check(StateIMP|Matchpoint, session, Pair{Card: load(t, "sayc.json")}, nil); !errors.Is(err, ErrEvent) {
		t.Errorf("bad event: %v", err)
	}
	if _, err := Check(Other, session, Pair{}, nil); err == nil {
		t.Error("no card: no error")
	}
}

// NSWBA 5.1 asks for a card identified with the pair's names, and 5.3 for
// the pair's own second card detailing its non-Yellow system: a second card
// of another partnership is refused, whatever it holds; the same players
// written in another order, case or spacing are the same pair.
func TestCheckSecondCardOfAnotherPair(t *testing.T) {
	session := time.Date(2026, 11, 9, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, second string
		edit         func(c *Card)
		wantErr      bool
	}{
		{"another pair's Acol card", "acol.json", nil, true},
		{"another pair's Green card", "sayc.json", nil, true},
		{"one player in common", "strongpass_acol.json", func(c *Card) { c.Players[1].Name = "Ann Lee" }, true},
		{"the pair's own card", "strongpass_acol.json", nil, false},
		{"names in the other order and case", "strongpass_acol.json", func(c *Card) {
			c.Players[0], c.Players[1] = c.Players[1], c.Players[0]
			c.Players[0].Name = " nia  HOLT"
		}, false},
	} {
		second := load(t, tc.second)
		if tc.edit != nil {
			tc.edit(second)
		}
		v, err := Check(Other, session, Pair{Card: load(t, "strongpass.json"), Second: second}, nil)
		if tc.wantErr {
			if !errors.Is(err, ErrNotTheirCard) || !strings.Contains(err.Error(), "not of Max Ode and Nia Holt") {
				t.Errorf("%s: %v, want ErrNotTheirCard", tc.name, err)
			}
			continue
		}
		if err != nil || !v.Allowed || v.Plays != second {
			t.Errorf("%s: %v, allowed %v", tc.name, err, v.Allowed)
		}
	}
}
