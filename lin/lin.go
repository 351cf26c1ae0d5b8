// Package lin reads BBO's LIN files: the hand records, auctions, plays and
// claims that Bridge Base Online writes for a table, and its vugraph files,
// which hold many boards of a match played in two rooms.
//
// A LIN file is a flat list of two-letter commands and values separated by
// "|": pn (players, South West North East, then the closed room's in a
// vugraph), md (the deal: the dealer as a digit 1–4 for S W N E, then the
// hands of South, West, North and East, the last one may be left out), sv
// (vulnerability o n e b), ah (board title), qx (room and board: o9 is the
// open room's board 9, c9 the closed room's), mb (a call; "!" marks an
// alert), an (the alert's explanation), pc (a card played), mc (a claim:
// the tricks declarer's side takes in all), vg (the match), rs (the
// results), and others (pg, nt, st) that only steer a viewer.
//
// Decode returns the Deals of a file; each is checked against the laws
// model: the auction is replayed call by call (Laws 17–21 via package
// bridge) and the play card by card (Laws 41–44), and an error says which
// board, room and command broke them. Game turns a Deal into a PBN game
// and Log into the laws engine's table log (laws/FORMAT.md).
package lin

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Deal is one board as played at one table.
type Deal struct {
	Event   string // from vg: the event and match
	Board   int
	Room    string // "open", "closed" or "" (not a vugraph)
	Players [4]string
	Dealer  bridge.Seat
	Vul     bridge.Vulnerability
	Cards   bridge.Deal
	Auction *bridge.Auction
	Alerts  map[int]string // call index → explanation ("" when alerted without one)
	// Play holds the cards played, in order; Claim is the total tricks
	// declarer's side takes when a claim ended the play (-1 if none).
	Play   []bridge.Card
	Claim  int
	Result *bridge.Play // the play replayed, nil when the auction was passed out or not finished
}

// Contract returns the final contract and declarer, if the auction ended.
func (d *Deal) Contract() (bridge.Contract, bridge.Seat, bool) {
	if d.Auction == nil || !d.Auction.Ended() {
		return bridge.Contract{}, 0, false
	}
	return d.Auction.Contract()
}

// Tricks returns declarer's tricks: the claim when there was one, else the
// tricks won in the play.
func (d *Deal) Tricks() (int, bool) {
	if d.Claim >= 0 {
		return d.Claim, true
	}
	if d.Result != nil && d.Result.Ended() {
		return d.Result.DeclarerTricks(), true
	}
	return 0, false
}

// Error is a problem in a LIN file: which command (counting from 1), on
// which board and in which room, and what is wrong.
type Error struct {
	Name    string
	Command int
	Board   int
	Room    string
	Err     error
}

func (e *Error) Error() string {
	where := fmt.Sprintf("%s: command %d", e.Name, e.Command)
	if e.Board > 0 {
		where += fmt.Sprintf(" (board %d", e.Board)
		if e.Room != "" {
			where += ", " + e.Room + " room"
		}
		where += ")"
	}
	return where + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrSyntax marks a value that cannot be read.
var ErrSyntax = errors.New("lin: syntax error")

// seatOrder is LIN's order of hands and players: South, West, North, East.
var seatOrder = [4]bridge.Seat{bridge.South, bridge.West, bridge.North, bridge.East}

// Decode reads a LIN file. name is used in errors.
func Decode(r io.Reader, name string) ([]*Deal, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	parts := strings.Split(string(data), "|")
	var (
		out     []*Deal
		cur     *Deal
		event   string
		players []string
		room    string
		board   int
	)
	fail := func(i int, err error) error {
		e := &Error{Name: name, Command: i/2 + 1, Err: err}
		if cur != nil {
			e.Board, e.Room = cur.Board, cur.Room
		}
		return e
	}
	for i := 0; i+1 < len(parts); i += 2 {
		cmd := strings.ToLower(strings.TrimSpace(parts[i]))
		val := parts[i+1]
		switch cmd {
		case "vg":
			f := strings.Split(val, ",")
			event = strings.TrimSpace(strings.Join(f[:min(2, len(f))], " "))
		case "pn":
			players = strings.Split(val, ",")
		case "qx":
			v := strings.TrimSpace(val)
			room = ""
			if v != "" {
				switch v[0] {
				case 'o', 'O':
					room = "open"
				case 'c', 'C':
					room = "closed"
				}
				if n, err := strconv.Atoi(strings.TrimLeft(v[1:], " ")); err == nil {
					board = n
				}
			}
		case "ah":
			if f := strings.Fields(val); len(f) == 2 && strings.EqualFold(f[0], "Board") {
				if n, err := strconv.Atoi(f[1]); err == nil {
					board = n
					if cur != nil && cur.Board == 0 {
						cur.Board = n
					}
				}
			}
		case "md":
			d, err := parseDeal(val)
			if err != nil {
				return nil, fail(i, err)
			}
			cur = &Deal{Event: event, Board: board, Room: room, Dealer: d.dealer, Cards: d.cards, Claim: -1,
				Auction: bridge.NewAuction(d.dealer), Alerts: map[int]string{}}
			if board > 0 {
				cur.Vul = bridge.Board(board).Vulnerability()
			}
			off := 0
			if room == "closed" && len(players) >= 8 {
				off = 4
			}
			for k := range 4 {
				if off+k < len(players) {
					cur.Players[seatOrder[k]] = strings.TrimSpace(players[off+k])
				}
			}
			out = append(out, cur)
		case "sv":
			if cur == nil {
				continue
			}
			v, err := parseVul(val)
			if err != nil {
				return nil, fail(i, err)
			}
			cur.Vul = v
		case "mb":
			if cur == nil {
				return nil, fail(i, fmt.Errorf("%w: a call before the deal (md)", ErrSyntax))
			}
			text := strings.TrimSpace(val)
			alerted := strings.HasSuffix(text, "!")
			text = strings.TrimSuffix(text, "!")
			c, err := bridge.ParseCall(text)
			if err != nil {
				return nil, fail(i, err)
			}
			if err := cur.Auction.Append(c); err != nil {
				return nil, fail(i, fmt.Errorf("call %s: %w", c, err))
			}
			if alerted {
				cur.Alerts[len(cur.Auction.Calls)-1] = ""
			}
		case "an":
			if cur != nil && len(cur.Auction.Calls) > 0 {
				cur.Alerts[len(cur.Auction.Calls)-1] = strings.TrimSpace(val)
			}
		case "pc":
			if cur == nil {
				return nil, fail(i, fmt.Errorf("%w: a card before the deal (md)", ErrSyntax))
			}
			card, err := bridge.ParseCard(strings.ToUpper(strings.TrimSpace(val)))
			if err != nil {
				return nil, fail(i, err)
			}
			if cur.Result == nil {
				c, decl, ok := cur.Contract()
				if !ok || c.IsPassedOut() {
					return nil, fail(i, fmt.Errorf("card %s played before the auction ended in a contract", card))
				}
				p, err := bridge.NewPlay(cur.Cards, c, decl)
				if err != nil {
					return nil, fail(i, err)
				}
				cur.Result = p
			}
			if err := cur.Result.Play(card); err != nil {
				return nil, fail(i, fmt.Errorf("card %s: %w", card, err))
			}
			cur.Play = append(cur.Play, card)
		case "mc":
			if cur == nil {
				continue
			}
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil || n < 0 || n > 13 {
				return nil, fail(i, fmt.Errorf("%w: claim %q is not 0-13 tricks", ErrSyntax, val))
			}
			if cur.Result != nil {
				// Tricks already won count: a claim gives the total.
				won := cur.Result.DeclarerTricks()
				done := 0
				for _, t := range cur.Result.Tricks() {
					if t.Complete() {
						done++
					}
				}
				if n < won || n > won+13-done {
					return nil, fail(i, fmt.Errorf("claim of %d tricks: declarer has %d with %d to play", n, won, 13-done))
				}
			}
			cur.Claim = n
		}
	}
	return out, nil
}

type linDeal struct {
	dealer bridge.Seat
	cards  bridge.Deal
}

// parseDeal reads md: "3SK97H96DQJT98CA42,SAQJ5...,..." — the dealer
// (1 S, 2 W, 3 N, 4 E) and the hands of South, West, North and East; a
// missing last hand holds the cards left over.
func parseDeal(v string) (linDeal, error) {
	v = strings.TrimSpace(v)
	var d linDeal
	if v == "" || v[0] < '1' || v[0] > '4' {
		return d, fmt.Errorf("%w: deal %q: want the dealer 1-4 first", ErrSyntax, v)
	}
	d.dealer = seatOrder[v[0]-'1']
	hands := strings.Split(v[1:], ",")
	if len(hands) < 3 {
		return d, fmt.Errorf("%w: deal %q: want at least three hands", ErrSyntax, v)
	}
	used := bridge.Hand(0)
	for k := range 4 {
		var h bridge.Hand
		if k < len(hands) && strings.TrimSpace(hands[k]) != "" {
			var err error
			if h, err = parseHand(hands[k]); err != nil {
				return d, fmt.Errorf("deal: %s's hand: %w", seatOrder[k].Name(), err)
			}
		} else {
			h = bridge.FullPack &^ used
		}
		if h&used != 0 {
			return d, fmt.Errorf("%w: deal: a card dealt twice (%s's hand)", ErrSyntax, seatOrder[k].Name())
		}
		used |= h
		d.cards[seatOrder[k]] = h
	}
	if err := d.cards.Validate(); err != nil {
		return d, fmt.Errorf("deal: %w", err)
	}
	return d, nil
}

// parseHand reads "SK97H96DQJT98CA42".
func parseHand(s string) (bridge.Hand, error) {
	var h bridge.Hand
	suit := -1
	for _, r := range strings.ToUpper(strings.TrimSpace(s)) {
		switch r {
		case 'S', 'H', 'D', 'C':
			su, _ := bridge.ParseSuit(string(r))
			suit = int(su)
			continue
		}
		if suit < 0 {
			return 0, fmt.Errorf("%w: %q: a card before its suit", ErrSyntax, s)
		}
		rk, err := bridge.ParseRank(string(r))
		if err != nil {
			return 0, fmt.Errorf("%w: %q: %v", ErrSyntax, s, err)
		}
		h = h.With(bridge.NewCard(bridge.Suit(suit), rk))
	}
	return h, nil
}

func parseVul(v string) (bridge.Vulnerability, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "o", "0", "-":
		return bridge.NoneVul, nil
	case "n":
		return bridge.NSVul, nil
	case "e":
		return bridge.EWVul, nil
	case "b":
		return bridge.AllVul, nil
	}
	return 0, fmt.Errorf("%w: vulnerability %q (want o, n, e or b)", ErrSyntax, v)
}
