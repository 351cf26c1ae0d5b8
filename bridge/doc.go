// Package bridge is the core model of duplicate bridge: cards, hands, seats,
// boards, deals, calls, the legal auction, contracts, the play of the cards and
// the Law 77 duplicate score.
//
// Everything else in bridgetd — PBN, the laws engine, the double-dummy solver,
// event scoring — is built on these types and this package imports nothing of
// the project. The types are small values: a Card is a byte, a Hand is a
// 64-bit set (16 bits per suit, bit = rank), a Call is a byte, so they copy and
// compare cheaply and can be used in a solver's inner loop.
//
// Notation follows what players write: String methods print ♠K, 4♠X, 1NT, N;
// parsers accept the symbol and letter forms (S, H, D, C, NT, N, X, XX, P, Pass).
// The values implement encoding.TextMarshaler and TextUnmarshaler with the
// same forms (text.go), so JSON and other formats carry them as values; a
// refused text is a *TextError naming the kind of value.
//
// The legal auction (Laws 17–22) refuses an illegal call with an error that
// wraps one of the sentinel errors ErrInsufficientBid, ErrInadmissibleDouble,
// ErrInadmissibleRedouble, ErrBidAboveSeven or ErrAuctionEnded; the laws
// engine builds its rectifications on these.
package bridge
