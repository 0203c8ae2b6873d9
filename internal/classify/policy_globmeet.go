package classify

import "strings"

// Whether two glob patterns for one path element could match a common
// name: a glob that could match a secret or a protected place counts as
// matching it (design §2.6), and the tables are patterns too.

// globTok is one element of a glob: a character, ? , * or a bracket
// expression.
type globTok struct {
	kind  byte // 'c', '?', '*', '['
	c     byte
	class string // the bracket's contents, without a leading ! or ^
	neg   bool
}

func globToks(s string) []globTok {
	var out []globTok
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '*':
			if len(out) == 0 || out[len(out)-1].kind != '*' {
				out = append(out, globTok{kind: '*'})
			}
		case '?':
			out = append(out, globTok{kind: '?'})
		case '[':
			j := i + 1
			neg := j < len(s) && (s[j] == '!' || s[j] == '^')
			if neg {
				j++
			}
			end := bracketEnd(s, j)
			if end < 0 {
				out = append(out, globTok{kind: 'c', c: ch})
				continue
			}
			out = append(out, globTok{kind: '[', class: s[j:end], neg: neg})
			i = end
		case '\\':
			if i+1 < len(s) {
				i++
			}
			out = append(out, globTok{kind: 'c', c: s[i]})
		default:
			out = append(out, globTok{kind: 'c', c: ch})
		}
	}
	return out
}

// bracketEnd returns the index of the ] that closes the bracket
// expression whose contents start at j, or -1. A ] first is part of the
// contents, and so is one inside [:alpha:], [=a=] or [.a.], as in bash.
func bracketEnd(s string, j int) int {
	for k := j; k < len(s); k++ {
		switch {
		case s[k] == ']' && k > j:
			return k
		case s[k] == '[' && k+1 < len(s) && strings.IndexByte(":=.", s[k+1]) >= 0:
			if e := strings.Index(s[k+2:], string(s[k+1])+"]"); e >= 0 {
				k += 2 + e + 1
			}
		}
	}
	return -1
}

// posixClass reports whether the character class name ("alpha") holds
// ch; a name it does not know holds every character, which errs toward
// a match.
func posixClass(name string, ch byte) bool {
	lower, upper, digit := 'a' <= ch && ch <= 'z', 'A' <= ch && ch <= 'Z', '0' <= ch && ch <= '9'
	switch name {
	case "alpha":
		return lower || upper
	case "alnum":
		return lower || upper || digit
	case "lower":
		return lower
	case "upper":
		return upper
	case "digit":
		return digit
	case "xdigit":
		return digit || 'a' <= ch && ch <= 'f' || 'A' <= ch && ch <= 'F'
	case "space":
		return ch == ' ' || '\t' <= ch && ch <= '\r'
	case "blank":
		return ch == ' ' || ch == '\t'
	case "punct":
		return ch > ' ' && ch < 0x7f && !lower && !upper && !digit
	case "word":
		return lower || upper || digit || ch == '_'
	case "cntrl":
		return ch < ' ' || ch == 0x7f
	}
	return true // print, graph, and names bash may add
}

// inClass reports whether a bracket expression matches ch.
func (t globTok) inClass(ch byte) bool {
	in := false
	for i := 0; i < len(t.class); i++ {
		if t.class[i] == '[' && i+1 < len(t.class) && strings.IndexByte(":=.", t.class[i+1]) >= 0 {
			kind := t.class[i+1]
			if e := strings.Index(t.class[i+2:], string(kind)+"]"); e >= 0 {
				name := t.class[i+2 : i+2+e]
				// [=a=] and [.a.] name one character; [:alpha:] a class
				if kind == ':' && posixClass(name, ch) || kind != ':' && (len(name) != 1 || name[0] == ch) {
					in = true
				}
				i += 2 + e + 1
				continue
			}
		}
		if i+2 < len(t.class) && t.class[i+1] == '-' {
			if t.class[i] <= ch && ch <= t.class[i+2] {
				in = true
			}
			i += 2
		} else if t.class[i] == ch {
			in = true
		}
	}
	return in != t.neg
}

// oneMeets reports whether two single-character tokens can match the
// same character. Two bracket expressions are assumed to: an overlap
// errs toward a match.
func oneMeets(a, b globTok) bool {
	switch {
	case a.kind == '?' || b.kind == '?':
		return true
	case a.kind == 'c' && b.kind == 'c':
		return a.c == b.c
	case a.kind == 'c':
		return b.inClass(a.c)
	case b.kind == 'c':
		return a.inClass(b.c)
	}
	return true
}

// maxGlobElem bounds the work of comparing two path elements; longer ones
// are assumed to meet.
const maxGlobElem = 256

// globsMeet reports whether two glob patterns for one path element could
// match a common name. A wildcard at the start does not match a leading
// dot, as in bash, unless dotglob may be on.
func globsMeet(a, b string, dotglob bool) bool {
	if a == b {
		return true
	}
	if !hasGlobChar(a) && !hasGlobChar(b) && !strings.ContainsRune(a, '\\') && !strings.ContainsRune(b, '\\') {
		return false
	}
	if len(a) > maxGlobElem || len(b) > maxGlobElem {
		return true
	}
	// a lone * meets any name but, without dotglob, one that starts with
	// a dot: the common case, decided without building tokens (a path
	// of two thousand *s compares each with every table's pattern)
	if a == "*" || b == "*" {
		other := b
		if b == "*" {
			other = a
		}
		return dotglob || !strings.HasPrefix(other, ".") && !strings.HasPrefix(other, `\.`)
	}
	return tokensMeet(a, b, dotglob)
}

// tokensMeet is globsMeet for two elements of at most maxGlobElem bytes,
// token by token.
func tokensMeet(a, b string, dotglob bool) bool {
	ta, tb := globToks(a), globToks(b)
	if !dotglob && len(ta) > 0 && len(tb) > 0 {
		dotA, dotB := ta[0].kind == 'c' && ta[0].c == '.', tb[0].kind == 'c' && tb[0].c == '.'
		if dotA && tb[0].kind != 'c' || dotB && ta[0].kind != 'c' {
			return false
		}
	}
	n, m := len(ta), len(tb)
	memo := make([]int8, (n+1)*(m+1)) // 0 unknown, 1 yes, 2 no
	var meet func(i, j int) bool
	meet = func(i, j int) bool {
		k := i*(m+1) + j
		if memo[k] != 0 {
			return memo[k] == 1
		}
		var ok bool
		switch {
		case i == n && j == m:
			ok = true
		case i < n && ta[i].kind == '*':
			ok = meet(i+1, j) || j < m && meet(i, j+1)
		case j < m && tb[j].kind == '*':
			ok = meet(i, j+1) || i < n && meet(i+1, j)
		case i < n && j < m:
			ok = oneMeets(ta[i], tb[j]) && meet(i+1, j+1)
		}
		memo[k] = 2
		if ok {
			memo[k] = 1
		}
		return ok
	}
	return meet(0, 0)
}

// GlobMatches reports whether pattern, a bash glob for one path element,
// matches the file name, for a caller that expands a glob the input names
// (design §2.6, Links). A wildcard matches a leading dot too: the input
// may turn dotglob on, and matching more only judges more.
func GlobMatches(pattern, name string) bool {
	if strings.ContainsAny(name, `*?[\`) {
		var b strings.Builder
		for i := 0; i < len(name); i++ {
			if strings.IndexByte(`*?[\`, name[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(name[i])
		}
		name = b.String()
	}
	return globsMeet(pattern, name, true)
}
