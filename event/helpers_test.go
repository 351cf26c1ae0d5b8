package event

import (
	"context"
	"errors"
	"os"

	"github.com/bridgetd/bridgetd/bridge"
)

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

// load reads the event file at path through its Store.
func load(path string) (*Event, error) {
	ev, _, err := NewFileStore(path).Load(context.Background())
	return ev, err
}

// save writes ev over the event file at path, whatever its revision.
func save(path string, ev *Event) error {
	return overwrite(&fileStore[*Event]{path: path, codec: eventCodec}, ev)
}

// loadRegister reads the register file at path through its RegisterStore.
func loadRegister(path string) (*Register, error) {
	reg, _, err := NewFileRegister(path).Load(context.Background())
	return reg, err
}

// saveRegister writes reg over the register file at path.
func saveRegister(path string, reg *Register) error {
	return overwrite(&fileStore[*Register]{path: path, codec: registerCodec}, reg)
}

// overwrite saves v in f based on whatever f holds now.
func overwrite[T any](f *fileStore[T], v T) error {
	_, rev, err := f.read()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	_, err = f.Save(context.Background(), v, rev)
	return err
}
