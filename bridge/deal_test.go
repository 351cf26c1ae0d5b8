package bridge

import (
	"errors"
	"strings"
	"testing"
)

const fourVoids = "N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962"

func TestParseDeal(t *testing.T) {
	d, err := ParseDeal(fourVoids)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if d.String() != fourVoids {
		t.Errorf("String() = %q", d.String())
	}
	// The same deal written from East.
	e, err := ParseDeal("E:Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962 .Q853.AJ962.KT74")
	if err != nil || e != d {
		t.Errorf("deal from East = %v, %v", e, err)
	}
	if got := d.Format(South); !strings.HasPrefix(got, "S:AJ962.KT74..Q853 ") {
		t.Errorf("Format(South) = %q", got)
	}
	if s, ok := d.Holder(NewCard(Spades, Ace)); !ok || s != South {
		t.Errorf("Holder(♠A) = %v, %v", s, ok)
	}
}

func TestDealValidate(t *testing.T) {
	// Law 6: thirteen cards to each player, the 52 cards of one pack.
	full, _ := ParseDeal(fourVoids)
	tests := []struct {
		name   string
		mutate func(d *Deal)
		want   string
	}{
		{"short hand", func(d *Deal) { d[East] = d[East].Without(NewCard(Spades, Queen)) }, "East has 12 cards"},
		{"card twice", func(d *Deal) { d[West] = d[West].With(NewCard(Hearts, Ace)) }, "♥A held by both East and West"},
		{"bad bits", func(d *Deal) { d[North] |= 1 }, "North holds bits"},
	}
	for _, tt := range tests {
		d := full
		tt.mutate(&d)
		err := d.Validate()
		if err == nil || !errors.Is(err, ErrInvalidDeal) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Validate() = %v, want %q", tt.name, err, tt.want)
		}
	}
	partial, err := ParseDeal("N:AKQ... - - -")
	if err != nil || partial[North].Len() != 3 || partial.Validate() == nil {
		t.Errorf("partial deal: %v %v", partial, err)
	}
	for _, bad := range []string{"", "N", "X:...", "N:... ... ...", "N:A... A... ... ...", "N:Z... ... ... ..."} {
		if _, err := ParseDeal(bad); err == nil {
			t.Errorf("ParseDeal(%q) succeeded", bad)
		}
	}
}
