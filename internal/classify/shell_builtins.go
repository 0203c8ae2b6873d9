package classify

import (
	"strconv"
	"strings"
)

// Builtins that assign variables by name, run command strings, or change
// how later words are read. Each one is judged for what it makes bash do:
// read PATH sets PATH like PATH=..., compgen -C runs a command, set -k
// turns NAME=value arguments into environment.

var ruleBuiltin = rule{id: "shell-builtin", level: Minimal, why: "a shell builtin or lookup that changes nothing"}

// builtinHandlers are the shell's builtins: bash runs them itself, so they
// are judged for what they do to the shell (its directory, variables,
// options, aliases) and for the code they run, never as a program found
// on PATH. dispatch looks here before handlers. Built on first use; the
// build function is set in init, as the builtins reach back into the
// walker, which reads this table.
var builtinHandlers lazy[map[string]func(c *call) flow]

func buildBuiltinHandlers() map[string]func(c *call) flow {
	return map[string]func(c *call) flow{
		"cd": cdCommand, "pwd": pwdCommand, "pushd": cdCommand, "popd": popdCommand, "echo": echoCommand, "printf": printfCommand,
		"eval": evalCommand, "source": sourceCommand, ".": sourceCommand, "alias": aliasCommand, "trap": trapCommand,
		"set": setCommand, "read": readCommand, "mapfile": mapfileCommand, "readarray": mapfileCommand,
		"unset": unsetCommand, "test": testCommand, "[": testCommand, "compgen": completionCommand,
		"complete": completionCommand, "jobs": jobsCommand, "hash": hashCommand, "history": historyCommand,
		"local": declareCommand, "declare": declareCommand, "typeset": declareCommand, "export": declareCommand,
		"readonly": declareCommand, "shopt": shoptCommand,
		"command": commandCommand, "builtin": wrapper("", ""), "exec": execCommand,
		"shift": shiftCommand,
		"dirs":  dirsCommand,
		// they print nothing: r$(true)m is rm
		":":     fixed(r("noop", Minimal, "does nothing"), flowText),
		"true":  fixed(r("noop", Minimal, "does nothing"), flowText),
		"false": fixed(r("noop", Minimal, "does nothing"), flowText),
	}
}

// handlerOf returns the handler of the builtin or program name, nil when
// neither table has one.
func handlerOf(name string) func(c *call) flow {
	if h := builtinHandlers.get()[name]; h != nil {
		return h
	}
	return handlers.get()[name]
}

// rulePrintShellVars: set, declare -p, export -p with no name.
var rulePrintShellVars = rule{id: "print-shell-vars", level: High, effect: EffectRead, why: "prints shell variables, which may hold secrets"}

// ruleAssignDynamic: read "$n", declare "$n=x": the variable could be
// any, PATH or permguard's own among them.
var ruleAssignDynamic = rule{id: "assign-dynamic-name", level: High, effect: EffectEnvironment, why: "assigns a variable whose name is only known at run time"}

// assignTarget judges a builtin assigning the variable named by a (read
// NAME, printf -v NAME, mapfile NAME): like NAME=value with an unknown
// value, unless val is known.
func (c *call) assignTarget(a arg, val *arg) {
	w := c.walk()
	if a.dyn {
		c.raise(ruleAssignDynamic)
		return
	}
	name := a.val
	if strings.Contains(name, "[") {
		// the subscript is evaluated
		w.arithVar(name, c.pos, c.snippet)
		name = name[:strings.IndexByte(name, '[')]
	}
	name = w.refTarget(name)
	w.setsEnv(name, val, w.assignScope(name), c.pos, c.shellRaise)
	if w.intVars[name] {
		if val != nil && !val.dyn {
			w.arithValue(val.val, c.pos, c.snippet)
		} else {
			c.raise(ruleArithUnknown)
		}
	}
	if val != nil && !val.dyn {
		w.setVar(name, val.val)
	} else {
		w.forgetVar(name)
	}
}

// readCommand: read NAME... assigns what it reads.
func readCommand(c *call) flow {
	c.raise(ruleBuiltin)
	names := valueArgs(c.args, "-d -n -N -p -t -u -i", "-a")
	array, arrayDyn := "", false
	if a, ok := c.optValue("-a"); ok {
		array, arrayDyn = a.val, a.dyn
	}
	if len(names) == 0 {
		names = []arg{{val: "REPLY"}}
	}
	var vals, fields []string
	known := false
	if c.stdin.kind == flowText && !c.hasOpt("-d -n -N") && !arrayDyn {
		vals, fields, known = c.walk().readFields(c.stdin.text, len(names), c.hasOpt("-r"), c.env)
	}
	for i, n := range names {
		var v *arg
		if known && array == "" {
			v = &arg{val: vals[i]}
		}
		c.assignTarget(n, v)
	}
	if known && array != "" {
		c.walk().setArray(array, fields)
	}
	return flow{}
}

// valueArgs returns the operands of a builtin: what is left after its
// options, where valueOpts take the next word and nameOpts take a name
// (returned as an operand too).
func valueArgs(args []arg, valueOpts, nameOpts string) []arg {
	var out []arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn || !strings.HasPrefix(a.val, "-") || a.val == "-" {
			out = append(out, a)
			continue
		}
		if a.val == "--" {
			return append(out, args[i+1:]...)
		}
		// a cluster ends at an option that takes a value: -rp PROMPT
		last := "-" + a.val[len(a.val)-1:]
		if hasWord(nameOpts, last) && i+1 < len(args) {
			out = append(out, args[i+1])
			i++
		} else if hasWord(valueOpts, last) {
			i++
		}
	}
	return out
}

// printfVar: printf -v NAME FORMAT ARGS assigns the formatted text.
func printfVar(c *call, name arg) {
	rest := positional(c.args)
	var val *arg
	if len(rest) > 0 {
		if t := printfText(rest); t.kind == flowText {
			val = &arg{val: strings.TrimSuffix(t.text, "\n")}
		}
	}
	c.assignTarget(name, val)
}

// mapfileCommand: mapfile -C CALLBACK runs the callback; NAME is assigned.
func mapfileCommand(c *call) flow {
	c.raise(ruleBuiltin)
	if cb, ok := c.optValue("-C"); ok {
		c.raise(r("builtin-callback", High, "runs a command for every line it reads"))
		if cb.dyn {
			c.raise(ruleDynScript)
		} else {
			c.runScript(FrameScript, cb.val+" 0 line")
		}
	}
	names := valueArgs(c.args, "-d -n -O -s -u -C -c", "")
	if len(names) == 0 {
		names = []arg{{val: "MAPFILE"}}
	}
	for _, n := range names {
		c.assignTarget(n, nil)
	}
	if len(names) == 1 && !names[0].dyn && c.stdin.kind == flowText && !c.hasOpt("-d -n -O -s -u -C -c") {
		c.walk().setArray(names[0].val, textLines(c.stdin.text, c.hasOpt("-t")))
	}
	return flow{}
}

// unsetCommand: unset NAME... evaluates subscripts; unsetting permguard's
// variables changes permguard.
func unsetCommand(c *call) flow {
	c.raise(ruleBuiltin)
	for _, a := range positional(c.args) {
		if a.dyn || strings.HasPrefix(a.val, "PERMGUARD_") {
			c.raise(ruleEnvSelf)
			continue
		}
		if strings.Contains(a.val, "[") {
			c.walk().arithVar(a.val, c.pos, c.snippet)
		}
		c.walk().forgetVar(strings.SplitN(a.val, "[", 2)[0])
		if !strings.Contains(a.val, "[") {
			c.walk().unexportVar(a.val)
		}
	}
	return flow{}
}

// testCommand: test and [ read files; -v NAME[SUB] evaluates SUB.
func testCommand(c *call) flow {
	c.raise(ruleBuiltin)
	for i, a := range c.args {
		if !a.dyn && a.val == "-v" && i+1 < len(c.args) {
			n := c.args[i+1]
			if n.dyn && n.cand != "" {
				n.val, n.dyn = n.cand, false
			}
			if !n.dyn && strings.Contains(n.val, "[") {
				c.walk().arithVar(n.val, c.pos, c.snippet)
			}
		}
	}
	return flow{kind: flowData}
}

// completionCommand: compgen and complete run -C commands and -F
// functions, and expand the -W word list (substitutions included).
func completionCommand(c *call) flow {
	c.raise(ruleBuiltin)
	if cmd, ok := c.optValue("-C"); ok {
		c.raise(r("completion-callback", High, "runs a command or shell function to produce completions"))
		if cmd.dyn {
			c.raise(ruleDynScript)
		} else {
			c.runScript(FrameScript, cmd.val)
		}
	}
	if _, ok := c.optValue("-F"); ok {
		c.raise(r("completion-callback", High, "runs a command or shell function to produce completions"))
	}
	if wl, ok := c.optValue("-W"); ok {
		if wl.dyn {
			c.raise(ruleDynScript)
		} else if strings.ContainsAny(wl.val, "$`") {
			// compgen expands the list, running what it substitutes
			c.runScript(FrameScript, ": "+wl.val)
		}
	}
	return flow{kind: flowData}
}

// jobsCommand: jobs -x COMMAND runs it.
func jobsCommand(c *call) flow {
	c.raise(ruleBuiltin)
	for i, a := range c.args {
		if !a.dyn && a.val == "-x" {
			return runFrom(c, i+1)
		}
	}
	return flow{kind: flowData}
}

// hashCommand: hash -p PATH NAME makes NAME run another program.
func hashCommand(c *call) flow {
	if c.hasOpt("-p") {
		c.raise(r("hash-path", High, "makes a command name run another program"))
		// hash -p PATH NAME...: each NAME runs PATH from now on
		if p, ok := c.optValue("-p"); ok && !p.dyn {
			seen := false
			for _, a := range c.args {
				if seen && !a.dyn && !strings.HasPrefix(a.val, "-") {
					c.walk().defineHash(a.val, p.val)
				}
				seen = seen || a.val == p.val && !a.dyn
			}
		}
		return flow{}
	}
	c.raise(ruleBuiltin)
	return flow{kind: flowData}
}

// historyCommand: history -w/-a write the history to a file, -r/-n read
// one; the default file is in the home directory.
func historyCommand(c *call) flow {
	c.raise(ruleBuiltin)
	if !c.hasOpt("-w -a -r -n") {
		return flow{kind: flowData}
	}
	file := arg{val: "~/.bash_history", pos: c.pos}
	if ps := positional(c.args); len(ps) > 0 && !c.hasOpt("-s -p") {
		file = ps[len(ps)-1]
	}
	if file.val == "~/.bash_history" && c.walk().env.Home != "" {
		file.val = c.walk().env.Home + "/.bash_history"
	}
	if c.hasOpt("-w -a") {
		if ru, ok := c.walk().writeRule(file); ok {
			c.raise(ru)
		}
	}
	return flow{kind: flowData}
}

// declareCommand handles declare, local, typeset, export and readonly
// when they are run as a command (\local, command declare), which the
// parser does not see as a declaration.
func declareCommand(c *call) flow {
	c.raise(ruleAssign)
	for _, a := range c.args {
		if a.dyn {
			c.raise(ruleAssignDynamic)
			continue
		}
		if strings.HasPrefix(a.val, "-") || strings.HasPrefix(a.val, "+") {
			continue
		}
		name, val, hasVal := strings.Cut(a.val, "=")
		if hasVal {
			c.assignTarget(arg{val: name}, &arg{val: val})
			if strings.HasPrefix(val, "(") {
				c.walk().script(name+"="+val, &c.pos)
			}
		} else {
			c.assignTarget(arg{val: name}, nil)
		}
	}
	return flow{}
}

// shoptCommand tracks options that change how later commands run.
func shoptCommand(c *call) flow {
	c.raise(ruleBuiltin)
	if !c.hasOpt("-s") {
		return flow{kind: flowData}
	}
	for _, a := range positional(c.args) {
		switch a.val {
		case "lastpipe":
			c.walk().lastpipe = true
		case "cdable_vars":
			c.walk().cdAnywhere = true
		case "expand_aliases":
			c.raise(r("expand-aliases", High, "makes aliases apply, so a command name may run anything"))
		}
	}
	return flow{}
}

// chdir moves the walker into dir for a wrapped command (env -C DIR,
// parallel --wd DIR) and returns the function that moves it back.
func (w *walker) chdir(dir arg) func() {
	cwd, dyn := w.cwd, w.cwdDyn
	if p, ok := w.abs(dir.val); ok && !dir.dyn {
		w.cwd, w.cwdDyn = p, false
	} else {
		w.cwd, w.cwdDyn = "", true
	}
	return func() { w.cwd, w.cwdDyn = cwd, dyn }
}

func commandCommand(c *call) flow {
	if c.hasOpt("-v -V") {
		c.raise(r("command-lookup", Minimal, "looks up a command"))
		return flow{kind: flowData}
	}
	i := skipOpts(c.args, "")
	return runFrom(c, i)
}

func execCommand(c *call) flow {
	i := skipOpts(c.args, "-a")
	if i >= len(c.args) {
		c.raise(r("exec-redirect", High, "redirects the shell's own input or output for every command after it"))
		return flow{}
	}
	for j := 0; j < i; j++ {
		if v := c.args[j].val; v == "-a" {
			j++
		} else if !c.args[j].dyn && len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsRune(v, 'c') {
			// exec -c runs the command with an empty environment
			c.raise(ruleEnvEmpty)
		}
	}
	return c.walk().dispatch(c, c.args[i:])
}

// positional binds $0, $1, ... to args for a script about to be
// re-parsed (sh -c SCRIPT ARG0 ARG1), where their values are known, and
// returns a function that undoes it.
func (w *walker) positional(args []arg) func() {
	// the script runs in its own process: what it assigns is undone too
	mark := len(w.undo)
	known := true
	for i, a := range args {
		switch {
		case !a.dyn:
			w.setVar(strconv.Itoa(i), a.val)
		case a.cand != "":
			w.guessVar(strconv.Itoa(i), a.cand)
			known = false
		default:
			w.forgetVar(strconv.Itoa(i))
			known = false
		}
	}
	if known {
		w.setVar("#", strconv.Itoa(max(len(args)-1, 0)))
	} else {
		w.forgetVar("#")
	}
	return func() { w.rollback(mark) }
}

func evalCommand(c *call) flow {
	if len(c.args) == 0 {
		c.raise(r("noop", Minimal, "does nothing"))
		return flow{}
	}
	if c.anyDynamic() {
		c.raise(ruleDynScript)
		if anyNet(c.args) {
			c.raise(ruleDownload)
		}
		// what the dynamic words were seen to hold
		var b strings.Builder
		for i, a := range c.args {
			if a.dyn && a.cand == "" {
				return flow{kind: flowData}
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			if a.dyn {
				b.WriteString(a.cand)
			} else {
				b.WriteString(a.val)
			}
		}
		c.runScript(FrameScript, b.String())
		return flow{kind: flowData}
	}
	c.raise(r("eval", Minimal, "runs its arguments as a script (classified on their own)"))
	c.runScript(FrameScript, joinArgsRaw(c.args))
	return flow{kind: flowData}
}

func sourceCommand(c *call) flow {
	c.raise(r("source", High, "runs a script file in the current shell"))
	if anyNet(c.args) {
		c.raise(ruleDownload)
	}
	if ps := positional(c.args); len(ps) > 0 {
		switch {
		case isStdinPath(ps[0]):
			codeFromStdin(c, true)
		case codeFromFd(c, ps[0]):
		case ps[0].dyn && ps[0].cand != "":
			c.runScript(FrameScript, ps[0].cand)
		}
	}
	return flow{kind: flowData}
}

func aliasCommand(c *call) flow {
	defines := false
	for _, a := range c.args {
		if a.dyn || strings.Contains(a.val, "=") {
			defines = true
			if name, val, ok := strings.Cut(a.val, "="); ok && !a.dyn {
				c.walk().defineAlias(name, val)
			}
		}
	}
	if defines {
		c.raise(r("alias", High, "defines an alias, which changes what later commands mean"))
		return flow{}
	}
	c.raise(r("alias-list", Minimal, "lists aliases"))
	return flow{kind: flowData}
}

func trapCommand(c *call) flow {
	if len(c.args) == 0 || c.hasOpt("-l -p") {
		c.raise(r("trap-list", Minimal, "lists signal handlers"))
		return flow{kind: flowData}
	}
	i := skipOpts(c.args, "")
	if i < len(c.args) {
		if c.args[i].dyn {
			c.raise(ruleDynScript)
		} else {
			c.raise(r("trap", Minimal, "runs a command when a signal arrives (classified on its own)"))
			c.runScript(FrameScript, c.args[i].val)
		}
	}
	return flow{}
}

func setCommand(c *call) flow {
	if len(c.args) == 0 {
		c.raise(rulePrintShellVars)
		return flow{kind: flowData}
	}
	c.raise(r("set-option", Minimal, "sets shell options"))
	w := c.walk()
	setPositionalFrom(c)
	for i, a := range c.args {
		switch {
		case a.dyn:
			c.raise(r("set-dynamic", High, "sets shell options only known at run time"))
		case a.val == "-o" && i+1 < len(c.args):
			switch c.args[i+1].val {
			case "keyword":
				w.keywordEnv = true
			case "allexport":
				w.allExport = true
			case "histexpand", "history":
				w.histExpand = true
			}
		case strings.HasPrefix(a.val, "-") && !strings.HasPrefix(a.val, "--"):
			if strings.Contains(a.val, "k") {
				w.keywordEnv = true
			}
			if strings.Contains(a.val, "H") {
				w.histExpand = true
			}
			if strings.Contains(a.val, "a") {
				w.allExport = true
			}
		}
	}
	return flow{}
}

// pwdCommand prints the current directory, which is known text where the
// walk knows it: "$(cd ~ && pwd)/x" is a path like ~/x (design §2.6).
func pwdCommand(c *call) flow {
	c.raise(readFiles)
	w := c.walk()
	for _, a := range c.args {
		if a.dyn || a.val != "-L" {
			return flow{kind: flowData} // -P resolves links, which are not known here
		}
	}
	if w.cwdDyn || w.cwd == "" || w.pathInfo().sets["PWD"] {
		return flow{kind: flowData}
	}
	return flow{kind: flowText, text: w.cwd + "\n"}
}

func cdCommand(c *call) flow {
	c.raise(r("cd", Minimal, "changes the current directory"))
	w := c.walk()
	// (shell_dirstack.go: cd -, pushd and $OLDPWD)
	w.changeDir(c.name, c.args)
	return flow{}
}

func popdCommand(c *call) flow {
	c.raise(r("cd", Minimal, "changes the current directory"))
	c.walk().popDir(c.args)
	return flow{}
}

func echoCommand(c *call) flow {
	c.raise(r("echo", Minimal, "prints text"))
	out := textOut(c.args, 0)
	if out.kind == flowText && len(c.args) > 0 && strings.HasPrefix(c.args[0].val, "-") && strings.Contains(c.args[0].val, "e") {
		out.text = decodeEscapes(out.text)
	}
	return out
}

// textOut is what echo or printf of args writes: static text when every
// word is static.
func textOut(args []arg, skip int) flow {
	var b strings.Builder
	for i, a := range args {
		if i < skip {
			continue
		}
		if a.dyn {
			return flow{kind: flowData}
		}
		if i == skip && strings.HasPrefix(a.val, "-") && len(a.val) <= 3 {
			continue // echo -n, -e
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.val)
	}
	b.WriteByte('\n')
	return flow{kind: flowText, text: strings.ReplaceAll(b.String(), `\n`, "\n")}
}

// decodeEscapes applies the backslash escapes of printf formats and of
// echo -e: \n, \t, \\, \xHH, \0NNN and their kin.
func decodeEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a', 'b', 'f', 'v', 'e', 'c':
			// control characters: harmless here, and never shell syntax
			b.WriteByte(' ')
		case 'x':
			var v int
			i, _, v = hexDigits(s, i, 2)
			b.WriteByte(byte(v))
		case 'u', 'U':
			// bash's printf and echo -e: a character by its number, in
			// at most 4 (u) or 8 (U) hex digits
			most := 4
			if c == 'U' {
				most = 8
			}
			var n, v int
			i, n, v = hexDigits(s, i, most)
			if n == 0 {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			b.WriteRune(rune(v))
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := int(c-'0'), 1
			for n < 4 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
				i++
				v = v*8 + int(s[i]-'0')
				n++
			}
			b.WriteByte(byte(v))
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// printfText is what printf FORMAT ARGS prints when everything is static:
// the format is applied (and reused while arguments remain), %s and %b
// take the next argument.
func printfText(args []arg) flow {
	if len(args) == 0 || args[0].dyn {
		return flow{kind: flowData}
	}
	format := args[0].val
	rest := args[1:]
	var b strings.Builder
	for round := 0; round < 64; round++ {
		used := false
		for i := 0; i < len(format); i++ {
			ch := format[i]
			if ch == '\\' {
				// the escape and what it takes: \\, \n, \x41, \101,
				// \u0041, \U00000041
				j, most := i+2, i+5
				if i+1 < len(format) && format[i+1] == 'u' {
					most = i + 6
				} else if i+1 < len(format) && format[i+1] == 'U' {
					most = i + 10
				}
				for j < len(format) && j < most && format[j] != '\\' && format[j] != '%' {
					j++
				}
				j = min(j, len(format))
				b.WriteString(decodeEscapes(format[i:j]))
				i = j - 1
				continue
			}
			if ch != '%' || i+1 >= len(format) {
				b.WriteByte(ch)
				continue
			}
			j := i + 1
			for j < len(format) && strings.IndexByte("-+ #0123456789.*", format[j]) >= 0 {
				j++
			}
			if j >= len(format) {
				break
			}
			verb := format[j]
			i = j
			if verb == '%' {
				b.WriteByte('%')
				continue
			}
			used = true
			if len(rest) == 0 {
				continue
			}
			a := rest[0]
			rest = rest[1:]
			if a.dyn {
				return flow{kind: flowData}
			}
			if verb == 'b' {
				b.WriteString(decodeEscapes(a.val))
			} else {
				b.WriteString(a.val)
			}
		}
		if !used || len(rest) == 0 {
			break
		}
	}
	return flow{kind: flowText, text: b.String()}
}

func printfCommand(c *call) flow {
	c.raise(r("echo", Minimal, "prints text"))
	if len(c.args) > 1 && !c.args[0].dyn && c.args[0].val == "-v" {
		rest := *c
		rest.args = c.args[2:]
		printfVar(&rest, c.args[1])
		return flow{}
	}
	return printfText(positional(c.args))
}

// sureDir is where a command runs if the last cd did not happen: a cd
// whose success the command depends on (cd build && rm -rf *) moves it
// there for good; after cd build; the command also runs if cd failed.
type sureDir struct {
	dir string
	dyn bool
}

// altDir returns the directory a relative path must also be judged
// against: the one the command runs in if an earlier cd failed.
func (w *walker) altDir() (string, bool) {
	if w.sure != nil {
		return w.sure.dir, w.sure.dyn
	}
	return w.env.Workspace, false
}

// andThen is called between the two sides of a && list: when the left
// side moved the directory, the right side runs only if that worked. It
// returns the function that ends this on leaving the list.
func (w *walker) andThen(before string, beforeDyn bool) func() {
	if w.cwd == before && w.cwdDyn == beforeDyn {
		return func() {}
	}
	saved := w.sure
	w.sure = &sureDir{dir: w.cwd, dyn: w.cwdDyn}
	return func() { w.sure = saved }
}

// hexDigits reads at most most hex digits of s after index i, and
// returns the index of the last one read, how many it read and their
// value.
func hexDigits(s string, i, most int) (int, int, int) {
	n, v := 0, 0
	for n < most && i+1 < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i+1]) >= 0 {
		i++
		d := s[i]
		switch {
		case d <= '9':
			v = v*16 + int(d-'0')
		case d >= 'a':
			v = v*16 + int(d-'a'+10)
		default:
			v = v*16 + int(d-'A'+10)
		}
		n++
	}
	return i, n, v
}
