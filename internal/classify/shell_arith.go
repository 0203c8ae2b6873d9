package classify

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash evaluates arithmetic recursively: a variable's value is itself
// read as an expression, and an array subscript met on the way is
// expanded as a word, so x='a[$(cmd)]'; echo $((x)) runs cmd. Arithmetic
// over a value only known at run time can therefore run anything; over a
// known value, the substitutions in it are judged.

var ruleArithUnknown = rule{id: "arith-unknown", level: High, why: "evaluates a value only known at run time as arithmetic, which can run commands (a[$(...)])", effect: EffectRun}

// specialArith are variables whose values are numbers bash sets itself.
var specialArith = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"RANDOM": true, "SRANDOM": true, "LINENO": true, "SECONDS": true, "EPOCHSECONDS": true, "BASHPID": true,
		"PPID": true, "UID": true, "EUID": true, "OPTIND": true, "#": true, "?": true, "$": true, "!": true,
		"HISTCMD": true,
	}
}}

// arith judges the arithmetic expression x. Names it assigns itself
// (i=0, i++) hold numbers from then on.
func (w *walker) arith(x syntax.ArithmExpr) {
	if x == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		var target syntax.ArithmExpr
		switch y := n.(type) {
		case *syntax.BinaryArithm:
			if y.Op >= syntax.Assgn && y.Op <= syntax.ShrAssgn {
				target = y.X
			}
		case *syntax.UnaryArithm:
			if y.Op == syntax.Inc || y.Op == syntax.Dec {
				target = y.X
			}
		}
		if wd, ok := target.(*syntax.Word); ok && isArithName(wd.Lit()) && !strings.Contains(wd.Lit(), "[") {
			// arithmetic assigns a number: any number will do for what
			// arithmetic reads later, but the value is not known
			w.guessVar(wd.Lit(), "0")
		}
		return true
	})
	syntax.Walk(x, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.Word:
			w.arithWord(y)
			return false
		}
		return true
	})
}

// arithWord judges one operand of an arithmetic expression: a number, a
// variable name, or an expansion whose value is then evaluated.
func (w *walker) arithWord(word *syntax.Word) {
	if len(word.Parts) == 1 {
		if pe, ok := word.Parts[0].(*syntax.ParamExp); ok && pe.Param != nil && pe.Exp == nil && pe.Index == nil &&
			pe.Slice == nil && pe.Repl == nil && !pe.Excl && !pe.Length {
			w.arithVar(pe.Param.Value, w.pos(word.Pos()), w.text(word))
			return
		}
	}
	if lit := word.Lit(); lit != "" {
		if isArithName(lit) {
			w.arithVar(lit, w.pos(word.Pos()), w.text(word))
		}
		return
	}
	// quoted text and expansions: substitutions run now (classify them),
	// and the value is evaluated again as arithmetic
	vals := w.resolve(word)
	for _, v := range vals {
		switch {
		case v.dyn && v.cand != "":
			w.arithValue(v.cand, w.pos(word.Pos()), w.text(word))
		case v.dyn:
			w.raise(ruleArithUnknown, "", w.pos(word.Pos()), w.text(word))
		default:
			w.arithValue(v.val, w.pos(word.Pos()), w.text(word))
		}
	}
}

// isArithName reports an identifier, possibly with a subscript (a[i]).
func isArithName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return c == '['
		}
	}
	return true
}

// arithVar judges a variable read by arithmetic.
func (w *walker) arithVar(name string, p Pos, snip string) {
	base, sub, hasSub := strings.Cut(name, "[")
	if hasSub {
		w.arithValue(strings.TrimSuffix(sub, "]"), p, snip)
	}
	if specialArith.get()[base] {
		return
	}
	if v, ok := w.vars[base]; ok {
		w.arithValue(v, p, snip)
		return
	}
	w.raise(ruleArithUnknown, "", p, snip)
}

// arithValue judges text that bash will evaluate as arithmetic: numbers
// and operators are harmless; names are looked up in turn; a subscript
// with a substitution runs it.
func (w *walker) arithValue(v string, p Pos, snip string) {
	if strings.ContainsAny(v, "$`") {
		// the substitutions expand as in double quotes
		w.script(": \""+strings.ReplaceAll(v, `"`, `\"`)+"\"", &p)
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		if isArithName(f) && !specialArith.get()[f] {
			val, ok := w.vars[f]
			switch {
			case ok && w.depth >= maxReparse:
				// a value that names a value ... that deep is not
				// followed, and its last one may run a command
				w.pastLimit(LimitScripts, limitRule, fmt.Sprintf("arithmetic names variables more than %d deep", maxReparse), p, snip)
				return
			case ok:
				if val != v {
					w.depth++
					w.arithValue(val, p, snip)
					w.depth--
				}
			case f != v:
				w.raise(ruleArithUnknown, "", p, snip)
				return
			}
		}
	}
}

// testClause judges [[ ]]: the operands of -eq, -lt and their kin are
// evaluated as arithmetic, and -v NAME[SUB] evaluates the subscript.
func (w *walker) testClause(tc *syntax.TestClause) {
	w.nested(tc)
	syntax.Walk(tc.X, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.BinaryTest:
			if y.Op >= syntax.TsEql && y.Op <= syntax.TsGtr {
				for _, side := range []syntax.TestExpr{y.X, y.Y} {
					if wd, ok := side.(*syntax.Word); ok {
						w.arithWord(wd)
					}
				}
			}
		case *syntax.UnaryTest:
			if y.Op == syntax.TsVarSet {
				if wd, ok := y.X.(*syntax.Word); ok {
					w.varNameWord(wd)
				}
			}
		}
		return true
	})
}

// varNameWord judges a word used as a variable name by a builtin (read,
// printf -v, unset, test -v, declare): a subscript in it is evaluated.
func (w *walker) varNameWord(word *syntax.Word) {
	for _, v := range w.resolve(word) {
		name := v.val
		if v.dyn {
			if v.cand == "" {
				continue
			}
			name = v.cand
		}
		if strings.Contains(name, "[") {
			w.arithVar(name, w.pos(word.Pos()), w.text(word))
		}
	}
}

// quotedExpansions judges single quotes inside ${x:-'...'} within double
// quotes or an unquoted heredoc: there bash keeps them as characters and
// runs the $(...) they seem to quote.
func (w *walker) quotedExpansions(n syntax.Node) {
	syntax.Walk(n, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok {
			return true
		}
		var words []*syntax.Word
		if pe.Exp != nil {
			words = append(words, pe.Exp.Word)
		}
		if pe.Repl != nil {
			words = append(words, pe.Repl.Orig, pe.Repl.With)
		}
		for _, word := range words {
			if word == nil {
				continue
			}
			syntax.Walk(word, func(n syntax.Node) bool {
				if sq, ok := n.(*syntax.SglQuoted); ok && !sq.Dollar && strings.ContainsAny(sq.Value, "$`") {
					p := w.pos(sq.Pos())
					w.script(": \""+strings.ReplaceAll(sq.Value, `"`, `\"`)+"\"", &p)
				}
				return true
			})
		}
		return true
	})
}
