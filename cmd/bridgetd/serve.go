package main

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/bridgetd/bridgetd/internal/server"
)

func init() {
	register(&command{
		name:    "serve",
		usage:   "[--addr 127.0.0.1:8080] [--db bridgetd.db|postgres://…] [--demo] [--dd-memory MB] [--password PW|-] [--drain 0s]",
		summary: "run an event live: the director's console, score entry at the tables, live results (on SQLite, or PostgreSQL shared by several instances)",
		run:     runServe,
	})
}

func runServe(e *env, args []string) error {
	c := commands["serve"]
	fs := newFlagSet(e, c)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (0.0.0.0:8080 for the phones at the tables)")
	db := fs.String("db", "", "SQLite database file, created if missing (default bridgetd.db; with --demo a new file), or a PostgreSQL URL postgres://user:pw@host/db that several instances share")
	demo := fs.Bool("demo", false, "start on a fresh database with a demo event: a 3-table Mitchell with dealt boards")
	ddMB := fs.Int("dd-memory", server.DefaultDDMemory>>20, "megabytes shared by the double-dummy solvers' tables")
	drain := fs.Duration("drain", 0, "on SIGTERM or SIGINT, keep serving this long with /readyz answering 503 before stopping (behind a load balancer: its probe interval and a bit)")
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
	// Serve mode logs JSON, one line per request, on standard error.
	log := slog.New(slog.NewJSONHandler(e.stderr, nil))
	return server.Run(ctx, server.Config{Addr: *addr, DB: *db, Demo: *demo, Out: e.stdout, Log: log, DDMemory: *ddMB << 20, Password: *password, Drain: *drain})
}
