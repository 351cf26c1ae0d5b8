// Package event holds a tournament event as a director runs it: the entrants
// (pairs, teams or individuals, with their players' member numbers and
// masterpoint ranks), the sessions, rounds and matches with their results,
// the form of scoring and the regulation profile in force, and around them
// the offences register, the fines, the corrections and the postings.
//
// An Event is what the event file holds (FORMAT.md describes it). A Desk
// runs the workflows on a stored event (create, enter, draw, record, fine,
// correct, post, report): each loads the event from a Store, changes it
// and saves it based on the revision it read, so that a write based on a
// stale read is refused (ErrStale). NewFileStore keeps the event file and
// never loses what was saved before (it writes a temporary file and renames
// it over the old one); NewMemoryStore serves tests; a server adds its
// database stores behind the same interface. The offences register is kept
// the same way (RegisterStore).
//
// The director assigns each entrant its seat for a round (Law 5A) and moves
// boards and players from round to round (Law 8A); an event records that as
// Rounds of Matches, an entrant sitting North–South (or at home) and its
// opponent.
//
// Score turns the results into IMPs and VPs through a Scorer (NewScorer
// wires package score: the WBF IMP scale, Butler datums, VP scales), keeping
// pending appeals out of a selected-scores datum or marking results
// provisional (NSWBA 14). Records and Standings feed Rank, which orders the
// field by total, fines deducted, and breaks ties by the NSWBA 12 steps;
// every Standing says which step separated it from the entrant above.
// Qualify picks qualifiers, passing over non-qualified units and replacing
// unavailable ones from their own section (NSWBA 12).
//
// Apply records late arrival, slow play and mobile-phone offences and their
// fines (NSWBA 7), numbering each against the event and a Register kept
// across events, with the six- and twelve-month windows after which an
// offence counts as a first offence again; a Law 90 procedural penalty
// from a board ruling is entered under the kind its clause names
// (ProceduralKind), the same kind the server's ruling desk proposes. Correct changes a result within
// the time limits of NSWBA 13, refusing a late one with a LateError that
// gives the window unless a director overrides it, and reports the entrants
// a correction costs a qualifying place.
//
// Forfeit declares a match forfeited; ForfeitAdjustments, ReviewRounds and
// DrawAdjustments re-adjust the non-offender's score before the draws after
// 50% and 75% of the planned rounds, and Score applies the final
// adjustment when the event has ended (NSWBA 13.9). SplitBye plays an odd
// Swiss pairs field as half matches (NSWBA 13.7); in a Butler pairs event
// that is not a Swiss the pair sitting out scores the boards' average IMPs
// (NSWBA 13.8). A result may be an adjusted score (Law 12C), among them the
// Director's error (Law 82C, DirectorError) and a mis-marked bidding pad
// (NSWBA 6.2.3, MisMarkedPad). A teams match may hold
// both rooms' board results (Match.Closed), scored board by board, its
// adjusted scores too: a team keeps its own IMPs from a split or
// artificial score that does not balance, and its VPs from them, except in
// a knock-out, where both take the average (Law 86). A
// matchpoint pairs event takes its rounds from package movement
// (AddMovement) and MPRecords matchpoints its boards for the ranking; a
// Mitchell without arrow switch is two-winner, its North–South and
// East–West fields ranked separately. An individual event takes an
// individual movement: each table a Match seating four players (Players,
// N E S W), each player one entrant scoring his side's matchpoints, and
// the matchpoint tie-breaks applied with both opponents of a board; a
// movement of the wrong kind for the event is refused (ErrIndividual).
//
// Figures (minutes, VPs, percentages, months) come from the event's
// regulation.Profile, NSWBA 2011 unless the file supplies another. Clauses
// are cited as in package regulation.
package event
