package pbn

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// The DoubleDummyTricks value is read digit for digit, declarers N S E W,
// strains NT ♠ ♥ ♦ ♣, and written back in lower case; anything else is
// refused with the digit named.
func TestParseTrickTable(t *testing.T) {
	const v = "b7bbab7bba2622326223" // RealBridge, board 19
	tt, err := ParseTrickTable(v)
	if err != nil {
		t.Fatal(err)
	}
	if tt[bridge.North][bridge.NoTrump] != 11 || tt[bridge.South][bridge.SpadesStrain] != 7 ||
		tt[bridge.East][bridge.NoTrump] != 2 || tt[bridge.West][bridge.ClubsStrain] != 3 {
		t.Errorf("read %v", tt)
	}
	if got := tt.String(); got != v {
		t.Errorf("String() = %q, want %q", got, v)
	}
	if up, _ := ParseTrickTable(strings.ToUpper(v)); up != tt {
		t.Error("upper case digits read differently")
	}
	for _, c := range []struct{ in, want string }{
		{"", "want 20 hex digits"},
		{v + " ", "want 20 hex digits"},   // trailing junk
		{v[:19] + "e", "digit 20 is 'e'"}, // 14 tricks
		{"+7bbab7bba2622326223", "digit 1 is '+'"},
		{"b7bbab7bba26223262 3", "digit 19 is ' '"},
	} {
		if _, err := ParseTrickTable(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

const checkDeal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

// A DoubleDummyTricks tag that the deal cannot give is reported with its
// line by Check; the real exports' tags all pass (issue 13 item 8).
func TestCheckDoubleDummyTricks(t *testing.T) {
	game := func(ddt string) string {
		return "[Board \"1\"]\n[Deal \"" + checkDeal + "\"]\n[DoubleDummyTricks \"" + ddt + "\"]\n"
	}
	for _, c := range []struct {
		name, ddt, want string
	}{
		// North holds every ace, king and queen: North-South take all 13
		// tricks in every strain, East-West none. A table of 13 for
		// every seat is impossible: East declaring spades loses a trick
		// to each of North's top four trumps.
		{"all d", strings.Repeat("d", 20), "East declaring ♠ cannot take 13 tricks: North holds the top 4 trumps (at least 4 for NS)"},
		{"true table", "dddddddddd0000000000" /* N S 13; E W 0 */, ""},
		// East declaring spades with 10: North holds the top 4 trumps
		// (9 would be no proof).
		{"trumps", "dddddddddd" + "0a000" + "00000", "East declaring ♠ cannot take 10 tricks: North holds the top 4 trumps"},
		{"trumps, 9", "dddddddddd" + "09000" + "00000", ""},
		// West declaring no trump with 10: North, on lead, cashes four
		// spades.
		{"lead", "dddddddddd" + "00000" + "a0000", "West declaring no trump cannot take 10 tricks: North leads and cashes 4 top ♠"},
		// 6 or fewer is how exports write "makes nothing": not checked.
		{"placeholder", "dddddddddd1111166666", ""},
		{"bad digit", "ddddddddddddddd0000z", "digit 20 is 'z'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := mustParse(t, game(c.ddt))
			f.Name = "x.pbn"
			errs := f.Check()
			if c.want == "" {
				if len(errs) > 0 {
					t.Fatalf("unexpected: %v", errs)
				}
				return
			}
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want) || !strings.HasPrefix(errs[0].Error(), "x.pbn:3: ") ||
				!errors.Is(errs[0], ErrValue) {
				t.Fatalf("got %v, want x.pbn:3: …%s", errs, c.want)
			}
		})
	}
}

// TestTrickTableCheckDealRules checks each certainty on its own.
func TestTrickTableCheckDealRules(t *testing.T) {
	d, err := bridge.ParseDeal(checkDeal)
	if err != nil {
		t.Fatal(err)
	}
	var tt TrickTable
	for s := range tt {
		for st := range tt[s] {
			if bridge.Seat(s).Side() == bridge.NS {
				tt[s][st] = 13
			}
		}
	}
	if err := tt.CheckDeal(d); err != nil {
		t.Fatalf("the true table: %v", err)
	}
	// South declaring no trump with 7 (the truth is 13) is no proof of
	// anything: West leads and holds no top card, and no trump contract
	// has sure tricks for the declaring side.
	tt[bridge.South][bridge.NoTrump] = 7
	if err := tt.CheckDeal(d); err != nil {
		t.Errorf("7 for South in no trump: %v", err)
	}
	// East declaring hearts with 11 is refused: North's top 3 trumps.
	tt[bridge.East][bridge.HeartsStrain] = 11
	if err := tt.CheckDeal(d); err == nil || !strings.Contains(err.Error(), "North holds the top 3 trumps") {
		t.Errorf("11 for East in hearts: %v", err)
	}
	tt[bridge.East][bridge.HeartsStrain] = 14
	if err := tt.CheckDeal(d); err == nil || !strings.Contains(err.Error(), "want 0-13") {
		t.Errorf("14 tricks: %v", err)
	}
}

// Every value that is read as a number, a seat, a card or a call is whole
// or refused with its file and line: nothing is read from a prefix
// (issue 13: trailing junk).
func TestCheckRefusesTrailingJunk(t *testing.T) {
	const base = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"" + checkDeal + "\"]\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"7\"]\n"
	for _, c := range []struct{ old, new, want string }{
		{`[Board "1"]`, `[Board "1x"]`, `:1: Board "1x"`},
		{`[Dealer "N"]`, `[Dealer "N1"]`, `:2: Dealer`},
		{`[Vulnerable "None"]`, `[Vulnerable "NS-"]`, `:3: Vulnerable`},
		{checkDeal, checkDeal + "x", `:4: Deal`},
		{`[Declarer "N"]`, `[Declarer "Nx"]`, `:5: Declarer`},
		{`[Contract "1NT"]`, `[Contract "1NTq"]`, `:6: Contract`},
		{`[Result "7"]`, `[Result "7O"]`, `:7: Result "7O"`},
		{`[Result "7"]`, "[Result \"7\"]\n[Note \"1x:an explanation\"]", `:8: Note "1x:an explanation"`},
		{`[Result "7"]`, "[Result \"7\"]\n[Auction \"N\"]\n1NTx AP", `:9: Auction: "1NTx"`},
		{`[Result "7"]`, "[Result \"7\"]\n[Play \"E\"]\nSTx - - -", `:9: Play: "STx"`},
		{`[Result "7"]`, "[Result \"7\"]\n[DoubleDummyTricks \"dddddddddd0000000000x\"]", `:8: DoubleDummyTricks "dddddddddd0000000000x"`},
	} {
		f := mustParse(t, strings.Replace(base, c.old, c.new, 1))
		f.Name = "j.pbn"
		errs := f.Check()
		if len(errs) == 0 || !strings.HasPrefix(errs[0].Error(), "j.pbn"+c.want) {
			t.Errorf("%s: got %v, want j.pbn%s…", c.new, errs, c.want)
		}
	}
	if errs := mustParse(t, base).Check(); len(errs) != 0 {
		t.Errorf("the whole game: %v", errs)
	}
}
