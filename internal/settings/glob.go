package settings

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxPatternBytes bounds one pattern; a command line is rarely longer.
const maxPatternBytes = 1024

// Glob is a compiled settings pattern. The grammar is small on purpose:
//
//   - any run of characters, spaces and slashes included, or none
//     ?   exactly one character
//     \x  the character x itself (\*, \?, \\)
//
// Anything else matches itself, case-sensitively. A pattern that ends in
// " *" also matches the command without arguments: "git push *" matches
// "git push" as well as "git push origin main".
//
// A deny rule ([CompileDeny]) also matches a command that starts with
// what it matches, followed by more words: "git push" blocks "git push
// origin main". One that ends in "$" matches as written.
type Glob struct {
	text string
	// toks alternate between literal text and wildcards; see CompileGlob.
	toks []globTok
	// words is toks followed by " *", for a deny rule that also matches
	// the command with more arguments; nil for a pattern matched as
	// written.
	words []globTok
}

type globTok struct {
	lit  string // literal text, when star and one are both false
	star bool
	one  bool
}

// String returns the pattern as written.
func (g Glob) String() string { return g.text }

// CompileDeny checks and compiles a deny rule. A deny rule is a safety
// net, read as a person reads "deny git push": the command, with any
// arguments after it. So it matches a command whose leading words it
// matches: "git push" matches "git push" and "git push origin main", not
// "git pushx" or "echo git push". A pattern that ends in "$" is exact:
// "git push$" matches "git push" and nothing longer. "\$" at the end is
// a dollar sign.
func CompileDeny(pattern string) (Glob, error) {
	body, exact := cutExact(pattern)
	if exact {
		switch {
		case body == "":
			return Glob{}, errors.New(`is only "$", which marks a pattern as exact; write the command before it`)
		case strings.TrimRight(body, " ") != body:
			return Glob{}, fmt.Errorf("has a space before the final \"$\"; write %q", strings.TrimRight(body, " ")+"$")
		}
	}
	g, err := CompileGlob(body)
	if err != nil {
		return Glob{}, err
	}
	g.text = pattern
	if exact || (len(g.toks) > 0 && g.toks[len(g.toks)-1].star) {
		return g, nil // exact, or already followed by anything
	}
	g.words = append([]globTok(nil), g.toks...)
	if n := len(g.words); n > 0 && !g.words[n-1].one {
		g.words[n-1].lit += " "
	} else {
		g.words = append(g.words, globTok{lit: " "})
	}
	g.words = append(g.words, globTok{star: true})
	return g, nil
}

// cutExact returns pattern without the "$" that ends it, and whether
// there was one: a "$" not escaped by a backslash.
func cutExact(pattern string) (string, bool) {
	body, ok := strings.CutSuffix(pattern, "$")
	if !ok {
		return pattern, false
	}
	if n := len(body) - len(strings.TrimRight(body, `\`)); n%2 == 1 {
		return pattern, false // "\$": a dollar sign
	}
	return body, true
}

// AgentSyntax reports whether pattern is written in an agent's own
// permission syntax, a tool's name and its argument in parentheses
// (Claude Code's "Bash(npm run test:*)", "Read(~/.ssh/**)"; Gemini CLI's
// "run_shell_command(git push)"), which permguard does not read: as a
// pattern of its own it would match no command. A shell cannot run a
// command named so (an unquoted "(" is a syntax error there), so nothing
// a person means as a command looks like this.
func AgentSyntax(pattern string) (tool, arg string, ok bool) {
	open := strings.IndexByte(pattern, '(')
	if open <= 0 || !strings.HasSuffix(pattern, ")") {
		return "", "", false
	}
	tool = pattern[:open]
	for i, r := range tool {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return "", "", false
		}
	}
	return tool, pattern[open+1 : len(pattern)-1], true
}

// EndsExact reports whether pattern ends in the "$" that makes a deny
// rule exact.
func EndsExact(pattern string) bool {
	_, exact := cutExact(pattern)
	return exact
}

// CompileGlob checks and compiles a pattern.
func CompileGlob(pattern string) (Glob, error) {
	if err := checkPattern(pattern); err != nil {
		return Glob{}, err
	}
	g := Glob{text: pattern}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			g.toks = append(g.toks, globTok{lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; c {
		case '\\':
			i++
			lit.WriteByte(pattern[i]) // checkPattern: never the last byte
		case '*':
			flush()
			if n := len(g.toks); n == 0 || !g.toks[n-1].star {
				g.toks = append(g.toks, globTok{star: true})
			}
		case '?':
			flush()
			g.toks = append(g.toks, globTok{one: true})
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return g, nil
}

// checkPattern says why a pattern can never be what its author meant.
func checkPattern(p string) error {
	switch {
	case p == "":
		return errors.New("is empty")
	case len(p) > maxPatternBytes:
		return errors.New("is over 1024 bytes")
	case !utf8.ValidString(p):
		return errors.New("is not valid UTF-8")
	case strings.TrimSpace(p) != p:
		return errors.New("starts or ends with white space, so it never matches a command")
	case strings.Contains(p, "  "):
		return errors.New("holds two spaces in a row; commands are matched with their words joined by one space")
	}
	for _, r := range p {
		if unicode.IsControl(r) {
			return errors.New("holds a control character (a tab or a newline, say), so it never matches a command")
		}
	}
	if n := len(p) - len(strings.TrimRight(p, `\`)); n%2 == 1 {
		return errors.New(`ends in a lone backslash; write \\ for a backslash`)
	}
	return nil
}

// Match reports whether the whole of s matches g, or, for a deny rule
// that is not exact, s with the words after what g matches left out.
func (g Glob) Match(s string) bool {
	if matchFull(g.toks, s) || (g.words != nil && matchFull(g.words, s)) {
		return true
	}
	// "git push *" also matches "git push".
	if n := len(g.toks); n >= 2 && g.toks[n-1].star && !g.toks[n-2].star && !g.toks[n-2].one &&
		strings.HasSuffix(g.toks[n-2].lit, " ") {
		toks := append(g.toks[:n-2:n-2], globTok{lit: strings.TrimSuffix(g.toks[n-2].lit, " ")})
		return matchFull(toks, s)
	}
	return false
}

// Words reports whether g also matches a command with more words after
// what it matches: a deny rule that is not exact.
func (g Glob) Words() bool { return g.words != nil }

// matchFull matches the whole of s, first checking the literal text the
// pattern starts and ends with, which rejects most commands at once.
func matchFull(toks []globTok, s string) bool {
	if len(toks) > 0 {
		if first := toks[0]; !first.star && !first.one && !strings.HasPrefix(s, first.lit) {
			return false
		}
		if last := toks[len(toks)-1]; !last.star && !last.one && !strings.HasSuffix(s, last.lit) {
			return false
		}
	}
	return match(toks, s)
}

// match is the usual wildcard matcher: on a mismatch after a star, the
// star takes one more character and matching resumes there. A star
// followed by literal text jumps to where that text next occurs, and gives
// up when it occurs nowhere, so a hostile pattern costs little more than a
// few scans of the command.
func match(toks []globTok, s string) bool {
	ti, si := 0, 0
	starTi, starSi := -1, 0
	for {
		if ti < len(toks) {
			t := toks[ti]
			switch {
			case t.star:
				starTi, starSi = ti, si
				ti++
				if ti < len(toks) && !toks[ti].star && !toks[ti].one {
					i := strings.Index(s[si:], toks[ti].lit)
					if i < 0 {
						return false
					}
					si += i
					starSi = si
				}
				continue
			case t.one:
				if si < len(s) {
					_, size := utf8.DecodeRuneInString(s[si:])
					si += size
					ti++
					continue
				}
			default:
				if strings.HasPrefix(s[si:], t.lit) {
					si += len(t.lit)
					ti++
					continue
				}
			}
		} else if si == len(s) {
			return true
		}
		if starTi < 0 || starSi >= len(s) {
			return false
		}
		_, size := utf8.DecodeRuneInString(s[starSi:])
		ti, si = starTi, starSi+size
	}
}

// HasWildcard reports whether g matches more than one string.
func (g Glob) HasWildcard() bool {
	for _, t := range g.toks {
		if t.star || t.one {
			return true
		}
	}
	return false
}

// EscapeGlob returns the pattern that matches s and nothing else.
func EscapeGlob(s string) string {
	if !strings.ContainsAny(s, `*?\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '*' || c == '?' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Exact reports whether g has no wildcard, so it matches one command line
// and nothing longer: "npm run dev" does not match "npm run dev -- --port
// 3000"; "npm run dev *" does. Patterns are never widened silently ("git
// push" must not cover "git push --force"); see WidenedPattern.
func (g Glob) Exact() bool {
	for _, t := range g.toks {
		if t.star || t.one {
			return false
		}
	}
	return true
}

// WidenedPattern returns the pattern that allows argv with any further
// arguments: its words up to the first option, escaped, then " *"
// ("npm run dev -- --port 3000" gives "npm run dev *"). At most four words
// are kept, so the program and its subcommand stay named.
func WidenedPattern(argv []string) string {
	var stem []string
	for _, w := range argv {
		if strings.HasPrefix(w, "-") || len(stem) == 4 || w == "" {
			break
		}
		stem = append(stem, EscapeGlob(w))
	}
	if len(stem) == 0 {
		return ""
	}
	return strings.Join(stem, " ") + " *"
}
