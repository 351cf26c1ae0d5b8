package score

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestWBF2013Danish checks the WBF 2013 continuous scale against the
// official 8-board row quoted in reference/scoring.md §2.2 (Danish
// federation table): 0–12 IMPs, after rounding and the concavity
// correction.
func TestWBF2013Danish(t *testing.T) {
	row := []float64{10.00, 10.44, 10.86, 11.27, 11.67, 12.05, 12.42, 12.77, 13.12, 13.45, 13.78, 14.09, 14.39}
	for m, want := range row {
		us, them := VP(m, 8, WBF2013)
		if us != want || !near(us+them, 20, 1e-9) {
			t.Errorf("8 boards, %d IMPs: %.2f-%.2f, want %.2f", m, us, them, want)
		}
	}
	// 10 boards, 47 IMPs: 19.96 (§2.2); blitz at 43 IMPs over 8 boards.
	if us, _ := VP(47, 10, WBF2013); us != 19.96 {
		t.Errorf("10 boards, 47 IMPs: %.2f, want 19.96", us)
	}
	if us, _ := VP(42, 8, WBF2013); us >= 20 {
		t.Errorf("8 boards, 42 IMPs: %.2f, want below 20", us)
	}
	for _, m := range []int{43, 44, 200} {
		if us, them := VP(m, 8, WBF2013); us != 20 || them != 0 {
			t.Errorf("8 boards, %d IMPs: %.2f-%.2f, want 20-0", m, us, them)
		}
	}
	// A loss is the mirror image.
	if us, them := VP(-12, 8, WBF2013); us != 5.61 || them != 14.39 {
		t.Errorf("8 boards, −12 IMPs: %.2f-%.2f, want 5.61-14.39", us, them)
	}
}

// TestWBF2013Concave: every IMP is worth no more than the one before it
// (the WBF's concavity requirement, §2.2), for matches of 1 to 64 boards.
func TestWBF2013Concave(t *testing.T) {
	for n := 1; n <= 64; n++ {
		prevStep := 1e9
		prev, _ := VP(0, n, WBF2013)
		for m := 1; m < 200; m++ {
			v, _ := VP(m, n, WBF2013)
			step := v - prev
			if step > prevStep+1e-9 || step < -1e-9 {
				t.Fatalf("%d boards: step %d→%d is %.2f after %.2f", n, m-1, m, step, prevStep)
			}
			prev, prevStep = v, step
		}
	}
}

// TestWBFDiscrete checks the discrete scale against the transcribed WBF
// tables for 20 match lengths (testdata/wbf-discrete.txt): every band's top
// and the first margin of 20-0, and one margin either side of every top.
func TestWBFDiscrete(t *testing.T) {
	f, err := os.Open("testdata/wbf-discrete.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		var v []int
		for _, w := range strings.Fields(line) {
			n, err := strconv.Atoi(w)
			if err != nil {
				t.Fatal(err)
			}
			v = append(v, n)
		}
		boards, tops, blitz := v[0], v[1:11], v[11]
		got := WBFDiscrete.(*wbfDiscrete).bands(boards)
		for i, top := range tops {
			if got[i] != top {
				t.Errorf("%d boards: band %d-%d tops at %d, table says %d", boards, 10+i, 10-i, got[i], top)
			}
			if us, _ := VP(top, boards, WBFDiscrete); us != float64(10+i) {
				t.Errorf("%d boards, %d IMPs: %g VP, want %d", boards, top, us, 10+i)
			}
			if us, them := VP(-(top + 1), boards, WBFDiscrete); them != float64(11+i) || us != float64(9-i) {
				t.Errorf("%d boards, −%d IMPs: %g-%g, want %d-%d", boards, top+1, us, them, 9-i, 11+i)
			}
		}
		if us, _ := VP(blitz, boards, WBFDiscrete); us != 20 {
			t.Errorf("%d boards, %d IMPs: %g, want 20", boards, blitz, us)
		}
		rows++
	}
	if rows != 20 {
		t.Fatalf("read %d board counts, want 20", rows)
	}
}

// TestACBL30 checks the built-in ACBL 30-VP scale against its source rows
// (reference/scoring.md §2.4): 6–8 boards 5–6 IMPs 22-8, 28+ 30-0;
// 9–11 boards 3–4 20-10, 36+ 30-0.
func TestACBL30(t *testing.T) {
	cases := []struct {
		imps, boards int
		us, them     float64
	}{
		{0, 7, 15, 15}, {1, 7, 18, 12}, {5, 7, 22, 8}, {6, 7, 22, 8}, {7, 6, 23, 7},
		{27, 8, 29, 1}, {28, 8, 30, 0}, {100, 8, 30, 0},
		{3, 10, 20, 10}, {4, 10, 20, 10}, {35, 11, 29, 1}, {36, 9, 30, 0},
		{-9, 10, 7, 23},
	}
	for _, c := range cases {
		if us, them := VP(c.imps, c.boards, ACBL30); us != c.us || them != c.them {
			t.Errorf("ACBL30 %d IMPs over %d: %g-%g, want %g-%g", c.imps, c.boards, us, them, c.us, c.them)
		}
	}
}

// TestParseVPTableErrors: a malformed VP table says what and where.
func TestParseVPTableErrors(t *testing.T) {
	cases := map[string]string{
		"0 15-15\n":                      "line 1",
		"boards 8\n1 15-15\n":            "start at 0",
		"boards 8\n0 15-15\n0 16-14\n":   "ascend",
		"boards 8\n0 15\n":               "award",
		"boards 8-x\n":                   "board range",
		"boards 8\n0 a-b\n":              "bad award",
		"boards 8\n":                     "no rows",
		"":                               "no \"boards\"",
		"boards 9\n0 15-15\nboards 8\n":  "ascend",
		"boards 8\nx 15-15\n":            "margin",
		"boards 8\n0 15-15 1 2\n":        "MARGIN",
		"boards 8\n0 15-15\n5 1e999-0\n": "bad award",
	}
	for in, want := range cases {
		_, err := ParseVPTable(strings.NewReader(in))
		if err == nil || !errors.Is(err, ErrTable) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseVPTable(%q) = %v, want an error containing %q", in, err, want)
		}
	}
}

// TestScaleByName knows the built-in names.
func TestScaleByName(t *testing.T) {
	for _, n := range ScaleNames {
		if _, err := ScaleByName(n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	if _, err := ScaleByName("old25"); !errors.Is(err, ErrUnknownScale) {
		t.Errorf("old25: %v", err)
	}
}

// FuzzParseVPTable: any input gives a table or an error, and a table never
// panics when used.
func FuzzParseVPTable(f *testing.F) {
	f.Add(acbl30)
	f.Add(oldStyle)
	f.Add("boards 8\n0 15 15\n3-4 20-10\n28+ 30-0\n")
	f.Fuzz(func(t *testing.T, s string) {
		tab, err := ParseVPTable(strings.NewReader(s))
		if err != nil {
			if !errors.Is(err, ErrTable) {
				t.Fatalf("error %v does not wrap ErrTable", err)
			}
			return
		}
		for _, m := range []int{-1000, -1, 0, 1, 7, 1000} {
			for _, b := range []int{0, 1, 8, 100} {
				tab.VP(m, b)
			}
		}
		MaxMargin(tab, 8, 18)
	})
}

func TestMaxMarginAtScaleMaximum(t *testing.T) {
	// NSWBA 13.9: a forfeit adjusted to the scale's maximum is worth the
	// fewest IMPs that earn that maximum, not an unbounded margin.
	tests := []struct {
		scale  Scale
		boards int
		vp     float64
	}{
		{WBF25, 8, 25},
		{WBF2013, 8, 20},
		{WBFDiscrete, 12, 20},
	}
	for _, tt := range tests {
		m, ok := MaxMargin(tt.scale, tt.boards, tt.vp)
		if !ok {
			t.Fatalf("MaxMargin(%v VP, %d boards) not ok", tt.vp, tt.boards)
		}
		at, _ := tt.scale.VP(m, tt.boards)
		below, _ := tt.scale.VP(m-1, tt.boards)
		if at < tt.vp-1e-9 || below >= tt.vp-1e-9 {
			t.Errorf("MaxMargin(%v VP, %d boards) = %d: VP there %v, one less %v", tt.vp, tt.boards, m, at, below)
		}
	}
}
