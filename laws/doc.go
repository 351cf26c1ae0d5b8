// Package laws models a bridge table during the auction the way it really
// is: any player may call at any moment, legal or not. A Table takes events
// in the order they happen (calls by any seat, the options chosen by the
// player entitled to them, the Director's findings of fact) and returns the
// rulings a Director gives under the Laws of Duplicate Bridge, in either the
// 1997 code or the 2017 code (Edition).
//
// Each law or group of laws lives in its own file (law27.go, law30_32.go,
// …), which cites the clauses it applies and states the 1997 and 2017
// differences side by side. Findings the Laws leave to the Director's
// judgement (was a call unintended, is a replacement call comparable, is a
// bid incontrovertibly not conventional) are decided from the calls and
// their stated meanings where that is possible; otherwise the Table stops in
// a typed "needs finding" state (Pending) that the caller answers with Find.
// It never guesses silently.
//
// A ruling's rectification is made of typed values a later stage can
// enforce without parsing text: a Bar names a bridge.Seat and how long he
// must pass (Scope); a LeadRestriction names the player, the clause, what
// declarer may choose (LeadKind Require or Prohibit, bridge.Suit) and, once
// he has chosen, a LeadChoice with its LeadDuration and the lead it applies
// to (LeadTurn); a PenaltyCard is a bridge.Seat and a bridge.Card. A ruling
// states its Outcome once, in the Laws' terms. The JSON of "bridgetd rule"
// is these values written through their text forms (package bridge's
// MarshalText), and reads back into a Result.
//
// Given the deal, the table goes on into the play (Play, play.go): plays
// in turn or not, penalty cards, revokes and the Law 64 transfers, and
// claims and concessions, which an Adjudicator (claim.go) decides on the
// cards with the double-dummy solver under Laws 69–71 and a written model
// of "normal" play; Adjudicate decides one claim on its own. The other
// play laws have their own files: when a card is played, dummy's cards
// designated, a card retracted, declarer's cards faced and several cards
// played at once, an opponent's card changed after them (playcards.go:
// 45–48, 58); dummy's rights and limitations
// (dummy.go: 42, 43, 45F); 59 and 60 (law59_60.go); the quitted tricks
// and defective tricks, too few or too many cards played to one
// (law65_67.go); the parts of Laws 12–16 met in the play, a missing card
// found, found face up or never found (law12_16play.go); and the tricks recorded, a fouled board and
// procedural penalties after the play (law79_90.go: 79, 87, 90).
//
// What the server's ruling desk needs around Rule and Adjudicate, so that
// it calls the same functions as the commands, is in desk.go: the start of
// a board's table log (LogStart), the position after the cards played
// from a deal (ParseCards, Replay, AdjudicateAfter) and the tricks an
// award gives when applied (Award.DeclarerTricks).
//
// The table-log text format read by ParseLog and used by "bridgetd rule" is
// described in FORMAT.md.
package laws
