package laws

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// Issue 17, part 3: the play clauses the first pass left out, and the
// play result's JSON.

// TestPlayResultJSON: the play result carries the Law 90 procedural
// penalties, the Law 87 fouled board and the tricks to be scored after a
// Law 79C1 correction, and they read back from the JSON.
func TestPlayResultJSON(t *testing.T) {
	const fouled = "N:AKQ2.AKQ.AK2.732 JT9.JT9.JT9.JT98 876.876.876.AKQ4 543.5432.Q543.65"
	for _, c := range []struct {
		name, body string
		check      func(t *testing.T, r *PlayResult)
	}{
		// Law 90A, 90B2: a procedural penalty recorded with its amount.
		{"90B2", trick1 + "N penalty slow 10%\n", func(t *testing.T, r *PlayResult) {
			if len(r.ProceduralPenalties) != 1 {
				t.Fatalf("penalties %+v: want one", r.ProceduralPenalties)
			}
			pp := r.ProceduralPenalties[0]
			if pp.Seat != bridge.North || pp.Law != "90B2" || pp.Offence != "slow" || pp.Penalty.TopPercent != 10 {
				t.Errorf("penalty %+v: want N 90B2 slow 10%% of a top", pp)
			}
		}},
		// Law 87A, 87B: the fouled board with the cards displaced.
		{"87B", trick1 + "fouled " + fouled + "\n", func(t *testing.T, r *PlayResult) {
			if r.FouledBoard == nil || len(r.FouledBoard.Displaced) != 2 || r.FouledBoard.Board.String() == r.FouledBoard.Played.String() {
				t.Errorf("fouled %+v: want the board and the deal played, two cards displaced", r.FouledBoard)
			}
		}},
		// Law 79C1: a wrong record corrected: the scored tricks are the play's.
		{"79C1", trick1 + agreedRest + "N records 12\n", func(t *testing.T, r *PlayResult) {
			if r.ScoredTricks != 13 || r.DeclarerTricks != 13 {
				t.Errorf("scored %d declarer %d: want 13 and 13", r.ScoredTricks, r.DeclarerTricks)
			}
		}},
		// Law 79A: no record, no penalty, no fouled board: the fields are absent.
		{"79A", trick1 + agreedRest, func(t *testing.T, r *PlayResult) {
			if r.ScoredTricks != 13 || r.ProceduralPenalties != nil || r.FouledBoard != nil {
				t.Errorf("result %+v: want 13 tricks scored and nothing else", r)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, err := runPlay(t, Edition2017, c.body)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(tb.Play().Result())
			if err != nil {
				t.Fatal(err)
			}
			var back PlayResult
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("reads back: %v\n%s", err, b)
			}
			c.check(t, &back)
			for _, key := range []string{`"procedural_penalties"`, `"fouled_board"`} {
				if want := strings.Contains(fmt.Sprint(c.name), map[string]string{`"procedural_penalties"`: "90", `"fouled_board"`: "87"}[key]); strings.Contains(string(b), key) != want {
					t.Errorf("JSON has %s: %v, want %v", key, !want, want)
				}
			}
		})
	}
}

// penaltyOf renders the penalty cards on the table, e.g. "W ♦Q major".
func penaltyOf(p *Play) string {
	var s []string
	for _, pc := range p.PenaltyCards() {
		s = append(s, fmt.Sprintf("%s %s %s", pc.Seat, pc.Card, map[bool]string{true: "major", false: "minor"}[pc.Major]))
	}
	return strings.Join(s, ", ")
}

// TestPlayLawsPart3 rules, from the table log, the clauses of Laws 14,
// 58, 60 and 67 the earlier passes left out, in both codes (the texts are
// the same there). Deal of playHeader; trick1 leaves dummy S on lead.
func TestPlayLawsPart3(t *testing.T) {
	// trick 2 in clubs: W discards ♦3 while the engine (the deal) still
	// gives him ♣6, a revoke; the other three follow.
	const clubs2 = "S plays CK\nW plays D3\nN plays C3\nE plays C8\n"
	// trick 2 in spades, won by N: N is on lead at trick 3.
	const spades2 = "S plays S6\nW plays S3\nN plays SA\nE plays S9\n"
	cases := []struct {
		name, body string
		laws       string // the rulings' clauses in order
		penalty    string // the penalty cards on the table afterwards
		says       string // words the last ruling's outcome or notes must hold
		check      func(t *testing.T, p *Play)
	}{
		// Law 14B2: a missing card found elsewhere goes back to the hand; no revoke.
		{"14B2", trick1 + "W found H2\n", "14B2", "", "no revoke", nil},
		// Law 14B4 with 49: a defender's card found face up is a penalty card.
		{"14B4 defender", trick1 + "W found H2 exposed\n", "14B2", "W ♥2 minor", "penalty card (14B4", nil},
		// Law 14B4 with 48A: declarer's card found face up is not.
		{"14B4 declarer", trick1 + "N found S2 exposed\n", "14B2", "", "never a penalty card (48A)", nil},
		// Law 14B3, 14B4: a card never found is replaced; failing to play it was a revoke.
		{"14B3", trick1 + clubs2 + "W replaced C6\n", "61A1 14B3", "", "revoke ([trick 2])", nil},
		// Law 67A2 with 58B2: an extra card found before both sides played to the next trick: seen, a penalty card.
		{"67A2 seen", trick1 + "W extra C6 1 exposed\n", "67A2", "W ♣6 minor", "58B2", nil},
		// Law 67A2 with 58B1: not seen, it goes back.
		{"67A2 unseen", trick1 + "W extra C6 1\n", "67A2", "", "58B1", nil},
		// Law 67A2 with 45E2, 48A: declarer's goes back.
		{"67A2 declarer", trick1 + "N extra C3 1 exposed\n", "67A2", "", "48A", nil},
		// Law 67B2, 58B4, 14B1: found after both sides played to trick 2: restored, the trick unchanged, no revoke.
		{"67B2", trick1 + spades2 + "W extra C6 1\n", "67B2", "", "no revoke", func(t *testing.T, p *Play) {
			if p.Won(bridge.NS) != 2 || p.Tricks()[0].Cards[2] != card(t, "C5") {
				t.Errorf("won %d, trick 1 %v: want N-S 2 tricks and W's ♣5 left on trick 1", p.Won(bridge.NS), p.Tricks()[0])
			}
		}},
		// Law 67B2: the restored card was held throughout: his discard on trick 2 is a revoke.
		{"67B2 revoke", trick1 + clubs2 + "W extra C6 1\n", "61A1 67B2", "", "revoke ([trick 2])", nil},
		// Law 67B2: an exposed extra card of a defender's is a penalty card.
		{"67B2 exposed", trick1 + spades2 + "W extra C6 1 exposed\n", "67B2", "W ♣6 minor", "penalty card (67B2", nil},
		// Law 58B3: W played ♠3 with ♥2 seen (58B2); N, who played after him, changes his ♠A for ♠2; E's ♠9 then wins.
		{"58B3", trick1 + "S plays S6\nW plays S3 also H2\nN plays SA\nN changes-card S2\nE plays S9\n", "58B2 58B3", "W ♥2 minor", "without rectification (58B3)", func(t *testing.T, p *Play) {
			tr := p.Tricks()[1]
			if tr.Cards[2] != card(t, "S2") || !p.Hand(bridge.North).Has(card(t, "SA")) || p.Won(bridge.EW) != 1 || p.Turn() != bridge.East {
				t.Errorf("trick 2 %v, won E-W %d, turn %s: want N's ♠2 played, ♠A back, E winning with ♠9 and on lead", tr, p.Won(bridge.EW), p.Turn())
			}
			r := lastRuling(p)
			if len(r.Rect.Information) != 1 || r.Rect.Information[0].Authorised != bridge.NS || r.Rect.Information[0].Law != "16C" {
				t.Errorf("information %+v: want N's ♠A authorised for N-S only (16C)", r.Rect.Information)
			}
		}},
		// Law 58B3 on a complete trick: the winner and the next leader change.
		{"58B3 complete", trick1 + "S plays S6\nW plays S3 also H2\nN plays S2\nE plays S9\nN changes-card SA\n", "58B2 58B3", "W ♥2 minor", "58B3", func(t *testing.T, p *Play) {
			if p.Won(bridge.NS) != 2 || p.Turn() != bridge.North {
				t.Errorf("won N-S %d, turn %s: want N's ♠A to win trick 2 and N on lead", p.Won(bridge.NS), p.Turn())
			}
		}},
		// Law 60A1, 60A2, 60A3: E leads out of turn at N's lead; dummy's play accepts it and W's penalty card stays.
		{"60A3", trick1 + "W exposes DQ\n" + spades2 + "E plays H9\nS plays H6\n", "50B 53A", "W ♦Q major", "60A3", func(t *testing.T, p *Play) {
			r := lastRuling(p)
			if !strings.Contains(strings.Join(r.Notes, " "), "60A1") || r.Chosen != "accept" {
				t.Errorf("notes %q chosen %q: want the lead accepted by the play, 60A1", r.Notes, r.Chosen)
			}
		}},
		// Law 60A1 without earlier obligations: no 60A3 note.
		{"60A1", trick1 + spades2 + "E plays H9\nS plays H6\n", "53A", "", "60A1", func(t *testing.T, p *Play) {
			if strings.Contains(strings.Join(lastRuling(p).Notes, " "), "60A3") {
				t.Errorf("notes %q: no obligation remains, want no 60A3", lastRuling(p).Notes)
			}
		}},
	}
	for _, c := range cases {
		for _, ed := range []Edition{Edition1997, Edition2017} {
			t.Run(fmt.Sprintf("%s/%s", c.name, ed), func(t *testing.T) {
				tb, err := runPlay(t, ed, c.body)
				if err != nil {
					t.Fatal(err)
				}
				p := tb.Play()
				if got := strings.Join(playLaws(p), " "); got != c.laws {
					t.Errorf("laws %q, want %q", got, c.laws)
				}
				if got := penaltyOf(p); got != c.penalty {
					t.Errorf("penalty cards %q, want %q", got, c.penalty)
				}
				r := lastRuling(p)
				if text := r.Outcome + " " + strings.Join(r.Notes, " "); !strings.Contains(text, c.says) {
					t.Errorf("ruling %s says %q, want it to say %q", r.Law, text, c.says)
				}
				if c.check != nil {
					c.check(t, p)
				}
			})
		}
	}
}

// TestPlayLawsPart3Refused: events the laws do not allow are errors that
// say why and name their line.
func TestPlayLawsPart3Refused(t *testing.T) {
	runRefusals(t, []refusal{
		// Law 58B3: only an opponent of the player of simultaneous cards may change his card.
		{"58B3 partner", trick1 + "S plays S6\nW plays S3 also H2\nN plays SA\nE plays S9\nE changes-card SJ\n", ErrBadEvent},
		// Law 58B3: no simultaneous play at all.
		{"58B3 none", trick1 + "S plays S6\nW plays S3\nN plays SA\nN changes-card S2\n", ErrBadEvent},
		// Law 58B4: the next trick has begun: Law 67, not 58B3.
		{"58B4 late", trick1 + "S plays S6\nW plays S3 also H2\nN plays SA\nE plays S9\nN plays D2\nN changes-card S2\n", ErrBadEvent},
		// Law 67: the extra card must be one he still holds, on a trick he played to.
		{"67 not held", trick1 + "W extra C5 1\n", ErrNotHeldPlay},
		{"67 no trick", trick1 + "W extra C6 5\n", ErrBadEvent},
		// Law 14B: a card the deal gives to another hand.
		{"14B3 not his", trick1 + "W replaced SA\n", ErrNotHeldPlay},
	})
}

// TestPlayLinesPart3: the new play lines print back as written
// (FORMAT.md), and malformed ones are refused with their line.
func TestPlayLinesPart3(t *testing.T) {
	for _, line := range []string{"W found H2 exposed", "W found H2", "W replaced C6", "W extra C6 1", "W extra C6 1 exposed", "N changes-card S2", "W surplus HJ", "W surplus HJ played"} {
		lg, err := ParseLog(strings.NewReader(playHeader + line + "\n"))
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		ev := lg.Events[len(lg.Events)-1]
		if got := ev.String(); got != line {
			t.Errorf("%q prints as %q", line, got)
		}
	}
	for _, line := range []string{"W found H2 seen", "W extra C6", "W extra C6 14", "W extra C6 1 hidden", "N changes-card", "W replaced C6 C7", "W surplus HJ exposed"} {
		_, err := ParseLog(strings.NewReader(playHeader + line + "\n"))
		var le *LineError
		if !errors.Is(err, ErrSyntax) || !errors.As(err, &le) || le.Line != 7 {
			t.Errorf("%q: error %v, want a syntax error naming line 7", line, err)
		}
	}
}

// TestLaw13Auction: an incorrect number of cards found during the
// auction. 2017 13A: no call yet made on the hand: 13A1 when no one saw
// another's card, 13A2 (damage check) when someone did; once a call has
// been made, 2017 13B1/13B2, 1997 13A/13B.
func TestLaw13Auction(t *testing.T) {
	for _, c := range []struct {
		name, log string
		ed        Edition
		law       string
		damage    string
		adjusted  bool
	}{
		// 2017 13A1: W has not called; nobody saw a card.
		{"13A1", "N 1C; E P; W wrong-count unseen", y17, "13A1", "", false},
		// 2017 13A2: W has not called; a card was seen: played and scored, damage check.
		{"13A2", "N 1C; E P; W wrong-count seen", y17, "13A2", "13A2", false},
		// 2017 13B1: N has called; the deal can be corrected.
		{"13B1", "N 1C; E P; N wrong-count correctable", y17, "13B1", "13B1", false},
		// 2017 13B2: N has called; it cannot: adjusted score.
		{"13B2", "N 1C; E P; N wrong-count not-correctable", y17, "13B2", "", true},
		// 1997 Law 13 as the seed (003) gives it, the 1997 text not being
		// available. After a call: correctable, played when all four
		// concur (13A); otherwise, or not correctable, an artificial
		// adjusted score (13B).
		{"13A 1997", "N 1C; E P; N wrong-count correctable", y97, "13A", "", false},
		{"13B 1997 not concurred", "N 1C; E P; N wrong-count correctable not-concurred", y97, "13B", "", true},
		{"13B 1997", "N 1C; E P; E wrong-count not-correctable", y97, "13B", "", true},
		// 1997 Law 13 before any call (seed 003, no letter): corrected and
		// played when no card was seen, or seen but not interfering (all
		// four agreeing); an artificial adjusted score when it would.
		{"13 1997 unseen", "N 1C; E P; W wrong-count unseen", y97, "13", "", false},
		{"13 1997 seen playable", "N 1C; E P; W wrong-count seen playable", y97, "13", "", false},
		{"13 1997 seen not playable", "N 1C; E P; W wrong-count seen not-playable", y97, "13", "", true},
	} {
		tb, err := playLog(t, c.ed, c.log)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := findRuling(tb, c.law)
		if r == nil {
			t.Fatalf("%s: no ruling under %s in %v", c.name, c.law, tb.Rulings())
		}
		if got := strings.Join(r.Rect.DamageCheck, ","); got != c.damage {
			t.Errorf("%s: damage check %q, want %q", c.name, got, c.damage)
		}
		if (r.Rect.AdjustedScore != "") != c.adjusted {
			t.Errorf("%s: adjusted score %q, want one: %v", c.name, r.Rect.AdjustedScore, c.adjusted)
		}
		if r.Line != 4 {
			t.Errorf("%s: line %d, want 4", c.name, r.Line)
		}
	}
	// 2017 13A: before any call the finding is seen or unseen, not correctable.
	if _, err := playLog(t, y17, "N 1C; W wrong-count correctable"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("13A with correctable: error %v, want ErrBadEvent", err)
	}
	// 2017 13B: after a call, seen/unseen is not the finding.
	if _, err := playLog(t, y17, "N 1C; N wrong-count seen"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("13B with seen: error %v, want ErrBadEvent", err)
	}
	// 2017 13A2 has no "not-playable" branch; 1997 before a call needs it said.
	for _, c := range []struct {
		ed  Edition
		log string
	}{{y17, "N 1C; W wrong-count seen not-playable"}, {y97, "N 1C; W wrong-count seen"}, {y97, "N 1C; W wrong-count correctable"}, {y97, "N 1C; N wrong-count unseen"}} {
		if _, err := playLog(t, c.ed, c.log); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%v %q: error %v, want ErrBadEvent", c.ed, c.log, err)
		}
	}
}

// TestLaw13CSurplus: 2017 13C: a card foreign to the deal is removed and
// the auction or play goes on without rectification; only one played to
// a quitted trick opens a damage check. The 1997 code has no such clause.
func TestLaw13CSurplus(t *testing.T) {
	for _, c := range []struct {
		name, body string
		damage     string
	}{
		// 13C: found in the play, never played: no adjusted score.
		{"13C play", trick1 + "W surplus HJ\n", ""},
		// 13C: it had been played to a quitted trick: damage check.
		{"13C played", trick1 + "W surplus HJ played\n", "13C"},
	} {
		tb, err := runPlay(t, Edition2017, c.body)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := lastRuling(tb.Play())
		if r.Law != "13C" || strings.Join(r.Rect.DamageCheck, ",") != c.damage {
			t.Errorf("%s: law %s damage %v, want 13C %q", c.name, r.Law, r.Rect.DamageCheck, c.damage)
		}
		if tb.Play().Hand(bridge.West).Has(card(t, "HJ")) || !tb.Play().Hand(bridge.East).Has(card(t, "HJ")) {
			t.Errorf("%s: the deal's ♥J must stay E's", c.name)
		}
	}
	// 13C during the auction: a table ruling.
	tb, err := playLog(t, y17, "N 1C; E P; S surplus SA")
	if err != nil {
		t.Fatal(err)
	}
	if r := findRuling(tb, "13C"); r == nil || r.Line != 4 || len(r.Rect.DamageCheck) != 0 {
		t.Errorf("13C in the auction: ruling %+v, want 13C on line 4 with no damage check", r)
	}
	// 1997: no surplus-card clause: without the Director's Law 13 finding, refused.
	if _, err := runPlay(t, Edition1997, trick1+"W surplus HJ\n"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("1997 surplus: error %v, want ErrBadEvent", err)
	}
	// 1997 Law 13 (seed 003): the hand held an incorrect number of cards;
	// after calls, correctable is played on (13A), not-correctable is an
	// artificial adjusted score (13B); in the auction before the holder
	// called, the before-a-call findings.
	for _, c := range []struct {
		name, body string
		law        string
		adjusted   bool
	}{
		{"13A 1997 surplus", trick1 + "W surplus HJ correctable\n", "13A", false},
		{"13B 1997 surplus played", trick1 + "W surplus HJ played not-correctable\n", "13B", true},
	} {
		tb, err := runPlay(t, Edition1997, c.body)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := lastRuling(tb.Play())
		if r.Law != c.law || (r.Rect.AdjustedScore != "") != c.adjusted || len(r.Notes) == 0 {
			t.Errorf("%s: ruling %s adjusted %q notes %v, want %s, adjusted %v, a note on Law 13", c.name, r.Law, r.Rect.AdjustedScore, r.Notes, c.law, c.adjusted)
		}
	}
	// 1997, in the auction before W has called: the before-a-call findings.
	tb, err = playLog(t, y97, "N 1C; E P; W surplus SA unseen")
	if err != nil {
		t.Fatal(err)
	}
	if r := findRuling(tb, "13"); r == nil || r.Line != 4 || r.Rect.AdjustedScore != "" {
		t.Errorf("1997 surplus before a call: ruling %+v, want 13 on line 4, played on", r)
	}
	if _, err := playLog(t, y97, "N 1C; E P; W surplus SA correctable"); !errors.Is(err, ErrBadEvent) {
		t.Errorf("1997 surplus before W called, with a finding after a call: error %v, want ErrBadEvent", err)
	}
}
