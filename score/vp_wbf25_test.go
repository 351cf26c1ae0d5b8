package score

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/regulation"
)

// wbf25Source reads testdata/wbf25.txt, the source's own figures: per match
// length, the top of each band from 15-15 to 25-1.
func wbf25Source(t *testing.T) map[int][]int {
	t.Helper()
	f, err := os.Open("testdata/wbf25.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cols := map[int][]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 16 {
			t.Fatalf("wbf25.txt:%d: %d fields, want boards and 15 band tops", line, len(fs))
		}
		var n []int
		for _, s := range fs {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("wbf25.txt:%d: %v", line, err)
			}
			n = append(n, v)
		}
		cols[n[0]] = n[1:]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cols) != 7 {
		t.Fatalf("wbf25.txt: %d columns, want 7", len(cols))
	}
	return cols
}

// wbf25Award is the award of band i (0 = 15-15 … 14 = 25-1, 15 = 25-0) as
// the source's column headings give it.
func wbf25Award(i int) (win, lose float64) {
	return float64(min(15+i, 25)), float64(15 - i)
}

// TestWBF25Bands checks every band of every column of the built-in scale
// against the source's figures (testdata/wbf25.txt): the first and last
// margin of each band, the first margin of 25-0, and a loss mirrored.
func TestWBF25Bands(t *testing.T) {
	for boards, tops := range wbf25Source(t) {
		lo := 0
		for i := 0; i <= len(tops); i++ {
			hi := lo + 10 // the 25-0 band has no top
			if i < len(tops) {
				hi = tops[i]
			}
			win, lose := wbf25Award(i)
			for _, m := range []int{lo, hi} {
				if us, them := VP(m, boards, WBF25); us != win || them != lose {
					t.Errorf("%d boards, %d IMPs: %g-%g, want %g-%g", boards, m, us, them, win, lose)
				}
				if us, them := VP(-m, boards, WBF25); m > 0 && (us != lose || them != win) {
					t.Errorf("%d boards, lost by %d: %g-%g, want %g-%g", boards, m, us, them, lose, win)
				}
			}
			lo = hi + 1
		}
	}
}

// TestWBF25Boundaries spot-checks single figures read off the source
// (testdata/wbf25.txt), one or two per column.
func TestWBF25Boundaries(t *testing.T) {
	cases := []struct {
		boards, imps int
		us, them     float64
	}{
		{8, 1, 15, 15},   // 8 boards: 0-1 is a draw
		{8, 2, 16, 14},   // 2-5 is 16-14
		{8, 33, 25, 5},   // 30-33 is 25-5
		{8, 51, 25, 0},   // over 50 is 25-0
		{12, 12, 18, 12}, // 10-12 is 18-12
		{12, 13, 19, 11},
		{16, 2, 15, 15},  // 16 boards: 0-2 is a draw
		{16, 15, 18, 12}, // 12-15 is 18-12
		{16, 46, 25, 5},  // 42-46 is 25-5
		{16, 47, 25, 4},
		{16, 72, 25, 0}, // over 71 is 25-0
		{20, 16, 18, 12},
		{20, 80, 25, 0},
		{24, 3, 15, 15},
		{24, 4, 16, 14},
		{28, 10, 16, 14}, // 28 boards: 4-10 is 16-14
		{32, 100, 25, 1}, // 32 boards: 92-100 is 25-1
		{32, 101, 25, 0},
		{16, -47, 4, 25}, // a loss by 47 over 16 boards
	}
	for _, c := range cases {
		if us, them := VP(c.imps, c.boards, WBF25); us != c.us || them != c.them {
			t.Errorf("%d IMPs over %d boards: %g-%g, want %g-%g", c.imps, c.boards, us, them, c.us, c.them)
		}
	}
}

// TestWBF25OtherLengths: a match length the source does not give uses the
// nearest shorter column (NSWBA 13.10: "the nearest lower numbered VP
// scale"); one shorter than 8 boards uses the 8-board column.
func TestWBF25OtherLengths(t *testing.T) {
	cases := []struct{ boards, column int }{
		{13, 12}, {15, 12}, {9, 8}, {30, 28}, {40, 32}, {64, 32}, {6, 8}, {7, 8},
	}
	for _, c := range cases {
		for m := 0; m <= 110; m++ {
			a, b := VP(m, c.boards, WBF25)
			x, y := VP(m, c.column, WBF25)
			if a != x || b != y {
				t.Errorf("%d boards, %d IMPs: %g-%g, the %d-board column gives %g-%g", c.boards, m, a, b, c.column, x, y)
				break
			}
		}
	}
}

// TestWBF25Blitz ties the table to an independent statement: the WBF
// Scoring Committee (2012) said the blitz of its new scales, 15·√boards
// IMPs, is about the 25-2 of the old scales. For every column of the source
// the blitz margin, rounded to the nearest IMP, scores 25-2.
func TestWBF25Blitz(t *testing.T) {
	for boards := range wbf25Source(t) {
		blitz := int(math.Round(15 * math.Sqrt(float64(boards))))
		if us, them := VP(blitz, boards, WBF25); us != 25 || them != 2 {
			t.Errorf("%d boards: blitz %d IMPs scores %g-%g on the old scale, want 25-2", boards, blitz, us, them)
		}
	}
}

// TestWBF25Concavity: the WBF technical report says the old scales broke
// concavity at small margins; in the source every column's 16-14 band is
// wider than its 17-13 band. A check that the data is the old scale, not a
// smoothed reconstruction.
func TestWBF25Concavity(t *testing.T) {
	for boards, tops := range wbf25Source(t) {
		if w16, w17 := tops[1]-tops[0], tops[2]-tops[1]; w16 <= w17 {
			t.Errorf("%d boards: 16-14 band %d wide, 17-13 band %d wide", boards, w16, w17)
		}
	}
}

// TestWBF25ByName: the scale is reachable by name for `bridgetd vp --scale
// wbf25`.
func TestWBF25ByName(t *testing.T) {
	for _, n := range []string{"wbf25", "WBF25", "wbf-25"} {
		s, err := ScaleByName(n)
		if err != nil || s != WBF25 {
			t.Errorf("ScaleByName(%q) = %v, %v", n, s, err)
		}
	}
}

// TestWBF25Forfeit: NSWBA 13.9: a forfeit scores 18 of 30 VPs, and when
// IMPs are needed the non-offenders get the most IMPs that earn 18 VPs: the
// top of the 18-12 band of the WBF scale (testdata/wbf25.txt, fourth figure).
func TestWBF25Forfeit(t *testing.T) {
	cases := []struct{ boards, want int }{
		{8, 11}, {12, 12}, {16, 15}, {20, 16}, {24, 19}, {28, 20}, {32, 22},
		{14, 12}, // no 14-board column: the 12-board one
	}
	for _, c := range cases {
		if m, ok := ForfeitIMPs(WBF25, c.boards, regulation.NSWBA2011().ForfeitVP); !ok || m != c.want {
			t.Errorf("NSWBA 13.9: forfeit over %d boards: %d IMPs (%v), want %d", c.boards, m, ok, c.want)
		}
	}
}

// TestWBF25Unplayed: NSWBA 13.10 with the real scale: for 8 or more
// unplayed boards, M/U IMPs a board, M the top of the 18-VP band for U
// boards (or the nearest lower column), to the nearest half IMP with
// quarters up.
func TestWBF25Unplayed(t *testing.T) {
	cases := []struct {
		u    int
		want float64
	}{
		{3, 2},    // 1-3 boards: 2 a board
		{5, 1},    // 4-7 boards: 1 a board
		{8, 1.5},  // 11/8 = 1.375 → 1.5
		{9, 1},    // 8-board column: 11/9 = 1.22 → 1
		{12, 1},   // 12/12 = 1
		{13, 1},   // the regulation's own example: the 12-board scale, 12/13 = 0.92 → 1
		{16, 1},   // 15/16 = 0.94 → 1
		{20, 1},   // 16/20 = 0.8 → 1
		{24, 1},   // 19/24 = 0.79 → 1
		{28, 0.5}, // 20/28 = 0.71 → 0.5
		{32, 0.5}, // 22/32 = 0.69 → 0.5
		{11, 1},   // 11/11 = 1
		{10, 1},   // 11/10 = 1.1 → 1
	}
	for _, c := range cases {
		if got, ok := UnplayedIMPs(regulation.NSWBA2011(), c.u, WBF25); !ok || got != c.want {
			t.Errorf("NSWBA 13.10: %d unplayed: %g (%v), want %g", c.u, got, ok, c.want)
		}
	}
}
