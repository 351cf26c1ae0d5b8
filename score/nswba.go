package score

import (
	"math"
	"sync"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/regulation"
)

// AverageIMPs returns the IMPs of average-plus (and, negated, of
// average-minus) under profile p: p.AverageIMPsShort in Butler pairs and in
// matches of fewer than p.LongMatchBoards boards, p.AverageIMPsLong in
// longer ones (NSWBA 8.3: 2, 3 from 11 boards).
func AverageIMPs(p *regulation.Profile, boards int, butlerPairs bool) float64 {
	if butlerPairs || boards < p.LongMatchBoards {
		return p.AverageIMPsShort
	}
	return p.AverageIMPsLong
}

// Discrepancy is what a director may do about a traveller score that does
// not agree with its contract, declarer and tricks (NSWBA 13.6).
type Discrepancy uint8

// The outcomes of NSWBA 13.6.
const (
	// ScoreAgrees: the score is the one the contract and tricks give.
	ScoreAgrees Discrepancy = iota
	// ImpossibleScore: no result on the board gives the recorded score;
	// the director corrects it (13.6(a)).
	ImpossibleScore
	// VulnerabilityError: the recorded score is right for the other
	// vulnerability; the director corrects it (13.6(b)).
	VulnerabilityError
	// WrongSide: the score is on the wrong side; it may not be changed,
	// and the board is treated as fouled for the round with average to
	// both sides (13.6).
	WrongSide
	// ScoreStands: the score is possible but disagrees; without the
	// players the director may not change it (13.6).
	ScoreStands
)

// String describes the outcome.
func (d Discrepancy) String() string {
	switch d {
	case ScoreAgrees:
		return "score agrees"
	case ImpossibleScore:
		return "impossible score: corrected"
	case VulnerabilityError:
		return "vulnerability error: corrected"
	case WrongSide:
		return "score on the wrong side: average to both"
	case ScoreStands:
		return "discrepancy: recorded score stands"
	}
	return "Discrepancy(?)"
}

// CheckScore compares a recorded North-South score with the contract,
// declarer and tricks on a traveller row (NSWBA 13.6) and returns what the
// director may do and the score to use. For WrongSide the score to use is
// the recorded one; the caller awards average to both (see Result).
// Contract and tricks must be valid (see TableScore).
func CheckScore(c bridge.Contract, declarer bridge.Seat, tricks int, v bridge.Vulnerability, recorded int) (Discrepancy, int, error) {
	want, err := TableScore(c, declarer, tricks, v)
	if err != nil {
		return ScoreStands, recorded, err
	}
	switch {
	case recorded == want:
		return ScoreAgrees, want, nil
	case recorded == -want:
		return WrongSide, recorded, nil
	}
	// The same result at the declarer's other vulnerability.
	other := c.Score(tricks, !v.SeatVulnerable(declarer))
	if declarer.Side() == bridge.EW {
		other = -other
	}
	if recorded == other {
		return VulnerabilityError, want, nil
	}
	if !PossibleScore(recorded, v) {
		return ImpossibleScore, want, nil
	}
	return ScoreStands, recorded, nil
}

// PossibleScore reports whether some result on a board of vulnerability v
// (a contract, declarer and number of tricks, or a pass-out) gives
// North-South the score s: a score no result can give is impossible
// (NSWBA 13.6(a)).
func PossibleScore(s int, v bridge.Vulnerability) bool {
	if int(v) >= len(possibleScores) {
		return false
	}
	_, ok := possibleScores[v]()[s]
	return ok
}

// possibleScores holds, for each vulnerability, every North-South score a
// result can give: every contract, doubled or not, by either side, with 0
// to 13 tricks, and 0 for a pass-out. Each set is built once, when first
// asked for.
var possibleScores = [4]func() map[int]struct{}{
	sync.OnceValue(func() map[int]struct{} { return scoresAt(bridge.NoneVul) }),
	sync.OnceValue(func() map[int]struct{} { return scoresAt(bridge.NSVul) }),
	sync.OnceValue(func() map[int]struct{} { return scoresAt(bridge.EWVul) }),
	sync.OnceValue(func() map[int]struct{} { return scoresAt(bridge.AllVul) }),
}

func scoresAt(v bridge.Vulnerability) map[int]struct{} {
	out := map[int]struct{}{0: {}}
	for level := uint8(1); level <= 7; level++ {
		for st := bridge.Strain(0); st < bridge.NumStrains; st++ {
			for r := bridge.Undoubled; r <= bridge.Redoubled; r++ {
				c := bridge.Contract{Level: level, Strain: st, Risk: r}
				for _, d := range []bridge.Seat{bridge.North, bridge.East} {
					for t := 0; t <= 13; t++ {
						out[bridge.Score(c, d, t, v)] = struct{}{}
					}
				}
			}
		}
	}
	return out
}

// HalfMatchVP returns the victory points of a pair that played only half a
// match in a Swiss pairs event with an odd number of pairs (NSWBA 13.7):
// in a match of fewer than doubleBelow boards (the profile's
// HalfMatchDoubleBelow, 12) the IMP difference is doubled and converted on
// the match's scale (13.7(a)); otherwise it is converted on the scale for
// the boards played (13.7(b)).
func HalfMatchVP(imps, played, matchBoards, doubleBelow int, s Scale) (us, them float64) {
	if matchBoards < doubleBelow {
		return s.VP(2*imps, matchBoards)
	}
	return s.VP(imps, played)
}

// SitOutAverage returns the average North-South and East-West IMPs scored
// on a board by the pairs who played it, to be given to a pair that sat
// out in a median-scored IMP pairs event (NSWBA 13.8). Under a median the
// averages need not be 0; they are taken direction by direction, since
// over both directions they always cancel. Artificial rows are left out.
func SitOutAverage(rs []Result, sc []Scored) (ns, ew float64) {
	n := 0
	for i := range rs {
		if rs[i].Kind == Artificial || i >= len(sc) {
			continue
		}
		ns += sc[i].NS
		ew += sc[i].EW
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return ns / float64(n), ew / float64(n)
}

// ForfeitIMPs returns the IMPs a forfeit's VP award stands for when IMPs
// are needed (NSWBA 13.9): the most IMPs that earn vp on scale s for a
// match of boards boards. The offenders get the negative.
func ForfeitIMPs(s Scale, boards int, vp float64) (int, bool) {
	return MaxMargin(s, boards, vp)
}

// UnplayedIMPs returns the IMPs assigned per unplayed board when boards
// cannot be played through no fault of the players, under profile p: the
// figure of the first of p.UnplayedIMPs's bands that covers the number
// unplayed (NSWBA 13.10: 2 a board for 1–3 boards, 1 for 4–7), and beyond
// the last band M/U, where M is the most IMPs that score
// p.UnplayedFormulaVP (18) on scale s for U boards, rounded to the nearest
// p.UnplayedRounding (half an IMP, quarters rounded up). The regulation
// (2011) means the WBF scale of its day, on which a match had 30 VPs; pass
// that table (a VPTable finds the nearest lower board count itself). ok is
// false when the scale has no band at the formula's VPs.
func UnplayedIMPs(p *regulation.Profile, unplayed int, s Scale) (perBoard float64, ok bool) {
	if unplayed <= 0 {
		return 0, true
	}
	for _, b := range p.UnplayedIMPs {
		if unplayed <= b.MaxBoards {
			return b.IMPsPerBoard, true
		}
	}
	m, ok := MaxMargin(s, unplayed, p.UnplayedFormulaVP)
	if !ok {
		return 0, false
	}
	x := float64(m) / float64(unplayed)
	if step := p.UnplayedRounding; step > 0 {
		x = math.Floor(x/step+0.5) * step
	}
	return x, true
}

// Fouled returns the profile's fouled-board rule for IMP scoring against a
// datum (NSWBA 8.1 in the 2011 profile: a separate datum from 4 tables or
// a third of the field, otherwise 2 IMPs to both pairs).
func Fouled(p *regulation.Profile) FouledRule {
	return FouledRule{MinTables: p.FouledMinTables, MinFraction: p.FouledMinFraction, Award: p.FouledIMPs}
}
