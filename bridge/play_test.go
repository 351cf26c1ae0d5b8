package bridge

import (
	"errors"
	"testing"
)

func TestPlay(t *testing.T) {
	d, err := ParseDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := ParseContract("7NT")
	p, err := NewPlay(d, c, South)
	if err != nil {
		t.Fatal(err)
	}
	// Law 41C: the opening lead is made by declarer's LHO.
	if p.Turn() != West || p.Dummy() != North {
		t.Fatalf("turn %v dummy %v", p.Turn(), p.Dummy())
	}
	must := func(card string) {
		t.Helper()
		cd, _ := ParseCard(card)
		if err := p.Play(cd); err != nil {
			t.Fatalf("play %s: %v", card, err)
		}
	}
	must("H5")
	// Law 44C: North holds hearts and must follow.
	sa, _ := ParseCard("SA")
	if err := p.Play(sa); !errors.Is(err, ErrMustFollow) {
		t.Errorf("discard while holding the suit led: %v", err)
	}
	// Law 44B: East may not play before North.
	hj, _ := ParseCard("HJ")
	if err := p.Check(East, hj); !errors.Is(err, ErrOutOfTurn) {
		t.Errorf("East out of turn: %v", err)
	}
	if err := p.Play(hj); !errors.Is(err, ErrNotHeld) {
		t.Errorf("North plays East's card: %v", err)
	}
	if p.LegalCards() != d[North].InSuit(Hearts) {
		t.Errorf("legal cards %v", p.LegalCards())
	}
	must("HA")
	must("HJ")
	must("H6")
	// Law 44F: the highest card of the suit led wins; the winner leads next.
	if p.Won(NS) != 1 || p.Turn() != North {
		t.Errorf("after trick 1: NS %d, turn %v", p.Won(NS), p.Turn())
	}
	// Play out: North cashes everything, others follow low or discard.
	for !p.Ended() {
		legal := p.LegalCards()
		cards := legal.Cards()
		if p.Turn() == North {
			must(cards[0].ASCII())
		} else {
			must(cards[len(cards)-1].ASCII())
		}
	}
	if p.DeclarerTricks() != 13 || p.Won(EW) != 0 || len(p.Tricks()) != 13 {
		t.Errorf("declarer %d, EW %d, tricks %d", p.DeclarerTricks(), p.Won(EW), len(p.Tricks()))
	}
	if err := p.Play(sa); !errors.Is(err, ErrPlayEnded) {
		t.Errorf("play after the end: %v", err)
	}
}

func TestTrickWinner(t *testing.T) {
	// Law 44E: a trick containing a trump is won by the highest trump;
	// Law 44F: otherwise by the highest card of the suit led.
	card := func(s string) Card { c, _ := ParseCard(s); return c }
	tests := []struct {
		cards [4]string
		trump Strain
		want  Seat
	}{
		{[4]string{"SK", "SA", "S2", "S3"}, NoTrump, East},
		{[4]string{"SK", "HA", "S2", "S3"}, NoTrump, North},
		{[4]string{"SK", "HA", "S2", "S3"}, HeartsStrain, East},
		{[4]string{"SK", "H2", "H3", "SA"}, HeartsStrain, South},
		{[4]string{"D2", "C3", "CA", "D3"}, SpadesStrain, West},
	}
	for _, tt := range tests {
		tr := Trick{Leader: North, N: 4}
		for i, s := range tt.cards {
			tr.Cards[i] = card(s)
		}
		if w := tr.Winner(tt.trump); w != tt.want {
			t.Errorf("%v trump %v: winner %v, want %v", tr.String(), tt.trump, w, tt.want)
		}
	}
}
