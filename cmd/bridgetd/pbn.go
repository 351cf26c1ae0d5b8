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
                 Laws 41-44; a complete play matches the Result), table rows,
                 a DoubleDummyTricks tag the deal can give (run "bridgetd solve"
                 to recompute one). Prints FILE:LINE: message on standard error
                 for each problem and exits 1 if there is any, or if a file is
                 empty. "-" reads standard input.
  fmt FILE       print the file in canonical PBN 2.1 export form.

Files are read one game at a time: memory does not grow with the file.
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
		d, done, err := openPBN(e, pos[1])
		if err != nil {
			return err
		}
		defer done()
		out, _ := openOutput(e, "")
		if err := d.FormatAll(out); err != nil {
			return err
		}
		return out.Close()
	}
	bad := false
	for _, name := range pos[1:] {
		d, done, err := openPBN(e, name)
		if err != nil {
			return err
		}
		err = d.CheckAll(func(p *pbn.Error) {
			fmt.Fprintln(e.stderr, p)
			bad = true
		})
		done()
		if err != nil {
			var pe *pbn.Error
			if !errors.As(err, &pe) {
				return err
			}
			fmt.Fprintln(e.stderr, pe)
			bad = true
		}
	}
	if bad {
		return exitError{1}
	}
	return nil
}

// openPBN returns a decoder reading the named file one game at a time, or
// standard input for "-", and the function that closes it.
func openPBN(e *env, name string) (*pbn.Decoder, func(), error) {
	if name == "-" {
		return pbn.NewDecoder(e.stdin, "-"), func() {}, nil
	}
	f, err := openFile(name)
	if err != nil {
		return nil, nil, err
	}
	return pbn.NewDecoder(f, name), func() { f.Close() }, nil
}

// openFile opens a named input file; a directory is refused.
func openFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s: is a directory, not a file", name)
	}
	return f, nil
}

// readPBN reads the whole of the named file, or standard input for "-",
// for commands that need every game at once.
func readPBN(e *env, name string) (*pbn.File, error) {
	if name == "-" {
		return pbn.NewDecoder(e.stdin, "-").ReadAll()
	}
	return pbn.ReadFile(name)
}
