package score

// wbf25 is the old WBF 25-VP scale (before the WBF 2013 scales) for the
// match lengths its source gives, 8 to 32 boards in steps of four. Each row
// is a band of margins and its award; a margin past the 25-1 band scores
// 25-0. Transcribed from testdata/wbf25.txt, whose SOURCE note names the
// source and the independent check (a single secondary source).
const wbf25 = `name WBF 25-VP (old WBF scale, 30 VPs a match)
boards 8
0-1 15-15
2-5 16-14
6-8 17-13
9-11 18-12
12-14 19-11
15-17 20-10
18-20 21-9
21-23 22-8
24-26 23-7
27-29 24-6
30-33 25-5
34-37 25-4
38-41 25-3
42-45 25-2
46-50 25-1
51+ 25-0
boards 12
0-1 15-15
2-6 16-14
7-9 17-13
10-12 18-12
13-16 19-11
17-20 20-10
21-24 21-9
25-28 22-8
29-32 23-7
33-36 24-6
37-40 25-5
41-45 25-4
46-50 25-3
51-55 25-2
56-61 25-1
62+ 25-0
boards 16
0-2 15-15
3-7 16-14
8-11 17-13
12-15 18-12
16-19 19-11
20-23 20-10
24-27 21-9
28-31 22-8
32-36 23-7
37-41 24-6
42-46 25-5
47-52 25-4
53-58 25-3
59-64 25-2
65-71 25-1
72+ 25-0
boards 20
0-2 15-15
3-8 16-14
9-12 17-13
13-16 18-12
17-21 19-11
22-26 20-10
27-31 21-9
32-36 22-8
37-41 23-7
42-47 24-6
48-53 25-5
54-59 25-4
60-65 25-3
66-72 25-2
73-79 25-1
80+ 25-0
boards 24
0-3 15-15
4-9 16-14
10-14 17-13
15-19 18-12
20-24 19-11
25-29 20-10
30-34 21-9
35-39 22-8
40-45 23-7
46-51 24-6
52-57 25-5
58-64 25-4
65-71 25-3
72-79 25-2
80-87 25-1
88+ 25-0
boards 28
0-3 15-15
4-10 16-14
11-15 17-13
16-20 18-12
21-25 19-11
26-31 20-10
32-37 21-9
38-43 22-8
44-49 23-7
50-55 24-6
56-61 25-5
62-68 25-4
69-76 25-3
77-85 25-2
86-94 25-1
95+ 25-0
boards 32
0-3 15-15
4-10 16-14
11-16 17-13
17-22 18-12
23-28 19-11
29-34 20-10
35-40 21-9
41-46 22-8
47-52 23-7
53-58 24-6
59-65 25-5
66-73 25-4
74-82 25-3
83-91 25-2
92-100 25-1
101+ 25-0
`

// WBF25 is the old WBF 25-VP scale, on which a match is worth 30 VPs: 15-15
// for a draw, 25-5 at the normal maximum, and for bigger margins the loser
// goes down through 25-4 … 25-0. It is the "WBF VP scale" of the NSWBA
// regulations of 2011 (18 of 30 VPs for a forfeit, NSWBA 13.9; the band that
// scores 18 VPs for unplayed boards, NSWBA 13.10). Its source gives matches
// of 8, 12, 16, 20, 24, 28 and 32 boards only: any other length uses the
// nearest shorter one, as NSWBA 13.10 says (13 boards use the 12-board
// column, 40 boards the 32-board column), and matches of fewer than 8 boards
// use the 8-board column, for which there is no source.
var WBF25 Scale = mustTable(wbf25)
