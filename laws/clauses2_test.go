package laws

import "testing"

// The lettered clauses of Laws 23–27 and 33–39 (and 9–11, 16C, 17D/15A,
// 20, 21), both codes.
func TestAuctionClauses(t *testing.T) {
	for _, c := range []clauseCase{
		// Law 23 (1997) / 72C (2017): enforced-pass damage flag; 2017 23B/23C comparable call.
		{name: "Law 23, 1997", ed: y97, log: "N 1C; W 1S; N declines; TD could-have-known", law: "31B", bars: "E:rest-of-auction", contract: "-"},
		{name: "Law 23B, 23C, 2017", ed: y17, log: "E 1S nat; S declines; N 1H; E 1S nat", law: "31A2(a)", contract: "-"},
		// Law 24.
		{name: "Law 24A, 1997", ed: y97, log: "N 1C; E shows H2", law: "24A", contract: "-"},
		{name: "Law 24A, 2017", ed: y17, log: "N 1C; E shows H2", law: "24A", contract: "-"},
		{name: "Law 24B, 1997 (honour)", ed: y97, log: "N 1C; E shows HT", law: "24B", bars: "W:next-turn", contract: "-"},
		{name: "Law 24B, 2017 (card led)", ed: y17, log: "N 1C; E leads H2", law: "24B", bars: "W:next-turn", contract: "-"},
		{name: "Law 24C, 1997", ed: y97, log: "N 1C; E shows H2 C3", law: "24C", bars: "W:next-turn", contract: "-"},
		{name: "Law 24C, 2017", ed: y17, log: "N 1C; E shows H2 C3", law: "24C", bars: "W:next-turn", contract: "-"},
		// Law 25.
		{name: "Law 25A, 1997", ed: y97, log: "N 1C; N 1D; TD inadvertent", law: "25A", contract: "-", turn: "E"},
		{name: "Law 25A1, 2017", ed: y17, log: "N 1C; N 1D; TD unintended", law: "25A1", contract: "-", turn: "E"},
		{name: "Law 25A6, 2017 (after LHO called)", ed: y17, log: "N 1C; E P; N 1D change; TD unintended; E withdraws", law: "25A6", contract: "-", turn: "E"},
		{name: "Law 25B1, 1997", ed: y97, log: "N 1C; N 1D; TD purposeful; E accepts", law: "25B1", contract: "-", turn: "E"},
		{name: "Law 25B1, 2017", ed: y17, log: "N 1C; N 1D; TD intended; E P; TD intentional", law: "25B1", contract: "-", turn: "S"},
		{name: "Law 25B2(b)(1), 25B2(c), 1997", ed: y97, log: "N 1C; N 1D; TD purposeful; E declines; N stands", law: "25B2(b)(1)", bars: "S:next-turn", contract: "-", turn: "E"},
		{name: "Law 25B2(b)(2), 1997 (average minus)", ed: y97, log: "N 1C; N 1D; TD purposeful; E declines; N substitutes; N 1H", law: "25B2(b)(2)", contract: "-", turn: "E"},
		{name: "Law 25B2, 2017", ed: y17, log: "N 1C; N 1D; TD intended; E declines", law: "25B2", contract: "-", turn: "E"},
		{name: "Law 25B, 1997 (LHO already called)", ed: y97, log: "N 1C; E P; N 1D change; TD purposeful", law: "25B", contract: "-", turn: "S"},
		// Law 26.
		{name: "Law 26A2, 1997", ed: y97, log: "N 1C; W 1S; N declines; E P; S 1H; W P; N 4H; E P; S P; W P", law: "31B", bars: "E:rest-of-auction", contract: "4♥ S"},
		// Law 27.
		{name: "Law 27A, 1997", ed: y97, log: "N 1NT; E 1C; S P", law: "27A", contract: "-", turn: "W"},
		{name: "Law 27A1, 2017", ed: y17, log: "N 1NT; E 1C; S accepts", law: "27A1", contract: "-", turn: "S"},
		{name: "Law 27B1(a), 1997", ed: y97, log: "N 1NT nat; E 1C nat; S declines; E 2C nat", law: "27B1(a)", contract: "-", turn: "S"},
		{name: "Law 27B1(a), 1997 (finding)", ed: y97, log: "N 1NT; E 1C; S declines; E 2C; TD natural", law: "27B1(a)", contract: "-", turn: "S"},
		{name: "Law 27B2, 1997 (conventional)", ed: y97, log: "N 1NT; E 1C art; S declines; E 2C", law: "27B2", bars: "W:rest-of-auction", contract: "-"},
		{name: "Law 27B2, 1997 (other bid)", ed: y97, log: "N 1NT; E 1C; S declines; E 3C", law: "27B2", bars: "W:rest-of-auction", contract: "-"},
		{name: "Law 27B3, 1997", ed: y97, log: "N 1H; E 1C; S declines; E X; E 2C", law: "27B3", bars: "W:rest-of-auction", contract: "-", turn: "S"},
		{name: "Law 27B1(a), 2017", ed: y17, log: "N 1NT nat; E 1C nat; S declines; E 2C nat", law: "27B1(a)", contract: "-"},
		{name: "Law 27B1(a), 2017 (artificial, finding)", ed: y17, log: "N 1NT; E 1C art; S declines; E 2D art; TD same-denomination", law: "27B1(a)", contract: "-"},
		{name: "Law 27B1(b), 2017", ed: y17, log: "N 1H; E 1C; S declines; E X; TD comparable", law: "27B1(b)", contract: "-", turn: "S"},
		{name: "Law 27B2, 2017", ed: y17, log: "N 1NT; E 1C; S declines; E 3NT; TD not-comparable", law: "27B2", bars: "W:rest-of-auction", contract: "-"},
		{name: "Law 27B3, 2017", ed: y17, log: "N 1H; E 1C; S declines; E X; TD not-comparable", law: "27B3", bars: "W:rest-of-auction", contract: "-", status: NeedsCall},
		{name: "Law 27B4, 2017", ed: y17, log: "N 1H; E 1C; S declines; E 1D; S declines", law: "27B3", bars: "W:rest-of-auction", contract: "-", status: NeedsCall},
		{name: "Law 27C, 2017 (premature replacement)", ed: y17, log: "N 1NT nat; E 1C nat; E 2C nat; S declines", law: "27B1(a)", contract: "-", turn: "S"},
		// Law 33: simultaneous call deemed subsequent.
		{name: "Law 33, 1997", ed: y97, log: "N 1C; E 1D; S 1H; N 1S sim; E declines", law: "31A", contract: "-", turn: "W"},
		// Law 35 (1997) / 36A, 37A, 38, 39B (2017): condoned by LHO's call.
		{name: "Law 35A, 1997", ed: y97, log: "N 1C; E P; S X; W P; attention", law: "35A", contract: "-", turn: "S"},
		{name: "Law 36A, 2017", ed: y17, log: "N 1C; E P; S X; W P; attention", law: "36A", contract: "-", turn: "S"},
		{name: "Law 35B, 1997", ed: y97, log: "N 1H; E 1C art; S declines; E 2C; S P; W 2H; N P", idx: -1, law: "35B", contract: "-", turn: "E"},
		{name: "Law 37A, 2017", ed: y17, log: "N 1H; E 1C; S declines; E 2C; TD not-comparable; S P; W 2H; N P", idx: -1, law: "37A", contract: "-", turn: "E"},
		{name: "Law 35C, 1997", ed: y97, log: "N 8S; E P", law: "35C", contract: "-", turn: "E"},
		{name: "Law 35D, 1997", ed: y97, log: "N 1C; E P; S P; W P; E 1H; S P", idx: -1, law: "35D", contract: "1♣ N"},
		{name: "Law 39B, 2017 (LHO called)", ed: y17, log: "N 1C; E P; S P; W P; E 1H; S P", idx: -1, law: "39B", contract: "1♣ N"},
		// Law 36.
		{name: "Law 36, 1997", ed: y97, log: "N 1C; E P; S X; attention; S 1H", law: "36", bars: "N:rest-of-auction", contract: "-", turn: "W"},
		{name: "Law 36B, 2017", ed: y17, log: "N 1C; E P; S X; attention; S 1H", law: "36B", bars: "N:rest-of-auction", contract: "-", turn: "W"},
		{name: "Law 36B, 2017 (out of rotation)", ed: y17, log: "N 1C; E P; N X; attention", law: "36B", bars: "S:rest-of-auction", contract: "-", turn: "S"},
		{name: "Law 36C, 2017", ed: y17, log: "N 1NT; E X; S P; W XX; N P; E P; S P; lead; attention", law: "36C", contract: "1NTX N"},
		// Law 37.
		{name: "Law 37, 1997", ed: y97, log: "N 1H; E 1C art; S declines; E 2C; S P; W 2H; attention", idx: -1, law: "37", bars: "W:rest-of-auction E:rest-of-auction", contract: "-", turn: "N"},
		{name: "Law 37B, 2017", ed: y17, log: "N 1H; E 1C; S declines; E 2C; TD not-comparable; S P; W 2H; attention", idx: -1, law: "37B", bars: "W:rest-of-auction E:rest-of-auction", contract: "-", turn: "N"},
		// Law 38.
		{name: "Law 38, 1997", ed: y97, log: "N 8S; attention", law: "38", bars: "N:rest-of-auction S:rest-of-auction", contract: "-", turn: "E"},
		{name: "Law 38B, 38C, 2017", ed: y17, log: "N 8S; attention", law: "38C", bars: "N:rest-of-auction S:rest-of-auction", contract: "-", turn: "E"},
		{name: "Law 38D, 2017 (LHO called)", ed: y17, log: "N 8S; E P", law: "38D", bars: "N:rest-of-auction S:rest-of-auction", contract: "-", turn: "E"},
		// Law 39.
		{name: "Law 39A, 1997", ed: y97, log: "N 1C; E P; S P; W P; S 2C", idx: -1, law: "39A", contract: "1♣ N"},
		{name: "Law 39B, 1997", ed: y97, log: "N 1C; E P; S P; W P; E 1H; attention", idx: -1, law: "39B", contract: "1♣ N"},
		{name: "Law 39B, 2017 (pass by defender)", ed: y17, log: "N 1C; E P; S P; W P; E P", idx: -1, law: "39B", contract: "1♣ N"},
		{name: "Law 39C, 2017", ed: y17, log: "N 1C; E P; S P; W P; E 1H; attention", idx: -1, law: "39C", contract: "1♣ N"},
		// Laws 9–11, 16C, 17D/15A, 20, 21.
		{name: "Law 9B2, 9C, 1997 (offender's partner)", ed: y97, log: "N 1NT; E 1C; W 2C", idx: -1, law: "9B2", contract: "-", turn: "E"},
		{name: "Law 11A, 1997 (not forfeited)", ed: y97, log: "N 1NT; E 1C; N 2C; TD not-forfeited", idx: -1, law: "9B2", contract: "-", turn: "E"},
		{name: "Law 17D, 1997", ed: y97, log: "N 1C; E P; N wrong-board; N 1C", idx: 0, law: "17D", contract: "-", turn: "E"},
		{name: "Law 15A1(a), 2017", ed: y17, log: "N 1C; E P; S P; N wrong-board", law: "15A1(a)", contract: "-", turn: "N"},
		{name: "Law 15A1(b), 2017", ed: y17, log: "N 1C; N wrong-board", law: "15A1(b)", contract: "-", turn: "N"},
		{name: "Law 20B, 1997", ed: y97, log: "N 1C; S review", law: "20B", contract: "-", turn: "E"},
		{name: "Law 21B1, 1997", ed: y97, log: "N 1C; E P; E 1H mi; TD misinformed", law: "21B1", contract: "-", turn: "S"},
		{name: "Law 21B3, 2017", ed: y17, log: "N 1C; E P; S P; W P; E 1H mi", law: "21B3", contract: "1♣ N"},
	} {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c) })
	}
}
