package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/movement"
)

func init() {
	register(&command{
		name:    "movement",
		usage:   "mitchell|howell|roundrobin|individual --tables N [--boards B | --per-round K] [--rounds R] [--pairs P] [--even skip|relay] [--json]",
		summary: "print a movement (Mitchell, Howell, teams round robin, individual) and its guide cards",
		run:     runMovement,
	})
}

func runMovement(e *env, args []string) error {
	c := commands["movement"]
	fs := newFlagSet(e, c)
	tables := fs.Int("tables", 0, fmt.Sprintf("number of tables: Mitchell 1-%d, Howell 2-%d, individual 2-3 (round robin: matches, i.e. teams/2)",
		movement.MaxMitchellTables, movement.MaxHowellTables))
	boards := fs.Int("boards", 0, "total boards in the movement (a multiple of the number of sets)")
	perRound := fs.Int("per-round", 0, fmt.Sprintf("boards per round, 1-%d (instead of --boards; default 2)", movement.MaxPerRound))
	rounds := fs.Int("rounds", 0, "rounds to play (default: the full movement)")
	pairs := fs.Int("pairs", 0, "number of pairs when one short of a full field (half table)")
	teams := fs.Int("teams", 0, fmt.Sprintf("round robin: number of teams, 2-%d (default 2×tables)", movement.MaxRoundRobinTeams))
	even := fs.String("even", "skip", "Mitchell with even tables: skip or relay (relay and bye stand)")
	moving := fs.Bool("moving-phantom", false, "Mitchell half table: the missing pair is East–West (a moving sit-out)")
	arrow := fs.String("arrow-switch", "", "Mitchell: comma-separated rounds played arrow-switched, e.g. 4,7")
	asJSON := fs.Bool("json", false, "print the movement and guide cards as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return errUsage
	}
	if *boards != 0 && *perRound != 0 {
		return fmt.Errorf("--boards %d and --per-round %d: give one or the other", *boards, *perRound)
	}
	per := *perRound
	if per == 0 {
		per = 2
	}
	var m *movement.Movement
	switch pos[0] {
	case "mitchell":
		o := movement.MitchellOptions{Tables: *tables, PerSet: per, Rounds: *rounds, Pairs: *pairs, MovingPhantom: *moving}
		switch *even {
		case "skip":
			o.Even = movement.Skip
		case "relay":
			o.Even = movement.RelayBye
		default:
			return fmt.Errorf("--even %q: want skip or relay", *even)
		}
		if o.ArrowSwitch, err = parseRounds(*arrow); err != nil {
			return fmt.Errorf("--arrow-switch: %w", err)
		}
		m, err = movement.NewMitchell(o)
	case "howell":
		m, err = movement.NewHowell(movement.HowellOptions{Tables: *tables, PerSet: per, Rounds: *rounds, Pairs: *pairs})
	case "roundrobin":
		m, err = movement.NewRoundRobin(movement.RoundRobinOptions{Teams: *teams, Tables: *tables, PerSet: per, Rounds: *rounds})
	case "individual":
		m, err = movement.NewIndividual(movement.IndividualOptions{Tables: *tables, PerSet: per, Rounds: *rounds})
	default:
		fmt.Fprintf(e.stderr, "bridgetd movement: unknown movement %q\n", pos[0])
		fs.Usage()
		return errUsage
	}
	if err != nil {
		return movementFlagError(err, pos[0], *tables, *teams, *pairs, *rounds, per, *perRound != 0, *arrow)
	}
	if *boards != 0 {
		if err := m.SetBoards(*boards); err != nil {
			return fmt.Errorf("--boards %d: %w", *boards, err)
		}
	}
	if *asJSON {
		out := struct {
			*movement.Movement
			TableCards   []movement.TableCard   `json:"tableCards"`
			ByeStandCard *movement.ByeStandCard `json:"byeStandCard,omitempty"`
			EntrantCards []movement.EntrantCard `json:"entrantCards"`
		}{m, m.TableCards(), m.ByeStandCard(), m.EntrantCards()}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	return m.WriteText(e.stdout)
}

// movementFlagError names the flag behind a movement package error.
func movementFlagError(err error, kind string, tables, teams, pairs, rounds, per int, perGiven bool, arrow string) error {
	switch {
	case errors.Is(err, movement.ErrTables):
		return fmt.Errorf("--tables %d: %w", tables, err)
	case errors.Is(err, movement.ErrField) && kind == "roundrobin":
		return fmt.Errorf("--teams %d: %w", teams, err)
	case errors.Is(err, movement.ErrField):
		return fmt.Errorf("--pairs %d: %w", pairs, err)
	case errors.Is(err, movement.ErrArrowSwitch):
		return fmt.Errorf("--arrow-switch %s: %w", arrow, err)
	case errors.Is(err, movement.ErrRounds):
		return fmt.Errorf("--rounds %d: %w", rounds, err)
	case errors.Is(err, movement.ErrBoards) && perGiven:
		return fmt.Errorf("--per-round %d: %w", per, err)
	}
	return err
}

// parseRounds reads a comma-separated list of round numbers ("4,7").
func parseRounds(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []int
	for i, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("item %d %q is not a round number", i+1, f)
		}
		out = append(out, n)
	}
	return out, nil
}
