package classify

import (
	"maps"

	"mvdan.cc/sh/v3/syntax"
)

// Associative arrays (design §2.10): after declare -A m (typeset -A,
// local -A), m=([k]=v ...), m+=([k]=v) and m[k]=v set keys whose names and
// values are static, and ${m[k]} reads them, for command names, arguments
// and paths alike. A key or a value only known at run time makes the whole
// array dynamic. ${m[@]} of more than one element is dynamic too: bash
// lists the elements in its hash order, which permguard does not copy.

// setMap records the keys and values of an associative array.
func (w *walker) setMap(name string, m map[string]string) {
	size := 0
	for k, v := range m {
		size += len(k) + len(v)
	}
	if len(m) > maxArrayElems || size > maxValueBytes || len(w.maps) >= maxVars {
		w.forgetVar(name)
		return
	}
	w.dropValue(name)
	if w.maps == nil {
		w.maps = map[string]map[string]string{}
	}
	w.maps[name] = m
}

// mapKey returns the static key of a subscript.
func (w *walker) mapKey(idx syntax.ArithmExpr) (string, bool) {
	word, ok := idx.(*syntax.Word)
	if !ok {
		return "", false
	}
	k, ok := w.quietWord(word)
	return k.val, ok
}

// mapBefore returns the array name held before its latest change, when
// that was a map; fresh reports a name this input never gave a value.
func (w *walker) mapBefore(name string) (m map[string]string, fresh bool) {
	prev, ok := w.lastChange(name)
	if !ok {
		return nil, true
	}
	if prev.hadM {
		return prev.m, false
	}
	return nil, !prev.had && !prev.hadA && !prev.hadDyn && !prev.hadAlts && !prev.forgot && !prev.guess
}

// assignMap fixes the state after an assignment to an associative array:
// m=(...), m+=(...), m[k]=v, or declare -A m alone.
func (w *walker) assignMap(as *syntax.Assign, val *arg) {
	name := as.Name.Value
	prev, fresh := w.mapBefore(name)
	switch {
	case as.Array != nil:
		m := map[string]string{}
		if as.Append {
			if prev == nil && !fresh {
				w.forgetVar(name)
				return
			}
			m = maps.Clone(prev)
			if m == nil {
				m = map[string]string{}
			}
		}
		if len(w.elemArgs) != len(as.Array.Elems) {
			w.forgetVar(name)
			return
		}
		for i, el := range as.Array.Elems {
			vals := w.elemArgs[i]
			if el.Index == nil || len(vals) != 1 || vals[0].dyn || vals[0].glob {
				w.forgetVar(name)
				return
			}
			k, ok := w.mapKey(el.Index)
			if !ok {
				w.forgetVar(name)
				return
			}
			m[k] = vals[0].val
		}
		w.setMap(name, m)
	case as.Index != nil:
		k, ok := w.mapKey(as.Index)
		if !ok || val == nil || val.dyn || as.Append || prev == nil && !fresh {
			w.forgetVar(name)
			return
		}
		m := maps.Clone(prev)
		if m == nil {
			m = map[string]string{}
		}
		m[k] = val.val
		w.setMap(name, m)
	case as.Naked:
		// declare -A m keeps the keys m had, or makes it empty
		switch {
		case prev != nil:
			w.setMap(name, prev)
		case fresh:
			w.setMap(name, map[string]string{})
		}
	default:
		// m=v sets m[0]
		if val == nil || val.dyn || prev == nil && !fresh {
			w.forgetVar(name)
			return
		}
		m := maps.Clone(prev)
		if m == nil {
			m = map[string]string{}
		}
		m["0"] = val.val
		w.setMap(name, m)
	}
}

// mapListed reports a word that lists the elements of an associative
// array of more than one ("${m[@]}", ${m[*]}): their order is bash's.
func (w *walker) mapListed(word *syntax.Word) bool {
	found := false
	syntax.Walk(word, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Index != nil {
			if m, ok := w.maps[pe.Param.Value]; ok && len(m) > 1 {
				if lit, ok := pe.Index.(*syntax.Word); ok && (lit.Lit() == "@" || lit.Lit() == "*") && !pe.Excl && !pe.Length {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
