package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
)

// JSON with comments is what some agents read their configuration as
// (Gemini CLI runs its settings.json through strip-json-comments before
// JSON.parse): JSON with // and /* */ comments outside strings, and
// nothing else of JSON5 (no trailing commas, no single quotes).

// BlankComments returns data with every comment outside a string turned
// into spaces, its line breaks kept, so that what is left is JSON at the
// same offsets as data; had reports whether there was any comment. As
// strip-json-comments does, a /* that is never closed runs to the end.
func BlankComments(data []byte) (blank []byte, had bool) {
	blank = data
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			switch c {
			case '\\':
				i++ // the escaped character, a quote included
			case '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
			continue
		}
		if c != '/' || i+1 == len(data) || (data[i+1] != '/' && data[i+1] != '*') {
			continue
		}
		end := len(data)
		if data[i+1] == '/' {
			if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
				end = i + j
			}
		} else if j := bytes.Index(data[i+2:], []byte("*/")); j >= 0 {
			end = i + 2 + j + 2
		}
		if !had {
			blank, had = bytes.Clone(data), true
		}
		for k := i; k < end; k++ {
			if blank[k] != '\n' && blank[k] != '\r' {
				blank[k] = ' '
			}
		}
		i = end - 1
	}
	return blank, had
}

// SpliceJSONC returns src, JSON with comments, changed into want, plain
// JSON, by the fewest edits it can find: whatever is the same in both
// stays as src has it, byte for byte, comments included. A member or an
// element that want drops goes with its comma (and its lines, when it is
// alone on them, but never a comment); one that want adds goes after the
// last one kept, in want's text; a value that differs in kind, or a list
// or object whose kept items want reorders or adds to in the middle, is
// want's text whole, and the comments inside it go. The result is
// checked to read as want does; an error says it would not, and nothing
// should be written then.
func SpliceJSONC(src, want []byte) ([]byte, error) {
	blank, _ := BlankComments(src)
	o, err := parseJSON(blank)
	if err != nil {
		return nil, err
	}
	w, err := parseJSON(want)
	if err != nil {
		return nil, err
	}
	s := &splicer{src: src, blank: blank, want: want}
	s.value(o, w)
	out, err := s.apply()
	if err != nil {
		return nil, err
	}
	if got, _ := BlankComments(out); !sameJSON(got, want) {
		return nil, errors.New("the comments could not be kept")
	}
	return out, nil
}

// A splicer collects the edits that turn src into want.
type splicer struct {
	src   []byte // as written, comments and all
	blank []byte // src with its comments blanked, which the nodes are of
	want  []byte
	edits []edit
}

// An edit replaces src[from:to] with text; from == to inserts.
type edit struct {
	from, to int
	text     string
}

func (s *splicer) value(o, w *node) {
	if compactOf(s.blank[o.off:o.end]) == compactOf(s.want[w.off:w.end]) {
		return
	}
	switch {
	case o.kind == kindObject && w.kind == kindObject && s.object(o, w):
	case o.kind == kindArray && w.kind == kindArray && s.array(o, w):
	default:
		s.edits = append(s.edits, edit{o.off, o.end, string(s.want[w.off:w.end])})
	}
}

// object splices o into w member by member, matched by name; false, with
// nothing done, when that cannot be (a name twice in o, the names both
// have in another order, a name added before one of o's).
func (s *splicer) object(o, w *node) bool {
	inWant := map[string]int{}
	for i, k := range w.keys {
		inWant[k.str] = i
	}
	seen := map[string]bool{}
	last := -1 // in w, the last member o has too
	var deleted []bool
	for _, k := range o.keys {
		if seen[k.str] {
			return false
		}
		seen[k.str] = true
		j, ok := inWant[k.str]
		deleted = append(deleted, !ok)
		if !ok {
			continue
		}
		if j < last {
			return false
		}
		last = j
	}
	var added []string
	indent := ""
	for j, k := range w.keys {
		if seen[k.str] {
			continue
		}
		if j < last {
			return false
		}
		added = append(added, string(s.want[k.off:w.vals[j].end]))
		indent = lineIndent(s.want, k.off)
	}
	for i, k := range o.keys {
		if !deleted[i] {
			s.value(o.vals[i], w.vals[inWant[k.str]])
		}
	}
	spans := make([][2]int, len(o.keys))
	for i := range o.keys {
		spans[i] = [2]int{o.keys[i].off, o.vals[i].end}
	}
	s.sequence(o, spans, deleted, added, indent)
	return true
}

// array splices o into w: the elements both have, in order, stay; those
// between are paired off in order and spliced, and what is left over is
// dropped from o or added from w. false, with nothing done, when w adds
// an element before one that stays.
func (s *splicer) array(o, w *node) bool {
	oc := make([]string, len(o.elems))
	for i, e := range o.elems {
		oc[i] = compactOf(s.blank[e.off:e.end])
	}
	wc := make([]string, len(w.elems))
	for j, e := range w.elems {
		wc[j] = compactOf(s.want[e.off:e.end])
	}
	pairs := align(oc, wc)
	pairs = append(pairs, [2]int{len(oc), len(wc)}) // the end, as an anchor
	deleted := make([]bool, len(oc))
	var matched [][2]int // elements spliced into their counterpart
	var added []string
	indent := ""
	i, j := 0, 0
	for n, p := range pairs {
		for ; i < p[0] && j < p[1]; i, j = i+1, j+1 {
			matched = append(matched, [2]int{i, j})
		}
		for ; i < p[0]; i++ {
			deleted[i] = true
		}
		if j < p[1] && n < len(pairs)-1 {
			return false // added before an element that stays
		}
		for ; j < p[1]; j++ {
			added = append(added, string(s.want[w.elems[j].off:w.elems[j].end]))
			indent = lineIndent(s.want, w.elems[j].off)
		}
		i, j = p[0]+1, p[1]+1
	}
	for _, m := range matched {
		s.value(o.elems[m[0]], w.elems[m[1]])
	}
	spans := make([][2]int, len(o.elems))
	for i, e := range o.elems {
		spans[i] = [2]int{e.off, e.end}
	}
	s.sequence(o, spans, deleted, added, indent)
	return true
}

// align returns the pairs of equal elements of a and b that stay: the
// longest common subsequence, or, where that would cost too much, the
// common start and end.
func align(a, b []string) [][2]int {
	if len(a)*len(b) > 1<<16 {
		var pre, post [][2]int
		for len(pre) < min(len(a), len(b)) && a[len(pre)] == b[len(pre)] {
			pre = append(pre, [2]int{len(pre), len(pre)})
		}
		for n := 1; n <= min(len(a), len(b))-len(pre) && a[len(a)-n] == b[len(b)-n]; n++ {
			post = append(post, [2]int{len(a) - n, len(b) - n})
		}
		slices.Reverse(post)
		return append(pre, post...)
	}
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:]
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			out = append(out, [2]int{i, j})
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return out
}

// sequence edits the items of the list or object c, at spans in src:
// drops those deleted, each with one comma, and adds the items added
// (want's text, indented by indent when nothing in src tells better)
// after the last that stays.
func (s *splicer) sequence(c *node, spans [][2]int, deleted []bool, added []string, indent string) {
	kept := -1 // the last item that stays
	for d := range spans {
		if !deleted[d] {
			kept = d
		}
	}
	for d, span := range spans {
		if !deleted[d] {
			continue
		}
		// The comma after the item goes, when one that stays is after
		// it; else the one before it, if any: each comma goes once.
		comma := -1
		switch {
		case d < kept:
			comma = s.comma(span[1], spans[d+1][0])
		case d > 0:
			comma = s.comma(spans[d-1][1], span[0])
		}
		from, to := span[0], span[1]
		ls, le := lineStart(s.src, from), bytes.IndexByte(s.src[to:], '\n')
		if le >= 0 && s.onlySpace(ls, from, comma) && s.onlySpace(to, to+le, comma) {
			from, to = ls, to+le+1 // the lines it was alone on
			if comma >= from && comma < to {
				comma = -1
			}
		}
		s.edits = append(s.edits, edit{from, to, ""})
		if comma >= 0 {
			s.edits = append(s.edits, edit{comma, comma + 1, ""})
		}
	}
	if len(added) == 0 {
		return
	}
	closing := c.end - 1
	closingLine := lineStart(s.src, closing)
	ownLine := s.onlySpace(closingLine, closing, -1)
	if kept >= 0 {
		if start := spans[kept][0]; s.onlySpace(lineStart(s.src, start), start, -1) {
			indent = string(s.src[lineStart(s.src, start):start]) // as its siblings are
		}
		s.edits = append(s.edits, edit{spans[kept][1], spans[kept][1], ","})
		if !ownLine {
			s.edits = append(s.edits, edit{spans[kept][1], spans[kept][1], " " + strings.Join(added, ", ")})
			return
		}
	}
	text := indent + strings.Join(added, ",\n"+indent) + "\n"
	if ownLine {
		// after anything between the last item and the closing bracket,
		// comments included
		s.edits = append(s.edits, edit{closingLine, closingLine, text})
		return
	}
	s.edits = append(s.edits, edit{closing, closing, "\n" + text + lineIndent(s.src, c.off)})
}

// comma returns the offset of the comma between two items, in the
// blanked source from from to to, or -1.
func (s *splicer) comma(from, to int) int {
	if i := bytes.IndexByte(s.blank[from:to], ','); i >= 0 {
		return from + i
	}
	return -1
}

// onlySpace reports whether src[from:to] is white space, but for the byte
// at except: a comment is not.
func (s *splicer) onlySpace(from, to, except int) bool {
	for i := from; i < to; i++ {
		if i != except && !isSpace(s.src[i]) {
			return false
		}
	}
	return true
}

// apply makes the edits, which must not overlap.
func (s *splicer) apply() ([]byte, error) {
	slices.SortStableFunc(s.edits, func(a, b edit) int {
		if a.from != b.from {
			return a.from - b.from
		}
		return a.to - b.to // an insertion before a deletion from the same place
	})
	var out bytes.Buffer
	pos := 0
	for _, e := range s.edits {
		if e.from < pos {
			return nil, errors.New("the comments could not be kept: two edits overlap")
		}
		out.Write(s.src[pos:e.from])
		out.WriteString(e.text)
		pos = e.to
	}
	out.Write(s.src[pos:])
	return out.Bytes(), nil
}

// lineStart returns the offset of the start of the line off is on.
func lineStart(data []byte, off int) int {
	return bytes.LastIndexByte(data[:off], '\n') + 1
}

// lineIndent returns the white space that begins the line off is on.
func lineIndent(data []byte, off int) string {
	start := lineStart(data, off)
	end := start
	for end < len(data) && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

func compactOf(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// sameJSON reports whether a and b hold the same value, the last of a
// name given twice counting, as JSON.parse takes it.
func sameJSON(a, b []byte) bool {
	var va, vb any
	return decodeNumbers(a, &va) == nil && decodeNumbers(b, &vb) == nil && reflect.DeepEqual(va, vb)
}

func decodeNumbers(data []byte, v *any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}
