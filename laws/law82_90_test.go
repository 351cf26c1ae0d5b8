package laws

import (
	"testing"

	"github.com/bridgetd/bridgetd/score"
)

// TestDirectorsLaws checks Laws 82C and 86B/86C.
func TestDirectorsLaws(t *testing.T) {
	// 82C: both sides non-offending: average plus to each.
	for _, ed := range []Edition{Edition1997, Edition2017} {
		ns, ew, law := DirectorError(ed)
		if ns != score.AvePlus || ew != score.AvePlus || law != ed.pick("82C; 12C1", "82C; 12C2(a)") {
			t.Errorf("%s 82C: %s/%s under %s", ed, ns, ew, law)
		}
	}
	// 86 non-balancing in a knock-out: +10 by one score, -4 by the other: +3 to A.
	if v, law := NonBalancingKO(Edition2017, 10, -4); v != 3 || law != "86C" {
		t.Errorf("2017 non-balancing KO: %v under %s, want 3 under 86C", v, law)
	}
	if v, law := NonBalancingKO(Edition1997, 5, 0); v != 2.5 || law != "86B" {
		t.Errorf("1997 non-balancing KO: %v under %s, want 2.5 under 86B", v, law)
	}
}
