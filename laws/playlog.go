package laws

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// The play in the table log (FORMAT.md, "Play"): the deal header and the
// lines of the play period, parsed here and applied to the table's Play.

// Play event kinds.
const (
	evPlay     = "play"
	evClaim    = "claim"
	evConcede  = "concede"
	evAgree    = "agree"
	evObject   = "object"
	evWithdraw = "withdraw-agreement"
	evCorrect  = "correct-revoke"
	// playcards.go: Laws 45-48, 58
	evTouch       = "touch"       // N touches SQ: declarer touches a card of dummy's (45C3)
	evHold        = "hold"        // E holds SQ: a card held as if played (45C1, 45C2)
	evName        = "name"        // N names SQ | high | low | win | S | Q | any (45B, 46)
	evRedesignate = "redesignate" // N changes-designation SK (45C4(b))
	evMisplace    = "misplace"    // S misplaced SQ: dummy played a card not named (45D)
	evAdd         = "add"         // E adds SQ: a fifth card to a trick (45E)
	evRetract     = "retract"     // E retracts SQ [turn|explanation] (47)
	evFace        = "face"        // N faces: declarer faces his cards (48B)
	// dummy.go: Laws 42-43, 45F
	evAskRevoke = "ask-revoke" // S asks-revoke [SEAT] (42B1, 43B2(b))
	evWarn      = "warn"       // S warns: dummy warns declarer of the hand on lead (42B2, 43B2(a))
	evLook      = "look"       // S looks-at W | S exchanges (43A2)
	evSuggest   = "suggest"    // S suggests [CARD] (45F)
	// law12_16play.go: Laws 13, 14, 16 in the play
	evFound    = "found"       // W found SQ [exposed]: a missing card restored (14B2, 14B4)
	evReplaced = "replaced"    // W replaced SQ: a missing card never found, taken from another pack (14B3)
	evExtra    = "extra"       // W extra SQ 3 [exposed]: SQ found among W's played cards of trick 3 (67A2, 67B2, 58B4, 14B1)
	evSurplus  = "surplus"     // W surplus HJ [played] [correctable|not-correctable]: a card foreign to the deal found and removed (2017 13C; 1997 13)
	evSubst    = "substitute"  // S changes-card S4: S changes his card after a 58B2 withdrawal (58B3)
	evWrongCnt = "wrong-count" // N wrong-count [correctable [not-concurred]|not-correctable|unseen|seen [playable|not-playable]] (13)
	evUI       = "ui"          // E hesitates | E remarks | E gestures (16B)
	// law79_90.go: Laws 79, 90
	evRecord  = "record"       // N records 9 (79A)
	evAgreeTr = "agree-tricks" // N agrees-tricks 9: the players agree declarer won 9 (79A1, 79A2)
	evDispute = "dispute"      // E disputes [9] (79B, 79C)
	evPenalty = "penalty"      // N penalty slow [10% | 1VP | warning] (90)
	// law65_67.go: Laws 65-67
	evPointsOut = "points-out" // W points-out 3 E: E's card on trick 3 pointed the wrong way (65B)
	evInspect   = "inspect"    // E inspects 3 (66)
	evMixes     = "mixes"      // E mixes: his played cards after the play (66D)
	evOmit      = "omit"       // W omits: W did not play to the trick (67)
	evSupply    = "supply"     // W supplies C6: the card for the trick he omitted (67A1, 67B1)
	// lines without a seat
	evFouled         = "fouled"            // fouled N:… — the board as it should have been (87)
	evWrongBoardPlay = "wrong-board-play"  // wrong-board previously-played | first-time (15B; 1997 15A, 15B)
	evEndRound       = "end-of-round"      // the round has ended (79B3; 1997 79B)
	evEndCorrection  = "end-of-correction" // the correction period has expired (79C)
	evHandsReturned  = "hands-returned"    // all four hands are back in the board (79A1)
)

// playVerbOf is the verb written for each play event kind (Event.String).
var playVerbOf = map[string]string{evCorrect: "corrects-revoke", evTouch: "touches", evHold: "holds",
	evRedesignate: "changes-designation", evMisplace: "misplaced", evAdd: "adds", evFound: "found",
	evRetract: "retracts", evName: "names", evAskRevoke: "asks-revoke", evWrongCnt: "wrong-count",
	evPenalty: "penalty", evRecord: "records", evAgreeTr: "agrees-tricks", evDispute: "disputes-tricks", evFace: "faces", evWarn: "warns",
	evSupply: "supplies", evInspect: "inspects", evPointsOut: "points-out", evMixes: "mixes", evOmit: "omits",
	evReplaced: "replaced", evExtra: "extra", evSubst: "changes-card", evSurplus: "surplus"}

// uiVerb is the verb written for each kind of extraneous information.
var uiVerb = map[string]string{"hesitation": "hesitates", "remark": "remarks", "gesture": "gestures"}

// uiWords are the verbs of extraneous information in the play (Law 16B).
var uiWords = map[string]string{"hesitates": "hesitation", "hesitate": "hesitation", "remarks": "remark", "remark": "remark",
	"gestures": "gesture", "gesture": "gesture"}

// playVerbs are the verbs of play lines after a seat.
var playVerbs = map[string]string{
	"plays": evPlay, "play": evPlay,
	"claims": evClaim, "claim": evClaim,
	"concedes": evConcede, "concede": evConcede,
	"agrees": evAgree, "agree": evAgree, "acquiesces": evAgree,
	"objects": evObject, "object": evObject, "disputes": evObject,
	"withdraws-agreement": evWithdraw, "cancels": evWithdraw,
	"corrects-revoke":  evCorrect,
	"requires-highest": "choose", "requires-lowest": "choose", "spread": "choose", "spreads": "choose",
	"designates": "choose", "chooses": "choose",
	"touches": evTouch, "holds": evHold, "names": evName, "calls-for": evName,
	"changes-designation": evRedesignate, "misplaced": evMisplace, "adds": evAdd,
	"retracts": evRetract, "faces": evFace,
	"asks-revoke": evAskRevoke, "warns": evWarn, "looks-at": evLook, "exchanges": evLook, "suggests": evSuggest,
	"found": evFound, "wrong-count": evWrongCnt, "replaced": evReplaced, "extra": evExtra, "surplus": evSurplus, "changes-card": evSubst,
	"hesitates": evUI, "hesitate": evUI, "remarks": evUI, "remark": evUI, "gestures": evUI, "gesture": evUI,
	"records": evRecord, "agrees-tricks": evAgreeTr, "disputes-tricks": evDispute, "penalty": evPenalty,
	"points-out": evPointsOut, "inspects": evInspect, "mixes": evMixes, "omits": evOmit, "supplies": evSupply,
}

// parsePlayLine fills ev from a play line "SEAT VERB …" (f are the fields);
// ok is false when the verb is not a play verb.
func parsePlayLine(ev *Event, verb string, f []string) (ok bool, err error) {
	kind, ok := playVerbs[verb]
	if !ok {
		return false, nil
	}
	ev.Kind = kind
	switch kind {
	case "choose":
		switch verb {
		case "designates":
			if len(f) != 3 {
				return true, fmt.Errorf("want designates and one card")
			}
			if _, err := bridge.ParseCard(f[2]); err != nil {
				return true, err
			}
			ev.Word = "designates " + strings.ToUpper(f[2])
		case "chooses":
			if len(f) != 3 {
				return true, fmt.Errorf("want chooses and a seat (the hand declarer leads from, Law 43B2(a))")
			}
			s, err := bridge.ParseSeat(f[2])
			if err != nil {
				return true, err
			}
			ev.Word = "chooses " + s.String()
		default:
			if len(f) != 2 {
				return true, fmt.Errorf("want %s alone", verb)
			}
			ev.Word = verb
		}
	case evPlay:
		return true, parsePlayCards(ev, verb, f)
	case evSurplus:
		// W surplus HJ [played] [FINDING], the finding as for wrong-count
		if len(f) < 3 {
			return true, fmt.Errorf("want surplus, one card, at most played, and the Director's Law 13 finding (1997)")
		}
		c, err := bridge.ParseCard(f[2])
		if err != nil {
			return true, err
		}
		rest := f[3:]
		played := len(rest) > 0 && strings.EqualFold(rest[0], "played")
		if played {
			rest = rest[1:]
		}
		w := strings.ToLower(strings.Join(rest, " "))
		if !slices.Contains(law13Findings, w) {
			return true, fmt.Errorf("finding %q: want none, or one of %s (1997 Law 13)", w, strings.Join(law13Findings[1:], ", "))
		}
		if played {
			w = strings.TrimSpace("played " + w)
		}
		ev.Cards, ev.Word = []bridge.Card{c}, w
	case evCorrect, evTouch, evHold, evRedesignate, evMisplace, evAdd, evFound, evSupply, evReplaced, evSubst:
		flag := map[string]string{evFound: "exposed", evAdd: "led"}[kind]
		flagged := flag != "" && len(f) == 4 && strings.EqualFold(f[3], flag)
		if len(f) != 3 && !flagged {
			if flag != "" {
				return true, fmt.Errorf("want %s, one card and at most %s", verb, flag)
			}
			return true, fmt.Errorf("want %s and one card", verb)
		}
		c, err := bridge.ParseCard(f[2])
		if err != nil {
			return true, err
		}
		ev.Cards = []bridge.Card{c}
		if flagged {
			ev.Word = flag
		}
	case evExtra:
		var flags []string
		for _, w := range f[min(len(f), 4):] {
			w = strings.ToLower(w)
			if (w != "exposed" && w != "unknown") || slices.Contains(flags, w) {
				flags = nil
				break
			}
			flags = append(flags, w)
		}
		if len(f) < 4 || len(f) > 6 || len(flags) != len(f)-4 {
			return true, fmt.Errorf("want extra, one card, the trick it was found in (1-13), and exposed, unknown or both")
		}
		c, err := bridge.ParseCard(f[2])
		if err != nil {
			return true, err
		}
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 || n > 13 {
			return true, fmt.Errorf("trick %q: want 1-13", f[3])
		}
		ev.Cards, ev.Tricks = []bridge.Card{c}, n
		slices.Sort(flags)
		ev.Word = strings.Join(flags, " ")
	case evRetract:
		if len(f) < 3 || len(f) > 4 {
			return true, fmt.Errorf("want retracts, one card and at most a reason (turn, explanation)")
		}
		c, err := bridge.ParseCard(f[2])
		if err != nil {
			return true, err
		}
		ev.Cards = []bridge.Card{c}
		if len(f) == 4 {
			w := strings.ToLower(f[3])
			if w != "turn" && w != "explanation" {
				return true, fmt.Errorf("reason %q: want turn (47E1) or explanation (47E2)", f[3])
			}
			ev.Word = w
		}
	case evName:
		if len(f) != 3 {
			return true, fmt.Errorf("want %s and what declarer said: a card, a suit, a rank, high, low, win or any", verb)
		}
		d, err := ParseDesignation(f[2])
		if err != nil {
			return true, err
		}
		ev.Word = d.String()
	case evAskRevoke, evSuggest, evLook:
		switch {
		case verb == "exchanges" && len(f) == 2:
			ev.Word = "exchanges"
		case verb == "looks-at" && len(f) == 3:
			s, err := bridge.ParseSeat(f[2])
			if err != nil {
				return true, err
			}
			ev.Word = "looks-at " + s.String()
		case verb == "asks-revoke" && len(f) <= 3:
			if len(f) == 3 {
				s, err := bridge.ParseSeat(f[2])
				if err != nil {
					return true, err
				}
				ev.Word = s.String()
			}
		case verb == "suggests" && len(f) <= 3:
			if len(f) == 3 {
				c, err := bridge.ParseCard(f[2])
				if err != nil {
					return true, err
				}
				ev.Cards = []bridge.Card{c}
			}
		default:
			return true, fmt.Errorf("%s: wrong number of words", verb)
		}
	case evInspect, evPointsOut:
		want := map[string]int{evInspect: 3, evPointsOut: 4}[kind]
		if len(f) != want {
			return true, fmt.Errorf("want %s, a trick number (1-13)%s", verb, map[bool]string{true: " and the seat whose card is pointed wrongly", false: ""}[kind == evPointsOut])
		}
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 1 || n > 13 {
			return true, fmt.Errorf("trick %q: want 1-13", f[2])
		}
		ev.Tricks = n
		if kind == evPointsOut {
			s, err := bridge.ParseSeat(f[3])
			if err != nil {
				return true, err
			}
			ev.Word = s.String()
		}
	case evWrongCnt:
		w := strings.ToLower(strings.Join(f[min(len(f), 2):], " "))
		if !slices.Contains(law13Findings, w) {
			return true, fmt.Errorf("want wrong-count alone, or with correctable [not-concurred], not-correctable, unseen, or seen [playable|not-playable] (Law 13)")
		}
		ev.Word = w
	case evUI:
		if len(f) != 2 {
			return true, fmt.Errorf("want %s alone", verb)
		}
		ev.Word = uiWords[verb]
	case evRecord, evDispute, evAgreeTr:
		switch {
		case len(f) == 3:
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 0 || n > 13 {
				return true, fmt.Errorf("tricks %q: want 0-13 (declarer's tricks)", f[2])
			}
			ev.Tricks = n
		case len(f) == 2 && kind == evDispute:
			ev.Tricks = -1
		default:
			return true, fmt.Errorf("want %s and declarer's tricks (0-13)", verb)
		}
	case evPenalty:
		if len(f) < 3 || len(f) > 4 {
			return true, fmt.Errorf("want penalty, the offence (%s) and at most an amount (10%%, 1VP, warning)", strings.Join(offenceNames(), ", "))
		}
		if _, ok := offences[strings.ToLower(f[2])]; !ok {
			return true, fmt.Errorf("offence %q: want one of %s (Law 90B)", f[2], strings.Join(offenceNames(), ", "))
		}
		ev.Word = strings.ToLower(f[2])
		if len(f) == 4 {
			if _, err := parseFine(f[3]); err != nil {
				return true, err
			}
			ev.Word += " " + f[3]
		}
	case evClaim:
		if len(f) < 3 {
			return true, fmt.Errorf("want claims, the number of tricks and the statement (if any)")
		}
		n, err := ParseClaimTricks(f[2])
		if err != nil {
			return true, err
		}
		st, err := ParseStatement(strings.Join(f[3:], " "))
		if err != nil {
			return true, err
		}
		ev.Tricks, ev.Word = n, st.String()
	case evConcede:
		switch len(f) {
		case 2:
			ev.Tricks = -1 // all the remaining tricks (68B1: abandoning his hand)
		case 3:
			n, err := ParseClaimTricks(f[2])
			if err != nil {
				return true, err
			}
			ev.Tricks = n
		default:
			return true, fmt.Errorf("want concedes and at most a number of tricks")
		}
	default:
		if len(f) != 2 {
			return true, fmt.Errorf("want %s alone", verb)
		}
	}
	return true, nil
}

// parsePlayCards reads "SEAT plays CARD [sim | also CARD… | hidden CARD…]":
// a play, one made at the same moment as the play on the line before
// (Law 58A), or two or more cards played at once with the others' faces
// seen (also, 58B2) or not (hidden, 58B1); the first card is the one
// played.
func parsePlayCards(ev *Event, verb string, f []string) error {
	if len(f) < 3 {
		return fmt.Errorf("want %s and one card", verb)
	}
	for i, w := range f[2:] {
		lw := strings.ToLower(w)
		switch {
		case i == 1 && (lw == "sim" || lw == "simultaneous"):
			if len(f) != 4 {
				return fmt.Errorf("want %s CARD sim alone", verb)
			}
			ev.Word = "sim"
			continue
		case i == 1 && (lw == "also" || lw == "hidden"):
			if len(f) < 5 {
				return fmt.Errorf("want at least one card after %s", lw)
			}
			ev.Word = lw
			continue
		case i == 1 && lw == "surplus":
			if len(f) != 4 {
				return fmt.Errorf("want %s CARD surplus alone", verb)
			}
			ev.Word = "surplus"
			continue
		case i >= 1 && ev.Word == "":
			return fmt.Errorf("want %s and one card (then sim, surplus, also CARD… or hidden CARD…)", verb)
		}
		c, err := bridge.ParseCard(w)
		if err != nil {
			return err
		}
		for _, x := range ev.Cards {
			if x == c {
				return fmt.Errorf("%s named twice", c)
			}
		}
		ev.Cards = append(ev.Cards, c)
	}
	return nil
}

// SetDeal gives the table the deal, so that the play can be followed.
func (t *Table) SetDeal(d bridge.Deal) { t.deal = &d }

// Play returns the play period once it has begun, or nil.
func (t *Table) Play() *Play { return t.play }

// startPlay begins the play once the auction has ended and the deal is known.
func (t *Table) startPlay() (*Play, error) {
	if t.play != nil {
		return t.play, nil
	}
	if t.deal == nil {
		return nil, fmt.Errorf("laws: %w: the play needs the deal (a \"deal\" line in the header)", ErrBadEvent)
	}
	c, decl, ok := t.contract()
	if !ok {
		return nil, fmt.Errorf("laws: %w: the play begins only after the auction has ended", ErrBadEvent)
	}
	p, err := NewPlay(t.ed, *t.deal, c, decl)
	if err != nil {
		return nil, err
	}
	if !t.is97() {
		// 2017 24E: a defender's cards exposed during the auction are
		// penalty cards; under 50B the single card below honour rank not
		// led (24A) is a minor one, the others major.
		for _, x := range t.st.exposed {
			if decl.Side() == x.seat.Side() {
				continue
			}
			for _, card := range x.cards {
				if !p.hands[x.seat].Has(card) {
					return nil, fmt.Errorf("laws: %w: %s exposed %s during the auction but does not hold it in the deal", ErrNotHeldPlay, x.seat, card)
				}
				p.penalise(PenaltyCard{Seat: x.seat, Card: card, Major: x.ruling.Law != "24A", Law: "24E"})
			}
		}
	}
	t.play = p
	return p, nil
}

// playing reports whether an event of the auction-period kinds (an option,
// a card exposed or led, the end of play) belongs to the play instead.
func (t *Table) playing(ev Event) bool {
	switch ev.Kind {
	case evPlay, evClaim, evConcede, evAgree, evObject, evWithdraw, evCorrect,
		evTouch, evHold, evName, evRedesignate, evMisplace, evAdd, evRetract, evFace,
		evAskRevoke, evWarn, evLook, evSuggest, evFound, evWrongCnt, evUI, evRecord, evAgreeTr, evDispute, evPenalty,
		evPointsOut, evInspect, evMixes, evOmit, evSupply, evReplaced, evExtra, evSubst, evSurplus,
		evFouled, evWrongBoardPlay, evEndRound, evEndCorrection, evHandsReturned:
		return true // applyPlay says why when there is no play
	}
	if t.deal == nil || !t.ended() {
		return false
	}
	if c, _, _ := t.contract(); c.Level == 0 {
		return false
	}
	switch ev.Kind {
	case "choose":
		return t.play != nil && t.play.pending != nil
	case "expose":
		return t.play != nil || (ev.Word == "leads" && len(ev.Cards) == 1)
	case "end-of-play":
		return t.play != nil
	case "attention":
		// dummy drawing attention during the play (43A1(b); 43B3)
		return t.play != nil && ev.HasSeat && ev.Seat == t.play.Dummy()
	}
	return false
}

// applyPlay applies a play-period event.
func (t *Table) applyPlay(ev Event) error {
	if t.play == nil && !t.ended() {
		switch ev.Kind { // Law 13 during the auction
		case evWrongCnt:
			t.line = ev.Line
			return t.wrongCount(ev.Seat, ev.Word)
		case evSurplus:
			t.line = ev.Line
			return t.surplus(ev.Seat, ev.Cards[0], strings.Contains(ev.Word, "played"), surplusFinding(ev.Word))
		}
	}
	if ev.Kind == "expose" && t.play == nil {
		// the opening lead: checked against the Law 26 restrictions when
		// made by the right defender, ruled under 53-56 otherwise
		c, decl, _ := t.contract()
		if ev.Seat == decl.LHO() && c.Level > 0 {
			if err := t.OpeningLead(ev.Seat, ev.Cards[0]); err != nil {
				return err
			}
		} else if err := t.Lead(); err != nil {
			return err
		}
	}
	p, err := t.startPlay()
	if err != nil {
		return err
	}
	p.SetLine(ev.Line)
	switch ev.Kind {
	case "choose":
		return p.Choose(ev.Seat, ev.Word)
	case "expose":
		if ev.Word == "leads" && len(ev.Cards) == 1 {
			return p.PlayCard(ev.Seat, ev.Cards[0])
		}
		return p.Expose(ev.Seat, ev.Cards)
	case evPlay:
		if !t.leadFaced {
			if err := t.Lead(); err != nil {
				return err
			}
		}
		switch ev.Word {
		case "also", "hidden":
			return p.PlayTogether(ev.Seat, ev.Cards[0], ev.Cards[1:], ev.Word == "also")
		case "surplus":
			return p.PlaySurplus(ev.Seat, ev.Cards[0])
		}
		return p.PlayCard(ev.Seat, ev.Cards[0])
	case evTouch:
		return p.Touch(ev.Seat, ev.Cards[0])
	case evHold:
		return p.Hold(ev.Seat, ev.Cards[0])
	case evName:
		d, err := ParseDesignation(ev.Word)
		if err != nil {
			return err
		}
		return p.Name(ev.Seat, d)
	case evRedesignate:
		return p.Redesignate(ev.Seat, ev.Cards[0])
	case evMisplace:
		return p.Misplaced(ev.Seat, ev.Cards[0])
	case evAdd:
		if ev.Word == "led" {
			return p.AddLed(ev.Seat, ev.Cards[0])
		}
		return p.AddCard(ev.Seat, ev.Cards[0])
	case evRetract:
		return p.Retract(ev.Seat, ev.Cards[0], ev.Word)
	case evFace:
		return p.Face(ev.Seat)
	case evAskRevoke:
		var asked *bridge.Seat
		if ev.Word != "" {
			s, err := bridge.ParseSeat(ev.Word)
			if err != nil {
				return err
			}
			asked = &s
		}
		return p.AskRevoke(ev.Seat, asked)
	case evWarn:
		return p.Warn(ev.Seat)
	case evLook:
		return p.DummyLooks(ev.Seat, ev.Word)
	case evSuggest:
		var c *bridge.Card
		if len(ev.Cards) == 1 {
			c = &ev.Cards[0]
		}
		return p.Suggest(ev.Seat, c)
	case "attention":
		return p.DummyAttention(ev.Seat)
	case evFound:
		if ev.Word == "exposed" {
			return p.FoundExposed(ev.Seat, ev.Cards[0])
		}
		return p.Found(ev.Seat, ev.Cards[0])
	case evReplaced:
		return p.Replaced(ev.Seat, ev.Cards[0])
	case evExtra:
		exposed := strings.Contains(ev.Word, "exposed")
		if strings.Contains(ev.Word, "unknown") {
			return p.ExtraUnsure(ev.Seat, ev.Cards[0], ev.Tricks, exposed)
		}
		return p.Extra(ev.Seat, ev.Cards[0], ev.Tricks, exposed)
	case evSubst:
		return p.Substitute(ev.Seat, ev.Cards[0])
	case evSurplus:
		return p.Surplus(ev.Seat, ev.Cards[0], strings.Contains(ev.Word, "played"), surplusFinding(ev.Word))
	case evWrongCnt:
		return p.WrongCount(ev.Seat, ev.Word)
	case evUI:
		return p.Extraneous(ev.Seat, ev.Word)
	case evRecord:
		return p.Record(ev.Seat, ev.Tricks)
	case evDispute:
		return p.Dispute(ev.Seat, ev.Tricks)
	case evPenalty:
		return p.Procedural(ev.Seat, ev.Word)
	case evPointsOut:
		owner, err := bridge.ParseSeat(ev.Word)
		if err != nil {
			return err
		}
		return p.PointsOut(ev.Seat, ev.Tricks, owner)
	case evInspect:
		return p.Inspect(ev.Seat, ev.Tricks)
	case evMixes:
		return p.Mixes(ev.Seat)
	case evOmit:
		return p.Omit(ev.Seat)
	case evSupply:
		return p.Supply(ev.Seat, ev.Cards[0])
	case evFouled:
		return p.Fouled(*ev.Deal)
	case evWrongBoardPlay:
		return p.WrongBoard(ev.Word == "previously-played")
	case evEndRound:
		return p.EndOfRound()
	case evHandsReturned:
		return p.HandsReturned()
	case evAgreeTr:
		return p.AgreeTricks(ev.Seat, ev.Tricks)
	case evEndCorrection:
		return p.EndOfCorrection()
	case evClaim:
		st, err := ParseStatement(ev.Word)
		if err != nil {
			return err
		}
		return p.ClaimTricks(ev.Seat, ev.Tricks, st)
	case evConcede:
		n := ev.Tricks
		if n < 0 {
			pos, _, _ := p.claimPosition(ev.Seat)
			n = pos.Remaining()
		}
		return p.Concede(ev.Seat, n)
	case evAgree:
		return p.Agree(ev.Seat)
	case evObject:
		return p.Object(ev.Seat)
	case evWithdraw:
		return p.WithdrawAgreement(ev.Seat)
	case evCorrect:
		return p.CorrectRevoke(ev.Seat, ev.Cards[0])
	case "end-of-play":
		if err := t.EndOfPlay(); err != nil {
			return err
		}
		return p.End()
	}
	return fmt.Errorf("laws: %w: unknown event %q", ErrBadEvent, ev.Kind)
}

// PlayResult is the play period in the JSON of "bridgetd rule". Like
// Result, every value in it is typed; its JSON is their text form in
// players' notation.
type PlayResult struct {
	Contract       bridge.Contract `json:"contract"`
	Declarer       bridge.Seat     `json:"declarer"`
	Tricks         []TrickResult   `json:"tricks"`
	WonNS          int             `json:"won_ns"`
	WonEW          int             `json:"won_ew"`
	PenaltyCards   []PenaltyCard   `json:"penalty_cards,omitempty"`
	Revokes        []Revoke        `json:"revokes,omitempty"`
	Rulings        []*Ruling       `json:"rulings"`
	Pending        *Pending        `json:"pending,omitempty"`
	Claim          *ClaimResult    `json:"claim,omitempty"`
	DeclarerTricks int             `json:"declarer_tricks"`
	// ScoredTricks is declarer's tricks to be scored: the tricks recorded
	// as corrected under Law 79, or those of the play.
	ScoredTricks        int                 `json:"scored_tricks"`
	ProceduralPenalties []ProceduralPenalty `json:"procedural_penalties,omitempty"` // Law 90
	FouledBoard         *FouledBoard        `json:"fouled_board,omitempty"`         // Law 87
	Ended               bool                `json:"ended"`
}

// TrickResult is one trick as played; Winner is nil until it is complete.
type TrickResult struct {
	Leader bridge.Seat   `json:"leader"`
	Cards  []bridge.Card `json:"cards"`
	Winner *bridge.Seat  `json:"winner,omitempty"`
}

// ClaimResult is a claim or concession and its outcome.
type ClaimResult struct {
	Seat       bridge.Seat   `json:"seat"`
	Kind       string        `json:"kind"` // claim or concession
	Tricks     int           `json:"tricks"`
	Remaining  int           `json:"remaining"`
	Statement  string        `json:"statement,omitempty"`
	Agreed     []bridge.Seat `json:"agreed_by,omitempty"`
	Awarded    *int          `json:"awarded,omitempty"`
	Restorable int           `json:"restorable,omitempty"`
	Law        string        `json:"law,omitempty"`
	Reasons    []string      `json:"reasons,omitempty"`
	Line       []LineCard    `json:"line,omitempty"`
}

// Result returns the play period for the JSON output.
func (p *Play) Result() *PlayResult {
	r := &PlayResult{Contract: p.contract, Declarer: p.declarer, Tricks: []TrickResult{},
		WonNS: p.won[bridge.NS], WonEW: p.won[bridge.EW], Rulings: p.rulings, Pending: p.PendingOption(),
		DeclarerTricks: p.DeclarerTricks(), ScoredTricks: p.ScoredTricks(), Ended: p.Ended(),
		ProceduralPenalties: p.ProceduralPenalties(), FouledBoard: p.fouled}
	if r.Rulings == nil {
		r.Rulings = []*Ruling{}
	}
	for _, t := range p.tricks {
		if t.N == 0 {
			continue
		}
		tr := TrickResult{Leader: t.Leader, Cards: []bridge.Card{}}
		for i := 0; i < t.N; i++ {
			if t.Cards[i].Valid() { // an omitted card (Law 67) is not shown
				tr.Cards = append(tr.Cards, t.Cards[i])
			}
		}
		if t.Complete() {
			w := t.Winner(p.contract.Strain)
			tr.Winner = &w
		}
		r.Tricks = append(r.Tricks, tr)
	}
	r.PenaltyCards = p.PenaltyCards()
	r.Revokes = append([]Revoke(nil), p.revokes...)
	if c := p.claim; c != nil {
		cr := &ClaimResult{Seat: c.Seat, Kind: "claim", Tricks: c.Tricks, Remaining: c.Position.Remaining(),
			Statement: c.Statement.String()}
		if c.Concession {
			cr.Kind, cr.Tricks = "concession", c.Position.Remaining()-c.Tricks
		}
		cr.Agreed = append(cr.Agreed, c.Agreed...)
		if aw := c.Award; aw != nil {
			n := aw.Tricks + aw.Restorable
			cr.Awarded, cr.Restorable, cr.Law, cr.Reasons = &n, aw.Restorable, aw.Law, aw.Reasons
			cr.Line = append(cr.Line, aw.Line...)
		}
		r.Claim = cr
	}
	return r
}

// law13Findings are the Director's findings of Law 13 a log may give
// (wrong-count, surplus): which apply depends on the code and on whether
// the player has called (wrongCount).
var law13Findings = []string{"", "correctable", "correctable not-concurred", "not-correctable", "unseen", "seen", "seen playable", "seen not-playable"}

// surplusFinding is the Director's Law 13 finding in a surplus event's
// words ("played correctable" gives "correctable").
func surplusFinding(words string) string {
	return strings.TrimSpace(strings.TrimPrefix(words, "played"))
}
