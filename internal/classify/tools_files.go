package classify

import (
	"encoding/base64"
	"path"
	"strings"
	"unicode/utf8"
)

// Programs that list, inspect, compare, patch or checksum files.

var fileTools = []tool{
	{names: "xxd", rule: readFiles, check: xxdOutput},
	{names: "tree", rule: readFiles, check: func(c *call) {
		writeOpts(c, "-o")
		if c.hasOpt("-R") && c.hasOpt("-H") {
			c.raise(r("tree-html-write", High, "writes an HTML index into every directory it lists"))
		}
	}},
	{names: "sdiff", rule: readFiles, check: func(c *call) { writeOpts(c, "-o --output") }},
	{names: "file", rule: readFiles, check: func(c *call) {
		if c.hasOpt("-C --compile") {
			c.raise(ruleWriteFile)
		}
	}},
	{names: "fd fdfind", rule: readFiles, check: fdCommand},
	{names: "ugrep ug", rule: searchRule, check: func(c *call) {
		execOpts(c, "--filter") // runs on every file
	}},
	{names: "ls dir vdir locate plocate realpath readlink basename dirname stat wc du df lsblk lsattr", rule: readFiles},
	{names: "diff diff3 cmp colordiff delta difft", rule: readFiles},
	{names: "patch", rule: rule{id: "patch", level: Low, why: "applies a diff to files in the workspace"}, check: func(c *call) {
		writeOpts(c, "-o --output")
		d, dirOK := c.optValue("-d --directory")
		if dirOK {
			if ru, bad := c.ctx.writeInto(d); bad && ru.level > Low {
				c.raise(ru)
			}
		} else {
			d = arg{val: ".", pos: c.pos}
		}
		// the operands as patch's spec reads them: an option with its
		// value glued on (-o"$F") is no operand
		ps := specOperands(c)
		if len(ps) > 0 {
			if ru, bad := c.ctx.writeRule(ps[0]); bad && ru.level > Low {
				c.raise(ru)
			}
		} else if !c.hasOpt("-o --output --dry-run --check") {
			// the diff names the files it changes, in header styles,
			// indentations and -p readings no one reads here as patch
			// does: not known (design §2.9)
			if ru, bad := c.ctx.unknownInto(d); bad {
				c.raise(ru)
			}
		}
	}},
	{names: "md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum base32 shasum md5", rule: readFiles},
	{names: "mktemp", rule: rule{id: "mktemp", level: Low, why: "creates an empty temporary file or directory"}, check: mktempCheck},
	{names: "dos2unix unix2dos", rule: textRule, check: func(c *call) {
		// they convert the named files in place
		for _, t := range positional(c.args) {
			if ru, bad := c.ctx.writeRule(t); bad {
				c.raise(ru)
			}
		}
	}},
}

// fdCommand: fd -x/-X runs a command for each file found, like find -exec.
func fdCommand(c *call) {
	for i, a := range c.args {
		if a.dyn || !(a.val == "-x" || a.val == "--exec" || a.val == "-X" || a.val == "--exec-batch") {
			continue
		}
		var inner []arg
		for _, x := range c.args[i+1:] {
			if !x.dyn && x.val == ";" {
				break
			}
			if !x.dyn && strings.Contains(x.val, "{") {
				x.dyn = true
			}
			inner = append(inner, x)
		}
		if len(inner) > 0 {
			c.ctx.inner(c, c.name+" "+a.val, inner, flow{})
		}
		return
	}
}

func rmCommand(c *call) flow {
	c.raise(ruleRm)
	recursive := c.hasOpt("-r -R --recursive")
	force := c.hasOpt("-f --force")
	if c.hasOpt("--no-preserve-root") {
		c.raise(ruleDeleteCritical)
	}
	for _, t := range targets(c.args) {
		ru, ok := c.ctx.deleteRuleTree(t, recursive || force, recursive && force)
		if !ok {
			continue
		}
		if !recursive && !force && ru.dangerous && ru.id != "delete-system" && !selfProtectID(ru.id) && ru.id != "delete-keys-or-startup" &&
			ru.id != guardRuleID {
			// a plain rm of a directory fails; judge it as a delete outside
			ru = ruleDeleteHigh
		}
		o := occurrence{target: c.target(t), kind: EffectDelete}
		if ru.dangerous && recursive && force && !selfProtectID(ru.id) {
			// one id for "rm -rf <something that matters>", as people
			// search for it: what it deletes is the detail
			o.detail = ru.why
			if ru.id == "delete-critical" && !t.dyn {
				o.detail = deleteCriticalMsg(c.ctx, t)
			}
			c.raiseWith(ruleRmForce, o)
		} else {
			c.raiseWith(ru, o)
		}
	}
	return flow{}
}

func deleteCriticalMsg(w toolCtx, t arg) string {
	v := t.val
	if t.glob {
		v, _ = globTarget(v)
	}
	p, _ := w.abs(v)
	switch {
	case p == "/":
		return "deletes the whole file system"
	case p == w.environment().Home:
		return "deletes your home directory"
	case w.environment().Home != "" && within(w.environment().Home, p):
		return "deletes a directory that holds your home directory"
	default:
		return "deletes a directory that holds the workspace"
	}
}

func rmdirCommand(c *call) flow {
	c.raise(r("rmdir", Medium, "removes empty directories"))
	for _, t := range targets(c.args) {
		if ru, ok := c.ctx.deleteRule(t, false); ok && ru.level > Medium {
			c.raise(ru)
		}
	}
	return flow{}
}

func unlinkCommand(c *call) flow {
	c.raise(ruleRm)
	for _, t := range targets(c.args) {
		if ru, ok := c.ctx.deleteRule(t, false); ok {
			c.raise(ru)
		}
	}
	return flow{}
}

func mvCommand(c *call) flow {
	writesTo(c, ruleMove, true)
	return flow{}
}

func cpCommand(c *call) flow {
	writesTo(c, ruleCopy, false)
	// cp /dev/stdin FILE, install /dev/stdin FILE: the input lands
	if ops := fileOperands(c.args); len(ops) > 0 {
		if dir, ok := c.optValue("-t --target-directory"); ok {
			for _, s := range ops {
				if isStdinPath(s) {
					d := dir
					d.val = strings.TrimSuffix(d.val, "/") + "/" + path.Base(s.val)
					stdinLands(c, d)
				}
			}
		} else if len(ops) == 2 && isStdinPath(ops[0]) {
			stdinLands(c, ops[1])
		}
	}
	// a tree copied whole reads the secrets in it
	tree := c.name == "cp" && c.hasOpt("--recursive --archive")
	for _, s := range sources(c) {
		if tree && c.ctx.treeReadsSecret(s, true) || !tree && c.ctx.readsSecret(s, false) {
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
			for _, to := range c.ctx.linkTargets(p.target) {
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
		ru, ok := c.ctx.deleteRule(t, recursive)
		if !ok || !ru.dangerous || !recursive {
			if ok && ru.id == "delete-system" {
				c.raise(r("chmod-system", High, "changes system files"))
			}
			continue
		}
		c.raiseWith(rule{id: "chmod-recursive-critical", level: High, dangerous: true, effect: EffectWrite,
			why: "recursively changes owners or permissions of a directory that matters"}, occurrence{detail: t.val, target: c.target(t)})
	}
}

func ddCommand(c *call) flow {
	c.raise(r("dd", High, "copies raw data between files and devices"))
	// without if= (or with if=/dev/stdin) dd copies its standard input
	fromStdin := true
	for _, a := range c.args {
		if strings.HasPrefix(a.val, "if=") {
			in := a
			in.val = a.val[3:]
			fromStdin = isStdinPath(in)
		}
	}
	for _, a := range c.args {
		if strings.HasPrefix(a.val, "of=") {
			o := a
			o.val = a.val[3:]
			if strings.HasPrefix(o.val, "~/") && c.ctx.environment().Home != "" && !o.dyn {
				// bash expands a tilde after the = of a word that looks
				// like an assignment, and dd's operands do
				o.val = c.ctx.environment().Home + o.val[1:]
			}
			if ru, ok := c.ctx.writeRule(o); ok && ru.level > Low {
				if ru.id == "write-system" || ru.id == "write-device" {
					ru = danger("dd-device", "writes raw data over a disk or system file")
				}
				c.raise(ru)
			}
			if fromStdin {
				stdinLands(c, o)
			}
		}
	}
	return flow{}
}

func truncateCommand(c *call) flow {
	c.raise(r("truncate", Medium, "cuts files to a size, discarding their contents"))
	for _, t := range targets(c.args) {
		if ru, ok := c.ctx.writeRule(t); ok && ru.level > Low {
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
		if ru, ok := c.ctx.writeKeeping(t); ok && ru.level > Low {
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
	judge := c.ctx.writeRuleOf
	if c.hasOpt("-a --append") {
		judge = c.ctx.writeKeepingOf
	}
	for _, t := range targets(c.args) {
		if ru, ok := judge(t, c.ctx.landed(c.stdin)); ok {
			c.raise(ru)
		}
	}
	return c.stdin
}

// stdinLands judges the text a command reads on standard input as written
// into dest (cp /dev/stdin dest, dd of=dest): what it names counts where
// it lands, as for a redirect. It only adds: the place was judged.
func stdinLands(c *call, dest arg) {
	in := c.ctx.landed(c.stdin)
	if in.kind != flowText {
		return // the place alone decides, judged already
	}
	if ru, ok := c.ctx.writeRuleOf(dest, in); ok && ru.dangerous {
		c.raise(ru)
	}
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
	// narrowed: a test by name limits the files found (tools_files_find.go); -type
	// f alone still finds every file, .git's too
	narrowed := false
	for ; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			// an unknown word may be -delete or -exec: judge the worst
			c.raise(r("find-dynamic", High, "has an expression only known at run time, which could delete or run anything"))
			for _, root := range roots {
				if ru, ok := c.ctx.deleteRule(root, true); ok {
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
				case !x.dyn && x.val == "{}" && len(roots) == 1 && !roots[0].dyn && filtered && c.ctx.findReach(roots[0], ff) != "":
					// a protected file it can find: judge the command on it
					x.val = c.ctx.findReach(roots[0], ff)
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
				c.ctx.inner(c, c.name+" "+a.val, inner, flow{})
				findReadsTrees(c, roots, inner, args[i+1:j], narrowed)
			}
			i = j
		case "-delete":
			c.raise(r("find-delete", Medium, "deletes the files it finds"))
			for _, root := range roots {
				if f := c.ctx.findReachFor(root, ff, true); f != "" {
					_, what := c.ctx.guardOf(c.ctx.mustAbs(f))
					c.raiseWith(guardRule("deletes", what), occurrence{detail: "finds " + f, target: f, kind: EffectDelete})
				}
				t := root
				if narrowed && !t.dyn {
					t.val = strings.TrimSuffix(t.val, "/") + "/*.x"
					t.glob = true
				}
				if ru, ok := c.ctx.deleteRule(t, true); ok {
					c.raise(ru)
				}
			}
		case "-empty":
			filtered, narrowed = true, true // only empty files and directories: no data
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(args) {
				if ru, ok := c.ctx.writeRule(args[i+1]); ok {
					c.raise(ru)
				}
				i++
			}
		}
	}
	return findOutput(roots, args, narrowed, c.pos)
}

// findReadsTrees raises a read of a secret when find runs a program on
// every file of a tree that holds one (find ~ -type f -exec cat {} +):
// the program is given each file, the secrets among them. A test by name
// narrows what is found, and the program is then judged on the name
// (foundPath); a program that reads no file's contents reads none.
func findReadsTrees(c *call, roots, inner, raw []arg, narrowed bool) {
	if narrowed || inner[0].dyn {
		return
	}
	switch path.Base(inner[0].val) {
	case "ls", "stat", "du", "echo", "printf", "basename", "dirname", "realpath", "readlink", "test", "[", "true", "false", "rm", "rmdir", "unlink", "chmod", "chown", "chgrp", "touch":
		return
	}
	given := false
	for _, x := range raw {
		given = given || !x.dyn && strings.Contains(x.val, "{}")
	}
	if !given {
		return
	}
	for _, root := range roots {
		if c.ctx.treeReadsSecret(root, true) {
			c.raiseWith(ruleReadSecret, occurrence{target: c.ctx.pathTarget(root)})
			return
		}
	}
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
		if ru, bad := c.ctx.writeRule(o); bad {
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

// catCommand reads files; with none it copies its input, so the text of
// a heredoc or pipe flows on to the next command.
func catCommand(c *call) flow {
	applyTool(c, lookupTool("cat"))
	ps := positional(c.args)
	if len(ps) == 0 || len(ps) == 1 && (isStdinPath(ps[0]) || !ps[0].dyn && ps[0].val == "-") {
		return c.stdin
	}
	return flow{kind: flowData}
}

var ruleChmodWorkspace = rule{id: "chmod-workspace", level: Low, why: "changes the permissions of files in the workspace"}

// chmodBase is chmod's own row: low when every target is a static path in
// the workspace or a temporary directory and the mode is static; the
// checks after it judge modes that open files to everyone, setuid,
// recursion over a directory that matters and guard files.
func chmodBase(c *call) rule {
	ts := targets(c.args)
	if _, ref := c.optValue("--reference"); !ref {
		if len(ts) == 0 || ts[0].dyn {
			return ruleChmod
		}
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return ruleChmod
	}
	for _, t := range ts {
		if t.dyn {
			return ruleChmod
		}
		if ru, bad := c.ctx.writeRule(t); bad && (ru.level > Low || ru.dangerous) {
			return ruleChmod
		}
		if ru, ok := c.ctx.deleteRule(t, true); ok && ru.id != "delete-temp" {
			// the workspace root, .git, a parent: not a file of the project
			return ruleChmod
		}
	}
	return ruleChmodWorkspace
}

// xxdOutput: xxd [options] [infile [outfile]]; the values of -s, -l, -c
// and their kin are no operands.
func xxdOutput(c *call) {
	var ops []arg
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn || !strings.HasPrefix(a.val, "-") || a.val == "-" {
			ops = append(ops, a)
			continue
		}
		if hasWord("-c -cols -g -groupsize -l -len -o -offset -s -seek -n -name", a.val) {
			i++
		}
	}
	if len(ops) >= 2 {
		if ru, bad := c.ctx.writeRule(ops[1]); bad {
			c.raise(ru)
		}
	}
}
