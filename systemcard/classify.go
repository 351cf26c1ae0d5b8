package systemcard

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bridgetd/bridgetd/bridge"
)

// Colour is the ABF classification of a system (Part B 2).
type Colour uint8

// The colours, in the order Part B 1.1 applies them.
const (
	Green  Colour = iota // natural (Part B 2.1)
	Blue                 // strong club or strong diamond (Part B 2.2)
	Red                  // artificial (Part B 2.3)
	Yellow               // highly unusual method, HUM (Part B 2.4)
)

var colourNames = [...]string{"Green", "Blue", "Red", "Yellow"}

// String returns the colour's name: Green, Blue, Red or Yellow.
func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// MarshalText writes the colour's name.
func (c Colour) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Kind says what a Finding does to the classification.
type Kind uint8

// The kinds of finding.
const (
	// Colour findings explain the colour: a criterion of an earlier colour
	// the card fails, or the feature that gives it its colour.
	ColourFinding Kind = iota
	// BrownSticker findings are Brown Sticker conventions (Part B 2.5).
	BrownSticker
	// Exempt findings are bids that would be Brown Sticker but for an
	// exception or note of Part B 2.5.
	Exempt
)

var kindNames = [...]string{"colour", "brown-sticker", "exempt"}

// String returns colour, brown-sticker or exempt.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Finding is one reason behind a classification: the clause, the bid that
// caused it, and what it found.
type Finding struct {
	Clause string `json:"clause"` // e.g. "Part B 2.5(a)(ii)"
	Bid    string `json:"bid"`    // e.g. "2♦", "(1♥) 2♠", "1♥–2NT"; empty for the whole system
	Kind   Kind   `json:"kind"`
	Text   string `json:"text"`
}

// String returns "Part B 2.1(b) 1♦: text".
func (f Finding) String() string {
	if f.Bid == "" {
		return fmt.Sprintf("%s: %s", f.Clause, f.Text)
	}
	return fmt.Sprintf("%s %s: %s", f.Clause, f.Bid, f.Text)
}

// Result is the classification of a card.
type Result struct {
	Colour Colour `json:"colour"`
	// BrownSticker is set when the card has one or more Brown Sticker
	// conventions; each is a Finding of kind BrownSticker.
	BrownSticker bool      `json:"brown_sticker"`
	Findings     []Finding `json:"findings"`
}

// Brown returns the Brown Sticker findings.
func (r Result) Brown() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Kind == BrownSticker {
			out = append(out, f)
		}
	}
	return out
}

// MarshalJSON writes findings as [] rather than null when there are none.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	return json.Marshal(plain(r))
}

var (
	oneClub     = bridge.Bid(1, bridge.ClubsStrain)
	oneDiamond  = bridge.Bid(1, bridge.DiamondsStrain)
	oneHeart    = bridge.Bid(1, bridge.HeartsStrain)
	oneSpade    = bridge.Bid(1, bridge.SpadesStrain)
	oneNT       = bridge.Bid(1, bridge.NoTrump)
	twoClubs    = bridge.Bid(2, bridge.ClubsStrain)
	twoDiamonds = bridge.Bid(2, bridge.DiamondsStrain)
	threeSpades = bridge.Bid(3, bridge.SpadesStrain)
	oneLevel    = []bridge.Call{oneClub, oneDiamond, oneHeart, oneSpade, oneNT}
)

// Classify applies Part B to the card: the criteria of Green, Blue and Red in
// that order (Part B 1.1) and, because a HUM feature makes a system Yellow
// whatever else it meets (Part B 2.4), the Yellow features first; then the
// Brown Sticker tests of Part B 2.5 to every opening, overcall and response.
//
// An opening that varies by seat or vulnerability is classified as it is
// played in each of those conditions too, and the card takes the highest
// colour found, with the variation's findings marked with its conditions:
// what the card says the bid shows there is checked, not a label.
func Classify(c *Card) Result {
	r := classify(c, true)
	seen := map[Finding]bool{}
	for _, f := range r.Findings {
		seen[f] = true
	}
	for _, call := range sortedCalls(c) {
		for _, v := range c.Openings[call].Varies {
			if v.Opening == nil {
				continue
			}
			vc := *c
			vc.Openings = maps.Clone(c.Openings)
			vo := *v.Opening
			vo.Call, vo.Varies = call, nil
			vc.Openings[call] = &vo
			vr := classify(&vc, false) // only the openings differ
			if vr.Colour > r.Colour {
				r.Colour = vr.Colour
			}
			r.BrownSticker = r.BrownSticker || vr.BrownSticker
			for _, f := range vr.Findings {
				if seen[f] {
					continue
				}
				seen[f] = true
				if f.Bid == call.String() {
					f.Text += " (" + v.String() + ")"
				}
				r.Findings = append(r.Findings, f)
			}
		}
	}
	return r
}

// classify is Classify for the card as it stands, variations aside; the
// Brown Sticker tests of overcalls, responses and competitive sequences
// are left out unless all is set.
func classify(c *Card, all bool) Result {
	var r Result
	hum := yellow(c)
	notGreen := green(c)
	switch {
	case len(hum) > 0:
		r.Colour = Yellow
		r.Findings = hum
	case len(notGreen) == 0:
		r.Colour = Green
	default:
		notBlue, strong := blue(c)
		if len(notBlue) == 0 {
			r.Colour = Blue
			r.Findings = append(notGreen, strong)
		} else {
			r.Colour = Red
			r.Findings = notGreen
			for _, f := range notBlue {
				if f.Clause != "Part B 2.3(b)" { // already among the Green findings
					r.Findings = append(r.Findings, f)
				}
			}
			r.Findings = append(r.Findings, red(c)...)
		}
	}
	bs := brown(c, all)
	for _, f := range bs {
		if f.Kind == BrownSticker {
			r.BrownSticker = true
		}
	}
	r.Findings = append(r.Findings, bs...)
	return r
}

// promised returns the fewest cards each meaning guarantees in suit s.
func promisedIn(m *Meaning, s bridge.Suit) int { return m.suitsPromised()[s] }

// commonSuit returns a suit in which every meaning promises at least n
// cards: a known suit. It reports false for no meanings.
func commonSuit(ms []*Meaning, n int) (bridge.Suit, bool) {
	if len(ms) == 0 {
		return 0, false
	}
	for s := bridge.Spades; ; s-- {
		all := true
		for _, m := range ms {
			if promisedIn(m, s) < n {
				all = false
				break
			}
		}
		if all {
			return s, true
		}
		if s == bridge.Clubs {
			return 0, false
		}
	}
}

func ptrs(ms []Meaning) []*Meaning {
	out := make([]*Meaning, len(ms))
	for i := range ms {
		out[i] = &ms[i]
	}
	return out
}

// structural returns the Part B 2.3(b) finding for openings whose basic
// structure varies by seat or vulnerability.
func structural(c *Card) []Finding {
	var out []Finding
	for _, call := range sortedCalls(c) {
		o := c.Openings[call]
		for _, v := range o.Varies {
			ch := v.Change
			if v.Opening != nil {
				ch, _ = o.changeIn(v.Opening) // from the meanings, not a label
			}
			if ch == ChangeStructure {
				out = append(out, Finding{Clause: "Part B 2.3(b)", Bid: call.String(), Kind: ColourFinding,
					Text: fmt.Sprintf("its meaning changes with %s, not only its point range or length", v.By)})
				break
			}
		}
	}
	return out
}

func sortedCalls(c *Card) []bridge.Call {
	calls := make([]bridge.Call, 0, len(c.Openings))
	for k := range c.Openings {
		calls = append(calls, k)
	}
	slices.Sort(calls)
	return calls
}

// green returns the Green criteria (Part B 2.1) the card fails.
func green(c *Card) []Finding {
	var out []Finding
	for _, call := range oneLevel {
		o := c.Openings[call]
		if o == nil {
			continue
		}
		bid := call.String()
		if o.Artificial {
			out = append(out, Finding{Clause: "Part B 2.1(a)", Bid: bid, Kind: ColourFinding, Text: "artificial one-level opening"})
		}
		if s, ok := call.Strain().Suit(); ok {
			for _, m := range ptrs(o.Meanings) {
				n := promisedIn(m, s)
				if n >= 3 || (s == bridge.Clubs && n == 2 && m.Club4432) {
					continue
				}
				out = append(out, Finding{Clause: "Part B 2.1(b)", Bid: bid, Kind: ColourFinding,
					Text: fmt.Sprintf("may hold %d %s, not length (3 or more)%s", n, s, clubException(s))})
				break
			}
		} else {
			for _, m := range o.Meanings {
				if sh, ok := unbalanced(m); ok {
					out = append(out, Finding{Clause: "Part B 2.1(c)", Bid: bid, Kind: ColourFinding,
						Text: fmt.Sprintf("may be %s, which is not balanced (one shortage at most, of two cards)", sh)})
					break
				}
			}
		}
		if lo := minHCP(o.Meanings); lo < 8 {
			out = append(out, Finding{Clause: "Part B 2.1(d)", Bid: bid, Kind: ColourFinding,
				Text: fmt.Sprintf("may be opened on %d HCP; Green openings promise 8 or more", lo)})
		}
	}
	return append(out, structural(c)...)
}

func clubException(s bridge.Suit) string {
	if s == bridge.Clubs {
		return " beyond the 4=4=3=2 exception"
	}
	return ""
}

// unbalanced returns a pattern of m that is not balanced. A meaning with no
// patterns is taken as balanced.
func unbalanced(m Meaning) (Shape, bool) {
	for _, s := range m.Shapes {
		if !s.Balanced() {
			return s, true
		}
	}
	return Shape{}, false
}

func minHCP(ms []Meaning) int {
	lo := MaxHCP
	for _, m := range ms {
		lo = min(lo, m.HCP.Min)
	}
	return lo
}

func alwaysStrong(ms []Meaning) bool { return minHCP(ms) >= StrongHCP }

// naturalSuitOpening reports whether a one-of-a-suit opening is natural: not
// artificial and every meaning has length in the suit.
func naturalSuitOpening(o *Opening) bool {
	s, ok := o.Call.Strain().Suit()
	if !ok || o.Artificial {
		return false
	}
	for _, m := range ptrs(o.Meanings) {
		if promisedIn(m, s) < 3 {
			return false
		}
	}
	return true
}

// blue returns the Blue criteria (Part B 2.2) the card fails and, if it meets
// them, the finding that names its strong opening.
func blue(c *Card) ([]Finding, Finding) {
	var out []Finding
	var strong Finding
	found := false
	for _, call := range []bridge.Call{oneClub, oneDiamond} {
		o := c.Openings[call]
		if o != nil && o.Artificial && o.Forcing && alwaysStrong(o.Meanings) {
			strong = Finding{Clause: "Part B 2.2(a)", Bid: call.String(), Kind: ColourFinding,
				Text: fmt.Sprintf("artificial, forcing and always strong (%d+ HCP)", minHCP(o.Meanings))}
			found = true
			break
		}
	}
	if !found {
		out = append(out, Finding{Clause: "Part B 2.2(a)", Bid: "1♣/1♦", Kind: ColourFinding,
			Text: "neither is artificial, forcing and always strong"})
	}
	for _, call := range []bridge.Call{oneHeart, oneSpade} {
		if o := c.Openings[call]; o != nil && !naturalSuitOpening(o) {
			out = append(out, Finding{Clause: "Part B 2.2(b)", Bid: call.String(), Kind: ColourFinding, Text: "major opening is not natural"})
		}
	}
	if o := c.Openings[oneNT]; o != nil && o.Artificial {
		out = append(out, Finding{Clause: "Part B 2.2(c)", Bid: oneNT.String(), Kind: ColourFinding, Text: "1NT is conventional"})
	}
	for _, call := range oneLevel {
		if o := c.Openings[call]; o != nil && minHCP(o.Meanings) < 8 {
			out = append(out, Finding{Clause: "Part B 2.2(e)", Bid: call.String(), Kind: ColourFinding,
				Text: fmt.Sprintf("may be opened on %d HCP", minHCP(o.Meanings))})
		}
	}
	return append(out, structural(c)...), strong
}

// red returns the Red findings (Part B 2.3(a)): the artificial one-level
// openings. Structural variation (2.3(b)) is already among the Green
// findings.
func red(c *Card) []Finding {
	var out []Finding
	for _, call := range oneLevel {
		o := c.Openings[call]
		if o == nil {
			continue
		}
		if o.Artificial || (call != oneNT && !naturalSuitOpening(o) && !club4432(o)) {
			out = append(out, Finding{Clause: "Part B 2.3(a)", Bid: call.String(), Kind: ColourFinding,
				Text: "artificial one-level opening, in a system that is neither Blue nor Yellow"})
		}
	}
	return out
}

// club4432 reports whether o is a natural 1♣ that is short only under the
// Part B 2.1(b) exception.
func club4432(o *Opening) bool {
	if o.Call != oneClub || o.Artificial {
		return false
	}
	for _, m := range ptrs(o.Meanings) {
		n := promisedIn(m, bridge.Clubs)
		if n < 2 || (n == 2 && !m.Club4432) {
			return false
		}
	}
	return true
}

// yellow returns the HUM features (Part B 2.4) of the card.
func yellow(c *Card) []Finding {
	var out []Finding
	if o := c.Openings[bridge.Pass]; o != nil {
		for _, m := range o.Meanings {
			if m.HCP.Min >= OpeningValuesHCP {
				out = append(out, Finding{Clause: "Part B 2.4(a)", Bid: "Pass", Kind: ColourFinding,
					Text: fmt.Sprintf("an opening pass may show %s, opening values", m.HCP)})
				break
			}
		}
	}
	for _, call := range oneLevel {
		o := c.Openings[call]
		if o == nil {
			continue
		}
		for _, m := range o.Meanings {
			if m.HCP.Min <= HUMHCP && !m.ShapeCompensates {
				out = append(out, Finding{Clause: "Part B 2.4(b)", Bid: call.String(), Kind: ColourFinding,
					Text: fmt.Sprintf("may be opened on %d HCP without compensating distribution", m.HCP.Min)})
				break
			}
		}
	}
	for _, call := range []bridge.Call{oneHeart, oneSpade} {
		o := c.Openings[call]
		if o == nil {
			continue
		}
		if s, ok := longOrShort(o.Meanings); ok {
			out = append(out, Finding{Clause: "Part B 2.4(c)", Bid: call.String(), Kind: ColourFinding,
				Text: fmt.Sprintf("may be long or short in %s", s)})
		}
		if a, b, ok := oneOrOther(o.Meanings); ok {
			out = append(out, Finding{Clause: "Part B 2.4(d)", Bid: call.String(), Kind: ColourFinding,
				Text: fmt.Sprintf("shows length in %s or length in %s", a, b)})
		}
	}
	return out
}

// longOrShort finds a suit that one meaning is long in (3+) and another
// short in (2 or fewer).
func longOrShort(ms []Meaning) (bridge.Suit, bool) {
	for i := range ms {
		for j := range ms {
			if i == j {
				continue
			}
			for s, sh := range ms[j].Short {
				if sh <= 2 && promisedIn(&ms[i], s) >= 3 {
					return s, true
				}
			}
		}
	}
	return 0, false
}

// oneOrOther finds alternatives showing length in one suit or in another:
// two meanings each long in a suit the other does not promise, or a meaning
// long in one of several suits.
func oneOrOther(ms []Meaning) (bridge.Suit, bridge.Suit, bool) {
	for i := range ms {
		for _, e := range ms[i].Either {
			if e.Min >= 3 {
				return e.Suits[0], e.Suits[1], true
			}
		}
		pi := ms[i].suitsPromised()
		for j := range ms {
			if i == j {
				continue
			}
			pj := ms[j].suitsPromised()
			for a := bridge.Clubs; a <= bridge.Spades; a++ {
				for b := bridge.Clubs; b <= bridge.Spades; b++ {
					if a != b && pi[a] >= 3 && pj[a] < 3 && pj[b] >= 3 && pi[b] < 3 {
						return a, b, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

// brown returns the Brown Sticker findings (Part B 2.5) and the exemptions:
// of the openings, and unless only openings, of the other bids.
func brown(c *Card, all bool) []Finding {
	var out []Finding
	for _, call := range sortedCalls(c) {
		o := c.Openings[call]
		if call >= twoClubs && call <= threeSpades {
			if f, ok := brownOpening(o); ok {
				out = append(out, f)
			}
		}
		if f, ok := brownTwoSuited(call.String(), call, o.Meanings, NoDefence); ok {
			out = append(out, f)
		}
	}
	if !all {
		return out
	}
	for _, o := range c.Overcalls {
		out = append(out, brownOvercall(o)...)
	}
	for _, r := range c.Responses {
		if f, ok := brownTwoSuited(fmt.Sprintf("%s–%s", r.After, r.Call), r.Call, r.Meanings, NoDefence); ok {
			out = append(out, f)
		}
	}
	// Part B 2.5(c) covers a weak two-suited bid whether an overcall, an
	// opening or a response: responses and advances in contested auctions
	// too (not opener's rebids, which it does not name).
	for _, q := range c.Competitive {
		if f, ok := brownTwoSuited(q.String(), q.Call, q.Meanings, NoDefence); ok {
			out = append(out, f)
		}
	}
	return out
}

// brownOpening applies Part B 2.5(a) and its exceptions to an opening of 2♣
// to 3♠.
func brownOpening(o *Opening) (Finding, bool) {
	bid := o.Call.String()
	all := ptrs(o.Meanings)
	var weak []*Meaning
	for _, m := range all {
		if m.HCP.Weak() {
			weak = append(weak, m)
		}
	}
	if len(weak) == 0 {
		return Finding{}, false
	}
	if _, ok := commonSuit(all, 4); ok {
		return Finding{}, false
	}
	// Exception (i): the weak meanings share a known four-card suit and only
	// strong meanings lack it.
	if s, ok := commonSuit(weak, 4); ok {
		onlyStrong := true
		for _, m := range all {
			if promisedIn(m, s) < 4 && !m.HCP.Strong() {
				onlyStrong = false
			}
		}
		if onlyStrong {
			return Finding{Clause: "Part B 2.5(a)(i)", Bid: bid, Kind: Exempt,
				Text: fmt.Sprintf("every weak meaning promises four or more %s; only strong meanings do not", s)}, true
		}
	}
	// Exception (ii): a two-level minor whose weak meanings are all a five-card
	// or longer major, which one undisclosed, the others strong.
	if o.Call == twoClubs || o.Call == twoDiamonds {
		ok := true
		for _, m := range all {
			if m.HCP.Weak() {
				ok = ok && eitherMajor(m)
			} else {
				ok = ok && m.HCP.Strong()
			}
		}
		if ok {
			return Finding{Clause: "Part B 2.5(a)(ii)", Bid: bid, Kind: Exempt,
				Text: "weak only with five or more cards in either major; every other meaning is strong"}, true
		}
	}
	return Finding{Clause: "Part B 2.5(a)", Bid: bid, Kind: BrownSticker,
		Text: "may be weak and does not promise four or more cards in a known suit"}, true
}

// eitherMajor reports whether m shows five or more cards in one major, not
// saying which, and no other suit.
func eitherMajor(m *Meaning) bool {
	if len(m.Length) > 0 || m.TwoSuited != nil || len(m.Either) != 1 {
		return false
	}
	e := m.Either[0]
	return e.Min >= 5 && len(e.Suits) == 2 &&
		slices.Contains(e.Suits, bridge.Hearts) && slices.Contains(e.Suits, bridge.Spades)
}

// brownTwoSuited applies Part B 2.5(c): a weak two-suited bid at the two or
// three level that may hold three cards or fewer in one of its suits. A bid
// that belongs to a defence is exempt by note I.
func brownTwoSuited(bid string, call bridge.Call, ms []Meaning, def Defence) (Finding, bool) {
	if l := call.Level(); l != 2 && l != 3 {
		return Finding{}, false
	}
	for _, m := range ms {
		lo, ok := m.twoSuitMin()
		if !ok || !m.HCP.Weak() || lo > 3 {
			continue
		}
		text := fmt.Sprintf("weak two-suiter that may hold only %d cards in one of its suits", lo)
		if def != NoDefence {
			return Finding{Clause: "Part B 2.5 note I", Bid: bid, Kind: Exempt,
				Text: fmt.Sprintf("%s, but part of a defence to %s methods", text, def)}, true
		}
		return Finding{Clause: "Part B 2.5(c)", Bid: bid, Kind: BrownSticker, Text: text}, true
	}
	return Finding{}, false
}

// brownOvercall applies Part B 2.5(b) and (c) to an overcall.
func brownOvercall(o *Overcall) []Finding {
	def := o.DefenceTo
	var natural, other []bridge.Call
	for _, c := range o.Over {
		if c >= oneClub && c <= oneSpade {
			natural = append(natural, c)
		} else {
			other = append(other, c)
		}
	}
	if def == NoDefence && len(natural) == 0 && len(other) > 0 && !slices.ContainsFunc(other, func(c bridge.Call) bool { return c != oneNT }) {
		def = DefenceTo1NT // Part B note I: defences to 1NT are unrestricted
	}
	var out []Finding
	bid := overcallText(o.Over, o.Call, def)
	if f, ok := brownTwoSuited(bid, o.Call, o.Meanings, def); ok {
		out = append(out, f)
	}
	if len(natural) == 0 {
		return out
	}
	if _, ok := commonSuit(ptrs(o.Meanings), 4); ok {
		return out
	}
	bid = overcallText(natural, o.Call, def)
	cue := true
	for _, c := range natural {
		cue = cue && c.Strain() == o.Call.Strain()
	}
	switch {
	case def != NoDefence:
		out = append(out, Finding{Clause: "Part B 2.5 note I", Bid: bid, Kind: Exempt,
			Text: fmt.Sprintf("does not promise four cards in a known suit, but is part of a defence to %s methods", def)})
	case o.Call.Strain() == bridge.NoTrump && !o.Artificial:
		out = append(out, Finding{Clause: "Part B 2.5(b)(i)", Bid: bid, Kind: Exempt, Text: "natural no-trump overcall"})
	case cue && alwaysStrong(o.Meanings):
		out = append(out, Finding{Clause: "Part B 2.5(b)(ii)", Bid: bid, Kind: Exempt, Text: "cue bid showing a strong hand"})
	case cue && o.AsksStopper:
		out = append(out, Finding{Clause: "Part B 2.5(b)(iii)", Bid: bid, Kind: Exempt, Text: "cue bid asking for 3NT with a stopper"})
	default:
		out = append(out, Finding{Clause: "Part B 2.5(b)", Bid: bid, Kind: BrownSticker,
			Text: "overcall of a natural one-of-a-suit opening that does not promise four cards in a known suit"})
	}
	return out
}

// overcallText writes an overcall as players do: (1♥) 2♠, or (1♣/1♦) 2NT.
func overcallText(over []bridge.Call, call bridge.Call, def Defence) string {
	if len(over) == 0 {
		return fmt.Sprintf("(%s) %s", def, call)
	}
	parts := make([]string, len(over))
	for i, c := range over {
		parts[i] = c.String()
	}
	return fmt.Sprintf("(%s) %s", strings.Join(parts, "/"), call)
}

// twoSuitMin reports whether m is a two-suited hand and the fewer cards it
// promises in either of its suits. A meaning is two-suited when it has a
// two_suited field, or names exactly two suits through length and either.
func (m *Meaning) twoSuitMin() (int, bool) {
	if t := m.TwoSuited; t != nil {
		return min(t.Min[0], t.Min[1]), true
	}
	var mins []int
	for _, n := range m.Length {
		mins = append(mins, n)
	}
	for _, e := range m.Either {
		mins = append(mins, e.Min)
	}
	if len(mins) != 2 {
		return 0, false
	}
	return min(mins[0], mins[1]), true
}
