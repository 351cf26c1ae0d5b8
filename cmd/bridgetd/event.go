package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
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
// The kinds of event and the scorings, with each kind's default scoring,
// are package event's.
var eventHelp = strings.NewReplacer("SCALES", strings.Join(score.ScaleNames, ", "), "KINDS\n", kindsHelp()).Replace(eventHelpText)

// kindsHelp lists the kinds of event with their default scoring, and the
// forms of scoring.
func kindsHelp() string {
	var b strings.Builder
	b.WriteString("Kinds of event (--kind), each scored as shown unless --scoring says otherwise:\n")
	for _, k := range event.Kinds {
		fmt.Fprintf(&b, "  %-15s %s; default %s\n", k, k.Describe(), k.DefaultScoring())
	}
	b.WriteString("Scorings (--scoring):\n")
	for _, s := range event.Scorings {
		fmt.Fprintf(&b, "  %-15s %s\n", s, s.Describe())
	}
	b.WriteString("\n")
	return b.String()
}

const eventHelpText = `Usage: bridgetd event SUBCOMMAND EVENT [flags]

  new EVENT --name NAME [--kind swiss-pairs] [--scoring KIND'S DEFAULT] [--vp-scale wbf2013]
            [--vp-total 20] [--boards 3] [--qualify N] [--seed N] [--datum all|selected]
            [--trim N] [--top T] [--rounds N] [--regulation PROFILE.json]
      create the event file (refuses to overwrite one); --vp-scale is one of
      SCALES; --rounds is the planned number of rounds, for the forfeit
      re-adjustments of NSWBA 13.9; the kinds and scorings are listed below
  add EVENT --name NAME --player "NAME:MEMBER:RANK" ... [--section S] [--non-qualified]
      enter a pair, team or individual (one --player at most); prints its number
  add EVENT --id N --unavailable
      mark an entrant unavailable for the next stage (NSWBA 12)
  session EVENT --start TIME [--stage N]
      add a session
  movement EVENT mitchell|howell|individual|round-robin --tables N [--per-round K]
           [--rounds R] [--pairs P] [--arrow-switch 4,7] [--even skip|relay]
           [--session S] [--at TIME]
      add every round of a matchpoint movement (package movement) seating
      every entrant: one pair short of the tables is a half table (a pair
      sits out each round), any other misfit is refused; a
      Mitchell without --arrow-switch is two-winner: North–South and
      East–West are ranked separately (NSWBA 12 in each field). An
      individual movement (--tables 2 or 3; 8 or 12 players, each partnering
      every other once) needs an individual event: each table seats four
      players, N E S W, and each player scores his side's matchpoints. A
      Mitchell on an even number of tables skips half-way (--even skip) or
      shares boards between the first and last tables with a bye stand
      (--even relay). round-robin gives a round-robin event (teams) its
      Berger schedule: every entrant meets every other in a whole match of
      --per-round boards (no --tables: the field is the entrants; an odd
      field has a bye each round). A teams event takes no pairs movement
  results EVENT --round R --table T RESULT... [--room open|closed] [--imps N] [--agreed TIME]
      enter board results, each "BOARD CONTRACT DECLARER TRICKS" ("1 4S N 10",
      "1 4S N +1", "2 3NT S =", "3 2HX E -2", "7 Pass") or "BOARD =SCORE" for
      an assigned NS score (one some result can give, NSWBA 13.6); also
      "BOARD =NS/EW" a split score (Law 12C1(b)),
      "BOARD =S1@0.6 =S2@0.4" a weighted one (12C1(c)), "BOARD A+/A-" an
      artificial one (12C2), "BOARD seen" average-minus to both for a seen
      traveller (NSWBA 13.11), "BOARD 82C" average-plus to both for the
      Director's own error (Law 82C), "BOARD pad NS" when NS mis-marked the
      bidding pad and EW declined the call out of turn (NSWBA 6.2.3: A- to
      NS, A+ to EW), in an IMP-scored event "BOARD unplayed" (no
      fault, NSWBA 13.10), and after a result "turned" (a board turned
      through 90°, NSWBA 8.4; not at teams) or "form=N" (a fouled form,
      Law 87); at teams each team scores its own adjusted score; every
      field must be whole and valid, each board once; --room closed enters
      a teams match's other room (home team East–West): with both rooms the
      match is scored board by board; --imps gives a whole match's NS margin
      instead; --agreed records when the match score was agreed
  forfeit EVENT --round R --table T --offender ID
      declare the match forfeited by ID: 0 VP to it, 18 of 30 to the other
      side, re-adjusted before the draws after 50% and 75% of the rounds and
      at the end (NSWBA 13.9); in an event scored by IMPs alone the other
      side scores the IMPs of the unplayed-boards formula for the match
      (NSWBA 13.10) and the offender the negative
  post EVENT --session S --at TIME
      score the event and post the session's scores; the correction windows of
      NSWBA 13 run from here; a result still missing is named in a warning
  show EVENT
      print the rounds, draws, results and VPs, and then the current round's
      boards each table has still to enter

KINDS
TIME is "2006-01-02 15:04" (local time) or RFC 3339.
`

// eventSub is one subcommand of bridgetd event: it defines its flags on fs,
// and then runs on the event's Desk with the positional arguments after
// the event file (npos of them; -1 for any number).
type eventSub struct {
	npos  int
	flags func(fs *flag.FlagSet) func(e *env, path string, desk event.Desk, pos []string) error
}

var eventSubs = map[string]eventSub{
	"new": {0, eventNew}, "add": {0, eventAdd}, "session": {0, eventSession}, "movement": {1, eventMovement},
	"results": {-1, eventResults}, "forfeit": {0, eventForfeit}, "post": {0, eventPost}, "show": {0, eventShow},
}

func runEvent(e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(e.stderr, eventHelp)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	sub, ok := eventSubs[args[0]]
	if !ok {
		fmt.Fprint(e.stderr, eventHelp)
		return errUsage
	}
	fs := newFlagSet(e, commands["event"])
	fs.Usage = func() { fmt.Fprint(fs.Output(), eventHelp) }
	do := sub.flags(fs)
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) < 1 || (sub.npos >= 0 && len(pos) != 1+sub.npos) {
		fs.Usage()
		return errUsage
	}
	return do(e, pos[0], event.Desk{Events: event.NewFileStore(pos[0])}, pos[1:])
}

func eventNew(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	var set event.Settings
	kind, scoring, datum := fs.String("kind", string(event.SwissPairs), "kind of event: "+joinNames(event.Kinds)),
		fs.String("scoring", "", "scoring: "+joinNames(event.Scorings)+" (default: the kind's, listed in bridgetd event -h)"),
		fs.String("datum", string(event.DatumAll), "Butler datum: all or selected scores (NSWBA 14)")
	fs.StringVar(&set.Name, "name", "", "event name")
	fs.StringVar(&set.VPScale, "vp-scale", "wbf2013", "VP scale: "+strings.Join(score.ScaleNames, ", "))
	fs.Float64Var(&set.VPTotal, "vp-total", 20, "VP shared in a match (fines are scaled from 30, NSWBA 7)")
	fs.IntVar(&set.BoardsPerRound, "boards", 0, "boards per round")
	fs.IntVar(&set.Qualify, "qualify", 0, "places per section that qualify for the next stage")
	fs.Int64Var(&set.Seed, "seed", 1, "seed for the first-round draw and the lot (NSWBA 12 (f))")
	fs.IntVar(&set.DatumTrim, "trim", 0, "scores dropped from each end before the Butler datum")
	fs.BoolVar(&set.DatumMedian, "median", false, "the Butler datum is the median of the scores kept, not their mean")
	fs.Float64Var(&set.Top, "top", 0, "matchpoint top on a board (fines in % of a top)")
	regFile := fs.String("regulation", "", "JSON regulation profile over NSWBA 2011")
	fs.IntVar(&set.PlannedRounds, "rounds", 0, "planned number of rounds (NSWBA 13.9 forfeit re-adjustments)")
	return func(e *env, path string, desk event.Desk, _ []string) error {
		if set.Name == "" {
			return fmt.Errorf("new: --name is required")
		}
		set.Kind, set.Scoring, set.Datum = event.Kind(*kind), event.Scoring(*scoring), event.Datum(*datum)
		if *regFile != "" {
			var err error
			if set.Regulation, err = loadProfile(*regFile); err != nil {
				return err
			}
		}
		ev, err := desk.Create(context.Background(), set)
		if errors.Is(err, event.ErrExists) {
			return fmt.Errorf("new: %s exists already", path)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "created %s: %s (%s, %s, %s)\n", path, set.Name, *kind, ev.Scoring, ev.Profile().Name)
		return nil
	}
}

func eventAdd(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	var en event.Entrant
	var players listFlag
	fs.StringVar(&en.Name, "name", "", "entrant name")
	fs.Var(&players, "player", "player as NAME:MEMBER:RANK (repeat)")
	fs.StringVar(&en.Section, "section", "", "section")
	fs.BoolVar(&en.NonQualified, "non-qualified", false, "a non-qualified unit: may not qualify or win prizes (NSWBA 12)")
	fs.IntVar(&en.ID, "id", 0, "entrant number (with --unavailable: the entrant to mark)")
	unavailable := fs.Bool("unavailable", false, "mark the entrant unavailable for the next stage (NSWBA 12)")
	return func(e *env, _ string, desk event.Desk, _ []string) error {
		ctx := context.Background()
		if *unavailable {
			got, err := desk.MarkUnavailable(ctx, en.ID)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "entrant %s is unavailable for the next stage\n", got.Label())
			return nil
		}
		if en.Name == "" {
			return fmt.Errorf("add: --name is required")
		}
		for _, p := range players {
			en.Players = append(en.Players, event.ParsePlayer(p))
		}
		n, err := desk.AddEntrant(ctx, en)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "entrant %d %s\n", n, en.Name)
		return nil
	}
}

func eventSession(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	startS := fs.String("start", "", "start time")
	stage := fs.Int("stage", 0, "stage of the event (0: as the previous session)")
	return func(e *env, _ string, desk event.Desk, _ []string) error {
		start, err := parseTime(*startS, "--start")
		if err != nil {
			return err
		}
		n, err := desk.AddSession(context.Background(), start, *stage)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "session %d starts %s\n", n, start.Format(clockFmt))
		return nil
	}
}

func eventResults(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	var entry event.Entry
	fs.IntVar(&entry.Round, "round", 0, "round")
	fs.IntVar(&entry.Table, "table", 0, "table")
	impsS := fs.String("imps", "", "NS net IMPs for the whole match")
	agreedS := fs.String("agreed", "", "when the match score was agreed (NSWBA 13)")
	room := fs.String("room", "open", "teams: open (home team NS) or closed (home team EW)")
	return func(e *env, _ string, desk event.Desk, lines []string) error {
		for _, s := range lines {
			r, err := event.ParseResult(s)
			if err != nil {
				return err
			}
			entry.Results = append(entry.Results, r)
		}
		if *room != "open" && *room != "closed" {
			return fmt.Errorf("--room %q: want open or closed", *room)
		}
		entry.Closed = *room == "closed"
		if *impsS != "" {
			v, err := parseIMPs(*impsS)
			if err != nil {
				return err
			}
			entry.IMPs = &v
		}
		if *agreedS != "" {
			a, err := parseTime(*agreedS, "--agreed")
			if err != nil {
				return err
			}
			entry.Agreed = &a
		}
		m, err := desk.Record(context.Background(), entry)
		if err != nil {
			return err
		}
		if len(m.Closed) > 0 {
			fmt.Fprintf(e.stdout, "round %d table %d: %d results, %d in the closed room\n", entry.Round, entry.Table, len(m.Results), len(m.Closed))
		} else {
			fmt.Fprintf(e.stdout, "round %d table %d: %d results\n", entry.Round, entry.Table, len(m.Results))
		}
		return nil
	}
}

func eventForfeit(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	round := fs.Int("round", 0, "round")
	table := fs.Int("table", 0, "table")
	offender := fs.Int("offender", 0, "the entrant in default (NSWBA 13.9)")
	return func(e *env, _ string, desk event.Desk, _ []string) error {
		ev, err := desk.Forfeit(context.Background(), *round, *table, *offender)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "round %d table %d forfeited by %s: 0 VP; the other side scores the NSWBA 13.9 award, re-adjusted later\n", *round, *table, entrantName(ev, *offender))
		return nil
	}
}

func eventMovement(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	var plan event.MovementPlan
	fs.IntVar(&plan.Session, "session", 0, "session (default: the last)")
	atS := fs.String("at", "", "when the movement was set (default now)")
	fs.IntVar(&plan.Tables, "tables", 0, "number of tables")
	fs.IntVar(&plan.PerRound, "per-round", 0, "boards per round (default: the event's --boards, else 2)")
	fs.StringVar(&plan.Even, "even", "", "Mitchell on an even number of tables: skip (the default) or relay (relay and bye stand)")
	fs.IntVar(&plan.Rounds, "rounds", 0, "rounds to play (default: the full movement)")
	fs.IntVar(&plan.Pairs, "pairs", 0, "number of pairs when one short of a full field (default: the pairs entered, a half table when one short)")
	arrow := fs.String("arrow-switch", "", "Mitchell: comma-separated rounds played arrow-switched")
	return func(e *env, _ string, desk event.Desk, pos []string) error {
		plan.Kind = pos[0]
		var err error
		if plan.At, err = parseTimeOrNow(*atS, "--at"); err != nil {
			return err
		}
		if plan.ArrowSwitch, err = parseRounds(*arrow); err != nil {
			return fmt.Errorf("--arrow-switch: %w", err)
		}
		ev, mv, err := desk.Seat(context.Background(), plan)
		if err != nil {
			return err
		}
		if plan.Kind == "round-robin" {
			fmt.Fprintf(e.stdout, "%s: %d rounds of %d-board matches\n", mv.Name, len(mv.Rounds), mv.PerSet)
			return nil
		}
		fmt.Fprintf(e.stdout, "%s: %d rounds, %d board(s) a set, top %g\n", mv.Name, len(mv.Rounds), mv.PerSet, ev.Top)
		if ev.TwoWinner {
			fmt.Fprintln(e.stdout, "two-winner: North–South and East–West are ranked separately")
		}
		return nil
	}
}

func eventPost(fs *flag.FlagSet) func(*env, string, event.Desk, []string) error {
	session := fs.Int("session", 0, "session")
	atS := fs.String("at", "", "posting time (default now)")
	return func(e *env, _ string, desk event.Desk, _ []string) error {
		when, err := parseTimeOrNow(*atS, "--at")
		if err != nil {
			return err
		}
		ev, p, err := desk.Post(context.Background(), *session, when)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "session %d posted at %s\n", *session, when.Format(clockFmt))
		if q := p.Posting.Qualified; len(q) > 0 {
			fmt.Fprintf(e.stdout, "shown as qualifying: %s\n", labels(ev, q))
		}
		for _, m := range p.Missing {
			fmt.Fprintf(e.stderr, "warning: %s: no result entered; it scores nothing until entered\n", m)
		}
		return nil
	}
}

func eventShow(*flag.FlagSet) func(*env, string, event.Desk, []string) error {
	return func(e *env, _ string, desk event.Desk, _ []string) error {
		ev, _, err := desk.Event(context.Background())
		if err != nil {
			return err
		}
		return showEvent(e, ev)
	}
}

// loadProfile reads a regulation profile file (--regulation).
func loadProfile(path string) (*regulation.Profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return regulation.Load(f, path)
}

// parseIMPs reads a match margin in IMPs (--imps): a whole, finite number.
func parseIMPs(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("--imps %q: not a number", s)
	}
	return v, nil
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
					if m.EWIMPs != nil {
						line += fmt.Sprintf(" (EW %+g)", *m.EWIMPs)
					}
				} else {
					line += "\t"
				}
				if m.VP != nil {
					line += fmt.Sprintf("\t%.2f–%.2f", m.VP[0], m.VP[1])
				} else {
					line += "\t"
				}
				if m.Forfeit != nil {
					line += "\tforfeit by " + strings.ToLower(m.Forfeit.String())
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
	if round, missing := ev.ToEnter(); round > 0 {
		fmt.Fprintf(e.stdout, "\nTo enter, round %d:\n", round)
		for i := 0; i < len(missing); {
			m := missing[i]
			var boards []string
			for ; i < len(missing) && missing[i].Table == m.Table && missing[i].Room == m.Room; i++ {
				boards = append(boards, strconv.Itoa(missing[i].Board))
			}
			room := ""
			if m.Room != "" {
				room = " " + m.Room + " room"
			}
			fmt.Fprintf(e.stdout, "  table %d%s: boards %s\n", m.Table, room, strings.Join(boards, " "))
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
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return fmt.Errorf("%q: not an entrant number", f)
		}
		*l = append(*l, n)
	}
	return nil
}

// joinNames lists names separated by commas.
func joinNames[S ~string](names []S) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = string(n)
	}
	return strings.Join(out, ", ")
}
