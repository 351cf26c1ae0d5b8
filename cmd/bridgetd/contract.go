package main

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
)

func init() {
	register(&command{
		name:    "contract",
		usage:   "CONTRACT DECLARER TRICKS [--vul NONE|NS|EW|ALL]",
		summary: "print the duplicate score of a result from North-South's side (Law 77)",
		run:     runContract,
	})
}

func runContract(e *env, args []string) error {
	c := commands["contract"]
	fs := newFlagSet(e, c)
	vulFlag := fs.String("vul", "NONE", "vulnerability: NONE, NS, EW or ALL")
	pos, err := parseArgs(fs, args, 3)
	if err != nil {
		return err
	}
	contract, err := bridge.ParseContract(pos[0])
	if err != nil {
		return fmt.Errorf("contract %q: %w", pos[0], err)
	}
	declarer, err := bridge.ParseSeat(pos[1])
	if err != nil {
		return fmt.Errorf("declarer: %w", err)
	}
	tricks, err := event.ParseTricks(pos[2], contract)
	if err != nil {
		return fmt.Errorf("tricks: %w", err)
	}
	vul, err := bridge.ParseVulnerability(*vulFlag)
	if err != nil {
		return fmt.Errorf("--vul: %w", err)
	}
	fmt.Fprintln(e.stdout, bridge.Score(contract, declarer, tricks, vul))
	return nil
}
