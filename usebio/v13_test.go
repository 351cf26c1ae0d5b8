package usebio

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// doc13 is an invented USEBIO 1.3 file laid out as the one 1.3 writer
// found writes it (testdata/SOURCE.md): EVENT_TYPE PAIRS, EVENT_ID,
// EVENT_RATING, an ISO date, PAIRS and EW_PAIRS, a STRATIFICATION of two
// strata, and pairs with MASTER_POINTS, STRAT_PLACE and STRAT_NUMBER.
// Law 78A: on board 1 420 beats 400 (2 of 2), on board 2 the 140s tie (1
// each): pair 1 has 3 of 4 (75%), pair 2 1 (25%), pair 3 1 (25%), pair 4
// 3 (75%).
const doc13 = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">
<USEBIO Version="1.3">
  <CLUB><CLUB_NAME>Invented Club</CLUB_NAME><CLUB_ID_NUMBER>99</CLUB_ID_NUMBER></CLUB>
  <EVENT EVENT_TYPE="PAIRS">
    <PROGRAM_NAME>Invented</PROGRAM_NAME>
    <EVENT_ID>E-7</EVENT_ID>
    <EVENT_DESCRIPTION>Stratified pairs</EVENT_DESCRIPTION>
    <DATE>2026-11-30</DATE>
    <BOARDS_PLAYED>2</BOARDS_PLAYED>
    <WINNER_TYPE>1</WINNER_TYPE>
    <PAIRS>4</PAIRS>
    <EW_PAIRS>0</EW_PAIRS>
    <MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>
    <EVENT_RATING>Club</EVENT_RATING>
    <STRATIFICATION>
      <STRATIFICATION_TYPE>HIGHEST</STRATIFICATION_TYPE>
      <STRATS>
        <STRAT><STRAT_NUMBER>1</STRAT_NUMBER><STRAT_LABEL>A</STRAT_LABEL><UPPER_LIMIT>99</UPPER_LIMIT><NUMBER_OF_PAIRS>2</NUMBER_OF_PAIRS></STRAT>
        <STRAT><STRAT_NUMBER>2</STRAT_NUMBER><STRAT_LABEL>B</STRAT_LABEL><UPPER_LIMIT>3</UPPER_LIMIT><NUMBER_OF_PAIRS DIRECTION="NS">1</NUMBER_OF_PAIRS><NUMBER_OF_PAIRS DIRECTION="EW">1</NUMBER_OF_PAIRS></STRAT>
      </STRATS>
    </STRATIFICATION>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1=</PLACE><MASTER_POINTS><MASTER_POINTS_AWARDED>6</MASTER_POINTS_AWARDED><MASTER_POINT_TYPE>black</MASTER_POINT_TYPE></MASTER_POINTS><STRAT_PLACE>1</STRAT_PLACE><STRAT_NUMBER>1</STRAT_NUMBER><PERCENTAGE>75.00</PERCENTAGE><PLAYER><PLAYER_NAME>Ann Able</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob Baker</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>4</PAIR_NUMBER><PLACE>1=</PLACE><STRAT_PLACE>1</STRAT_PLACE><STRAT_NUMBER>2</STRAT_NUMBER><PERCENTAGE>75.00</PERCENTAGE><PLAYER><PLAYER_NAME>Cy Cole</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Di Dean</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>3=</PLACE><STRAT_PLACE>2</STRAT_PLACE><STRAT_NUMBER>1</STRAT_NUMBER><PERCENTAGE>25.00</PERCENTAGE><PLAYER><PLAYER_NAME>Ed Eve</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Flo Fox</PLAYER_NAME></PLAYER></PAIR>
      <PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLACE>3=</PLACE><STRAT_PLACE>2</STRAT_PLACE><STRAT_NUMBER>2</STRAT_NUMBER><PERCENTAGE>25.00</PERCENTAGE><PLAYER><PLAYER_NAME>Gus Gray</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Hal Hunt</PLAYER_NAME></PLAYER></PAIR>
    </PARTICIPANTS>
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HA</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE><NS_MATCH_POINTS>2.0</NS_MATCH_POINTS><EW_MATCH_POINTS>0.0</EW_MATCH_POINTS></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>S5</LEAD><TRICKS>9</TRICKS><SCORE>400</SCORE><NS_MATCH_POINTS>0.0</NS_MATCH_POINTS><EW_MATCH_POINTS>2.0</EW_MATCH_POINTS></TRAVELLER_LINE>
    </BOARD>
    <BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER><CONTRACT>2H</CONTRACT><PLAYED_BY>E</PLAYED_BY><LEAD>C2</LEAD><TRICKS>8</TRICKS><SCORE>-110</SCORE><NS_MATCH_POINTS>1.0</NS_MATCH_POINTS><EW_MATCH_POINTS>1.0</EW_MATCH_POINTS></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>2H</CONTRACT><PLAYED_BY>E</PLAYED_BY><LEAD>C2</LEAD><TRICKS>8</TRICKS><SCORE>-110</SCORE><NS_MATCH_POINTS>1.0</NS_MATCH_POINTS><EW_MATCH_POINTS>1.0</EW_MATCH_POINTS></TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
`

// TestRead13: a 1.3 file's elements are read, it validates against the
// DTD, its results import (the ISO date, EVENT_TYPE PAIRS scored as
// matchpoints) and re-score with no difference, and it is written back
// element for element.
func TestRead13(t *testing.T) {
	f, err := Decode(strings.NewReader(doc13), "v13.xml")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := usebioDTD(t)
	if bad, err := d.Validate([]byte(doc13), "USEBIO"); err != nil || len(bad) != 0 {
		t.Errorf("does not validate: %v %v", err, bad)
	}
	e := f.Events[0]
	st := e.Stratification
	if f.Version != "1.3" || e.ID != "E-7" || e.Rating != "Club" || e.PairCount != "4" || e.EWPairCount != "0" || st == nil || st.Type != "HIGHEST" ||
		len(st.Strats) != 2 || st.Strats[1].Label != "B" || st.Strats[1].UpperLimit != "3" ||
		!reflect.DeepEqual(st.Strats[1].Pairs, []StratPairs{{"NS", "1"}, {"EW", "1"}}) {
		t.Errorf("1.3 event elements: %+v %+v", e, st)
	}
	p := e.Participants.Pairs[0]
	if len(p.Awards) != 1 || p.Awards[0] != (Award{"6", "black"}) || p.StratPlace != "1" || p.StratNumber != "1" {
		t.Errorf("pair 1: %+v", p)
	}
	r, err := f.Results()
	if err != nil {
		t.Fatal(err)
	}
	if r.Date != "2026.11.30" || r.Method != "mp" || len(r.Fields) != 1 || r.Fields[0].Standings[0].Percent != 75 {
		t.Errorf("results: %q %q %+v", r.Date, r.Method, r.Fields)
	}
	if diffs, errs := Check(f); len(diffs) != 0 || len(errs) != 0 {
		t.Errorf("re-scored: %v %v", diffTexts(diffs), errs)
	}
	var b bytes.Buffer
	if err := Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), Doctype13) {
		t.Errorf("no 1.3 DOCTYPE:\n%s", b.String()[:200])
	}
	back, err := Decode(&b, "again")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, f) {
		t.Errorf("written and read again, the file differs:\n%+v\n%+v", back.Events[0], f.Events[0])
	}
}

// TestTo13: bridgetd's 1.2 export turned into 1.3 carries the superseded
// elements in their 1.3 form, validates, and reads back to the same
// results.
func TestTo13(t *testing.T) {
	f := FromResults(results(), Club{Name: "Test club"})
	f.Events[0].Identifier, f.Events[0].MasterPointScale = "42", "Club"
	f.To13()
	e := f.Events[0]
	if f.Version != "1.3" || e.Type != "PAIRS" || e.BoardScoring != "MATCH_POINTS" || e.ID != "42" || e.Identifier != "" ||
		e.Rating != "Club" || e.MasterPointScale != "" || e.Date != "2024-03-05" {
		t.Errorf("1.3: %+v", e)
	}
	var b bytes.Buffer
	if err := Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	d, _ := usebioDTD(t)
	if bad, err := d.Validate(b.Bytes(), "USEBIO"); err != nil || len(bad) != 0 {
		t.Errorf("the 1.3 export does not validate: %v %v", err, bad)
	}
	back, err := Decode(&b, "v13")
	if err != nil {
		t.Fatal(err)
	}
	got, err := back.Results()
	if err != nil {
		t.Fatal(err)
	}
	want := results()
	if got.Date != want.Date || !reflect.DeepEqual(got.Fields[0].Standings[0], want.Fields[0].Standings[0]) {
		t.Errorf("read back %q %+v, want %q %+v", got.Date, got.Fields[0].Standings[0], want.Date, want.Fields[0].Standings[0])
	}
	if diffs, errs := Check(back); len(diffs) != 0 || len(errs) != 0 {
		t.Errorf("re-scored: %v %v", diffTexts(diffs), errs)
	}
}

// TestEBUScoreMatches: a Swiss pairs match as EBUScore writes it (as
// USEBIO readers read it): the pairs as NS_PAIR_NUMBER and
// EW_PAIR_NUMBER, the VPs as NS_VICTORY_POINTS and EW_VICTORY_POINTS
// beside an NS_SCORE that is not them; and a teams match's
// TEAM_VICTORY_POINTS.
func TestEBUScoreMatches(t *testing.T) {
	for _, tc := range []struct {
		match          string
		home, away     string
		homeVP, awayVP float64
	}{
		{"<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>7</EW_PAIR_NUMBER><NS_SCORE>9</NS_SCORE><EW_SCORE>-9</EW_SCORE><NS_VICTORY_POINTS>14.5</NS_VICTORY_POINTS><EW_VICTORY_POINTS>5.5</EW_VICTORY_POINTS>", "3", "7", 14.5, 5.5},
		{"<TEAM>Reds</TEAM><OPPOSING_TEAM>Blues</OPPOSING_TEAM><TEAM_SCORE>12</TEAM_SCORE><OPPOSING_TEAM_SCORE>-12</OPPOSING_TEAM_SCORE><TEAM_VICTORY_POINTS>15.2</TEAM_VICTORY_POINTS><OPPOSING_TEAM_VICTORY_POINTS>4.8</OPPOSING_TEAM_VICTORY_POINTS>", "Reds", "Blues", 15.2, 4.8},
	} {
		doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_PAIRS"><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD><MATCH><ROUND_NUMBER>1</ROUND_NUMBER>` +
			tc.match + `<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>5</IMPS></BOARD></MATCH></EVENT></USEBIO>`
		f, err := Decode(strings.NewReader(doc), "ebuscore.xml")
		if err != nil {
			t.Fatal(err)
		}
		d, _ := usebioDTD(t)
		if bad, err := d.Validate([]byte(doc), "USEBIO"); err != nil || len(bad) != 0 {
			t.Errorf("%s: does not validate: %v %v", tc.home, err, bad)
		}
		r, err := f.Results()
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Matches) != 1 {
			t.Fatalf("%s: %d matches", tc.home, len(r.Matches))
		}
		m := r.Matches[0]
		if m.Home != tc.home || m.Away != tc.away || !m.HasVP || m.HomeVP != tc.homeVP || m.AwayVP != tc.awayVP {
			t.Errorf("%s: match read as %+v", tc.home, m)
		}
		if f.Events[0].Matches[0].Boards[0].IMPs != "5" {
			t.Errorf("%s: board IMPS not read", tc.home)
		}
	}
}
