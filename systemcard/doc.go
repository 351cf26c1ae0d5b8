// Package systemcard reads a partnership's system card as data and applies
// the system regulations to it mechanically: the ABF classification of
// Part B of the NSWBA Tournament Regulations (Green, Blue, Red, Yellow and
// Brown Sticker conventions) and NSWBA regulation 5 (protected pairs, which
// systems an event admits, Yellow paperwork, second cards). Law 40 (1997
// Law 40D and 40E) is what lets a sponsoring organisation regulate
// conventions and prescribe the card.
//
// A card is a JSON file; FORMAT.md in this directory documents every field.
// Besides the openings, overcalls and responses the classification reads,
// it holds what the ABF and WBF card forms hold (NSWBA 5.1: a reasonably
// comprehensive card): opener's rebids, competitive sequences, doubles,
// redoubles, slam methods, carding, psychics, alerts and notes.
// Decode and Load read one strictly: unknown fields, repeated keys (also a
// suit or bid written twice, "H" and "♥"), wrong types and contradictions
// (a 1♥ promising three hearts and at most none) are refused with an *Error
// giving the file, line and field path, e.g.
//
//	card.json:9: openings["1H"].short.H: at most 0 ♥ contradicts length.H, which promises at least 3
//
// Classify returns the colour, whether the card has Brown Sticker
// conventions, and the findings behind both, each with its clause and bid.
// Eligible tests a pair's claim to be protected (NSWBA 5.3); Check says which
// of a pair's cards it may play in a round of an event, against given
// opponents, and why (NSWBA 5.3 to 5.8). The event is read (ParseEvent) as
// the event file names its kind (swiss-teams, mp-pairs, …) or as the rows
// of NSWBA 5.4 (NSWBAEvent); masterpoint ranks are the ABF's (ABFRank).
//
// # Readings of the regulation
//
// Where the text leaves a figure or an order open, this package reads it as
// follows; each reading is a constant or a documented rule, so it can be
// changed in one place.
//
//   - Weak is below 10 HCP, strong 13 HCP or more (Part B 1.2); an opening
//     pass shows opening values when it promises OpeningValuesHCP (11) or
//     more (Part B 2.4(a) gives no figure).
//   - A HUM feature (Part B 2.4) makes a system Yellow even if it meets the
//     Green or Blue criteria: Part B 1.1 orders the tests, and 2.4 defines a
//     HUM as any system having one of the features. A system that is neither
//     Green, Blue nor Yellow is Red (2.3 "includes" rather than lists).
//   - Structure that varies by seat or vulnerability (Part B 2.3(b)) makes a
//     system fail Green and Blue, not only qualify as Red. A card states
//     what a varying opening shows in those seats; whether the point range,
//     the length of a natural suit or the structure changes is worked out
//     from the meanings, and the opening as played there is classified
//     too.
//   - Part B 2.5(c) (weak two-suiters) is applied to the card's competitive
//     sequences as well as to its openings, overcalls and responses.
//   - The Part B 2.1(b) exception is transcribed without its shape in the
//     seed text; it is read as the usual ABF one: 1♣ may be opened with two
//     clubs on a 4=4=3=2 hand.
//   - A "known suit" (Part B 2.5(a), (b)) is a suit every meaning of the bid
//     promises; exception (i) asks the weak meanings to share one.
//   - Exception (ii) of 2.5(a) accepts a 2♣ or 2♦ whose weak meanings all
//     show five or more cards in one major, which one undisclosed, and whose
//     other meanings are all strong.
//   - A meaning is two-suited for 2.5(c) when it has a two_suited field, or
//     names exactly two suits through length and either.
//
// # Regulation 5 numbering
//
// The seed transcription numbers 5.1 to 5.3 and 5.5.3 but lost the other
// numbers. This package cites the event table as 5.4.1 (State
// Championships), 5.4.2 (matchpoint pairs), 5.4.3 (Red-masterpoint sessions
// and congresses), 5.4.4 (other sessions) and 5.4.5 (the Tournament
// Committee's discretion); the Yellow paperwork as 5.5.1 (summary seven days
// ahead) and 5.5.2 (written defence); then 5.6 (both partners on one
// system), 5.7 (at most two systems a session) and 5.8 (reverting for a
// protected pair counts as a separate session), following the order of the
// text.
package systemcard
