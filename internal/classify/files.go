package classify

import (
	"encoding/base64"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"
)

var (
	ruleRm      = rule{id: "rm", level: Medium, why: "deletes files"}
	ruleRmForce = rule{id: "rm-recursive-force", level: High, dangerous: true, why: "deletes recursively without asking"}
	// writing files inside the workspace is low (design §1); the places
	// that matter (outside, footholds, guard files) raise it
	ruleMove     = rule{id: "file-move", level: Low, why: "moves or renames files"}
	ruleCopy     = rule{id: "file-copy", level: Low, why: "copies files"}
	ruleLink     = rule{id: "file-link", level: Low, why: "creates links"}
	ruleChmod    = rule{id: "chmod", level: High, why: "changes file permissions"}
	ruleChmodAll = rule{id: "chmod-world", level: High, dangerous: true, why: "makes files writable and executable by everyone"}
	ruleChown    = rule{id: "chown", level: High, why: "changes file owners"}
	ruleCreate   = rule{id: "file-create", level: Low, why: "creates files or directories"}
)

// targets returns the operands of a file command: everything that is not
// an option, everything after "--".
func targets(args []arg) []arg { return positional(args) }

func rmCommand(c *call) flow {
	c.raise(ruleRm)
	recursive := c.hasOpt("-r -R --recursive")
	force := c.hasOpt("-f --force")
	if c.hasOpt("--no-preserve-root") {
		c.raise(ruleDeleteCritical)
	}
	for _, t := range targets(c.args) {
		ru, ok := c.w.deleteRuleTree(t, recursive || force, recursive && force)
		if !ok {
			continue
		}
		if !recursive && !force && ru.dangerous && ru.id != "delete-system" && ru.id != "self-protect" && ru.id != "delete-keys-or-startup" &&
			ru.id != guardRuleID {
			// a plain rm of a directory fails; judge it as a delete outside
			ru = ruleDeleteHigh
		}
		msg := ru.why
		if ru.id == "delete-critical" && !t.dyn {
			msg = deleteCriticalMsg(c.w, t)
		}
		if ru.dangerous && recursive && force && ru.id != ruleDeleteOwn.id {
			// one id for "rm -rf <something that matters>", as people search for it
			c.raiseMsg(rule{id: ruleRmForce.id, level: High, dangerous: true, why: msg}, msg)
		} else {
			c.raiseMsg(ru, msg)
		}
	}
	return flow{}
}

func deleteCriticalMsg(w *walker, t arg) string {
	v := t.val
	if t.glob {
		v, _ = globTarget(v)
	}
	p, _ := w.abs(v)
	switch {
	case p == "/":
		return "deletes the whole file system"
	case p == w.env.Home:
		return "deletes your home directory"
	case w.env.Home != "" && within(w.env.Home, p):
		return "deletes a directory that holds your home directory"
	default:
		return "deletes a directory that holds the workspace"
	}
}

func rmdirCommand(c *call) flow {
	c.raise(r("rmdir", Medium, "removes empty directories"))
	for _, t := range targets(c.args) {
		if ru, ok := c.w.deleteRule(t, false); ok && ru.level > Medium {
			c.raise(ru)
		}
	}
	return flow{}
}

func unlinkCommand(c *call) flow {
	c.raise(ruleRm)
	for _, t := range targets(c.args) {
		if ru, ok := c.w.deleteRule(t, false); ok {
			c.raise(ru)
		}
	}
	return flow{}
}

// writesTo judges the destination of cp, mv, ln and install, and for mv
// the sources, which disappear from where they were.
func writesTo(c *call, base rule, moveSources bool) {
	c.raise(base)
	if m, ok := c.optValue("-m --mode"); ok && c.name == "install" {
		// install sets the mode as it copies: the low of a copy is no
		// way around chmod's rules
		modeRules(c, m)
	}
	ts := targets(c.args)
	// what may be a directory: anything mv moves, what cp -r copies, what
	// ln -s links to
	tree := c.name == "mv" || c.name == "cp" && c.hasOpt("-r -R -a --recursive --archive") ||
		c.name == "ln" && c.hasOpt("-s --symbolic")
	if o, ok := c.optValue("-t --target-directory"); ok {
		if ru, bad := c.w.writeRule(o); bad && ru.level > Low {
			c.raise(ru)
		}
		c.guardCopies(o, ts, false, tree)
		landsIn(c, o, ts)
	} else if len(ts) > 0 {
		dest := ts[len(ts)-1]
		if ru, ok := c.w.writeRule(dest); ok && ru.level > Low {
			c.raise(ru)
		}
		ts = ts[:len(ts)-1]
		c.guardCopies(dest, ts, tree && (len(ts) == 1 || c.hasOpt("-T --no-target-directory")), tree)
		if !c.hasOpt("-T --no-target-directory") {
			landsIn(c, dest, ts)
		}
		if tree && c.hasOpt("-T --no-target-directory") {
			// the source's contents become dest's
			if ru, bad := c.w.unknownInto(dest); bad {
				c.raise(ru)
			}
		}
	}
	if c.hasOpt("-b --backup -S --suffix") {
		if o, ok := c.optValue("-t --target-directory"); ok {
			backupRules(c, "-S --suffix", []arg{o}, ts)
		} else if dest, ok := lastArg(targets(c.args)); ok {
			backupRules(c, "-S --suffix", []arg{dest}, ts)
		}
	}
	if c.hasOpt("--parents") && c.name == "cp" {
		if o, ok := c.optValue("-t --target-directory"); ok {
			underDest(c, o, ts)
		} else if dest, ok := lastArg(targets(c.args)); ok {
			underDest(c, dest, ts)
		}
	}
	if moveSources {
		for _, s := range ts {
			if ru, ok := c.w.deleteRule(s, true); ok && ru.id != ruleDeleteTemp.id {
				// (moving out of a temporary directory loses nothing: the
				// file lives on where it lands, which is judged above)
				if ru.id == guardRuleID {
					c.raiseMsg(ru, strings.Replace(ru.why, ": deletes ", ": moves away ", 1))
				} else if ru.dangerous {
					c.raiseMsg(ru, "moves away "+strings.TrimPrefix(ru.why, "deletes "))
				} else {
					c.raise(ru)
				}
			}
		}
	}
}

func lastArg(as []arg) (arg, bool) {
	if len(as) == 0 {
		return arg{}, false
	}
	return as[len(as)-1], true
}

func mvCommand(c *call) flow {
	writesTo(c, ruleMove, true)
	return flow{}
}

// landsIn judges what a copy, move or link makes when dest is a directory
// (it may be one: nothing says it is not): dest/NAME for each source, so
// that "cp config .git/" is the write of .git/config it is.
func landsIn(c *call, dest arg, sources []arg) {
	if dest.dyn {
		return // judged as a write to an unknown place already
	}
	for _, s := range sources {
		if s.dyn {
			continue
		}
		name := path.Base(strings.TrimSuffix(s.val, "/"))
		if name == "." || name == "/" || name == ".." {
			continue
		}
		into := dest
		into.val = strings.TrimSuffix(dest.val, "/") + "/" + name
		into.glob = dest.glob || s.glob && hasGlobChar(name)
		if ru, bad := c.w.writeRule(into); bad && ru.level > Low {
			c.raise(ru)
			return
		}
	}
}

func cpCommand(c *call) flow {
	writesTo(c, ruleCopy, false)
	// a tree copied whole reads the secrets in it
	tree := c.name == "cp" && c.hasOpt("--recursive --archive")
	for _, s := range sources(c) {
		if c.w.readsSecret(s, tree) || tree && c.w.treeHoldsSecrets(s) {
			c.raise(ruleReadSecret)
			break
		}
	}
	if c.name != "cp" {
		return flow{}
	}
	// cp -s and cp -l make links instead of copies; cp -rl a tree of hard
	// links, through which a write changes the tree copied
	symbolic, hard := c.hasOpt("--symbolic-link"), c.hasOpt("--link")
	for _, p := range linkPairs(c) {
		if symbolic || hard {
			linkTo(c, p.target, p.at, symbolic || tree, symbolic)
			continue
		}
		if !c.hasOpt("--dereference -H") && c.hasOpt("--no-dereference -d --archive --recursive") {
			// a source that is a link is copied as a link, to where it
			// leads
			for _, to := range c.w.linkTargets(p.target) {
				linkTo(c, to, p.at, true, false)
			}
		}
	}
	return flow{}
}

func lnCommand(c *call) flow {
	writesTo(c, ruleLink, false)
	symbolic := c.hasOpt("--symbolic")
	// ln -sr names the target from here, and writes it relative to the
	// link: it leads where the word says, read from here
	fromLink := symbolic && !c.hasOpt("--relative")
	for _, p := range linkPairs(c) {
		linkTo(c, p.target, p.at, symbolic, fromLink)
	}
	return flow{}
}

// sources are the operands cp, mv, ln and install read: all but the
// destination, or all with -t.
func sources(c *call) []arg {
	ts := targets(c.args)
	if _, ok := c.optValue("-t --target-directory"); !ok && len(ts) > 0 {
		ts = ts[:len(ts)-1]
	}
	return ts
}

// treeHoldsSecrets reports a directory a whole-tree copy reads that holds
// secrets below it (the home directory, ~/.config).
func (w *walker) treeHoldsSecrets(a arg) bool {
	for _, k := range append(knownArgs(a), a) {
		if k.dyn {
			continue
		}
		if p, ok := w.abs(strings.TrimSuffix(k.val, "/.")); ok && w.holdsSecrets(p) {
			return true
		}
	}
	return false
}

// linkPair is one link a command makes: at, leading to target.
type linkPair struct{ target, at arg }

// linkPairs lists the links ln (or cp -s, cp -l) makes: with -t DIR or
// several sources each lands in the directory named last as DIR/NAME;
// with two operands at the second (or inside it, when it is a
// directory: linkTo reads a relative target from both); with one, here.
func linkPairs(c *call) []linkPair {
	ts := targets(c.args)
	if len(ts) == 0 {
		return nil
	}
	dir, ok := c.optValue("--target-directory")
	srcs := ts
	switch {
	case ok:
	case len(ts) == 2 || len(ts) > 1 && c.hasOpt("--no-target-directory"):
		return []linkPair{{target: ts[0], at: ts[len(ts)-1]}}
	case len(ts) > 1:
		dir, srcs = ts[len(ts)-1], ts[:len(ts)-1]
	default:
		dir = arg{val: ".", pos: ts[0].pos}
	}
	out := make([]linkPair, 0, len(srcs))
	for _, s := range srcs {
		at := dir
		if !s.dyn && !dir.dyn {
			at.val = strings.TrimSuffix(dir.val, "/") + "/" + path.Base(s.val)
		}
		out = append(out, linkPair{target: s, at: at})
	}
	return out
}

func chmodCommand(c *call) flow {
	c.raise(chmodBase(c))
	ts := targets(c.args)
	if _, ref := c.optValue("--reference"); !ref && len(ts) > 0 {
		modeRules(c, ts[0])
		ts = ts[1:]
	}
	recursiveTargets(c, ts)
	return flow{}
}

// modeRules judges the mode chmod sets, or mkdir and install with -m:
// open to everyone, or setuid.
func modeRules(c *call, mode arg) {
	m := mode.val
	if mode.dyn || m == "777" || m == "0777" || m == "1777" || m == "666" || m == "0666" ||
		strings.Contains(m, "a+rwx") || strings.Contains(m, "a=rwx") || strings.Contains(m, "o+w") || strings.Contains(m, "ugo+rwx") {
		c.raise(ruleChmodAll)
	}
	if setuid(m) {
		c.raise(danger("chmod-setuid", "makes a program run with its owner's rights (setuid or setgid)"))
	}
}

// setuid reports a mode that sets the setuid or setgid bit: u+s, g+s, or
// an octal mode with 4 or 2 in the high digit (4755, 2755).
func setuid(m string) bool {
	if len(m) == 4 && isNumber(m) && (m[0] == '4' || m[0] == '2' || m[0] == '6') {
		return true
	}
	for _, clause := range strings.Split(m, ",") {
		if i := strings.IndexAny(clause, "+="); i >= 0 && strings.Contains(clause[i:], "s") {
			return true
		}
	}
	return false
}

// setfaclCommand: access lists are permissions too; recursively on a
// directory that matters they are as dangerous as chmod -R.
func setfaclCommand(c *call) flow {
	if c.hasOpt("-m -M -x -X -b -k --modify --set --set-file --remove --remove-all --remove-default --restore") {
		c.raise(r("setfacl", High, "changes file access lists"))
	} else {
		c.raise(r("getfacl", Minimal, "reads file access lists"))
		return flow{kind: flowData}
	}
	var ts []arg
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if !a.dyn && (a.val == "-m" || a.val == "-M" || a.val == "-x" || a.val == "-X" || a.val == "--set" || a.val == "--set-file") {
			i++
			continue
		}
		if a.dyn || !strings.HasPrefix(a.val, "-") {
			ts = append(ts, a)
		}
	}
	recursiveTargets(c, ts)
	return flow{}
}

func chownCommand(c *call) flow {
	c.raise(ruleChown)
	ts := targets(c.args)
	if len(ts) > 0 {
		ts = ts[1:]
	}
	recursiveTargets(c, ts)
	return flow{}
}

// recursiveTargets makes a recursive owner or mode change of a critical
// directory dangerous, like deleting it.
func recursiveTargets(c *call, ts []arg) {
	recursive := c.hasOpt("-R --recursive")
	// a directory's own mode or owner decides who may read what it holds:
	// chmod 000 .claude hides the settings in it as surely as deleting them
	c.guardChanges(ts, true)
	for _, t := range ts {
		ru, ok := c.w.deleteRule(t, recursive)
		if !ok || !ru.dangerous || !recursive {
			if ok && ru.id == "delete-system" {
				c.raise(r("chmod-system", High, "changes system files"))
			}
			continue
		}
		c.raiseMsg(danger("chmod-recursive-critical", "recursively changes owners or permissions of a directory that matters"), "recursively changes owners or permissions of "+t.val)
	}
}

func ddCommand(c *call) flow {
	c.raise(r("dd", High, "copies raw data between files and devices"))
	for _, a := range c.args {
		if strings.HasPrefix(a.val, "of=") {
			o := a
			o.val = a.val[3:]
			if strings.HasPrefix(o.val, "~/") && c.w.env.Home != "" && !o.dyn {
				// bash expands a tilde after the = of a word that looks
				// like an assignment, and dd's operands do
				o.val = c.w.env.Home + o.val[1:]
			}
			if ru, ok := c.w.writeRule(o); ok && ru.level > Low {
				if ru.id == "write-system" || ru.id == "write-device" {
					ru = danger("dd-device", "writes raw data over a disk or system file")
				}
				c.raise(ru)
			}
		}
	}
	return flow{}
}

func truncateCommand(c *call) flow {
	c.raise(r("truncate", Medium, "cuts files to a size, discarding their contents"))
	for _, t := range targets(c.args) {
		if ru, ok := c.w.writeRule(t); ok && ru.level > Low {
			c.raise(ru)
		}
	}
	return flow{}
}

func touchCommand(c *call) flow {
	c.raise(ruleCreate)
	if m, ok := c.optValue("-m --mode"); ok && c.name == "mkdir" {
		modeRules(c, m)
	}
	for _, t := range targets(c.args) {
		if ru, ok := c.w.writeKeeping(t); ok && ru.level > Low {
			if ru.id == guardRuleID && c.name == "mkdir" {
				// an empty directory changes no configuration; what is
				// written into it later is judged then
				continue
			}
			c.raise(ru)
		}
	}
	return flow{}
}

func teeCommand(c *call) flow {
	c.raise(r("tee", Minimal, "copies its input to its output"))
	c.w.keeps = c.hasOpt("-a --append")
	for _, t := range targets(c.args) {
		if ru, ok := c.w.writeRuleOf(t, c.stdin); ok {
			c.raise(ru)
		}
	}
	c.w.keeps = false
	return c.stdin
}

// findCommand: the search itself is reading; -exec and its kin run a
// command per file, -delete deletes, -fprint writes.
func findCommand(c *call) flow {
	c.raise(r("find", Minimal, "searches for files"))
	args := c.args
	i := 0
	for i < len(args) && !args[i].dyn && (args[i].val == "-H" || args[i].val == "-L" || args[i].val == "-P" || strings.HasPrefix(args[i].val, "-O")) {
		i++
	}
	if i < len(args) && args[i].val == "-D" {
		i += 2
	}
	var roots []arg
	for ; i < len(args); i++ {
		v := args[i].val
		if !args[i].dyn && (strings.HasPrefix(v, "-") || v == "(" || v == "!") {
			break
		}
		roots = append(roots, args[i])
	}
	if len(roots) == 0 {
		roots = []arg{{val: ".", pos: c.pos}}
	}
	filtered := false
	ff := findFilterOf(args[i:])
	// narrowed: a test by name limits the files found (deletes.go); -type
	// f alone still finds every file, .git's too
	narrowed := false
	for ; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			// an unknown word may be -delete or -exec: judge the worst
			c.raise(r("find-dynamic", High, "has an expression only known at run time, which could delete or run anything"))
			for _, root := range roots {
				if ru, ok := c.w.deleteRule(root, true); ok {
					c.raise(ru)
				}
			}
			continue
		}
		if findValuePrimaries.get()[a.val] || strings.HasPrefix(a.val, "-newer") {
			filtered = true
			narrowed = narrowed || narrows(a.val, args, i)
			i++
			continue
		}
		switch a.val {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			var inner []arg
			followed := c.followedNames(roots)
			for ; j < len(args); j++ {
				if !args[j].dyn && (args[j].val == ";" || args[j].val == "+") {
					break
				}
				x := args[j]
				switch {
				case !x.dyn && x.val == "{}" && followed != nil:
					// find -L: a file found may be where a link below the
					// root leads
					x = *followed
				case !x.dyn && x.val == "{}" && len(roots) == 1 && !roots[0].dyn && filtered && c.w.findReach(roots[0], ff) != "":
					// a protected file it can find: judge the command on it
					x.val = c.w.findReach(roots[0], ff)
				case !x.dyn && x.val == "{}" && len(roots) == 1 && !roots[0].dyn && filtered &&
					(narrowed || !deleter(inner)):
					// each file found lies under the root
					if p, ok := foundPath(roots, findName(args), x.pos); ok {
						x.val = p.val
					} else {
						x.val = strings.TrimSuffix(roots[0].val, "/") + "/{}"
					}
				case !x.dyn && x.val == "{}" && len(roots) == 1 && !roots[0].dyn:
					// unfiltered, the first file found is the root itself
					x = roots[0]
				case !x.dyn && strings.Contains(x.val, "{}"):
					x.dyn = true
				}
				inner = append(inner, x)
			}
			if len(inner) > 0 {
				c.w.inner(c, c.name+" "+a.val, inner, flow{})
			}
			i = j
		case "-delete":
			c.raise(r("find-delete", Medium, "deletes the files it finds"))
			for _, root := range roots {
				if f := c.w.findReachFor(root, ff, true); f != "" {
					_, what := c.w.guardOf(c.w.mustAbs(f))
					c.raiseMsg(guardRule("deletes", what), "could switch the guard off: deletes "+what+" ("+f+") among the files it finds")
				}
				t := root
				if narrowed && !t.dyn {
					t.val = strings.TrimSuffix(t.val, "/") + "/*.x"
					t.glob = true
				}
				if ru, ok := c.w.deleteRule(t, true); ok {
					c.raise(ru)
				}
			}
		case "-empty":
			filtered, narrowed = true, true // only empty files and directories: no data
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(args) {
				if ru, ok := c.w.writeRule(args[i+1]); ok {
					c.raise(ru)
				}
				i++
			}
		}
	}
	return findOutput(roots, args, narrowed, c.pos)
}

// findValuePrimaries take one value, which is never an action.
var findValuePrimaries = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"-name": true, "-iname": true, "-path": true, "-ipath": true, "-regex": true, "-iregex": true, "-type": true,
		"-xtype": true, "-size": true, "-mtime": true, "-mmin": true, "-atime": true, "-amin": true, "-ctime": true,
		"-cmin": true, "-user": true, "-group": true, "-uid": true, "-gid": true, "-perm": true, "-inum": true,
		"-samefile": true, "-links": true, "-maxdepth": true, "-mindepth": true, "-wholename": true, "-iwholename": true,
		"-lname": true, "-ilname": true, "-fstype": true, "-used": true, "-context": true, "-regextype": true,
		"-printf": true, "-files0-from": true,
	}
}}

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
		// paths find lists: judged where they lie (deletes.go)
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
	c.w.inner(c, c.name, inner, flow{})
	return flow{kind: flowData}
}

func firstName(args []arg) (string, bool) {
	if len(args) == 0 || args[0].dyn {
		return "", false
	}
	n := args[0].val
	if i := strings.LastIndexByte(n, '/'); i >= 0 {
		n = n[i+1:]
	}
	return strings.ToLower(n), true
}

func isShellName(n string) bool {
	switch n {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "yash", "csh", "tcsh", "rbash":
		return true
	}
	return false
}

// ruleParallelMany: the inputs past maxCandidates are not judged, so it
// is a limit (design §7), not a level.
var ruleParallelMany = rule{id: "parallel-many", level: High, why: "has more inputs than permguard inspects one by one"}

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
		defer c.w.chdir(wd)()
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
		c.w.pastLimit(LimitInputs, ruleParallelMany, fmt.Sprintf("has more than %d inputs, more than permguard judges one by one", maxCandidates), c.pos, c.snippet)
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
					c.w.pastLimit(LimitInputs, ruleParallelMany, fmt.Sprintf("has more than %d inputs, more than permguard judges one by one", maxCandidates), c.pos, c.snippet)
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
				saved = c.w.push(FrameScript, c.name, c.pos, script)
			}
			c.w.script(script, &c.pos)
		}
		c.w.frames = saved
	}
	return flow{kind: flowData}
}

func curlCommand(c *call) flow {
	c.raise(r("network", High, "talks to the network"))
	curlReads(c)
	if o, ok := c.optValue("-o --output"); ok {
		if ru, bad := c.w.writeRule(o); bad && ru.level > Low {
			c.raise(ru)
		}
	}
	if c.hasOpt("-o --output -O --remote-name --remote-name-all") {
		return flow{}
	}
	return flow{kind: flowDownload}
}

func wgetCommand(c *call) flow {
	c.raise(r("network", High, "talks to the network"))
	wgetReads(c)
	if o, ok := c.optValue("-O --output-document"); ok {
		if o.val == "-" {
			return flow{kind: flowDownload}
		}
		if ru, bad := c.w.writeRule(o); bad && ru.level > Low {
			c.raise(ru)
		}
	}
	if c.hasOpt("-qO- -O-") {
		return flow{kind: flowDownload}
	}
	return flow{}
}

func rgCommand(c *call) flow {
	c.raise(r("search", Minimal, "searches files"))
	if c.hasOpt("--pre --hostname-bin") {
		c.raise(r("rg-pre", High, "makes ripgrep run another program on every file"))
	}
	return flow{kind: flowData}
}

func base64Command(c *call) flow {
	c.raise(r("encode", Minimal, "encodes or decodes data"))
	if o, ok := c.optValue("-o --output"); ok {
		if ru, bad := c.w.writeRule(o); bad {
			c.raise(ru)
		}
	}
	if c.stdin.kind == flowDownload {
		return c.stdin
	}
	if c.stdin.kind == flowText && c.hasOpt("-d --decode -D") && len(positional(c.args)) == 0 {
		// decoding static text gives static text: judge what it says
		clean := strings.Join(strings.Fields(c.stdin.text), "")
		if b, err := base64.StdEncoding.DecodeString(clean); err == nil && utf8.Valid(b) {
			return flow{kind: flowText, text: string(b), decoded: true}
		}
	}
	return flow{kind: flowData}
}

// rsyncCheck: rsync between two directories of this machine writes like
// cp -r; a host:path, an rsync:// URL or a remote shell talks to another
// machine, and the options that delete are deletes where they act.
func rsyncCheck(c *call) {
	normalizeFileOpts(c)
	ps := fileOperands(c.args)
	remote := c.hasOpt("-e --rsh --rsync-path --daemon --server --connect-program") || len(ps) < 2
	for _, p := range ps {
		if p.dyn || strings.Contains(p.val, ":") {
			remote = true
		}
	}
	if remote {
		c.raise(r("rsync-remote", High, "copies files, possibly to or from another machine"))
	}
	var dest arg
	var srcs []arg
	if len(ps) > 1 {
		dest, srcs = ps[len(ps)-1], ps[:len(ps)-1]
	}
	if c.hasOpt("--delete --del --delete-before --delete-during --delete-delay --delete-after --delete-excluded --delete-missing-args") {
		c.raise(r("rsync-delete", Medium, "deletes files in the destination that are missing from the source"))
		// the destination loses everything the source lacks: an empty
		// source empties it, so judge it like rm -rf DEST
		if len(ps) > 1 && !strings.Contains(dest.val, ":") {
			if ru, ok := c.w.deleteRuleTree(dest, true, true); ok {
				if ru.dangerous {
					c.raiseMsg(ru, "may delete everything in "+dest.val+" that the source lacks")
				} else {
					c.raise(ru)
				}
			}
		}
	}
	if c.hasOpt("--archive --recursive") {
		// a tree copied whole reads the secrets in it (cp -r ~ does too)
		for _, s := range srcs {
			if !strings.Contains(s.val, ":") && c.w.treeHoldsSecrets(s) {
				c.raise(ruleReadSecret)
				break
			}
		}
	}
	if c.hasOpt("--remove-source-files") {
		c.raise(r("rsync-remove-source", Medium, "deletes the source files after copying them"))
		for _, s := range srcs {
			if ru, ok := c.w.deleteRuleTree(s, true, false); ok && !strings.Contains(s.val, ":") {
				c.raise(ru)
			}
		}
	}
	if len(ps) < 2 || strings.Contains(dest.val, ":") {
		return
	}
	// dest is a file (one source) or a directory that gets each source by
	// name, or a trailing slash's contents, as with cp
	for _, judge := range []func(arg) (rule, bool){c.w.writeInto, c.w.writeRule} {
		if ru, bad := judge(dest); bad && ru.level > Low {
			c.raise(ru)
		}
	}
	landsIn(c, dest, srcs)
	for _, s := range srcs {
		if c.w.readsSecret(s, true) {
			c.raise(ruleReadSecret)
		}
	}
	c.guardCopies(dest, srcs, false, true)
	rsyncElsewhere(c, dest, srcs)
}

// rsyncElsewhere judges the rsync options that write somewhere other than
// the destination, read files, or set modes.
func rsyncElsewhere(c *call, dest arg, srcs []arg) {
	// directories a relative path is read from the destination's
	for _, o := range []string{"--backup-dir", "--temp-dir", "--partial-dir", "--link-dest", "--copy-dest", "--compare-dest"} {
		for _, v := range normValues(c, o) {
			if !v.dyn && !strings.HasPrefix(v.val, "/") && !strings.HasPrefix(v.val, "~") && !dest.dyn {
				v.val = strings.TrimSuffix(dest.val, "/") + "/" + v.val
			}
			if ru, bad := c.w.writeInto(v); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
	for _, o := range []string{"--log-file", "--write-batch", "--only-write-batch"} {
		for _, v := range normValues(c, o) {
			if ru, bad := c.w.writeRule(v); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
	for _, o := range []string{"--exclude-from", "--include-from", "--files-from", "--password-file", "--filter"} {
		for _, v := range normValues(c, o) {
			if o == "--filter" {
				// merge and dir-merge rules read a file: "merge FILE", ". FILE", ":- FILE"
				rule, file, found := strings.Cut(strings.TrimSpace(v.val), " ")
				if v.dyn || !found || !strings.HasPrefix(rule, "merge") && !strings.HasPrefix(rule, "dir-merge") &&
					!strings.HasPrefix(rule, ".") && !strings.HasPrefix(rule, ":") {
					if v.dyn {
						c.raise(r("rsync-filter", High, "reads filter rules that are only known at run time"))
					}
					continue
				}
				v.val = strings.TrimSpace(file)
			}
			if c.w.readsSecret(v, false) {
				c.raise(ruleReadSecret)
			}
		}
	}
	if c.hasOpt("--files-from --read-batch") {
		// the names come from a file permguard does not read
		if ru, bad := c.w.unknownInto(dest); bad {
			c.raise(ru)
		}
	}
	if c.hasOpt("-b --backup") && !c.hasOpt("--backup-dir") {
		backupRules(c, "--suffix", []arg{dest}, srcs)
	}
	if c.hasOpt("--relative") {
		underDest(c, dest, srcs)
	}
	for _, v := range normValues(c, "--chmod") {
		for _, clause := range strings.Split(v.val, ",") {
			m := v
			m.val = strings.TrimLeft(clause, "DF")
			modeRules(c, m)
		}
	}
}

// normValues returns every value of the option canon in the normalized
// arguments parseOpts made: the word after each occurrence.
func normValues(c *call, canon string) []arg {
	var out []arg
	for i := 0; i+1 < len(c.args); i++ {
		a := c.args[i]
		if !a.dyn && a.val == "--" {
			break
		}
		if !a.dyn && a.val == canon {
			out = append(out, c.args[i+1])
			i++
		}
	}
	return out
}
