package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/bridgetd/bridgetd/internal/server"
)

func init() {
	register(&command{
		name:    "serve",
		usage:   "[--addr 127.0.0.1:8080] [--db bridgetd.db] [--demo] [--dd-memory MB] [--password PW|-]",
		summary: "run an event live: the director's console, score entry at the tables, live results (on an SQLite database)",
		run:     runServe,
	})
}

func runServe(e *env, args []string) error {
	c := commands["serve"]
	fs := newFlagSet(e, c)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (0.0.0.0:8080 for the phones at the tables)")
	db := fs.String("db", "", "SQLite database file, created if missing (default bridgetd.db; with --demo a new file)")
	demo := fs.Bool("demo", false, "start on a fresh database with a demo event: a 3-table Mitchell with dealt boards")
	ddMB := fs.Int("dd-memory", server.DefaultDDMemory>>20, "megabytes shared by the double-dummy solvers' tables")
	password := fs.String("password", "", "set the director's password (stored hashed; at least 8 characters); - reads it from the first line of standard input")
	if _, err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	if *ddMB <= 0 {
		return fmt.Errorf("--dd-memory %d: want a positive number of megabytes", *ddMB)
	}
	if *password == "-" {
		line, err := bufio.NewReader(e.stdin).ReadString('\n')
		if err != nil && line == "" {
			return fmt.Errorf("--password -: no password on standard input: %w", err)
		}
		*password = strings.TrimRight(line, "\r\n")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return server.Run(ctx, server.Config{Addr: *addr, DB: *db, Demo: *demo, Out: e.stdout, DDMemory: *ddMB << 20, Password: *password})
}
