// Package usebio reads and writes USEBIO XML (Universal Standard for
// Exchange of Bridge Information over XML), the results format of the
// English Bridge Union and of most club scoring programs: version 1.2, and
// version 1.3's elements (EVENT_ID, EVENT_RATING, PAIRS, EW_PAIRS,
// STRATIFICATION, a pair's STRAT_PLACE and STRAT_NUMBER, EBU_CHARGE_CODE,
// ISO dates), read and written as they come; To13 writes a file as 1.3.
//
// A file holds a CLUB, one or more EVENTs and, from most programs, the
// boards' hands (HANDSET, read by File.Deals); an event holds its pairs
// (PARTICIPANTS) and its boards' travellers (BOARD, TRAVELLER_LINE),
// directly or inside SESSIONs and SECTIONs. Decode reads what real files
// contain (the tests read and re-score files in Compscore3's form, whose
// forms were learnt from real Compscore3 files): UTF-8 or ISO-8859-1 text, pair numbers with a direction ("7NS"),
// leads written suit first or rank first ("SA", "AS"), artificial scores
// written "A6040" (60% to North–South, 40% to East–West; at IMPs
// average-plus and average-minus), IMPs as NS_BUTLER_POINTS or
// NS_CROSS_IMP_POINTS, and a DOCTYPE naming the DTD on the web, which is
// never fetched.
//
// A teams event holds its teams (TEAM) and its matches (MATCH): each
// match's two teams, each team's VPs (TEAM_SCORE, OPPOSING_TEAM_SCORE) and
// net IMPs, and its boards with the two tables' traveller lines, each
// line's DIRECTION saying where the match's first team sat. No USEBIO
// specification or DTD could be found (testdata/SOURCE.md says where we
// looked): the elements are those USEBIO readers read from real teams
// files, and TEAM_IMPS and OPPOSING_TEAM_IMPS, each team's own net IMPs
// (which differ from the other's negative after a Law 12C1(b) split
// score), are bridgetd's own choice.
//
// FromResults turns published results (package publish) into a file;
// Check re-scores every traveller of a file with package score and lists
// where the file's own figures differ, board by board and row by row, and
// pair by pair where a pair's TOTAL_SCORE, PERCENTAGE or PLACE is not what
// its re-scored boards give. It reads the ways programs score and total
// that real files show: a board played fewer times than the field factored
// up on the traveller (Neuberg, or with the missing results as ties), a
// board matchpointed across all the sections, totals factored to the field
// and pro-rated for boards missed, a percentage written as the total, a
// handicap; a difference one of them gives is marked explained
// (Difference.Explained). A Law 12C1(b) split score, which USEBIO has no
// form for, is written in the nearest form and read back as the split its
// figures place (splitScores).
//
// ParseDTD and DTD.Validate check a document against a DTD's element
// structure offline, as xmllint --dtdvalid does.
package usebio

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bridgetd/bridgetd/bridge"
)

// Version is the USEBIO version written.
const Version = "1.2"

// Doctype is the document type declaration written at the top of a file, as
// the EBU's programs write it; readers do not fetch it.
const Doctype = `<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">`

// Doctype13 is the declaration written at the top of a 1.3 file, as the one
// 1.3 writer found writes it (testdata/SOURCE.md).
const Doctype13 = `<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">`

// Version13 is the version To13 writes.
const Version13 = "1.3"

// To13 turns a file into USEBIO 1.3, in place: the version, and the 1.2
// elements 1.3 supersedes in their 1.3 form, EVENT_IDENTIFIER as EVENT_ID,
// MASTER_POINT_SCALE as EVENT_RATING, a dd/mm/yyyy DATE as yyyy-mm-dd, and
// EVENT_TYPE MP_PAIRS as PAIRS (its BOARD_SCORING_METHOD saying how the
// boards were scored). P2P_CHARGE_RATE is kept: EBU_CHARGE_CODE, which 1.3
// puts in its place, is a code of the EBU's, not the rate.
func (f *File) To13() {
	f.Version = Version13
	for i := range f.Events {
		e := &f.Events[i]
		if e.Identifier != "" && e.ID == "" {
			e.ID, e.Identifier = e.Identifier, ""
		}
		if e.MasterPointScale != "" && e.Rating == "" {
			e.Rating, e.MasterPointScale = e.MasterPointScale, ""
		}
		if t, err := time.Parse("02/01/2006", strings.TrimSpace(e.Date)); err == nil {
			e.Date = t.Format("2006-01-02")
		}
		if e.Type == "MP_PAIRS" {
			if e.BoardScoring == "" {
				e.BoardScoring = "MATCH_POINTS"
			}
			e.Type = "PAIRS"
		}
	}
}

// File is a USEBIO document: the club, its events and, as scoring
// programs add them, the hands of the boards (HANDSET).
type File struct {
	XMLName xml.Name `xml:"USEBIO"`
	Version string   `xml:"Version,attr"`
	Club    *Club    `xml:"CLUB,omitempty"`
	Events  []Event  `xml:"EVENT"`
	HandSet *HandSet `xml:"HANDSET,omitempty"`
}

// Club is the club or organisation that ran the events.
type Club struct {
	Name string `xml:"CLUB_NAME,omitempty"`
	ID   string `xml:"CLUB_ID_NUMBER,omitempty"`
}

// Event is one event: its description, how boards were scored, and its
// pairs and travellers, directly or by session and section. The fields
// after BoardsPlayed are those real files carry beside the results
// (master points, the EBU's charge, the scorer to contact); ChargeCode and
// the others marked 1.3 are USEBIO 1.3's.
type Event struct {
	Type           string `xml:"EVENT_TYPE,attr"` // MP_PAIRS, BUTLER_PAIRS, CROSS_IMP, SWISS_PAIRS, TEAMS_OF_FOUR, ...
	Identifier     string `xml:"EVENT_IDENTIFIER,omitempty"`
	Description    string `xml:"EVENT_DESCRIPTION,omitempty"`
	ProgramName    string `xml:"PROGRAM_NAME,omitempty"`
	ProgramVersion string `xml:"PROGRAM_VERSION,omitempty"`
	WinnerType     int    `xml:"WINNER_TYPE,omitempty"`
	Title          string `xml:"TITLE,omitempty"`
	Date           string `xml:"DATE,omitempty"` // dd/mm/yyyy
	Venue          string `xml:"VENUE,omitempty"`
	// BoardScoring is MATCH_POINTS, BUTLER_IMPS, CROSS_IMPS, IMPS, ...;
	// Compscore writes SCORING_METHOD (IMPS) instead.
	BoardScoring     string   `xml:"BOARD_SCORING_METHOD,omitempty"`
	ScoringMethod    string   `xml:"SCORING_METHOD,omitempty"`
	MatchScoring     string   `xml:"MATCH_SCORING_METHOD,omitempty"`
	BoardsPlayed     int      `xml:"BOARDS_PLAYED,omitempty"`
	BoardsPerRound   int      `xml:"BOARDS_PER_ROUND,omitempty"`
	MasterPointScale string   `xml:"MASTER_POINT_SCALE,omitempty"`
	MasterPointType  string   `xml:"MASTER_POINT_TYPE,omitempty"`
	MPsAwarded       string   `xml:"MPS_AWARDED_FLAG,omitempty"` // Y or N
	SessionCount     int      `xml:"SESSION_COUNT,omitempty"`
	SectionCount     int      `xml:"SECTION_COUNT,omitempty"`
	ChargeRate       string   `xml:"P2P_CHARGE_RATE,omitempty"` // the EBU's Pay to Play rate (1.2)
	ChargeCode       string   `xml:"EBU_CHARGE_CODE,omitempty"` // 1.3: replaces P2P_CHARGE_RATE
	Contact          *Contact `xml:"CONTACT,omitempty"`
	// The 1.3 elements (testdata/SOURCE.md says where they were learnt):
	// EVENT_ID replaces EVENT_IDENTIFIER and EVENT_RATING
	// MASTER_POINT_SCALE; PAIRS and EW_PAIRS count the pairs (all, and
	// East–West's); STRATIFICATION divides the field into strata.
	ID             string          `xml:"EVENT_ID,omitempty"`
	Rating         string          `xml:"EVENT_RATING,omitempty"`
	PairCount      string          `xml:"PAIRS,omitempty"`
	EWPairCount    string          `xml:"EW_PAIRS,omitempty"`
	Stratification *Stratification `xml:"STRATIFICATION,omitempty"`

	Participants *Participants `xml:"PARTICIPANTS,omitempty"`
	Boards       []Board       `xml:"BOARD"`
	Matches      []Match       `xml:"MATCH"`
	Sessions     []Session     `xml:"SESSION"`
	Sections     []Section     `xml:"SECTION"`
}

// Stratification (1.3) divides an event's pairs into strata by rank, each
// placed and awarded on its own: STRATIFICATION_TYPE, and each stratum
// (STRAT) with its number, label, the upper limit of its players' ranks
// and its number of pairs, by direction in a two-winner event.
type Stratification struct {
	Type   string  `xml:"STRATIFICATION_TYPE,omitempty"`
	Strats []Strat `xml:"STRATS>STRAT"`
}

// Strat is one stratum.
type Strat struct {
	Number     string       `xml:"STRAT_NUMBER"`
	Label      string       `xml:"STRAT_LABEL,omitempty"`
	UpperLimit string       `xml:"UPPER_LIMIT,omitempty"`
	Pairs      []StratPairs `xml:"NUMBER_OF_PAIRS"`
}

// StratPairs is a stratum's number of pairs, in one direction when
// Direction (NS or EW) is set.
type StratPairs struct {
	Direction string `xml:"DIRECTION,attr,omitempty"`
	Count     string `xml:",chardata"`
}

// Contact is who scored the event.
type Contact struct {
	FullName  string `xml:"FULL_NAME,omitempty"`
	Scorer    string `xml:"SCORER,omitempty"`
	Telephone string `xml:"TELEPHONE,omitempty"`
	Email     string `xml:"EMAIL,omitempty"`
}

// Session is one session of an event. Files name it by SESSION_ID (the
// readers' form) or SESSION_NUMBER.
type Session struct {
	ID           string        `xml:"SESSION_ID,attr,omitempty"`
	Number       string        `xml:"SESSION_NUMBER,attr,omitempty"`
	Participants *Participants `xml:"PARTICIPANTS,omitempty"`
	Boards       []Board       `xml:"BOARD"`
	Matches      []Match       `xml:"MATCH"`
	Sections     []Section     `xml:"SECTION"`
}

// name is how a session is named in reports.
func (s *Session) name() string { return cmp.Or(s.ID, s.Number) }

// Section is a section of a session or event; pairs are numbered within
// it.
type Section struct {
	ID           string        `xml:"SECTION_ID,attr,omitempty"`
	Participants *Participants `xml:"PARTICIPANTS,omitempty"`
	Boards       []Board       `xml:"BOARD"`
	Matches      []Match       `xml:"MATCH"`
}

// Participants are the pairs (or teams) of a section.
type Participants struct {
	EventType string `xml:"EVENT_TYPE,attr,omitempty"`
	Pairs     []Pair `xml:"PAIR"`
	Teams     []Team `xml:"TEAM"`
}

// Pair is a pair and its result.
type Pair struct {
	Number       string   `xml:"PAIR_NUMBER"`
	Direction    string   `xml:"DIRECTION,omitempty"` // NS or EW in a two-winner event
	BoardsPlayed int      `xml:"BOARDS_PLAYED,omitempty"`
	Players      []Player `xml:"PLAYER"`
	TotalScore   string   `xml:"TOTAL_SCORE,omitempty"`
	Percentage   string   `xml:"PERCENTAGE,omitempty"`
	Place        string   `xml:"PLACE,omitempty"` // "3", "3=" for a tie
	// MasterPoints and MasterPointType are the award, as Compscore writes
	// it.
	MasterPoints    string `xml:"MASTER_POINTS_AWARDED,omitempty"`
	MasterPointType string `xml:"MASTER_POINT_TYPE,omitempty"`
	WinsOrDraws     string `xml:"WINS_OR_DRAWS,omitempty"`
	// Awards are master points in a MASTER_POINTS element (the award and
	// its type), as Scorer's converter and 1.3 writers put them, one for
	// each type awarded.
	Awards []Award `xml:"MASTER_POINTS,omitempty"`
	// StratNumber and StratPlace (1.3) are the pair's stratum in a
	// stratified event (STRATIFICATION) and its place within it.
	StratPlace  string `xml:"STRAT_PLACE,omitempty"`
	StratNumber string `xml:"STRAT_NUMBER,omitempty"`
	// Adjustment is a penalty or bonus added to the pair's score, and
	// Handicap its handicap (half of it added to its percentage, as
	// Scorer does): the elements Scorer's converter writes.
	Adjustment string `xml:"ADJUSTMENT,omitempty"`
	Handicap   string `xml:"HANDICAP,omitempty"`
}

// Award is one award of master points.
type Award struct {
	Points string `xml:"MASTER_POINTS_AWARDED"`
	Type   string `xml:"MASTER_POINT_TYPE,omitempty"`
}

// Team is a team and its result. Files name it by a TEAM_NAME element
// or by TEAM_ID and TEAM_NAME attributes (the form ImportUsebio reads);
// ID says which.
type Team struct {
	IDAttr     string   `xml:"TEAM_ID,attr,omitempty"`
	NameAttr   string   `xml:"TEAM_NAME,attr,omitempty"`
	Name       string   `xml:"TEAM_NAME,omitempty"`
	Number     string   `xml:"TEAM_NUMBER,omitempty"`
	Players    []Player `xml:"PLAYER"`
	Place      string   `xml:"PLACE,omitempty"`
	TotalScore string   `xml:"TOTAL_SCORE,omitempty"`
}

// Player is a member of a pair or team.
type Player struct {
	Name       string `xml:"PLAYER_NAME"`
	NationalID string `xml:"NATIONAL_ID_NUMBER,omitempty"`
	ClubID     string `xml:"CLUB_ID_NUMBER,omitempty"`
}

// ID is how the file names the team: its TEAM_NAME, else its TEAM_ID
// or TEAM_NUMBER.
func (t *Team) ID() string {
	return strings.TrimSpace(cmp.Or(t.Name, t.NameAttr, t.IDAttr, t.Number))
}

// Match is one match of a teams event (MATCH): the round, the two teams
// (TEAM, the home team, and OPPOSING_TEAM), each team's score in the
// event's MATCH_SCORING_METHOD (VPs, or IMPs) and the boards of the match,
// each with its two tables' traveller lines; a line's DIRECTION says where
// TEAM sat at that table. These are the elements real teams files carry,
// as USEBIO readers read them (SOURCE.md). TEAM_IMPS and
// OPPOSING_TEAM_IMPS are bridgetd's own (no DTD or real file was found to
// name them): each team's own net IMPs for the match, which cancel
// (+5, −5) unless an adjusted score gave each team its own figure (Law
// 12C1(b): +13, −9).
//
// EBUScore's files, as USEBIO readers read them, give a match's VPs as
// TEAM_VICTORY_POINTS and OPPOSING_TEAM_VICTORY_POINTS, and a Swiss
// pairs match as NS_PAIR_NUMBER, EW_PAIR_NUMBER, NS_SCORE, EW_SCORE,
// NS_VICTORY_POINTS and EW_VICTORY_POINTS; they are read as the match's
// teams and VPs (Event.sections), and written back as they came.
type Match struct {
	Round         string  `xml:"ROUND_NUMBER,omitempty"`
	Team          string  `xml:"TEAM,omitempty"`
	Opposing      string  `xml:"OPPOSING_TEAM,omitempty"`
	NSPair        string  `xml:"NS_PAIR_NUMBER,omitempty"`
	EWPair        string  `xml:"EW_PAIR_NUMBER,omitempty"`
	TeamScore     string  `xml:"TEAM_SCORE,omitempty"`
	OpposingScore string  `xml:"OPPOSING_TEAM_SCORE,omitempty"`
	NSScore       string  `xml:"NS_SCORE,omitempty"`
	EWScore       string  `xml:"EW_SCORE,omitempty"`
	TeamVP        string  `xml:"TEAM_VICTORY_POINTS,omitempty"`
	OpposingVP    string  `xml:"OPPOSING_TEAM_VICTORY_POINTS,omitempty"`
	NSVP          string  `xml:"NS_VICTORY_POINTS,omitempty"`
	EWVP          string  `xml:"EW_VICTORY_POINTS,omitempty"`
	TeamIMPs      string  `xml:"TEAM_IMPS,omitempty"`
	OpposingIMPs  string  `xml:"OPPOSING_TEAM_IMPS,omitempty"`
	Boards        []Board `xml:"BOARD"`
}

// normalised returns the match with its teams and VPs in the TEAM,
// OPPOSING_TEAM, TEAM_SCORE and OPPOSING_TEAM_SCORE the rest of the
// package reads: a Swiss pairs match's pairs, and the VPs of the
// *_VICTORY_POINTS elements when given (then the match's VPs, whatever
// TEAM_SCORE holds: EBUScore's NS_SCORE is not them).
func (m Match) normalised() Match {
	m.Team, m.Opposing = cmp.Or(m.Team, m.NSPair), cmp.Or(m.Opposing, m.EWPair)
	m.TeamScore, m.OpposingScore = cmp.Or(m.TeamScore, m.NSScore), cmp.Or(m.OpposingScore, m.EWScore)
	if vp := cmp.Or(m.TeamVP, m.NSVP); vp != "" {
		m.TeamScore, m.OpposingScore = vp, cmp.Or(m.OpposingVP, m.EWVP)
	}
	return m
}

// Board is a board's traveller. Average is the Butler datum a program
// scored it against (BOARD_AVERAGE), when it says.
type Board struct {
	EventType string `xml:"EVENT_TYPE,attr,omitempty"`
	Number    string `xml:"BOARD_NUMBER"`
	Average   string `xml:"BOARD_AVERAGE,omitempty"`
	// IMPs is a match board's IMPs to the match's first team, as
	// EBUScore writes a board of a match without its travellers.
	IMPs  string `xml:"IMPS,omitempty"`
	Lines []Line `xml:"TRAVELLER_LINE"`
}

// Line is one row of a traveller, as written: the pairs, the contract, the
// declarer, the lead, the tricks, North–South's score (or an artificial
// score such as "A6040"), and each side's match points, or its IMPs:
// Butler (NS_BUTLER_POINTS) or cross-IMPs (NS_CROSS_IMP_POINTS). NS_IMPS
// is read, as bridgetd's teams export wrote it before it wrote matches
// (MATCH); no real file has it and it is no longer written.
type Line struct {
	// Direction is, in a MATCH, where the match's TEAM sat: NS or EW.
	Direction  string `xml:"DIRECTION,omitempty"`
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
	NSButler   string `xml:"NS_BUTLER_POINTS,omitempty"`
	EWButler   string `xml:"EW_BUTLER_POINTS,omitempty"`
	NSCross    string `xml:"NS_CROSS_IMP_POINTS,omitempty"`
	EWCross    string `xml:"EW_CROSS_IMP_POINTS,omitempty"`
	NSIMPs     string `xml:"NS_IMPS,omitempty"`
	EWIMPs     string `xml:"EW_IMPS,omitempty"`
}

// HandSet holds the hands of the boards.
type HandSet struct {
	Boards []HandBoard `xml:"BOARD"`
}

// HandBoard is one board's four hands.
type HandBoard struct {
	Number string `xml:"BOARD_NUMBER"`
	Hands  []Hand `xml:"HAND"`
}

// Hand is one player's cards, each suit's ranks as a string ("AKT92",
// "" for a void); Direction is North, East, South or West.
type Hand struct {
	Direction string `xml:"DIRECTION"`
	Clubs     string `xml:"CLUBS"`
	Diamonds  string `xml:"DIAMONDS"`
	Hearts    string `xml:"HEARTS"`
	Spades    string `xml:"SPADES"`
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
	d.CharsetReader = charsetReader
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

// charsetReader reads the encodings real files declare: ISO-8859-1 (and
// Windows-1252 and US-ASCII, read as it); UTF-8 needs none.
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252", "us-ascii":
		return latin1Reader(in)
	}
	return nil, fmt.Errorf("encoding %q not supported (UTF-8 or ISO-8859-1)", label)
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
	doctype := Doctype
	if f.Version == Version13 {
		doctype = Doctype13
	}
	if _, err := io.WriteString(w, xml.Header+doctype+"\n"); err != nil {
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
	matches      []Match
}

func (e *Event) sections() []placed {
	norm := func(ms []Match) []Match {
		if len(ms) == 0 {
			return nil
		}
		out := make([]Match, len(ms))
		for i, m := range ms {
			out[i] = m.normalised()
		}
		return out
	}
	var out []placed
	if e.Participants != nil || len(e.Boards) > 0 || len(e.Matches) > 0 {
		out = append(out, placed{"", e.Participants, e.Boards, norm(e.Matches)})
	}
	for _, s := range e.Sections {
		out = append(out, placed{"section " + s.ID, s.Participants, s.Boards, norm(s.Matches)})
	}
	for _, ss := range e.Sessions {
		if ss.Participants != nil || len(ss.Boards) > 0 || len(ss.Matches) > 0 {
			out = append(out, placed{"session " + ss.name(), ss.Participants, ss.Boards, norm(ss.Matches)})
		}
		for _, s := range ss.Sections {
			out = append(out, placed{strings.TrimSpace("session " + ss.name() + " section " + s.ID), s.Participants, s.Boards, norm(s.Matches)})
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

// Deals returns the deals of the file's HANDSET by board number, each
// checked to be a whole deal (13 cards to a hand, 52 in all). A hand's
// DIRECTION is North, East, South or West (or N, E, S, W); an error names
// the board and the hand.
func (f *File) Deals() (map[int]bridge.Deal, error) {
	out := map[int]bridge.Deal{}
	if f.HandSet == nil {
		return out, nil
	}
	for _, b := range f.HandSet.Boards {
		n, err := strconv.Atoi(strings.TrimSpace(b.Number))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("usebio: HANDSET board %q: not a board number", b.Number)
		}
		var d bridge.Deal
		seen := [4]bool{}
		for _, h := range b.Hands {
			seat, err := bridge.ParseSeat(strings.TrimSpace(h.Direction))
			if err != nil || seen[seat] {
				return nil, fmt.Errorf("usebio: HANDSET board %d: hand DIRECTION %q: not a seat, or given twice", n, h.Direction)
			}
			seen[seat] = true
			hand, err := bridge.ParseHand(strings.Join([]string{h.Spades, h.Hearts, h.Diamonds, h.Clubs}, "."))
			if err != nil {
				return nil, fmt.Errorf("usebio: HANDSET board %d, %s: %w", n, seat.Name(), err)
			}
			d[seat] = hand
		}
		if err := d.Validate(); err != nil {
			return nil, fmt.Errorf("usebio: HANDSET board %d: %w", n, err)
		}
		if _, dup := out[n]; dup {
			return nil, fmt.Errorf("usebio: HANDSET board %d given twice", n)
		}
		out[n] = d
	}
	return out, nil
}
