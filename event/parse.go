package event

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/score"
)

// ParseResult reads a result as a director types it:
//
//	BOARD CONTRACT DECLARER TRICKS   "5 4S N 10", "5 4S N +1", "5 4SX E -2", "5 3NT S ="
//	BOARD Pass                       "7 Pass"
//	BOARD =SCORE                     "3 =-100", an assigned NS score
//	BOARD =NS/EW                     "3 =420/-50", a split score (Law 12C1(b))
//	BOARD =SCORE@SHARE ...           "3 =420@0.6 =-50@0.4", a weighted score (Law 12C1(c))
//	BOARD NS/EW                      "3 A+/A-", an artificial score (Law 12C2), each A+, A or A-
//	BOARD seen                       "3 seen", average-minus to both: the traveller was seen (NSWBA 13.11)
//	BOARD unplayed                   "3 unplayed", not played through no fault of the players (NSWBA 13.10)
//	BOARD 82C                        "3 82C", average-plus to both: the Director's own error (Law 82C)
//	BOARD pad SIDE                   "3 pad NS", NS mis-marked the bidding pad and the other side declined it (NSWBA 6.2.3)
//
// and after any of them "turned" for a board played turned through 90°
// (NSWBA 8.4), "form=N" for the N-th fouled form of the board (Law 87).
//
// TRICKS is the number of tricks declarer took (0–13), or relative to the
// contract: "=" made exactly, "+N" N overtricks, "-N" N down (see
// ParseTricks). Every field must be whole and valid: a line with a bad
// field is refused with an error naming the field (ErrBadResult); nothing
// is read from a prefix. An assigned score must be one some result on the
// board can give (NSWBA 13.6(a)).
func ParseResult(s string) (Result, error) {
	f := strings.Fields(strings.NewReplacer(":", " ", ",", " ").Replace(s))
	bad := func(field, why string) (Result, error) {
		if field != "" {
			why = field + ": " + why
		}
		return Result{}, fmt.Errorf("result %q: %s: %w", s, why, ErrBadResult)
	}
	if len(f) < 2 {
		return bad("", "want BOARD CONTRACT DECLARER TRICKS or BOARD =SCORE")
	}
	var r Result
	var ok bool
	if r.Board, ok = digits(f[0]); !ok || r.Board < 1 || r.Board > MaxBoard {
		return bad("board", fmt.Sprintf("%q is not a board number 1-%d", f[0], MaxBoard))
	}
	// Trailing marks: a turned board, a fouled form.
	for len(f) > 2 {
		last := f[len(f)-1]
		if last == "turned" {
			r.Turned = true
		} else if v, ok := strings.CutPrefix(last, "form="); ok {
			n, isNum := digits(v)
			if !isNum || n < 1 {
				return bad("form", fmt.Sprintf("%q: want form=N, N from 1, the fouled form played (Law 87)", last))
			}
			r.Form = n
		} else {
			break
		}
		f = f[:len(f)-1]
	}
	vul := bridge.Board(r.Board).Vulnerability()
	switch {
	case f[1] == "unplayed":
		if len(f) != 2 {
			return bad("", "an unplayed board stands alone: BOARD unplayed")
		}
		r.Unplayed = true
		return r, r.Complete()
	case f[1] == "seen":
		if len(f) != 2 {
			return bad("", "a seen traveller stands alone: BOARD seen")
		}
		r.Award = seenTraveller()
		return r, r.Complete()
	case f[1] == "82C":
		if len(f) != 2 {
			return bad("", "a Director's error stands alone: BOARD 82C")
		}
		r.Award = DirectorError(laws.Edition2017)
		return r, r.Complete()
	case f[1] == "pad":
		// NSWBA 6.2.3: "BOARD pad NS", the side that marked the pad wrongly.
		if len(f) != 3 {
			return bad("", "a mis-marked bidding pad names the side that marked it: BOARD pad NS")
		}
		side, err := bridge.ParseSide(f[2])
		if err != nil {
			return bad("side", err.Error())
		}
		x, _ := MisMarkedPad(r.Board, side, false)
		x.Turned, x.Form = r.Turned, r.Form
		return x, x.Complete()
	case strings.HasPrefix(f[1], "A") && strings.Contains(f[1], "/"):
		if len(f) != 2 {
			return bad("", "an artificial score stands alone: BOARD A+/A-")
		}
		r.Award = f[1]
		if err := r.Complete(); err != nil {
			return bad("award", err.Error())
		}
		return r, nil
	}
	if rest, assigned := strings.CutPrefix(f[1], "="); assigned {
		if strings.Contains(rest, "@") {
			for _, x := range f[1:] {
				x, ok := strings.CutPrefix(x, "=")
				sc, w, ok2 := strings.Cut(x, "@")
				if !ok || !ok2 {
					return bad("weighted score", fmt.Sprintf("%q: want =SCORE@SHARE", x))
				}
				n, err := ParseScore(sc, vul)
				if err != nil {
					return bad("weighted score", err.Error())
				}
				share, err := strconv.ParseFloat(w, 64)
				if err != nil {
					return bad("weighted score", fmt.Sprintf("share %q is not a number", w))
				}
				r.Weighted = append(r.Weighted, Outcome{Score: n, Weight: share})
			}
			if err := r.Complete(); err != nil {
				return bad("weighted score", err.Error())
			}
			return r, nil
		}
		if len(f) != 2 {
			return bad("", "an assigned score stands alone: BOARD =SCORE")
		}
		nsS, ewS, split := strings.Cut(rest, "/")
		n, err := ParseScore(nsS, vul)
		if err != nil {
			return bad("assigned score", err.Error())
		}
		r.Score = n
		if split {
			e, err := ParseScore(ewS, vul)
			if err != nil {
				return bad("East–West's score", err.Error())
			}
			r.EWScore = &e
		}
		return r, nil
	}
	c, err := bridge.ParseContract(f[1])
	if err != nil {
		return bad("contract", fmt.Sprintf("%q is not a contract (want e.g. 4S, 3NTX, Pass)", f[1]))
	}
	r.Contract = &c
	if c.IsPassedOut() {
		if len(f) != 2 {
			return bad("", "a passed-out board has no declarer or tricks")
		}
		return r, r.Complete()
	}
	if len(f) != 4 {
		return bad("", "want BOARD CONTRACT DECLARER TRICKS")
	}
	if r.Declarer, err = bridge.ParseSeat(f[2]); err != nil {
		return bad("declarer", fmt.Sprintf("%q is not a seat (want N, E, S or W)", f[2]))
	}
	if r.Tricks, err = ParseTricks(f[3], c); err != nil {
		return bad("tricks", err.Error())
	}
	if err := r.Complete(); err != nil {
		return Result{}, fmt.Errorf("result %q: %w", s, err)
	}
	return r, nil
}

// MaxBoard is the highest board number a result may name.
const MaxBoard = 9999

// ParseTricks reads the tricks declarer took in contract c: a whole number
// 0–13, or relative to the contract as travellers write it: "=" made
// exactly, "+N" N overtricks, "-N" N down. A count the contract cannot
// have (5 overtricks in 3NT, 10 down in 2S) is refused. The minus sign
// (U+2212) and the en dash of printed travellers read as "-".
func ParseTricks(s string, c bridge.Contract) (int, error) {
	need := 6 + int(c.Level)
	for _, minus := range []string{"\u2212", "\u2013"} {
		if rest, ok := strings.CutPrefix(s, minus); ok {
			s = "-" + rest
		}
	}
	switch {
	case s == "=":
		return need, nil
	case strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-"):
		n, ok := digits(s[1:])
		if !ok || n < 1 {
			return 0, fmt.Errorf("%q: want a number of tricks 0-13, or =, +N or -N", s)
		}
		t := need + n
		if s[0] == '-' {
			t = need - n
		}
		if t < 0 || t > 13 {
			return 0, fmt.Errorf("%q: %s cannot be made with %s tricks", s, c, signed(t-need))
		}
		return t, nil
	}
	n, ok := digits(s)
	if !ok || n > 13 {
		return 0, fmt.Errorf("%q: want a number of tricks 0-13, or =, +N or -N", s)
	}
	return n, nil
}

func signed(n int) string { return fmt.Sprintf("%+d", n) }

// ParseScore reads an assigned North–South score on a board of
// vulnerability v: a whole number, signed or not, that some result on the
// board can give (NSWBA 13.6(a): a score no result gives is impossible).
func ParseScore(s string, v bridge.Vulnerability) (int, error) {
	t := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	n, ok := digits(t)
	if !ok || len(t) > 5 {
		return 0, fmt.Errorf("%q is not a score (want a whole number, e.g. -100)", s)
	}
	if strings.HasPrefix(s, "-") {
		n = -n
	}
	if !score.PossibleScore(n, v) {
		return 0, fmt.Errorf("%d: no result on the board gives that score (NSWBA 13.6(a)), vulnerability %v", n, v)
	}
	return n, nil
}

// digits reads s as a whole number of decimal digits, no sign, no spaces.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
