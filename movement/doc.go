// Package movement builds the movements of duplicate bridge: which
// entrants sit at which table and which boards they play in each round.
//
// Generators:
//
//   - Mitchell: pairs sit North–South at fixed tables and East–West pairs
//     move up one table a round while the boards move down. An odd number
//     of tables plays every set; an even number uses a skip (East–West
//     jump a table half-way) or a relay and bye stand (the first and last
//     tables share a set and a bye stand holds one set each round). Rounds
//     may be arrow-switched; an odd number of pairs leaves a half table.
//   - Howell: 2 to 10 tables, every pair meets every other pair once and
//     plays every board once in 2×tables−1 rounds. From 4 tables the
//     schedule is cyclic (each table plays the next set each round) and
//     built on a difference set, so that every two pairs are compared
//     equally often with an even number of tables and within the least
//     possible spread of 2 with an odd number.
//   - RoundRobin: teams all-play-all by the Berger tables.
//   - Individual: the cyclic individual movements for 2 and 3 tables
//     (8 and 12 players): each player partners every other once and
//     opposes every other twice.
//
// A Movement is plain data (rounds × tables: entrants, board set, arrow
// switch; relay tables and bye stand), serialisable as JSON, with guide
// cards for each table, the bye stand and each entrant as data
// (TableCards, ByeStandCard, EntrantCards) or text (WriteText). A table
// card says after each round where its boards go (a table, the relay
// tables, the bye stand) and where its pairs go (a table, or to sit out);
// an entrant card names its next table, also before a round out. Check
// verifies the properties a movement must have (Law 8A1: the Director
// fixes the movement of boards and players).
//
// Every size is checked against a documented range before any work
// (MaxMitchellTables, MaxHowellTables, MaxRoundRobinTeams, MaxPerRound; 2
// or 3 tables for an individual), and refused with ErrTables, ErrField,
// ErrBoards or ErrRounds.
//
// Entrant numbers run from 1. In a Mitchell the North–South pairs are
// 1..T and the East–West pairs T+1..2T (East–West pair k of the old
// numbering is T+k). Entrant 0 in a seat means the seat is empty: its
// opponents sit out that round.
package movement
