// Package pbn reads and writes Portable Bridge Notation 2.1, the text format
// in which bridge programs exchange deals, auctions, play records, results
// and score tables.
//
// A PBN file is a sequence of games separated by blank lines. Each game is a
// list of tags, [Name "Value"], some followed by section data: the calls of
// an Auction, the tricks of a Play, the rows of a table such as
// OptimumResultTable or ScoreTable. Comments (";" to the end of the line and
// "{…}", possibly over several lines) and "%" directive lines may appear
// anywhere.
//
// Decode (or ReadFile) turns a file into a *File of *Game values; a
// Decoder reads one game at a time, so that a large file costs the memory
// of a game, not of the file, and its Encoder and Formatter write games one
// at a time as File.Encode and File.Format write a whole file. Reading is
// lenient, as real programs write PBN loosely: tag names in any case,
// trailing spaces in values, NS or N-S, CRLF or LF line ends, Latin-1 or
// UTF-8 text, a UTF-8 byte-order mark; UTF-16 and binary files are refused
// with an error that says so, and an input without a game is ErrNoGames.
// What is read as a number, a seat, a card or a call must be whole: a value
// with anything after it is refused, never read from its prefix. A tag value "#" copies the value of the same tag in the
// previous game, "##" copies it with its number increased by one (PBN 2.1
// §4.8); a game that omits the identification tags Event, Site, Date, Board,
// Dealer, Vulnerable, Deal or Scoring takes them from the previous game, as
// archives that list several tables of one board do.
//
// The decoded File keeps the exact text it was read from, so that
// File.Encode reproduces an unmodified file byte for byte; a tag changed with
// Game.SetTag or Game.SetTable, or a game added with File.Append, is written
// in canonical form while the rest keeps its original text. File.Format
// writes the whole file in canonical export form instead.
//
// Accessors turn tags into bridge values: Game.Deal, Game.Board,
// Game.Dealer, Game.Vulnerability, Game.Contract, Game.Result, Game.Auction
// (a legal bridge.Auction with its notes and annotations), Game.Play (the
// cards of each trick), Game.Table (columns and rows of any …Table tag)
// and Game.DoubleDummyTricks (a TrickTable). File.Check validates every
// game against the laws model in package bridge, and a DoubleDummyTricks
// table against what the deal can give.
//
// Every error from the decoder or from Check is an *Error carrying the file
// name, the line and what was expected.
package pbn
