package dd

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/pbn"
)

// TestAnalysePlayReference: small endings of two to four tricks, played
// out with random legal cards; after every card declarer's tricks must be
// the tricks won plus plain minimax on the rest, and each card's cost the
// fall in its own side's figure.
func TestAnalysePlayReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	s := NewSolverOptions(Options{})
	costly := 0
	for i := 0; i < 300; i++ {
		p := randomPosition(r, 2+i%3, 0)
		decl := p.Leader.RHO()
		// A random legal play to the end.
		var cards []bridge.Card
		for k := 0; k < 4*p.Tricks(); k++ {
			q, _ := positionAfter(p.Hands, p.Trump, p.Leader, cards, k)
			legal := q.legal().Cards()
			cards = append(cards, legal[r.IntN(len(legal))])
		}
		rec := PlayRecord{Deal: p.Hands, Strain: p.Trump, Declarer: decl, Cards: cards}
		a, err := s.AnalysePlay(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		// declarer's tricks from the position after k cards, by minimax
		want := func(k int) int {
			q, won := positionAfter(p.Hands, p.Trump, p.Leader, cards, k)
			if q.Tricks() == 0 {
				return won[decl.Side()]
			}
			v := refTricks(q)
			if q.Turn().Side() != decl.Side() {
				v = q.Tricks() - v
			}
			return won[decl.Side()] + v
		}
		if w := want(0); a.Start != w {
			t.Fatalf("ending %d %v: start %d, want %d", i, p.Hands, a.Start, w)
		}
		if len(a.Cards) != len(cards) {
			t.Fatalf("ending %d: %d cards analysed, want %d", i, len(a.Cards), len(cards))
		}
		prev := a.Start
		for k, pc := range a.Cards {
			w := want(k + 1)
			if pc.Card != cards[k] || pc.Tricks != w {
				t.Fatalf("ending %d %v trump %v, card %d %v: %d tricks, want %d", i, p.Hands, p.Trump, k+1, pc.Card, pc.Tricks, w)
			}
			cost := prev - w
			if pc.Seat.Side() != decl.Side() {
				cost = w - prev
			}
			if pc.Cost != cost || cost < 0 {
				t.Fatalf("ending %d, card %d %v by %v: cost %d, want %d", i, k+1, pc.Card, pc.Seat, pc.Cost, cost)
			}
			if cost > 0 {
				costly++
			}
			prev = w
		}
		if last := a.Cards[len(a.Cards)-1].Tricks; len(a.Costly()) == 0 && last != a.Start {
			t.Fatalf("ending %d: no costly card, but declarer went from %d to %d", i, a.Start, last)
		}
	}
	if costly == 0 {
		t.Fatal("no random play cost a trick: the test checks nothing")
	}
	t.Logf("%d costly cards", costly)
}

// TestAnalysePlayTraces: the play records of DDS's list100 (PLAY lines)
// against DDS's own AnalysePlay (TRACE lines), and the start against the
// deal's table.
func TestAnalysePlayTraces(t *testing.T) {
	// (TestList100Traces checks the same positions of list1000 with -long.)
	cs := readDDSList(t, "testdata/list100.txt")
	var recs []PlayRecord
	for _, c := range cs {
		recs = append(recs, PlayRecord{Deal: c.deal, Strain: c.trump, Declarer: c.first.RHO(), Cards: c.play})
	}
	got, err := AnalysePlays(context.Background(), recs, BatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cs {
		a := got[i]
		decl := c.first.RHO()
		if a.Start != c.trace[0] || a.Start != c.table[decl][c.trump] {
			t.Errorf("line %d: start %d, trace %d, table %d", c.line, a.Start, c.trace[0], c.table[decl][c.trump])
		}
		for k := 1; k < len(c.trace) && k <= len(a.Cards); k++ {
			if a.Cards[k-1].Tricks != c.trace[k] {
				t.Errorf("line %d after card %d (%v): %d tricks, DDS %d", c.line, k, a.Cards[k-1].Card, a.Cards[k-1].Tricks, c.trace[k])
			}
		}
	}
}

// TestAnalysePlayFixtures: the boards of the event file with a play
// record (realbridge-teams-2021.pbn, the fixture's DoubleDummyTricks):
// declarer's tricks before the opening lead equal the table's, and after
// the last card of a complete record the tricks declarer actually won.
// The first boards run by default, every board with -long.
func TestAnalysePlayFixtures(t *testing.T) {
	f, err := pbn.ReadFile("testdata/realbridge-teams-2021.pbn")
	if err != nil {
		t.Fatal(err)
	}
	type board struct {
		line     int
		rec      PlayRecord
		table    Table
		complete bool
		won      int
	}
	var boards []board
	for _, g := range f.Games {
		d, err1 := g.Deal()
		tab, ok := fixtureTable(t, g)
		con, decl, err2 := g.Contract()
		play, err3 := g.Play()
		if err1 != nil || !ok || err2 != nil || err3 != nil || con.IsPassedOut() {
			continue
		}
		bp, err := play.Replay(d, con, decl)
		if err != nil {
			t.Fatalf("line %d: %v", g.Line, err)
		}
		var cards []bridge.Card
		for _, tr := range bp.Tricks() {
			cards = append(cards, tr.Cards[:tr.N]...)
		}
		boards = append(boards, board{g.Line, PlayRecord{Deal: d, Strain: con.Strain, Declarer: decl, Cards: cards}, tab, bp.Ended(), bp.DeclarerTricks()})
	}
	if len(boards) < 100 {
		t.Fatalf("%d boards with a play record, want the file's 250 or more", len(boards))
	}
	if !*long {
		boards = boards[:12]
	}
	recs := make([]PlayRecord, len(boards))
	for i, b := range boards {
		recs[i] = b.rec
	}
	got, err := AnalysePlays(context.Background(), recs, BatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	complete := 0
	for i, b := range boards {
		a := got[i]
		if w := b.table[b.rec.Declarer][b.rec.Strain]; a.Start != w {
			t.Errorf("line %d: start %d, table %d", b.line, a.Start, w)
		}
		if len(a.Cards) != len(b.rec.Cards) {
			t.Fatalf("line %d: %d cards analysed of %d", b.line, len(a.Cards), len(b.rec.Cards))
		}
		if b.complete {
			complete++
			if last := a.Cards[len(a.Cards)-1].Tricks; last != b.won {
				t.Errorf("line %d: %d tricks after the last card, declarer won %d", b.line, last, b.won)
			}
		}
	}
	if complete == 0 {
		t.Error("no complete play record checked")
	}
	t.Logf("%d boards, %d complete", len(boards), complete)
}

// TestAnalysePlayErrors: a card not held, a revoke, a bad ending and a
// cancelled batch each give a clear error.
func TestAnalysePlayErrors(t *testing.T) {
	cs := readDDSList(t, "testdata/list100.txt")
	c := cs[0]
	decl := c.first.RHO()
	s := NewSolverOptions(Options{})
	notHeld := append([]bridge.Card(nil), c.play[:2]...)
	notHeld = append(notHeld, c.play[1]) // played already
	// The third player of the first trick shows out while holding the suit.
	revoke := append([]bridge.Card(nil), c.play[:2]...)
	third := (c.first + 2) & 3
	for _, card := range c.deal[third].Cards() {
		if card.Suit() != c.play[0].Suit() && c.deal[third].InSuit(c.play[0].Suit()) != 0 {
			revoke = append(revoke, card)
			break
		}
	}
	bad := c.deal
	bad[0] = bad[0].Without(bad[0].Cards()[0])
	tests := []struct {
		name string
		rec  PlayRecord
		want string
	}{
		{"not held", PlayRecord{Deal: c.deal, Strain: c.trump, Declarer: decl, Cards: notHeld}, "card 3"},
		{"revoke", PlayRecord{Deal: c.deal, Strain: c.trump, Declarer: decl, Cards: revoke}, "must follow"},
		{"hands of different sizes", PlayRecord{Deal: bad, Strain: c.trump, Declarer: decl}, "cards, want"},
	}
	for _, tt := range tests {
		_, err := s.AnalysePlay(context.Background(), tt.rec)
		if !errors.Is(err, ErrInvalidPosition) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
	_, err := AnalysePlays(context.Background(), []PlayRecord{{Deal: c.deal, Strain: c.trump, Declarer: decl, Cards: c.play}, tests[0].rec}, BatchOptions{Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "play 2") {
		t.Errorf("batch with a bad record: error %v, want one naming play 2", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := AnalysePlays(ctx, []PlayRecord{tests[0].rec}, BatchOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled batch: error %v", err)
	}
}
