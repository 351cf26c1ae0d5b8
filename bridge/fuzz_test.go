package bridge

import (
	"errors"
	"testing"
)

// FuzzParseCall: ParseCall never panics; a call it accepts is valid and its
// ASCII form parses back to the same call; a refusal wraps ErrNotACall or
// ErrBidAboveSeven (Law 38).
func FuzzParseCall(f *testing.F) {
	for _, s := range []string{"1NT", "1N", "7♠", "X", "XX", "Pass", "P", "AP", "8S", "99NT", "0C", "3sa", " 2d ", "", "1", "NT"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCall(s)
		if err != nil {
			if !errors.Is(err, ErrNotACall) && !errors.Is(err, ErrBidAboveSeven) {
				t.Fatalf("ParseCall(%q): error %v wraps neither ErrNotACall nor ErrBidAboveSeven", s, err)
			}
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCall(%q) = invalid call %d", s, c)
		}
		back, err := ParseCall(c.ASCII())
		if err != nil || back != c {
			t.Fatalf("ParseCall(%q) = %v, but its ASCII %q parses to %v, %v", s, c, c.ASCII(), back, err)
		}
	})
}

// FuzzParseContract: ParseContract never panics; what it accepts is a valid
// contract whose ASCII and symbol forms parse back to it, and whose score is
// defined for every number of tricks (Law 77).
func FuzzParseContract(f *testing.F) {
	for _, s := range []string{"4S", "4♠X", "3NTX", "2HXX", "6♦**", "Pass", "passed out", "8S", "0NT", "7NT R", "1C*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseContract(s)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseContract(%q) = invalid %+v", s, c)
		}
		for _, form := range []string{c.ASCII(), c.String()} {
			back, err := ParseContract(form)
			if err != nil || back != c {
				t.Fatalf("ParseContract(%q) = %+v, but %q parses to %+v, %v", s, c, form, back, err)
			}
		}
		for tricks := 0; tricks <= 13; tricks++ {
			c.Score(tricks, tricks%2 == 0)
		}
	})
}

// FuzzParseDeal: ParseDeal never panics; a deal it accepts gives no card
// twice, and its PBN form parses back to the same deal.
func FuzzParseDeal(f *testing.F) {
	for _, s := range []string{
		"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
		"W:.AQJ85.986.JT973 A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4",
		"e:- - - -", "N:10.9.8.7 ... ... ...", "N:", "S:A.A.A.A A",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeal(s)
		if err != nil {
			return
		}
		var seen Hand
		for _, h := range d {
			if !h.Valid() || seen&h != 0 {
				t.Fatalf("ParseDeal(%q) = %v: bad hand or a card given twice", s, d)
			}
			seen |= h
		}
		back, err := ParseDeal(d.String())
		if err != nil || back != d {
			t.Fatalf("ParseDeal(%q) = %v, but %q parses to %v, %v", s, d, d.String(), back, err)
		}
	})
}

// FuzzText: for every core value, UnmarshalText never panics and what it
// accepts marshals to a text that reads back to the same value (the
// round-trip property of encoding.TextMarshaler/TextUnmarshaler).
func FuzzText(f *testing.F) {
	for _, s := range []string{"N", "north", "NS", "E-W", "S", "♠", "10", "T", "NT", "3N", "SK", "♠10", "K♠",
		"4SX", "4♠X", "Pass", "XX", "None", "Both", "AKQ2.JT9.876.543", "N:AKQJ.AKQ.AKQ.AKQ - - -", "4SX junk", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range []func() textValue{
			func() textValue { return new(Seat) }, func() textValue { return new(Side) },
			func() textValue { return new(Suit) }, func() textValue { return new(Rank) },
			func() textValue { return new(Strain) }, func() textValue { return new(Card) },
			func() textValue { return new(Call) }, func() textValue { return new(Contract) },
			func() textValue { return new(Vulnerability) }, func() textValue { return new(Hand) },
			func() textValue { return new(Deal) },
		} {
			x := v()
			if err := x.UnmarshalText([]byte(s)); err != nil {
				var te *TextError
				if !errors.As(err, &te) {
					t.Fatalf("%T %q: error %v is not a TextError", x, s, err)
				}
				continue
			}
			b, err := x.MarshalText()
			if err != nil {
				t.Fatalf("%T %q: accepted but does not marshal: %v", x, s, err)
			}
			y := v()
			if err := y.UnmarshalText(b); err != nil {
				t.Fatalf("%T %q: marshals to %q, which is refused: %v", x, s, b, err)
			}
			if b2, _ := y.MarshalText(); string(b2) != string(b) {
				t.Fatalf("%T %q: %q reads back as %q", x, s, b, b2)
			}
		}
	})
}
