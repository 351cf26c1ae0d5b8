package bridge

import (
	"encoding"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// textValue is a core value with both text methods, for the tables below.
type textValue interface {
	encoding.TextMarshaler
	encoding.TextUnmarshaler
}

// TestTextRoundTrip: every value marshals to players' notation (the String
// form) and reads back to itself; the ASCII forms users type read to the
// same value.
func TestTextRoundTrip(t *testing.T) {
	for _, c := range []struct {
		kind  string
		text  string   // what MarshalText writes
		also  []string // other forms UnmarshalText accepts for the same value
		value func() textValue
	}{
		{"seat", "N", []string{"n", "North", " NORTH "}, func() textValue { v := North; return &v }},
		{"seat", "W", []string{"west"}, func() textValue { v := West; return &v }},
		{"side", "EW", []string{"E-W", "e/w"}, func() textValue { v := EW; return &v }},
		{"suit", "♠", []string{"S", "s", "♤"}, func() textValue { v := Spades; return &v }},
		{"suit", "♦", []string{"D", "♢"}, func() textValue { v := Diamonds; return &v }},
		{"rank", "T", []string{"10", "t"}, func() textValue { v := Ten; return &v }},
		{"strain", "NT", []string{"N", "nt", "SA"}, func() textValue { v := NoTrump; return &v }},
		{"strain", "♥", []string{"H"}, func() textValue { v := HeartsStrain; return &v }},
		{"card", "♠K", []string{"SK", "sk", "K♠", "KS"}, func() textValue { v := NewCard(Spades, King); return &v }},
		{"card", "♥T", []string{"H10", "HT", "10H", "T♥", "♥10"}, func() textValue { v := NewCard(Hearts, Ten); return &v }},
		{"call", "Pass", []string{"P", "pass", "-"}, func() textValue { v := Pass; return &v }},
		{"call", "XX", []string{"R", "Rdbl"}, func() textValue { v := Redouble; return &v }},
		{"call", "4♠", []string{"4S", "4s"}, func() textValue { v := Bid(4, SpadesStrain); return &v }},
		{"call", "3NT", []string{"3N", "3nt"}, func() textValue { v := Bid(3, NoTrump); return &v }},
		{"contract", "4♠X", []string{"4SX", "4s*", "4♠x"}, func() textValue { v := Contract{4, SpadesStrain, Doubled}; return &v }},
		{"contract", "3NTXX", []string{"3NXX", "3NT**"}, func() textValue { v := Contract{3, NoTrump, Redoubled}; return &v }},
		{"contract", "Pass", []string{"P", "passed out", "AP"}, func() textValue { v := PassedOut; return &v }},
		{"vulnerability", "All", []string{"Both", "all"}, func() textValue { v := AllVul; return &v }},
		{"vulnerability", "None", []string{"Love", "-"}, func() textValue { v := NoneVul; return &v }},
		{"hand", "AKQ2.JT9.876.543", []string{"AKQ2.J109.876.543", "2QKA.9TJ.678.345"}, func() textValue { h, _ := ParseHand("AKQ2.JT9.876.543"); return &h }},
		{"deal", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
			[]string{"E:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ"},
			func() textValue {
				d, _ := ParseDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
				return &d
			}},
	} {
		want := c.value()
		got, err := want.MarshalText()
		if err != nil || string(got) != c.text {
			t.Errorf("%s: MarshalText = %q, %v; want %q", c.kind, got, err, c.text)
			continue
		}
		for _, form := range append([]string{c.text}, c.also...) {
			back := c.value()
			if err := back.UnmarshalText([]byte(form)); err != nil {
				t.Errorf("%s: UnmarshalText(%q): %v", c.kind, form, err)
				continue
			}
			again, _ := back.MarshalText()
			if string(again) != c.text {
				t.Errorf("%s: UnmarshalText(%q) gives %q, want %q", c.kind, form, again, c.text)
			}
		}
	}
}

// TestTextRefused: junk, trailing text and out-of-range values are refused
// with a *TextError naming the kind of value and the text.
func TestTextRefused(t *testing.T) {
	for _, c := range []struct {
		kind string
		text string
		into textValue
	}{
		{"seat", "NX", new(Seat)},
		{"seat", "", new(Seat)},
		{"side", "NSEW", new(Side)},
		{"suit", "SS", new(Suit)},
		{"suit", "♠x", new(Suit)},
		{"rank", "11", new(Rank)},
		{"strain", "NTT", new(Strain)},
		{"card", "SK ", new(Card)}, // a trailing space is trimmed: see below
		{"card", "SKQ", new(Card)},
		{"card", "S1", new(Card)},
		{"call", "1NTX", new(Call)},
		{"call", "8S", new(Call)}, // Law 38: above seven
		{"contract", "4SX!", new(Contract)},
		{"contract", "4SXXX", new(Contract)},
		{"contract", "8S", new(Contract)},
		{"vulnerability", "NSEW", new(Vulnerability)},
		{"hand", "AKQ.JT9.876", new(Hand)},
		{"hand", "AKQ.JT9.876.54X", new(Hand)},
		{"deal", "N:... ... ... ... ...", new(Deal)},
		{"deal", "N:A... .A.. ..A. ...A junk", new(Deal)},
	} {
		err := c.into.UnmarshalText([]byte(c.text))
		if c.text == "SK " {
			if err != nil {
				t.Errorf("card %q: surrounding space should be trimmed, got %v", c.text, err)
			}
			continue
		}
		var te *TextError
		if !errors.As(err, &te) || te.Kind != c.kind || te.Text != c.text {
			t.Errorf("%s %q: error %v, want a TextError naming %s and the text", c.kind, c.text, err, c.kind)
			continue
		}
		if !strings.Contains(err.Error(), c.kind) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s %q: message %q names neither", c.kind, c.text, err)
		}
	}
	var te *TextError
	if err := new(Call).UnmarshalText([]byte("8S")); !errors.Is(err, ErrBidAboveSeven) || !errors.As(err, &te) {
		t.Errorf("8S: %v, want ErrBidAboveSeven inside a TextError (Law 38)", err)
	}
	for name, f := range map[string]func() ([]byte, error){
		"seat":     Seat(4).MarshalText,
		"card":     Card(0).MarshalText,
		"call":     Call(200).MarshalText,
		"contract": Contract{Level: 8}.MarshalText,
		"hand":     Hand(1).MarshalText,
	} {
		if b, err := f(); err == nil {
			t.Errorf("%s: invalid value marshalled to %q", name, b)
		}
	}
}

// TestTextJSON: the values travel through JSON as their text, in struct
// fields, slices and pointers, and back.
func TestTextJSON(t *testing.T) {
	type rec struct {
		Declarer *Seat         `json:"declarer"`
		Contract Contract      `json:"contract"`
		Vul      Vulnerability `json:"vul"`
		Cards    []Card        `json:"cards"`
		Suits    []Suit        `json:"suits"`
	}
	s := South
	in := rec{&s, Contract{4, SpadesStrain, Doubled}, EWVul, []Card{NewCard(Hearts, Ace), NewCard(Clubs, Ten)}, []Suit{Spades}}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"declarer":"S","contract":"4♠X","vul":"EW","cards":["♥A","♣T"],"suits":["♠"]}`
	if string(b) != want {
		t.Fatalf("JSON %s, want %s", b, want)
	}
	var out rec
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if *out.Declarer != South || out.Contract != in.Contract || out.Vul != EWVul || len(out.Cards) != 2 || out.Cards[1] != in.Cards[1] || out.Suits[0] != Spades {
		t.Fatalf("round trip %+v", out)
	}
	if err := json.Unmarshal([]byte(`{"contract":"4SX junk"}`), &out); err == nil || !strings.Contains(err.Error(), "contract") {
		t.Fatalf("trailing junk: %v", err)
	}
}
