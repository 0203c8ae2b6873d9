package classify

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Brace expansion multiplies: one word of {a,b} thirty times is a billion
// words, and mvdan.cc/sh expands up to 16Ki of them per word before it
// gives up, so a page of such words took tens of seconds (design §7). The
// size of an expansion is counted from the parsed braces before anything
// is expanded; a word over maxBraceFields, or one that would take the
// input past maxBraceTotal, is not expanded and counts as dynamic (design
// §2.3: its worst value).
const (
	maxBraceFields = 256
	maxBraceTotal  = 4096
)

// braceFields returns how many words brace expansion makes of word, at
// most limit+1 (the count saturates). A word with no braces makes one.
func braceFields(word *syntax.Word, limit int) int {
	if !mayHaveBraces(word) {
		return 1
	}
	cp := *word // SplitBraces replaces the Parts slice
	if !syntax.SplitBraces(&cp) {
		return 1
	}
	return braceCount(cp.Parts, limit)
}

// mayHaveBraces skips the parse for the words with no '{' in a literal.
func mayHaveBraces(word *syntax.Word) bool {
	for _, p := range word.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.IndexByte(lit.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// braceCount is the product over the parts of each brace's alternatives,
// an alternative counting its own nested braces.
func braceCount(parts []syntax.WordPart, limit int) int {
	n := 1
	for _, p := range parts {
		br, ok := p.(*syntax.BraceExp)
		if !ok {
			continue
		}
		k := 0
		if br.Sequence {
			k = seqLen(br)
		} else {
			for _, e := range br.Elems {
				k = satAdd(k, braceCount(e.Parts, limit), limit)
			}
		}
		n = satMul(n, k, limit)
	}
	return n
}

// seqLen is the length of {from..to[..step]}, counted as
// mvdan.cc/sh/v3/expand produces it: numbers when both ends are numbers,
// else the ends' first bytes.
func seqLen(br *syntax.BraceExp) int {
	fromLit, toLit := br.Elems[0].Lit(), br.Elems[1].Lit()
	from, err1 := strconv.ParseInt(fromLit, 10, 64)
	to, err2 := strconv.ParseInt(toLit, 10, 64)
	if err1 != nil || err2 != nil {
		if fromLit == "" || toLit == "" {
			return 1
		}
		from, to = int64(fromLit[0]), int64(toLit[0])
	}
	step := uint64(1)
	if len(br.Elems) > 2 {
		if s, err := strconv.ParseInt(br.Elems[2].Lit(), 10, 64); err == nil && s != 0 {
			step = uint64(max(s, -s))
		}
	}
	// the distance as unsigned, so that the ends' extremes cannot overflow
	var d uint64
	if to >= from {
		d = uint64(to) - uint64(from)
	} else {
		d = uint64(from) - uint64(to)
	}
	if d/step >= 1<<30 {
		return 1 << 30
	}
	return int(d/step) + 1
}

func satAdd(a, b, limit int) int {
	if a+b > limit {
		return limit + 1
	}
	return a + b
}

func satMul(a, b, limit int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if a > (limit+1)/b {
		return limit + 1
	}
	return min(a*b, limit+1)
}
