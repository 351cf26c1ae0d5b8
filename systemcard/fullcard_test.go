package systemcard

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// NSWBA 5.1 asks for an accurate and reasonably comprehensive card: the
// format holds what the ABF and WBF card forms hold (opener's rebids,
// competitive auctions, doubles and redoubles, slam methods, carding,
// psychics, alerts and notes), and the card written with all of it still
// classifies (Part B 2.1: natural, Green).
func TestFullCard(t *testing.T) {
	c := load(t, "standard_full.json")
	if len(c.Rebids) != 3 || len(c.Competitive) != 5 || len(c.Doubles) != 5 || len(c.Redoubles) != 1 ||
		len(c.Slam) != 3 || len(c.Alerts) != 2 || len(c.Notes) != 2 {
		t.Fatalf("sections: %d rebids, %d competitive, %d doubles, %d redoubles, %d slam, %d alerts, %d notes",
			len(c.Rebids), len(c.Competitive), len(c.Doubles), len(c.Redoubles), len(c.Slam), len(c.Alerts), len(c.Notes))
	}
	if got := c.Competitive[2].String(); got != "1♣ (Pass) 1♥ (1♠) X" {
		t.Errorf("support double written %q", got)
	}
	if got := c.Competitive[0].String(); got != "1♥ (X) 2NT" {
		t.Errorf("Jordan 2NT written %q", got)
	}
	if c.Doubles[0].Name != "negative" || c.Doubles[0].Through != bridge.Bid(3, bridge.SpadesStrain) {
		t.Errorf("negative doubles %+v", c.Doubles[0])
	}
	if cd := c.Carding; cd == nil || cd.Attitude != "standard" || cd.Count != "standard" || cd.Discards != "attitude" || cd.LeadsNT == "" {
		t.Errorf("carding %+v", c.Carding)
	}
	if p := c.Psychics; p == nil || p.Frequency != "rare" || p.Controls {
		t.Errorf("psychics %+v", c.Psychics)
	}
	if a := c.Alerts[0]; a.Call != bridge.Bid(2, bridge.DiamondsStrain) || len(a.Auction) != 2 || !strings.Contains(a.Explanation, "transfer") {
		t.Errorf("alert %+v", a)
	}
	r := Classify(c)
	if r.Colour != Green || r.BrownSticker {
		t.Errorf("full card: %s brown=%v, want Green; %v", r.Colour, r.BrownSticker, r.Findings)
	}
}

// A change of meaning by seat or vulnerability is data: the card gives what
// the opening shows there, and what changes is worked out from it. Part B
// 2.3(b): a basic structure that varies with position or vulnerability
// makes a system Red, unless only the length of a natural suit bid or the
// point range of an opening varies; NSWBA 5.7: a change of point range by
// vulnerability or position is not a change of system. And the opening as
// played in those seats is classified too: a one-level opening on 7 HCP or
// less is a HUM (Part B 2.4(b)) in third seat as in any other.
func TestVariationsAreData(t *testing.T) {
	full := load(t, "standard_full.json")
	for bid, want := range map[string]Change{"1H": ChangeHCP, "1S": ChangeLength, "1NT": ChangeHCP} {
		vs := full.Openings[call(t, bid)].Varies
		if len(vs) != 1 || vs[0].Change != want || vs[0].Opening == nil {
			t.Errorf("%s: variations %+v, want one that changes %s", bid, vs, want)
		}
	}
	if got := full.Openings[call(t, "1S")].Varies[0].String(); got != "in 3rd seat" {
		t.Errorf("1♠ variation %q", got)
	}
	tests := []struct {
		file   string
		colour Colour
		clause string
		bid    string
		text   string
	}{
		{"standard_full.json", Green, "", "", ""},                                    // range and length only: 2.3(b) outside
		{"seat_multi.json", Red, "Part B 2.3(b)", "2♦", "changes with seat"},         // natural weak 2♦ becomes a multi in 1st and 2nd seat
		{"seat_multi.json", Red, "Part B 2.5(a)(ii)", "2♦", "(in 1st and 2nd seat)"}, // the multi is exempt from Brown Sticker there
		{"third_seat_light.json", Yellow, "Part B 2.4(b)", "1♥", "(in 3rd seat)"},    // labelled hcp, but 5 HCP: a HUM
		{"acol.json", Green, "", "", ""},                                             // weak/strong no trump by vulnerability
	}
	for _, tt := range tests {
		r := Classify(load(t, tt.file))
		if r.Colour != tt.colour {
			t.Errorf("%s: %s, want %s; %v", tt.file, r.Colour, tt.colour, r.Findings)
		}
		if tt.clause == "" {
			continue
		}
		found := false
		for _, f := range r.Findings {
			found = found || (f.Clause == tt.clause && f.Bid == tt.bid && strings.Contains(f.Text, tt.text))
		}
		if !found {
			t.Errorf("%s: no %s finding on %s with %q: %v", tt.file, tt.clause, tt.bid, tt.text, r.Findings)
		}
	}
}

// Part B 2.5(c): a weak two-suited bid at the two or three level that may
// hold three cards or fewer in one suit is Brown Sticker whether it is an
// overcall, an opening or a response, so also in a contested auction.
func TestCompetitiveTwoSuitedBrown(t *testing.T) {
	card := doc(`  "competitive": [
    {"auction": ["1C", "1H"], "bid": "2NT", "artificial": true, "hcp": [4, 9], "two_suited": {"min": [5, 3]}}
  ],
`, baseOpenings)
	c, err := DecodeBytes([]byte(card), "card.json")
	if err != nil {
		t.Fatal(err)
	}
	r := Classify(c)
	if !r.BrownSticker || !has(r, BrownSticker, "Part B 2.5(c)", "1♣ (1♥) 2NT") {
		t.Errorf("weak two-suited 2NT in competition: brown=%v %v", r.BrownSticker, r.Findings)
	}
}

// The new sections are read as strictly as the rest: a field that cannot
// be right is refused with its file, line and path.
func TestFullCardErrors(t *testing.T) {
	tests := []struct {
		name, top, openings, path, msg string
	}{
		{"insufficient bid in an auction", `  "competitive": [{"auction": ["1H", "1D"], "bid": "X", "hcp": [8, 12]}],` + "\n", baseOpenings,
			"competitive[0].auction[1]", "1♦ cannot come here"},
		{"double of partner's bid", `  "competitive": [{"auction": ["1H", "P"], "bid": "X", "hcp": [8, 12]}],` + "\n", baseOpenings,
			"competitive[0].bid", "X cannot follow 1♥ Pass"},
		{"uncontested auction under competitive", `  "competitive": [{"auction": ["1H", "P"], "bid": "2H", "hcp": [6, 9]}],` + "\n", baseOpenings,
			"competitive[0].auction", "the opponents have only passed"},
		{"responder's bid under rebids", `  "rebids": [{"auction": ["1H", "P"], "bid": "2H", "hcp": [6, 9]}],` + "\n", baseOpenings,
			"rebids[0].auction", "not the opener's rebid"},
		{"contested rebid", `  "rebids": [{"auction": ["1H", "1S", "2C", "P"], "bid": "2H", "hcp": [11, 14]}],` + "\n", baseOpenings,
			"rebids[0].auction", "list it under competitive"},
		{"sequence without an auction", `  "rebids": [{"bid": "2H", "hcp": [11, 14]}],` + "\n", baseOpenings,
			"rebids[0].auction", "missing"},
		{"auction already over", `  "alerts": [{"auction": ["1H", "P", "P", "P"], "bid": "2C", "explanation": "x"}],` + "\n", baseOpenings,
			"alerts[0].auction", "over before the call"},
		{"alert without explanation", `  "alerts": [{"bid": "2C"}],` + "\n", baseOpenings,
			"alerts[0].explanation", "missing"},
		{"psychic controls but never psychs", `  "psychics": {"frequency": "never", "controls": true},` + "\n", baseOpenings,
			"psychics.controls", "never makes"},
		{"psychic frequency", `  "psychics": {"frequency": "often"},` + "\n", baseOpenings,
			"psychics.frequency", "want one of never, rare, occasional, frequent"},
		{"attitude signal", `  "carding": {"attitude": "high"},` + "\n", baseOpenings,
			"carding.attitude", "want standard"},
		{"empty lead agreement", `  "carding": {"leads_nt": " "},` + "\n", baseOpenings,
			"carding.leads_nt", "empty"},
		{"double through a pass", `  "doubles": [{"name": "negative", "through": "P"}],` + "\n", baseOpenings,
			"doubles[0].through", "want a bid"},
		{"agreement without a name", `  "slam": [{"note": "RKCB"}],` + "\n", baseOpenings,
			"slam[0].name", "missing"},
		{"variation in no seat", "", strings.Replace(baseOpenings, `"1H": {"hcp": [12, 21], "length": {"H": 5}}`,
			`"1H": {"hcp": [12, 21], "length": {"H": 5}, "varies": [{"by": "seat", "when": [], "hcp": [9, 21]}]}`, 1),
			`openings["1H"].varies[0].when`, "empty"},
		{"variation in a fifth seat", "", strings.Replace(baseOpenings, `"1H": {"hcp": [12, 21], "length": {"H": 5}}`,
			`"1H": {"hcp": [12, 21], "length": {"H": 5}, "varies": [{"by": "seat", "when": ["5th"], "hcp": [9, 21]}]}`, 1),
			`openings["1H"].varies[0].when[0]`, "want one of 1st, 2nd, 3rd, 4th"},
		{"variation with the same meaning", "", strings.Replace(baseOpenings, `"1H": {"hcp": [12, 21], "length": {"H": 5}}`,
			`"1H": {"hcp": [12, 21], "length": {"H": 5}, "varies": [{"by": "seat", "when": ["3rd"], "hcp": [12, 21]}]}`, 1),
			`openings["1H"].varies[0]`, "nothing varies"},
		{"variation without a meaning", "", strings.Replace(baseOpenings, `"1H": {"hcp": [12, 21], "length": {"H": 5}}`,
			`"1H": {"hcp": [12, 21], "length": {"H": 5}, "varies": [{"by": "seat", "when": ["3rd"], "change": "hcp"}]}`, 1),
			`openings["1H"].varies[0]`, "no meaning"},
		// The label is checked against the data: a label of hcp on a
		// change of meaning is refused (Part B 2.3(b)).
		{"label hcp on a change of structure", "", strings.Replace(baseOpenings, `"1H": {"hcp": [12, 21], "length": {"H": 5}}`,
			`"1H": {"hcp": [12, 21], "length": {"H": 5}, "varies": [{"by": "vulnerability", "when": ["favourable"], "change": "hcp", "artificial": true, "hcp": [8, 12], "length": {"H": 0, "S": 5}}]}`, 1),
			`openings["1H"].varies[0].change`, "says hcp, but the meanings given differ in structure"},
		{"label length on a change of range", "", strings.Replace(baseOpenings, `"1H": {"hcp": [12, 21], "length": {"H": 5}}`,
			`"1H": {"hcp": [12, 21], "length": {"H": 5}, "varies": [{"by": "seat", "when": ["3rd"], "change": "length", "hcp": [9, 21]}]}`, 1),
			`openings["1H"].varies[0].change`, "says length, but the meanings given differ in hcp"},
	}
	for _, tt := range tests {
		_, err := DecodeBytes([]byte(doc(tt.top, tt.openings)), "card.json")
		var e *Error
		if !errors.As(err, &e) || e.Path != tt.path || !strings.Contains(err.Error(), tt.msg) || e.Line < 2 {
			t.Errorf("%s: %v, want %s: …%s…", tt.name, err, tt.path, tt.msg)
		}
	}
}
