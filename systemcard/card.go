package systemcard

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
)

// Part B 1.2 definitions, in high-card points.
const (
	// AverageHCP is the strength of an average hand (Part B 1.2).
	AverageHCP = 10
	// StrongHCP is the least strength of a strong hand: a king more than
	// average (Part B 1.2).
	StrongHCP = 13
	// HUMHCP is the greatest strength that is a king or more below average
	// (Part B 2.4(b)).
	HUMHCP = 7
	// OpeningValuesHCP is the strength taken as the values generally accepted
	// for an opening bid of one (Part B 2.4(a)). The regulation gives no
	// figure; 11 HCP (a rule-of-20 opening) is this package's reading.
	OpeningValuesHCP = 11
	// MaxHCP is the strength of the strongest possible hand.
	MaxHCP = 37
)

// Card is a partnership's system card: what regulation 5 and Part B need to
// know about the system. Decode reads one from the JSON format in FORMAT.md.
type Card struct {
	Name    string    // the system's name, e.g. "Precision"
	Players [2]Player // the partnership; both play this card (NSWBA 5.6)
	// Protected is set when the pair designates itself a protected pair
	// (NSWBA 5.3); Eligible says whether it may.
	Protected bool
	// Openings holds every opening the card describes, keyed by the call;
	// bridge.Pass is the opening pass. Every one-level bid is present.
	Openings map[bridge.Call]*Opening
	// Overcalls are the pair's overcalls, in file order.
	Overcalls []*Overcall
	// Responses are conventional responses (two-suited ones matter to
	// Part B 2.5(c)), in file order.
	Responses []*Response
	Defences  Defences
	// SecondCard names the pair's other, non-Yellow card (NSWBA 5.3), a path
	// relative to this card's file; empty if none.
	SecondCard string
	// Yellow records the paperwork a Yellow system needs (NSWBA 5.5); nil if
	// none was lodged.
	Yellow *Paperwork

	// The rest of a "reasonably comprehensive" card (NSWBA 5.1), as the
	// ABF and WBF system card forms lay it out.

	// Rebids are opener's rebids, each after an uncontested auction.
	Rebids []*Sequence
	// Competitive are the pair's calls in contested auctions beyond the
	// first overcall: responder's and advancer's actions, balancing, and
	// the later rounds.
	Competitive []*Sequence
	// Doubles and Redoubles are the pair's agreements about them
	// (negative, responsive, support, lead-directing, …).
	Doubles   []Agreement
	Redoubles []Agreement
	// Slam lists the slam methods (ace asking, cue bids, …).
	Slam []Agreement
	// Carding is the pair's leads and signals; nil if not described.
	Carding *Carding
	// Psychics says how often the pair psychs and whether it has controls;
	// nil if not described.
	Psychics *Psychics
	// Alerts lists calls the pair alerts and their explanations.
	Alerts []Alert
	// Notes is the card's free text, in order.
	Notes []string
}

// Sequence is a call the card describes in the middle of an auction: the
// calls before it (from the first call of the auction, each player in
// turn) and what it shows.
type Sequence struct {
	Auction    []bridge.Call
	Call       bridge.Call
	Artificial bool
	Forcing    bool
	Meanings   []Meaning
	Note       string
}

// String writes the auction with the call: "1♥ (X) 2NT".
func (q *Sequence) String() string { return auctionText(q.Auction, q.Call) }

// auctionText writes calls before call, the opponents' in brackets.
func auctionText(auction []bridge.Call, call bridge.Call) string {
	var b strings.Builder
	n := len(auction)
	for i, c := range auction {
		if (n-i)%2 == 1 { // an opponent's call
			fmt.Fprintf(&b, "(%s) ", c)
		} else {
			fmt.Fprintf(&b, "%s ", c)
		}
	}
	b.WriteString(call.String())
	return b.String()
}

// Agreement is one named method, e.g. negative doubles through 3♠.
type Agreement struct {
	Name string
	// Through is the highest bid the method applies to; the zero Call
	// when the card does not say.
	Through bridge.Call
	Note    string
}

// Carding is the pair's leads and signals, as the ABF and WBF cards ask.
type Carding struct {
	// LeadsSuits and LeadsNT are the opening leads against suit and
	// no-trump contracts, in words ("3rd and 5th", "4th best").
	LeadsSuits, LeadsNT string
	// Attitude and Count are "standard" (high encourages; high-low shows
	// an even number) or "reverse" (upside down); empty if not stated.
	Attitude, Count string
	// Discards is the first-discard method, e.g. "odd-even", "McKenney".
	Discards string
	// SuitPreference says when suit-preference signals apply.
	SuitPreference string
	Note           string
}

// Psychics describes the pair's psychic calls: how often (never, rare,
// occasional or frequent) and whether it has agreements that cater for
// them (controls).
type Psychics struct {
	Frequency string
	Controls  bool
	Note      string
}

// Alert is a call the pair alerts, after the auction before it, with the
// explanation given.
type Alert struct {
	Auction     []bridge.Call
	Call        bridge.Call
	Explanation string
}

// Player is one member of the partnership.
type Player struct {
	Name string
	Rank ABFRank
}

// Opening is what one opening call shows: its first meaning plus any
// alternatives (a multi-way bid has several).
type Opening struct {
	Call       bridge.Call
	Artificial bool // Part B 1.2: it says something about another denomination, or only values
	Forcing    bool
	// Meanings are the hand types the call may hold; the first is the main one.
	Meanings []Meaning
	// Varies lists how the opening changes with seat or vulnerability.
	Varies []Variation
	Note   string
}

// Overcall is a defensive bid over an opening of the opponents.
type Overcall struct {
	// Over lists the openings it is made over. DefenceTo is set instead (or
	// as well) when the bid belongs to a defence that Part B note I exempts.
	Over       []bridge.Call
	DefenceTo  Defence
	Call       bridge.Call
	Artificial bool
	// AsksStopper marks a cue bid asking partner to bid 3NT with a stopper
	// in the opponents' suit (Part B 2.5(b)(iii)).
	AsksStopper bool
	Meanings    []Meaning
	Note        string
}

// Response is a response to partner's opening.
type Response struct {
	After      bridge.Call // partner's opening
	Call       bridge.Call
	Artificial bool
	Meanings   []Meaning
	Note       string
}

// Meaning is one hand type a call may show.
type Meaning struct {
	HCP Range
	// Length maps a known suit to the fewest cards promised in it.
	Length map[bridge.Suit]int
	// Short maps a suit the hand may be short in to the most cards it may
	// hold there.
	Short map[bridge.Suit]int
	// Either lists lengths promised in one of several suits, not saying
	// which (a weak two in either major).
	Either []Either
	// TwoSuited describes a two-suited hand; nil if the meaning is not one.
	TwoSuited *TwoSuits
	// Shapes lists the hand patterns allowed, longest suit first (for
	// no-trump openings); empty means not stated.
	Shapes []Shape
	// ShapeCompensates is set when hands below 8 HCP are bid only with
	// distributional values (Part B 2.4(b)).
	ShapeCompensates bool
	// Club4432 is set on a 1♣ opening that holds two clubs only with a
	// 4=4=3=2 hand (the Part B 2.1(b) exception).
	Club4432 bool
}

// Either is a length promised in one of Suits, which one undisclosed.
type Either struct {
	Suits []bridge.Suit
	Min   int
}

// TwoSuits is a two-suited hand: two suits with at least Min[0] and Min[1]
// cards. Suits is nil when the suits are not specified.
type TwoSuits struct {
	Suits []bridge.Suit // nil, or exactly two suits, in the order of Min
	Min   [2]int
}

// Range is an inclusive range of high-card points.
type Range struct{ Min, Max int }

// String returns the range as players write it: 11–21 HCP.
func (r Range) String() string { return fmt.Sprintf("%d–%d HCP", r.Min, r.Max) }

// Weak reports whether a hand in the range may be weak: below an average
// hand (Part B 1.2).
func (r Range) Weak() bool { return r.Min < AverageHCP }

// Strong reports whether every hand in the range is strong: a king or more
// above an average hand (Part B 1.2).
func (r Range) Strong() bool { return r.Min >= StrongHCP }

// Shape is a hand pattern, suit lengths longest first (4-4-3-2).
type Shape [4]int

// String returns the pattern as 4-4-3-2.
func (s Shape) String() string { return fmt.Sprintf("%d-%d-%d-%d", s[0], s[1], s[2], s[3]) }

// Balanced reports whether the pattern is balanced for classifying no-trump
// openings: at most one shortage, and that of two cards (Part B 1.2).
func (s Shape) Balanced() bool {
	short := 0
	for _, n := range s {
		if n <= 2 {
			short++
			if n < 2 {
				return false
			}
		}
	}
	return short <= 1
}

// ParseShape reads a pattern such as 4432 or 4-4-3-2 (any order; separators
// -, = or space are needed only for a suit of ten or more).
func ParseShape(text string) (Shape, error) {
	var parts []string
	if strings.ContainsAny(text, "-= ") {
		parts = strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == '=' || r == ' ' })
	} else {
		for _, r := range text {
			parts = append(parts, string(r))
		}
	}
	var s Shape
	if len(parts) != 4 {
		return s, fmt.Errorf("shape %q: want four suit lengths such as 4432", text)
	}
	sum := 0
	for i, p := range parts {
		n := 0
		if len(p) == 0 || len(p) > 2 {
			return s, fmt.Errorf("shape %q: %q is not a suit length", text, p)
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return s, fmt.Errorf("shape %q: %q is not a suit length", text, p)
			}
			n = n*10 + int(c-'0')
		}
		if n > 13 {
			return s, fmt.Errorf("shape %q: a suit of %d cards", text, n)
		}
		s[i] = n
		sum += n
	}
	if sum != 13 {
		return s, fmt.Errorf("shape %q: lengths add up to %d, not 13", text, sum)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(s[:])))
	return s, nil
}

// Variation is the meaning an opening has in some seats or at some
// vulnerability. Change is not taken from the card: Decode works it out by
// comparing Opening with the opening's own meanings (see Opening.changeIn).
type Variation struct {
	By   string   // "seat" or "vulnerability"
	When []string // the seats ("3rd") or states of vulnerability ("vulnerable")
	// Opening is the opening as played in those conditions: its meanings
	// and artificial and forcing flags.
	Opening *Opening
	Change  Change
	Note    string
}

// String names the conditions: "in 3rd and 4th seat", "when vulnerable".
func (v Variation) String() string {
	if v.By == "seat" {
		return "in " + strings.Join(v.When, " and ") + " seat"
	}
	return "when " + strings.Join(v.When, " or ")
}

// changeIn compares the opening as played in other conditions (vo) with o:
// only the point range differs (ChangeHCP), only the length promised in a
// natural suit opening's own suit (ChangeLength), or anything else, what
// the bid means (ChangeStructure). differs is false when nothing does.
func (o *Opening) changeIn(vo *Opening) (ch Change, differs bool) {
	if vo.Artificial != o.Artificial || vo.Forcing != o.Forcing || len(vo.Meanings) != len(o.Meanings) {
		return ChangeStructure, true
	}
	var own bridge.Suit
	natural := false
	if o.Call.IsBid() && !o.Artificial {
		own, natural = o.Call.Strain().Suit()
	}
	ch = ChangeHCP
	for i := range o.Meanings {
		a, b := o.Meanings[i], vo.Meanings[i]
		if a.HCP != b.HCP {
			differs = true
		}
		if natural && a.Length[own] != b.Length[own] {
			differs = true
			ch = max(ch, ChangeLength)
			a.Length, b.Length = without(a.Length, own), without(b.Length, own)
		}
		a.HCP, b.HCP = Range{}, Range{}
		if !reflect.DeepEqual(normal(a), normal(b)) {
			return ChangeStructure, true
		}
	}
	return ch, differs
}

// without returns m less suit s.
func without(m map[bridge.Suit]int, s bridge.Suit) map[bridge.Suit]int {
	out := map[bridge.Suit]int{}
	for k, v := range m {
		if k != s {
			out[k] = v
		}
	}
	return out
}

// normal makes empty and missing maps and slices compare equal.
func normal(m Meaning) Meaning {
	if len(m.Length) == 0 {
		m.Length = nil
	}
	if len(m.Short) == 0 {
		m.Short = nil
	}
	if len(m.Either) == 0 {
		m.Either = nil
	}
	if len(m.Shapes) == 0 {
		m.Shapes = nil
	}
	return m
}

// explain says what a change means for the regulations.
func (c Change) explain() string {
	switch c {
	case ChangeHCP:
		return "the point range only: not a change of system (NSWBA 5.7), nor of structure (Part B 2.3(b))"
	case ChangeLength:
		return "the length of a natural suit bid: not a change of structure (Part B 2.3(b))"
	}
	return "what the bid shows: a change of basic structure (Part B 2.3(b))"
}

// Change is what a Variation alters.
type Change uint8

// The changes Part B 2.3(b) distinguishes: the first two do not change the
// system's basic structure, the third does.
const (
	ChangeHCP       Change = iota // the point range of the opening
	ChangeLength                  // the length of a natural suit bid
	ChangeStructure               // what the opening means
)

var changeNames = [...]string{"hcp", "length", "structure"}

// String returns the name used in card files: hcp, length or structure.
func (c Change) String() string {
	if int(c) < len(changeNames) {
		return changeNames[c]
	}
	return fmt.Sprintf("Change(%d)", uint8(c))
}

// Defence names the kind of method a defensive bid is played against.
type Defence uint8

// The defences Part B note I exempts, and none.
const (
	NoDefence       Defence = iota
	DefenceTo1NT            // a defence to a 1NT opening
	DefenceToStrong         // to strong, forcing, artificial openings
	DefenceToBrown          // to Brown Sticker conventions
	DefenceToHUM            // to HUM (Yellow) methods
)

var defenceNames = [...]string{"", "1NT", "strong", "brown-sticker", "hum"}

// String returns the name used in card files.
func (d Defence) String() string {
	if int(d) < len(defenceNames) {
		return defenceNames[d]
	}
	return fmt.Sprintf("Defence(%d)", uint8(d))
}

// Defences describes, in the players' words, the defences the pair plays.
type Defences struct {
	To1NT, ToStrong, ToBrown, ToHUM string
}

// Paperwork is what a pair lodged for a Yellow system (NSWBA 5.5).
type Paperwork struct {
	// Submitted is the day the system summary reached the Tournament
	// Committee (NSWBA 5.5.1); zero if not submitted.
	Submitted time.Time
	// DefenceApproved is set once the Chairman approved the written defence
	// (NSWBA 5.5.2).
	DefenceApproved bool
	// DefenceCopies is how many copies of the defence the pair brings for
	// each pair of opponents (NSWBA 5.5.2 asks for two).
	DefenceCopies int
}

// ABFRank is an ABF masterpoint rank (the ABF's masterpoint scheme, which
// NSWBA 5.3 reads), lowest first.
type ABFRank uint8

// The ABF masterpoint ranks (ABF Masterpoint Centre rank list, 2021
// names: the bronze and silver ranks replaced the starred ones).
const (
	Nil ABFRank = iota
	Graduate
	Club
	Local
	BronzeLocal
	SilverLocal
	Regional
	BronzeRegional
	State
	BronzeState
	National
	BronzeNational
	SilverNational
	Life
	BronzeLife
	SilverLife
	GoldLife
	Grand
	SilverGrand
	GoldGrand
	EmeraldGrand
	DiamondGrand
)

var rankNames = [...]string{"nil", "graduate", "club", "local", "bronze-local", "silver-local",
	"regional", "bronze-regional", "state", "bronze-state", "national", "bronze-national",
	"silver-national", "life", "bronze-life", "silver-life", "gold-life", "grand",
	"silver-grand", "gold-grand", "emerald-grand", "diamond-grand"}

// String returns the rank as card files write it, e.g. bronze-local.
func (r ABFRank) String() string {
	if int(r) < len(rankNames) {
		return rankNames[r]
	}
	return fmt.Sprintf("ABFRank(%d)", uint8(r))
}

// ParseRank reads a rank such as "local", "Bronze Local", "National Master"
// or the older starred form "*Local".
func ParseRank(text string) (ABFRank, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.TrimSuffix(t, " master")
	t = strings.ReplaceAll(t, " ", "-")
	switch {
	case strings.HasPrefix(t, "**"):
		t = "silver-" + t[2:]
	case strings.HasPrefix(t, "*"):
		t = "bronze-" + t[1:]
	}
	for i, n := range rankNames {
		if t == n {
			return ABFRank(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not an ABF masterpoint rank (want one of %s)", text, strings.Join(rankNames[:], ", "))
}

// suitsPromised returns, for each suit, the fewest cards the meaning
// guarantees in it (Length and a two-suiter's named suits).
func (m *Meaning) suitsPromised() [bridge.NumSuits]int {
	var out [bridge.NumSuits]int
	for s, n := range m.Length {
		out[s] = max(out[s], n)
	}
	if t := m.TwoSuited; t != nil && t.Suits != nil {
		for i, s := range t.Suits {
			out[s] = max(out[s], t.Min[i])
		}
	}
	return out
}
