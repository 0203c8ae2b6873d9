package classify

import (
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Environment as effects (design §2.7): a variable given a value reaches a
// program through one of several spellings — a prefix (V=x cmd), env V=x,
// sudo V=x, set -k, or the shell's own variables exported for every later
// command (export, declare -x, typeset -x, local -x, set -a). Each spelling
// hands the variable to setsEnv, so the same variable with the same value
// gets the same verdict whatever the spelling.

// envScope is which commands see a variable's new value.
type envScope int

const (
	// scopeShell: a shell variable. Only the shell reads it, but the
	// shell's own variables (PATH, IFS, PS4, BASH_ENV for its children
	// once exported) still change what runs.
	scopeShell envScope = iota
	// scopeCommand: the one command it prefixes (V=x cmd, env V=x cmd).
	scopeCommand
	// scopeExported: every later command of the input, which the shell
	// starts with the variable in its environment. An unknown variable is
	// judged at each of those commands (exportedEnv), as a prefix is.
	scopeExported
	// scopeKept: export V for a V this input gave no value, which keeps
	// the value it had; only the variable's name is judged.
	scopeKept
)

// setsEnv judges variable name getting val (nil when the value is not
// known) in scope, raising through raise: the variable tables of envRule,
// the values envValueRule judges (registries, build flags), and the
// command a variable such as GIT_SSH_COMMAND or PAGER holds.
func (w *walker) setsEnv(name string, val *arg, scope envScope, p Pos, raise func(rule, occurrence)) {
	if ru, ok := w.envRule(name, scope == scopeCommand); ok {
		if ru.id == ruleEnvUnknown.id && w.valueLeaves(val) {
			ru = ruleEnvUnknownPath
		}
		raise(ru, occurrence{detail: "sets " + name, target: name})
	}
	if cacheDirVar(name) && val != nil && scope != scopeKept {
		// a cache its tool empties (go clean -modcache, uv cache clean,
		// cargo clean): pointed at the home directory or a parent of it,
		// emptying it is that deletion (the red team
		// of issue 29: UV_CACHE_DIR=$HOME uv cache clean). Only its known
		// values: the usual ones are spelled with $HOME
		values := val.known
		if !val.dyn {
			values = []string{val.val}
		}
		for _, v := range values {
			if critical(w, v) {
				if ru, bad := w.deleteRuleTree(arg{val: v, pos: val.pos}, true, true); bad && ru.dangerous {
					raise(ru, occurrence{detail: "sets " + name + " to a directory its tool may empty", stage: StagePolicy})
					break
				}
			}
		}
	}
	if scope != scopeKept {
		w.commandValue(name, val, p)
	}
}

// ruleEnvUnknownPath is ruleEnvUnknown for a value that names a place
// outside the workspace and the temporary directories, or is only known
// at run time: the program may load code from there (PHPRC=~/php.ini,
// BUNDLE_GEMFILE=~/x/Gemfile), which is the user's or the system's, not
// code nobody has seen (design §4, row 4b; the red team of issue 29).
var ruleEnvUnknownPath = rule{id: "env-unknown-path", level: High, effect: EffectEnvironment,
	why: "sets an environment variable permguard does not know to a place outside the workspace, from which the program may load code"}

// valueLeaves reports a variable's value that is only known at run time,
// or that names, as a path or in a list of paths, a place outside the
// workspace and the temporary directories.
func (w *walker) valueLeaves(val *arg) bool {
	if val == nil {
		return false
	}
	if val.dyn {
		return true
	}
	if strings.Contains(val.val, "://") {
		return false // an address, which the rules of the network judge
	}
	for _, part := range strings.FieldsFunc(val.val, func(r rune) bool { return r == ':' || r == ',' || r == '=' || r == ' ' }) {
		if !strings.HasPrefix(part, "/") && !strings.HasPrefix(part, "~") && !strings.HasPrefix(part, "..") {
			continue
		}
		switch pl, _ := w.placeOf(arg{val: part, pos: val.pos}); pl {
		case placeWorkspace, placeWorkspaceRoot, placeTemp, placeTempRoot, placeSink:
		default:
			return true
		}
	}
	return false
}

// critical reports a directory whose emptying is a disaster: the home
// directory or a parent of it.
func critical(w *walker, v string) bool {
	p, ok := w.abs(v)
	if !ok {
		return false
	}
	home := w.env.Home
	return p == "/" || home != "" && (p == home || strings.HasPrefix(home, p+"/"))
}

// cacheDirVar reports a variable that moves a cache or build directory
// its tool empties.
func cacheDirVar(name string) bool {
	switch name {
	case "GOCACHE", "GOMODCACHE", "UV_CACHE_DIR", "PIP_CACHE_DIR", "npm_config_cache", "NPM_CONFIG_CACHE", "CARGO_TARGET_DIR",
		"XDG_CACHE_HOME", "YARN_CACHE_FOLDER", "GRADLE_USER_HOME", "POETRY_CACHE_DIR", "HF_HOME", "PNPM_HOME":
		return true
	}
	return false
}

// exportVar records that name is in the environment of later commands.
func (w *walker) exportVar(name string) {
	if name == "" || w.exported[name] {
		return
	}
	w.undo = append(w.undo, undoEntry{name: name, expOnly: true})
	w.setExported(name, true)
}

// unexportVar records that name left the environment (unset, export -n,
// declare +x).
func (w *walker) unexportVar(name string) {
	if !w.exported[name] {
		return
	}
	w.undo = append(w.undo, undoEntry{name: name, expOnly: true, exp: true})
	w.setExported(name, false)
}

// setExported sets whether name is exported, with no entry in the undo
// log.
func (w *walker) setExported(name string, on bool) {
	if !on {
		delete(w.exported, name)
		return
	}
	if w.exported == nil {
		w.exported = map[string]bool{}
	}
	w.exported[name] = true
}

// exportedSince lists the names exported at the end of code whose changes
// start at mark in the undo log, that were not before it.
func (w *walker) exportedSince(mark int) []string {
	var names []string
	seen := map[string]bool{}
	for _, e := range w.undo[mark:] {
		if e.expOnly && !seen[e.name] {
			seen[e.name] = true
			if !e.exp && w.exported[e.name] {
				names = append(names, e.name)
			}
		}
	}
	return names
}

// funcScope starts the walk of a function body: a variable the body
// declares local (local -x, declare -x without -g) is exported only until
// the function returns. The function returned ends the scope.
func (w *walker) funcScope() func() {
	saved, before := w.locals, w.exported
	before = maps.Clone(before)
	w.locals = map[string]bool{}
	w.inFunc++
	return func() {
		names := slices.Sorted(maps.Keys(w.locals))
		for _, n := range names {
			if before[n] {
				w.exportVar(n)
			} else {
				w.unexportVar(n)
			}
		}
		w.locals, w.inFunc = saved, w.inFunc-1
	}
}

// declLocal records a declaration inside a function body that makes name
// local to it: local, or declare and typeset without -g.
func (w *walker) declLocal(variant, flags, name string) {
	if w.inFunc == 0 || w.locals == nil {
		return
	}
	if variant == "local" || (variant == "declare" || variant == "typeset") && !strings.Contains(flags, "g") {
		w.locals[name] = true
	}
}

// builtinsNoEnv are shell builtins that start no program and read no
// environment variable a program would: a variable exported before them
// changes nothing they do.
var builtinsNoEnv = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"echo": true, "printf": true, "true": true, "false": true, ":": true, "test": true, "[": true,
		"export": true, "declare": true, "typeset": true, "local": true, "readonly": true, "unset": true,
		"shift": true, "set": true, "shopt": true, "read": true, "return": true, "exit": true, "break": true,
		"continue": true, "let": true, "pwd": true, "cd": true, "pushd": true, "popd": true, "dirs": true,
		"wait": true, "alias": true, "unalias": true, "type": true,
	}
}}

// exportedEnv gives the command c, whose words are args, the variables
// exported earlier in the input that it does not set itself: their known
// values go into c's environment (git reads its configuration there, docker
// its host), and an unknown variable is raised as a prefix would be.
func (w *walker) exportedEnv(c *call, args []arg) {
	if len(w.exported) == 0 {
		return
	}
	names := make([]string, 0, len(w.exported))
	for n := range w.exported {
		if _, own := c.env[n]; !own {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	builtin := len(args) > 0 && !args[0].dyn && builtinsNoEnv.get()[args[0].val]
	for _, n := range names {
		if v, ok := w.vars[n]; ok && !w.guessed[n] {
			c.setEnv(n, v)
		} else {
			c.dynEnv = append(c.dynEnv, n)
		}
		if builtin {
			continue
		}
		if ru, ok := w.envRule(n, true); ok && ru.id == ruleEnvUnknown.id {
			if v, known := w.vars[n]; !known || w.guessed[n] || w.valueLeaves(&arg{val: v}) {
				ru = ruleEnvUnknownPath
			}
			c.raiseWith(ru, occurrence{detail: "sets " + n + " (exported earlier)", target: n, stage: StageShell})
		}
	}
}

// declExports reports whether a declaration with these option letters
// exports its names (export, declare -x), and whether it takes the export
// away (export -n, declare +x).
func declExports(variant, flags string) (exports, unexports bool) {
	minus, plus := "", ""
	for _, f := range strings.Fields(flags) {
		if strings.HasPrefix(f, "+") {
			plus += f
		} else {
			minus += f
		}
	}
	if variant == "export" {
		if strings.Contains(minus, "n") {
			return false, true
		}
		return !strings.Contains(minus, "f"), false
	}
	if strings.Contains(plus, "x") {
		return false, true
	}
	return strings.Contains(minus, "x"), false
}

// assignScope is the scope of a shell assignment to name: exported when
// set -a is in force or name was exported before (export V; V=x).
func (w *walker) assignScope(name string) envScope {
	if w.allExport {
		w.exportVar(name)
	}
	if w.exported[name] {
		return scopeExported
	}
	return scopeShell
}

// declBraces returns the declaration d with the brace expansions of its
// words made, as source text: bash expands the braces of a word such as
// PERMGUARD_{LEVEL,MODE}=x, which is no assignment as written, and then
// declares, exports or makes read-only each word it makes. ok is false
// when no word has braces to expand, or when they are past the bounds of
// shell_braces.go (the word then stays dynamic: its worst value).
func (w *walker) declBraces(d *syntax.DeclClause) (string, bool) {
	var args []*syntax.Assign
	expanded := false
	for _, as := range d.Args {
		if !as.Naked || as.Name != nil || as.Value == nil {
			args = append(args, as)
			continue
		}
		n := braceFields(as.Value, maxBraceFields)
		if n <= 1 {
			args = append(args, as)
			continue
		}
		if n > maxBraceFields || w.braceTotal+n > maxBraceTotal {
			return "", false
		}
		w.braceTotal += n
		cp := *as.Value
		syntax.SplitBraces(&cp)
		for word, err := range expand.BracesSeq(nil, &cp) {
			if err != nil {
				return "", false
			}
			args = append(args, &syntax.Assign{Naked: true, Value: word})
		}
		expanded = true
	}
	if !expanded {
		return "", false
	}
	d2 := *d
	d2.Args = args
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, &syntax.Stmt{Cmd: &d2}); err != nil {
		return "", false
	}
	return b.String(), true
}

// flagsValue raises a variable assignment whose value makes a program
// download from elsewhere or run another program.
func (w *walker) flagsValue(name string, val *arg, p Pos) {
	if ru, bad := envValueRule(name, val); bad {
		snip := name + "="
		if val != nil {
			snip += val.val
		}
		w.raiseWith(ru, occurrence{detail: "sets " + name, target: name}, p, snip)
	}
}
