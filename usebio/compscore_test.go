package usebio

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The files in Compscore3's form (testdata/SOURCE.md): USEBIO 1.2 laid out
// as Compscore3, the Australian club scoring program, writes it, for five
// invented club sessions (invented clubs, players, deals and results).
var compscoreFiles = []struct {
	file                 string
	kind, method         string
	pairs, boards, lines int
	hands                int
	differences          []string // what Check lists, each explained below
}{
	// Board 5 has an A5050 among six rows (5 and 5 of the top 10, Law
	// 12C2); board 9 was passed out (0, matchpointed as a score).
	{"invented-mp_pairs_howell.xml", "MP_PAIRS", methodMP, 12, 24, 144, 24, nil},
	// Board 1 has an A5050 and an A6040 among eight rows, board 4 an
	// A6060: the board's played results are factored to the eight rows
	// (Neuberg) and written to one decimal. Three figures are wrong on
	// purpose:
	{"invented-mp_pairs_mitchell.xml", "MP_PAIRS", methodMP, 16, 24, 192, 24, []string{
		// Board 2 row 1, 3♥ by N with ten tricks, North–South vulnerable,
		// is 90 + 30 + 50 = 170 (Law 77), not 140; the board's match
		// points are those of 170, so only the score is listed.
		"board 2, row 1: SCORE is 140 in the file, 170 re-scored (3♥ by N, 10 tricks, vulnerability NS (Law 77))",
		// Board 2 row 6, +90 among 170, −200, 650, −100 three times and
		// 620, beats four (−200 and the −100s): 8 and 6 of the top 14
		// (Law 78A), written exchanged.
		"board 2, row 6: NS_MATCH_POINTS is 6 in the file, 8 re-scored (matchpoints of the board's rows)",
		"board 2, row 6: EW_MATCH_POINTS is 8 in the file, 6 re-scored (matchpoints of the board's rows)",
	}},
	// Butler: the datum is the mean without the top and bottom score,
	// rounded to 10 (the file's BOARD_AVERAGE says so on every board); an
	// A5050 is average, 0 IMPs.
	{"invented-butler_howell.xml", "BUTLER_PAIRS", methodButler, 8, 24, 96, 24, nil},
	{"invented-butler_mitchell.xml", "BUTLER_PAIRS", methodButler, 14, 21, 147, 21, nil},
	// Cross-IMPs averaged over the three comparisons, in a SESSION named
	// by SESSION_ID. Board 2 row 1, −100 against 90, 90 and −200, is
	// (−5 − 5 + 3) / 3 = −2.33, written −2.83 on purpose.
	{"invented-cross_imp_howell.xml", "CROSS_IMP", methodCross, 8, 18, 72, 18, []string{
		"session 1, board 2, row 1: NS_CROSS_IMP_POINTS is -2.83 in the file, -2.33 re-scored (IMPs of the board's rows (cross_imps))",
	}},
}

// TestCompscoreFiles reads the files in Compscore3's form: their events, pairs, boards,
// travellers and hands (counted in the text by grep: PAIR, BOARD
// EVENT_TYPE, TRAVELLER_LINE, HAND / 4), re-scores every traveller (Law 77 for each score;
// Law 78A matchpoints, 78B IMPs against a Butler datum or across the
// field) and lists exactly the differences explained above.
func TestCompscoreFiles(t *testing.T) {
	for _, tc := range compscoreFiles {
		t.Run(tc.file, func(t *testing.T) {
			f := readFile(t, "testdata/"+tc.file)
			if f.Version != "1.2" || len(f.Events) != 1 {
				t.Fatalf("version %q, %d events", f.Version, len(f.Events))
			}
			e := &f.Events[0]
			if e.ProgramName != "Compscore3" || e.Type != tc.kind || e.method() != tc.method {
				t.Errorf("program %q, type %q, method %q; want Compscore3, %s, %s", e.ProgramName, e.Type, e.method(), tc.kind, tc.method)
			}
			pairs, boards, lines := 0, 0, 0
			for _, sec := range e.sections() {
				if sec.participants != nil {
					pairs += len(sec.participants.Pairs)
				}
				boards += len(sec.boards)
				for _, b := range sec.boards {
					lines += len(b.Lines)
				}
			}
			if pairs != tc.pairs || boards != tc.boards || lines != tc.lines {
				t.Errorf("%d pairs, %d boards, %d lines; want %d, %d, %d", pairs, boards, lines, tc.pairs, tc.boards, tc.lines)
			}
			deals, err := f.Deals()
			if err != nil || len(deals) != tc.hands {
				t.Errorf("hands: %d deals (%v), want %d", len(deals), err, tc.hands)
			}
			diffs, errs := Check(f)
			if len(errs) != 0 {
				t.Errorf("lines not read: %v", errs)
			}
			got := diffTexts(diffs)
			if !reflect.DeepEqual(got, tc.differences) {
				t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.differences, "\n"))
			}
		})
	}
}

// TestCompscoreChecked: Check does compare each kind of figure of the files
// in Compscore3's form: one changed in the text is listed, with its board
// and row.
func TestCompscoreChecked(t *testing.T) {
	for _, tc := range []struct {
		file, from, to string
		want           string
	}{
		// Law 77: 3♠ by W making nine tricks, none vulnerable, is −140.
		{"invented-butler_mitchell.xml", "<SCORE>-140</SCORE>", "<SCORE>-170</SCORE>", "board 1, row 1: SCORE is -170 in the file, -140 re-scored"},
		// Law 78B: −140 against the datum −100 is 40 points, 1 IMP.
		{"invented-butler_mitchell.xml", "<NS_BUTLER_POINTS>-1</NS_BUTLER_POINTS>", "<NS_BUTLER_POINTS>-4</NS_BUTLER_POINTS>", "board 1, row 1: NS_BUTLER_POINTS is -4 in the file, -1 re-scored"},
		// Board 1's scores −140, −170, 100, 100, −140, −450, −140: without
		// the top and bottom the mean is −98, −100; the plain mean is −120.
		{"invented-butler_mitchell.xml", "<BOARD_AVERAGE>-100</BOARD_AVERAGE>", "<BOARD_AVERAGE>-70</BOARD_AVERAGE>", "board 1: BOARD_AVERAGE is -70 in the file, -120 re-scored"},
		// +50 against −130, 50 and −150: (5 + 0 + 5) / 3.
		{"invented-cross_imp_howell.xml", "<NS_CROSS_IMP_POINTS>3.33</NS_CROSS_IMP_POINTS>", "<NS_CROSS_IMP_POINTS>3.83</NS_CROSS_IMP_POINTS>", "session 1, board 1, row 1: NS_CROSS_IMP_POINTS is 3.83 in the file, 3.33 re-scored"},
		// Law 78A: −100 beats none of 110, −50, −50, −100, 110 and ties one.
		{"invented-mp_pairs_howell.xml", "<NS_MATCH_POINTS>1</NS_MATCH_POINTS>", "<NS_MATCH_POINTS>3</NS_MATCH_POINTS>", "board 1, row 1: NS_MATCH_POINTS is 3 in the file, 1 re-scored"},
	} {
		data, err := os.ReadFile("testdata/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(tc.from)) {
			t.Fatalf("%s: no %q", tc.file, tc.from)
		}
		data = bytes.Replace(data, []byte(tc.from), []byte(tc.to), 1)
		f, err := Decode(bytes.NewReader(data), tc.file)
		if err != nil {
			t.Fatal(err)
		}
		diffs, _ := Check(f)
		found := false
		for _, d := range diffs {
			found = found || strings.HasPrefix(d.String(), tc.want)
		}
		if !found {
			t.Errorf("%s with %s: %q not listed in %v", tc.file, tc.to, tc.want, diffs)
		}
	}
}

// TestCompscoreResults imports a file in Compscore3's form as published
// results: the two fields ranked as the file places them, the names, every
// traveller row with its figures as written, the hands from the HANDSET;
// exported again and read back, every figure is the file's (the same three
// differences re-score, no more).
func TestCompscoreResults(t *testing.T) {
	f := readFile(t, "testdata/invented-mp_pairs_mitchell.xml")
	r, err := f.Results()
	if err != nil {
		t.Fatal(err)
	}
	if r.Title != "BH Thu 1.00pm Open (09-Jul-26)" || r.Date != "2026.07.09" || r.Method != "mp" || len(r.Fields) != 2 || len(r.Boards) != 24 {
		t.Fatalf("%q %q %q, %d fields, %d boards", r.Title, r.Date, r.Method, len(r.Fields), len(r.Boards))
	}
	// 199.9 of 24 boards' tops of 14: 59.49%.
	top := r.Fields[0].Standings[0]
	if r.Fields[0].Name != "North–South" || top.Entrant != "1NS" || top.Score != 199.9 || top.Percent != 59.49 || top.Boards != 24 {
		t.Errorf("North–South's winner: %+v in %q", top, r.Fields[0].Name)
	}
	if ew := r.Fields[1].Standings[0]; r.Fields[1].Name != "East–West" || ew.Entrant != "2EW" || ew.Score != 203.7 {
		t.Errorf("East–West's winner: %+v", ew)
	}
	b1 := r.Boards[0]
	if b1.Deal.Validate() != nil || len(b1.Rows) != 8 {
		t.Errorf("board 1: deal %v, %d rows", b1.Deal, len(b1.Rows))
	}
	// Law 12C2: 60% of the top of 14 is 8.4.
	if row := b1.Rows[1]; row.Note != "A60/40" || row.NSMP != 8.4 || row.NSPct != 60 {
		t.Errorf("board 1 row 2 (A6040): %+v", row)
	}
	if row := b1.Rows[2]; row.Contract.String() != "4♦" || row.Declarer.String() != "E" || row.Lead != "♥9" || row.Tricks != 11 || row.Score != -150 || row.NSMP != 1.7 {
		t.Errorf("board 1 row 3: %+v", row)
	}
	var b bytes.Buffer
	if err := Encode(&b, FromResults(r, *f.Club)); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(&b, "again")
	if err != nil {
		t.Fatal(err)
	}
	diffs, errs := Check(back)
	if len(diffs) != 3 || len(errs) != 0 {
		t.Errorf("exported again: %d differences %v, %v; want the file's 3", len(diffs), diffs, errs)
	}
	orig := f.Events[0].Boards
	for i, bd := range back.Events[0].Boards {
		for j, l := range bd.Lines {
			o := orig[i].Lines[j]
			// A passed-out row's PLAYED_BY and TRICKS (N, 0 in the file)
			// are not written again: nobody played it.
			if l.Score != o.Score || num(atof(l.NSMP)) != num(atof(o.NSMP)) || num(atof(l.EWMP)) != num(atof(o.EWMP)) ||
				(o.Contract != "PASS" && (l.Tricks != o.Tricks || l.PlayedBy != o.PlayedBy || l.Contract != o.Contract)) {
				t.Errorf("board %s row %d: %+v, the file has %+v", bd.Number, j+1, l, o)
			}
		}
	}
}

func atof(s string) float64 {
	v, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return v
}
