package laws

import (
	"testing"

	"github.com/bridgetd/bridgetd/bridge"
)

// mkTrick builds a complete trick led by leader from cards written as in
// bridge.ParseCard.
func mkTrick(t *testing.T, leader bridge.Seat, cards ...string) bridge.Trick {
	t.Helper()
	tr := bridge.Trick{Leader: leader}
	for _, s := range cards {
		c, err := bridge.ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		tr.Cards[tr.N] = c
		tr.N++
	}
	return tr
}

// TestRevokeTransfers checks Law 64 in both codes, computed from the tricks
// actually won. Declarer is S in no trump; E revokes on trick 1 (a heart
// on a spade lead).
func TestRevokeTransfers(t *testing.T) {
	// trick 1 won by W (E's partner) or by N-S; trick 2 won by W or N
	wonByW := func(t *testing.T) bridge.Trick { return mkTrick(t, bridge.North, "S2", "H3", "S8", "SA") }
	wonByNS := func(t *testing.T) bridge.Trick { return mkTrick(t, bridge.North, "SK", "H3", "S8", "S4") }
	laterW := func(t *testing.T) bridge.Trick { return mkTrick(t, bridge.West, "DA", "D2", "D3", "D4") }
	laterN := func(t *testing.T) bridge.Trick { return mkTrick(t, bridge.North, "DK", "D5", "D6", "D7") }
	eRevoke := Revoke{Seat: bridge.East, Trick: 1, Established: true}
	cases := []struct {
		name   string
		ed     Edition
		tricks func(t *testing.T) []bridge.Trick
		rv     []Revoke
		claim  [2]int
		law    string
		n      int
	}{
		// 1997 64A1: the offending SIDE won the revoke trick (W, partner):
		// that trick and one later trick of theirs.
		{"partner won, 1997", Edition1997, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByW(t), laterW(t)} }, []Revoke{eRevoke}, [2]int{}, "64A1", 2},
		// 2017 64A1 needs the offending PLAYER; W won it: 64A2, one trick.
		{"partner won, 2017", Edition2017, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByW(t), laterW(t)} }, []Revoke{eRevoke}, [2]int{}, "64A2", 1},
		// 1997 64A1 with no later trick: the revoke trick only.
		{"partner won, nothing later, 1997", Edition1997, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByW(t), laterN(t)} }, []Revoke{eRevoke}, [2]int{}, "64A1", 1},
		// 2017 64A2: the offending side won the revoke trick: one trick.
		{"partner won, nothing later, 2017", Edition2017, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByW(t), laterN(t)} }, []Revoke{eRevoke}, [2]int{}, "64A2", 1},
		// 64A2 in both codes: revoke trick lost, a later trick won.
		{"lost, later won, 1997", Edition1997, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByNS(t), laterW(t)} }, []Revoke{eRevoke}, [2]int{}, "64A2", 1},
		{"lost, later won, 2017", Edition2017, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByNS(t), laterW(t)} }, []Revoke{eRevoke}, [2]int{}, "64A2", 1},
		// a later trick obtained by claim counts as won (69A)
		{"lost, later claimed, 2017", Edition2017, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByNS(t), laterN(t)} }, []Revoke{eRevoke}, [2]int{0, 1}, "64A2", 1},
		// 64B1: no trick won by the offending side from the revoke on.
		{"nothing won", Edition2017, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByNS(t), laterN(t)} }, []Revoke{eRevoke}, [2]int{}, "64B1", 0},
		// 64B3: dummy's revoke (N is dummy when S declares).
		{"dummy", Edition2017, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByNS(t), laterN(t)} }, []Revoke{{Seat: bridge.North, Trick: 1, Established: true}}, [2]int{}, "64B3", 0},
		// 64B6: the twelfth trick.
		{"twelfth", Edition1997, func(t *testing.T) []bridge.Trick { return []bridge.Trick{wonByW(t), laterW(t)} }, []Revoke{{Seat: bridge.East, Trick: 12, Established: true}}, [2]int{}, "64B6", 0},
		// not established: nothing (Law 62 correction instead)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			trs := RevokeTransfers(c.ed, c.tricks(t), bridge.NoTrump, bridge.South, c.rv, c.claim)
			if len(trs) != 1 || trs[0].Law != c.law || trs[0].Tricks != c.n {
				t.Fatalf("got %+v, want Law %s, %d trick(s)", trs, c.law, c.n)
			}
		})
	}
	// 64B2: a second revoke in the same suit by the same player.
	tr := []bridge.Trick{wonByW(t), mkTrick(t, bridge.North, "S3", "H4", "S9", "S5")}
	trs := RevokeTransfers(Edition2017, tr, bridge.NoTrump, bridge.South, []Revoke{eRevoke, {Seat: bridge.East, Trick: 2, Established: true}}, [2]int{})
	if len(trs) != 2 || trs[1].Law != "64B2" || trs[1].Tricks != 0 {
		t.Errorf("second revoke in the suit: %+v, want 64B2 and no transfer", trs)
	}
	// 64B7 (2017): both sides revoked; 1997 adjusts each.
	both := []Revoke{eRevoke, {Seat: bridge.South, Trick: 2, Established: true}}
	tr = []bridge.Trick{wonByW(t), mkTrick(t, bridge.North, "D8", "D9", "H5", "DT")}
	trs = RevokeTransfers(Edition2017, tr, bridge.NoTrump, bridge.South, both, [2]int{})
	for _, x := range trs {
		if x.Law != "64B7" || x.Tricks != 0 {
			t.Errorf("2017 both sides revoked: %+v, want 64B7", x)
		}
	}
	trs = RevokeTransfers(Edition1997, tr, bridge.NoTrump, bridge.South, both, [2]int{})
	if len(trs) != 2 || trs[0].Law == "64B7" || trs[0].Tricks == 0 {
		t.Errorf("1997 both sides revoked: %+v, want each adjusted", trs)
	}
	// not established: no transfer at all
	if trs := RevokeTransfers(Edition2017, tr, bridge.NoTrump, bridge.South, []Revoke{{Seat: bridge.East, Trick: 1}}, [2]int{}); len(trs) != 0 {
		t.Errorf("unestablished revoke transferred: %+v", trs)
	}
	// TransferredTricks: E-W revoked, so declarer (S) gains
	if n := TransferredTricks([]RevokeTransfer{{Revoke: eRevoke, Tricks: 2}}, bridge.South); n != 2 {
		t.Errorf("TransferredTricks = %d, want 2", n)
	}
}
