package usebio

import (
	"bytes"
	"context"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/publish"
)

// diffTexts writes differences as Check's callers print them.
func diffTexts(diffs []Difference) []string {
	var out []string
	for _, d := range diffs {
		out = append(out, d.String())
	}
	return out
}

func readFile(t *testing.T, name string) *File {
	t.Helper()
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := Decode(fh, name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestDecodeForms: Latin-1 text, a DOCTYPE (not fetched), sessions and
// sections, pair numbers with a direction, leads rank first.
func TestDecodeForms(t *testing.T) {
	f := readFile(t, "testdata/handwritten-latin1.xml")
	if f.Version != "1.2" || f.Club == nil || f.Club.Name != "Zürich Bridge Club" {
		t.Fatalf("version %q, club %+v", f.Version, f.Club)
	}
	sec := f.Events[0].Sessions[0].Sections[0]
	p := sec.Participants.Pairs[0]
	if p.Players[0].Name != "Jürgen Müller" || p.Players[1].Name != "Zoë Brontë" || p.Place != "1=" {
		t.Errorf("pair 1NS: %+v", p)
	}
	if n, dir, err := PairID(p.Number); n != 1 || dir != "NS" || err != nil {
		t.Errorf("PairID(%q) = %d %q %v", p.Number, n, dir, err)
	}
	for _, tc := range []struct {
		in   string
		want string
	}{{"AC", "♣A"}, {"CA", "♣A"}, {"10H", "♥T"}, {"HT", "♥T"}, {"s10", "♠T"}} {
		c, err := ParseLead(tc.in)
		if err != nil || c.String() != tc.want {
			t.Errorf("ParseLead(%q) = %v %v, want %s", tc.in, c, err, tc.want)
		}
	}
	if _, err := ParseLead("X9"); err == nil {
		t.Errorf("ParseLead(X9) accepted")
	}
	if ns, ew, ok := ParseArtificial("A6040"); !ok || ns != 60 || ew != 40 {
		t.Errorf("A6040: %v %v %v", ns, ew, ok)
	}
	if _, _, ok := ParseArtificial("420"); ok {
		t.Errorf("420 read as artificial")
	}
}

// TestCheck re-scores the hand-written file: the wrong score (Law 77: 3NT
// making nine tricks not vulnerable is 400) and the match points it threw
// out (Law 78A) are listed with board and row, and the pair's total,
// percentage and place, which its boards do not give, nothing else.
func TestCheck(t *testing.T) {
	diffs, errs := Check(readFile(t, "testdata/handwritten-latin1.xml"))
	if len(errs) != 0 {
		t.Errorf("errors: %v", errs)
	}
	want := []string{
		"session 1 section A, board 1, row 3: SCORE is 600 in the file, 400 re-scored (3NT by S, 9 tricks, vulnerability None (Law 77))",
		"session 1 section A, board 1, row 2: NS_MATCH_POINTS is 2 in the file, 0 re-scored (matchpoints of the board's rows)",
		"session 1 section A, board 1, row 2: EW_MATCH_POINTS is 2 in the file, 4 re-scored (matchpoints of the board's rows)",
		// Pair 1NS: 4 of the top 4 on board 1 and 60% of 2 on board 2
		// (Law 12C2) is 5.2 of 6, 86.67%; the file's 4 and 66.67% are
		// not even the sum of its own figures (4 + 1.2), so nothing
		// explains them. It is the only North–South pair listed: first,
		// not tied.
		"session 1 section A, pair 1NS: TOTAL_SCORE is 4 in the file, 5.2 re-scored (the sum of its re-scored boards)",
		"session 1 section A, pair 1NS: PERCENTAGE is 66.67 in the file, 86.67 re-scored (the re-scored match points of its boards as a percentage of their tops)",
		"session 1 section A, pair 1NS: PLACE is 1= in the file, 1 re-scored (its place by the re-scored percentages of its field)",
	}
	got := diffTexts(diffs)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// results is a small scored event: two boards, four pairs, an artificial
// score, a passed-out board. Law 78A: board 1's two 590s share the top of
// 2; on board 2 the A6040 is 60% and 40% of it (Law 12C2), the passed-out
// row alone 1 and 1. Pair 1 has 1 + 1.2 = 2.2 of 4 (55%), pairs 2 and 4
// 1 + 1 = 2 (50%, tied second), pair 3 1 + 0.8 = 1.8 (45%).
func results() *publish.Results {
	c := bridge.Contract{Level: 4, Strain: bridge.SpadesStrain, Risk: bridge.Doubled}
	return &publish.Results{
		Title: "Club pairs", Date: "2024.03.05", Form: publish.Matchpoints,
		Entrants: []publish.Entrant{{ID: "1", Names: "Ann Smith & Bob Jones"}, {ID: "2"}, {ID: "3"}, {ID: "4"}},
		Fields: []publish.Field{{Standings: []publish.Standing{
			{Place: 1, Entrant: "1", Score: 2.2, Percent: 55, Boards: 2},
			{Place: 2, Tied: true, Entrant: "2", Score: 2, Percent: 50, Boards: 2},
			{Place: 2, Tied: true, Entrant: "4", Score: 2, Percent: 50, Boards: 2},
			{Place: 4, Entrant: "3", Score: 1.8, Percent: 45, Boards: 2}}}},
		Boards: []publish.BoardResult{
			{Board: publish.Board{Number: 1}, Rows: []publish.Row{
				{NS: "1", EW: "2", HasContract: true, Contract: c, Declarer: bridge.North, Lead: "♣10", Tricks: 10, HasScore: true, Score: 590, Scored: true, NSMP: 1, EWMP: 1, NSPct: 50, EWPct: 50},
				{NS: "3", EW: "4", HasContract: true, Contract: c, Declarer: bridge.North, Lead: "♥A", Tricks: 10, HasScore: true, Score: 590, Scored: true, NSMP: 1, EWMP: 1, NSPct: 50, EWPct: 50}}},
			{Board: publish.Board{Number: 2}, Rows: []publish.Row{
				{NS: "1", EW: "3", Scored: true, NSMP: 1.2, EWMP: 0.8, NSPct: 60, EWPct: 40},
				{NS: "4", EW: "2", HasContract: true, Contract: bridge.Contract{}, HasScore: true, Scored: true, NSMP: 1, EWMP: 1, NSPct: 50, EWPct: 50}}},
		},
	}
}

// TestRoundTrip: export, write, read back: every figure is kept, the
// re-score finds nothing to differ, and the pair names and places come
// back as written.
func TestRoundTrip(t *testing.T) {
	f := FromResults(results(), Club{Name: "Test club"})
	var b bytes.Buffer
	if err := Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), Doctype) || !strings.Contains(b.String(), `<USEBIO Version="1.2">`) {
		t.Errorf("no DOCTYPE or version:\n%s", b.String()[:200])
	}
	first := b.String()
	back, err := Decode(&b, "export")
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := Encode(&again, back); err != nil {
		t.Fatal(err)
	}
	if again.String() != first {
		t.Errorf("written, read and written again, the file differs:\n%s\n---\n%s", first, again.String())
	}
	e := back.Events[0]
	if e.Date != "05/03/2024" || e.BoardScoring != "MATCH_POINTS" || e.Participants.Pairs[1].Place != "2=" ||
		e.Participants.Pairs[0].Players[1].Name != "Bob Jones" {
		t.Errorf("event: %+v", e)
	}
	l := e.Boards[0].Lines[0]
	if l.Contract != "4SX" || l.Lead != "CT" || l.Tricks != "10" || l.Score != "590" || l.NSMP != "1" {
		t.Errorf("board 1 row 1: %+v", l)
	}
	if a := e.Boards[1].Lines[0]; a.Score != "A6040" || a.NSMP != "1.2" {
		t.Errorf("board 2 row 1 (artificial): %+v", a)
	}
	diffs, errs := Check(back)
	if len(diffs) != 0 || len(errs) != 0 {
		t.Errorf("our own export re-scores differently: %v %v", diffs, errs)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<PBN/>", "x.xml:1: usebio: not a USEBIO document"},
		{"<USEBIO Version=\"1.2\">\n<EVENT>\n</USEBIO>", "x.xml:3:"},
		{`<?xml version="1.0" encoding="KOI8-R"?><USEBIO/>`, "KOI8-R"},
	} {
		_, err := Decode(strings.NewReader(tc.in), "x.xml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	_, err := Decode(strings.NewReader("<PBN/>"), "x.xml")
	if !errors.Is(err, ErrNotUSEBIO) {
		t.Errorf("not ErrNotUSEBIO: %v", err)
	}
}

// FuzzDecode: no input makes Decode, Check (the boards, the pairs' totals,
// split scores, boards across the field), Deals or Results panic, and
// what decodes encodes and decodes again.
func FuzzDecode(f *testing.F) {
	data, err := os.ReadFile("testdata/handwritten-latin1.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	real, err := os.ReadFile("testdata/invented-cross_imp_howell.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(real[:min(len(real), 6000)])
	f.Add([]byte(`<USEBIO Version="1.2"><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><HAND><DIRECTION>North</DIRECTION><SPADES>AKQJT98765432</SPADES></HAND></BOARD></HANDSET></USEBIO>`))
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>A6040</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>`))
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS"><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD><PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="A"><PLACE>1</PLACE></TEAM></PARTICIPANTS><MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>A</TEAM><OPPOSING_TEAM>B</OPPOSING_TEAM><TEAM_SCORE>12</TEAM_SCORE><OPPOSING_TEAM_SCORE>8</OPPOSING_TEAM_SCORE><TEAM_IMPS>3</TEAM_IMPS><OPPOSING_TEAM_IMPS>-1</OPPOSING_TEAM_IMPS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><DIRECTION>NS</DIRECTION><NS_PAIR_NUMBER>A</NS_PAIR_NUMBER><EW_PAIR_NUMBER>B</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE><TRAVELLER_LINE><DIRECTION>EW</DIRECTION><NS_PAIR_NUMBER>B</NS_PAIR_NUMBER><EW_PAIR_NUMBER>A</EW_PAIR_NUMBER><SCORE>A4060</SCORE></TRAVELLER_LINE></BOARD></MATCH></EVENT></USEBIO>`))
	f.Add([]byte(doc13))
	f.Add([]byte(totalsDoc(pair("1", "7.50", "62.50", "2", "<HANDICAP>3</HANDICAP>") + pair("2", "6", "6", "1=", "<ADJUSTMENT>-1</ADJUSTMENT>"))))
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SECTION SECTION_ID="A"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><SCORE>420</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS><EW_MATCH_POINTS>3</EW_MATCH_POINTS></TRAVELLER_LINE></BOARD></SECTION><SECTION SECTION_ID="B"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><SCORE>-50</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>6</EW_MATCH_POINTS></TRAVELLER_LINE><TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE></BOARD></SECTION></EVENT></USEBIO>`))
	f.Fuzz(func(t *testing.T, in []byte) {
		u, err := Decode(bytes.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		Check(u)
		u.Deals()
		u.Results()
		var b bytes.Buffer
		if err := Encode(&b, u); err != nil {
			return // text XML cannot hold (control characters)
		}
		again, err := Decode(&b, "again")
		if err != nil {
			t.Fatalf("re-read: %v\n%s", err, b.String())
		}
		Check(again)
	})
}

// TestCheckButler: an event scored in Butler IMPs is re-scored against
// the datum (the mean of 420, 420, -50 and 400, 297.5, rounded to 300):
// +120 and +100 are 3 IMPs, -350 is 8 IMPs away (Law 78B, the WBF scale);
// the file's 2 on the last row is listed.
func TestCheckButler(t *testing.T) {
	line := func(ns, ew, con, by, tricks, sc, imps, eimps string) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + ns + "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + ew +
			"</EW_PAIR_NUMBER><CONTRACT>" + con + "</CONTRACT><PLAYED_BY>" + by + "</PLAYED_BY><TRICKS>" + tricks +
			"</TRICKS><SCORE>" + sc + "</SCORE><NS_IMPS>" + imps + "</NS_IMPS><EW_IMPS>" + eimps + "</EW_IMPS></TRAVELLER_LINE>"
	}
	doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="IMP_PAIRS"><BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
		line("1", "5", "4S", "N", "10", "420", "3", "-3") + line("2", "6", "4S", "N", "10", "420", "3", "-3") +
		line("3", "7", "4S", "N", "9", "-50", "-8", "8") + line("4", "8", "3NT", "N", "9", "400", "2", "-2") +
		`</BOARD></EVENT></USEBIO>`
	f, err := Decode(strings.NewReader(doc), "butler.xml")
	if err != nil {
		t.Fatal(err)
	}
	diffs, errs := Check(f)
	if len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	got := diffTexts(diffs)
	want := []string{
		"board 1, row 4: NS_IMPS is 2 in the file, 3 re-scored (IMPs of the board's rows (butler_imps))",
		"board 1, row 4: EW_IMPS is -2 in the file, -3 re-scored (IMPs of the board's rows (butler_imps))",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRoundTripIMPs: the JFR barometer (a real event, 27 boards) scored
// by package scoresheet in Butler IMPs and in cross-IMPs, exported, read
// back and re-scored: the elements real files use carry the IMPs
// (NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS), every figure is kept, the
// export validates against the DTD and Check finds nothing to differ.
func TestRoundTripIMPs(t *testing.T) {
	d, _ := usebioDTD(t)
	for _, tc := range []struct{ method, kind, element string }{
		{"butler", "BUTLER_PAIRS", "<NS_BUTLER_POINTS>"},
		{"cross-imp", "CROSS_IMP", "<NS_CROSS_IMP_POINTS>"},
	} {
		fh, err := os.Open("../publish/testdata/jfr-barometer-2013-mp.pbn")
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := publish.FromPBN(context.Background(), fh, "jfr.pbn", publish.PBNOptions{Method: tc.method})
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Encode(&b, FromResults(r, Club{Name: "JFR"})); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(b.String(), tc.element); n < 27*10 {
			t.Errorf("%s: %d %s, want one a row", tc.method, n, tc.element)
		}
		if bad, err := d.Validate(b.Bytes(), "USEBIO"); err != nil || len(bad) != 0 {
			t.Errorf("%s: the export does not validate: %v %v", tc.method, err, bad)
		}
		back, err := Decode(&b, "export")
		if err != nil {
			t.Fatal(err)
		}
		if back.Events[0].Type != tc.kind {
			t.Errorf("%s: EVENT_TYPE %q, want %s", tc.method, back.Events[0].Type, tc.kind)
		}
		diffs, errs := Check(back)
		if len(diffs) != 0 || len(errs) != 0 {
			t.Errorf("%s: our own export re-scores differently: %v %v", tc.method, diffs, errs)
		}
	}
}

// TestPassedOutForms: a passed-out board written PASS, P or NP (Scorer's
// converter, for Scorer's "N P") scores 0 and is matchpointed as a score
// (Law 78A): 0 beats −50 and loses to 110: 2 of 4 each way.
func TestPassedOutForms(t *testing.T) {
	for _, con := range []string{"PASS", "P", "NP"} {
		doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
			`<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>` + con + `</CONTRACT><SCORE>0</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>` +
			`<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>2H</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>8</TRICKS><SCORE>110</SCORE><NS_MATCH_POINTS>4</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>` +
			`<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><CONTRACT>2H</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS><SCORE>-50</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>4</EW_MATCH_POINTS></TRAVELLER_LINE>` +
			`</BOARD></EVENT></USEBIO>`
		f, err := Decode(strings.NewReader(doc), con)
		if err != nil {
			t.Fatal(err)
		}
		if diffs, errs := Check(f); len(diffs) != 0 || len(errs) != 0 {
			t.Errorf("%s: %v %v", con, diffTexts(diffs), errs)
		}
		r, err := f.Results()
		if err != nil {
			t.Fatal(err)
		}
		if row := r.Boards[0].Rows[0]; !row.HasContract || !row.Contract.IsPassedOut() {
			t.Errorf("%s: read as %+v", con, row)
		}
	}
}
