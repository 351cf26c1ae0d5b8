package usebio

import (
	"reflect"
	"strings"
	"testing"
)

// totalsDoc is a small Howell of six pairs at three tables, three boards,
// matchpointed 2/1/0 (Law 78A), in the forms real programs write: board 3
// was played at two tables only (pairs 1 and 5 missed it) and its match
// points are on its own top of 2, as Compscore3 writes such a board. pairs
// are the PAIR elements.
func totalsDoc(pairs string) string {
	line := func(ns, ew, score, nsMP, ewMP string) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + ns + "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + ew +
			"</EW_PAIR_NUMBER><SCORE>" + score + "</SCORE><NS_MATCH_POINTS>" + nsMP +
			"</NS_MATCH_POINTS><EW_MATCH_POINTS>" + ewMP + "</EW_MATCH_POINTS></TRAVELLER_LINE>"
	}
	board := func(n string, lines ...string) string {
		return "<BOARD><BOARD_NUMBER>" + n + "</BOARD_NUMBER>" + strings.Join(lines, "") + "</BOARD>"
	}
	return `<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><WINNER_TYPE>1</WINNER_TYPE><PARTICIPANTS>` + pairs + `</PARTICIPANTS>` +
		board("1", line("1", "2", "420", "2", "2"), line("3", "4", "400", "0", "4"), line("5", "6", "450", "4", "0")) +
		board("2", line("1", "4", "110", "3", "1"), line("3", "6", "110", "3", "1"), line("5", "2", "-50", "0", "4")) +
		board("3", line("2", "3", "620", "0", "2"), line("4", "6", "650", "2", "0")) +
		`</EVENT></USEBIO>`
}

func pair(n, total, pct, place, extra string) string {
	return "<PAIR><PAIR_NUMBER>" + n + "</PAIR_NUMBER><TOTAL_SCORE>" + total + "</TOTAL_SCORE><PERCENTAGE>" + pct +
		"</PERCENTAGE><PLACE>" + place + "</PLACE>" + extra + "</PAIR>"
}

// TestCheckTotals: each pair's TOTAL_SCORE, PERCENTAGE and PLACE against
// its re-scored boards, the differences a program's way of totalling
// gives marked explained. Re-scored (Law 78A), board 1 gives 450 4, 420 2,
// 400 0 (and East–West the rest of 4); board 2 the two 110s 3 each, −50
// 0; board 3, two results on a top of 2, 650 2 and 620 0. Factored to the
// field's three results (Neuberg, M' = (M+1)·3/2 − 1) board 3's 2 and 0
// are 3.5 and 0.5 of 4.
//
//	pair  boards  re-scored        factored         pro-rated to 3 boards
//	1     2       2+3 = 5 (62.5%)  5 (62.5%)        7.5
//	2     3       2+4+0 = 6 (60%)  6.5 (54.17%)
//	3     3       0+3+2 = 5 (50%)  6.5 (54.17%)
//	4     3       4+1+2 = 7 (70%)  8.5 (70.83%)
//	5     2       4+0 = 4 (50%)    4 (50%)          6
//	6     3       0+1+0 = 1 (10%)  1.5 (12.5%)
func TestCheckTotals(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pairs string
		want  []string
	}{
		{
			// Compscore3's totals: boards factored to the field, pairs
			// that missed a board pro-rated, percentages of the factored
			// tops, ties placed without "=". Pair 6's total and pair 5's
			// place are wrong on purpose.
			"compscore",
			pair("4", "8.50", "70.83", "1", "") + pair("1", "7.50", "62.50", "2", "") + pair("2", "6.50", "54.17", "3", "") +
				pair("3", "6.50", "54.17", "3", "") + pair("5", "6.00", "50.00", "4", "") + pair("6", "2.50", "12.50", "6", ""),
			[]string{
				"pair 4: TOTAL_SCORE is 8.50 in the file, 7 re-scored (the sum of its re-scored boards); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (8.5)",
				"pair 4: PERCENTAGE is 70.83 in the file, 70 re-scored (the re-scored match points of its boards as a percentage of their tops); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (70.83)",
				"pair 1: TOTAL_SCORE is 7.50 in the file, 5 re-scored (the sum of its re-scored boards); explained: pro-rated from the 2 boards it played to the 3 of its field (7.5)",
				"pair 2: TOTAL_SCORE is 6.50 in the file, 6 re-scored (the sum of its re-scored boards); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (6.5)",
				"pair 2: PERCENTAGE is 54.17 in the file, 60 re-scored (the re-scored match points of its boards as a percentage of their tops); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (54.17)",
				"pair 3: TOTAL_SCORE is 6.50 in the file, 5 re-scored (the sum of its re-scored boards); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (6.5)",
				"pair 3: PERCENTAGE is 54.17 in the file, 50 re-scored (the re-scored match points of its boards as a percentage of their tops); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (54.17)",
				"pair 5: TOTAL_SCORE is 6.00 in the file, 4 re-scored (the sum of its re-scored boards); explained: pro-rated from the 2 boards it played to the 3 of its field (6)",
				"pair 6: TOTAL_SCORE is 2.50 in the file, 1 re-scored (the sum of its re-scored boards)",
				"pair 6: PERCENTAGE is 12.50 in the file, 10 re-scored (the re-scored match points of its boards as a percentage of their tops); explained: its boards played fewer times factored (Neuberg) to the field's 3 results (12.5)",
				// 50% is fifth: pairs 4, 1, 2 and 3 are above it.
				"pair 5: PLACE is 4 in the file, 5 re-scored (its place by the re-scored percentages of its field)",
			},
		},
		{
			// Plain sums, each percentage of the tops of the boards the
			// pair played: nothing differs. Pairs 3 and 5 share fourth
			// with 50%, written "4=".
			"plain",
			pair("4", "7", "70.00", "1", "") + pair("1", "5", "62.50", "2", "") + pair("2", "6", "60.00", "3", "") +
				pair("3", "5", "50.00", "4=", "") + pair("5", "4", "50.00", "4=", "") + pair("6", "1", "10.00", "6", ""),
			nil,
		},
		{
			// Scorer's form: the percentage is written as the total too,
			// and a pair with a HANDICAP has half of it added (pair 1:
			// 62.5 + 3/2 = 64). Pair 6's 12 is nothing known. Pairs 3
			// and 5 share fourth, written "4" without "=" as Compscore3
			// writes a tie.
			"scorer",
			pair("4", "70", "70", "1", "") + pair("1", "64", "64", "2", "<HANDICAP>3</HANDICAP>") + pair("2", "60", "60", "3", "") +
				pair("3", "50", "50", "4", "") + pair("5", "50", "50", "4", "") + pair("6", "12", "12", "6", ""),
			[]string{
				"pair 1: TOTAL_SCORE is 64 in the file, 62.5 re-scored (its percentage, which the file writes as its TOTAL_SCORE); explained: half its HANDICAP of 3 added (as Scorer adds it) (64)",
				"pair 1: PERCENTAGE is 64 in the file, 62.5 re-scored (the re-scored match points of its boards as a percentage of their tops); explained: half its HANDICAP of 3 added (as Scorer adds it) (64)",
				"pair 6: TOTAL_SCORE is 12 in the file, 10 re-scored (its percentage, which the file writes as its TOTAL_SCORE)",
				"pair 6: PERCENTAGE is 12 in the file, 10 re-scored (the re-scored match points of its boards as a percentage of their tops)",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode(strings.NewReader(totalsDoc(tc.pairs)), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			diffs, errs := Check(f)
			if len(errs) != 0 {
				t.Fatalf("errors: %v", errs)
			}
			if got := diffTexts(diffs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestAcrossField: a board matchpointed across the field, all sections
// together (as Scorer does): its lines add up to the top of the four
// results of both sections (6), not of the two of their own. Law 78A
// across the field: 450 beats three (6), each 420 beats 400 and ties the
// other (3), 400 beats none (0). Within section A the 420 would have 2 of
// 2. One figure written wrong (B's 450 given 5) is listed.
func TestAcrossField(t *testing.T) {
	line := func(n, score, nsMP, ewMP string) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + n + "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + n +
			"</EW_PAIR_NUMBER><SCORE>" + score + "</SCORE><NS_MATCH_POINTS>" + nsMP +
			"</NS_MATCH_POINTS><EW_MATCH_POINTS>" + ewMP + "</EW_MATCH_POINTS></TRAVELLER_LINE>"
	}
	section := func(id, lines string) string {
		return `<SECTION SECTION_ID="` + id + `"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` + lines + `</BOARD></SECTION>`
	}
	for _, tc := range []struct {
		b450 string
		want []string
	}{
		{"6", nil},
		{"5", []string{"section B, board 1, row 1: NS_MATCH_POINTS is 5 in the file, 6 re-scored (matchpoints of the board's rows)"}},
	} {
		doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">` +
			section("A", line("1", "420", "3", "3")+line("2", "400", "0", "6")) +
			section("B", line("1", "450", tc.b450, "0")+line("2", "420", "3", "3")) + `</EVENT></USEBIO>`
		f, err := Decode(strings.NewReader(doc), "across.xml")
		if err != nil {
			t.Fatal(err)
		}
		diffs, errs := Check(f)
		if got := diffTexts(diffs); len(errs) != 0 || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("450 given %s: differences %q %v, want %q", tc.b450, got, errs, tc.want)
		}
	}
}

// TestMissingAsTies: a board played at three tables of a field of four,
// written on the field's top of 6 in either of two ways real programs
// use: Neuberg's factoring, (M+1)·4/3 − 1 (Compscore3, Scorer), or each
// result's own match points (Law 78A: 3NT by South, none vulnerable, 490
// beats two, 4; 430 one, 2; −150 none, 0) and a tie, 1, for the missing
// result (ScoreBridge: 5, 3, 1).
// Both re-score with no difference; figures that are neither are listed
// against the way most of the board's figures are.
func TestMissingAsTies(t *testing.T) {
	line := func(n, score, tricks, nsMP, ewMP string) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + n + "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + n +
			"</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>" + tricks + "</TRICKS><SCORE>" + score +
			"</SCORE><NS_MATCH_POINTS>" + nsMP + "</NS_MATCH_POINTS><EW_MATCH_POINTS>" + ewMP + "</EW_MATCH_POINTS></TRAVELLER_LINE>"
	}
	for _, tc := range []struct {
		name string
		figs [3][2]string
		want []string
	}{
		{"neuberg", [3][2]string{{"5.67", "0.33"}, {"3", "3"}, {"0.33", "5.67"}}, nil},
		{"ties", [3][2]string{{"5", "1"}, {"3", "3"}, {"1", "5"}}, nil},
		{"wrong", [3][2]string{{"5", "1"}, {"3", "3"}, {"2", "4"}}, []string{
			"board 1, row 3: NS_MATCH_POINTS is 2 in the file, 1 re-scored (matchpoints of the board's rows)",
			"board 1, row 3: EW_MATCH_POINTS is 4 in the file, 5 re-scored (matchpoints of the board's rows)",
		}},
	} {
		doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
			line("1", "490", "12", tc.figs[0][0], tc.figs[0][1]) + line("2", "430", "10", tc.figs[1][0], tc.figs[1][1]) +
			line("3", "-150", "6", tc.figs[2][0], tc.figs[2][1]) + `</BOARD></EVENT></USEBIO>`
		f, err := Decode(strings.NewReader(doc), tc.name)
		if err != nil {
			t.Fatal(err)
		}
		diffs, errs := Check(f)
		got := diffTexts(diffs)
		if len(errs) != 0 || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q %v, want %q", tc.name, got, errs, tc.want)
		}
	}
}

// TestPlacesAcrossSections: an event of two sections whose pairs are
// placed across both (Scorer's converter does): board 1 matchpointed
// across the field as in TestAcrossField, so 100% (A's 2EW, B's 1NS) is
// first equal of the eight pairs, 50% third equal and 0% seventh equal,
// where within a section they would be first, second equal and fourth.
// Each section's places differ from its own ranking, and all are
// explained by the ranking across the sections but B's 1EW, written 6.
func TestPlacesAcrossSections(t *testing.T) {
	line := func(n, score, nsMP, ewMP string) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + n + "NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + n +
			"EW</EW_PAIR_NUMBER><SCORE>" + score + "</SCORE><NS_MATCH_POINTS>" + nsMP +
			"</NS_MATCH_POINTS><EW_MATCH_POINTS>" + ewMP + "</EW_MATCH_POINTS></TRAVELLER_LINE>"
	}
	section := func(id, pairs, lines string) string {
		return `<SECTION SECTION_ID="` + id + `"><PARTICIPANTS>` + pairs + `</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` + lines + `</BOARD></SECTION>`
	}
	p := func(n, pct, place string) string {
		return "<PAIR><PAIR_NUMBER>" + n + "</PAIR_NUMBER><PERCENTAGE>" + pct + "</PERCENTAGE><PLACE>" + place + "</PLACE></PAIR>"
	}
	doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><WINNER_TYPE>1</WINNER_TYPE>` +
		section("A", p("1NS", "50", "3=")+p("1EW", "50", "3=")+p("2NS", "0", "7=")+p("2EW", "100", "1="),
			line("1", "420", "3", "3")+line("2", "400", "0", "6")) +
		section("B", p("1NS", "100", "1=")+p("1EW", "0", "6")+p("2NS", "50", "3=")+p("2EW", "50", "3="),
			line("1", "450", "6", "0")+line("2", "420", "3", "3")) + `</EVENT></USEBIO>`
	f, err := Decode(strings.NewReader(doc), "places.xml")
	if err != nil {
		t.Fatal(err)
	}
	diffs, errs := Check(f)
	explained := 0
	var others []string
	for _, d := range diffs {
		if d.Field == "PLACE" && strings.HasPrefix(d.Explained, "its place among all the event's sections") {
			explained++
		} else {
			others = append(others, d.String())
		}
	}
	want := []string{"section B, pair 1EW: PLACE is 6 in the file, 4 re-scored (its place by the re-scored percentages of its field)"}
	if explained != 7 || len(errs) != 0 || !reflect.DeepEqual(others, want) {
		t.Errorf("%d explained across the sections, others %q %v; want 7 and %q", explained, others, errs, want)
	}
}
