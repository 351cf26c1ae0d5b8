package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/bridgetd/bridgetd/internal/store"
	"github.com/bridgetd/bridgetd/textfile"
)

func init() {
	register(&command{
		name:    "db",
		usage:   "export --db DSN --event N [-o FILE] | import --db DSN FILE",
		summary: "move an event between databases (SQLite file or postgres:// URL) as an archive, with nothing lost",
		run:     runDB,
	})
}

const dbHelp = `Usage: bridgetd db export --db DSN --event N [-o FILE]
       bridgetd db import --db DSN FILE

export writes every row of event N (its pairs and players, boards and deals,
double-dummy tables, results with their states, corrections with who, when
and why, rulings, fines, director calls, postings and table codes) to a JSON
archive (bridgetd-archive/1), on standard output without -o. import loads an
archive into a database as a new event and prints its id; a bad archive is
refused with the place of the fault and writes nothing.

DSN is an SQLite file (bridgetd.db) or a PostgreSQL URL
(postgres://user@host:5432/db).
`

func runDB(e *env, args []string) error {
	c := commands["db"]
	fs := newFlagSet(e, c)
	fs.Usage = func() { fmt.Fprint(fs.Output(), dbHelp, "\nFlags:\n"); fs.PrintDefaults() }
	dsn := fs.String("db", "", "the database: an SQLite file or a postgres:// URL")
	id := fs.Int64("event", 0, "export: the event's id")
	out := fs.String("o", "", "export: the archive file (default standard output)")
	if len(args) == 0 || (args[0] != "export" && args[0] != "import") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fs.Usage()
			return nil
		}
		fs.Usage()
		return errUsage
	}
	verb := args[0]
	n := 0
	if verb == "import" {
		n = 1
	}
	pos, err := parseArgs(fs, args[1:], n)
	if err != nil {
		return err
	}
	if *dsn == "" {
		fs.Usage()
		return errUsage
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	if verb == "import" {
		f, err := os.Open(pos[0])
		if err != nil {
			return err
		}
		defer f.Close()
		r, err := textfile.NewReader(f, pos[0])
		if err != nil {
			return err
		}
		got, err := st.ImportArchive(ctx, r, pos[0])
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "imported %s as event %d\n", pos[0], got)
		return nil
	}
	if *id <= 0 {
		return fmt.Errorf("--event: want the id of the event to export")
	}
	return writeOutput(e, *out, func(w io.Writer) error { return st.ExportArchive(ctx, *id, w) })
}
