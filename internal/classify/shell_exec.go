package classify

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

var (
	ruleAssign       = rule{id: "assign", level: Minimal, why: "sets a shell variable", effect: EffectEnvironment}
	ruleEnvProgram   = rule{id: "env-changes-program", level: High, why: "sets an environment variable that changes which program runs or what it executes", effect: EffectEnvironment}
	ruleEnvUnknown   = rule{id: "env-unknown", level: High, unseen: true, why: "sets an environment variable permguard does not know, which may change what the program does", effect: EffectEnvironment}
	ruleEnvSelf      = rule{id: "self-protect", level: High, dangerous: true, why: "tries to change permguard's own settings", effect: EffectEnvironment}
	ruleEnvGuardVar  = rule{id: "self-protect-move", level: High, dangerous: true, why: "could switch the guard off: moves an agent's configuration away from the files the guard protects", effect: EffectEnvironment}
	ruleDynamicName  = rule{id: "dynamic-command", level: High, why: "runs a program whose name is only known at run time", effect: EffectRun}
	ruleLocalProgram = rule{id: "run-path", level: High, why: "runs a program from a path: code nobody has reviewed", effect: EffectRun}
	ruleProjectBin   = rule{id: "run-project-bin", level: Medium, why: "runs the project's installed copy of a known tool (judged as that tool)"}
	ruleBuildWrapper = rule{id: "run-build-wrapper", level: Medium, why: "runs the project's Gradle or Maven wrapper (judged as gradle or mvn)"}
	ruleUnknown      = rule{id: "unknown-program", level: High, why: "runs a program permguard does not know", unseen: true, effect: EffectRun}
	ruleVersion      = rule{id: "version-or-help", level: Minimal, why: "prints version or help text"}
)

// envProgram lists variables that make a program load or run other code.
var envProgram = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"PATH": true, "LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true, "BASH_ENV": true, "ENV": true,
		"GIT_SSH": true, "GIT_SSH_COMMAND": true, "GIT_EXTERNAL_DIFF": true, "GIT_EXEC_PATH": true, "GIT_DIR": true,
		"GIT_WORK_TREE": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "GIT_EDITOR": true, "GIT_SEQUENCE_EDITOR": true,
		"GIT_PAGER": true, "PAGER": true, "MANPAGER": true, "EDITOR": true, "VISUAL": true, "PROMPT_COMMAND": true,
		"PS4": true, "NODE_OPTIONS": true, "NODE_PATH": true, "PYTHONSTARTUP": true, "PYTHONPATH": true, "PYTHONHOME": true,
		"PERL5OPT": true, "PERL5LIB": true, "PERLLIB": true, "RUBYOPT": true, "RUBYLIB": true, "JAVA_TOOL_OPTIONS": true,
		"_JAVA_OPTIONS": true, "JDK_JAVA_OPTIONS": true, "GOFLAGS": true, "RUSTC_WRAPPER": true, "RUSTC": true,
		"CARGO_BUILD_RUSTC_WRAPPER": true, "CC": true, "CXX": true, "LESSOPEN": true, "LESSCLOSE": true, "IFS": true,
		"SHELLOPTS": true, "BASHOPTS": true, "SHELL": true, "GIT_TEMPLATE_DIR": true, "GIT_PROXY_COMMAND": true,
		"MAVEN_OPTS": true, "GRADLE_OPTS": true, "BROWSER": true, "TERMINAL": true, "HOME": true, "XDG_CONFIG_HOME": true,
		"ZDOTDIR": true, "INPUTRC": true, "NPM_CONFIG_SCRIPT_SHELL": true, "DYLD_INSERT_LIBRARIES": true,
		// options read from the environment: tar's can run a program per
		// member (--to-command) or extract elsewhere, unzip's and zip's
		// change where they write
		"TAR_OPTIONS": true, "UNZIP": true, "UNZIPOPT": true, "ZIP": true, "ZIPOPT": true,
	}
}}

// envBenign lists variables that only tune output, locale or build
// targets; setting them never raises a verdict.
var envBenign = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"LANG": true, "LANGUAGE": true, "TZ": true, "TERM": true, "NO_COLOR": true, "FORCE_COLOR": true, "CLICOLOR": true,
		"CLICOLOR_FORCE": true, "COLUMNS": true, "LINES": true, "CI": true, "CGO_ENABLED": true, "GOOS": true, "GOARCH": true,
		"GOARM": true, "GOAMD64": true, "GOMAXPROCS": true, "GODEBUG": true, "GOWORK": true,
		"GO111MODULE": true, "GOCACHE": true, "GOMODCACHE": true,
		"RUST_BACKTRACE": true, "RUST_LOG": true, "CARGO_TERM_COLOR": true, "CARGO_INCREMENTAL": true,
		"NODE_ENV": true, "MIX_ENV": true, "RAILS_ENV": true, "RACK_ENV": true, "APP_ENV": true, "DEBUG": true, "LOG_LEVEL": true, "VERBOSE": true, "PYTHONUNBUFFERED": true,
		"PYTHONDONTWRITEBYTECODE": true, "PYTHONWARNINGS": true, "PYTHONHASHSEED": true,
		"GIT_TERMINAL_PROMPT": true, "GIT_AUTHOR_NAME": true, "GIT_AUTHOR_EMAIL": true, "GIT_COMMITTER_NAME": true,
		"GIT_COMMITTER_EMAIL": true, "GIT_AUTHOR_DATE": true, "GIT_COMMITTER_DATE": true, "DOCKER_BUILDKIT": true,
		"COMPOSE_PROJECT_NAME": true, "NPM_CONFIG_LOGLEVEL": true, "JEST_WORKER_ID": true, "TF_LOG": true,
		"TMPDIR": true, "HISTFILE": true, "LC_ALL": true, "LC_CTYPE": true, "LC_MESSAGES": true, "LC_COLLATE": true,
		"LC_NUMERIC": true, "LC_TIME": true, "UV_CACHE_DIR": true, "PIP_DISABLE_PIP_VERSION_CHECK": true,
		// Foundation's unbuffered standard output, which Xcode's CI
		// examples set for xcodebuild
		"NSUnbufferedIO": true,
		// a static site generator's environment, which picks a
		// configuration as NODE_ENV does
		"HUGO_ENV": true, "HUGO_ENVIRONMENT": true, "JEKYLL_ENV": true,
	}
}}

// envRule judges setting the variable name for a command (prefix=true) or
// for the rest of the shell.
func (w *walker) envRule(name string, prefix bool) (rule, bool) {
	switch {
	case strings.HasPrefix(name, "PERMGUARD_"):
		return ruleEnvSelf, true
	case slices.Contains(w.env.GuardVars, name):
		return ruleEnvGuardVar, true
	case envProgram.get()[name] && envTuneOptions.get()[name] == nil, strings.HasPrefix(name, "GIT_CONFIG"), strings.HasPrefix(name, "DYLD_"),
		strings.HasPrefix(name, "LD_"), strings.HasPrefix(name, "BASH_FUNC_"), packageConfigVar(name) && !envJudgedByValue(name):
		return ruleEnvProgram, true
	case !prefix, envBenign.get()[name], strings.HasPrefix(name, "LC_"), envJudgedByValue(name), appConfigVar(name):
		return rule{}, false
	}
	return ruleEnvUnknown, true
}

// appConfigVar reports a variable a front-end bundler compiles into the
// application it builds (Vite's VITE_, Next.js's NEXT_PUBLIC_, Create
// React App's REACT_APP_, Expo's EXPO_PUBLIC_, SvelteKit's and Astro's
// PUBLIC_): configuration of the app, which the tools never run
// (issue 29).
func appConfigVar(name string) bool {
	for _, p := range []string{"VITE_", "NEXT_PUBLIC_", "REACT_APP_", "EXPO_PUBLIC_", "PUBLIC_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// packageConfigVar reports a variable npm, pnpm or yarn reads as its
// configuration, for every later command of the shell: npm_config_* can
// name the shell scripts run in (script-shell), the git program, another
// prefix, user config or package to run; YARN_* the yarn release that
// runs (yarnPath). Those that only tune output are left alone.
func packageConfigVar(name string) bool {
	up := strings.ToUpper(name)
	if !strings.HasPrefix(up, "NPM_CONFIG_") && !strings.HasPrefix(up, "YARN_") {
		return false
	}
	switch strings.TrimPrefix(strings.TrimPrefix(up, "NPM_CONFIG_"), "YARN_") {
	case "LOGLEVEL", "COLOR", "FUND", "AUDIT", "UPDATE_NOTIFIER", "PROGRESS", "ENABLE_TELEMETRY", "ENABLE_PROGRESS_BARS",
		"ENABLE_COLORS", "ENABLE_INLINE_BUILDS", "ENABLE_GLOBAL_CACHE", "CACHE_FOLDER", "CACHE":
		return false
	}
	return true
}

// sessionEnvTools set or unset variables for every program a service
// manager or terminal multiplexer starts later: launchctl setenv,
// systemctl --user set-environment, tmux set-environment, screen -X
// setenv.
var sessionEnvTools = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"launchctl": true, "systemctl": true, "tmux": true, "screen": true, "dbus-update-activation-environment": true,
	}
}}

// sessionEnv raises the self-protect rule when such a tool names one of
// permguard's variables, in whatever subcommand: reading one back is rare
// enough not to matter.
func sessionEnv(c *call) {
	for _, a := range c.args {
		if !a.dyn && strings.Contains(a.val, "PERMGUARD_") {
			c.raiseWith(ruleEnvSelf, occurrence{detail: "sets or unsets permguard's variables for programs started later", target: a.val})
			return
		}
	}
}

// commandVars hold a command line the program will run.
var commandVars = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"GIT_SSH_COMMAND": true, "PAGER": true, "GIT_PAGER": true, "MANPAGER": true, "EDITOR": true, "VISUAL": true,
		"GIT_EDITOR": true, "GIT_SEQUENCE_EDITOR": true, "PROMPT_COMMAND": true, "GIT_EXTERNAL_DIFF": true,
		"GIT_SSH": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "BROWSER": true, "LESSOPEN": true,
	}
}}

// commandValue classifies the command held by a variable such as
// GIT_SSH_COMMAND or PAGER, which the program will run.
func (w *walker) commandValue(name string, val *arg, p Pos) {
	w.flagsValue(name, val, p)
	if !commandVars.get()[name] || val == nil || val.dyn || val.val == "" {
		return
	}
	src := strings.TrimPrefix(val.val, "|")
	saved := w.push(FrameScript, name, p, src)
	w.script(src, &p)
	w.frames = saved
}

// callExpr classifies a simple command.
func (w *walker) callExpr(ce *syntax.CallExpr, in flow, s *syntax.Stmt) flow {
	p := w.pos(ce.Pos())
	snip := snippet(w.text(s))
	var env []rule
	var envAt []occurrence
	var prefix map[string]string
	var dynEnv []string
	addEnv := func(ru rule, o occurrence) {
		env = append(env, ru)
		envAt = append(envAt, o)
	}
	for _, as := range ce.Assigns {
		val := w.assignValue(as)
		name := ""
		if as.Name != nil {
			name = as.Name.Value
		}
		if len(ce.Args) == 0 {
			w.setShellVar(name, val, p, snip)
			w.assignShape(as, val)
			continue
		}
		w.setsEnv(name, val, scopeCommand, p, addEnv)
		if val == nil || val.dyn {
			dynEnv = append(dynEnv, name)
		}
		if val != nil && (!val.dyn || name == "IFS") {
			if prefix == nil {
				prefix = map[string]string{}
			}
			prefix[name] = val.val
			if val.dyn {
				// IFS=$x read a b: the fields read makes are not known
				prefix[name] = "\x00"
			}
		}
	}
	if len(ce.Args) == 0 {
		if len(ce.Assigns) > 0 {
			w.raise(ruleAssign, "", p, snip)
		}
		return flow{}
	}
	args := make([]arg, 0, len(ce.Args))
	var starts []int // where each word's fields begin, to follow values
	follow := w.hasValues()
	for i, word := range ce.Args {
		if follow {
			starts = append(starts, len(args))
		}
		w.inName = i == 0
		args = w.resolveInto(args, word)
	}
	w.inName = false
	if w.keywordEnv && len(args) > 1 {
		// set -k: NAME=value anywhere after the command name is environment
		kept := args[:1]
		for _, a := range args[1:] {
			name, val, ok := strings.Cut(a.val, "=")
			if ok && !a.dyn && isArithName(name) && !strings.Contains(name, "[") {
				w.setsEnv(name, &arg{val: val}, scopeCommand, p, addEnv)
				if prefix == nil {
					prefix = map[string]string{}
				}
				prefix[name] = val
				continue
			}
			kept = append(kept, a)
		}
		args = kept
		starts = nil
	}
	box := &struct {
		c   call
		out Command
	}{}
	box.out = Command{Pos: p, Snippet: snip}
	box.c = call{ctx: w, pos: p, snippet: snip, stdin: in, out: &box.out}
	c := &box.c
	c.env = prefix
	c.dynEnv = dynEnv
	for i, ru := range env {
		c.shellRaise(ru, envAt[i])
	}
	w.exportedEnv(c, args)
	if len(args) == 0 {
		// every word expanded to nothing: bash runs nothing
		c.raise(ruleAssign)
		w.finish(c)
		return flow{}
	}
	out := w.run(c, args)
	if starts != nil {
		w.followArgv(ce, c, args, starts)
	}
	if len(w.aliases) > 0 {
		w.expandAlias(ce, c)
	}
	return out
}

// assignValue classifies the substitutions in an assignment's value and
// returns the value when it is one static word.
func (w *walker) assignValue(as *syntax.Assign) *arg {
	if as.Array != nil {
		w.elemArgs = w.elemArgs[:0]
		for _, el := range as.Array.Elems {
			if el.Index != nil {
				w.subscript(el.Index, as)
			}
			if el.Value != nil {
				w.elemArgs = append(w.elemArgs, w.resolve(el.Value))
			}
		}
		return nil
	}
	if as.Index != nil {
		w.subscript(as.Index, as)
	}
	if as.Value == nil {
		return &arg{}
	}
	vals := w.resolve(as.Value)
	if len(vals) == 1 && vals[0].dyn {
		if v, ok := w.literalKnown(as.Value); ok {
			return &arg{val: v, pos: vals[0].pos}
		}
	}
	if len(vals) != 1 {
		// an assignment value is not field-split: join what brace expansion made
		v := arg{}
		for i, a := range vals {
			if i > 0 {
				v.val += " "
			}
			v.val += a.val
			v.dyn = v.dyn || a.dyn
		}
		return &v
	}
	return &vals[0]
}

// subscript judges an array subscript in an assignment: arithmetic for an
// indexed array, a string (whose substitutions run) for an associative one.
func (w *walker) subscript(idx syntax.ArithmExpr, as *syntax.Assign) {
	w.nested(idx)
	if as.Name != nil && w.assoc[as.Name.Value] {
		return
	}
	w.arith(idx)
}

// declClause handles declare, local, export, readonly and typeset.
func (w *walker) declClause(d *syntax.DeclClause, s *syntax.Stmt) {
	p := w.pos(d.Pos())
	snip := w.text(s)
	if src, ok := w.declBraces(d); ok {
		// the words bash makes of the braces are what it declares
		w.script(src, &p)
		return
	}
	var flags string // the option letters seen so far: -A, -i, -n, -a
	for _, as := range d.Args {
		if as.Naked && as.Name == nil && as.Value != nil {
			// an option such as -x, a quoted NAME=value, or a dynamic name
			v, ok := w.staticWord(as.Value)
			switch {
			case !ok:
				w.raise(ruleAssignDynamic, "", p, snip)
			case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
				flags += " " + v
			case strings.Contains(v, "="):
				// declare 'a[...]=1' and declare -a 'a=(...)': bash reads the
				// word again as an assignment
				w.script(v, &p)
			case strings.Contains(v, "["):
				w.arithVar(v, p, snip)
			case strings.HasPrefix(v, "PERMGUARD_"):
				w.raise(ruleEnvSelf, "", p, snip)
			}
			continue
		}
		if as.Name != nil && strings.Contains(flags, "A") {
			// before the value: its subscripts are keys, not arithmetic
			if w.assoc == nil {
				w.assoc = map[string]bool{}
			}
			w.assoc[as.Name.Value] = true
		}
		val := w.assignValue(as)
		if as.Name == nil {
			continue
		}
		name := as.Name.Value
		exports, unexports := declExports(d.Variant.Value, flags)
		if exports || unexports {
			w.declLocal(d.Variant.Value, flags, name)
		}
		switch {
		case exports:
			w.exportVar(name)
		case unexports:
			w.unexportVar(name)
		}
		if strings.HasPrefix(name, "PERMGUARD_") && (strings.Contains(flags, "n") || strings.Contains(flags, "+")) {
			// export -n and declare +x take the variable from every child
			w.raise(ruleEnvSelf, "", p, snip)
		}
		switch {
		case strings.Contains(flags, "A"):
			if w.assoc == nil {
				w.assoc = map[string]bool{}
			}
			w.assoc[name] = true
		case strings.Contains(flags, "i"):
			if w.intVars == nil {
				w.intVars = map[string]bool{}
			}
			w.intVars[name] = true
		}
		if strings.Contains(flags, "n") && val != nil && !val.dyn {
			// a name reference: using the name uses the variable it names
			target := val.val
			if strings.Contains(target, "[") {
				w.arithVar(target, p, snip)
			}
			if ru, ok := w.envRule(strings.SplitN(target, "[", 2)[0], false); ok {
				w.raiseWith(ru, occurrence{detail: "makes " + name + " refer to " + target, target: target}, p, snip)
			}
			w.setNameref(name, target)
			continue
		}
		if (strings.Contains(flags, "a") || strings.Contains(flags, "A")) && val != nil {
			// declare -a a=$x re-reads a value that starts with ( as an array
			v := val.val
			if val.dyn {
				v = val.cand
			}
			if strings.HasPrefix(v, "(") {
				w.script(name+"="+v, &p)
			} else if val.dyn && v == "" {
				w.raise(ruleArithUnknown, "", p, snip)
			}
		}
		elems, isArray := w.arrays[name]
		idx := w.arrIdx[name]
		if as.Naked {
			// "export X" keeps X's value, known here only if this input set it
			val = nil
			if v, ok := w.vars[name]; ok && !w.guessed[name] {
				val = &arg{val: v, pos: p}
			}
		}
		if as.Naked && val == nil && exports && !isArray && !w.intVars[name] {
			// export V with a value this input did not give: V keeps the
			// value it had, which only changes who sees it
			w.setsEnv(name, nil, scopeKept, p, func(ru rule, o occurrence) { w.raiseWith(ru, o, p, snip) })
			continue
		}
		w.setShellVar(name, val, p, snip)
		if as.Naked && isArray {
			w.setArrayIdx(name, elems, idx)
			continue
		}
		w.assignShape(as, val)
	}
	if strings.Contains(flags, "p") && len(d.Args) == strings.Count(flags, "-") {
		w.raise(rulePrintShellVars, "", p, snip)
	}
	w.raise(ruleAssign, "", p, snip)
}

// setShellVar judges setting a variable for the rest of the shell and
// remembers a static value, for $x used as a command later. val is nil
// when the value is not known.
func (w *walker) setShellVar(name string, val *arg, p Pos, snip string) {
	name = w.refTarget(name)
	switch name {
	case "TMPDIR":
		w.tmpdirSet = true
	case "CDPATH":
		w.cdAnywhere = true
	}
	if w.intVars[name] {
		if val != nil && !val.dyn {
			w.arithValue(val.val, p, snip)
		} else {
			w.raise(ruleArithUnknown, "", p, snip)
		}
	}
	w.setsEnv(name, val, w.assignScope(name), p, func(ru rule, o occurrence) { w.raiseWith(ru, o, p, snip) })
	switch {
	case val != nil && !val.dyn:
		w.setVar(name, val.val)
	case val != nil:
		w.dynVar(name, *val)
	default:
		w.forgetVar(name)
	}
}

// finish records a classified command in the verdict, in the slot run
// took for it, if any.
func (w *walker) finish(c *call) {
	c.followTrees()
	c.readTrees()
	c.manifestFiles()
	w.sendsWritten(c)
	c.out.Argv = make([]string, 0, len(c.args)+1)
	if c.name != "" {
		c.out.Argv = append(c.out.Argv, c.name)
	}
	for _, a := range c.args {
		c.out.Argv = append(c.out.Argv, a.val)
	}
	c.out.Where = w.frames
	if c.slot > 0 {
		w.v.Commands[c.slot-1] = *c.out
	} else {
		w.v.Commands = append(w.v.Commands, *c.out)
	}
	w.v.Reasons = append(w.v.Reasons, c.out.Reasons...)
	w.lift(c.out.Level, c.out.Dangerous)
	// links it may have made count for the commands after it
	w.linkTrees = append(w.linkTrees, w.linkTreesNext...)
	w.linkTreesNext = w.linkTreesNext[:0]
}

// run classifies argv (name first) as the command c and records it. It
// returns what the command writes to its standard output.
func (w *walker) run(c *call, argv []arg) flow {
	if len(w.v.Commands) >= maxCommands && !w.overCommands {
		w.overCommands = true
		w.pastLimit(LimitCommands, limitRule, fmt.Sprintf("input runs more than %d commands; the rest is not inspected", maxCommands), c.pos, c.snippet)
	}
	// taking the slot before the command runs anything puts it ahead of
	// what it runs, so the commands read top-down as a tree
	w.v.Commands = append(w.v.Commands, Command{})
	c.slot = len(w.v.Commands)
	out := w.dispatch(c, argv)
	w.finish(c)
	return out
}

// namesOnly are programs that read a file's name and metadata, never
// what it holds (design §2.6): naming a secret to one reads nothing.
var namesOnly = []string{"ls", "stat", "du", "realpath", "readlink", "namei", "tree", "dirname", "basename", "test", "["}

// readsNamesOnly reports a program word that is one of namesOnly, by
// name or by path.
func readsNamesOnly(p arg) bool {
	if p.dyn {
		return false
	}
	return slices.Contains(namesOnly, path.Base(p.val))
}

// secretArgs raises a command that names a secret, as an operand or as
// the value of --opt=PATH: whatever the program, it can read it.
func (w *walker) secretArgs(c *call) {
	for _, a := range c.args {
		if a.dyn && len(a.known) == 0 && a.pat == "" && !a.tmp && !a.ext {
			continue
		}
		if w.readsSecret(optionValue(a), true) {
			c.raise(ruleReadSecret)
			return
		}
	}
}

// inner classifies argv as a separate command run by c (find -exec,
// xargs): its own entry in Commands, at c's position, in a frame named by
// (xargs, find -exec).
func (w *walker) inner(c *call, by string, argv []arg, in flow) flow {
	// the program runs with the runner's environment: a variable set for
	// bundle is set for the rails it runs (issue 29)
	ic := &call{ctx: w, pos: c.pos, snippet: c.snippet, stdin: in, out: &Command{Pos: c.pos, Snippet: c.snippet},
		env: maps.Clone(c.env), dynEnv: slices.Clone(c.dynEnv)}
	saved := w.push(FrameRunBy, by, c.pos, c.snippet)
	out := w.run(ic, argv)
	w.frames = saved
	return out
}

// dispatch resolves the program name of argv and applies what is known
// about it. Wrappers call it again with the command they run.
func (w *walker) dispatch(c *call, argv []arg) flow {
	if len(argv) == 0 {
		return flow{}
	}
	c.args = argv[1:]
	if !readsNamesOnly(argv[0]) {
		w.secretArgs(c)
	}
	if len(w.files) > 0 {
		w.runsWrittenPath(c, argv[0])
	}
	name, ok := w.programName(c, argv[0])
	if !ok {
		if a := argv[0]; !a.dyn && !a.glob {
			// a path to a program the tables do not know
			// (node_modules/.bin/babel): its options that load code are
			// read all the same
			loadsCode(c, strings.TrimSuffix(strings.ToLower(path.Base(a.val)), ".exe"), c.args)
		}
		return flow{kind: flowData}
	}
	c.name = name
	// a builtin's reasons are the shell's; a wrapper (command, exec,
	// timeout) dispatches again with the program it runs, a tool's
	c.stage, c.action = 0, ""
	var fnOut flow
	fnCalled := false
	if len(w.funcs) > 0 || len(w.hashed) > 0 {
		fnOut, fnCalled = w.beforeProgram(c)
	}
	if len(w.files) > 0 {
		w.runsWritten(c)
	}
	if !c.mapped && len(w.env.PrefixMappings) > 0 {
		if mapped, ok := w.prefixMapping(c, argv); ok {
			return w.dispatch(c, mapped)
		}
	}
	if sessionEnvTools.get()[name] {
		sessionEnv(c)
	}
	uses := readOptions(c)
	if h := handlerOf(name); h != nil {
		// before the handler: a wrapper's handler goes on to judge the
		// program it runs as this same call
		loadsCode(c, name, c.args)
		if builtinHandlers.get()[name] != nil {
			c.stage = StageShell
		}
		out := h(c)
		judgeOptions(c, uses)
		w.notesWrites(c)
		if fnCalled {
			// the function runs, not the builtin it shadows
			return fnOut
		}
		return out
	}
	if strings.HasPrefix(name, "mkfs") || strings.HasPrefix(name, "mke2fs") || name == "mkswap" {
		mkfsCommand(c)
		return flow{kind: flowData}
	}
	if strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy") {
		return interpreter(c)
	}
	if t := lookupTool(name); t != nil {
		args := c.args
		applyTool(c, t)
		judgeOptions(c, uses)
		// after the tool's own rules, which read the verdict so far (a
		// development tool's tree and writes are judged at medium)
		loadsCode(c, name, args)
		return flow{kind: flowData}
	}
	loadsCode(c, name, c.args)
	c.raise(ruleUnknown)
	w.heldCommand(c)
	return flow{kind: flowData}
}

var rulePrefixMapping = rule{id: "prefix-mapping", level: Minimal, why: "is judged as the command a prefix mapping in the settings names"}

// prefixMapping returns argv rewritten by the first of the user's prefix
// mappings that matches it. Only static words match.
func (w *walker) prefixMapping(c *call, argv []arg) ([]arg, bool) {
next:
	for _, m := range w.env.PrefixMappings {
		if len(m.From) == 0 || len(m.To) == 0 || len(m.From) > len(argv) || m.From[0] != c.name {
			continue
		}
		for i, word := range m.From[1:] {
			if a := argv[i+1]; a.dyn || a.glob || a.val != word {
				continue next
			}
		}
		out := make([]arg, 0, len(m.To)+len(argv)-len(m.From))
		for _, word := range m.To {
			out = append(out, arg{val: word, pos: argv[0].pos})
		}
		out = append(out, argv[len(m.From):]...)
		c.mapped = true
		c.raiseWith(rulePrefixMapping, occurrence{detail: fmt.Sprintf("the settings map %q to %q", strings.Join(m.From, " "), strings.Join(m.To, " ")), target: strings.Join(m.To, " ")})
		return out, true
	}
	return nil, false
}

// systemBin are directories whose programs are the ones their base names
// mean; /usr/bin/rm is rm, ./rm is not.
var systemBin = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"/bin": true, "/usr/bin": true, "/sbin": true, "/usr/sbin": true, "/usr/local/bin": true,
		"/usr/local/sbin": true, "/opt/homebrew/bin": true, "/usr/libexec": true, "/run/current-system/sw/bin": true,
		"/usr/local/go/bin": true, "/snap/bin": true,
	}
}}

// programName resolves the command word. ok is false when the call was
// already judged (dynamic or a path to an unreviewed program).
func (w *walker) programName(c *call, a arg) (string, bool) {
	if a.dyn || a.glob {
		c.raise(ruleDynamicName)
		if a.cut && w.v.Limit == LimitNone {
			w.pastLimit(LimitWork, limitRule, "runs a program whose name was cut short by a budget (a brace expansion or a value too large to follow)", c.pos, c.snippet)
		}
		// a value assigned earlier in this input, or the user's shell:
		// judge what it most likely is too
		if a.dyn && strings.HasPrefix(a.val, "$") {
			name := strings.Trim(a.val, "${}\"")
			v, ok := w.vars[name]
			if !ok && (name == "SHELL" || name == "BASH") {
				v, ok = "bash", true
			}
			if ok {
				w.script(v+" "+joinArgs(c.args), &c.pos)
			}
		}
		if a.cand != "" {
			// unquoted: "$@" is several words, and a split reading only
			// ever finds more to judge
			w.script(a.cand+" "+joinArgs(c.args), &c.pos)
		}
		// a program not known now may be a wrapper, as an unknown one
		// may: $RUNNER rm -rf ~
		name := c.name
		c.name = a.val
		w.heldCommand(c)
		c.name = name
		return "", false
	}
	name := a.val
	if strings.Contains(name, `\`) && !strings.Contains(name, "/") {
		// a Windows path ("C:\Program Files\Git\bin\git.exe"): unreviewed
		// here, and judged as the program it names
		c.raise(ruleLocalProgram)
		name = name[strings.LastIndexByte(name, '\\')+1:]
	} else if strings.Contains(name, "/") {
		if strings.HasPrefix(name, "/") {
			name = path.Clean(name)
		}
		dir := name[:strings.LastIndexByte(name, '/')]
		name = name[len(dir)+1:]
		if !systemBin.get()[dir] {
			// code nobody reviewed; and if its name is a program permguard
			// knows, judged as that program too (C:/.../git.exe reset --hard)
			base := strings.TrimSuffix(strings.ToLower(name), ".exe")
			pl, _ := c.ctx.placeOf(a)
			if pl == placeWorkspace && projectBinDir(dir, base) && lookupTool(base) != nil {
				// the project's installed copy of a tool permguard knows
				// (vendor/bin/phpunit, node_modules/.bin/eslint), as npx
				// runs it (design §2.4): judged as that tool, at least
				// medium, in the box when the file is in the workspace
				c.raiseRunFile(ruleProjectBin, a)
			} else if pl == placeWorkspace && buildWrapper(base) {
				// the project's Gradle or Maven wrapper: a script that
				// fetches the build tool the project pins and runs it
				// with the same tasks, which run the project's build
				// scripts as the tool itself does
				c.raiseRunFile(ruleBuildWrapper, a)
			} else {
				c.raiseRunFile(ruleLocalProgram, a)
			}
			if handlerOf(base) == nil && lookupTool(base) == nil {
				c.name = name
				w.heldCommand(c)
				return "", false
			}
		}
	}
	// WSL runs git.exe as the Windows git
	if len(name) > 4 && strings.EqualFold(name[len(name)-4:], ".exe") {
		name = name[:len(name)-4]
	}
	if name == "" {
		c.raise(ruleUnknown)
		return "", false
	}
	// case-insensitive file systems (macOS) run RM as rm
	return strings.ToLower(name), true
}

func joinArgs(args []arg) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a.dyn && a.cand != "" {
			b.WriteString(syntaxQuote(a.cand))
		} else if a.dyn {
			b.WriteString(a.val)
		} else {
			b.WriteString(syntaxQuote(a.val))
		}
	}
	return b.String()
}

// syntaxQuote quotes s for re-parsing as one word.
func syntaxQuote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return q
}

// redirects judges a statement's redirections and returns its standard
// input after them. in is nil for a statement without a command.
func (w *walker) redirects(s *syntax.Stmt, in *flow) flow {
	var cur flow
	if in != nil {
		cur = *in
	}
	if s == nil {
		return cur
	}
	for _, rd := range s.Redirs {
		p := w.pos(rd.Pos())
		snip := w.text(rd)
		if fd := rd.N; fd != nil && fd.Value != "0" && (rd.Op == syntax.RdrIn || rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc) {
			// input for another descriptor is no standard input: it is
			// judged as input is, and kept for a command that reads it
			// from /dev/fd/N
			got := w.redirects(&syntax.Stmt{Redirs: []*syntax.Redirect{{OpPos: rd.OpPos, Op: rd.Op, Word: rd.Word, Hdoc: rd.Hdoc}}}, nil)
			fds := make(map[string]flow, len(cur.fds)+1)
			maps.Copy(fds, cur.fds)
			fds[fd.Value] = got
			cur.fds = fds
			continue
		}
		switch rd.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
			for _, a := range w.word(rd.Word) {
				if strings.HasPrefix(a.val, "/dev/tcp/") || strings.HasPrefix(a.val, "/dev/udp/") {
					w.raiseWith(netRule, occurrence{detail: a.val, target: a.val}, p, snip)
					continue
				}
				// judged as static here; once the command's output is
				// known, stmt judges the content
				w.staticWrite = true
				w.keeps = rd.Op == syntax.AppOut || rd.Op == syntax.AppAll || rd.Op == syntax.RdrInOut
				ru, ok := w.writeRule(a)
				w.staticWrite = false
				startup := ok && (ru.id == ruleWritePersistence.id || ru.id == ruleOverwriteHome.id)
				if startup {
					ru2, _ := w.writeRule(a)
					startup = ru2.id == ruleWriteStartupUnknown.id
				}
				if startup || ok && !ru.dangerous {
					// the content decides, once the command's output is
					// known: a startup file's, and text that names the
					// guard wherever it lands (writeRuleOf). Whether it
					// does is read from the text as it lands, not from
					// the input: printf's escapes and formats, echo -e,
					// $'...' and values spell it there only.
					fd1 := rd.N == nil || rd.N.Value == "1"
					w.startupWrites = append(w.startupWrites, startupWrite{target: a, pos: p, snip: snip,
						stdout: fd1 && (rd.Op == syntax.RdrOut || rd.Op == syntax.AppOut || rd.Op == syntax.RdrClob), keeps: w.keeps, raised: ru.id,
						alsoStdout: rd.Op == syntax.RdrAll || rd.Op == syntax.AppAll, textOnly: !startup})
				}
				w.keeps = false
				if ok {
					w.raiseWith(ru, occurrence{target: w.pathTarget(a), kind: EffectWrite}, p, snip)
				}
			}
		case syntax.DplOut, syntax.DplIn:
			if rd.Op == syntax.DplIn && (rd.N == nil || rd.N.Value == "0") {
				// <&3: standard input is what fd 3 was given
				if in, ok := cur.fds[rd.Word.Lit()]; ok && rd.Word.Lit() != "" {
					in.fds = cur.fds
					cur = in
				}
			}
			for _, a := range w.word(rd.Word) {
				if a.dyn {
					w.raiseWith(ruleWriteUnknown, occurrence{target: a.val}, p, snip)
				} else if a.val != "-" && strings.Trim(a.val, "0123456789") != "" && rd.Op == syntax.DplOut {
					// >&file is &>file
					if ru, ok := w.writeRule(a); ok {
						w.raiseWith(ru, occurrence{target: w.pathTarget(a), kind: EffectWrite}, p, snip)
					}
				}
			}
		case syntax.RdrIn:
			cur = flow{kind: flowData}
			for _, a := range w.word(rd.Word) {
				if strings.HasPrefix(a.val, "/dev/tcp/") || strings.HasPrefix(a.val, "/dev/udp/") {
					w.raiseWith(netRule, occurrence{detail: a.val, target: a.val}, p, snip)
				}
				if w.readsSecret(a, false) {
					w.raiseWith(ruleReadSecret, occurrence{target: w.pathTarget(a)}, p, snip)
				}
				if a.dyn && a.cand != "" {
					cur = flow{kind: flowText, text: a.cand}
				}
				if !a.dyn && !a.net {
					from := a
					cur.from = &from
				}
				if a.net {
					cur = flow{kind: flowDownload}
				}
			}
		case syntax.Hdoc, syntax.DashHdoc:
			cur = w.heredoc(rd)
		case syntax.WordHdoc:
			vals := w.word(rd.Word)
			if len(vals) == 1 && !vals[0].dyn {
				cur = flow{kind: flowText, text: vals[0].val + "\n"}
			} else if v, ok := w.knownLiteral(rd.Word, true); ok {
				// a here-string of values this input set: bash <<< "$cmd"
				// runs the text, as bash -c "$cmd" does
				cur = flow{kind: flowText, text: v + "\n"}
			} else {
				cur = flow{kind: flowData, text: w.text(rd.Word)}
			}
		}
	}
	return cur
}

// heredoc returns the text a heredoc feeds, classifying the substitutions
// an unquoted heredoc runs while it is expanded.
func (w *walker) heredoc(rd *syntax.Redirect) flow {
	if rd.Hdoc == nil {
		return flow{kind: flowText}
	}
	var b strings.Builder
	dyn := false
	for _, part := range rd.Hdoc.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			if quotedDelim(rd.Word) {
				b.WriteString(x.Value)
			} else {
				b.WriteString(unescapeHeredoc(x.Value))
			}
		default:
			dyn = true
			w.nested(x)
			w.quotedExpansions(x)
			b.WriteString(w.text(x))
		}
	}
	if dyn {
		if v, ok := w.documentKnown(rd.Hdoc); ok {
			return flow{kind: flowText, text: v}
		}
		return flow{kind: flowData, text: b.String()}
	}
	return flow{kind: flowText, text: b.String()}
}

func quotedDelim(word *syntax.Word) bool {
	if word == nil {
		return false
	}
	for _, p := range word.Parts {
		switch x := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.Contains(x.Value, `\`) {
				return true
			}
		}
	}
	return false
}

// unescapeHeredoc applies the backslash rules of an unquoted heredoc body:
// \$, \`, \\ and \newline lose their backslash.
func unescapeHeredoc(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '\\':
				b.WriteByte(s[i+1])
				i++
				continue
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// buildWrapper reports the build tools' wrapper scripts a project keeps in
// its tree (gradlew, mvnw), in any of its directories (android/gradlew).
// gradlew.bat and mvnw.cmd run under Windows' cmd, which permguard does
// not judge.
func buildWrapper(name string) bool { return name == "gradlew" || name == "mvnw" }

// binstub reports the programs whose bin/NAME a Rails project keeps as a
// binstub: a script bundler or Rails generates that loads the bundle and
// runs the gem's program, as `bundle exec NAME` does. Other files in
// bin/ (bin/dev, bin/setup, bin/check) are the project's own scripts.
func binstub(name string) bool {
	switch name {
	case "rails", "rake", "rspec", "rubocop", "standardrb", "srb", "erb_lint", "erblint", "bundle", "brakeman":
		return true
	}
	return false
}

// projectBinDir reports the directories where a package manager installs
// the project's own copy of the tool name, spelled relative to the
// directory the command runs in: vendor/bin (composer),
// node_modules/.bin (npm, pnpm, yarn, bun), and bin for the binstubs of
// a Ruby project.
func projectBinDir(dir, name string) bool {
	dir = strings.TrimPrefix(dir, "./")
	return dir == "vendor/bin" || dir == "node_modules/.bin" || dir == "bin" && binstub(name)
}
