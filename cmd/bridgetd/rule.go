package main

import (
	"fmt"
	"io"
	"os"

	"github.com/bridgetd/bridgetd/laws"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "rule",
		usage:   "[--edition 1997|2017] [FILE|-]",
		summary: "rule on auction irregularities in a table log (laws/FORMAT.md) and print the rulings as JSON",
		run:     runRule,
	})
}

func runRule(e *env, args []string) error {
	c := commands["rule"]
	fs := newFlagSet(e, c)
	edition := fs.String("edition", "", "code of laws: 1997 or 2017 (default: the log's, else 2017)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		fs.Usage()
		return errUsage
	}
	var ed laws.Edition
	if *edition != "" {
		if ed, err = laws.ParseEdition(*edition); err != nil {
			fmt.Fprintln(e.stderr, err)
			fs.Usage()
			return errUsage
		}
	}
	var in io.Reader = e.stdin
	name := "standard input"
	if len(pos) == 1 && pos[0] != "-" {
		name = pos[0]
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	// textfile: a BOM is dropped, a UTF-16 or binary file named.
	if in, err = textfile.NewReader(in, name); err != nil {
		return err
	}
	res, err := laws.Rule(in, ed)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return writeJSON(e.stdout, res)
}
