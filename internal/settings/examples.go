package settings

import "strings"

// maxExamples bounds each list RuleExamples returns.
const maxExamples = 3

// RuleExamples returns a few commands g matches and a few it does not,
// for a person saving a rule (permguard allow, permguard deny) to read
// what it will do. Each example is tried on g itself, so the lists can
// only say what the rule does: the command it names, with one more
// argument, glued to another word, without its last word, and after
// another command's name.
func RuleExamples(g Glob) (matches, misses []string) {
	base := exampleBase(g)
	var tries []string
	if base == "" {
		tries = []string{"ls", "git push origin main"}
	} else {
		tries = []string{base, base + " x", base + "x"}
		if i := strings.LastIndexByte(base, ' '); i > 0 {
			tries = append(tries, base[:i])
		}
		tries = append(tries, "echo "+base)
	}
	seen := map[string]bool{}
	for _, s := range tries {
		if seen[s] {
			continue
		}
		seen[s] = true
		switch {
		case g.Match(s) && len(matches) < maxExamples:
			matches = append(matches, s)
		case !g.Match(s) && len(misses) < maxExamples:
			misses = append(misses, s)
		}
	}
	return matches, misses
}

// exampleBase is the command g names: its literal text, "?" as "x",
// "*" as nothing, in single spaces.
func exampleBase(g Glob) string {
	var b strings.Builder
	for _, t := range g.toks {
		switch {
		case t.one:
			b.WriteByte('x')
		case !t.star:
			b.WriteString(t.lit)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
