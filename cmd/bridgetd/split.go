package main

import (
	"fmt"
	"math"
	"strconv"

	"github.com/bridgetd/bridgetd/score"
)

func init() {
	register(&command{
		name:    "split",
		usage:   "--actual A --assigned B --without-error C [--top T]",
		summary: "split a non-offending side's damage into its real and self-inflicted parts (Law 12C1(b))",
		run:     runSplit,
	})
}

// runSplit works out the Law 12C1(b) adjusted scores: every figure is the
// non-offending side's, in IMPs or, with --top, matchpoints on that top.
func runSplit(e *env, args []string) error {
	c := commands["split"]
	fs := newFlagSet(e, c)
	actual := fs.String("actual", "", "the non-offending side's table result, with its serious error")
	assigned := fs.String("assigned", "", "its score had the infraction not occurred (the Law 12C1(c) assigned score)")
	without := fs.String("without-error", "", "its score after the infraction had it not made the serious error")
	top := fs.String("top", "", "matchpoint top, when the figures are matchpoints (default: IMPs)")
	if _, err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	num := func(flag, s string) (float64, error) {
		v, err := strconv.ParseFloat(s, 64)
		if s == "" || err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
			return 0, fmt.Errorf("--%s %q: want a number (IMPs or matchpoints)", flag, s)
		}
		return v, nil
	}
	a, err := num("actual", *actual)
	if err != nil {
		return err
	}
	b, err := num("assigned", *assigned)
	if err != nil {
		return err
	}
	w, err := num("without-error", *without)
	if err != nil {
		return err
	}
	nos, os, k := score.SelfInflicted(a, b, w)
	offenders, unit := -os, "IMPs"
	if *top != "" {
		t, err := num("top", *top)
		if err != nil || t <= 0 || a > t || b > t || w > t || a < 0 || b < 0 || w < 0 {
			return fmt.Errorf("--top %q: want a positive top, and matchpoints from 0 to it", *top)
		}
		offenders, unit = t-os, "matchpoints"
	}
	fmt.Fprintf(e.stdout, "Law 12C1(b): %s\n", k)
	fmt.Fprintf(e.stdout, "non-offending side: %s %s\n", fmtFigure(nos), unit)
	fmt.Fprintf(e.stdout, "offending side:     %s %s\n", fmtFigure(offenders), unit)
	return nil
}

// fmtFigure writes a score with at most two decimals and no trailing zeros.
func fmtFigure(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100+0, 'f', -1, 64)
}
