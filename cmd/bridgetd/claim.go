package main

import (
	"fmt"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/laws"
)

func init() {
	register(&command{
		name:    "claim",
		usage:   "--deal PBN --trump STRAIN --leader SEAT --claimer SEAT --tricks N [--statement TEXT] [--trick CARDS] [--declarer SEAT] [--kind contested|concession|acquiesced] [--shown SEAT:SUITS…] [--aware] [--edition 1997|2017] [--json]",
		summary: "adjudicate one claim or concession (Laws 68-71) and explain the line assumed, card by card",
		run:     runClaim,
	})
}

func runClaim(e *env, args []string) error {
	c := commands["claim"]
	fs := newFlagSet(e, c)
	dealFlag := fs.String("deal", "", "the cards still held, in PBN (N:♠.♥.♦.♣ E… S… W…)")
	trumpFlag := fs.String("trump", "NT", "the contract's strain: S, H, D, C or NT")
	leaderFlag := fs.String("leader", "", "the seat that led (or leads) the current trick")
	trickFlag := fs.String("trick", "", "cards already on the current trick, in order (e.g. \"S4 S9\")")
	declFlag := fs.String("declarer", "", "declarer (default: the claimer)")
	claimerFlag := fs.String("claimer", "", "the seat who claimed or conceded")
	tricksFlag := fs.Int("tricks", -1, "tricks claimed of those left (for a concession: tricks conceded)")
	stFlag := fs.String("statement", "", "the claimer's statement (laws/FORMAT.md, \"Claim statements\")")
	kindFlag := fs.String("kind", laws.Contested, "contested, concession or acquiesced")
	shownFlag := fs.String("shown", "", "suits players showed out of before the claim, e.g. \"E:S W:HD\"")
	aware := fs.Bool("aware", false, "the Director finds the claimer surely knew of an outstanding trump (70C2)")
	edFlag := fs.String("edition", "2017", "code of laws: 1997 or 2017")
	asJSON := fs.Bool("json", false, "print the award as JSON")
	if _, err := parseArgs(fs, args, 0); err != nil {
		return err
	}
	ed, err := laws.ParseEdition(*edFlag)
	if err != nil {
		return fmt.Errorf("--edition: %w", err)
	}
	var pos laws.ClaimPosition
	if pos.Hands, err = bridge.ParseDeal(*dealFlag); err != nil {
		return fmt.Errorf("--deal: %w", err)
	}
	if pos.Trump, err = bridge.ParseStrain(*trumpFlag); err != nil {
		return fmt.Errorf("--trump: %w", err)
	}
	claimer, err := bridge.ParseSeat(*claimerFlag)
	if err != nil {
		return fmt.Errorf("--claimer: %w", err)
	}
	if pos.Leader, err = bridge.ParseSeat(*leaderFlag); err != nil {
		return fmt.Errorf("--leader: %w", err)
	}
	pos.Declarer = claimer
	if *declFlag != "" {
		if pos.Declarer, err = bridge.ParseSeat(*declFlag); err != nil {
			return fmt.Errorf("--declarer: %w", err)
		}
	}
	if pos.Trick, err = laws.ParseCards(*trickFlag); err != nil {
		return fmt.Errorf("--trick: %w", err)
	}
	if pos.Shown, err = laws.ParseShown(*shownFlag); err != nil {
		return fmt.Errorf("--shown: %w", err)
	}
	if *tricksFlag < 0 {
		return fmt.Errorf("--tricks: the number of tricks claimed (or conceded) is required")
	}
	st, err := laws.ParseStatement(*stFlag)
	if err != nil {
		return fmt.Errorf("--statement: %w", err)
	}
	aw, err := laws.Adjudicate(ed, *kindFlag, pos, laws.Claim{Claimer: claimer, Tricks: *tricksFlag, Statement: st, Aware: *aware})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, awardJSON(aw))
	}
	fmt.Fprint(e.stdout, aw.Explain())
	return nil
}

// awardJSON is the JSON form of an award.
func awardJSON(aw laws.Award) any {
	line := append([]laws.LineCard{}, aw.Line...) // {seat, card, why}; [] when empty
	return map[string]any{"remaining": aw.Remaining, "claimed": aw.Claimed, "awarded": aw.Tricks,
		"restorable": aw.Restorable, "double_dummy": aw.DoubleDummy, "law": aw.Law, "reasons": aw.Reasons, "line": line}
}
