// Package dd solves bridge deals double dummy: with all four hands in view
// and best play by both sides, how many tricks does each side take?
//
// A Solver answers for any Position — the cards each seat still holds, the
// trump strain, who leads and the cards already on the table in the current
// trick — so it serves hand records and the adjudication of claims alike:
//
//	s := dd.NewSolverOptions(dd.Options{})
//	n, err := s.Tricks(pos)        // tricks for the side to play, this trick included
//	vals, err := s.CardValues(pos) // the same for every legal card
//	n, err = s.Lead(deal, bridge.South, bridge.NoTrump) // South declaring, West leads
//	t, err := s.Table(deal)        // all 20 declarer/strain results
//	ts, err := dd.Tables(ctx, deals, dd.BatchOptions{}) // many deals on all cores
//	t, err = dd.ParallelTable(ctx, deal, dd.BatchOptions{}) // one deal on all cores
//	n, err = dd.ParallelTricks(ctx, pos, dd.BatchOptions{}) // one solve on all cores
//	a, err := s.AnalysePlay(ctx, rec) // declarer's tricks after every card played
//	as, err := dd.AnalysePlays(ctx, recs, dd.BatchOptions{}) // a whole event's
//	p := dd.ParOf(t, dealer, vul)  // par score and contracts
//	sp := dd.SidesPar(t, vul)      // par with each side bidding first
//
// # Play analysis
//
// AnalysePlay takes a play record (the deal, strain, declarer and the
// cards from the opening lead) and gives declarer's tricks with best play
// before the lead — the table's figure — and after every card: the tricks
// won so far plus the double-dummy value of the rest. A card after which
// its own side's figure falls cost that many tricks (PlayedCard.Cost), as
// the hand viewers mark them. One solver analyses the whole record, so
// that each card's solve starts from the table the previous ones filled
// (DDS once under-counted tricks here by solving each card afresh).
//
// # One deal on all cores
//
// ParallelTable hands the strains of a deal to the workers as they
// become free, the likely slowest first (no trump, then the suits most
// evenly shared between the sides), and with more workers than strains
// cuts each strain in two (the opening leaders of one side); Tables, for
// many deals, gives each worker whole deals.
//
// ParallelTricks spreads one solve: the workers run at once the
// null-window searches of MTD(f) (see Search) for the targets nearest the
// estimate, each answer narrowing the interval that holds the value and
// cancelling the searches it makes useless. It gains little: on a hard
// position one search (the one that proves the value from the side where
// it is hard) takes most of the work, and splitting that search itself
// over solvers with tables of their own costs more than it saves, since
// its subtrees share most of their positions. On the twelve slowest
// single solves of 250 random deals and the four-void deal in hearts, the
// busiest of two workers searches 0.88 times the positions of one solver
// (from 0.6 to 1 solve by solve), for 15% more work in all.
//
// # In a server
//
// Every solve has a form that takes a context.Context (TricksContext,
// CardValuesContext, LeadContext, TableContext; Tables always does): the
// search looks at it every thousand or so positions, and the operations on
// a whole transposition table (growing it, making room) every few
// megabytes, so that a cancelled solve returns within milliseconds with an
// error wrapping ctx.Err() (context.Canceled or
// context.DeadlineExceeded). The solver stays usable; its table keeps
// what the finished parts of the search stored.
//
// The memory of the transposition tables is the caller's choice: each
// solver's by Options.MaxMemory, and all solvers' together by a Budget
// shared in their Options, which each table draws on as it grows and which
// Solver.Release (and Tables, for its workers) gives back:
//
//	b := dd.NewBudget(1 << 30) // one gigabyte, shared by every worker
//	s := dd.NewSolverOptions(dd.Options{Budget: b})
//	defer s.Release()
//	t, err := s.TableContext(ctx, deal)
//	ts, err := dd.Tables(ctx, deals, dd.BatchOptions{Solver: dd.Options{Budget: b}})
//
// # Search
//
// The value is found by a sequence of null-window alpha-beta searches, each
// asking whether North-South can take at least a given number of tricks
// (MTD(f)). At the start of every trick the search consults a transposition
// table, then sure-trick bounds: the winners the side on lead can cash at
// once (running suits from both hands, crossing to partner once by an
// entry, with the discards each hand must find, plus the side's top trumps
// and a ruff by partner to finish) and the tricks the other side cannot be
// denied (its top trumps, or all its trumps when the side on lead has
// none; in no trump, and once the trumps are gone, the top card of every
// suit the leader holds). Trumps are also counted by length and rank: a
// hand with k trumps against T for the other side makes k-T tricks
// whoever leads, more when its trumps outrank theirs, one more when the
// defenders surely win the first trick. Either side may also be credited with one slow
// trump trick (KQ against the ace, Kx behind it, Qxx behind AK). A bound
// is worked out only as far as the cut-off needs: a cheap upper limit
// skips the cashing plan when it cannot reach the target. Each bound names
// the top cards it relied on, as few as it can, for the table below.
//
// Positions are stored by their shape (the suit lengths of each hand) and
// the leader, with the owners of the cards in each suit from the top down —
// relative ranks, so that the deal's absolute ranks do not matter. Each
// search reports which cards' ranks decided its result; an entry pins only
// those cards (and the cards above them) and so answers for every position
// that agrees on them (Ginsberg's partition search, as DDS and macroxue's
// bridge-solver use it). A trick's winner matters when it beat a card of
// its own suit — only an opponent's card when the search after the trick
// depended on nothing but which side won it (one side had reached the
// target or could no longer reach it). The same information prunes moves:
// a card lower than every card that mattered in its suit gives the same
// result as the card already tried, and cards in sequence in one hand are
// tried once.
//
// Moves are ordered by simple bridge heuristics (cash winners, lead towards
// partner's tenace, second hand low, third hand high, win cheaply in fourth
// seat, ruff low, discard from length). Before them, in every seat, the
// search tries the card that last caused a cut-off in the same situation
// (a killer move, remembered per trump strain, and on deals
// with four voids or more per opening leader). Before the killer comes,
// when the current trick alone reaches the cut-off for the side to play,
// a card that surely wins it (the highest such card, whose rank pins
// fewest cards); that cut-off is not remembered as a killer, and in third
// and fourth seat it ends the search without the trick being played out.
// Near the top of the tree (11 tricks or more left), a lead with no
// killer is chosen by the table when it can be: the first lead after
// which the trick played the likely way (each follower's killer card,
// else its first card by the heuristics) reaches a position whose entry
// already decides the search for the leader's side is tried first (an
// enhanced transposition cut-off, used for ordering only).
//
// The table of one solver grows up to a memory limit (Options.MaxMemory,
// DefaultMaxMemory: two thirds for entries, one third for their buckets)
// and while its Budget, if any, has room: its entries in chunks of 4 MB
// that are never copied, its buckets by doubling; when full,
// the positions nearest the end of the play are dropped first. Once the
// tables have grown, a solve allocates nothing (a test holds this with
// testing.AllocsPerRun); a Solver is reused from deal to deal and is not
// safe for concurrent use. Tables runs one Solver per worker.
//
// # Par
//
// ParOf follows DDS's DealerPar: the side that can make the higher contract
// (on a tie, the side of the first seat from the dealer that makes it) bids
// the contract that scores most after the opponents' best sacrifice,
// sacrifices are doubled and never redoubled, and each par contract is
// given at the lowest level that keeps its score and leaves no profitable
// sacrifice. Scores come from bridge.Contract.Score (Law 77).
//
// SidesPar gives the par for each side as the one that bids first (DDS's
// SidesPar and the two views of its Par): ParOf with that side's dealer
// who gives it the better score. It differs from the dealer-based par only
// when both sides' highest making contract is the same.
package dd
