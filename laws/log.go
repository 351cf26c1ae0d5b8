package laws

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/regulation"
)

// Log is a parsed table log (see FORMAT.md).
type Log struct {
	Edition Edition // zero if the log does not say
	Board   int     // zero if the log gives no board number
	Dealer  bridge.Seat
	Vul     bridge.Vulnerability
	Deal    *bridge.Deal // the deal, when the log follows the play (playlog.go)
	// Slips is set by the header "slips nswba": the calls are copied as
	// written on bidding slips, in the only notation NSWBA 6.2.6 allows
	// (regulation.ParseNSWBASlip: / for a pass, // for the final pass, NT
	// never N); any other notation is refused with the regulation cited.
	Slips  bool
	Events []Event
}

// Event is one line of a table log after the header.
type Event struct {
	Line    int
	Kind    string // call, choose, find, attention, expose, lead-card, lead, wrong-board, request, correct, end-of-play
	Seat    bridge.Seat
	HasSeat bool
	Call    CallEvent
	Word    string // option, finding or request
	Cards   []bridge.Card
	Tricks  int          // claims and concessions, tricks recorded or disputed (playlog.go)
	Deal    *bridge.Deal // fouled: the board as it should have been (Law 87)
}

// LineError reports a bad line in a table log.
type LineError struct {
	Line int
	Text string
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %q: %v", e.Line, e.Text, e.Err) }

// Unwrap returns the cause.
func (e *LineError) Unwrap() error { return e.Err }

// ErrNoEvents reports a table log with nothing to rule on: no call and no
// other event after the header (an empty or truncated file).
var ErrNoEvents = errors.New("the log is empty: no call or other event after the header, nothing to rule on")

// ErrSyntax is wrapped by errors in the table-log syntax.
var ErrSyntax = errors.New("syntax error")

const maxLine = 4096

// ParseLog reads a table log.
func ParseLog(r io.Reader) (*Log, error) {
	lg := &Log{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxLine)
	n := 0
	haveDealer, started := false, false
	for sc.Scan() {
		n++
		raw := sc.Text()
		text := raw
		if k := strings.IndexByte(text, '#'); k >= 0 {
			text = text[:k]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		fail := func(format string, a ...any) error {
			return &LineError{Line: n, Text: strings.TrimSpace(raw), Err: fmt.Errorf("%w: "+format, append([]any{ErrSyntax}, a...)...)}
		}
		key := strings.ToLower(f[0])
		if key == "deal" {
			if started || len(f) < 2 {
				return nil, fail("want deal and the deal in PBN (N:… E… S… W…) before the first event")
			}
			d, err := bridge.ParseDeal(strings.Join(f[1:], " "))
			if err == nil {
				err = d.Validate()
			}
			if err != nil {
				return nil, fail("%v", err)
			}
			lg.Deal = &d
			continue
		}
		switch key {
		case "board", "dealer", "vul", "vulnerability", "edition", "slips":
			if started {
				return nil, fail("%s must come before the first event", key)
			}
			if len(f) != 2 {
				return nil, fail("want %s and one value", key)
			}
			switch key {
			case "board":
				b, err := strconv.Atoi(f[1])
				if err != nil || b < 1 || b > 9999 {
					return nil, fail("board number %q: want 1-9999", f[1])
				}
				lg.Board = b
				if !haveDealer {
					lg.Dealer = bridge.Board(b).Dealer()
				}
				lg.Vul = bridge.Board(b).Vulnerability()
			case "dealer":
				s, err := bridge.ParseSeat(f[1])
				if err != nil {
					return nil, fail("%v", err)
				}
				lg.Dealer, haveDealer = s, true
			case "slips":
				if !strings.EqualFold(f[1], "nswba") {
					return nil, fail("slips %q: the one slip notation known is nswba (NSWBA 6.2.6)", f[1])
				}
				lg.Slips = true
			case "edition":
				e, err := ParseEdition(f[1])
				if err != nil {
					return nil, fail("%v", err)
				}
				lg.Edition = e
			default:
				v, err := bridge.ParseVulnerability(f[1])
				if err != nil {
					return nil, fail("%v", err)
				}
				lg.Vul = v
			}
			continue
		}
		started = true
		ev := Event{Line: n}
		switch key {
		case "td":
			if len(f) != 2 {
				return nil, fail("want TD and one finding")
			}
			ev.Kind, ev.Word = "find", strings.ToLower(f[1])
			lg.Events = append(lg.Events, ev)
			continue
		case "attention", "director":
			if len(f) != 1 {
				return nil, fail("want %s alone or after a seat", key)
			}
			ev.Kind = "attention"
			lg.Events = append(lg.Events, ev)
			continue
		case "lead":
			if len(f) != 1 {
				return nil, fail("want lead alone (or SEAT leads CARD)")
			}
			ev.Kind = "lead"
			lg.Events = append(lg.Events, ev)
			continue
		case "end-of-play", evEndRound, evEndCorrection, evHandsReturned:
			if len(f) != 1 {
				return nil, fail("want %s alone", key)
			}
			ev.Kind = key
			lg.Events = append(lg.Events, ev)
			continue
		case "wrong-board":
			if len(f) != 2 || (f[1] != "previously-played" && f[1] != "first-time") {
				return nil, fail("want wrong-board previously-played or wrong-board first-time (Law 15), or SEAT wrong-board in the auction")
			}
			ev.Kind, ev.Word = evWrongBoardPlay, f[1]
			lg.Events = append(lg.Events, ev)
			continue
		case evFouled:
			if len(f) < 2 {
				return nil, fail("want fouled and the board's deal in PBN (Law 87)")
			}
			d, err := bridge.ParseDeal(strings.Join(f[1:], " "))
			if err == nil {
				err = d.Validate()
			}
			if err != nil {
				return nil, fail("%v", err)
			}
			ev.Kind, ev.Deal = evFouled, &d
			lg.Events = append(lg.Events, ev)
			continue
		}
		seat, err := bridge.ParseSeat(f[0])
		if err != nil {
			return nil, fail("want a seat (N, E, S, W), TD, attention, lead or end-of-play first")
		}
		ev.Seat, ev.HasSeat = seat, true
		if len(f) < 2 {
			return nil, fail("want an event after the seat")
		}
		verb := strings.ToLower(f[1])
		if ok, err := parsePlayLine(&ev, verb, f); ok {
			if err != nil {
				return nil, fail("%v", err)
			}
			lg.Events = append(lg.Events, ev)
			continue
		}
		switch verb {
		case "accepts", "accept", "declines", "decline", "refuses", "stands", "substitutes",
			"keeps", "keep", "withdraws", "withdraw", "changes", "change":
			if len(f) != 2 {
				return nil, fail("want %s alone", verb)
			}
			ev.Kind, ev.Word = "choose", verb
		case "prohibits", "requires":
			if len(f) != 3 {
				return nil, fail("want %s and a suit", verb)
			}
			if _, err := bridge.ParseSuit(f[2]); err != nil {
				return nil, fail("%v", err)
			}
			ev.Kind, ev.Word = "choose", verb+" "+f[2]
		case "attention", "director":
			ev.Kind = "attention"
		case "wrong-board":
			ev.Kind = "wrong-board"
		case "review", "explain", "repeat", "my-lead":
			switch {
			case len(f) == 3 && strings.ToLower(f[2]) == ForPartner && verb != "my-lead" && verb != "repeat":
				ev.Word = verb + " " + ForPartner
			case len(f) != 2:
				return nil, fail("want %s alone or %s %s", verb, verb, ForPartner)
			default:
				ev.Word = verb
			}
			ev.Kind = "request"
		case "corrects", "correct":
			if len(f) != 2 {
				return nil, fail("want %s alone", verb)
			}
			ev.Kind, ev.Word = "correct", "corrects"
		case "shows", "exposes", "leads":
			if len(f) < 3 {
				return nil, fail("want at least one card after %s", verb)
			}
			for _, s := range f[2:] {
				c, err := bridge.ParseCard(s)
				if err != nil {
					return nil, fail("%v", err)
				}
				ev.Cards = append(ev.Cards, c)
			}
			ev.Kind, ev.Word = "expose", verb
		default:
			ev.Kind = "call"
			ce := CallEvent{Seat: seat}
			c, err := bridge.ParseCall(f[1])
			if lg.Slips {
				var sc regulation.NSWBASlipCall
				if sc, err = regulation.ParseNSWBASlip(f[1]); err != nil {
					return nil, fail("%v", err)
				}
				c = sc.Call
			}
			switch {
			case err == nil:
				ce.Call = c
			case errors.Is(err, bridge.ErrBidAboveSeven):
				ce.AboveSeven = strings.ToUpper(f[1])
			default:
				return nil, fail("%q is not a call or an event", f[1])
			}
			for _, a := range f[2:] {
				switch la := strings.ToLower(a); {
				case la == "nat" || la == "natural":
					ce.Meaning.Natural = true
				case la == "art" || la == "artificial" || la == "conv" || la == "conventional":
					ce.Meaning.Artificial = true
				case strings.HasPrefix(la, "shows="):
					ce.Meaning.Artificial = true
					for _, ch := range la[len("shows="):] {
						s, err := bridge.ParseSuit(string(ch))
						if err != nil {
							return nil, fail("shows=%s: %v", la[6:], err)
						}
						ce.Meaning.Shows |= 1 << s
					}
				case la == "change":
					ce.Change = true
				case la == "sim" || la == "simultaneous":
					ce.Simultaneous = true
				case la == "mi" || la == "misinformed":
					ce.Misinformed = true
				default:
					return nil, fail("unknown annotation %q (want nat, art, shows=SUITS, change, sim, mi)", a)
				}
			}
			if ce.Meaning.Natural && ce.Meaning.Artificial {
				return nil, fail("a call cannot be both natural and artificial")
			}
			ev.Call = ce
		}
		lg.Events = append(lg.Events, ev)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	return lg, nil
}

// Play runs the log on a new table under ed (the log's own edition if ed
// is zero, else 2017) and returns the table. A misfitting event is
// reported with its line.
func (lg *Log) Play(ed Edition) (*Table, error) {
	if ed == 0 {
		ed = lg.Edition
	}
	if ed == 0 {
		ed = Edition2017
	}
	t := NewTable(ed, lg.Dealer, lg.Vul)
	t.SetBoard(lg.Board)
	if lg.Deal != nil {
		t.SetDeal(*lg.Deal)
	}
	evs := lg.Events
	for k := 0; k < len(evs); k++ {
		ev := evs[k]
		if k+1 < len(evs) && ev.Kind == evPlay && ev.Word == "" && evs[k+1].Kind == evPlay && evs[k+1].Word == "sim" {
			// Law 58A: two cards played at the same moment
			if err := t.PlaysTogether(ev, evs[k+1]); err != nil {
				return t, err
			}
			k++
			continue
		}
		if k+1 < len(evs) && ev.Kind == "call" && evs[k+1].Kind == "call" && evs[k+1].Call.Simultaneous {
			// Law 33: two calls made at the same moment.
			nx := evs[k+1]
			t.SetLine(ev.Line)
			if err := t.CallsTogether(ev.Call, nx.Call, ev.Line, nx.Line); err != nil {
				return t, &LineError{Line: nx.Line, Text: nx.String(), Err: err}
			}
			k++
			continue
		}
		t.SetLine(ev.Line)
		if err := t.Apply(ev); err != nil {
			return t, &LineError{Line: ev.Line, Text: ev.String(), Err: err}
		}
	}
	t.SetLine(0)
	return t, t.Finish()
}

// Rule reads a table log from r and rules on it under ed (as Play): the
// rulings and the state of the table, as "bridgetd rule" prints them.
func Rule(r io.Reader, ed Edition) (Result, error) {
	lg, err := ParseLog(r)
	if err != nil {
		return Result{}, err
	}
	if len(lg.Events) == 0 {
		return Result{}, ErrNoEvents
	}
	t, err := lg.Play(ed)
	if err != nil {
		return Result{}, err
	}
	return t.Result(), nil
}

// Apply applies one event to the table.
func (t *Table) Apply(ev Event) error {
	if t.playing(ev) {
		err := t.applyPlay(ev)
		if p := t.play; p != nil {
			// the damage checks of play rulings are answered at the table
			t.findings = append(t.findings, p.checks...)
			p.checks = nil
		}
		return err
	}
	switch ev.Kind {
	case "call":
		return t.Call(ev.Call)
	case "choose":
		return t.Choose(ev.Seat, ev.Word)
	case "find":
		return t.Find(ev.Word)
	case "attention":
		if ev.HasSeat {
			s := ev.Seat
			return t.Attention(&s)
		}
		return t.Attention(nil)
	case "lead":
		return t.Lead()
	case "expose":
		if ev.Word == "leads" && t.ended() && len(ev.Cards) == 1 {
			return t.OpeningLead(ev.Seat, ev.Cards[0])
		}
		return t.Expose(ev.Seat, ev.Cards, ev.Word == "leads")
	case "wrong-board":
		return t.WrongBoard(ev.Seat)
	case "request":
		return t.Request(ev.Seat, ev.Word)
	case "correct":
		return t.Correct(ev.Seat)
	case "end-of-play":
		return t.EndOfPlay()
	}
	return fmt.Errorf("laws: %w: unknown event %q", ErrBadEvent, ev.Kind)
}

// String returns the event as a log line.
func (ev Event) String() string {
	seat := ""
	if ev.HasSeat {
		seat = ev.Seat.String() + " "
	}
	switch ev.Kind {
	case "call":
		if ev.Call.AboveSeven != "" {
			return seat + ev.Call.AboveSeven
		}
		return seat + ev.Call.Call.ASCII()
	case "find":
		return "TD " + ev.Word
	case "expose":
		s := seat + ev.Word
		for _, c := range ev.Cards {
			s += " " + c.ASCII()
		}
		return s
	case "attention", "lead", "end-of-play":
		return seat + ev.Kind
	case evPlay:
		s := seat + "plays " + ev.Cards[0].ASCII()
		if ev.Word != "" {
			s += " " + ev.Word
		}
		for _, c := range ev.Cards[1:] {
			s += " " + c.ASCII()
		}
		return s
	case evExtra:
		return strings.TrimSpace(fmt.Sprintf("%s%s %s %d %s", seat, playVerbOf[ev.Kind], ev.Cards[0].ASCII(), ev.Tricks, ev.Word))
	case evCorrect, evTouch, evHold, evRedesignate, evMisplace, evAdd, evFound, evRetract, evSupply, evReplaced, evSubst, evSurplus:
		s := seat + playVerbOf[ev.Kind] + " " + ev.Cards[0].ASCII()
		if ev.Word != "" {
			s += " " + ev.Word
		}
		return s
	case evSuggest:
		if len(ev.Cards) == 1 {
			return seat + "suggests " + ev.Cards[0].ASCII()
		}
		return seat + "suggests"
	case evName, evAskRevoke, evWrongCnt, evPenalty:
		return strings.TrimSpace(seat + playVerbOf[ev.Kind] + " " + ev.Word)
	case evLook:
		return seat + ev.Word
	case evUI:
		return seat + uiVerb[ev.Word]
	case evRecord, evDispute, evAgreeTr:
		if ev.Tricks < 0 {
			return seat + playVerbOf[ev.Kind]
		}
		return fmt.Sprintf("%s%s %d", seat, playVerbOf[ev.Kind], ev.Tricks)
	case evFace, evWarn, evMixes, evOmit:
		return seat + playVerbOf[ev.Kind]
	case evInspect, evPointsOut:
		return strings.TrimSpace(fmt.Sprintf("%s%s %d %s", seat, playVerbOf[ev.Kind], ev.Tricks, ev.Word))
	case evFouled:
		return "fouled " + ev.Deal.String()
	case evWrongBoardPlay:
		return "wrong-board " + ev.Word
	case evEndRound, evEndCorrection, evHandsReturned:
		return ev.Kind
	case evClaim:
		return strings.TrimSpace(fmt.Sprintf("%sclaims %d %s", seat, ev.Tricks, ev.Word))
	case evConcede:
		if ev.Tricks < 0 {
			return seat + "concedes"
		}
		return fmt.Sprintf("%sconcedes %d", seat, ev.Tricks)
	case evAgree, evObject, evWithdraw:
		return seat + ev.Kind
	}
	return seat + ev.Word
}
