package classify

import (
	"slices"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Indexed arrays with explicit indices (design §2.10): a=([0]=x [5]=y z),
// a+=([7]=v), a[3]=v and a[3]+=v set elements at indices known from
// static arithmetic, as bash does, and the array may then be sparse:
// "${a[@]}" lists only the elements set, in the order of their indices.
// An index only known at run time, or one below zero, makes the whole
// array dynamic: what reads it is judged at its worst.

// maxArrayIndex bounds an index that is followed; a larger one makes the
// array dynamic.
const maxArrayIndex = 1 << 30

// staticIndex returns the value of an indexed array's subscript when it is
// arithmetic over numbers and values this input set, with no assignment
// and no command in it.
func (w *walker) staticIndex(idx syntax.ArithmExpr) (int, bool) {
	if idx == nil {
		return 0, false
	}
	pure := true
	syntax.Walk(idx, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			pure = false
		case *syntax.BinaryArithm:
			if x.Op >= syntax.Assgn && x.Op <= syntax.ShrAssgn {
				pure = false
			}
		case *syntax.UnaryArithm:
			if x.Op == syntax.Inc || x.Op == syntax.Dec {
				pure = false
			}
		case *syntax.ParamExp:
			if ok, _ := followable(&syntax.Word{Parts: []syntax.WordPart{x}}); !ok {
				pure = false
			}
		}
		return pure
	})
	if !pure {
		return 0, false
	}
	e := &stateEnv{w: w}
	n, err := expand.Arithm(&expand.Config{Env: e}, idx)
	if err != nil || e.miss || n < 0 || n > maxArrayIndex {
		return 0, false
	}
	return n, true
}

// sparseArray is an indexed array as bash holds it: elements by index.
type sparseArray map[int]string

// arrayBefore returns the indexed array name held before its latest
// change; fresh reports a name this input never gave a value.
func (w *walker) arrayBefore(name string) (arr sparseArray, fresh bool) {
	prev, ok := w.lastChange(name)
	if !ok {
		return nil, true
	}
	switch {
	case prev.hadA:
		arr = sparseArray{}
		for i, el := range prev.arr {
			k := i
			if prev.idx != nil {
				k = prev.idx[i]
			}
			arr[k] = el
		}
		return arr, false
	case prev.had && !prev.guess:
		// x=s; x[1]=v: the scalar is element 0
		return sparseArray{0: prev.val}, false
	}
	return nil, !prev.had && !prev.hadM && !prev.hadDyn && !prev.hadAlts && !prev.forgot && !prev.guess
}

// setSparse records an indexed array from its elements by index.
func (w *walker) setSparse(name string, arr sparseArray) {
	keys := make([]int, 0, len(arr))
	for k := range arr {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	elems := make([]string, len(keys))
	dense := true
	for i, k := range keys {
		elems[i] = arr[k]
		dense = dense && k == i
	}
	if dense {
		keys = nil
	}
	w.setArrayIdx(name, elems, keys)
}

// assignIndexed fixes the state after a=(...) or a+=(...) whose elements
// give indices, or after a[i]=v: the array bash makes, or a dynamic one.
func (w *walker) assignIndexed(as *syntax.Assign, val *arg) {
	name := as.Name.Value
	prev, fresh := w.arrayBefore(name)
	arr := sparseArray{}
	if as.Append || as.Array == nil {
		if prev == nil && !fresh {
			w.forgetVar(name)
			return
		}
		for k, v := range prev {
			arr[k] = v
		}
	}
	if as.Array == nil {
		k, ok := w.staticIndex(as.Index)
		if !ok || val == nil {
			w.forgetVar(name)
			return
		}
		v := w.element(*val)
		if as.Append {
			old, had := arr[k]
			if val.dyn || val.glob {
				w.forgetVar(name)
				return
			}
			if had {
				v = old + val.val
			}
		}
		arr[k] = v
		w.setSparse(name, arr)
		return
	}
	if len(w.elemArgs) != len(as.Array.Elems) {
		w.forgetVar(name)
		return
	}
	next := 0
	for k := range arr {
		next = max(next, k+1)
	}
	for i, el := range as.Array.Elems {
		vals := w.elemArgs[i]
		if el.Index == nil {
			// a word with no index is split and globbed, each field
			// taking the next index
			for _, a := range vals {
				fields := []arg{a}
				if len(vals) == 1 && a.dyn {
					if fs, _, _, ok := w.expandPartial(el.Value, a.pos, 0); ok {
						fields = fs
					}
				}
				for _, f := range fields {
					arr[next] = w.element(f)
					next++
				}
			}
			continue
		}
		k, ok := w.staticIndex(el.Index)
		if !ok || len(vals) != 1 {
			w.forgetVar(name)
			return
		}
		arr[k] = w.element(vals[0])
		next = k + 1
	}
	if len(arr) > maxArrayElems || len(w.markers) >= maxMarkers {
		w.forgetVar(name)
		return
	}
	w.setSparse(name, arr)
}

// hasIndices reports an array assignment one of whose elements gives an
// index ([i]=v).
func hasIndices(as *syntax.Assign) bool {
	if as.Array == nil {
		return false
	}
	for _, el := range as.Array.Elems {
		if el.Index != nil {
			return true
		}
	}
	return false
}

// setIdx records the indices of a sparse array; nil makes it dense.
func (w *walker) setIdx(name string, idx []int) {
	if idx == nil {
		delete(w.arrIdx, name)
		return
	}
	if w.arrIdx == nil {
		w.arrIdx = map[string][]int{}
	}
	w.arrIdx[name] = idx
}
