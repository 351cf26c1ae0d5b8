package main

import (
	"context"
	"fmt"
	"time"

	"github.com/bridgetd/bridgetd/event"
)

func init() {
	register(&command{
		name:    "fine",
		usage:   "late|slow|phone|other EVENT --at TIME [flags]",
		summary: "record a late arrival, slow play, phone or other offence and its fine (NSWBA 7) in the event and the offences register",
		run:     runFine,
	})
}

const fineHelp = `Usage: bridgetd fine KIND EVENT --at TIME [flags]

  late  --entrant E --minutes M [--session S]   late arrival, fined by minutes late
  slow  --round R --table T [--innocent E]      slow play: both units at the table are
                                                penalised unless ruled innocent; a warning,
                                                then rising fines
  phone --entrant E --player MEMBER             a phone answered: rising fines per player
  other --entrant E --amount X                  a penalty the director fixes (over 30
                                                minutes late, for instance)

The offence is numbered against the event's own register and, with
--register FILE, the offences register kept across events, which it is then
added to: slow play runs out after 6 calendar months between offences, phone
offences after 12 (NSWBA 7). Fines are in the event's units and are deducted
in the rankings.

--at is the time of the offence. Without it the offence is dated now, but
only while its session is in play: once the session (--session, the
round's, or else the event's last) has been posted, --at is required, as an
offence dated when it was entered would shift the windows above. A late
arrival within the grace period (5 minutes, NSWBA 7.2) is not an offence and
is not recorded.

Flags:
`

func runFine(e *env, args []string) error {
	c := commands["fine"]
	fs := newFlagSet(e, c)
	fs.Usage = func() { fmt.Fprint(fs.Output(), fineHelp); fs.PrintDefaults() }
	var f event.Fine
	var innocent intList
	atS := fs.String("at", "", "time of the offence (default now while the session is in play; required once it is posted)")
	reg := fs.String("register", "", "offences register file kept across events")
	fs.IntVar(&f.Session, "session", 0, "session")
	fs.IntVar(&f.Round, "round", 0, "round")
	fs.IntVar(&f.Table, "table", 0, "table")
	fs.IntVar(&f.Entrant, "entrant", 0, "entrant fined")
	fs.IntVar(&f.Minutes, "minutes", 0, "minutes late after the official start")
	fs.StringVar(&f.Member, "player", "", "the player's member number (or name)")
	fs.Var(&innocent, "innocent", "entrant ruled innocent of slow play")
	fs.Float64Var(&f.Amount, "amount", 0, "fine in the event's units (other)")
	fs.StringVar(&f.Director, "director", "", "director")
	fs.StringVar(&f.Note, "note", "", "note")
	pos, err := parseArgs(fs, args, 2)
	if err != nil {
		return err
	}
	switch pos[0] {
	case "late":
		f.Kind = event.Late
	case "slow":
		f.Kind = event.SlowPlay
	case "phone":
		f.Kind = event.Phone
	case "other":
		f.Kind = event.Other
	default:
		fs.Usage()
		return errUsage
	}
	f.Innocent = innocent
	f.Entered = time.Now()
	if *atS != "" {
		if f.At, err = parseTimeOrNow(*atS, "--at"); err != nil {
			return err
		}
	}
	desk := event.Desk{Events: event.NewFileStore(pos[1])}
	if *reg != "" {
		desk.Register = event.NewFileRegister(*reg)
	}
	got, err := desk.Fine(context.Background(), f)
	for _, o := range got {
		fmt.Fprintln(e.stdout, o)
	}
	return err
}
