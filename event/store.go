package event

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/bridgetd/bridgetd/textfile"
)

// Revision identifies one saved state of a stored event or register. A
// store gives a new revision at every save; 0 means nothing is stored yet.
// A Save based on a revision other than the stored one is refused with
// ErrStale, so that of two writers who read the same state the second
// cannot overwrite the first's change without reading it.
type Revision uint64

// Store keeps one event: the seam between the workflows (Desk) and where
// events live. The event file (NewFileStore) is the default; an in-memory
// store (NewMemoryStore) serves tests; a server adds database stores
// behind the same two methods.
//
// An implementation must refuse a Save whose rev is not the stored
// revision with an error wrapping ErrStale, and a Save with rev 0 when an
// event is stored already with one wrapping ErrExists, changing nothing in
// either case; a failed Save must leave the stored event as it was. The
// event handed to Save and the one returned by Load are the caller's: the
// store keeps no reference to them.
type Store interface {
	// Load returns the stored event and its revision; when none is
	// stored, an error wrapping ErrNotFound.
	Load(ctx context.Context) (*Event, Revision, error)
	// Save validates ev and stores it in place of revision rev (0 to
	// create it), returning the new revision.
	Save(ctx context.Context, ev *Event, rev Revision) (Revision, error)
}

// RegisterStore keeps the offences register kept across events (NSWBA
// 7.1), on the same terms as Store, except that Load of a register never
// saved returns an empty register and revision 0.
type RegisterStore interface {
	Load(ctx context.Context) (*Register, Revision, error)
	Save(ctx context.Context, reg *Register, rev Revision) (Revision, error)
}

// Errors of the stores.
var (
	// ErrStale refuses a save based on a revision that is no longer the
	// stored one: someone else saved in between. Load again and redo.
	ErrStale = errors.New("stale: the stored copy changed since it was read")
	// ErrExists refuses to create what is stored already.
	ErrExists = errors.New("exists already")
	// ErrNotFound reports that nothing is stored.
	ErrNotFound = errors.New("not found")
)

// NewMemoryStore returns an empty in-memory Store. It keeps the event as
// its file's bytes, so a Load returns a fresh copy and a Save checks what
// the file would hold.
func NewMemoryStore() Store { return &memStore[*Event]{codec: eventCodec} }

// NewMemoryRegister returns an empty in-memory RegisterStore.
func NewMemoryRegister() RegisterStore { return &memStore[*Register]{codec: registerCodec} }

// NewFileStore returns the Store of the event file at path (FORMAT.md).
// Save writes the whole file atomically (textfile.WriteAtomic): the old
// file stays as it was when a save fails. The revision is a digest of the
// file's bytes, so a change made by any writer since the Load is seen;
// two processes saving within the same instant are not excluded (the
// check and the rename are not one step).
func NewFileStore(path string) Store { return &fileStore[*Event]{path: path, codec: eventCodec} }

// NewFileRegister returns the RegisterStore of the register file at path;
// a missing file is an empty register.
func NewFileRegister(path string) RegisterStore {
	return &fileStore[*Register]{path: path, codec: registerCodec}
}

// codec turns a stored value into its file's bytes and back.
type codec[T any] struct {
	encode func(T) ([]byte, error)
	decode func(data []byte, name string) (T, error)
	empty  func() T // the value of a store that holds nothing, or nil
}

var eventCodec = codec[*Event]{
	encode: func(ev *Event) ([]byte, error) {
		if err := ev.Validate(); err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := ev.Write(&buf); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	},
	decode: func(data []byte, name string) (*Event, error) { return Read(bytes.NewReader(data), name) },
}

var registerCodec = codec[*Register]{
	encode: func(reg *Register) ([]byte, error) { return reg.encode() },
	decode: func(data []byte, name string) (*Register, error) { return ReadRegister(bytes.NewReader(data), name) },
	empty:  func() *Register { return &Register{Format: RegisterFormat} },
}

// memStore keeps the encoded value in memory.
type memStore[T any] struct {
	codec codec[T]
	mu    sync.Mutex
	data  []byte
	rev   Revision
}

func (m *memStore[T]) Load(ctx context.Context) (T, Revision, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, 0, err
	}
	m.mu.Lock()
	data, rev := m.data, m.rev
	m.mu.Unlock()
	if rev == 0 {
		if m.codec.empty != nil {
			return m.codec.empty(), 0, nil
		}
		return zero, 0, fmt.Errorf("memory store: %w", ErrNotFound)
	}
	v, err := m.codec.decode(data, "memory store")
	return v, rev, err
}

func (m *memStore[T]) Save(ctx context.Context, v T, rev Revision) (Revision, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	data, err := m.codec.encode(v)
	if err != nil {
		return 0, fmt.Errorf("save: %w", err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := checkRev("memory store", m.rev, rev); err != nil {
		return 0, err
	}
	m.data, m.rev = data, m.rev+1
	return m.rev, nil
}

// checkRev refuses a save based on rev when stored is the revision held.
func checkRev(name string, stored, rev Revision) error {
	switch {
	case stored == rev:
		return nil
	case rev == 0:
		return fmt.Errorf("%s: %w", name, ErrExists)
	}
	return fmt.Errorf("%s: %w (read at revision %x, stored %x)", name, ErrStale, uint64(rev), uint64(stored))
}

// fileStore keeps the encoded value in a file.
type fileStore[T any] struct {
	path  string
	codec codec[T]
}

// digest is the revision of a file's bytes; never 0.
func digest(data []byte) Revision {
	sum := sha256.Sum256(data)
	return Revision(max(binary.BigEndian.Uint64(sum[:8]), 1))
}

// read returns the file's bytes and revision; revision 0 and the error
// (wrapping os.ErrNotExist) when the file does not exist.
func (f *fileStore[T]) read() ([]byte, Revision, error) {
	data, err := os.ReadFile(f.path)
	if err != nil {
		return nil, 0, err
	}
	return data, digest(data), nil
}

func (f *fileStore[T]) Load(ctx context.Context) (T, Revision, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, 0, err
	}
	data, rev, err := f.read()
	switch {
	case errors.Is(err, os.ErrNotExist) && f.codec.empty != nil:
		return f.codec.empty(), 0, nil
	case errors.Is(err, os.ErrNotExist):
		return zero, 0, &notFound{err} // the system's words: "open …: no such file or directory"
	case err != nil:
		return zero, 0, err
	}
	text, err := textfile.Decode(data, f.path)
	if err != nil {
		return zero, 0, err
	}
	v, err := f.codec.decode(text, f.path)
	return v, rev, err
}

func (f *fileStore[T]) Save(ctx context.Context, v T, rev Revision) (Revision, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	data, err := f.codec.encode(v)
	if err != nil {
		return 0, fmt.Errorf("save %s: %w", f.path, err)
	}
	_, stored, err := f.read()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	if err := checkRev(f.path, stored, rev); err != nil {
		return 0, err
	}
	if err := textfile.WriteAtomic(f.path, data); err != nil {
		return 0, err
	}
	return digest(data), nil
}

// notFound is a missing file: its message is the system's, and it is
// ErrNotFound.
type notFound struct{ err error }

func (e *notFound) Error() string   { return e.err.Error() }
func (e *notFound) Unwrap() []error { return []error{ErrNotFound, e.err} }
