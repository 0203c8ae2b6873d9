package classify

// toolCtx is everything the tools stage may ask of the classification in
// progress: a tool's handler, its table row's checks and the MCP judge
// reach the walk only through it, never its fields, so what a tool does
// with its arguments can be read (and tested) without the walk's state.
// It has three parts, by the stage that answers:
//
//   - the shell stage runs what a tool runs (a command it starts, a
//     script it is given, a directory it changes to) and keeps what the
//     input has done so far (frames, links, hooks directories);
//   - the policy stage judges a path the tool reads, writes or deletes;
//   - the verdict so far: the limit passed, if any.
//
// *walker is the one implementation; the shell stage's own code (the
// builtins, the walk) gets the walker back with call.walk.
type toolCtx interface {
	// the shell stage: running what a tool runs

	// inner judges argv, run by c (the program named by), in a frame of
	// its own, with stdin in.
	inner(c *call, by string, argv []arg, in flow) flow
	// dispatch judges argv as a command c runs in its own frame.
	dispatch(c *call, argv []arg) flow
	// script judges src as shell code; base is where it sits in the input.
	script(src string, base *Pos)
	// push enters a frame; popFrames leaves every frame entered since
	// push returned saved.
	push(k FrameKind, name string, p Pos, text string) []Frame
	popFrames(saved []Frame)
	// chdir and positional change the directory and the positional
	// parameters for what a tool runs; the returned func restores them.
	chdir(dir arg) func()
	positional(args []arg) func()
	// cwdArg is the working directory as an argument, dyn when unknown.
	cwdArg() arg
	// secretArgs raises c when a word of its names a secret, as the walk
	// does for every command before its handler: for a tool that changes
	// its directory first (git -C), again from there.
	secretArgs(c *call)
	// setsEnv judges a variable the tool sets for what it runs.
	setsEnv(name string, val *arg, scope envScope, p Pos, raise func(rule, occurrence))
	// finish records c's verdict in the input's.
	finish(c *call)

	// the shell stage: what the input has done so far

	// environment is the session the input runs in; it is never written.
	environment() *Env
	// inBackground reports a command of a statement run in the
	// background (cmd &), at any depth.
	inBackground() bool
	// linkTargets are the places a path may reach through links this input
	// made; notePath records a path named, for the link search after.
	linkTargets(a arg) []arg
	notePath(p string) bool
	// noteMaybePath records a word that names a file only if one is
	// there, for the caller to look (Verdict.MaybePaths).
	noteMaybePath(p string)
	// noteHooksDir records a directory the input made git's hooks
	// directory: a later write into it plants a hook.
	noteHooksDir(d string)
	// archiveMembers and archiveLinks are what the session knows of an
	// archive file, when nothing in this input may have changed it.
	archiveMembers(file arg, formats string) ([]string, bool)
	archiveLinks(file arg) []ArchiveLink
	// limit is the bound of design §7 this input passed, or LimitNone;
	// pastLimit records passing one.
	limit() Limit
	pastLimit(l Limit, ru rule, msg string, p Pos, snip string)

	// the policy stage: judging paths

	abs(p string) (string, bool)
	// pathTarget is where a path resolves to, the target of an effect
	// on it (effects.go).
	pathTarget(a arg) string
	mustAbs(p string) string
	homeOf(name string) (string, bool)
	placeOf(a arg) (place, string)
	insideWorkspace(v string) bool
	isSecret(p string) bool
	isSecretDir(p string) bool
	readsSecret(a arg, dirs bool) bool
	// treeReadsSecret reports a tree read whole that holds a secret:
	// hidden says the walk reads hidden names too.
	treeReadsSecret(a arg, hidden bool) bool
	writeRule(a arg) (rule, bool)
	writeRuleOf(a arg, content flow) (rule, bool)
	// landed is the content a write of content is judged by (flow.known)
	landed(content flow) flow
	writeKeeping(a arg) (rule, bool)
	writeKeepingOf(a arg, content flow) (rule, bool)
	writeInto(a arg) (rule, bool)
	deleteRule(a arg, forced bool) (rule, bool)
	deleteRuleTree(a arg, forced bool, tree bool) (rule, bool)
	unknownInto(dir arg) (rule, bool)
	guard() *guardIndex
	guardOf(p string) (guardMatch, string)
	guardTarget(a arg, holders bool) (rule, bool)
	mentionsGuard(code string) (string, bool)
	findReach(root arg, ff findFilter) string
	findReachFor(root arg, ff findFilter, del bool) string
	surelyExists(p string) bool
	// treeNames lists what a whole-tree read takes below root, as far as
	// the session knows; holdsSecrets reports a directory with secrets
	// below it.
	treeNames(root arg) []arg
	holdsSecrets(p string) bool
	// throughLink is ru, judged again for where a link this input made
	// at l points.
	throughLink(ru rule, l arg) rule
}

var _ toolCtx = (*walker)(nil)

// walk is the walker behind c, for the shell stage's own code (builtins,
// the walk); the tools stage uses c.ctx.
func (c *call) walk() *walker { return c.ctx.(*walker) }

func (w *walker) environment() *Env { return &w.env }

func (w *walker) inBackground() bool { return w.background > 0 }

func (w *walker) limit() Limit { return w.v.Limit }

func (w *walker) popFrames(saved []Frame) { w.frames = saved }

func (w *walker) noteHooksDir(d string) { w.hooksDirs = append(w.hooksDirs, d) }

// cwdArg is the current directory as a path argument: unknown after a cd
// to a dynamic place.
func (w *walker) cwdArg() arg {
	if w.cwdDyn || w.cwd == "" {
		return arg{val: ".", dyn: true}
	}
	return arg{val: w.cwd}
}
