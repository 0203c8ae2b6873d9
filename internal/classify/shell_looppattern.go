package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// loopPattern is the glob a quoted word stands for when the glob characters
// in its value all come from the variable of a loop over a glob (issue 29):
// in `for f in *.jpg; do mv "$f" "${f%.jpg}.jpeg"; done`, "$f" is a name
// *.jpg matches and "${f%.jpg}.jpeg" one *.jpeg matches, so each is judged
// as that glob written in its place, as `mv *.jpg x/` is. Only quoted words
// (unquoted, bash would split a name with spaces, and a name may be a lone
// ".."), only the plain value and the removal of a literal prefix or suffix
// the pattern itself begins or ends with (every name the pattern matches
// then loses exactly that text), and only literal text without glob
// characters beside it: anything else stays a word only known at run time.
func (w *walker) loopPattern(word *syntax.Word) (string, bool) {
	if w.inputIFS || len(w.globAlts) == 0 {
		return "", false
	}
	var b strings.Builder
	pattern := false
	var parts func([]syntax.WordPart, bool) bool
	parts = func(ps []syntax.WordPart, quoted bool) bool {
		for _, p := range ps {
			switch x := p.(type) {
			case *syntax.Lit:
				if strings.ContainsAny(x.Value, "*?[]\\\x00") {
					return false
				}
				b.WriteString(x.Value)
			case *syntax.SglQuoted:
				if x.Dollar || strings.ContainsAny(x.Value, "*?[]\\\x00") {
					return false
				}
				b.WriteString(x.Value)
			case *syntax.DblQuoted:
				if quoted || !parts(x.Parts, true) {
					return false
				}
			case *syntax.ParamExp:
				if !quoted {
					return false
				}
				v, ok := w.loopGlobValue(x)
				if !ok {
					return false
				}
				pattern = true
				b.WriteString(v)
			default:
				return false
			}
		}
		return true
	}
	if !parts(word.Parts, false) || !pattern || !hasGlobChar(b.String()) {
		return "", false
	}
	return b.String(), true
}

// loopGlobValue is the glob one parameter expansion of a loop's glob
// variable stands for: the pattern, or the pattern without a literal
// prefix or suffix it begins or ends with.
func (w *walker) loopGlobValue(x *syntax.ParamExp) (string, bool) {
	if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 {
		return "", false
	}
	name := x.Param.Value
	v, ok := w.vars[name]
	if !ok || !w.globAlts[name][v] || strings.ContainsAny(v, "\\\x00") {
		return "", false
	}
	if x.Exp == nil {
		return v, true
	}
	lit := ""
	if x.Exp.Word != nil {
		l, ok := literalWord(x.Exp.Word)
		if !ok || l == "" || strings.ContainsAny(l, "*?[]\\\x00") {
			return "", false
		}
		lit = l
	}
	switch x.Exp.Op {
	case syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		if rest, ok := strings.CutSuffix(v, lit); ok && rest != "" && !strings.HasSuffix(rest, "[") {
			return rest, true
		}
	case syntax.RemSmallPrefix, syntax.RemLargePrefix:
		if rest, ok := strings.CutPrefix(v, lit); ok && rest != "" {
			return rest, true
		}
	}
	return "", false
}

// literalWord is a word's text when it is literal text only.
func literalWord(word *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range word.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			b.WriteString(x.Value)
		default:
			return "", false
		}
	}
	return b.String(), true
}
