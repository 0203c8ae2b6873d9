package classify

import (
	"fmt"
	"math/bits"
	"unicode/utf8"
)

// Bounds of the walk past the parse, each checked before the work it bounds.
const (
	maxReparse = 8 // bash -c inside bash -c inside eval ...
	// maxWork bounds the text parsed for one input, re-parsed scripts
	// included (parallel ::: with thousands of inputs, eval of a long line)
	maxWork = 4 * MaxInputBytes
	// maxCandidates bounds the inputs judged one by one (parallel :::)
	maxCandidates = 32
	// maxCommands bounds the commands judged for one input, those inside
	// functions, re-parsed scripts and find -exec included. Each costs a
	// few hundred bytes of verdict, and 64 KiB of "ls;" is 21,000 of them:
	// the whole process then took twice the 100 ms of design §7. A script
	// an agent writes by hand has a few hundred.
	maxCommands = 4096
)

// limitRule explains why an input was not parsed at all.
var limitRule = rule{id: "input-limit", level: High, effect: EffectRun, why: "part of the input is not judged, so no level but bypassed allows it"}

// pastLimit records that the input went past the limit l: a floor of
// rule ru, with what the input went past as its detail, which no setting
// replaces, and the verdict's Limit when it is the first.
func (w *walker) pastLimit(l Limit, ru rule, detail string, p Pos, snip string) {
	w.raise(ru, detail, p, snip)
	w.v.Reasons[len(w.v.Reasons)-1].Limit = l
	w.v.Floors[len(w.v.Floors)-1].Limit = l
	if w.v.Limit == LimitNone {
		w.v.Limit = l
	}
}

// checkLimits returns the limit src goes past, and a message that says
// how, when src must not be parsed. It scans bytes without regard to
// quoting: over-counting brackets inside quotes only errs toward a block.
func checkLimits(src string) (Limit, string) {
	if len(src) > MaxInputBytes {
		return LimitSize, fmt.Sprintf("input is %d bytes, over the limit of %d", len(src), MaxInputBytes)
	}
	depth, maxDepth, ops := 0, 0, 0
	for i := 0; i < len(src); i++ {
		switch ch := src[i]; ch {
		case 0:
			return LimitBytes, "input holds a NUL byte, which bash and the parser read differently"
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			if depth > 0 {
				depth--
			}
		case '`':
			// nested backquotes need 2^n-1 backslashes at level n+1
			k := 0
			for j := i - 1; j >= 0 && src[j] == '\\'; j-- {
				k++
			}
			if n := bits.Len(uint(k)) + 1; n > maxDepth {
				maxDepth = n
			}
		case '|':
			ops++
			if i+1 < len(src) && (src[i+1] == '|' || src[i+1] == '&') {
				i++
			}
		case '&':
			if i+1 < len(src) && src[i+1] == '&' {
				ops++
				i++
			}
		}
		if depth > maxDepth {
			maxDepth = depth
		}
		if maxDepth > MaxNesting {
			return LimitNesting, fmt.Sprintf("input nests brackets or substitutions more than %d deep", MaxNesting)
		}
		if ops > MaxOperators {
			return LimitOperators, fmt.Sprintf("input chains more than %d commands", MaxOperators)
		}
	}
	if d := keywordDepth(src); d > MaxNesting {
		return LimitNesting, fmt.Sprintf("input nests if/while/for/case more than %d deep", MaxNesting)
	}
	if !utf8.ValidString(src) {
		return LimitBytes, "input is not valid UTF-8"
	}
	return LimitNone, ""
}

// keywordDepth estimates how deeply compound commands nest, counting the
// words that open (if, while, until, for, select, case) and close (fi, done,
// esac) them. Words inside quotes count too; that only errs toward high.
func keywordDepth(src string) int {
	depth, maxDepth := 0, 0
	start := -1
	for i := 0; i <= len(src); i++ {
		isWord := i < len(src) && (src[i] >= 'a' && src[i] <= 'z')
		if isWord {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			switch src[start:i] {
			case "if", "while", "until", "for", "select", "case":
				depth++
				if depth > maxDepth {
					maxDepth = depth
				}
			case "fi", "done", "esac":
				if depth > 0 {
					depth--
				}
			}
			start = -1
		}
	}
	return maxDepth
}
