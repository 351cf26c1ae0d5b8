package usebio

import (
	"cmp"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bridgetd/bridgetd/bridge"
	"github.com/bridgetd/bridgetd/event"
	"github.com/bridgetd/bridgetd/publish"
)

// Results turns the file's first event into published results, as the
// program that wrote it scored them: the ranking (North–South and
// East–West apart in a two-winner event) with places, totals and
// percentages as written, and every traveller with each row's contract,
// declarer, lead, tricks, score and match points or IMPs, and each
// board's hands from the HANDSET (not solved: Board.Tricks is nil). Check
// says where those figures differ from bridgetd's own scoring. An error
// names the element it could not read.
func (f *File) Results() (*publish.Results, error) {
	if len(f.Events) == 0 {
		return nil, fmt.Errorf("usebio: no EVENT")
	}
	e := &f.Events[0]
	r := &publish.Results{Title: cmp.Or(e.Description, e.Title), Date: pbnDate(e.Date), Venue: e.Venue}
	// EVENT_TYPE is MP_PAIRS, BUTLER_PAIRS, ... in 1.2 and PAIRS (with
	// BOARD_SCORING_METHOD) in 1.3: method reads both.
	if f.Club != nil && r.Venue == "" {
		r.Venue = f.Club.Name
	}
	switch e.method() {
	case methodMP:
		r.Form, r.Method = publish.Matchpoints, "mp"
	case methodButler:
		r.Form, r.Method = publish.IMPs, "butler"
	case methodCross:
		r.Form, r.Method = publish.IMPs, "cross-imp"
	default:
		r.Form, r.Method = publish.Teams, "teams"
	}
	deals, err := f.Deals()
	if err != nil {
		return nil, err
	}
	boards := map[string]int{} // boards played by each pair
	seen := map[string]bool{}
	var ids []string
	addID := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	names := map[string]string{}
	fields := map[string][]publish.Standing{}
	var fieldOrder []string
	vps := strings.Contains(strings.ToUpper(e.MatchScoring), "VP")
	byNumber := map[int]*publish.BoardResult{}
	for _, sec := range e.sections() {
		at := strings.TrimPrefix(sec.where+", ", ", ")
		for _, m := range sec.matches {
			pm, err := readMatch(m, vps, e.BoardsPerRound)
			if err != nil {
				return nil, fmt.Errorf("usebio: %smatch %s v %s: %w", at, m.Team, m.Opposing, err)
			}
			r.Matches = append(r.Matches, pm)
			if err := matchBoards(m, deals, byNumber); err != nil {
				return nil, fmt.Errorf("usebio: %smatch %s v %s: %w", at, m.Team, m.Opposing, err)
			}
			for _, b := range m.Boards {
				for _, l := range b.Lines {
					boards[strings.TrimSpace(l.NS)]++
					boards[strings.TrimSpace(l.EW)]++
				}
			}
			addID(pm.Home)
			addID(pm.Away)
		}
		if sec.participants != nil {
			for _, tm := range sec.participants.Teams {
				id := tm.ID()
				addID(id)
				names[id] = playerNames(tm.Players)
				st, err := standing(id, Pair{Place: tm.Place, TotalScore: tm.TotalScore})
				if err != nil {
					return nil, err
				}
				if _, ok := fields[""]; !ok {
					fieldOrder = append(fieldOrder, "")
				}
				fields[""] = append(fields[""], st)
			}
			for _, p := range sec.participants.Pairs {
				id := strings.TrimSpace(p.Number)
				addID(id)
				names[id] = playerNames(p.Players)
				st, err := standing(id, p)
				if err != nil {
					return nil, err
				}
				field := ""
				if e.WinnerType == 2 {
					field = strings.ToUpper(strings.TrimSpace(p.Direction))
				}
				if _, ok := fields[field]; !ok {
					fieldOrder = append(fieldOrder, field)
				}
				fields[field] = append(fields[field], st)
			}
		}
		for _, b := range sec.boards {
			br, err := boardResult(b, deals, r.Form)
			if err != nil {
				return nil, fmt.Errorf("usebio: %s: %w", strings.TrimPrefix(sec.where+", ", ", ")+"board "+b.Number, err)
			}
			for _, row := range br.Rows {
				addID(row.NS)
				addID(row.EW)
				boards[row.NS]++
				boards[row.EW]++
			}
			if have, ok := byNumber[br.Number]; ok && r.Form == publish.Teams {
				have.Rows = append(have.Rows, br.Rows...)
				continue
			}
			r.Boards = append(r.Boards, br)
		}
	}
	if len(byNumber) > 0 {
		for _, b := range r.Boards {
			if _, ok := byNumber[b.Number]; !ok {
				byNumber[b.Number] = &b
			}
		}
		r.Boards = sortedBoards(byNumber)
	}
	for _, id := range ids {
		r.Entrants = append(r.Entrants, publish.Entrant{ID: id, Names: names[id]})
	}
	sort.SliceStable(fieldOrder, func(i, j int) bool { return fieldOrder[i] == event.FieldNS && fieldOrder[j] != event.FieldNS })
	for _, k := range fieldOrder {
		sts := fields[k]
		for i := range sts {
			sts[i].Boards = boards[sts[i].Entrant]
		}
		sort.SliceStable(sts, func(i, j int) bool { return sts[i].Place < sts[j].Place })
		r.Fields = append(r.Fields, publish.Field{Name: event.FieldName(k), Standings: sts})
	}
	return r, r.Validate()
}

// playerNames joins the names of a pair's or team's players: "Ann & Bob".
func playerNames(players []Player) string {
	var ns []string
	for _, pl := range players {
		if n := strings.TrimSpace(pl.Name); n != "" {
			ns = append(ns, n)
		}
	}
	return strings.Join(ns, " & ")
}

// standing reads a pair's place ("3", "3=" tied), total and percentage.
func standing(id string, p Pair) (publish.Standing, error) {
	st := publish.Standing{Entrant: id}
	place := strings.TrimSpace(p.Place)
	st.Tied = strings.HasSuffix(place, "=")
	if place != "" {
		n, err := strconv.Atoi(strings.TrimSuffix(place, "="))
		if err != nil || n < 1 {
			return st, fmt.Errorf("usebio: pair %s: PLACE %q is not a place", id, p.Place)
		}
		st.Place = n
	}
	for _, x := range []struct {
		field, text string
		to          *float64
	}{{"TOTAL_SCORE", p.TotalScore, &st.Score}, {"PERCENTAGE", p.Percentage, &st.Percent}} {
		if strings.TrimSpace(x.text) == "" {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(x.text), 64)
		if err != nil {
			return st, fmt.Errorf("usebio: pair %s: %s %q is not a number", id, x.field, x.text)
		}
		*x.to = v
	}
	return st, nil
}

// boardResult reads a board's traveller and gives it its hands.
func boardResult(b Board, deals map[int]bridge.Deal, form publish.Form) (publish.BoardResult, error) {
	n, err := strconv.Atoi(strings.TrimSpace(b.Number))
	if err != nil || n < 1 {
		return publish.BoardResult{}, fmt.Errorf("BOARD_NUMBER %q is not a board number", b.Number)
	}
	bd := bridge.Board(n)
	br := publish.BoardResult{Board: publish.Board{Number: n, Dealer: bd.Dealer(), Vul: bd.Vulnerability()}}
	if d, ok := deals[n]; ok {
		br.Deal = d
	}
	for i, l := range b.Lines {
		row, err := lineRow(l, form)
		if err != nil {
			return br, fmt.Errorf("row %d: %w", i+1, err)
		}
		br.Rows = append(br.Rows, row)
	}
	return br, nil
}

// lineRow reads one traveller line as a published row.
func lineRow(l Line, form publish.Form) (publish.Row, error) {
	row := publish.Row{NS: strings.TrimSpace(l.NS), EW: strings.TrimSpace(l.EW)}
	con := strings.ToUpper(strings.TrimSpace(l.Contract))
	a, c, artificial := ParseArtificial(l.Score)
	if artificial {
		row.Note = fmt.Sprintf("A%g/%g", a, c)
	} else if s := strings.TrimSpace(l.Score); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			if strings.EqualFold(s, "Adj") {
				row.Note = "Adj"
			} else {
				return row, fmt.Errorf("SCORE %q is not a number", l.Score)
			}
		} else {
			row.HasScore, row.Score = true, v
		}
	}
	switch {
	case passedOut(con):
		row.HasContract = true
	case con != "" && row.Note == "":
		c, err := bridge.ParseContract(strings.ReplaceAll(con, "*", "X"))
		if err != nil {
			return row, fmt.Errorf("CONTRACT %q: %w", l.Contract, err)
		}
		decl, err := bridge.ParseSeat(strings.TrimSpace(l.PlayedBy))
		if err != nil {
			return row, fmt.Errorf("PLAYED_BY %q: %w", l.PlayedBy, err)
		}
		t, err := strconv.Atoi(strings.TrimSpace(l.Tricks))
		if err != nil || t < 0 || t > 13 {
			return row, fmt.Errorf("TRICKS %q is not 0-13", l.Tricks)
		}
		row.HasContract, row.Contract, row.Declarer, row.Tricks = true, c, decl, t
		row.Lead = strings.TrimSpace(l.Lead)
		if card, err := ParseLead(l.Lead); err == nil {
			row.Lead = card.Suit().String() + publish.RankText(card.Rank())
		}
	}
	ns, ew := l.NSMP, l.EWMP
	if form != publish.Matchpoints {
		ns, ew = cmp.Or(l.NSButler, cmp.Or(l.NSCross, l.NSIMPs)), cmp.Or(l.EWButler, cmp.Or(l.EWCross, l.EWIMPs))
	}
	if strings.TrimSpace(ns) != "" || strings.TrimSpace(ew) != "" {
		x, err1 := strconv.ParseFloat(strings.TrimSpace(ns), 64)
		y, err2 := strconv.ParseFloat(strings.TrimSpace(ew), 64)
		if err1 != nil || err2 != nil {
			return row, fmt.Errorf("match points or IMPs %q and %q are not numbers", ns, ew)
		}
		row.Scored, row.NSMP, row.EWMP = true, x, y
		switch {
		case artificial && form == publish.Matchpoints:
			row.NSPct, row.EWPct = a, c // the shares the score gives
		case form == publish.Matchpoints && x+y > 0:
			row.NSPct, row.EWPct = 100*x/(x+y), 100*y/(x+y) // a played row shares the board's top
		}
	}
	return row, nil
}

// pbnDate writes USEBIO's dd/mm/yyyy (1.2) or yyyy-mm-dd (1.3) as PBN's
// 2013.08.08; any other text is kept.
func pbnDate(s string) string {
	for _, layout := range []string{"02/01/2006", "2006-01-02"} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t.Format("2006.01.02")
		}
	}
	return strings.TrimSpace(s)
}
