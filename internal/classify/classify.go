package classify

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Classify returns the verdict for the shell input src run in env.
// It never panics and never returns an empty Reasons list: an internal
// failure becomes a high verdict that says so.
func Classify(src string, env Env) (v Verdict) {
	return classifyWith(src, env, nil)
}

// classifyWith is Classify with the index of protected files built
// already, when the caller has one for an Env with the same Protected and
// Home (an MCP call's arguments: each is classified on its own, and the
// index was most of what a short one cost).
func classifyWith(src string, env Env, guards *guardIndex) (v Verdict) {
	w := newWalker(env, min(len(src), MaxInputBytes))
	w.guards = guards
	defer parsers.Put(w.parser)
	defer func() {
		if p := recover(); p != nil {
			r := Reason{
				Rule: "internal-error", Level: High, Pos: Pos{1, 1}, Snippet: snippet(src),
				Message: "the classifier failed, so the input is treated as unknown", Detail: fmt.Sprint(p),
				Stage: StageShell, Effect: Effect{Kind: EffectRun},
			}
			v = Verdict{Level: High, Reasons: []Reason{r}, Floors: []Reason{r}}
		}
	}()
	w.selfVars = mentionsSelfVars(src)
	w.input = src
	w.inputIFS = strings.Contains(src, "IFS")
	w.script(src, nil)
	if len(w.v.Reasons) == 0 {
		r := Reason{Rule: "empty", Level: Minimal, Pos: Pos{1, 1}, Message: "runs nothing", Stage: StageShell, Effect: Effect{Kind: EffectRun}}
		w.v.Reasons = append(w.v.Reasons, r)
		w.v.Floors = append(w.v.Floors, r)
	}
	w.v.Reasons, w.v.Floors = onceEach(w.v.Reasons), onceEach(w.v.Floors)
	for i := range w.v.Commands {
		w.v.Commands[i].Reasons = onceEach(w.v.Commands[i].Reasons)
	}
	return w.v
}

// onceEach drops a reason given before in full (rule, place, message):
// two stages may judge the same thing (a redirect judged before and after
// its content is known, a command walked again for a followed value), and
// saying it twice tells a person nothing more.
func onceEach(rs []Reason) []Reason {
	if len(rs) < 2 {
		return rs
	}
	if len(rs) <= 16 && !hasTwice(rs) {
		// every call pays for this: a short list is compared in place
		return rs
	}
	seen := make(map[Reason]bool, len(rs))
	var out []Reason // a new array: rs may share its array with another list
	for i, r := range rs {
		switch {
		case !seen[r] && out != nil:
			out = append(out, r)
		case seen[r] && out == nil:
			out = append(make([]Reason, 0, len(rs)-1), rs[:i]...)
		}
		seen[r] = true
	}
	if out == nil {
		return rs
	}
	return out
}

// hasTwice says whether a reason stands twice in rs.
func hasTwice(rs []Reason) bool {
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			if rs[i] == rs[j] {
				return true
			}
		}
	}
	return false
}

// walker visits every command an input could run. One walker serves one
// Classify call, including the scripts it re-parses (bash -c, eval,
// heredocs fed to shells).
type walker struct {
	parser *syntax.Parser
	v      Verdict

	src   string // the text being walked; positions index into it
	base  *Pos   // inside a re-parsed script: where that script sits in the input
	depth int    // how many scripts deep (bash -c inside bash -c ...)

	cwd    string // the directory relative paths resolve against
	cwdDyn bool   // after cd to a dynamic path: relative paths are unknown
	// sure is where commands run if the last cd failed, when a && made
	// the command depend on it (tools_files_find.go); nil: the workspace
	sure *sureDir
	// dirs are $OLDPWD and pushd's stack, kept as cwd is (shell_dirstack.go)
	dirs dirStack

	vars      map[string]string // static values assigned so far, for $x in the command position
	tmpdirSet bool              // this input assigns TMPDIR: $TMPDIR is no longer known to be temporary
	// overCommands: the input ran past maxCommands; what is left is not
	// walked, and the verdict is at least high (rule input-limit)
	overCommands bool
	assoc        map[string]bool // associative arrays declared so far (their subscripts are strings)
	intVars      map[string]bool // integer variables (declare -i): what is assigned is arithmetic

	// the rest of the data flow state (shell_dataflow.go, shell_written.go)
	arrays     map[string][]string          // indexed arrays with known elements
	arrIdx     map[string][]int             // the indices of a sparse array's elements (shell_indexedarrays.go)
	maps       map[string]map[string]string // associative arrays with known keys and values (shell_assocarrays.go)
	forgotten  map[string]bool              // assigned a value not known here
	guessed    map[string]bool              // vars holds a likely value, not the exact one
	dynVals    map[string]string            // dynamic values, as a marker (see marker)
	alts       map[string][]string          // the static values a dynamic variable may hold
	closed     map[string]bool              // alts holds every value the variable may hold (shell_alternatives.go)
	globAlts   map[string]map[string]bool   // the values of a loop's variable that are a glob it loops over (loopPattern)
	background int                          // statements run in the background (cmd &) being walked
	splitWork  int                          // bytes of statements walked again once per value (shell_alternatives.go)
	splitCut   bool                         // past maxSplitWork or maxSplitParts
	splitting  *syntax.Stmt                 // the statement being walked with one of its values
	splitMul   int                          // how many times it is walked, with the statements around it
	spans      map[*syntax.Stmt]stmtSpan    // where each statement reads each name, built on first use (shell_alternatives.go)
	markers    []arg                        // the dynamic words markers stand for
	elemArgs   [][]arg                      // the words of the array assigned last, resolved
	undo       []undoEntry                  // every change to the above, for subshells and branches
	aliases    map[string][]string
	aliasing   map[string]bool // aliases being expanded: bash does not expand one inside itself
	funcs      map[string][]funcDef
	funcDepth  int
	followWork int                 // bytes judged again to follow values (see spend)
	follows    int                 // how many times
	followCut  bool                // the limit was reached
	hashed     map[string][]string // hash -p PATH NAME
	hashing    bool
	files      map[string]*written // files this input wrote

	// heldOff: the walk judges no suffixes of an unknown program's
	// arguments (shell_heldcommands.go): it is one already
	heldOff bool
	// heldWords: the words of those suffixes judged so far (maxHeldWords)
	heldWords int

	keywordEnv bool // set -k: NAME=value anywhere on a command line goes into its environment
	allExport  bool // set -a: every assignment exports its variable (shell_environment.go)
	// exported are the variables this input put into the environment of
	// later commands (shell_environment.go)
	exported map[string]bool
	// locals are the names the function being walked declared local with
	// an export flag, and inFunc how many function bodies are being walked
	// (shell_environment.go: funcScope)
	locals map[string]bool
	inFunc int
	// namerefs are the name references declared so far (declare -n r=x:
	// r to x), see shell_namerefs.go
	namerefs   map[string]string
	histExpand bool // set -H: !$ and its kin expand to earlier words
	inName     bool // resolving a command's name, which stays dynamic when spelled with a value (design §2.10)
	lastpipe   bool // shopt -s lastpipe: a pipeline's last command runs in this shell
	cdAnywhere bool // CDPATH or cdable_vars: cd NAME may go anywhere

	// frames are the constructs the walk is inside, outermost first. A
	// push copies them to a new array, never writing into one a recorded
	// command shares, so a command takes the slice as it is.
	frames []Frame
	lastID int            // the ID of the last frame pushed
	expCfg *expand.Config // built on first use
	work   int            // bytes parsed so far, re-parsed scripts included
	// braceTotal is the words brace expansion has made so far (shell_braces.go)
	braceTotal int
	// policy judges the paths (policy.go); the walker is its walkState
	policy
	// startupWrites are a statement's redirections into shell startup
	// files, judged once the command's output is known
	startupWrites []startupWrite
	// hooksDirs are the directories this input made git's hooks
	// directory (git config core.hooksPath): writing there is a foothold
	hooksDirs []string
	// input is the text Classify was given, and paths what shell_pathresolve.go
	// learned from it (which variables it may set), built on first use
	input string
	// inputIFS: the input names IFS, so splitting a value may cut it
	// anywhere (exactText); read once, asked of every dynamic word
	inputIFS bool
	paths    *pathState
	// linkTrees are the directories below which an earlier command may have
	// made links the input does not show ("/" when that directory is not
	// known), and linkTreesNext those the command being judged adds
	// (shell_links.go)
	linkTrees     []string
	linkTreesNext []string
	madeLinks     []madeLink
	// cutVars are the variables whose value a budget dropped (too long to
	// follow): a word that expands one is cut (arg.cut)
	cutVars map[string]bool
	// stage raises the reasons that belong to no single command:
	// StageShell, or StageToolCall while a tool call is judged (zero is
	// StageShell)
	stage Stage
}

// parsers are reused across calls: a Parser holds buffers worth keeping,
// and one Classify call uses one parser at a time.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

func newWalker(env Env, size int) *walker {
	w := &walker{
		// about one command per 25 bytes and two reasons per command: one
		// allocation each instead of a dozen copies while they grow
		v:      Verdict{Reasons: make([]Reason, 0, max(8, size/12)), Commands: make([]Command, 0, max(4, size/25))},
		parser: parsers.Get().(*syntax.Parser),
	}
	w.policy = newPolicy(env, w)
	w.cwd = startDir(w.env)
	w.cwdDyn = w.cwd == ""
	return w
}

// wd, altDir (shell_builtins.go), gitHooksDirs, dotglob, linkAlts (shell_links.go)
// and homeWord (shell_pathresolve.go) are what the walker tells its policy
// (walkState).

func (w *walker) wd() (string, bool) { return w.cwd, w.cwdDyn }

func (w *walker) gitHooksDirs() []string { return w.hooksDirs }

func (w *walker) dotglob() bool { return w.pathInfo().dotglob }

// startDir is the directory an input starts in: env.Cwd when it is a
// clean absolute path, else the workspace.
func startDir(env Env) string {
	if c := cleanAbs(env.Cwd); c != "" {
		return c
	}
	return env.Workspace
}

func cleanAbs(p string) string {
	if p == "" || !strings.HasPrefix(p, "/") {
		return ""
	}
	return path.Clean(p)
}

// pos maps a parser position to the input's position.
func (w *walker) pos(p syntax.Pos) Pos {
	if w.base != nil {
		return *w.base
	}
	if !p.IsValid() {
		return Pos{1, 1}
	}
	return Pos{int(p.Line()), int(p.Col())}
}

// text returns the source text of a node.
func (w *walker) text(n syntax.Node) string {
	s, e := n.Pos().Offset(), n.End().Offset()
	if s <= e && int(e) <= len(w.src) {
		return w.src[s:e]
	}
	return ""
}

// snippet shortens text to one line for a reason.
func snippet(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if len(s) > 80 {
		cut := 77
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// raise adds a reason that belongs to no single command (a parse error, a
// redirection, a limit); detail is what this occurrence adds to the
// rule's message (Reason.Detail).
func (w *walker) raise(ru rule, detail string, p Pos, snip string) {
	w.raiseWith(ru, occurrence{detail: detail}, p, snip)
}

// raiseWith is raise for an occurrence that knows more than its detail.
func (w *walker) raiseWith(ru rule, o occurrence, p Pos, snip string) {
	raiser := w.stage
	if raiser == 0 {
		raiser = StageShell
	}
	if o.target == "" {
		o.target = ru.target
	}
	stage, effect := stageEffect(ru, o, raiser, false, "")
	r := Reason{Rule: ru.id, Level: ru.level, Dangerous: ru.dangerous, Message: ru.why, Detail: joinDetail(o.detail, ru.via), Pos: p, Snippet: snippet(snip), Stage: stage, Effect: effect}
	w.v.Reasons = append(w.v.Reasons, r)
	w.v.Floors = append(w.v.Floors, r)
	w.lift(ru.level, ru.dangerous)
}

func (w *walker) lift(l Level, dangerous bool) {
	if l > w.v.Level {
		w.v.Level = l
	}
	if dangerous {
		w.v.Dangerous = true
		w.v.Level = High
	}
}

var parseRule = rule{id: "parse-error", level: High, why: "the shell cannot parse this input, so what it runs is unknown", effect: EffectRun}

// script parses src and walks it. base is nil for the input itself and the
// position of the word that held src for a re-parsed script. It adds no
// frame: it also reads text again another way (after a parse error, for a
// comment ending in a backslash, for arithmetic over a value), which puts
// nothing inside anything. Code a command runs goes through runScript.
func (w *walker) script(src string, base *Pos) {
	at := Pos{1, 1}
	if base != nil {
		at = *base
	}
	if l, msg := checkLimits(src); l != LimitNone {
		w.pastLimit(l, limitRule, msg, at, src)
		return
	}
	// every parse costs a fixed setup besides its length
	if w.work += len(src) + 512; w.work > maxWork {
		w.pastLimit(LimitWork, limitRule, "input expands into more script than permguard inspects", at, src)
		return
	}
	if w.depth > maxReparse {
		w.pastLimit(LimitScripts, limitRule, fmt.Sprintf("scripts nest more than %d levels deep (bash -c, eval)", maxReparse), at, src)
		return
	}
	f, err := w.parser.Parse(strings.NewReader(src), "")
	if err != nil {
		msg := err.Error()
		rest := strings.TrimLeft(src, "&|;! \t\n")
		errOff := -1
		if pe, ok := err.(syntax.ParseError); ok {
			msg = pe.Text
			errOff = int(pe.Pos.Offset())
			if base == nil {
				at = Pos{int(pe.Pos.Line()), int(pe.Pos.Col())}
			}
			if off := int(pe.Pos.Offset()); rest == src && off > 0 && off < len(src) {
				// what follows the error may still be run by a shell
				// that reads the input differently
				rest = strings.TrimLeft(src[off:], "&|;!)}` \t\n")
			}
		}
		w.raise(parseRule, msg, at, src)
		// bash may still run part of it, or our parser may disagree with
		// bash: judge what a forgiving parse finds too (it can only raise)
		rp := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(3))
		if f, _ = rp.Parse(strings.NewReader(src), ""); f != nil {
			w.walkFile(f, src, base)
		}
		if i := elementBracket(src, errOff); i >= 0 {
			// bash takes a word in a=( ... ) that starts with [ but is no
			// [key]=value as a plain element: a=([/x y) holds "[/x"
			w.depth++
			w.script(src[:i]+`\`+src[i:], &at)
			w.depth--
		}
		if strings.Contains(src, "((") {
			// bash reads "((" that is not arithmetic as two subshells
			w.depth++
			w.script(strings.ReplaceAll(src, "((", "( ("), &at)
			w.depth--
		}
		if rest != src && rest != "" {
			w.depth++
			w.script(rest, &at)
			w.depth--
		}
		return
	}
	w.walkFile(f, src, base)
	if fixed := commentContinuations(src); fixed != "" {
		// the parser joins the line after a comment ending in a backslash;
		// bash does not: judge what bash runs too
		w.depth++
		w.script(fixed, &at)
		w.depth--
	}
}

// elementBracket returns where the word that starts with [ nearest
// before a parse error at off begins, when it is inside an array's
// ( ... ): the parser takes such a word for [key]=value and fails where
// bash reads it as a plain element. It returns -1 when there is none.
func elementBracket(src string, off int) int {
	if off < 0 || off >= len(src) || !strings.Contains(src[:off+1], "=(") {
		return -1
	}
	for i := off; i > 0; i-- {
		if src[i] == '[' && strings.ContainsRune("( \t\n", rune(src[i-1])) {
			if strings.Contains(src[:i], "=(") {
				return i
			}
			return -1
		}
	}
	return -1
}

// push enters a frame and returns the frames to restore when it ends.
func (w *walker) push(k FrameKind, name string, p Pos, text string) []Frame {
	saved := w.frames
	w.lastID++
	w.frames = append(saved[:len(saved):len(saved)], Frame{Kind: k, Name: name, Pos: p, Snippet: snippet(text), ID: w.lastID})
	return saved
}

// enter pushes a frame for a construct of the input.
func (w *walker) enter(k FrameKind, name string, n syntax.Node) []Frame {
	return w.push(k, name, w.pos(n.Pos()), w.text(n))
}

// runScript classifies src as shell code that c runs (bash -c, eval, a
// git alias), inside a frame that says so.
func (c *call) runScript(k FrameKind, src string) {
	saved := c.walk().push(k, c.name, c.pos, src)
	c.walk().script(src, &c.pos)
	c.walk().frames = saved
}

// commentContinuations returns src with the backslash that ends a comment
// removed, when there is one, else "". mvdan.cc/sh reads "# x \" followed
// by a newline as continuing onto the next line; bash ends the comment.
func commentContinuations(src string) string {
	if !strings.Contains(src, "\\\n") || !strings.Contains(src, "#") {
		return ""
	}
	f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(src), "")
	if err != nil {
		return ""
	}
	b := []byte(src)
	changed := false
	fix := func(c *syntax.Comment) {
		// the parser keeps the backslash and the newline in the text
		bs := int(c.Hash.Offset()) + 1 + len(c.Text) - 2
		if strings.HasSuffix(c.Text, "\\\n") && bs >= 0 && bs < len(b) && b[bs] == '\\' {
			b[bs] = ' '
			changed = true
		}
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.Comment); ok {
			fix(c)
		}
		return true
	})
	if !changed {
		return ""
	}
	return string(b)
}

func (w *walker) walkFile(f *syntax.File, src string, base *Pos) {
	saveSrc, saveBase := w.src, w.base
	w.src, w.base = src, base
	w.depth++
	w.stmts(f.Stmts)
	w.depth--
	w.src, w.base = saveSrc, saveBase
}

func (w *walker) stmts(list []*syntax.Stmt) {
	for _, s := range list {
		if w.overCommands {
			return
		}
		w.stmt(s, flow{})
	}
}

// stmt walks one statement whose standard input is in, and returns what it
// writes to its standard output, for a pipeline's next command.
func (w *walker) stmt(s *syntax.Stmt, in flow) flow {
	if len(w.alts) > 0 && s != nil && s != w.splitting {
		// it reads a name with several values: each is walked
		// (shell_alternatives.go)
		if out, ok := w.splitStmt(s, in); ok {
			return out
		}
	}
	if s == nil || s.Cmd == nil {
		// a statement of redirections only: "> file" truncates the file
		w.redirects(s, nil)
		return flow{kind: flowData}
	}
	saved := w.startupWrites
	w.startupWrites = nil
	in = w.redirects(s, &in)
	pending := w.startupWrites
	w.startupWrites = saved
	var out flow
	if s.Background {
		// cmd & runs in a subshell: what it assigns stays there
		w.background++
		defer func() { w.background-- }()
		w.compound(func() {
			mark := len(w.undo)
			out = w.command(s.Cmd, in, s)
			w.rollback(mark)
		})
	} else {
		out = w.command(s.Cmd, in, s)
	}
	w.noteRedirects(s, out)
	for _, sw := range pending {
		// what the command prints reaches the file; anything else
		// (stderr, another descriptor) is not known now
		content := flow{kind: flowData}
		if sw.stdout {
			content = out
		}
		content = w.landed(content)
		if sw.textOnly && !w.landsGuardText(content) && !(sw.alsoStdout && w.landsGuardText(w.landed(out))) {
			continue // the place was judged already; only such text adds
		}
		w.keeps = sw.keeps
		ru, ok := w.writeRuleOf(sw.target, content)
		w.keeps = false
		if sw.alsoStdout && ok && !ru.dangerous && w.landsGuardText(w.landed(out)) {
			ru = ruleWriteGuardText
		}
		if ok && ru.dangerous && ru.id != sw.raised {
			w.raiseWith(ru, occurrence{target: w.pathTarget(sw.target), kind: EffectWrite}, sw.pos, sw.snip)
		}
	}
	return out
}

// landsGuardText reports content that is text known now and names the
// guard (policy.namesGuard).
func (w *walker) landsGuardText(content flow) bool {
	return content.kind == flowText && w.namesGuard(content.text)
}

// landed is the content a write is judged by: as it is, or, for data not
// known now that holds text known now naming the guard (flow.known: sed's
// added lines), that text, which lands whatever the rest is.
func (w *walker) landed(content flow) flow {
	if content.kind != flowText && content.known != "" && w.namesGuard(content.known) {
		return flow{kind: flowText, text: content.known}
	}
	return content
}

// startupWrite is a redirection into a shell startup file, or one whose
// text may name the guard.
type startupWrite struct {
	target arg
	stdout bool // it receives the command's standard output only
	// alsoStdout: it receives the standard output and more (&>), so
	// the content is not known, but a text that names the guard there
	// lands in it
	alsoStdout bool
	keeps      bool // it appends (>>): see policy.keeps
	// textOnly: no startup file; only a text that names the guard
	// changes what the write is
	textOnly bool
	// raised is the rule the redirect raised before the content was
	// known: the same reason is not given twice
	raised string
	pos    Pos
	snip   string
}

// compound walks a command that may change the directory in one branch
// only; afterwards the directory is unknown if it changed.
func (w *walker) compound(fn func()) {
	mark := len(w.undo)
	w.uncertainDirs(fn)
	// so is every value it assigned
	w.uncertainAfter(mark)
}

// uncertainDirs is compound for code whose values branches judges: only
// the directory, $OLDPWD and pushd's stack become unknown if they changed.
func (w *walker) uncertainDirs(fn func()) {
	cwd, dyn := w.cwd, w.cwdDyn
	dirs := w.dirs
	fn()
	if w.cwd != cwd || w.cwdDyn != dyn {
		w.cwd, w.cwdDyn = "", true
	}
	if !w.dirs.same(dirs) {
		w.dirs = unknownDirs
	}
}

// isolated walks code that runs in its own process or later (a subshell, a
// function body): directory changes inside do not leak out.
func (w *walker) isolated(fn func()) {
	cwd, dyn := w.cwd, w.cwdDyn
	dirs := w.dirs
	mark := len(w.undo)
	fn()
	w.cwd, w.cwdDyn = cwd, dyn
	w.dirs = dirs
	w.rollback(mark)
}

func (w *walker) command(cmd syntax.Command, in flow, s *syntax.Stmt) flow {
	switch x := cmd.(type) {
	case *syntax.CallExpr:
		return w.callExpr(x, in, s)
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.Pipe, syntax.PipeAll:
			saved := w.enter(FramePipeline, "", x)
			out := w.pipeline(x, in)
			w.frames = saved
			return out
		case syntax.AndStmt:
			first, rest := andChain(x)
			cwd, dyn := w.cwd, w.cwdDyn
			w.stmt(first, in)
			// a && b && c: c runs only if b succeeded, so what b assigned
			// holds in c; after the list, any side but the first may not
			// have run, so each name they changed may hold its value
			// from before the list or from the end of any side
			mark := len(w.undo)
			var alts alternatives
			var out flow
			for _, st := range rest {
				end := w.andThen(cwd, dyn)
				out = w.stmt(st, flow{})
				w.collectAlts(mark, &alts)
				end()
			}
			w.forgetAlts(&alts, 0)
			if len(rest) == 1 && quietCd(first) && out.kind == flowText {
				// cd DIR && pwd: cd prints nothing, so what the list
				// prints is what the right side does
				return out
			}
		default: // ||: the right side may not run, so a cd there is uncertain
			w.stmt(x.X, in)
			w.compound(func() { w.stmt(x.Y, flow{}) })
		}
	case *syntax.Subshell:
		saved := w.enter(FrameSubshell, "", x)
		w.isolated(func() { w.stmts(x.Stmts) })
		w.frames = saved
	case *syntax.Block:
		saved := w.enter(FrameGroup, "", x)
		for i, st := range x.Stmts {
			if i == 0 {
				// the group's input is read by its first command that reads
				w.stmt(st, in)
				continue
			}
			w.stmt(st, flow{})
		}
		w.frames = saved
	case *syntax.IfClause:
		saved := w.enter(FrameIf, "", x)
		w.uncertainDirs(func() {
			var parts []func()
			exhaustive, unsure := false, false
			for c := x; c != nil; c = c.Else {
				// a plain else: one of the parts surely runs
				exhaustive = !c.ThenPos.IsValid()
				parts = append(parts, func() {
					mark := len(w.undo)
					w.stmts(c.Cond)
					unsure = unsure || len(w.undo) > mark && x.Else != nil
					w.stmts(c.Then)
				})
			}
			w.branchesOf(exhaustive, parts, &unsure)
		})
		w.frames = saved
	case *syntax.WhileClause:
		k := FrameWhile
		if x.Until {
			k = FrameUntil
		}
		saved := w.enter(k, "", x)
		w.compound(func() {
			w.loop(x, func() {
				if in.kind == flowText {
					// while read line; do ...; done <<< text: the loop's
					// input is the condition's; read takes its first line
					for _, c := range x.Cond {
						w.stmt(c, in)
					}
				} else {
					w.stmts(x.Cond)
				}
				w.stmts(x.Do)
			})
		})
		w.frames = saved
	case *syntax.ForClause:
		k := FrameFor
		if x.Select {
			k = FrameSelect
		}
		saved := w.enter(k, "", x)
		w.compound(func() { w.loop(x, func() { w.forLoop(x) }) })
		w.frames = saved
	case *syntax.CaseClause:
		saved := w.enter(FrameCase, "", x)
		w.word(x.Word)
		w.uncertainDirs(func() {
			var parts []func()
			for _, item := range x.Items {
				parts = append(parts, func() {
					for _, p := range item.Patterns {
						w.nested(p)
					}
					w.stmts(item.Stmts)
				})
			}
			exhaustive, unsure := caseShape(x)
			w.branchesOf(exhaustive, parts, &unsure)
		})
		w.frames = saved
	case *syntax.FuncDecl:
		w.funcDecl(x)
	case *syntax.ArithmCmd:
		w.arith(x.X)
	case *syntax.LetClause:
		for _, e := range x.Exprs {
			w.arith(e)
		}
	case *syntax.TestClause:
		w.testClause(x)
	case *syntax.DeclClause:
		w.declClause(x, s)
	case *syntax.TimeClause:
		if x.Stmt != nil {
			return w.stmt(x.Stmt, in)
		}
	case *syntax.CoprocClause:
		name := ""
		if x.Name != nil {
			name = x.Name.Lit()
		}
		saved := w.enter(FrameCoproc, name, x)
		w.isolated(func() { w.stmt(x.Stmt, in) })
		w.frames = saved
	case *syntax.TestDecl:
		// bats' @test: a function's body, with a description for a name
		saved := w.enter(FrameFunction, "@test", x)
		w.isolated(func() { w.stmt(x.Body, flow{}) })
		w.frames = saved
	default:
		w.raise(rule{id: "unknown-construct", level: High, effect: EffectRun, why: "uses a shell construct permguard does not know"}, "", w.pos(cmd.Pos()), w.text(cmd))
	}
	return flow{kind: flowData}
}

// forLoop walks a for or select loop's words and body.
func (w *walker) forLoop(x *syntax.ForClause) {
	switch l := x.Loop.(type) {
	case *syntax.WordIter:
		var vals []string
		var items []arg
		known := true
		for _, word := range l.Items {
			for _, a := range w.word(word) {
				known = known && !a.dyn
				vals = append(vals, a.val)
				items = append(items, a)
			}
		}
		if l.Name != nil {
			// the loop variable takes each value in turn
			w.setShellVar(l.Name.Value, nil, w.pos(l.Name.Pos()), w.text(x))
			switch {
			case !x.Select && l.InPos.IsValid() && len(items) > 0:
				// (shell_alternatives.go)
				w.loopValues(w.refTarget(l.Name.Value), items)
			case known:
				w.guessVar(l.Name.Value, strings.Join(vals, " "))
			}
		}
	case *syntax.CStyleLoop:
		w.arith(l.Init)
		w.arith(l.Cond)
		w.arith(l.Post)
	}
	w.stmts(x.Do)
}

// funcDecl walks a function's body where it is defined.
func (w *walker) funcDecl(x *syntax.FuncDecl) {
	// A call to the function is judged as a program of that name, so
	// defining a function never makes a later command look safer.
	name := ""
	if x.Name != nil {
		name = x.Name.Value
	}
	// the body is classified whether or not it is ever called; it runs
	// in this shell when called, so a cd in it leaves the directory
	// unknown from here on
	saved := w.enter(FrameFunction, name, x)
	w.compound(func() {
		w.defineFunction(x, name, func() {
			if b, ok := x.Body.Cmd.(*syntax.Block); ok && len(x.Body.Redirs) == 0 {
				// nearly every body is { }: a group frame would only repeat the function
				w.stmts(b.Stmts)
				return
			}
			w.stmt(x.Body, flow{})
		})
	})
	w.frames = saved
	name = strings.ToLower(name)
	if name != "" && forksItself(x, name) {
		w.raise(rule{id: "fork-bomb", level: High, dangerous: true, effect: EffectRun, why: "defines a function that keeps starting copies of itself until the machine stalls"}, "", w.pos(x.Pos()), w.text(x))
	}
}

// pipeline walks the two sides of a pipe, which each run in a subshell.
func (w *walker) pipeline(x *syntax.BinaryCmd, in flow) flow {
	var out flow
	w.isolated(func() { out = w.pipeSide(x.X, in) })
	if w.lastpipe {
		// shopt -s lastpipe: the last command runs in this shell
		w.compound(func() { out = w.pipeSide(x.Y, out) })
		return out
	}
	w.isolated(func() { out = w.pipeSide(x.Y, out) })
	return out
}

// pipeSide walks one side of a pipe. The parser nests a | b | c as
// (a | b) | c: a side that is itself a pipe is the same pipeline, so it
// gets no frame of its own.
func (w *walker) pipeSide(s *syntax.Stmt, in flow) flow {
	if s != nil {
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
			return w.pipeline(b, w.redirects(s, &in))
		}
	}
	return w.stmt(s, in)
}

// forksItself reports a function that calls itself in a pipeline or in
// the background: the shape of a fork bomb.
func forksItself(fd *syntax.FuncDecl, name string) bool {
	spawns, self := false, false
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt:
			if x.Background {
				spawns = true
			}
		case *syntax.BinaryCmd:
			if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
				spawns = true
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 && strings.EqualFold(x.Args[0].Lit(), name) {
				self = true
			}
		}
		return true
	})
	return spawns && self
}

// nested classifies the commands inside a node that is not itself a
// command: $(...), <(...), and the substitutions inside arithmetic,
// [[ ]], parameter expansions and case patterns.
func (w *walker) nested(n syntax.Node) {
	syntax.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			saved := w.enter(FrameCmdSubst, "", x)
			w.isolated(func() { w.stmts(x.Stmts) })
			w.frames = saved
			return false
		case *syntax.ProcSubst:
			saved := w.enter(FrameProcSubst, "", x)
			w.isolated(func() { w.stmts(x.Stmts) })
			w.frames = saved
			return false
		}
		return true
	})
}

// word classifies the commands hidden in a word and returns its values.
func (w *walker) word(word *syntax.Word) []arg {
	if word == nil {
		return nil
	}
	return w.resolve(word)
}

// quietCd reports a statement that is a plain cd to a static directory
// other than -, which prints nothing (CDPATH aside: the walk treats a cd
// andChain returns the statements of a list of && in the order they run:
// the first, and the ones that run only if all before them succeeded.
// (The parser nests a && b && c as (a && b) && c.)
func andChain(x *syntax.BinaryCmd) (*syntax.Stmt, []*syntax.Stmt) {
	rest := []*syntax.Stmt{x.Y}
	first := x.X
	for {
		b, ok := first.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt || len(first.Redirs) > 0 || first.Negated || first.Background || first.Coprocess {
			break
		}
		rest = append(rest, b.Y)
		first = b.X
	}
	slices.Reverse(rest)
	return first, rest
}

// then as going anywhere).
func quietCd(s *syntax.Stmt) bool {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(s.Redirs) > 0 || s.Negated || s.Background || len(ce.Assigns) > 0 || len(ce.Args) == 0 || len(ce.Args) > 2 {
		return false
	}
	if ce.Args[0].Lit() != "cd" {
		return false
	}
	return len(ce.Args) == 1 || ce.Args[1].Lit() != "-" && !strings.HasPrefix(ce.Args[1].Lit(), "-")
}

// adopt adds a script's verdict to the call's: its commands inside a
// frame named by the tool and the argument, every reason saying which
// argument raised it, its paths and trees for the link search, and its
// limit.
func (w *walker) adopt(s mcpScript) {
	rewrite := func(rs []Reason) []Reason {
		out := make([]Reason, len(rs))
		for i, r := range rs {
			r.Snippet = snippet(s.snip + r.Snippet)
			r.Detail = joinDetail(s.detail, r.Detail)
			out[i] = r
		}
		return out
	}
	w.lastID++
	top := Frame{Kind: FrameScript, Name: s.frame, Pos: Pos{1, 1}, Snippet: snippet(s.text), ID: w.lastID}
	base := w.lastID
	for _, cmd := range s.v.Commands {
		where := make([]Frame, 1, len(cmd.Where)+1)
		where[0] = top
		for _, f := range cmd.Where {
			f.ID += base
			w.lastID = max(w.lastID, f.ID)
			where = append(where, f)
		}
		cmd.Where = where
		cmd.Reasons = rewrite(cmd.Reasons)
		w.v.Commands = append(w.v.Commands, cmd)
	}
	w.v.Reasons = append(w.v.Reasons, rewrite(s.v.Reasons)...)
	w.v.Floors = append(w.v.Floors, rewrite(s.v.Floors)...)
	w.lift(s.v.Level, s.v.Dangerous)
	if w.v.Limit == LimitNone {
		w.v.Limit = s.v.Limit
	}
	for _, p := range s.v.Paths {
		if !w.notePath(p) {
			if w.v.Limit == LimitNone {
				w.pastLimit(LimitPaths, limitRule, fmt.Sprintf("names more than %d paths, past which permguard does not look for links", maxLinkPaths), Pos{1, 1}, s.snip)
			}
			break
		}
	}
	for _, t := range s.v.Trees {
		if !slices.Contains(w.v.Trees, t) {
			w.v.Trees = append(w.v.Trees, t)
		}
	}
	for _, p := range s.v.Reads {
		w.noteRead(p)
	}
	for _, p := range s.v.ReadTrees {
		w.noteReadTree(p)
	}
}

// ClassifyTool returns the verdict for a tool call that runs no shell
// command, with the same guarantees as [Classify]: never empty reasons,
// never a panic.
func ClassifyTool(tc ToolCall, env Env) (v Verdict) {
	w := newWalker(env, 0)
	defer parsers.Put(w.parser)
	defer func() {
		if p := recover(); p != nil {
			v = Verdict{Level: High, Reasons: []Reason{{Rule: "internal-error", Level: High, Pos: Pos{1, 1}, Snippet: snippet(tc.Name),
				Message: "the classifier failed, so the tool call is treated as unknown", Stage: StageToolCall, Effect: Effect{Kind: EffectAction, Target: tc.Name}}}}
			v.Floors = v.Reasons
		}
	}()
	// the call is judged as a tool call: a shell command its arguments
	// run is judged apart, by its own stages (adopt)
	w.stage = StageToolCall
	c := &call{ctx: w, pos: Pos{1, 1}, snippet: snippet(tc.Name), out: &Command{Pos: Pos{1, 1}, Snippet: snippet(tc.Name)}, stage: StageToolCall, action: tc.Name}
	var scripts []mcpScript // what an MCP tool's arguments run
	switch tc.Kind {
	case ToolFileRead:
		c.raise(ruleToolRead)
		for _, p := range tc.Paths {
			if w.readsSecret(arg{val: p}, true) {
				c.snippet = snippet(tc.Name + " " + p)
				c.raiseWith(ruleReadSecret, occurrence{target: w.pathTarget(arg{val: p})})
			}
		}
	case ToolFileWrite, ToolFileDelete:
		if len(tc.Paths) == 0 {
			c.raise(ruleToolNoPath)
		}
		for _, p := range tc.Paths {
			c.snippet = snippet(tc.Name + " " + p)
			a := arg{val: p}
			var ru rule
			var ok bool
			if tc.Kind == ToolFileWrite {
				ru, ok = w.writeRule(a)
			} else if ru, ok = w.deleteRule(a, false); !ok {
				ru, ok = ruleToolDelete, true
			}
			o := occurrence{target: w.pathTarget(a)}
			switch {
			case !ok:
				c.raiseWith(ruleToolSink, o)
			case ru.id == ruleWriteFile.id:
				c.raiseWith(ruleToolWrite, o)
			default:
				if tc.Kind == ToolFileDelete {
					o.kind = EffectDelete
				}
				c.raiseWith(ru, o)
			}
		}
	case ToolWeb:
		c.snippet = snippet(strings.TrimSpace(tc.Name + " " + tc.Target))
		c.raiseWith(ruleToolWeb, occurrence{target: tc.Target})
	case ToolBookkeeping:
		c.raise(ruleToolBook)
	default:
		// an MCP call, or a tool permguard does not know: maybe an MCP
		// tool under a name that does not say it is one (opencode's
		// <server>_<tool>), else high and raised by what its arguments
		// hold, as an unknown MCP server's are
		scripts = judgeMCPCall(w, c, tc)
	}
	// What settings patterns match: the tool's name, then its paths or
	// target ("Write src/a.go", "WebFetch https://...").
	c.name = tc.Name
	c.args = c.args[:0]
	for _, p := range tc.Paths {
		c.args = append(c.args, arg{val: p})
	}
	if tc.Target != "" && len(tc.Paths) == 0 {
		c.args = append(c.args, arg{val: tc.Target})
	}
	w.finish(c)
	for _, s := range scripts {
		w.adopt(s)
	}
	return w.v
}
