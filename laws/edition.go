package laws

import "fmt"

// Edition is the code of laws in force.
type Edition int

// The two codes the engine knows.
const (
	Edition1997 Edition = 1997 // the 1997 Laws of Duplicate Bridge (the seed's code)
	Edition2017 Edition = 2017 // the current 2017 Laws
)

// String returns the year.
func (e Edition) String() string { return fmt.Sprintf("%d", int(e)) }

// Valid reports whether e is one of the known codes.
func (e Edition) Valid() bool { return e == Edition1997 || e == Edition2017 }

// ParseEdition reads "1997" or "2017" (also "97", "17").
func ParseEdition(s string) (Edition, error) {
	switch s {
	case "1997", "97":
		return Edition1997, nil
	case "2017", "17":
		return Edition2017, nil
	}
	return 0, fmt.Errorf("laws: edition %q: want 1997 or 2017", s)
}

// pick returns a for the 1997 code and b for the 2017 code.
func (e Edition) pick(a, b string) string {
	if e == Edition1997 {
		return a
	}
	return b
}
