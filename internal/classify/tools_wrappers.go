package classify

// Programs whose job is to run another program (xargs, parallel, watch,
// flock, script, env, nice, timeout, taskset, chrt, ...): their handlers
// find the command they run and hand it back to the walker.

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// xargsCommand classifies the command xargs runs, with the words it reads
// from its input appended as values only known at run time.
func xargsCommand(c *call) flow {
	c.raise(r("xargs", Minimal, "runs a command with arguments read from its input (classified on its own)"))
	args := c.args
	replace := ""
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			break
		}
		v := a.val
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		switch {
		case v == "-I" || v == "-J":
			if i+1 < len(args) {
				replace = args[i+1].val
			}
			i++
		case strings.HasPrefix(v, "-I"):
			replace = v[2:]
		case v == "-i" || v == "--replace":
			replace = "{}"
		case strings.HasPrefix(v, "-i") || strings.HasPrefix(v, "--replace="):
			replace = v[strings.IndexAny(v, "i=")+1:]
			if replace == "" {
				replace = "{}"
			}
		case v == "-R" || v == "-S" || v == "-a" || v == "-d" || v == "-E" || v == "-L" || v == "-n" || v == "-P" || v == "-s" ||
			v == "--arg-file" || v == "--delimiter" || v == "--max-args" || v == "--max-procs" ||
			v == "--max-chars" || v == "--process-slot-var" || v == "--eof":
			i++
		}
	}
	inner := append([]arg(nil), args[i:]...)
	if len(inner) == 0 {
		inner = []arg{{val: "echo", pos: c.pos}}
	}
	dynArg := arg{val: "{input}", dyn: true, pos: c.pos}
	if c.stdin.kind == flowText {
		dynArg.cand = strings.TrimSpace(c.stdin.text)
	}
	if f := c.stdin.found; f != nil && replace == "" {
		// paths find lists: judged where they lie (tools_files_find.go)
		dynArg = *f
		dynArg.pos = c.pos
	}
	replaced := false
	if replace != "" {
		for k := range inner {
			if k > 0 && !inner[k].dyn && strings.Contains(inner[k].val, replace) {
				if dynArg.cand != "" {
					inner[k].cand = strings.ReplaceAll(inner[k].val, replace, dynArg.cand)
				}
				inner[k].dyn = true
				replaced = true
			}
		}
	}
	if !replaced {
		// the input may become arguments however the options read
		inner = append(inner, dynArg)
	}
	if n, ok := firstName(inner); ok && handlers.get()[n] != nil && isShellName(n) {
		c.raise(r("xargs-shell", High, "feeds its input to a shell, where data becomes code"))
	}
	c.ctx.inner(c, c.name, inner, flow{})
	return flow{kind: flowData}
}

// ruleParallelMany: the inputs past maxCandidates are not judged, so it
// is a limit (design §7), not a level.
var ruleParallelMany = rule{id: "parallel-many", level: High, why: "has more inputs than permguard inspects one by one", effect: EffectRun}

// parallelCommand: GNU parallel joins its command words with spaces and
// runs the line with a shell, once per input, with {} replaced (without -q
// the words' own quoting is lost). Inputs come after ::: or on stdin; with
// no command, each input is itself a command line.
func parallelCommand(c *call) flow {
	c.raise(r("parallel", Minimal, "runs a command for each input (classified on its own)"))
	if c.hasOpt("-S --sshlogin") {
		c.raise(r("parallel-remote", High, "runs commands on other machines"))
	}
	writeOpts(c, "--joblog --results --res --output-as-files")
	if wd, ok := c.optValue("--wd --workdir"); ok {
		defer c.ctx.chdir(wd)()
	}
	i := skipOpts(c.args, "-j --jobs -N -n --max-args -S --sshlogin -a --arg-file -d --delimiter -I --joblog --results --tmpdir --timeout --delay -L --max-lines --colsep -C --env --workdir --wd --halt")
	var cmd, inputs []arg
	for ; i < len(c.args); i++ {
		if !c.args[i].dyn && strings.HasPrefix(c.args[i].val, ":::") {
			break
		}
		cmd = append(cmd, c.args[i])
	}
	for ; i < len(c.args); i++ {
		if c.args[i].dyn || !strings.HasPrefix(c.args[i].val, ":::") {
			inputs = append(inputs, c.args[i])
		}
	}
	var cands []string
	if len(inputs) > maxCandidates {
		c.ctx.pastLimit(LimitInputs, ruleParallelMany, fmt.Sprintf("has more than %d inputs, more than permguard judges one by one", maxCandidates), c.pos, c.snippet)
		inputs = inputs[:maxCandidates]
	}
	for _, in := range inputs {
		if in.dyn {
			c.raise(ruleDynScript)
			continue
		}
		cands = append(cands, in.val)
	}
	if len(inputs) == 0 {
		switch c.stdin.kind {
		case flowText:
			for i, line := range strings.Split(strings.TrimSpace(c.stdin.text), "\n") {
				if i == maxCandidates {
					c.ctx.pastLimit(LimitInputs, ruleParallelMany, fmt.Sprintf("has more than %d inputs, more than permguard judges one by one", maxCandidates), c.pos, c.snippet)
					break
				}
				cands = append(cands, line)
			}
		default:
			if len(cmd) == 0 {
				c.raise(ruleShellStdin)
			}
		}
	}
	for _, a := range cmd {
		if a.dyn {
			c.raise(ruleDynScript)
			return flow{kind: flowData}
		}
	}
	if len(cmd) == 0 {
		c.raise(ruleShellStdin)
		for _, cand := range cands {
			c.runScript(FrameScript, cand)
		}
		return flow{kind: flowData}
	}
	if len(cands) == 0 {
		cands = []string{"$PARALLEL_INPUT"}
	}
	lines := []string{joinArgsRaw(cmd), joinArgs(cmd)}
	for _, cand := range cands {
		q := cand
		if cand != "$PARALLEL_INPUT" {
			q = syntaxQuote(cand)
		}
		// one frame per input: the quoted reading is the same line read
		// another way
		var saved []Frame
		for i, line := range lines {
			script := line
			found := false
			for _, tok := range []string{"{}", "{.}", "{/}", "{//}", "{/.}", "{#}", "{%}", "{1}", "{2}", "{3}"} {
				if strings.Contains(script, tok) {
					found = true
					script = strings.ReplaceAll(script, tok, q)
				}
			}
			if !found {
				script += " " + q
			}
			if i == 0 {
				saved = c.ctx.push(FrameScript, c.name, c.pos, script)
			}
			c.ctx.script(script, &c.pos)
		}
		c.ctx.popFrames(saved)
	}
	return flow{kind: flowData}
}

// wrapper returns a handler for a program that runs the rest of its
// arguments as a command. floor names an extra rule for the wrapper itself.
func wrapper(valueOpts, floor string) func(c *call) flow {
	return func(c *call) flow {
		switch floor {
		case "nohup", "setsid":
			c.raise(ruleBackground)
		case "trace":
			c.raise(ruleTrace)
		}
		if c.name == "time" {
			if o, ok := c.optValue("-o --output"); ok {
				if ru, bad := c.ctx.writeRule(o); bad {
					c.raise(ru)
				}
			}
		}
		i := skipOpts(c.args, valueOpts)
		if c.name == "nice" && i < len(c.args) && !c.args[i].dyn && isNumber(strings.TrimPrefix(c.args[i].val, "-")) {
			i++
		}
		if i >= len(c.args) {
			c.raise(r("wrapper-alone", Minimal, "runs no command"))
			return flow{}
		}
		return c.ctx.dispatch(c, c.args[i:])
	}
}

func timeoutCommand(c *call) flow {
	i := skipOpts(c.args, "-s -k --signal --kill-after")
	i++ // the duration
	return runFrom(c, i)
}

func tasksetCommand(c *call) flow {
	if c.hasOpt("-p --pid") {
		c.raise(r("taskset-pid", High, "changes another process's CPU affinity"))
		return flow{}
	}
	i := skipOpts(c.args, "") + 1 // the mask or list
	if c.hasOpt("-c --cpu-list") {
		i = skipOpts(c.args, "-c --cpu-list")
	}
	return runFrom(c, i)
}

func chrtCommand(c *call) flow {
	if c.hasOpt("-p --pid") {
		c.raise(r("chrt-pid", High, "changes another process's scheduling"))
		return flow{}
	}
	i := skipOpts(c.args, "-T -P -D --sched-runtime --sched-period --sched-deadline") + 1
	return runFrom(c, i)
}

// envCommand reads env's options through its spec (tools_wrappers_opts.go), so
// that an abbreviation (--un=NAME), a cluster (-iu NAME, -vC DIR) or a
// glued value (-uNAME) is the option it stands for; the options end at
// the first operand.
func envCommand(c *call) flow {
	args := c.args
	p := optionSpecs.get()["env"].parse("env", args)
	empty := false
	i := len(args) - len(p.operands)
	defer func() {
		if empty && i < len(args) {
			c.raise(ruleEnvEmpty)
		}
	}()
	for _, u := range p.uses {
		if u.raw {
			continue
		}
		switch u.e.canon {
		case "--ignore-environment":
			empty = true
		case "--chdir":
			if u.val != nil {
				defer c.ctx.chdir(*u.val)()
			}
		case "--unset":
			if u.val != nil && (u.val.dyn || strings.HasPrefix(u.val.val, "PERMGUARD_")) {
				// the command runs without the level or mode the user set
				c.raiseWith(ruleEnvSelf, occurrence{detail: "unsets permguard's variables for the command", target: u.val.val})
			}
		case "--split-string":
			// -S splits one string into words: read it as a script, with
			// the words after it
			script, after := "", u.at+1
			if u.val != nil {
				script = u.val.val
			}
			if u.next {
				after++
			}
			rest := joinArgs(args[min(after, len(args)):])
			c.raise(r("env-split", Minimal, "runs the command in its -S string (classified on its own)"))
			if empty {
				c.runScript(FrameScript, "env -i "+script+" "+rest)
			} else if strings.HasPrefix(strings.TrimSpace(script), "-") {
				// env -S '-i cmd': the options in the string count too
				c.runScript(FrameScript, "env "+script+" "+rest)
			} else {
				c.runScript(FrameScript, script+" "+rest)
			}
			empty = false
			return flow{kind: flowData}
		}
	}
	if i < len(args) && !args[i].dyn && args[i].val == "-" {
		// a mere - is -i
		empty = true
		i++
	}
	for ; i < len(args); i++ {
		a := args[i]
		eq := strings.IndexByte(a.val, '=')
		if a.dyn || eq <= 0 {
			break
		}
		name := a.val[:eq]
		c.ctx.setsEnv(name, &arg{val: a.val[eq+1:]}, scopeCommand, c.pos, c.raiseWith)
		c.setEnv(name, a.val[eq+1:])
	}
	if i >= len(args) {
		c.raise(r("print-env", High, "prints environment variables, which often hold secrets"))
		return flow{kind: flowData}
	}
	return c.ctx.dispatch(c, args[i:])
}

func watchCommand(c *call) flow {
	// a wrapper that adds nothing but repetition (design §2.4, issue 29):
	// the command it runs decides. Only -n and -q take a separate value
	// (watch(1)); -d's is optional and glued (--differences=permanent)
	c.raise(r("watch", Minimal, "runs a command again and again until stopped (judged as that command)"))
	i := skipOpts(c.args, "-n --interval -q --equexit")
	if i >= len(c.args) {
		return flow{}
	}
	if c.hasOpt("-x --exec") {
		return c.ctx.dispatch(c, c.args[i:])
	}
	// watch joins its arguments and runs them with sh -c, losing their
	// quotes. One known word is that script, and only that (watch -n1
	// 'ls -la' runs ls, not a program named "ls -la"). Of several words,
	// or one only known at run time, the quoted reading is judged too, in
	// the same frame: the same script read another way, should a watch
	// run its words as they are (watch sh -c 'git reset --hard')
	rest := c.args[i:]
	raw := joinArgsRaw(rest)
	saved := c.ctx.push(FrameScript, c.name, c.pos, raw)
	c.ctx.script(raw, &c.pos)
	if len(rest) > 1 || rest[0].dyn {
		c.ctx.script(joinArgs(rest), &c.pos)
	}
	c.ctx.popFrames(saved)
	return flow{kind: flowData}
}

func flockCommand(c *call) flow {
	i := skipOpts(c.args, "-w --wait --timeout -E --conflict-exit-code")
	if o, ok := c.optValue("-c --command"); ok {
		if o.dyn {
			c.raise(ruleDynScript)
		} else {
			c.raise(ruleShellC)
			c.runScript(FrameScript, o.val)
		}
		return flow{kind: flowData}
	}
	if i < len(c.args) && !isNumber(c.args[i].val) {
		// flock creates the lock file
		if ru, bad := c.ctx.writeKeeping(c.args[i]); bad {
			c.raise(ru)
		}
	}
	i++ // the lock file or descriptor
	if i >= len(c.args) {
		c.raise(r("flock", Low, "takes a file lock"))
		return flow{}
	}
	return c.ctx.dispatch(c, c.args[i:])
}

func scriptCommand(c *call) flow {
	// the transcript goes to FILE, else ./typescript
	out := arg{val: "typescript", pos: c.pos}
	if o, ok := c.optValue("-O --log-out"); ok {
		out = o
	} else if ps := valueArgs(c.args, "-c --command -E --echo -I --log-in -B --log-io -T --log-timing -m --logging-format", ""); len(ps) > 0 {
		out = ps[0]
	}
	if ru, bad := c.ctx.writeRule(out); bad {
		c.raise(ru)
	}
	if o, ok := c.optValue("-c --command"); ok {
		if o.dyn {
			c.raise(ruleDynScript)
		} else {
			c.raise(ruleShellC)
			c.runScript(FrameScript, o.val)
		}
		return flow{kind: flowData}
	}
	c.raise(ruleShellTTY)
	return flow{kind: flowData}
}

var (
	ruleOtherRoot   = rule{id: "other-root", level: High, why: "runs a command under another root directory, where its paths name other files", effect: EffectRun}
	ruleRemoteUnit  = rule{id: "run-elsewhere", level: High, why: "runs a command on another machine or in a container", effect: EffectRun}
	ruleOtherProc   = rule{id: "other-process-limits", level: High, why: "changes the limits or priority of a process already running"}
	ruleUnitCommand = rule{id: "unit-property-command", level: High, why: "sets a unit property that runs a command given in its value", effect: EffectRun}
)

// specWrapper is the handler of a wrapper whose options its spec reads
// (tools_wrappers_opts.go): the command starts at the first operand,
// after the operands of its own (chroot's NEWROOT), so an option's value
// is never taken for the command and the command's options are its own.
func specWrapper(own int) func(c *call) flow {
	return func(c *call) flow {
		p := optionSpecs.get()[c.name].parse(c.name, c.args)
		i := len(c.args) - len(p.operands)
		detached, info := false, false
		for _, u := range p.uses {
			if u.raw {
				continue
			}
			switch o := u.e.canon; {
			case o == "--wd" || o == "--working-directory":
				if u.val != nil {
					defer c.ctx.chdir(*u.val)()
				}
			case o == "--root":
				c.raise(ruleOtherRoot)
			case o == "--host" || o == "--machine":
				c.raise(ruleRemoteUnit)
			case (o == "--pid" || o == "--exe" || o == "--path") && c.name != "unshare":
				// unshare's --pid is a namespace; the others' name a
				// process already running
				c.raise(ruleOtherProc)
				return flow{}
			case o == "--property" && u.val != nil && (u.val.dyn || strings.HasPrefix(u.val.val, "Exec")):
				c.raise(ruleUnitCommand)
			case o == "--shell":
				c.raise(ruleShellTTY)
				return flow{kind: flowData}
			case o == "--background" || strings.HasPrefix(o, "--on-"):
				detached = true
			case o == "--show" || o == "--hardware" || o == "--dump" || o == "--help" || o == "--version":
				info = true
			}
		}
		if c.name == "systemd-run" && !slices.ContainsFunc(p.uses, func(u optUse) bool {
			return !u.raw && strings.Contains(" --scope --pipe --pty --wait ", " "+u.e.canon+" ")
		}) {
			// a transient service runs apart from the caller, past its end
			detached = true
		}
		if detached {
			c.raise(ruleBackground)
		}
		if c.name == "chroot" && i < len(c.args) {
			if r := c.args[i]; r.dyn || path.Clean(r.val) != "/" {
				c.raise(ruleOtherRoot)
			}
		}
		i += own
		if i >= len(c.args) {
			switch {
			case info || c.name == "prlimit" || c.name == "choom":
				c.raise(r("wrapper-alone", Minimal, "runs no command"))
				return flow{}
			case c.name == "unshare" || c.name == "chroot" || c.name == "firejail":
				// with no command they start the user's shell
				c.raise(ruleShellTTY)
				return flow{kind: flowData}
			}
			return runFrom(c, i)
		}
		return c.ctx.dispatch(c, c.args[i:])
	}
}

var (
	ruleNetnsExec  = rule{id: "netns-exec", level: High, why: "runs a command in another network namespace, as root (judged with that command)", effect: EffectRun}
	ruleDirenvExec = rule{id: "direnv-exec", level: High, why: "loads a directory's .envrc, which is code, and runs a command in its environment (judged with that command)", effect: EffectRun}
)

// netnsExec judges the command of ip netns exec NAME CMD... (ip-netns(8)),
// and of ip -all netns exec CMD..., which runs it in every namespace.
func netnsExec(c *call) {
	all := false
	for i, a := range c.args {
		if a.dyn {
			return // the row's floor stands: which word starts the command is not known
		}
		switch a.val {
		case "-all", "-a":
			all = true
		case "exec":
			start := i + 2
			if all {
				start = i + 1
			}
			if start < len(c.args) {
				c.ctx.dispatch(c, c.args[start:])
			}
			return
		}
	}
}

// direnvExec judges the command of direnv exec DIR CMD...: direnv loads
// DIR's .envrc and runs the command with the environment it made.
func direnvExec(c *call) {
	for i, a := range c.args {
		if !a.dyn && a.val == "exec" {
			if i+2 < len(c.args) {
				c.ctx.dispatch(c, c.args[i+2:])
			}
			return
		}
	}
}
