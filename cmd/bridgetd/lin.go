package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/bridgetd/bridgetd/lin"
	"github.com/bridgetd/bridgetd/pbn"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "lin",
		usage:   "[-o FILE.pbn] [--logs DIR] FILE.lin",
		summary: "convert a BBO LIN or vugraph file to PBN (auctions and plays checked against the laws), and to table logs for rule",
		run:     runLin,
	})
}

func runLin(e *env, args []string) error {
	c := commands["lin"]
	fs := newFlagSet(e, c)
	out := fs.String("o", "", "write the PBN to this file instead of standard output")
	logs := fs.String("logs", "", "also write each table's log (for bridgetd rule) into this directory, as board-N-ROOM.log")
	pos, err := parseArgs(fs, args, 1)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := textfile.Same(*out, pos[0]); err != nil {
			return err
		}
	}
	fh, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer fh.Close()
	r, err := textfile.NewReader(fh, pos[0])
	if err != nil {
		return err
	}
	deals, err := lin.Decode(r, pos[0])
	if err != nil {
		return err
	}
	f := &pbn.File{}
	for _, d := range deals {
		f.Append(lin.Game(d))
	}
	if *logs != "" {
		if err := os.MkdirAll(*logs, 0o755); err != nil {
			return err
		}
		for i, d := range deals {
			name := fmt.Sprintf("board-%d", d.Board)
			if d.Board == 0 {
				name = fmt.Sprintf("deal-%d", i+1)
			}
			if d.Room != "" {
				name += "-" + d.Room
			}
			if err := textfile.WriteAtomic(filepath.Join(*logs, name+".log"), []byte(lin.Log(d))); err != nil {
				return err
			}
		}
	}
	return writeOutput(e, *out, func(w io.Writer) error { return f.Encode(w) })
}
