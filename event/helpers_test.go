package event

import "github.com/bridgetd/bridgetd/bridge"

// ct reads a contract for a test table, panicking on a typo in the test.
func ct(s string) *bridge.Contract {
	c, err := bridge.ParseContract(s)
	if err != nil {
		panic(err)
	}
	return &c
}

// seat reads a seat for a test table.
func seat(s string) bridge.Seat {
	d, err := bridge.ParseSeat(s)
	if err != nil {
		panic(err)
	}
	return d
}

// fside is the side in default "ns" or "ew" of a test match; nil for "".
func fside(s string) *bridge.Side {
	if s == "" {
		return nil
	}
	d, err := bridge.ParseSide(s)
	if err != nil {
		panic(err)
	}
	return &d
}
