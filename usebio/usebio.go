// Package usebio reads and writes USEBIO XML (Universal Standard for
// Exchange of Bridge Information over XML), the results format of the
// English Bridge Union and of most club scoring programs, version 1.2 with
// the 1.3 additions read where they do not change 1.2's layout.
//
// A file holds a CLUB and one or more EVENTs; an event holds its pairs
// (PARTICIPANTS) and its boards' travellers (BOARD, TRAVELLER_LINE), either
// directly or inside SESSIONs and SECTIONs. Decode reads what real files
// contain: UTF-8 or ISO-8859-1 text, pair numbers with a direction ("7NS"),
// leads written suit first or rank first ("SA", "AS"), artificial scores
// written "A6040" (60% to North–South, 40% to East–West) and a DOCTYPE naming
// the DTD on the web, which is never fetched.
//
// FromResults turns published results (package publish) into a file and
// File.Results turns a file back; Check re-scores every traveller of a file
// with package score and lists where the file's own figures differ, board
// by board and row by row.
package usebio

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Version is the USEBIO version written.
const Version = "1.2"

// DTD is the document type declaration written at the top of a file, as
// the EBU's programs write it; readers do not fetch it.
const DTD = `<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">`

// File is a USEBIO document.
type File struct {
	XMLName xml.Name `xml:"USEBIO"`
	Version string   `xml:"Version,attr"`
	Club    *Club    `xml:"CLUB,omitempty"`
	Events  []Event  `xml:"EVENT"`
}

// Club is the club or organisation that ran the events.
type Club struct {
	Name string `xml:"CLUB_NAME,omitempty"`
	ID   string `xml:"CLUB_ID_NUMBER,omitempty"`
}

// Event is one event: its description, how boards were scored, and its
// pairs and travellers, directly or by session and section.
type Event struct {
	Type           string        `xml:"EVENT_TYPE,attr"` // MP_PAIRS, SWISS_PAIRS, TEAMS_OF_FOUR, ...
	ProgramName    string        `xml:"PROGRAM_NAME,omitempty"`
	ProgramVersion string        `xml:"PROGRAM_VERSION,omitempty"`
	Description    string        `xml:"EVENT_DESCRIPTION,omitempty"`
	Identifier     string        `xml:"EVENT_IDENTIFIER,omitempty"`
	Date           string        `xml:"DATE,omitempty"` // dd/mm/yyyy
	WinnerType     int           `xml:"WINNER_TYPE,omitempty"`
	BoardScoring   string        `xml:"BOARD_SCORING_METHOD,omitempty"` // MATCH_POINTS, BUTLER_IMPS, CROSS_IMPS, ...
	BoardsPlayed   int           `xml:"BOARDS_PLAYED,omitempty"`
	Participants   *Participants `xml:"PARTICIPANTS,omitempty"`
	Boards         []Board       `xml:"BOARD"`
	Sessions       []Session     `xml:"SESSION"`
	Sections       []Section     `xml:"SECTION"`
}

// Session is one session of an event.
type Session struct {
	Number       string        `xml:"SESSION_NUMBER,attr,omitempty"`
	Participants *Participants `xml:"PARTICIPANTS,omitempty"`
	Boards       []Board       `xml:"BOARD"`
	Sections     []Section     `xml:"SECTION"`
}

// Section is a section of a session or event; pairs are numbered within
// it.
type Section struct {
	ID           string        `xml:"SECTION_ID,attr,omitempty"`
	Participants *Participants `xml:"PARTICIPANTS,omitempty"`
	Boards       []Board       `xml:"BOARD"`
}

// Participants are the pairs (or teams) of a section.
type Participants struct {
	Pairs []Pair `xml:"PAIR"`
	Teams []Team `xml:"TEAM"`
}

// Pair is a pair and its result.
type Pair struct {
	Number       string   `xml:"PAIR_NUMBER"`
	Direction    string   `xml:"DIRECTION,omitempty"` // NS or EW in a two-winner event
	BoardsPlayed int      `xml:"BOARDS_PLAYED,omitempty"`
	Players      []Player `xml:"PLAYER"`
	Place        string   `xml:"PLACE,omitempty"` // "3", "3=" for a tie
	TotalScore   string   `xml:"TOTAL_SCORE,omitempty"`
	Percentage   string   `xml:"PERCENTAGE,omitempty"`
}

// Team is a team and its result.
type Team struct {
	Name       string   `xml:"TEAM_NAME"`
	Number     string   `xml:"TEAM_NUMBER,omitempty"`
	Players    []Player `xml:"PLAYER"`
	Place      string   `xml:"PLACE,omitempty"`
	TotalScore string   `xml:"TOTAL_SCORE,omitempty"`
}

// Player is a member of a pair or team.
type Player struct {
	Name       string `xml:"PLAYER_NAME"`
	NationalID string `xml:"NATIONAL_ID_NUMBER,omitempty"`
}

// Board is a board's traveller.
type Board struct {
	Number string `xml:"BOARD_NUMBER"`
	Lines  []Line `xml:"TRAVELLER_LINE"`
}

// Line is one row of a traveller, as written: the pairs, the contract, the
// declarer, the lead, the tricks, North–South's score (or an artificial
// score such as "A6040"), and each side's match points or IMPs.
type Line struct {
	NS         string `xml:"NS_PAIR_NUMBER"`
	EW         string `xml:"EW_PAIR_NUMBER"`
	Contract   string `xml:"CONTRACT,omitempty"`
	PlayedBy   string `xml:"PLAYED_BY,omitempty"`
	Lead       string `xml:"LEAD,omitempty"`
	Tricks     string `xml:"TRICKS,omitempty"`
	Score      string `xml:"SCORE,omitempty"`
	Artificial string `xml:"ARTIFICIAL_SCORE,omitempty"`
	NSMP       string `xml:"NS_MATCH_POINTS,omitempty"`
	EWMP       string `xml:"EW_MATCH_POINTS,omitempty"`
	NSIMPs     string `xml:"NS_IMPS,omitempty"`
	EWIMPs     string `xml:"EW_IMPS,omitempty"`
}

// ErrNotUSEBIO reports a document whose root is not USEBIO.
var ErrNotUSEBIO = errors.New("usebio: not a USEBIO document")

// Decode reads a USEBIO document. Text in ISO-8859-1 (Latin-1) or
// Windows-1252, as older programs write, is read as such; the DTD named in
// a DOCTYPE is not fetched. name is used in errors.
func Decode(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		switch strings.ToLower(label) {
		case "iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252", "us-ascii":
			return latin1Reader(in)
		}
		return nil, fmt.Errorf("encoding %q not supported (UTF-8 or ISO-8859-1)", label)
	}
	d.Entity = xml.HTMLEntity
	var f File
	if err := d.Decode(&f); err != nil {
		line := 1 + bytes.Count(data[:min(int(d.InputOffset()), len(data))], []byte("\n"))
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			line = se.Line
		}
		if strings.Contains(err.Error(), "expected element type <USEBIO>") {
			return nil, fmt.Errorf("%s:%d: %w", name, line, ErrNotUSEBIO)
		}
		return nil, fmt.Errorf("%s:%d: %w", name, line, err)
	}
	if !utf8.ValidString(f.Version) {
		return nil, fmt.Errorf("%s: bad Version attribute", name)
	}
	return &f, nil
}

// latin1Reader turns ISO-8859-1 bytes into UTF-8.
func latin1Reader(in io.Reader) (io.Reader, error) {
	b, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(len(b))
	for _, c := range b {
		out.WriteRune(rune(c))
	}
	return &out, nil
}

// Encode writes a USEBIO document in UTF-8 with its DOCTYPE.
func Encode(w io.Writer, f *File) error {
	if f.Version == "" {
		f.Version = Version
	}
	if _, err := io.WriteString(w, xml.Header+DTD+"\n"); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("usebio: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// sections lists every section of an event with its place: the event
// itself, each session, each section.
type placed struct {
	where        string
	participants *Participants
	boards       []Board
}

func (e *Event) sections() []placed {
	var out []placed
	if e.Participants != nil || len(e.Boards) > 0 {
		out = append(out, placed{"", e.Participants, e.Boards})
	}
	for _, s := range e.Sections {
		out = append(out, placed{"section " + s.ID, s.Participants, s.Boards})
	}
	for _, ss := range e.Sessions {
		if ss.Participants != nil || len(ss.Boards) > 0 {
			out = append(out, placed{"session " + ss.Number, ss.Participants, ss.Boards})
		}
		for _, s := range ss.Sections {
			out = append(out, placed{strings.TrimSpace("session " + ss.Number + " section " + s.ID), s.Participants, s.Boards})
		}
	}
	return out
}

// PairID splits a pair number as written into its number and direction:
// "7NS" is 7 North–South, "7" is 7 with no direction.
func PairID(s string) (n int, dir string, err error) {
	s = strings.TrimSpace(strings.ToUpper(s))
	for _, suf := range []string{"NS", "EW", "N", "E"} {
		if strings.HasSuffix(s, suf) && len(s) > len(suf) {
			dir = map[string]string{"NS": "NS", "N": "NS", "EW": "EW", "E": "EW"}[suf]
			s = strings.TrimSpace(s[:len(s)-len(suf)])
			break
		}
	}
	n, err = strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, "", fmt.Errorf("pair number %q", s)
	}
	return n, dir, nil
}
