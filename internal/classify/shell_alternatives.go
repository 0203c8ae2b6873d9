package classify

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// A variable may hold one of several values where the walk cannot tell
// which (design §2.10): a loop's variable takes each word of its list in
// turn, and after a branch a name holds what one of its parts left. The
// walker keeps those values (walker.alts), and whether they are every
// value the name may hold (walker.closed) or some value is not known (a
// part left it dynamic, it was unset before code that may not run, the
// list has a word only known at run time).
//
// A statement that reads such a name is walked once with each value, as
// if the input had set the name to it: every effect of the statement
// (its redirections, its words, what it runs) is judged with a static
// value, by the same judgements as any other, and the worst counts. When
// some value is not known, the statement is also walked with the name
// dynamic, as written. When every value is known it is not: the set is
// the statement's meaning, so `for f in a.txt b.txt; do echo x >
// "build/$f"; done` writes in the workspace (low).

// Bounds on walking a statement once per value: past them the statement
// is judged as written, with its names dynamic, and the verdict is at
// least high (ruleFollows): the values it did not follow could be any.
const (
	maxSplitParts = 64            // walks of one statement: the product of its names' value counts
	maxSplitWork  = MaxInputBytes // bytes of statements walked again, per input
	splitCost     = 64            // the fixed cost of one walk, in bytes
	maxAltValues  = maxArrayElems // the values kept for one name
)

// loopValues gives the loop variable name the words of its list, items,
// as the values it may hold. A word only known at run time leaves the
// name open. A long list of numbers ({1..254}) is kept as one unknown
// number: a number names no file, program or option that the unknown
// does not stand for.
func (w *walker) loopValues(name string, items []arg) {
	var vals []string
	open := false
	for _, a := range items {
		if a.dyn {
			open = true
			continue
		}
		if a.glob && hasGlobChar(a.val) {
			// bash loops over the names the glob matches, or over the
			// pattern itself when none does: either way a name the pattern
			// matches (loopPattern)
			if w.globAlts == nil {
				w.globAlts = map[string]map[string]bool{}
			}
			if w.globAlts[name] == nil {
				w.globAlts[name] = map[string]bool{}
			}
			w.globAlts[name][a.val] = true
		}
		if !slices.Contains(vals, a.val) {
			vals = append(vals, a.val)
		}
	}
	if len(vals) > maxSplitParts {
		kept := vals[:0:0]
		for _, v := range vals {
			if isDigits(v) {
				open = true
				continue
			}
			kept = append(kept, v)
		}
		vals = kept
	}
	if len(vals) > maxAltValues {
		// more words than are kept: the rest are the unknown (and a
		// statement that reads the name is past maxSplitParts)
		vals, open = vals[:maxAltValues], true
	}
	w.forgetVar(name)
	if len(vals) == 0 {
		return
	}
	if w.alts == nil {
		w.alts = map[string][]string{}
	}
	w.alts[name] = vals
	if !open {
		w.setClosed(name)
	}
}

// altsRead lists the names with several values that s reads, a name
// reference's target for the reference. A function defined in s is not
// read there: its body is walked again where it is called; nor is the
// variable of a loop that s is, which the loop sets before its body.
func (w *walker) altsRead(s *syntax.Stmt) []string {
	sp, ok := w.spans[s]
	if !ok {
		w.indexReads(s)
		sp = w.spans[s]
	}
	own := ""
	if fc, ok := s.Cmd.(*syntax.ForClause); ok {
		if wi, ok := fc.Loop.(*syntax.WordIter); ok && wi.Name != nil && !fc.Select {
			own = w.refTarget(wi.Name.Value)
		}
	}
	cands := make([]string, 0, len(w.alts)+len(w.namerefs))
	for name := range w.alts {
		cands = append(cands, name)
	}
	for ref := range w.namerefs {
		cands = append(cands, ref)
	}
	slices.Sort(cands)
	var names []string
	for _, c := range cands {
		name := w.refTarget(c)
		if w.alts[name] == nil || !isIdentName(name) || name == own || slices.Contains(names, name) {
			continue
		}
		offs := sp.idx.reads[sp.fn][c]
		if i, _ := slices.BinarySearch(offs, sp.start); i < len(offs) && offs[i] < sp.end {
			names = append(names, name)
		}
	}
	return names
}

// readIndex is where the statements of one subtree read each name: the
// offsets of the parameter expansions, sorted, by the function whose body
// they are directly in (its offset; -1 for none).
type readIndex struct {
	reads map[int]map[string][]int
}

// stmtSpan is what altsRead needs of a statement: its index, the function
// it is directly in, and the text it spans, its heredocs' bodies included.
type stmtSpan struct {
	idx        *readIndex
	fn         int
	start, end int
}

// indexReads indexes the statements of root's subtree, once: a statement
// nested in another is looked up, not walked again, so checking every
// statement of an input costs one walk of it.
func (w *walker) indexReads(root *syntax.Stmt) {
	if w.spans == nil {
		w.spans = map[*syntax.Stmt]stmtSpan{}
	}
	idx := &readIndex{reads: map[int]map[string][]int{}}
	type openStmt struct{ fn, end int }
	var nodes []syntax.Node
	var stmts []openStmt
	fns := []int{-1}
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			switch x := nodes[len(nodes)-1].(type) {
			case *syntax.Stmt:
				o := stmts[len(stmts)-1]
				stmts = stmts[:len(stmts)-1]
				w.spans[x] = stmtSpan{idx: idx, fn: o.fn, start: int(x.Pos().Offset()), end: o.end}
				if len(stmts) > 0 {
					stmts[len(stmts)-1].end = max(stmts[len(stmts)-1].end, o.end)
				}
			case *syntax.FuncDecl:
				fns = fns[:len(fns)-1]
			}
			nodes = nodes[:len(nodes)-1]
			return true
		}
		nodes = append(nodes, n)
		switch x := n.(type) {
		case *syntax.Stmt:
			stmts = append(stmts, openStmt{fn: fns[len(fns)-1], end: int(x.End().Offset())})
		case *syntax.FuncDecl:
			fns = append(fns, int(x.Pos().Offset()))
		case *syntax.Redirect:
			if x.Hdoc != nil && len(stmts) > 0 {
				// a heredoc's body follows its statement's line
				stmts[len(stmts)-1].end = max(stmts[len(stmts)-1].end, int(x.Hdoc.End().Offset()))
			}
		case *syntax.ParamExp:
			if x.Param != nil {
				fn := fns[len(fns)-1]
				if idx.reads[fn] == nil {
					idx.reads[fn] = map[string][]int{}
				}
				idx.reads[fn][x.Param.Value] = append(idx.reads[fn][x.Param.Value], int(x.Pos().Offset()))
			}
		}
		return true
	})
	for _, m := range idx.reads {
		for _, offs := range m {
			slices.Sort(offs)
		}
	}
}

// splitStmt walks s once for each combination of the values of the names
// with several values it reads, and once as written when one of them may
// hold a value not known. ok is false when s reads none, or when it was
// past the bounds (then it is judged as written, and the bound raised).
func (w *walker) splitStmt(s *syntax.Stmt, in flow) (flow, bool) {
	if w.splitCut {
		return flow{}, false
	}
	names := w.altsRead(s)
	if len(names) == 0 {
		return flow{}, false
	}
	combos, open := 1, false
	for _, n := range names {
		combos *= len(w.alts[n])
		open = open || !w.closed[n]
		if combos > maxSplitParts {
			break
		}
	}
	parts := combos
	if open {
		parts++
	}
	// inside another statement's walk per value, this one is walked
	// once per value of both
	mul := max(w.splitMul, 1) * parts
	w.splitWork += parts * (len(w.text(s)) + splitCost)
	if combos > maxSplitParts || mul > maxSplitParts+1 || w.splitWork > maxSplitWork {
		w.splitCut = true
		w.raise(ruleFollows, "", w.pos(s.Pos()), w.text(s))
		return flow{}, false
	}
	var outs []flow
	walk := func() {
		saved, savedMul := w.splitting, w.splitMul
		w.splitting, w.splitMul = s, mul
		outs = append(outs, w.stmt(s, in))
		w.splitting, w.splitMul = saved, savedMul
	}
	fns := make([]func(), 0, parts)
	for k := range combos {
		fns = append(fns, func() {
			// the k-th combination: each name's value, the first name
			// varying fastest
			i := k
			for _, n := range names {
				vals := w.alts[n]
				w.setVar(n, vals[i%len(vals)])
				i /= len(vals)
			}
			walk()
		})
	}
	if open {
		fns = append(fns, func() {
			for _, n := range names {
				w.forgetVar(n)
			}
			walk()
		})
	}
	w.uncertainDirs(func() { w.branchesOf(true, fns, nil) })
	return mergeFlows(outs), true
}

// mergeFlows is what a statement walked once per value writes: what each
// walk wrote when they agree, content from the network when one fetched
// it, else data only known at run time.
func mergeFlows(outs []flow) flow {
	if len(outs) == 0 {
		return flow{kind: flowData}
	}
	same := true
	for _, o := range outs {
		if o.kind == flowDownload {
			return flow{kind: flowDownload}
		}
		same = same && sameFlow(o, outs[0])
	}
	if same {
		return outs[0]
	}
	return flow{kind: flowData}
}

// sameFlow reports two flows that say the same and point at nothing.
func sameFlow(a, b flow) bool {
	return a.kind == b.kind && a.text == b.text && a.decoded == b.decoded &&
		a.found == nil && b.found == nil && a.from == nil && b.from == nil && len(a.fds) == 0 && len(b.fds) == 0
}

// caseShape says whether one of a case's items surely runs (a * pattern)
// and whether its items are not walked as they run: an item that falls
// through (;& or ;;&) runs after another, and a pattern that assigns
// (${x:=v}, $((x=1))) changes a name for the items after it.
func caseShape(x *syntax.CaseClause) (exhaustive, unsure bool) {
	for _, item := range x.Items {
		if item.Op != syntax.Break {
			unsure = true
		}
		for _, p := range item.Patterns {
			if p.Lit() == "*" {
				exhaustive = true
			}
			syntax.Walk(p, func(n syntax.Node) bool {
				switch y := n.(type) {
				case *syntax.ArithmExp:
					unsure = true
				case *syntax.ParamExp:
					if y.Exp != nil && (y.Exp.Op == syntax.AssignUnset || y.Exp.Op == syntax.AssignUnsetOrNull) {
						unsure = true
					}
				}
				return !unsure
			})
		}
	}
	return exhaustive, unsure
}
