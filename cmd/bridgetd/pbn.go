package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/bridgetd/bridgetd/pbn"
)

func init() {
	register(&command{
		name:    "pbn",
		usage:   "check FILE... | fmt FILE",
		summary: "check PBN files against the laws (exit 1 and FILE:LINE: messages on problems) or print one in canonical form",
		run:     runPBN,
	})
}

func runPBN(e *env, args []string) error {
	c := commands["pbn"]
	fs := newFlagSet(e, c)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: bridgetd pbn %s

  check FILE...  read each file and check every game against the bridge model:
                 the deal (52 distinct cards, 13 each), the auction (legal calls,
                 Laws 17-21; its contract and declarer match the tags), the play
                 (opening lead by declarer's LHO, cards held, suit followed,
                 Laws 41-44; a complete play matches the Result), table rows.
                 Prints FILE:LINE: message on standard error for each problem
                 and exits 1 if there is any. "-" reads standard input.
  fmt FILE       print the file in canonical PBN 2.1 export form.
`, c.usage)
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 || (pos[0] == "fmt" && len(pos) != 2) || (pos[0] != "fmt" && pos[0] != "check") {
		fs.Usage()
		return errUsage
	}
	if pos[0] == "fmt" {
		f, err := readPBN(e, pos[1])
		if err != nil {
			return err
		}
		return f.Format(e.stdout)
	}
	bad := false
	for _, name := range pos[1:] {
		f, err := readPBN(e, name)
		if err != nil {
			var pe *pbn.Error
			if !errors.As(err, &pe) {
				return err
			}
			fmt.Fprintln(e.stderr, pe)
			bad = true
			continue
		}
		for _, p := range f.Check() {
			fmt.Fprintln(e.stderr, p)
			bad = true
		}
	}
	if bad {
		return exitError{1}
	}
	return nil
}

// readPBN decodes the named file, or standard input for "-".
func readPBN(e *env, name string) (*pbn.File, error) {
	if name == "-" {
		f, err := pbn.Decode(e.stdin)
		if f != nil {
			f.Name = "-"
		}
		var pe *pbn.Error
		if errors.As(err, &pe) {
			pe.File = "-"
		}
		return f, err
	}
	if _, err := os.Stat(name); err != nil {
		return nil, err
	}
	return pbn.ReadFile(name)
}
