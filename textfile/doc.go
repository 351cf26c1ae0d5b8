// Package textfile reads the text files people give bridgetd and writes the
// files it produces so that nothing saved before is ever lost.
//
// Reading: [NewReader] accepts UTF-8 with or without a byte-order mark (as
// Windows editors write it) and with CRLF line ends, and refuses UTF-16 and
// binary data with an error that names the file ([ErrUTF16], [ErrBinary]),
// instead of letting a decoder report a stray character.
//
// Writing: [Create] returns a file that is written beside its target and
// takes the target's place only on [File.Commit], after a sync, by one
// rename; [WriteAtomic] does the whole for a byte slice. A failure at any
// point (a full disk, a write error, a refused input) leaves the old file
// as it was. [Same] tells whether an output path names one of the inputs,
// so that a command can refuse to overwrite what it is reading.
package textfile
