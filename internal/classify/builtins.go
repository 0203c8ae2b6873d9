package classify

import (
	"strings"
)

// Builtins that assign variables by name, run command strings, or change
// how later words are read. Each one is judged for what it makes bash do:
// read PATH sets PATH like PATH=..., compgen -C runs a command, set -k
// turns NAME=value arguments into environment.

var ruleBuiltin = rule{id: "shell-builtin", level: Minimal, why: "a shell builtin or lookup that changes nothing"}

// assignTarget judges a builtin assigning the variable named by a (read
// NAME, printf -v NAME, mapfile NAME): like NAME=value with an unknown
// value, unless val is known.
func (c *call) assignTarget(a arg, val *arg) {
	w := c.w
	if a.dyn {
		c.raise(r("assign-dynamic-name", High, "assigns a variable whose name is only known at run time"))
		return
	}
	name := a.val
	if strings.Contains(name, "[") {
		// the subscript is evaluated
		w.arithVar(name, c.pos, c.snippet)
		name = name[:strings.IndexByte(name, '[')]
	}
	name = w.refTarget(name)
	w.setsEnv(name, val, w.assignScope(name), c.pos, c.raiseMsg)
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
		vals, fields, known = c.w.readFields(c.stdin.text, len(names), c.hasOpt("-r"), c.env)
	}
	for i, n := range names {
		var v *arg
		if known && array == "" {
			v = &arg{val: vals[i]}
		}
		c.assignTarget(n, v)
	}
	if known && array != "" {
		c.w.setArray(array, fields)
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
		c.w.setArray(names[0].val, textLines(c.stdin.text, c.hasOpt("-t")))
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
			c.w.arithVar(a.val, c.pos, c.snippet)
		}
		c.w.forgetVar(strings.SplitN(a.val, "[", 2)[0])
		if !strings.Contains(a.val, "[") {
			c.w.unexportVar(a.val)
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
				c.w.arithVar(n.val, c.pos, c.snippet)
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
		c.raise(r("builtin-callback", High, "runs a command to produce completions"))
		if cmd.dyn {
			c.raise(ruleDynScript)
		} else {
			c.runScript(FrameScript, cmd.val)
		}
	}
	if _, ok := c.optValue("-F"); ok {
		c.raise(r("builtin-callback", High, "runs a shell function to produce completions"))
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
					c.w.defineHash(a.val, p.val)
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
	if file.val == "~/.bash_history" && c.w.env.Home != "" {
		file.val = c.w.env.Home + "/.bash_history"
	}
	if c.hasOpt("-w -a") {
		if ru, ok := c.w.writeRule(file); ok {
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
			c.raise(r("assign-dynamic-name", High, "assigns a variable whose name is only known at run time"))
			continue
		}
		if strings.HasPrefix(a.val, "-") || strings.HasPrefix(a.val, "+") {
			continue
		}
		name, val, hasVal := strings.Cut(a.val, "=")
		if hasVal {
			c.assignTarget(arg{val: name}, &arg{val: val})
			if strings.HasPrefix(val, "(") {
				c.w.script(name+"="+val, &c.pos)
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
			c.w.lastpipe = true
		case "cdable_vars":
			c.w.cdAnywhere = true
		case "expand_aliases":
			c.raise(r("expand-aliases", High, "makes aliases apply, so a command name may run anything"))
		}
	}
	return flow{}
}
