package classify

// Shells and interpreters: the handlers that find the code a shell or an
// interpreter runs (inline, from a file, from standard input) and judge it.

import (
	"path"
	"strings"
)

var ruleParseOnly = rule{id: "shell-syntax-check", level: Minimal, why: "reads a shell script and checks its syntax, running none of it"}

// shellCommand handles sh, bash and their kin: -c SCRIPT is re-parsed; a
// script file is unknown code; commands on standard input are classified
// when they are static text.
func shellCommand(c *call) flow {
	args := c.args
	hasC, stdinScript := false, false
	// noexec: -n (or -o noexec) reads commands without running them,
	// which an interactive shell (-i) ignores (bash(1), -n)
	noexec, interactive := false, false
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			break
		}
		v := a.val
		if v == "--" || v == "-" {
			i++
			// (-s before -- still reads the script from stdin)
			stdinScript = stdinScript || v == "-"
			break
		}
		if (!strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+")) || len(v) < 2 {
			break
		}
		switch v {
		case "-o", "+o":
			if i+1 < len(args) && !args[i+1].dyn && args[i+1].val == "noexec" {
				noexec = v == "-o"
			} else if i+1 < len(args) && args[i+1].dyn {
				noexec = false // not known: it may run
			}
			i++
			continue
		case "-O", "+O", "--rcfile", "--init-file":
			i++
			continue
		case "--login", "--norc", "--noprofile", "--posix", "--noediting", "--restricted", "--verbose", "--debugger", "--dump-strings":
			continue
		case "--version", "--help":
			c.raise(ruleVersion)
			return flow{kind: flowData}
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
		if strings.ContainsRune(v[1:], 'n') {
			noexec = v[0] == '-'
		}
		if strings.ContainsRune(v[1:], 'i') && v[0] == '-' {
			interactive = true
		}
		if strings.ContainsRune(v[1:], 'c') && v[0] == '-' {
			hasC = true
		}
		if strings.ContainsRune(v[1:], 's') && v[0] == '-' {
			stdinScript = true
		}
	}
	rest := args[i:]
	if noexec && !interactive {
		// a syntax check: the script (or -c's text, or standard input)
		// is read and nothing of it runs (issue 29: bash -n x.sh)
		c.raise(ruleParseOnly)
		return flow{kind: flowData}
	}
	if hasC {
		if len(rest) == 0 {
			c.raise(parseRule)
			return flow{kind: flowData}
		}
		if rest[0].net {
			c.raise(ruleDownload)
		}
		if rest[0].dyn {
			c.raise(ruleDynScript)
			if rest[0].cand != "" {
				c.runScript(FrameScript, rest[0].cand)
			}
			return flow{kind: flowData}
		}
		c.raise(ruleShellC)
		restore := c.ctx.positional(rest[1:])
		c.runScript(FrameScript, rest[0].val)
		restore()
		return flow{kind: flowData}
	}
	if len(rest) > 0 && isStdinPath(rest[0]) {
		stdinScript = true
		rest = rest[1:]
	}
	if len(rest) > 0 && !stdinScript {
		// bash /dev/fd/3 3<<EOF: the script is the text given to fd 3,
		// and $0 is its path
		restore := c.ctx.positional(rest)
		done := codeFromFd(c, rest[0])
		restore()
		if done {
			return flow{kind: flowData}
		}
	}
	if len(rest) > 0 && !stdinScript {
		c.raiseRunFile(ruleShellFile, rest[0])
		if rest[0].net {
			c.raise(ruleDownload)
		}
		if rest[0].dyn && rest[0].cand != "" {
			// sh <(echo ...): the file holds that text
			c.runScript(FrameScript, rest[0].cand)
		}
		return flow{kind: flowData}
	}
	// bash -s ARGS: the script from stdin sees ARGS as $1...
	restore := c.ctx.positional(append([]arg{{val: "bash"}}, rest...))
	codeFromStdin(c, true)
	restore()
	return flow{kind: flowData}
}

// perlInPlace reports perl's -i, alone or in a cluster (-pi, -pi.bak,
// -ni): perl reads switches one letter at a time until one that takes
// the rest of the word as its value.
func perlInPlace(args []arg) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn || a.val == "--" || strings.HasPrefix(a.val, "--") {
			continue
		}
		if !strings.HasPrefix(a.val, "-") {
			return false // the script or a file: switches are over
		}
		for j, ch := range a.val[1:] {
			if ch == 'i' {
				return true
			}
			if strings.ContainsRune("eEMmIlxCdDV0", ch) {
				if (ch == 'e' || ch == 'E') && j == len(a.val)-2 {
					i++ // the code is the next word
				}
				break // the rest of the word is this switch's value
			}
		}
	}
	return false
}

// interpreter handles python, node, ruby, perl and their kin.
// rubyPathLookup reports ruby's -S among its options: the script is
// looked up in PATH, a program by its name (ruby -S rake db:drop).
func rubyPathLookup(opts []arg) bool {
	for _, o := range opts {
		if !o.dyn && strings.HasPrefix(o.val, "-") && !strings.HasPrefix(o.val, "--") && strings.Contains(o.val, "S") {
			return true
		}
	}
	return false
}

func interpreter(c *call) flow {
	args := c.args
	key := interpKey(c.name)
	codeL, valueL := codeLetters.get()[key], valueLetters.get()[key]
	longCode := map[string]bool{"--eval": true, "--print": true, "-Command": true, "-command": true, "--command": true}
	longValue := map[string]bool{"--require": true, "--import": true, "--loader": true, "--input-type": true, "--experimental-loader": true,
		"--php-ini": key == "php", "--define": key == "php", "--zend-extension": key == "php"}
	if c.name == "perl" && perlInPlace(args) {
		c.raise(r("perl-in-place", Low, "edits files in place"))
		// the files are the operands; the code among them names none
		c.guardChanges(positional(args), false)
	}
	if len(args) == 1 && !args[0].dyn && versionFlag(c.name, args[0].val) {
		c.raise(ruleVersion)
		return flow{kind: flowData}
	}
	if syntaxCheckOnly(c) {
		return flow{kind: flowData}
	}
	code := func(i int, attached string) flow {
		switch {
		case attached != "":
			inlineCode(c, attached)
		case i+1 < len(args) && args[i+1].dyn:
			c.raise(ruleDynScript)
			if args[i+1].cand != "" {
				inlineCode(c, args[i+1].cand)
			}
		case i+1 < len(args):
			inlineCode(c, args[i+1].val)
		default:
			c.raise(ruleInline)
		}
		return flow{kind: flowData}
	}
	if anyNet(args) {
		c.raise(ruleDownload)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			c.raise(ruleDynScript)
			return flow{kind: flowData}
		}
		v := a.val
		switch {
		case v == "-":
			codeFromStdin(c, false)
			return flow{kind: flowData}
		case v == "--":
			if i+1 < len(args) {
				c.raiseRunFile(ruleInterpFile, args[i+1])
			} else {
				codeFromStdin(c, false)
			}
			return flow{kind: flowData}
		case !strings.HasPrefix(v, "-"):
			if pl, _ := c.ctx.placeOf(a); (v == "artisan" || v == "./artisan") && key == "php" && pl == placeWorkspace {
				// Laravel's artisan at the project's root boots the
				// framework the project installed, as bin/rails does:
				// judged by its command (tool_patterns.go), at least
				// medium, in the box
				c.raiseRunFile(ruleProjectBin, a)
			} else {
				c.raiseRunFile(ruleInterpFile, a)
			}
			if base := strings.ToLower(path.Base(v)); projectBinDir(path.Dir(v), base) {
				// php vendor/bin/phpunit, node node_modules/.bin/jest:
				// the tool's options that load code are its own
				loadsCode(c, base, args[i+1:])
			}
			if base := path.Base(v); key == "ruby" && (projectBinDir(path.Dir(v), base) || rubyPathLookup(args[:i])) {
				// ruby bin/rails db:drop runs the binstub, ruby -S rake
				// the rake PATH finds: judged as that program (issue 29)
				argv := append([]arg{{val: base, pos: a.pos}}, args[i+1:]...)
				return c.ctx.inner(c, c.name, argv, c.stdin)
			}
			if base := path.Base(v); base == "manage.py" && key == "python" || base == "artisan" && key == "php" {
				// a project's management script: its verbs that empty the
				// database are rows of their own (tools_databases.go)
				argv := append([]arg{{val: base, pos: a.pos}}, args[i+1:]...)
				return c.ctx.inner(c, c.name, argv, c.stdin)
			}
			if prog, ok := agentScript(v); ok && (key == "node" || key == "nodejs") {
				// an agent's own script: the words after it are the
				// agent's command line
				argv := append([]arg{{val: prog, pos: a.pos}}, args[i+1:]...)
				return c.ctx.inner(c, c.name, argv, c.stdin)
			}
			return flow{kind: flowData}
		case strings.HasPrefix(v, "--") || len(v) > 2 && (key == "pwsh" || key == "powershell"):
			name, val, hasVal := strings.Cut(v, "=")
			if longCode[name] || strings.EqualFold(name, "-EncodedCommand") || strings.EqualFold(name, "-e") && key == "pwsh" {
				if hasVal {
					return code(i, val)
				}
				return code(i, "")
			}
			if longValue[name] && !hasVal {
				i++
			}
			continue
		}
		// a cluster of one-letter options: -c, -we, -pe, -um pip, -Wignore
		for k := 1; k < len(v); k++ {
			ch := v[k]
			rest := v[k+1:]
			switch {
			case ch == 'p' && rest != "" && strings.IndexByte(codeL, 'e') >= 0:
				// node -pe CODE: print, then the code
				continue
			case strings.IndexByte(codeL, ch) >= 0:
				return code(i, rest)
			case ch == 'm' && key == "python":
				mod := rest
				next := i + 1
				if mod == "" {
					if next >= len(args) {
						c.raise(ruleInline)
						return flow{kind: flowData}
					}
					if args[next].dyn {
						c.raise(ruleDynScript)
						return flow{kind: flowData}
					}
					mod = args[next].val
					next++
				}
				// python -m looks the module up in the current directory
				// first: a json/ or pip/ planted there runs instead
				c.raise(unseen(r("python-module", Minimal, "runs a Python module as a program (judged as that program), found in the current directory first")))
				return pythonModule(c, arg{val: mod, pos: c.pos}, args[next:])
			case strings.IndexByte(valueL, ch) >= 0:
				if rest == "" {
					i++
				}
				k = len(v)
			}
		}
	}
	codeFromStdin(c, false)
	return flow{kind: flowData}
}

// codeLetters are the one-letter options that take inline code, per
// interpreter; valueLetters take some other value.
var codeLetters = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"python": "c", "node": "ep", "nodejs": "ep", "ruby": "e", "perl": "eE", "php": "r", "lua": "e", "luajit": "e",
		"rscript": "e", "osascript": "e", "pwsh": "c", "powershell": "c", "ts-node": "ep", "tsx": "ep", "julia": "e",
		"elixir": "e", "groovy": "e", "tclsh": "",
	}
}}

var valueLetters = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"python": "WXQ", "node": "r", "nodejs": "r", "ruby": "rICEx", "perl": "MImxlC", "php": "dcftSz", "lua": "l",
	}
}}

func interpKey(name string) string {
	if strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy") {
		return "python"
	}
	return name
}

var ruleSyntaxCheck = rule{id: "syntax-check", level: Minimal, why: "checks a file's syntax without running it"}

// syntaxOptions are, per interpreter, the option that only checks syntax
// and the options that may come with it. Perl is not here: perl -c runs
// BEGIN blocks. Any other option (ruby -c -r lib loads code) leaves the
// interpreter's own judgment.
var syntaxOptions = lazy[map[string]struct{ check, with string }]{build: func() map[string]struct{ check, with string } {
	return map[string]struct{ check, with string }{
		"ruby":   {check: "-c", with: "-w -W -W0 -W1 -W2 --verbose -wc -cw"},
		"node":   {check: "-c --check", with: ""},
		"nodejs": {check: "-c --check", with: ""},
		"php":    {check: "-l --syntax-check", with: "-n"},
	}
}}

// syntaxCheckOnly raises the syntax-check row when c only checks the
// syntax of static files, and reports whether it did.
func syntaxCheckOnly(c *call) bool {
	opts, ok := syntaxOptions.get()[c.name]
	if !ok {
		return false
	}
	checks, files := false, 0
	for _, a := range c.args {
		if files > 0 {
			// the file is the script: the words after it are its own
			// (node x.js -c config.json runs x.js)
			break
		}
		switch {
		case a.dyn:
			return false
		case hasWord(opts.check, a.val):
			checks = true
		case hasWord(opts.with, a.val):
			if strings.Contains(a.val, "c") && c.name == "ruby" {
				checks = true
			}
		case strings.HasPrefix(a.val, "-"):
			return false
		default:
			files++
		}
	}
	if !checks || files == 0 {
		return false
	}
	c.raise(ruleSyntaxCheck)
	return true
}

var ruleServeOutside = rule{id: "serve-outside", level: High, why: "serves the files of a directory outside the workspace to whoever connects"}

// pythonModules are the modules of Python's standard library that
// development runs with python -m, by what they do. Any other module is
// judged as the program of the same name (python -m pytest is pytest,
// python -m pre_commit is pre-commit).
var pythonModules = lazy[map[string]rule]{build: func() map[string]rule {
	return map[string]rule{
		"venv":        {id: "python-venv", level: Medium, why: "creates a virtual environment for the project"},
		"unittest":    buildRule,
		"doctest":     buildRule,
		"compileall":  {id: "python-compile", level: Medium, why: "compiles Python files to bytecode next to them"},
		"py_compile":  {id: "python-compile", level: Medium, why: "compiles Python files to bytecode next to them"},
		"build":       buildRule,
		"ensurepip":   pkgInstall,
		"tabnanny":    lintRule,
		"json.tool":   readFiles,
		"site":        {id: "python-info", level: Minimal, why: "prints Python's search path and settings"},
		"sysconfig":   {id: "python-info", level: Minimal, why: "prints Python's search path and settings"},
		"platform":    {id: "python-info", level: Minimal, why: "prints Python's search path and settings"},
		"http.server": serverRule,
		"pydoc":       {id: "python-module-doc", level: Medium, why: "prints or writes documentation of Python modules"},
	}
}}

// jupyterModule returns the jupyter subcommand whose module mod is (the
// jupyter command runs the module of its subcommand).
func jupyterModule(mod string) (string, bool) {
	switch mod {
	case "nbconvert", "notebook":
		return mod, true
	case "jupyterlab":
		return "lab", true
	}
	return "", false
}

// pythonModule judges python -m MOD ARGS.
func pythonModule(c *call, mod arg, rest []arg) flow {
	if ru, ok := pythonModules.get()[mod.val]; ok {
		c.raise(ru)
		switch mod.val {
		case "http.server":
			// the directory it serves: the workspace's files are the
			// project's; another directory's (~, /) are the user's or the
			// system's, served to whoever connects (issue 29)
			// argparse: --directory by any prefix of it (--dir), the last
			// given counting (any may be it here)
			dirs := []arg{{val: ".", pos: mod.pos}}
			if hs := optionValues(rest, "-d --directory", optConv{abbrev: true}); len(hs) > 0 {
				dirs = dirs[:0]
				for _, h := range hs {
					dirs = append(dirs, h.val)
				}
			}
			for _, dir := range dirs {
				if pl, _ := c.ctx.placeOf(dir); dir.dyn || pl != placeWorkspace && pl != placeWorkspaceRoot && pl != placeTemp && pl != placeTempRoot {
					c.raiseWith(ruleServeOutside, occurrence{detail: dir.val})
					break
				}
			}
		case "pydoc":
			if hasOpt(rest, "-p -b") {
				c.raise(serverRule)
			}
		case "json.tool":
			// json.tool [options] [infile [outfile]]: outfile is written
			ops := valueArgs(rest, "--indent", "")
			if len(ops) > 0 && c.ctx.readsSecret(ops[0], false) {
				c.raise(ruleReadSecret)
			}
			if len(ops) > 1 {
				c.raise(r("python-write", Low, "writes the formatted JSON to a file"))
				// any operand after the first may be the output (an
				// option's value read as an operand only over-rates)
				for _, o := range ops[1:] {
					if ru, bad := c.ctx.writeRule(o); bad && ru.level > Low {
						c.raise(ru)
					}
				}
			}
		case "site", "sysconfig", "platform":
		default:
			// what it creates or compiles must be in the workspace
			for _, t := range valueArgs(rest, "-d -x -i -o -j -r -e --prompt --upgrade-deps -p -k", "") {
				if ru, bad := c.ctx.writeInto(t); bad && ru.level > Low {
					c.raise(ru)
				}
			}
		}
		return flow{kind: flowData}
	}
	name := mod.val
	if sub, ok := jupyterModule(name); ok {
		// python -m nbconvert is jupyter nbconvert (the jupyter command
		// runs the module of its subcommand), judged as that
		return c.ctx.dispatch(c, append([]arg{{val: "jupyter", pos: mod.pos}, {val: sub, pos: mod.pos}}, rest...))
	}
	if !knownProgram(name) && strings.Contains(name, "_") && knownProgram(strings.ReplaceAll(name, "_", "-")) {
		name = strings.ReplaceAll(name, "_", "-")
	}
	if strings.Contains(name, "/") {
		c.raise(ruleUnknown)
		return flow{kind: flowData}
	}
	return c.ctx.dispatch(c, append([]arg{{val: name, pos: mod.pos}}, rest...))
}
