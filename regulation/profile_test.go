package regulation

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestLatePenalty(t *testing.T) {
	p := NSWBA2011()
	tests := []struct {
		clause  string
		minutes int
		want    Penalty
		fined   bool
		tooLate bool
	}{
		{"NSWBA 7 (late arrival): seated within the grace", 0, Penalty{}, false, false},
		{"NSWBA 7 (late arrival): 4 minutes, still within 5", 4, Penalty{}, false, false},
		{"NSWBA 7 (late arrival): from 5 minutes, 1 VP / 25%", 5, Penalty{VP: 1, TopPercent: 25}, true, false},
		{"NSWBA 7 (late arrival): to 10 minutes, 1 VP / 25%", 10, Penalty{VP: 1, TopPercent: 25}, true, false},
		{"NSWBA 7 (late arrival): from 11 minutes, 2 VP / 50%", 11, Penalty{VP: 2, TopPercent: 50}, true, false},
		{"NSWBA 7 (late arrival): to 15 minutes, 2 VP / 50%", 15, Penalty{VP: 2, TopPercent: 50}, true, false},
		{"NSWBA 7 (late arrival): from 16 minutes, 3 VP / 75%", 16, Penalty{VP: 3, TopPercent: 75}, true, false},
		{"NSWBA 7 (late arrival): to 20 minutes, 3 VP / 75%", 20, Penalty{VP: 3, TopPercent: 75}, true, false},
		{"NSWBA 7 (late arrival): from 21 minutes, 5 VP / 125%", 21, Penalty{VP: 5, TopPercent: 125}, true, false},
		{"NSWBA 7 (late arrival): to 30 minutes, 5 VP / 125%", 30, Penalty{VP: 5, TopPercent: 125}, true, false},
		{"NSWBA 7 (late arrival): over 30 minutes, director's discretion", 31, Penalty{}, false, true},
	}
	for _, tt := range tests {
		got, fined, err := p.LatePenalty(tt.minutes)
		if tt.tooLate {
			if !errors.Is(err, ErrTooLate) {
				t.Errorf("%s: LatePenalty(%d) error = %v, want ErrTooLate", tt.clause, tt.minutes, err)
			}
			continue
		}
		if err != nil || got != tt.want || fined != tt.fined {
			t.Errorf("%s: LatePenalty(%d) = %v, %v, %v; want %v, %v", tt.clause, tt.minutes, got, fined, err, tt.want, tt.fined)
		}
	}
}

func TestSlowPlayAndPhoneScales(t *testing.T) {
	p := NSWBA2011()
	tests := []struct {
		clause string
		get    func(int) Penalty
		n      int
		want   string
	}{
		{"NSWBA 7.4: first slow-play offence, a warning", p.SlowPlayPenalty, 1, "warning"},
		{"NSWBA 7.4: second, 1 VP / 25%", p.SlowPlayPenalty, 2, "1 VP / 25% of a top"},
		{"NSWBA 7.4: third, 2 VP / 50%", p.SlowPlayPenalty, 3, "2 VP / 50% of a top"},
		{"NSWBA 7.4: fourth, 3 VP / 75%", p.SlowPlayPenalty, 4, "3 VP / 75% of a top"},
		{"NSWBA 7.4: fourth and subsequent, 3 VP / 75%", p.SlowPlayPenalty, 9, "3 VP / 75% of a top"},
		{"NSWBA 7 (mobile phones): first, 1 VP / 10%", p.PhonePenalty, 1, "1 VP / 10% of a top"},
		{"NSWBA 7 (mobile phones): second, 3 VP / 50%", p.PhonePenalty, 2, "3 VP / 50% of a top"},
		{"NSWBA 7 (mobile phones): third, 6 VP / 100%", p.PhonePenalty, 3, "6 VP / 100% of a top"},
		{"NSWBA 7 (mobile phones): third and subsequent, 6 VP / 100%", p.PhonePenalty, 5, "6 VP / 100% of a top"},
	}
	for _, tt := range tests {
		if got := tt.get(tt.n).String(); got != tt.want {
			t.Errorf("%s: offence %d = %q, want %q", tt.clause, tt.n, got, tt.want)
		}
	}
}

func TestFirstAgain(t *testing.T) {
	d := func(s string) time.Time {
		v, err := time.Parse("2006-01-02 15:04", s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		clause     string
		prev, next string
		months     int
		want       bool
	}{
		{"NSWBA 7 (mobile phones): 12 months to the day still counts", "2025-03-10 20:00", "2026-03-10 09:00", 12, false},
		{"NSWBA 7 (mobile phones): 12 months and one day is a first offence", "2025-03-10 20:00", "2026-03-11 09:00", 12, true},
		{"NSWBA 7 (mobile phones): the next day counts", "2025-03-10 20:00", "2025-03-11 09:00", 12, false},
		{"NSWBA 7 (slow play): 6 months to the day still counts", "2025-01-15 12:00", "2025-07-15 23:00", 6, false},
		{"NSWBA 7 (slow play): 6 months and one day is a first offence", "2025-01-15 12:00", "2025-07-16 10:00", 6, true},
		{"NSWBA 7 (slow play): 31 August + 6 months ends 28 February", "2025-08-31 12:00", "2026-02-28 12:00", 6, false},
		{"NSWBA 7 (slow play): 31 August + 6 months, 1 March is past", "2025-08-31 12:00", "2026-03-01 12:00", 6, true},
		{"NSWBA 7 (slow play): leap year, 31 August + 6 months ends 29 February", "2027-08-31 12:00", "2028-02-29 12:00", 6, false},
	}
	for _, tt := range tests {
		if got := FirstAgain(d(tt.prev), d(tt.next), tt.months); got != tt.want {
			t.Errorf("%s: FirstAgain(%s, %s, %d) = %v, want %v", tt.clause, tt.prev, tt.next, tt.months, got, tt.want)
		}
	}
}

func TestLoadOverridesAndKeepsDefaults(t *testing.T) {
	p, err := Load(strings.NewReader(`{"name":"Club","phone_window_months":24,
		"late_bands":[{"max_minutes":15,"penalty":{"vp":2,"top_percent":20}}],"late_severe_minutes":15}`), "club.json")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Club" || p.PhoneWindowMonths != 24 {
		t.Errorf("override not applied: %+v", p)
	}
	if p.SlowPlayWindowMonths != 6 || p.ForfeitVP != 18 {
		t.Errorf("NSWBA 7/13 defaults lost: slow %d forfeit %g", p.SlowPlayWindowMonths, p.ForfeitVP)
	}
	if pen, _, _ := p.LatePenalty(12); pen.VP != 2 {
		t.Errorf("club late scale at 12 minutes = %v", pen)
	}
	if _, _, err := p.LatePenalty(16); !errors.Is(err, ErrTooLate) {
		t.Errorf("club late scale at 16 minutes: %v, want ErrTooLate", err)
	}
	if NSWBA2011().PhoneWindowMonths != 12 {
		t.Error("NSWBA2011 shares state between calls")
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`{"phone_window_months":-1}`, "phone_window_months"},
		{`{"fine_scale_vp":0}`, "fine_scale_vp"},
		{`{"colour":"red"}`, "unknown field"},
		{"{\n\"phone\": \"x\"}", "line 2"},
		{`{"late_bands":[{"max_minutes":10},{"max_minutes":9}]}`, "late_bands[1].max_minutes"},
		{`{"tie_break_cap_winner_vp":10}`, "tie_break_cap_winner_vp"},
		{`{"forfeit_review_fractions":[0.75,0.5]}`, "forfeit_review_fractions[1]"},
		{`{"slow_play":[]}`, "slow_play"},
		{`{} {}`, "after the profile"},
		{`{"odd_field":"sit-out"}`, "odd_field"},                      // NSWBA 13.7: bye or half matches
		{`{"half_match_double_below":-1}`, "half_match_double_below"}, // NSWBA 13.7(a)
	}
	for _, tt := range tests {
		_, err := Load(strings.NewReader(tt.in), "p.json")
		if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "p.json") {
			t.Errorf("Load(%s) = %v, want ErrInvalid naming %q", tt.in, err, tt.want)
		}
	}
}

func TestScaleVP(t *testing.T) {
	tests := []struct {
		clause       string
		vp, from, to float64
		want         float64
	}{
		{"NSWBA 7: 30-VP figure unchanged", 3, 30, 30, 3},
		{"NSWBA 7: equivalent on a 20-VP scale", 3, 30, 20, 2},
		{"NSWBA 7: equivalent on a 25-VP scale", 6, 30, 25, 5},
	}
	for _, tt := range tests {
		if got := ScaleVP(tt.vp, tt.from, tt.to); got != tt.want {
			t.Errorf("%s: ScaleVP(%g, %g, %g) = %g, want %g", tt.clause, tt.vp, tt.from, tt.to, got, tt.want)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(`{}`)
	f.Add(`{"name":"x","late_bands":[{"max_minutes":7,"penalty":{"vp":1}}]}`)
	f.Add(`{"phone":[{"vp":1e308}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Load(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("Load accepted a profile Validate refuses: %v", err)
		}
		for m := 0; m < 100; m += 7 {
			p.LatePenalty(m)
		}
		p.SlowPlayPenalty(3)
		p.PhonePenalty(0)
	})
}

func TestUnmarshalJSONEmbedded(t *testing.T) {
	var doc struct {
		Regulation *Profile `json:"regulation"`
	}
	if err := json.Unmarshal([]byte(`{"regulation":{"name":"Club","bye_vp":15}}`), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Regulation.ByeVP != 15 || doc.Regulation.ForfeitVP != 18 {
		t.Errorf("embedded profile: bye %g forfeit %g; want 15 and the NSWBA 13 default 18", doc.Regulation.ByeVP, doc.Regulation.ForfeitVP)
	}
	if err := json.Unmarshal([]byte(`{"regulation":{"bye_vp":-1}}`), &doc); !errors.Is(err, ErrInvalid) {
		t.Errorf("embedded invalid profile: %v", err)
	}
}
