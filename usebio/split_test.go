package usebio

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/publish"
	"github.com/bridgetd/bridgetd/score"
)

// splitResults is one board of four tables scored by package score, the
// third table's result a Law 12C1(b) split score: North–South (pairs 5)
// are assigned +420 and East–West (6) −50, from North–South's side,
// beside 420, 450 and 400 played. Its rows' figures are the scorer's, in
// form (matchpoints or Butler IMPs).
func splitResults(t *testing.T, form publish.Form) *publish.Results {
	t.Helper()
	rs := []score.Result{score.Table(1, 2, 420), score.Table(3, 4, 450), score.SplitScore(5, 6, 420, -50), score.Table(7, 8, 400)}
	var sc []score.Scored
	r := &publish.Results{Title: "Split", Date: "2026.12.01", Form: form}
	if form == publish.Matchpoints {
		sc = score.Matchpoints(rs, score.MPOptions{})
	} else {
		r.Method = "butler"
		sc = score.Butler(rs, score.ButlerOptions{})
	}
	c := bridge.Contract{Level: 4, Strain: bridge.SpadesStrain}
	br := publish.BoardResult{Board: publish.Board{Number: 1}}
	totals := map[string]float64{}
	for i, x := range rs {
		row := publish.Row{NS: strconv.Itoa(x.NS), EW: strconv.Itoa(x.EW), Scored: true, HasScore: true, Score: x.Score,
			NSMP: sc[i].NS, EWMP: sc[i].EW, NSPct: sc[i].NSPct, EWPct: sc[i].EWPct}
		if x.Kind == score.Split {
			row.Note = "Director: split"
		} else {
			row.HasContract, row.Contract, row.Declarer, row.Tricks = true, c, bridge.North, 10
			if x.Score == 450 {
				row.Tricks = 11
			} else if x.Score == 400 {
				row.Contract, row.Tricks = bridge.Contract{Level: 3, Strain: bridge.NoTrump}, 9
			}
		}
		br.Rows = append(br.Rows, row)
		totals[row.NS] += row.NSMP
		totals[row.EW] += row.EWMP
	}
	// Board 2 (North–South vulnerable): every table 4♠ making, 620, 3 of
	// 6 to each side, so that pairs 5 and 6 have a played result (a pair
	// with none is a phantom).
	b2 := publish.BoardResult{Board: publish.Board{Number: 2}}
	for p := 1; p <= 7; p += 2 {
		row := publish.Row{NS: strconv.Itoa(p), EW: strconv.Itoa(p + 1), Scored: true, HasScore: true, Score: 620,
			HasContract: true, Contract: c, Declarer: bridge.North, Tricks: 10, NSMP: 3, EWMP: 3, NSPct: 50, EWPct: 50}
		b2.Rows = append(b2.Rows, row)
		if form != publish.Matchpoints {
			b2.Rows[len(b2.Rows)-1].NSMP, b2.Rows[len(b2.Rows)-1].EWMP = 0, 0
		}
		totals[row.NS] += b2.Rows[len(b2.Rows)-1].NSMP
		totals[row.EW] += b2.Rows[len(b2.Rows)-1].EWMP
	}
	r.Boards = []publish.BoardResult{br, b2}
	var sts []publish.Standing
	for p := 1; p <= 8; p++ {
		id := strconv.Itoa(p)
		r.Entrants = append(r.Entrants, publish.Entrant{ID: id})
		st := publish.Standing{Entrant: id, Score: totals[id], Boards: 2}
		if form == publish.Matchpoints {
			st.Percent = 100 * totals[id] / (2 * sc[0].Top)
		}
		sts = append(sts, st)
	}
	for i := range sts {
		sts[i].Place = 1
		for j := range sts {
			key := func(s publish.Standing) float64 { return s.Score }
			if key(sts[j]) > key(sts[i]) {
				sts[i].Place++
			}
			if j != i && key(sts[j]) == key(sts[i]) {
				sts[i].Tied = true
			}
		}
	}
	r.Fields = []publish.Field{{Standings: sts}}
	return r
}

// TestSplitScore: a Law 12C1(b) split score on a traveller line. USEBIO's
// line holds one score, so the export writes the nearest faithful form: a
// line without a contract, North–South's assigned score (+420) and each
// side's own figures, not complementary; East–West's −50 is lost. Law
// 78A: 5 North–South's +420 ties 420 and beats 400 (3 of 6); 6
// East–West's −50 is beaten by every North–South score (6 of 6), and the
// other lines' East–West figures compare with it, not with +420: 1v2 is 3
// and 2, not complementary either. Read back, Check places East–West's
// score from its figures and re-scores every line as the scorer did: no
// difference, and the figures come back as written. At Butler IMPs (Law
// 78B) the datum of 420, 450, 420 and 400 is 420 (the split's North–South
// score counts, −50 does not): 5 has 0 IMPs, 6 +10 (−50 against 420,
// 470 points), and 1v2's 420 is 0.
func TestSplitScore(t *testing.T) {
	for _, tc := range []struct {
		form           publish.Form
		score          string
		ns, ew         string // the split line's figures
		otherNS, other string // line 1's
	}{
		{publish.Matchpoints, "420", "3", "6", "3", "2"},
		// The datum of 420, 450, 420 and 400 is 420 (the split's
		// North–South score counts, −50 does not): 450 is 1 IMP.
		{publish.IMPs, "420", "0", "10", "0", "0"},
	} {
		r := splitResults(t, tc.form)
		var b bytes.Buffer
		if err := Encode(&b, FromResults(r, Club{Name: "Split club"})); err != nil {
			t.Fatal(err)
		}
		d, _ := usebioDTD(t)
		if bad, err := d.Validate(b.Bytes(), "USEBIO"); err != nil || len(bad) != 0 {
			t.Errorf("%v: the export does not validate: %v %v", tc.form, err, bad)
		}
		if l := FromResults(r, Club{}).Events[0].Boards[0].Lines[2]; l.Score != tc.score || l.Contract != "" {
			t.Errorf("%v: split line written %+v, want SCORE %s and no CONTRACT", tc.form, l, tc.score)
		}
		back, err := Decode(&b, "split.xml")
		if err != nil {
			t.Fatal(err)
		}
		diffs, errs := Check(back)
		if len(diffs) != 0 || len(errs) != 0 {
			t.Errorf("%v: the split score re-scores differently: %v %v", tc.form, diffTexts(diffs), errs)
		}
		for i, want := range map[int][2]string{2: {tc.ns, tc.ew}, 0: {tc.otherNS, tc.other}} {
			l := back.Events[0].Boards[0].Lines[i]
			ns, ew := l.NSMP, l.EWMP
			if tc.form != publish.Matchpoints {
				ns, ew = l.NSButler, l.EWButler
			}
			if ns != want[0] || ew != want[1] {
				t.Errorf("%v: line %d's figures %s and %s, want %s and %s", tc.form, i+1, ns, ew, want[0], want[1])
			}
		}
		got, err := back.Results()
		if err != nil {
			t.Fatal(err)
		}
		for i, row := range got.Boards[0].Rows {
			want := r.Boards[0].Rows[i]
			if math.Abs(row.NSMP-want.NSMP) > 0.005 || math.Abs(row.EWMP-want.EWMP) > 0.005 {
				t.Errorf("%v: row %d read back %g/%g, scored %g/%g", tc.form, i+1, row.NSMP, row.EWMP, want.NSMP, want.EWMP)
			}
		}
	}
}

// TestSplitScoreChecked: Check still finds a wrong figure on a board with
// a split score: line 1's East–West match points written 3 (the
// complement of its North–South 3), where the split's −50 makes them 2.
func TestSplitScoreChecked(t *testing.T) {
	var b bytes.Buffer
	if err := Encode(&b, FromResults(splitResults(t, publish.Matchpoints), Club{})); err != nil {
		t.Fatal(err)
	}
	data := strings.Replace(b.String(), "<EW_MATCH_POINTS>2</EW_MATCH_POINTS>", "<EW_MATCH_POINTS>3</EW_MATCH_POINTS>", 1)
	f, err := Decode(strings.NewReader(data), "split.xml")
	if err != nil {
		t.Fatal(err)
	}
	diffs, _ := Check(f)
	want := "board 1, row 1: EW_MATCH_POINTS is 3 in the file, 2 re-scored"
	if len(diffs) == 0 || !strings.HasPrefix(diffs[0].String(), want) {
		t.Errorf("differences %v, want %q first", diffTexts(diffs), want)
	}
}
