package classify

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Data flow inside one input (design §2.10). The walker keeps, in the
// order bash runs the input, what bash itself would know: variables with a
// static value (scalars in w.vars, indexed arrays in w.arrays), the
// positional parameters (w.vars "1".."n", with "#" set when they are all
// known), aliases, functions and hashed paths. A word built only from such
// values is expanded by mvdan.cc/sh/v3/expand, as bash would, and the
// command line it makes is judged as if it had been typed, on top of the
// judgment of the line as written: following a value only ever adds.
//
// Where control flow makes a value uncertain (a branch, a loop, a function
// body seen where it is defined), the value is forgotten: dynamic, never a
// guessed constant, with the static values it may hold, each judged where
// the name is read (shell_alternatives.go). A subshell's assignments are undone
// when it ends.

// Bounds on what is followed: a value past them is dynamic.
const (
	maxValueBytes = 4 << 10 // one variable's value, or all of an array's
	maxArrayElems = 256
	maxVars       = 1024 // variables with a known value
	maxFieldBytes = 16 << 10
	maxFuncDepth  = 4 // functions called from functions, each judged with its arguments
	// maxFuncDepthWord is maxFuncDepth in the rule's reason: spelled out, not
	// formatted, so that the rule stays static data (TestInitWork).
	maxFuncDepthWord = "4"
	maxFollows       = 64 // function bodies, alias values and command lines judged again, per input
	maxFollowWork    = MaxInputBytes / 4
	maxDefs          = 4 // definitions kept per alias, function or hashed name
	maxFiles         = 64
	maxMarkers       = 4096
	markerBase       = 0xF0000 // private use: one rune per dynamic word a value holds
)

var (
	ruleFuncDepth = rule{id: "function-depth", level: High, why: "calls functions nested more than " + maxFuncDepthWord + " deep, which permguard does not follow", effect: EffectRun}
	ruleFollows   = rule{id: "follow-limit", level: High, why: "uses more functions, aliases or variables than permguard follows in one input; the rest are judged as unknown", effect: EffectRun}
	ruleFollowed  = rule{id: "followed-values", level: Minimal, why: "is judged again with the values this input gave the words it uses", effect: EffectRun}
)

// undoEntry is a variable as it was before one change, so that a subshell
// or a branch can be undone.
type undoEntry struct {
	name      string
	val       string
	arr       []string
	idx       []int // arr's indices when the array is sparse
	m         map[string]string
	dyn       string
	alts      []string
	had, hadA bool
	hadM      bool
	hadDyn    bool
	hadAlts   bool
	closed    bool // alts held every value name could have
	forgot    bool
	guess     bool
	// expOnly: the entry records only whether name was exported (exp),
	// so that a subshell or a branch undoes an export as it undoes a value
	expOnly, exp bool
}

func (w *walker) logChange(name string) {
	e := undoEntry{name: name, forgot: w.forgotten[name], guess: w.guessed[name]}
	e.val, e.had = w.vars[name]
	e.arr, e.hadA = w.arrays[name]
	if e.hadA {
		e.idx = w.arrIdx[name]
	}
	e.m, e.hadM = w.maps[name]
	e.dyn, e.hadDyn = w.dynVals[name]
	e.alts, e.hadAlts = w.alts[name]
	e.closed = w.closed[name]
	w.undo = append(w.undo, e)
}

// setVar records a static value for name.
func (w *walker) setVar(name, val string) {
	if _, had := w.vars[name]; len(val) > maxValueBytes || len(w.vars) >= maxVars && !had {
		w.forgetVar(name)
		w.noteCut(name)
		return
	}
	w.dropValue(name)
	if w.vars == nil {
		w.vars = map[string]string{}
	}
	w.vars[name] = val
}

// dropValue logs what name holds (for rollback) and removes it, of every
// kind: a value, an array and its indices, a map, a dynamic value, a
// guess, the values it may hold. A setter then records the one it gives,
// so no kind is left beside another.
func (w *walker) dropValue(name string) {
	w.logChange(name)
	delete(w.vars, name)
	delete(w.arrays, name)
	delete(w.arrIdx, name)
	delete(w.maps, name)
	delete(w.forgotten, name)
	delete(w.guessed, name)
	delete(w.dynVals, name)
	delete(w.alts, name)
	delete(w.closed, name)
}

// dynVar records that name holds the dynamic word a: unknown, but with
// what is known about it (what it most likely holds, whether it comes
// from the network), for the command lines it is used in.
func (w *walker) dynVar(name string, a arg) {
	if len(w.markers) >= maxMarkers || len(a.cand) > maxValueBytes || a.cut {
		w.forgetVar(name)
		w.noteCut(name)
		return
	}
	w.forgetVar(name)
	if w.dynVals == nil {
		w.dynVals = map[string]string{}
	}
	w.dynVals[name] = w.marker(a)
}

// markerArg returns the dynamic word a marker stands for.
func (w *walker) markerArg(m string) arg {
	if rs := []rune(strings.Trim(m, "\x00")); len(rs) == 1 {
		if i := int(rs[0]) - markerBase; i >= 0 && i < len(w.markers) {
			return w.markers[i]
		}
	}
	return arg{val: "$?", dyn: true}
}

// marker returns the text that stands for the dynamic word a inside a
// value: it holds a NUL, which no shell value can.
func (w *walker) marker(a arg) string {
	w.markers = append(w.markers, a)
	return "\x00" + string(rune(markerBase+len(w.markers)-1)) + "\x00"
}

// guessVar records a value name most likely has (a select loop's words,
// one after the other; what bash -c binds to $1): rules judge it, but it
// is not followed as exact.
func (w *walker) guessVar(name, val string) {
	w.setVar(name, val)
	if w.guessed == nil {
		w.guessed = map[string]bool{}
	}
	w.guessed[name] = true
}

// setArray records the elements of an indexed array.
func (w *walker) setArray(name string, elems []string) {
	w.setArrayIdx(name, elems, nil)
}

// setArrayIdx records the elements of an indexed array and, when it is
// sparse, their indices (nil: element i has index i).
func (w *walker) setArrayIdx(name string, elems []string, idx []int) {
	size := 0
	for _, e := range elems {
		size += len(e)
	}
	if len(elems) > maxArrayElems || size > maxValueBytes || len(w.arrays) >= maxVars {
		w.forgetVar(name)
		return
	}
	w.dropValue(name)
	if w.arrays == nil {
		w.arrays = map[string][]string{}
	}
	w.arrays[name] = elems
	w.setIdx(name, idx)
}

// forgetVar makes name dynamic: this input gave it a value not known now.
// noteCut records that name lost its value to a budget (cutVars).
func (w *walker) noteCut(name string) {
	if w.cutVars == nil {
		w.cutVars = map[string]bool{}
	}
	w.cutVars[name] = true
}

func (w *walker) forgetVar(name string) {
	if name == "" {
		return
	}
	w.dropValue(name)
	if w.forgotten == nil {
		w.forgotten = map[string]bool{}
	}
	w.forgotten[name] = true
}

// rollback undoes every change logged after mark.
func (w *walker) rollback(mark int) {
	for i := len(w.undo) - 1; i >= mark; i-- {
		e := w.undo[i]
		if e.expOnly {
			w.setExported(e.name, e.exp)
			continue
		}
		if e.had {
			if w.vars == nil {
				w.vars = map[string]string{}
			}
			w.vars[e.name] = e.val
		} else {
			delete(w.vars, e.name)
		}
		if e.hadA {
			if w.arrays == nil {
				w.arrays = map[string][]string{}
			}
			w.arrays[e.name] = e.arr
			w.setIdx(e.name, e.idx)
		} else {
			delete(w.arrays, e.name)
			delete(w.arrIdx, e.name)
		}
		if e.hadM {
			if w.maps == nil {
				w.maps = map[string]map[string]string{}
			}
			w.maps[e.name] = e.m
		} else {
			delete(w.maps, e.name)
		}
		if e.forgot {
			if w.forgotten == nil {
				w.forgotten = map[string]bool{}
			}
			w.forgotten[e.name] = true
		} else {
			delete(w.forgotten, e.name)
		}
		if e.hadAlts {
			if w.alts == nil {
				w.alts = map[string][]string{}
			}
			w.alts[e.name] = e.alts
		} else {
			delete(w.alts, e.name)
		}
		if e.closed {
			w.setClosed(e.name)
		} else {
			delete(w.closed, e.name)
		}
		if e.hadDyn {
			if w.dynVals == nil {
				w.dynVals = map[string]string{}
			}
			w.dynVals[e.name] = e.dyn
		} else {
			delete(w.dynVals, e.name)
		}
		if e.guess {
			if w.guessed == nil {
				w.guessed = map[string]bool{}
			}
			w.guessed[e.name] = true
		} else {
			delete(w.guessed, e.name)
		}
	}
	w.undo = w.undo[:mark]
}

// changedSince lists the names changed after mark.
func (w *walker) changedSince(mark int) []string {
	var names []string
	for _, e := range w.undo[mark:] {
		if e.expOnly {
			continue
		}
		names = append(names, e.name)
	}
	return names
}

// branches walks code of which any one part may run, or none: each part
// starts from the state before it, and afterwards whatever a part changed
// is dynamic, with the values it may hold when they are all static.
func (w *walker) branches(parts ...func()) {
	w.branchesOf(false, parts, nil)
}

// branchesOf is branches; exhaustive says that one of the parts surely
// runs (an if with an else, a case with a * pattern), so a name that
// every part changed no longer holds its value from before. A part sets
// *unsure when the parts are not walked as they run (an elif's condition
// runs after the conditions before it, which the part does not repeat):
// then no name's values are taken as all it may hold.
func (w *walker) branchesOf(exhaustive bool, parts []func(), unsure *bool) {
	mark := len(w.undo)
	var alts alternatives
	var exported []string
	for _, fn := range parts {
		fn()
		w.collectAlts(mark, &alts)
		exported = append(exported, w.exportedSince(mark)...)
		w.rollback(mark)
	}
	alts.open = unsure != nil && *unsure
	every := 0
	if exhaustive {
		every = len(parts)
	}
	w.forgetAlts(&alts, every)
	// a part may have run: what any part exported may be exported
	for _, n := range exported {
		w.exportVar(n)
	}
}

// uncertainAfter makes dynamic whatever was changed after mark: code that
// may have run any number of times, or not at all.
func (w *walker) uncertainAfter(mark int) {
	var alts alternatives
	w.collectAlts(mark, &alts)
	w.forgetAlts(&alts, 0)
}

// alternatives are the values the names that code changed may hold after
// it, gathered over the parts of it that may run (collectAlts). A name is
// closed when every value it may hold is among them: each part left it a
// static value (or values that were all known), and so did the code
// before, when a part may have left it as it was.
type alternatives struct {
	order []string
	names map[string]*altValues
	part  int // the part being added, from 1
	// open: every name is open (the parts were not walked as they run)
	open bool
}

// altValues is what the parts of code left one name.
type altValues struct {
	// before is the value before the code, when static, and beforeOpen
	// says it was not (unset, dynamic, or values not all known)
	before     []string
	beforeOpen bool
	// after are the values the parts left, and afterOpen says one left a
	// value not static; parts counts the parts that changed the name,
	// last is the last of them
	after     []string
	afterOpen bool
	parts     int
	last      int
}

// addValues adds vals to list, each once.
func addValues(list []string, vals ...string) []string {
	for _, v := range vals {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}

// collectAlts adds one part to a: for each name changed after mark, its
// value before mark and its value now. A value that is not static is left
// out and makes the name open: the variable stays dynamic, and the command
// that reads it is judged with it unknown as well.
func (w *walker) collectAlts(mark int, a *alternatives) {
	a.part++
	for _, e := range w.undo[mark:] {
		if e.expOnly {
			continue
		}
		v := a.names[e.name]
		if v == nil {
			if a.names == nil {
				a.names = map[string]*altValues{}
			}
			v = &altValues{}
			a.names[e.name] = v
			a.order = append(a.order, e.name)
			first, _ := w.firstChange(mark, e.name)
			switch {
			case first.had && !first.guess:
				v.before = append(v.before, first.val)
			case first.hadAlts:
				v.before = addValues(v.before, first.alts...)
				v.beforeOpen = !first.closed
			default:
				v.beforeOpen = true
				if first.hadDyn {
					v.before = addValues(v.before, w.likely(first.dyn)...)
				}
			}
		}
		if v.last == a.part {
			continue
		}
		v.last = a.part
		v.parts++
		switch cur, ok := w.vars[e.name]; {
		case ok && !w.guessed[e.name]:
			v.after = addValues(v.after, cur)
		case w.alts[e.name] != nil:
			v.after = addValues(v.after, w.alts[e.name]...)
			v.afterOpen = v.afterOpen || !w.closed[e.name]
		default:
			v.afterOpen = true
			if m, ok := w.dynVals[e.name]; ok {
				v.after = addValues(v.after, w.likely(m)...)
			}
		}
	}
}

// likely is the value a dynamic value's marker m most likely holds (the
// v of ${f:=v}), as one more value the name may hold besides the unknown.
func (w *walker) likely(m string) []string {
	if a := w.markerArg(m); a.cand != "" && !a.net {
		return []string{a.cand}
	}
	return nil
}

// forgetAlts makes each name a gathered dynamic, keeping its possible
// values: those before the code, unless every is the number of parts, one
// of which surely ran, and each of them changed the name; then those the
// parts left.
func (w *walker) forgetAlts(a *alternatives, every int) {
	for _, n := range a.order {
		w.forgetVar(n)
		v := a.names[n]
		var vals []string
		open := a.open || v.afterOpen
		if every == 0 || v.parts < every {
			vals = append(vals, v.before...)
			open = open || v.beforeOpen
		}
		vals = addValues(vals, v.after...)
		if len(vals) > maxAltValues {
			// more than are kept: the rest are the unknown
			vals, open = vals[:maxAltValues], true
		}
		if len(vals) > 0 {
			if w.alts == nil {
				w.alts = map[string][]string{}
			}
			w.alts[n] = vals
			if !open {
				w.setClosed(n)
			}
		}
	}
}

// firstChange returns name as it was at mark.
func (w *walker) firstChange(mark int, name string) (undoEntry, bool) {
	for _, e := range w.undo[mark:] {
		if e.name == name && !e.expOnly {
			return e, true
		}
	}
	return undoEntry{}, false
}

// setClosed records that name's alts are every value it may hold.
func (w *walker) setClosed(name string) {
	if w.closed == nil {
		w.closed = map[string]bool{}
	}
	w.closed[name] = true
}

// isDigits reports a positional parameter's name.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// positionalCount is how many positional parameters are known, or -1.
func (w *walker) positionalCount() int {
	n, err := strconv.Atoi(w.vars["#"])
	if _, ok := w.vars["#"]; !ok || err != nil {
		return -1
	}
	return n
}

// setPositional sets $1.. to vals, each static or dynamic; known=false
// makes them all dynamic, their number included.
func (w *walker) setPositional(vals []arg, known bool) {
	old := w.positionalCount()
	if old < 0 {
		old = 0
		for k := range w.vars {
			if n, err := strconv.Atoi(k); err == nil && n > old {
				old = n
			}
		}
		for k := range w.dynVals {
			if n, err := strconv.Atoi(k); err == nil && n > old {
				old = n
			}
		}
	}
	for i := len(vals) + 1; i <= old; i++ {
		w.forgetVar(strconv.Itoa(i))
	}
	if !known {
		for i := 1; i <= old; i++ {
			w.forgetVar(strconv.Itoa(i))
		}
		w.forgetVar("#")
		return
	}
	for i, v := range vals {
		if v.dyn {
			w.dynVar(strconv.Itoa(i+1), v)
		} else {
			w.setVar(strconv.Itoa(i+1), v.val)
		}
	}
	w.setVar("#", strconv.Itoa(len(vals)))
}

// positionalArgs binds $1.. to a command's words (a function call), and
// returns what puts back the ones before.
func (w *walker) positionalArgs(args []arg) func() {
	names := []string{"#"}
	for i := 1; i <= max(w.positionalCount(), len(args)); i++ {
		names = append(names, strconv.Itoa(i))
	}
	var old []undoEntry
	for _, n := range names {
		w.logChange(n)
		old = append(old, w.undo[len(w.undo)-1])
	}
	w.setPositional(args, true)
	return func() {
		for _, e := range old {
			w.logChange(e.name)
			w.undo = append(w.undo, e)
			w.rollback(len(w.undo) - 1)
		}
	}
}

// stateEnv gives expand the values this input set. Asking for a variable
// whose value is not known marks the expansion as not followed, or, when
// partial, gives a marker that stands for the dynamic word.
type stateEnv struct {
	w       *walker
	partial bool
	paths   bool // the caller's path variables (PathVars) count as known values
	alt     int  // with alts: which of a variable's possible values to take, from 1
	alted   bool // a variable with possible values was read
	miss    bool // a variable's value is not known
	used    bool // a value this input set was read
	marked  bool // a marker was read
	unset   bool // a positional parameter past the last one was read, or none were given
}

func (e *stateEnv) unknown(name string) expand.Variable {
	w := e.w
	if !e.partial || name == "IFS" || len(w.markers) >= maxMarkers {
		e.miss = true
		return expand.Variable{}
	}
	e.marked = true
	a := arg{val: "$" + name, dyn: true}
	if name == "@" || name == "*" {
		a.val = `"$@"`
	}
	if v, ok := w.vars[name]; ok && w.guessed[name] {
		a.cand = v
	}
	return expand.Variable{Set: true, Kind: expand.String, Str: w.marker(a)}
}

func (e *stateEnv) Get(name string) expand.Variable {
	w := e.w
	if t, ok := w.namerefs[name]; ok {
		// declare -n r=x: expand reads x for r
		return expand.Variable{Set: true, Kind: expand.NameRef, Str: t}
	}
	if vals := w.alts[name]; vals != nil && e.alt > 0 {
		e.used, e.alted = true, true
		return expand.Variable{Set: true, Kind: expand.String, Str: vals[min(e.alt, len(vals))-1]}
	}
	if w.guessed[name] {
		return e.unknown(name)
	}
	if v, ok := w.vars[name]; ok {
		e.used = true
		e.unset = e.unset || name == "#" && v == "0"
		return expand.Variable{Set: true, Kind: expand.String, Str: v}
	}
	if m, ok := w.maps[name]; ok {
		e.used = true
		return expand.Variable{Set: true, Kind: expand.Associative, Map: m}
	}
	if a, ok := w.arrays[name]; ok {
		e.used = true
		for _, el := range a {
			if strings.IndexByte(el, 0) >= 0 {
				e.marked = true
				if !e.partial {
					e.miss = true
				}
			}
		}
		return expand.Variable{Set: true, Kind: expand.Indexed, List: a, Indexes: w.arrIdx[name]}
	}
	if m, ok := w.dynVals[name]; ok {
		if !e.partial {
			e.miss = true
			return expand.Variable{}
		}
		e.used, e.marked = true, true
		return expand.Variable{Set: true, Kind: expand.String, Str: m}
	}
	if !w.forgotten[name] {
		switch n := w.positionalCount(); {
		case e.paths && isPathVar(name) && name != "HOME" && !w.guessed[name]:
			if v, ok := w.lookupVar(name); ok {
				e.used = true
				return expand.Variable{Set: true, Kind: expand.String, Str: v}
			}
		case name == "IFS":
			// bash never takes IFS from the environment
			return expand.Variable{}
		case name == "PWD":
			// asked for before globbing, which is off here
			return expand.Variable{}
		case name == "HOME" && w.env.Home != "":
			e.used = e.used || e.paths
			return expand.Variable{Set: true, Kind: expand.String, Str: w.env.Home}
		case (name == "@" || name == "*") && n >= 0:
			e.used = true
			e.unset = e.unset || n == 0
			list := make([]string, n)
			for i := range list {
				k := strconv.Itoa(i + 1)
				if m, ok := w.dynVals[k]; ok {
					if !e.partial {
						e.miss = true
					}
					e.marked = true
					list[i] = m
					continue
				}
				list[i] = w.vars[k]
			}
			return expand.Variable{Set: true, Kind: expand.Indexed, List: list}
		case name == "0":
			// the shell's name, which ${@:N} reads: only its own expansion
			// ($0 alone) could care which shell it is, and agents run bash
			return expand.Variable{Set: true, Kind: expand.String, Str: "bash"}
		case isDigits(name) && n >= 0:
			e.used, e.unset = true, true
			return expand.Variable{} // past the last one: unset
		}
	}
	return e.unknown(name)
}

// Each serves ${!prefix*}, whose answer includes the environment's names.
func (e *stateEnv) Each(func(string, expand.Variable) bool) { e.miss = true }

func (w *walker) hasValues() bool {
	return len(w.vars) > 0 || len(w.arrays) > 0 || len(w.maps) > 0 || len(w.dynVals) > 0 || len(w.alts) > 0
}

// followable reports a word whose only expansions are parameter
// expansions expand can do without running anything or assigning. plain
// reports that none of them transforms a value ($x, ${a[@]}, "$@" only),
// so a marker in a value comes out whole.
func followable(word *syntax.Word) (ok, plain bool) {
	ok, plain = true, true
	syntax.Walk(word, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ExtGlob:
			ok = false
		case *syntax.Lit:
			// brace expansion is bounded where words are resolved
			if strings.ContainsRune(x.Value, '{') {
				ok = false
			}
		case *syntax.ParamExp:
			if x.Exp != nil {
				switch x.Exp.Op {
				case syntax.AssignUnset, syntax.AssignUnsetOrNull:
					ok = false
				case syntax.OtherParamOps:
					ok = caseOp(x)
				}
			}
			if x.Width || x.IsSet {
				ok = false
			}
			if x.Exp != nil || x.Repl != nil || x.Slice != nil || x.Length || x.Excl || x.Names != 0 {
				plain = false
			}
		}
		return ok
	})
	return ok, plain
}

// caseOp reports ${x@L}, ${x@U} and ${x@u} (bash 5.1) of one value: the
// case changes that ${x,,}, ${x^^} and ${x^} also make, which expand does
// as bash does. Of a list ("${a[@]@U}", "${@@L}") expand changes no
// element, where bash changes each, so that stays dynamic, as do the
// other operators: expand quotes ${x@Q} otherwise than bash (which always
// single-quotes, or uses $'...'), decodes ${x@E}'s escapes as Go does,
// not as bash's $'...' does (\cX, \0, a short \x), and cannot know
// ${x@a}'s attributes or ${x@P}'s prompt.
func caseOp(x *syntax.ParamExp) bool {
	if x.Exp.Word == nil || x.Param == nil || x.Param.Value == "@" || x.Param.Value == "*" {
		return false
	}
	if x.Index != nil {
		if w, ok := x.Index.(*syntax.Word); ok && (w.Lit() == "@" || w.Lit() == "*") {
			return false
		}
	}
	switch x.Exp.Word.Lit() {
	case "L", "U", "u":
		return true
	}
	return false
}

// expandPartial returns the fields bash makes of word from the values
// this input set. A field that holds a dynamic value comes back as a
// dynamic word, with what is known about it. used reports whether a value
// this input set was read; alted, whether a variable with several
// possible values was (alt picks which, from 1; 0 reads it as dynamic).
func (w *walker) expandPartial(word *syntax.Word, p Pos, alt int) (out []arg, used, alted, ok bool) {
	if word == nil || !w.hasValues() {
		return nil, false, false, false
	}
	fine, plain := followable(word)
	if !fine || len(w.maps) > 0 && w.mapListed(word) {
		return nil, false, false, false
	}
	mark := len(w.markers)
	e := &stateEnv{w: w, partial: true, alt: alt}
	fields, err := expand.Fields(&expand.Config{Env: e}, word)
	if err != nil || e.miss || len(fields) > maxArrayElems || e.marked && !plain {
		w.markers = w.markers[:mark]
		return nil, false, false, false
	}
	size := 0
	for _, f := range fields {
		size += len(f)
		if strings.IndexByte(f, 0) < 0 {
			out = append(out, arg{val: f, pos: p, glob: globText(f)})
			continue
		}
		out = append(out, w.unmark(f, word, p))
	}
	w.markers = w.markers[:mark]
	return out, e.used, e.alted, size <= maxFieldBytes
}

// unmark turns a field holding markers into the dynamic word it is.
func (w *walker) unmark(f string, word *syntax.Word, p Pos) arg {
	parts := strings.Split(f, "\x00")
	if len(parts) == 3 && parts[0] == "" && parts[2] == "" {
		if rs := []rune(parts[1]); len(rs) == 1 && int(rs[0])-markerBase >= 0 && int(rs[0])-markerBase < len(w.markers) {
			i := int(rs[0]) - markerBase
			a := w.markers[i]
			a.pos = p
			return a
		}
	}
	out := arg{val: w.text(word), dyn: true, pos: p}
	var cand strings.Builder
	hasCand := true
	for i, part := range parts {
		if i%2 == 0 {
			cand.WriteString(part)
			continue
		}
		k := -1
		if rs := []rune(part); len(rs) == 1 {
			k = int(rs[0]) - markerBase
		}
		if k < 0 || k >= len(w.markers) {
			hasCand = false
			continue
		}
		m := w.markers[k]
		out.net = out.net || m.net
		switch {
		case !m.dyn:
			cand.WriteString(m.val)
		case m.cand != "":
			cand.WriteString(m.cand)
		default:
			hasCand = false
		}
	}
	if hasCand {
		out.cand = cand.String()
	}
	return out
}

// literalKnown returns an assignment's value (bash does not split it)
// when every value it reads is static and one was set by this input.
func (w *walker) literalKnown(word *syntax.Word) (string, bool) {
	return w.knownLiteral(word, false)
}

// knownLiteral is literalKnown; paths also takes the caller's path
// variables as known, for the text a here-string feeds (design §2.10).
func (w *walker) knownLiteral(word *syntax.Word, paths bool) (string, bool) {
	if word == nil || !w.hasValues() && !paths {
		return "", false
	}
	if ok, _ := followable(word); !ok {
		return "", false
	}
	e := &stateEnv{w: w, paths: paths}
	s, err := expand.Literal(&expand.Config{Env: e}, word)
	if err != nil || e.miss || !e.used || len(s) > maxValueBytes {
		return "", false
	}
	return s, true
}

// documentKnown returns the text an unquoted heredoc feeds when every
// value it reads is static, set by this input or a path variable the
// caller gave ($HOME, $XDG_CONFIG_HOME): the text a shell or interpreter
// reading it runs.
func (w *walker) documentKnown(doc *syntax.Word) (string, bool) {
	if doc == nil {
		return "", false
	}
	if ok, _ := followable(doc); !ok {
		return "", false
	}
	e := &stateEnv{w: w, paths: true}
	s, err := expand.Document(&expand.Config{Env: e}, doc)
	if err != nil || e.miss || !e.used || len(s) > maxValueBytes {
		return "", false
	}
	return s, true
}

// assignShape fixes the state after an assignment that setShellVar saw as
// a plain one: an array, an element, or an append.
func (w *walker) assignShape(as *syntax.Assign, val *arg) {
	if as.Name == nil {
		return
	}
	name := as.Name.Value
	if w.assoc[name] {
		w.assignMap(as, val)
		return
	}
	switch {
	case as.Array != nil && (as.Append || hasIndices(as)):
		w.assignIndexed(as, val)
	case as.Array != nil:
		elems, ok := w.arrayValue(as)
		if !ok {
			w.forgetVar(name)
			return
		}
		w.setArray(name, elems)
	case as.Index != nil && name != "BASH_CMDS":
		w.assignIndexed(as, val)
	case as.Index != nil:
		w.forgetVar(name)
		if name == "BASH_CMDS" && val != nil && !val.dyn {
			// the hash table as an array: BASH_CMDS[ls]=/bin/rm is hash -p
			if k, ok := as.Index.(*syntax.Word); ok {
				if kw, ok := w.quietWord(k); ok {
					w.defineHash(kw.val, val.val)
				}
			}
		}
	case as.Append:
		// setShellVar stored the appended part alone
		prev, ok := w.lastChange(name)
		if !ok || !prev.had || val == nil || val.dyn {
			w.forgetVar(name)
			return
		}
		w.setVar(name, prev.val+val.val)
	}
}

// lastChange returns name as it was before its latest change.
func (w *walker) lastChange(name string) (undoEntry, bool) {
	for i := len(w.undo) - 1; i >= 0; i-- {
		if w.undo[i].name == name && !w.undo[i].expOnly {
			return w.undo[i], true
		}
	}
	return undoEntry{}, false
}

// arrayValue returns the elements of a=(...), from the words as
// assignValue resolved them; a dynamic element is kept as a marker.
func (w *walker) arrayValue(as *syntax.Assign) ([]string, bool) {
	if len(w.elemArgs) != len(as.Array.Elems) {
		return nil, false
	}
	var elems []string
	for i, el := range as.Array.Elems {
		if el.Index != nil || el.Value == nil {
			return nil, false
		}
		for _, a := range w.elemArgs[i] {
			if len(w.elemArgs[i]) == 1 && a.dyn {
				if fields, _, _, ok := w.expandPartial(el.Value, a.pos, 0); ok {
					for _, f := range fields {
						elems = append(elems, w.element(f))
					}
					continue
				}
			}
			elems = append(elems, w.element(a))
		}
	}
	return elems, len(w.markers) < maxMarkers
}

// element is an array element's value: a static word as it is, a
// dynamic or globbing one as a marker.
func (w *walker) element(a arg) string {
	if !a.dyn && !a.glob {
		return a.val
	}
	return w.marker(a)
}

// assignedNames lists the variables code may assign, for a loop whose
// later rounds see what earlier ones set.
func assignedNames(n syntax.Node) []string {
	var names []string
	syntax.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil {
				names = append(names, x.Name.Value)
			}
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				names = append(names, wi.Name.Value)
			}
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				break
			}
			switch x.Args[0].Lit() {
			case "set", "shift":
				names = append(names, "#")
			case "read", "mapfile", "readarray", "printf", "getopts", "unset", "declare", "local", "typeset", "export", "readonly":
				names = append(names, "REPLY", "MAPFILE", "OPTARG", "OPTIND")
				for _, a := range x.Args[1:] {
					if l := a.Lit(); isArithName(strings.SplitN(l, "=", 2)[0]) {
						names = append(names, strings.SplitN(l, "=", 2)[0])
					}
				}
			}
		case *syntax.BinaryArithm:
			if wd, ok := x.X.(*syntax.Word); ok && x.Op >= syntax.Assgn && x.Op <= syntax.ShrAssgn {
				names = append(names, wd.Lit())
			}
		case *syntax.UnaryArithm:
			if wd, ok := x.X.(*syntax.Word); ok {
				names = append(names, wd.Lit())
			}
		}
		return true
	})
	return names
}

// loop walks a loop's parts: what the body assigns is dynamic in every
// round and after the loop.
func (w *walker) loop(n syntax.Node, fn func()) {
	for _, name := range assignedNames(n) {
		if name == "#" {
			w.setPositional(nil, false)
			continue
		}
		w.forgetVar(name)
	}
	mark := len(w.undo)
	fn()
	w.uncertainAfter(mark)
}

// followArgv judges the command line ce again with the values its words
// take from this input, when at least one word is followed. starts holds
// the index in args where each word's fields begin.
//
// A variable that holds one of several static values (set in branches
// or a loop) is tried with each: alt 0 reads it as dynamic, alt k takes
// its k-th value, until no variable has that many.
func (w *walker) followArgv(ce *syntax.CallExpr, c *call, args []arg, starts []int) {
	if len(starts) != len(ce.Args) || w.followCut {
		return
	}
	for alt := 0; alt <= maxDefs; alt++ {
		argv := make([]arg, 0, len(args))
		followed, alted := false, false
		for i, word := range ce.Args {
			end := len(args)
			if i+1 < len(starts) {
				end = starts[i+1]
			}
			own := args[starts[i]:end]
			if len(own) == 1 && own[0].dyn {
				if fields, used, a, ok := w.expandPartial(word, own[0].pos, alt); ok && used {
					followed, alted = true, alted || a
					argv = append(argv, fields...)
					continue
				}
			}
			argv = append(argv, own...)
		}
		if alt > 0 && !alted {
			return
		}
		switch {
		case !followed || len(argv) == 0:
		case alt > 0:
			// one possible value among others: what it does to the
			// directory or the variables is uncertain
			w.compound(func() { w.branches(func() { w.runExpanded(c, argv) }) })
		default:
			w.runExpanded(c, argv)
		}
		if len(w.alts) == 0 {
			return
		}
	}
}

// runExpanded judges argv, the command c with the values this input gave
// its words, as a command of its own. It reports false when it did not,
// past the budget of what one input follows.
func (w *walker) runExpanded(c *call, argv []arg) bool {
	size := 0
	for _, a := range argv {
		size += len(a.val) + 16
	}
	if w.depth > maxReparse || !w.spend(c, size) {
		return false
	}
	ic := &call{ctx: w, pos: c.pos, snippet: c.snippet, stdin: c.stdin, env: c.env, out: &Command{Pos: c.pos, Snippet: c.snippet}}
	ic.raise(ruleFollowed)
	saved := w.push(FrameExpanded, "", c.pos, joinArgs(argv))
	w.depth++
	w.run(ic, argv)
	w.depth--
	w.frames = saved
	return true
}

// aliasDef is one definition of an alias, function or hashed name, with
// the text its positions index into.
type funcDef struct {
	decl *syntax.FuncDecl
	src  string
	base *Pos
}

func (w *walker) defineAlias(name, val string) {
	if w.aliases == nil {
		w.aliases = map[string][]string{}
	}
	name = strings.ToLower(name)
	defs := append(w.aliases[name], val)
	if len(defs) > maxDefs {
		defs = defs[len(defs)-maxDefs:]
	}
	w.aliases[name] = defs
}

// expandAlias judges a command whose first word is an alias this input
// defined, as bash reads it once the alias is replaced. bash applies an
// alias only on a later line, and only in interactive shells or with
// expand_aliases; agents' shells may be either, so a defined alias always
// counts.
func (w *walker) expandAlias(ce *syntax.CallExpr, c *call) {
	if len(w.aliases) == 0 || len(ce.Args) == 0 || len(ce.Args[0].Parts) != 1 {
		return
	}
	lit, ok := ce.Args[0].Parts[0].(*syntax.Lit)
	if !ok || !plainLit(lit.Value) {
		return
	}
	name := strings.ToLower(lit.Value)
	defs := w.aliases[name]
	if len(defs) == 0 || w.aliasing[name] {
		return
	}
	rest := ""
	if s, e := int(ce.Args[0].End().Offset()), int(ce.End().Offset()); s <= e && e <= len(w.src) {
		rest = w.src[s:e]
	}
	if w.aliasing == nil {
		w.aliasing = map[string]bool{}
	}
	w.aliasing[name] = true
	for _, d := range defs {
		src := d + rest
		if !w.spend(c, len(src)) {
			// the command runs what the alias says, which is not
			// judged: unlike a value, no worst case stands for it
			w.pastLimit(LimitFollows, ruleFollows, "uses an alias past the aliases, functions and values permguard follows in one input", c.pos, c.snippet)
			break
		}
		saved := w.push(FrameScript, name, c.pos, src)
		w.script(src, &c.pos)
		w.frames = saved
	}
	delete(w.aliasing, name)
}

// spend takes n bytes (and a fixed cost) of what one input may judge
// again for following values: alias text, function bodies, expanded
// command lines. Past it, what was not followed is judged as written
// (dynamic), and c says so.
func (w *walker) spend(c *call, n int) bool {
	if w.followWork += n + 512; w.followWork > maxFollowWork || w.follows >= maxFollows {
		if !w.followCut {
			w.followCut = true
			// a floor: c may already be recorded
			w.raise(ruleFollows, "", c.pos, c.snippet)
		}
		return false
	}
	w.follows++
	return true
}

// defineFunction walks a function's body where it is defined, with its
// arguments unknown, and remembers it for the calls that follow.
func (w *walker) defineFunction(fd *syntax.FuncDecl, name string, walk func()) {
	mark := len(w.undo)
	w.setPositional(nil, false)
	inner := len(w.undo)
	endScope := w.funcScope()
	walk()
	endScope()
	changed := w.changedSince(inner)
	exported := w.exportedSince(inner)
	w.rollback(mark)
	// called at a time not seen here (a trap), what it exports may be in
	// force for any later command; its local -x ended with it
	for _, n := range exported {
		w.exportVar(n)
	}
	// called at a time not seen here (a trap), what it assigns may change
	for _, n := range changed {
		w.forgetVar(n)
	}
	if name == "" {
		return
	}
	if w.funcs == nil {
		w.funcs = map[string][]funcDef{}
	}
	name = strings.ToLower(name)
	defs := append(w.funcs[name], funcDef{decl: fd, src: w.src, base: w.base})
	if len(defs) > maxDefs {
		defs = defs[len(defs)-maxDefs:]
	}
	w.funcs[name] = defs
}

// callFunction judges the body of each definition of the function c runs,
// with $1.. bound to the call's words, and returns what the call prints.
func (w *walker) callFunction(c *call, defs []funcDef) flow {
	if w.funcDepth >= maxFuncDepth {
		c.raise(ruleFuncDepth)
		return flow{kind: flowData}
	}
	if w.followCut {
		// past the budget: the body was judged where it was defined, with
		// its arguments unknown, and binding them again costs per call
		return flow{kind: flowData}
	}
	w.funcDepth++
	defer func() { w.funcDepth-- }()
	endScope := w.funcScope()
	defer endScope()
	restore := w.positionalArgs(c.args)
	out := flow{kind: flowData}
	for _, d := range defs {
		body := d.decl.Body
		if !w.spend(c, int(body.End().Offset()-body.Pos().Offset())) {
			// the body was judged where it was defined, with its
			// arguments unknown: that judgment stands
			break
		}
		saveSrc, saveBase := w.src, w.base
		w.src, w.base = d.src, d.base
		saved := w.push(FrameFunction, c.name, c.pos, c.snippet)
		walk := func() {
			if b, ok := body.Cmd.(*syntax.Block); ok && len(body.Redirs) == 0 {
				out = w.lastOutput(b.Stmts)
				return
			}
			out = w.stmt(body, c.stdin)
		}
		if len(defs) > 1 {
			w.branches(walk)
			out = flow{kind: flowData}
		} else {
			walk()
		}
		w.frames = saved
		w.src, w.base = saveSrc, saveBase
	}
	restore()
	return out
}

// defineHash records hash -p PATH NAME: NAME now runs PATH.
func (w *walker) defineHash(name, path string) {
	if w.hashed == nil {
		w.hashed = map[string][]string{}
	}
	name = strings.ToLower(name)
	defs := append(w.hashed[name], path)
	if len(defs) > maxDefs {
		defs = defs[len(defs)-maxDefs:]
	}
	w.hashed[name] = defs
}

// runHashed judges a command whose name was hashed to another program.
func (w *walker) runHashed(c *call, paths []string) {
	if w.hashing {
		return
	}
	w.hashing = true
	for _, p := range paths {
		argv := append([]arg{{val: p, pos: c.pos}}, c.args...)
		if !w.runExpanded(c, argv) {
			// the name runs another program, which is not judged
			w.pastLimit(LimitFollows, ruleFollows, "runs a name hashed to another program (hash -p) past what permguard follows in one input", c.pos, c.snippet)
			break
		}
	}
	w.hashing = false
}

// beforeProgram applies what this input defined about a program name
// before it is judged as itself: functions and hashed paths. When a
// function runs, it returns what the function prints.
func (w *walker) beforeProgram(c *call) (flow, bool) {
	var out flow
	called := false
	if defs := w.funcs[c.name]; len(defs) > 0 {
		out, called = w.callFunction(c, defs), true
	}
	if paths := w.hashed[c.name]; len(paths) > 0 {
		w.runHashed(c, paths)
	}
	return out, called
}

// textLines splits text into lines without their newline.
func textLines(s string, strip bool) []string {
	var out []string
	for s != "" {
		line, rest, found := strings.Cut(s, "\n")
		if !strip && found {
			line += "\n"
		}
		out = append(out, line)
		s = rest
	}
	return out
}

// readFields returns what read takes from known text for n names: the
// first line, split by IFS (the last name takes the rest), and the whole
// split for read -a. ok is false when IFS is not known or not blank.
func (w *walker) readFields(text string, n int, raw bool, env map[string]string) (vals, fields []string, ok bool) {
	line := strings.SplitN(text, "\n", 2)[0]
	if !raw {
		line = strings.ReplaceAll(line, `\`, "")
	}
	ifs := " \t\n"
	if v, set := env["IFS"]; set {
		// IFS=, read a b: the prefix is the IFS read splits with (a NUL:
		// one only known at run time)
		if strings.IndexByte(v, 0) >= 0 {
			return nil, nil, false
		}
		ifs = v
	} else if v, set := w.vars["IFS"]; set {
		ifs = v
	} else if w.forgotten["IFS"] || w.dynVals["IFS"] != "" {
		return nil, nil, false
	}
	if strings.Trim(ifs, " \t\n") != "" {
		vals, fields = splitRead(line, ifs, n)
		return vals, fields, true
	}
	isIFS := func(r rune) bool { return strings.ContainsRune(ifs, r) }
	fields = strings.FieldsFunc(line, isIFS)
	rest := strings.TrimFunc(line, isIFS)
	vals = make([]string, n)
	for i := range vals {
		if i == n-1 {
			vals[i] = rest
			break
		}
		if i < len(fields) {
			vals[i] = fields[i]
			rest = strings.TrimLeftFunc(strings.TrimPrefix(rest, fields[i]), isIFS)
		} else {
			rest = ""
		}
	}
	return vals, fields, true
}

// setPositionalFrom applies set's operands to the positional parameters:
// set -- a b, or set a b after its options.
func setPositionalFrom(c *call) {
	for i, a := range c.args {
		switch {
		case a.dyn:
			// an option or an operand: either way not known
			c.walk().setPositional(nil, false)
			return
		case a.val == "--":
			c.walk().setPositionalArgs(c.args[i+1:])
			return
		case a.val == "-o" || a.val == "+o":
			return // set -o NAME: an option, and nothing else here is read
		case !strings.HasPrefix(a.val, "-") && !strings.HasPrefix(a.val, "+"):
			c.walk().setPositionalArgs(c.args[i:])
			return
		}
	}
}

func (w *walker) setPositionalArgs(args []arg) {
	w.setPositional(args, true)
}

var ruleShift = rule{id: "shift", level: Minimal, why: "moves the positional parameters along"}

// shiftCommand: shift N drops the first N positional parameters.
func shiftCommand(c *call) flow {
	c.raise(ruleShift)
	w := c.walk()
	n := 1
	if len(c.args) > 0 {
		v, err := strconv.Atoi(c.args[0].val)
		if c.args[0].dyn || err != nil || v < 0 {
			w.setPositional(nil, false)
			return flow{}
		}
		n = v
	}
	count := w.positionalCount()
	if count < 0 {
		w.setPositional(nil, false)
		return flow{}
	}
	var vals []arg
	for i := n + 1; i <= count; i++ {
		k := strconv.Itoa(i)
		if m, ok := w.dynVals[k]; ok {
			vals = append(vals, w.markerArg(m))
			continue
		}
		vals = append(vals, arg{val: w.vars[k]})
	}
	if n <= count {
		w.setPositional(vals, true)
	}
	return flow{}
}

// splitRead splits line as read does with an IFS that holds characters
// other than blanks: each such character ends a field, empty fields
// included, and blanks in IFS around it are dropped. The last of n names
// takes the rest of the line, less one trailing delimiter when only one
// field is left (bash's rule: IFS=, read a b <<< "x,y," sets b to y).
func splitRead(line, ifs string, n int) (vals, fields []string) {
	isWS := func(b byte) bool { return strings.IndexByte(" \t\n", b) >= 0 && strings.IndexByte(ifs, b) >= 0 }
	isIFS := func(b byte) bool { return strings.IndexByte(ifs, b) >= 0 }
	var starts []int
	i := 0
	for i < len(line) && isWS(line[i]) {
		i++
	}
	for i < len(line) {
		start := i
		for i < len(line) && !isIFS(line[i]) {
			i++
		}
		fields = append(fields, line[start:i])
		starts = append(starts, start)
		for i < len(line) && isWS(line[i]) {
			i++
		}
		if i < len(line) && isIFS(line[i]) {
			i++
		}
		for i < len(line) && isWS(line[i]) {
			i++
		}
	}
	vals = make([]string, n)
	for k := 0; k < n && k < len(fields); k++ {
		vals[k] = fields[k]
	}
	if n > 0 && len(fields) > n {
		vals[n-1] = strings.TrimRightFunc(line[starts[n-1]:], func(r rune) bool { return r < 128 && isWS(byte(r)) })
	}
	return vals, fields
}
