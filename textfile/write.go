package textfile

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// File is an output file under construction: writes go to a temporary file
// beside the target, which replaces the target only on [File.Commit].
type File struct {
	*bufio.Writer
	path string
	tmp  *os.File
	mode os.FileMode
	done bool
}

// Create starts writing path. Nothing at path changes until Commit; Abort
// (or a failed Commit) removes the temporary file. A new file gets mode
// 0644; an existing one keeps its mode.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return nil, fmt.Errorf("write %s: is a directory", path)
		}
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return &File{Writer: bufio.NewWriterSize(tmp, 64<<10), path: path, tmp: tmp, mode: mode}, nil
}

// Path is the target the file replaces on Commit.
func (f *File) Path() string { return f.path }

// Commit flushes, syncs and closes the temporary file and renames it over
// the target. On any failure the target is left as it was and the
// temporary file is removed.
func (f *File) Commit() (err error) {
	if f.done {
		return fmt.Errorf("write %s: already committed or aborted", f.path)
	}
	f.done = true
	defer func() {
		if err != nil {
			f.tmp.Close()
			os.Remove(f.tmp.Name())
			err = fmt.Errorf("write %s: %w", f.path, err)
		}
	}()
	if err = f.Flush(); err != nil {
		return err
	}
	if err = f.tmp.Chmod(f.mode); err != nil {
		return err
	}
	if err = f.tmp.Sync(); err != nil {
		return err
	}
	if err = f.tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.tmp.Name(), f.path); err != nil {
		return err
	}
	if d, derr := os.Open(filepath.Dir(f.path)); derr == nil {
		d.Sync() // best effort: make the rename itself durable
		d.Close()
	}
	return nil
}

// Abort discards what was written; the target is untouched. It is safe to
// call after Commit (it then does nothing), so `defer f.Abort()` is the
// usual pattern.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// WriteAtomic replaces path with data (see [Create]).
func WriteAtomic(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}

// ErrOutputIsInput reports an output path that names one of the inputs.
var ErrOutputIsInput = errors.New("the output would overwrite an input")

// Same returns an error wrapping [ErrOutputIsInput] when out names the same
// file as one of inputs (by path or, when both exist, by identity).
func Same(out string, inputs ...string) error {
	oa, _ := filepath.Abs(out)
	ofi, oerr := os.Stat(out)
	for _, in := range inputs {
		ia, _ := filepath.Abs(in)
		same := oa == ia
		if !same && oerr == nil {
			if ifi, err := os.Stat(in); err == nil {
				same = os.SameFile(ofi, ifi)
			}
		}
		if same {
			return fmt.Errorf("%s: %w %s", out, ErrOutputIsInput, in)
		}
	}
	return nil
}
