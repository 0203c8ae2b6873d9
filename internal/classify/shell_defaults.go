package classify

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Default-giving expansions (design §2.10): ${x:-v} and ${x-v} read v when
// x is unset (or empty), ${x:=v} and ${x=v} also assign it for the rest of
// the input. x not set by this input may hold anything from the user's
// environment, so the word stays dynamic, with v as what it most likely
// holds: a value that makes the command dangerous keeps it dangerous.

// defaultWord returns the parts of v in ${x:-v}, ${x-v}, ${x:=v} or
// ${x=v}, when x is a plain variable.
func defaultWord(x *syntax.ParamExp) ([]syntax.WordPart, bool) {
	if x.Param == nil || x.Exp == nil || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Length || x.Excl || x.Width || x.IsSet {
		return nil, false
	}
	switch x.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
	default:
		return nil, false
	}
	if x.Exp.Word == nil {
		return nil, true
	}
	return x.Exp.Word.Parts, true
}

// hasDefault reports a word with a default-giving expansion, whose value
// is worth a candidate even when this input set no variable.
func hasDefault(word *syntax.Word) bool {
	found := false
	syntax.Walk(word, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.ParamExp); ok {
			if _, ok := defaultWord(x); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// defaultAssign records what ${x:=v} and ${x=v} leave in x: its value
// when this input set one the expansion keeps, v when this input left it
// empty, else unknown but most likely v.
func (w *walker) defaultAssign(x *syntax.ParamExp) {
	d, ok := defaultWord(x)
	if !ok {
		return
	}
	name := x.Param.Value
	cur, set := w.vars[name]
	if set && !w.guessed[name] && (cur != "" || x.Exp.Op == syntax.AssignUnset) {
		return
	}
	p := w.pos(x.Pos())
	val := arg{val: w.text(x), dyn: true, pos: p}
	s, ok := w.candidate(d, nil)
	if vals, known := w.knownValues(d, nil, true, false); known && len(vals) == 1 && !otherTilde(d) {
		// the default as bash expands it: ${x:=~/a} is the home's a
		s, ok = vals[0], true
	}
	if ok {
		if set && !w.guessed[name] {
			val = arg{val: s, pos: p}
		} else {
			val.cand = s
		}
	}
	snip := w.text(x)
	w.setsEnv(name, &val, w.assignScope(name), p, func(ru rule, o occurrence) { w.raiseWith(ru, o, p, snip) })
	if val.dyn {
		w.dynVar(name, val)
	} else {
		w.setVar(name, val.val)
	}
}

// otherTilde reports parts that start with ~name: where another user's
// home is, is a guess, not a value.
func otherTilde(parts []syntax.WordPart) bool {
	if len(parts) == 0 {
		return false
	}
	lit, ok := parts[0].(*syntax.Lit)
	return ok && strings.HasPrefix(lit.Value, "~") && lit.Value != "~" && !strings.HasPrefix(lit.Value, "~/")
}
