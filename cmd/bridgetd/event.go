package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/movement"
	"github.com/bridgetd/bridgetd/regulation"
	"github.com/bridgetd/bridgetd/score"
)

func init() {
	register(&command{
		name:    "event",
		usage:   "new|add|session|movement|results|forfeit|post|show EVENT [flags] [arguments]",
		summary: "create an event file and enter its entrants, sessions, results and postings (see event/FORMAT.md)",
		run:     runEvent,
	})
}

// eventHelp is the help of bridgetd event; the VP scales are package score's.
var eventHelp = strings.Replace(eventHelpText, "SCALES", strings.Join(score.ScaleNames, ", "), 1)

const eventHelpText = `Usage: bridgetd event SUBCOMMAND EVENT [flags]

  new EVENT --name NAME [--kind swiss-pairs] [--scoring butler-vp] [--vp-scale wbf2013]
            [--vp-total 20] [--boards 3] [--qualify N] [--seed N] [--datum all|selected]
            [--trim N] [--top T] [--rounds N] [--regulation PROFILE.json]
      create the event file (refuses to overwrite one); --vp-scale is one of
      SCALES; --rounds is the planned number of rounds, for the forfeit
      re-adjustments of NSWBA 13.9; --kind individual is scored by
      matchpoints (the default scoring for it)
  add EVENT --name NAME --player "NAME:MEMBER:RANK" ... [--section S] [--non-qualified]
      enter a pair, team or individual (one --player at most); prints its number
  add EVENT --id N --unavailable
      mark an entrant unavailable for the next stage (NSWBA 12)
  session EVENT --start TIME [--stage N]
      add a session
  movement EVENT mitchell|howell|individual --tables N [--per-round K] [--rounds R]
           [--pairs P] [--arrow-switch 4,7] [--session S] [--at TIME]
      add every round of a matchpoint movement (package movement); a
      Mitchell without --arrow-switch is two-winner: North–South and
      East–West are ranked separately (NSWBA 12 in each field). An
      individual movement (--tables 2 or 3; 8 or 12 players, each partnering
      every other once) needs an individual event: each table seats four
      players, N E S W, and each player scores his side's matchpoints
  results EVENT --round R --table T RESULT... [--room open|closed] [--imps N] [--agreed TIME]
      enter board results, each "BOARD CONTRACT DECLARER TRICKS" ("1 4S N 10",
      "7 Pass") or "BOARD =SCORE" for an assigned NS score; --room closed enters
      a teams match's other room (home team East–West): with both rooms the
      match is scored board by board; --imps gives a whole match's NS margin
      instead; --agreed records when the match score was agreed
  forfeit EVENT --round R --table T --offender ID
      declare the match forfeited by ID: 0 VP to it, 18 of 30 to the other
      side, re-adjusted before the draws after 50% and 75% of the rounds and
      at the end (NSWBA 13.9)
  post EVENT --session S --at TIME
      score the event and post the session's scores; the correction windows of
      NSWBA 13 run from here
  show EVENT
      print the rounds, draws, results and VPs

TIME is "2006-01-02 15:04" (local time) or RFC 3339.
`

func runEvent(e *env, args []string) error {
	c := commands["event"]
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(e.stderr, eventHelp)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	sub, args := args[0], args[1:]
	fs := newFlagSet(e, c)
	fs.Usage = func() { fmt.Fprint(fs.Output(), eventHelp) }
	var (
		name, kind, scoring, scale, datum, regFile, section, startS, atS, agreedS, impsS string
		room, arrow                                                                      string
		vpTotal, top                                                                     float64
		boards, qualify, trim, stage, round, table, session, id, planned, offender       int
		tables, perRound, mvRounds, mvPairs                                              int
		seed                                                                             int64
		nonQualified, unavailable                                                        bool
		players                                                                          listFlag
	)
	switch sub {
	case "new":
		fs.StringVar(&name, "name", "", "event name")
		fs.StringVar(&kind, "kind", string(event.SwissPairs), "swiss-pairs, swiss-teams, round-robin, mp-pairs, individual or knockout-teams")
		fs.StringVar(&scoring, "scoring", "", "butler-vp, imp-vp, imps or matchpoints (default butler-vp; matchpoints for an individual)")
		fs.StringVar(&scale, "vp-scale", "wbf2013", "VP scale: "+strings.Join(score.ScaleNames, ", "))
		fs.Float64Var(&vpTotal, "vp-total", 20, "VP shared in a match (fines are scaled from 30, NSWBA 7)")
		fs.IntVar(&boards, "boards", 0, "boards per round")
		fs.IntVar(&qualify, "qualify", 0, "places per section that qualify for the next stage")
		fs.Int64Var(&seed, "seed", 1, "seed for the first-round draw and the lot (NSWBA 12 (f))")
		fs.StringVar(&datum, "datum", string(event.DatumAll), "Butler datum: all or selected scores (NSWBA 14)")
		fs.IntVar(&trim, "trim", 0, "scores dropped from each end before the Butler datum")
		fs.Float64Var(&top, "top", 0, "matchpoint top on a board (fines in % of a top)")
		fs.StringVar(&regFile, "regulation", "", "JSON regulation profile over NSWBA 2011")
		fs.IntVar(&planned, "rounds", 0, "planned number of rounds (NSWBA 13.9 forfeit re-adjustments)")
	case "add":
		fs.StringVar(&name, "name", "", "entrant name")
		fs.Var(&players, "player", "player as NAME:MEMBER:RANK (repeat)")
		fs.StringVar(&section, "section", "", "section")
		fs.BoolVar(&nonQualified, "non-qualified", false, "a non-qualified unit: may not qualify or win prizes (NSWBA 12)")
		fs.IntVar(&id, "id", 0, "entrant number (with --unavailable: the entrant to mark)")
		fs.BoolVar(&unavailable, "unavailable", false, "mark the entrant unavailable for the next stage (NSWBA 12)")
	case "session":
		fs.StringVar(&startS, "start", "", "start time")
		fs.IntVar(&stage, "stage", 0, "stage of the event (0: as the previous session)")
	case "results":
		fs.IntVar(&round, "round", 0, "round")
		fs.IntVar(&table, "table", 0, "table")
		fs.StringVar(&impsS, "imps", "", "NS net IMPs for the whole match")
		fs.StringVar(&agreedS, "agreed", "", "when the match score was agreed (NSWBA 13)")
		fs.StringVar(&room, "room", "open", "teams: open (home team NS) or closed (home team EW)")
	case "forfeit":
		fs.IntVar(&round, "round", 0, "round")
		fs.IntVar(&table, "table", 0, "table")
		fs.IntVar(&offender, "offender", 0, "the entrant in default (NSWBA 13.9)")
	case "movement":
		fs.IntVar(&session, "session", 0, "session (default: the last)")
		fs.StringVar(&atS, "at", "", "when the movement was set (default now)")
		fs.IntVar(&tables, "tables", 0, "number of tables")
		fs.IntVar(&perRound, "per-round", 2, "boards per round")
		fs.IntVar(&mvRounds, "rounds", 0, "rounds to play (default: the full movement)")
		fs.IntVar(&mvPairs, "pairs", 0, "number of pairs when one short of a full field")
		fs.StringVar(&arrow, "arrow-switch", "", "Mitchell: comma-separated rounds played arrow-switched")
	case "post":
		fs.IntVar(&session, "session", 0, "session")
		fs.StringVar(&atS, "at", "", "posting time (default now)")
	case "show":
	default:
		fmt.Fprint(e.stderr, eventHelp)
		return errUsage
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 1 || (sub != "results" && sub != "movement" && len(pos) != 1) || (sub == "movement" && len(pos) != 2) {
		fs.Usage()
		return errUsage
	}
	path := pos[0]
	if sub == "new" {
		if name == "" {
			return fmt.Errorf("new: --name is required")
		}
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("new: %s exists already", path)
		}
		if scoring == "" {
			scoring = string(event.ButlerVP)
			if event.Kind(kind) == event.Individual {
				scoring = string(event.Matchpoints)
			}
		}
		ev := event.New(name, event.Kind(kind), event.Scoring(scoring))
		ev.VPScale, ev.VPTotal, ev.BoardsPerRound, ev.Qualify, ev.Seed = scale, vpTotal, boards, qualify, seed
		ev.Datum, ev.DatumTrim, ev.Top, ev.PlannedRounds = event.Datum(datum), trim, top, planned
		if regFile != "" {
			f, err := os.Open(regFile)
			if err != nil {
				return err
			}
			defer f.Close()
			if ev.Regulation, err = regulation.Load(f, regFile); err != nil {
				return err
			}
		}
		if _, err := ev.NewScorer(); err != nil {
			return err
		}
		if err := ev.Save(path); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "created %s: %s (%s, %s, %s)\n", path, name, kind, scoring, ev.Profile().Name)
		return nil
	}
	ev, err := event.Load(path)
	if err != nil {
		return err
	}
	switch sub {
	case "add":
		if unavailable {
			en, err := ev.Entrant(id)
			if err != nil {
				return err
			}
			en.Unavailable = true
			fmt.Fprintf(e.stdout, "entrant %s is unavailable for the next stage\n", en.Label())
			break
		}
		if name == "" {
			return fmt.Errorf("add: --name is required")
		}
		en := event.Entrant{ID: id, Name: name, Section: section, NonQualified: nonQualified}
		for _, p := range players {
			f := strings.SplitN(p, ":", 3)
			pl := event.Player{Name: strings.TrimSpace(f[0])}
			if len(f) > 1 {
				pl.Member = strings.TrimSpace(f[1])
			}
			if len(f) > 2 {
				pl.Rank = strings.TrimSpace(f[2])
			}
			en.Players = append(en.Players, pl)
		}
		n, err := ev.AddEntrant(en)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "entrant %d %s\n", n, name)
	case "session":
		start, err := parseTime(startS, "--start")
		if err != nil {
			return err
		}
		n, err := ev.AddSession(start, stage)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "session %d starts %s\n", n, start.Format(clockFmt))
	case "results":
		var rs []event.Result
		for _, s := range pos[1:] {
			r, err := event.ParseResult(s)
			if err != nil {
				return err
			}
			rs = append(rs, r)
		}
		if room != "open" && room != "closed" {
			return fmt.Errorf("--room %q: want open or closed", room)
		}
		if err := ev.EnterRoom(round, table, room == "closed", rs); err != nil {
			return err
		}
		_, _, m, _ := ev.Match(round, table)
		if impsS != "" {
			var v float64
			if _, err := fmt.Sscan(impsS, &v); err != nil {
				return fmt.Errorf("--imps %q: not a number", impsS)
			}
			m.IMPs = &v
		}
		if agreedS != "" {
			a, err := parseTime(agreedS, "--agreed")
			if err != nil {
				return err
			}
			m.Agreed = &a
		}
		if len(m.Closed) > 0 {
			fmt.Fprintf(e.stdout, "round %d table %d: %d results, %d in the closed room\n", round, table, len(m.Results), len(m.Closed))
		} else {
			fmt.Fprintf(e.stdout, "round %d table %d: %d results\n", round, table, len(m.Results))
		}
	case "forfeit":
		if err := ev.Forfeit(round, table, offender); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "round %d table %d forfeited by %s: 0 VP; the other side scores the NSWBA 13.9 award, re-adjusted later\n", round, table, entrantName(ev, offender))
	case "movement":
		if err := addMovement(e, ev, pos[1], session, atS, tables, perRound, mvRounds, mvPairs, arrow); err != nil {
			return err
		}
	case "post":
		when, err := parseTimeOrNow(atS, "--at")
		if err != nil {
			return err
		}
		sc, err := ev.NewScorer()
		if err != nil {
			return err
		}
		if err := ev.Post(session, when, sc); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "session %d posted at %s\n", session, when.Format(clockFmt))
		if q := ev.Postings[len(ev.Postings)-1].Qualified; len(q) > 0 {
			fmt.Fprintf(e.stdout, "shown as qualifying: %s\n", labels(ev, q))
		}
	case "show":
		return showEvent(e, ev)
	}
	return ev.Save(path)
}

func showEvent(e *env, ev *event.Event) error {
	fmt.Fprintf(e.stdout, "%s (%s, %s) — %s\n", ev.Name, ev.Kind, ev.Scoring, ev.Profile().Name)
	for _, s := range ev.Sessions {
		fmt.Fprintf(e.stdout, "\nSession %d, stage %d, starts %s", s.Number, max(s.Stage, 1), s.Start.Format(clockFmt))
		if s.Posted != nil {
			fmt.Fprintf(e.stdout, ", posted %s", s.Posted.Format(clockFmt))
		}
		fmt.Fprintln(e.stdout)
		for _, r := range s.Rounds {
			fmt.Fprintf(e.stdout, "  Round %d, boards %v\n", r.Number, r.Boards)
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 1, ' ', 0)
			for _, m := range r.Matches {
				ew := "bye"
				if !m.Bye() {
					ew = entrantName(ev, m.EW)
				}
				line := fmt.Sprintf("    %d\t%s\tv %s", m.Table, entrantName(ev, m.NS), ew)
				if m.Individual() {
					line = fmt.Sprintf("    %d\t%s\tv %s", m.Table, seatNames(ev, m.Players, 0), seatNames(ev, m.Players, 1))
				}
				if m.IMPs != nil {
					line += fmt.Sprintf("\t%+g IMPs", *m.IMPs)
				} else {
					line += "\t"
				}
				if m.VP != nil {
					line += fmt.Sprintf("\t%.2f–%.2f", m.VP[0], m.VP[1])
				} else {
					line += "\t"
				}
				if m.Forfeit != "" {
					line += "\tforfeit by " + m.Forfeit
				}
				if m.Half != 0 {
					line += fmt.Sprintf("\thalf %d, boards %v", m.Half, m.Boards)
				}
				if m.Provisional {
					line += "\tprovisional (appeal pending)"
				}
				fmt.Fprintln(tw, line)
				for _, res := range m.Results {
					mark := ""
					if res.Appeal != "" {
						mark = " (appeal " + res.Appeal + ")"
					}
					fmt.Fprintf(tw, "    \t  %s%s\t\t\t\n", res, mark)
				}
				for _, res := range m.Closed {
					fmt.Fprintf(tw, "    \t  closed room %s\t\t\t\n", res)
				}
			}
			tw.Flush()
		}
	}
	return nil
}

// seatNames names the partnership of an individual table's players that
// sits North–South (side 0) or East–West (side 1): "N 8 Hal, S 1 Ann".
func seatNames(ev *event.Event, players []int, side int) string {
	var s []string
	for k := side; k < len(players); k += 2 {
		s = append(s, bridge.Seat(k).String()+" "+entrantName(ev, players[k]))
	}
	return strings.Join(s, ", ")
}

func entrantName(ev *event.Event, id int) string {
	en, err := ev.Entrant(id)
	if err != nil {
		return fmt.Sprint(id)
	}
	return en.Label()
}

func labels(ev *event.Event, ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = entrantName(ev, id)
	}
	return strings.Join(s, ", ")
}

const clockFmt = "2006-01-02 15:04"

// parseTime reads "2006-01-02 15:04" (local time), "2006-01-02T15:04" or RFC 3339.
func parseTime(s, flag string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02 15:04", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%s %q: want a time as 2006-01-02 15:04 or RFC 3339", flag, s)
}

func parseTimeOrNow(s, flag string) (time.Time, error) {
	if s == "" {
		return time.Now().Truncate(time.Minute), nil
	}
	return parseTime(s, flag)
}

// listFlag collects a repeated string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ", ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// intList collects a repeated or comma-separated integer flag.
type intList []int

func (l *intList) String() string { return fmt.Sprint([]int(*l)) }
func (l *intList) Set(s string) error {
	for _, f := range strings.Split(s, ",") {
		var n int
		if _, err := fmt.Sscan(strings.TrimSpace(f), &n); err != nil {
			return fmt.Errorf("%q: not a number", f)
		}
		*l = append(*l, n)
	}
	return nil
}

// addMovement builds a Mitchell, Howell or individual movement with package
// movement and adds its rounds to the event.
func addMovement(e *env, ev *event.Event, kind string, session int, atS string, tables, perRound, rounds, pairs int, arrow string) error {
	when, err := parseTimeOrNow(atS, "--at")
	if err != nil {
		return err
	}
	if session == 0 && len(ev.Sessions) > 0 {
		session = ev.Sessions[len(ev.Sessions)-1].Number
	}
	var mv *movement.Movement
	switch kind {
	case "mitchell":
		o := movement.MitchellOptions{Tables: tables, PerSet: perRound, Rounds: rounds, Pairs: pairs}
		if o.ArrowSwitch, err = parseRounds(arrow); err != nil {
			return fmt.Errorf("--arrow-switch: %w", err)
		}
		mv, err = movement.NewMitchell(o)
	case "howell":
		mv, err = movement.NewHowell(movement.HowellOptions{Tables: tables, PerSet: perRound, Rounds: rounds, Pairs: pairs})
	case "individual":
		mv, err = movement.NewIndividual(movement.IndividualOptions{Tables: tables, PerSet: perRound, Rounds: rounds})
	default:
		return fmt.Errorf("movement %q: want mitchell, howell or individual", kind)
	}
	if err != nil {
		return err
	}
	if err := ev.AddMovement(session, mv, when); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: %d rounds, %d board(s) a set, top %g\n", mv.Name, len(mv.Rounds), mv.PerSet, ev.Top)
	if ev.TwoWinner {
		fmt.Fprintln(e.stdout, "two-winner: North–South and East–West are ranked separately")
	}
	return nil
}
