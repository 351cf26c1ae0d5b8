// Command bridgetd conducts and scores duplicate bridge events: it deals
// boards, scores contracts, reads and writes PBN, rules on irregularities,
// solves deals double-dummy, scores events and classifies system cards.
//
// Each subcommand lives in its own file and registers itself with register;
// main only dispatches. Run "bridgetd help" for the list.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/bridgetd/bridgetd/textfile"
)

// command is one subcommand of bridgetd.
type command struct {
	name    string // the word on the command line
	usage   string // the synopsis after the name, e.g. "[--boards 1-32] [-o FILE]"
	summary string // one line for "bridgetd help"
	// run executes the command with its arguments (after the name).
	// It writes results to stdout and diagnostics to stderr.
	run func(env *env, args []string) error
}

// env is what a command may touch: its streams, so tests can capture them.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

var commands = map[string]*command{}

// register adds a subcommand; each command file calls it from init.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("bridgetd: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// errUsage marks a usage error: the command's usage has already been printed.
var errUsage = errors.New("usage")

// exitError carries a specific exit status without printing anything more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

// run dispatches args to a subcommand and returns the process exit status.
func run(e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return run(e, []string{c.name, "-h"})
			}
		}
		printHelp(e.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "bridgetd: unknown command %q; run \"bridgetd help\"\n", args[0])
		return 2
	}
	// A command whose output is lost (a full device, a closed pipe) has
	// failed, whether or not it looked at its writes' errors.
	out := &errWriter{w: e.stdout}
	ce := *e
	ce.stdout = out
	err := c.run(&ce, args[1:])
	if err == nil && out.err != nil {
		err = fmt.Errorf("writing standard output: %w", out.err)
	}
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	case errors.As(err, &ee):
		return ee.code
	default:
		fmt.Fprintf(e.stderr, "bridgetd %s: %v\n", c.name, err)
		return 1
	}
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "bridgetd conducts and scores duplicate bridge events.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: bridgetd COMMAND [flags] [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run \"bridgetd COMMAND -h\" for a command's flags.")
}

// newFlagSet returns a flag set for c whose usage message names the command
// and lists its flags; parse errors return errUsage.
func newFlagSet(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("bridgetd "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: bridgetd %s %s\n\n%s\n", c.name, c.usage, c.summary)
		var any bool
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after positional arguments
// (bridgetd contract 4S S 10 --vul NS). It returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// A lone "-" is a positional (standard input); "--" ends flags.
		i := 0
		for i < len(rest) && (!strings.HasPrefix(rest[i], "-") || rest[i] == "-") {
			pos = append(pos, rest[i])
			i++
		}
		if i < len(rest) && rest[i] == "--" {
			return append(pos, rest[i+1:]...), nil
		}
		args = rest[i:]
		if len(args) == 0 {
			return pos, nil
		}
	}
}

// parseArgs parses args like parseFlags and requires exactly n positional
// arguments, printing the usage and returning errUsage otherwise.
func parseArgs(fs *flag.FlagSet, args []string, n int) ([]string, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) != n {
		fs.Usage()
		return nil, errUsage
	}
	return pos, nil
}

// errWriter passes writes to w and remembers the first error, after which
// it writes nothing more.
type errWriter struct {
	w   io.Writer
	err error
}

func (w *errWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

// output is where a command writes its result: standard output, or a file
// that is written beside its target and takes its place only on Close
// (textfile.Create), so that a failed write leaves the old file whole.
type output struct {
	w    *bufio.Writer
	file *textfile.File
}

// openOutput opens path for writing, or standard output for "" or "-". It
// refuses a path that names one of the inputs (textfile.Same).
func openOutput(e *env, path string, inputs ...string) (*output, error) {
	if path == "" || path == "-" {
		return &output{w: bufio.NewWriterSize(e.stdout, 64<<10)}, nil
	}
	if err := textfile.Same(path, inputs...); err != nil {
		return nil, fmt.Errorf("-o: %w", err)
	}
	f, err := textfile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-o: %w", err)
	}
	return &output{w: f.Writer, file: f}, nil
}

// Write writes p; an error is kept by the writer and returned again by
// Close.
func (o *output) Write(p []byte) (int, error) { return o.w.Write(p) }

// Close flushes standard output, or commits the file. A write error, a
// full device included, is returned; the file is then left as it was.
func (o *output) Close() error {
	if o.file == nil {
		if err := o.w.Flush(); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		return nil
	}
	return o.file.Commit()
}

// Abort discards a file not yet committed; after Close it does nothing.
func (o *output) Abort() {
	if o.file != nil {
		o.file.Abort()
	}
}

// writeJSON writes v as indented JSON, with <, > and & as they are (the
// JSON output of every command).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
