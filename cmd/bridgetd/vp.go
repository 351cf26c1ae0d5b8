package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/score"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "vp",
		usage:   "--boards N [--scale wbf2013|wbf-discrete|acbl30|wbf25|TABLE-FILE] [--json] IMPS",
		summary: "convert an IMP margin into Victory Points",
		run:     runVP,
	})
}

func runVP(e *env, args []string) error {
	c := commands["vp"]
	fs := newFlagSet(e, c)
	boards := fs.Int("boards", 0, "boards in the match (required, 1-1000)")
	scaleName := fs.String("scale", "wbf2013", "VP scale: "+strings.Join(score.ScaleNames, ", ")+", or a file holding a table: 'boards 6-8' lines, each followed by rows 'MARGIN WIN-LOSE' such as '3-4 20-10'")
	asJSON := fs.Bool("json", false, "write JSON")
	// A negative margin (a loss) looks like a flag: take it out first.
	var rest, neg []string
	for i, a := range args {
		if _, err := strconv.Atoi(a); err == nil && strings.HasPrefix(a, "-") && (i == 0 || !vpTakesValue(args[i-1])) {
			neg = append(neg, a)
			continue
		}
		rest = append(rest, a)
	}
	pos, err := parseFlags(fs, rest)
	if err != nil {
		return err
	}
	pos = append(pos, neg...)
	if len(pos) != 1 || *boards < 1 || *boards > 1000 {
		if *boards < 1 || *boards > 1000 {
			fmt.Fprintf(e.stderr, "bridgetd vp: --boards %d: want the boards of a match, 1-1000\n", *boards)
		}
		fs.Usage()
		return errUsage
	}
	imps, err := strconv.Atoi(strings.TrimPrefix(pos[0], "+"))
	if err != nil {
		fmt.Fprintf(e.stderr, "bridgetd vp: %q is not a whole number of IMPs\n", pos[0])
		return errUsage
	}
	s, err := score.ScaleByName(*scaleName)
	if err != nil {
		f, ferr := os.Open(*scaleName)
		if ferr != nil {
			return err
		}
		defer f.Close()
		r, rerr := textfile.NewReader(f, *scaleName)
		if rerr != nil {
			return rerr
		}
		t, perr := score.ParseVPTable(r)
		if perr != nil {
			return fmt.Errorf("%s: %w", *scaleName, perr)
		}
		s = t
	}
	us, them := score.VP(imps, *boards, s)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		return enc.Encode(struct {
			IMPs   int     `json:"imps"`
			Boards int     `json:"boards"`
			Scale  string  `json:"scale"`
			VP     float64 `json:"vp"`
			OppVP  float64 `json:"opponents_vp"`
		}{imps, *boards, *scaleName, us, them})
	}
	if _, err := fmt.Fprintf(e.stdout, "%s-%s\n", vpFormat(us), vpFormat(them)); err != nil {
		return fmt.Errorf("writing standard output: %w", err)
	}
	return nil
}

// vpTakesValue reports whether a flag of vp takes the next argument as
// its value.
func vpTakesValue(a string) bool {
	a = strings.TrimLeft(a, "-")
	return (a == "boards" || a == "scale") && !strings.Contains(a, "=")
}

// vpFormat writes VPs with two decimals, or none for a whole number.
func vpFormat(v float64) string {
	if v == float64(int(v)) {
		return strconv.Itoa(int(v))
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}
