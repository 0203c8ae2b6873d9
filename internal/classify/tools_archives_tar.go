package classify

import (
	"path"
	"slices"
	"strings"
)

// maxMembers bounds the members of one archive judged one by one; past it
// the members count as not known.
const maxMembers = 4096

// extractLinks judges the links an extraction makes below dir as any link
// is (linkTo): by where each leads. A hard link's target is another
// member, named from dir.
func (c *call) extractLinks(dir arg, links []ArchiveLink) {
	for _, l := range links {
		at := dir
		at.val = path.Join(dir.val, l.Name)
		target := arg{val: l.Target, pos: dir.pos}
		if l.Hard {
			target.val = path.Join(dir.val, l.Target)
		}
		linkTo(c, target, at, !l.Hard, !l.Hard)
	}
}

// extractInto judges writing each member below dir, as any write is: a
// member that lands on a guard file, a foothold or outside the workspace
// raises the verdict as a redirect there would.
func (c *call) extractInto(dir arg, members []string) {
	for _, m := range members {
		isDir := strings.HasSuffix(m, "/")
		m = strings.TrimPrefix(m, "./")
		if m == "" || m == "." || m == "./" {
			continue
		}
		t := dir
		t.val = path.Join(dir.val, m)
		if ru, bad := c.ctx.writeRule(t); bad && ru.level > Low {
			c.raise(ru)
		}
		// a file where a directory that holds a guard file is may
		// replace that directory; a directory member only adds to it
		if ru, bad := c.ctx.guardTarget(t, !isDir); bad {
			c.raise(ru)
		}
	}
}

// plainTar returns the archive and the directory of a tar extraction
// whose options all come from a small set that changes neither which file
// is read nor where or under what names the members land (design §2.9).
// Any other option, an operand, a dynamic word, a second -f or -C, or a
// value glued into a cluster, and ok is false: the members are then not
// known, whatever the engine listed.
func plainTar(c *call) (file, dir arg, ok bool) {
	dir = arg{val: ".", pos: c.pos}
	var hasFile, hasDir, hasX bool
	take := func(v arg) bool {
		if hasFile {
			return false
		}
		file, hasFile = v, true
		return true
	}
	args := c.args
	i := 0
	// cluster reads one-letter options: x, the harmless zjJvkop, and f,
	// whose file is the word at args[at()] (last in its cluster only when
	// fLast); any other letter is not understood
	cluster := func(letters string, fLast bool, at func() int) bool {
		for j, ch := range letters {
			switch {
			case ch == 'f':
				k := at()
				if fLast && j != len(letters)-1 || k >= len(args) || !take(args[k]) {
					return false
				}
				i++
			case ch == 'x':
				hasX = true
			case !strings.ContainsRune("zjJvkop", ch):
				return false
			}
		}
		return true
	}
	if len(args) > 0 && !args[0].dyn && args[0].val != "" && args[0].val[0] != '-' {
		// the old style: letters, then the values of f in order
		i = 1
		if !cluster(args[0].val, false, func() int { return i }) {
			return arg{}, arg{}, false
		}
	}
	for ; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return arg{}, arg{}, false
		}
		v := a.val
		switch {
		case v == "-C" || v == "--directory":
			if hasDir || i+1 >= len(args) {
				return arg{}, arg{}, false
			}
			i++
			dir, hasDir = args[i], true
		case strings.HasPrefix(v, "--directory="):
			if hasDir {
				return arg{}, arg{}, false
			}
			dir, hasDir = a, true
			dir.val = strings.TrimPrefix(v, "--directory=")
		case v == "-f" || v == "--file":
			if i+1 >= len(args) || !take(args[i+1]) {
				return arg{}, arg{}, false
			}
			i++
		case strings.HasPrefix(v, "--file="):
			f := a
			f.val = strings.TrimPrefix(v, "--file=")
			if !take(f) {
				return arg{}, arg{}, false
			}
		case v == "--extract" || v == "--get":
			hasX = true
		case slices.Contains(plainTarLong, v):
		case strings.HasPrefix(v, "--") || v == "-" || !strings.HasPrefix(v, "-"):
			return arg{}, arg{}, false
		default:
			// f only last in its cluster, with the file the next word
			if !cluster(v[1:], true, func() int { return i + 1 }) {
				return arg{}, arg{}, false
			}
		}
	}
	if !hasX || !hasFile || file.dyn || file.val == "" || file.val == "-" || dir.dyn || dir.val == "" {
		return arg{}, arg{}, false
	}
	return file, dir, true
}

// plainTarLong are the long options plainTar lets by, spelled in full:
// GNU tar takes abbreviations, and an abbreviation is not looked up.
var plainTarLong = []string{"--gzip", "--gunzip", "--bzip2", "--xz", "--verbose", "--keep-old-files",
	"--no-same-owner", "--preserve-permissions"}

// tarClusterX reports -x inside a short-option cluster, read as tar
// reads it: up to the first letter that takes a value, whose value is the
// rest of the word (-xC/root extracts into /root).
func tarClusterX(args []arg) bool {
	for _, a := range args {
		if a.dyn || len(a.val) < 2 || a.val[0] != '-' || a.val[1] == '-' {
			continue
		}
		for _, ch := range a.val[1:] {
			if ch == 'x' {
				return true
			}
			if strings.ContainsRune("fCbFgHIKLNTVX", ch) || !('a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z') {
				break
			}
		}
	}
	return false
}

// tarExecLong are the long options that make tar run a program. GNU
// getopt takes any unambiguous prefix (--to-comm=sh), so a prefix of one
// of them counts as it, unless it is another option spelled in full.
var tarExecLong = []string{"to-command", "checkpoint-action", "use-compress-program", "rsh-command",
	"info-script", "new-volume-script"}

func tarExecAbbrev(args []arg) bool {
	for _, a := range args {
		v := optWord(a)
		if v == "--" {
			return false
		}
		if !strings.HasPrefix(v, "--") {
			continue
		}
		name, _, _ := strings.Cut(v[2:], "=")
		if name == "" || name == "checkpoint" {
			continue
		}
		for _, o := range tarExecLong {
			if strings.HasPrefix(o, name) {
				return true
			}
		}
	}
	return false
}

// plainUnzip returns the archive of an unzip whose only options are -q,
// -o, -n (alone or together) and at most one -d DIR, anywhere on the line
// (unzip reads options after the archive too), with exactly one operand.
func plainUnzip(c *call) (file, dir arg, ok bool) {
	dir = arg{val: ".", pos: c.pos}
	var hasFile, hasDir bool
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			return arg{}, arg{}, false
		}
		switch v := a.val; {
		case v == "-d":
			if hasDir || i+1 >= len(c.args) {
				return arg{}, arg{}, false
			}
			i++
			dir, hasDir = c.args[i], true
		case strings.HasPrefix(v, "-"):
			if len(v) < 2 || strings.Trim(v[1:], "qon") != "" {
				return arg{}, arg{}, false
			}
		default:
			if hasFile {
				return arg{}, arg{}, false
			}
			file, hasFile = a, true
		}
	}
	if !hasFile || file.val == "" || dir.dyn || dir.val == "" {
		return arg{}, arg{}, false
	}
	return file, dir, true
}

// countOpt counts the words that give the short option short (alone or
// with its value glued) or the long option long (alone or with =).
func countOpt(args []arg, short, long string) int {
	n := 0
	for _, a := range args {
		v := optWord(a)
		switch {
		case v == "--":
			return n
		case long != "" && (v == long || strings.HasPrefix(v, long+"=")):
			n++
		case strings.HasPrefix(v, short):
			n++
		}
	}
	return n
}

// tarClusterC reports a C inside a short-option cluster (-xfC, -xvC/root):
// which word tar then takes as the directory is not read here.
func tarClusterC(args []arg) bool {
	for _, a := range args {
		v := optWord(a)
		if len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.Contains(v[2:], "C") {
			return true
		}
	}
	return false
}

// deletesPacked judges an archiver's deleting each operand it packed
// (tar --remove-files, zip -m, 7z -sdel) as rm of the same operand is:
// recursive when the archiver recurses into directories. A relative
// operand read from a directory (tar -C DIR) is judged there; a dynamic
// directory leaves it where it would be anywhere.
func deletesPacked(c *call, operands []arg, dir *arg, recursive bool) {
	for _, o := range operands {
		if dir != nil && !o.dyn && !strings.HasPrefix(o.val, "/") {
			if dir.dyn {
				o = arg{val: "/", pos: o.pos}
			} else {
				o.val = path.Join(dir.val, o.val)
			}
		}
		if ru, bad := c.ctx.deleteRuleTree(o, recursive, false); bad {
			c.raise(ru)
		}
	}
}

// packsSecret raises a read of a secret when an archiver packs a tree
// that holds one: each operand, and a relative one from each directory
// in dirs (nil: the current one). A directory only known at run time
// may be any, the home directory among them: the operand is judged from
// there too (fail closed, design §2.1).
func packsSecret(c *call, operands []arg, dirs []*arg) {
	home := c.ctx.environment().Home
	for _, o := range operands {
		cands := []arg{o}
		if !o.dyn && !strings.HasPrefix(o.val, "/") && len(dirs) > 0 {
			cands = nil
			for _, d := range dirs {
				switch {
				case d == nil:
				case d.dyn:
					if home != "" {
						j := o
						j.val = path.Join(home, o.val)
						cands = append(cands, j)
					}
				default:
					j := o
					j.val = path.Join(d.val, o.val)
					cands = append(cands, j)
				}
			}
		}
		for _, a := range cands {
			if c.ctx.treeReadsSecret(a, true) {
				c.raiseWith(ruleReadSecret, occurrence{target: c.ctx.pathTarget(a)})
				return
			}
		}
	}
}

// tarRun are tar's options whose value is a program or a command tar
// runs (--checkpoint-action=exec=CMD).
var tarRun = []string{"--to-command", "--checkpoint-action", "--use-compress-program", "--rsh-command",
	"--rmt-command", "--info-script"}

// tarParse reads a tar call with GNU tar's spec (tools_archives_opts.go); bsdtar,
// which has none of its own, is read with it too, and the spellings the
// handler knew before are kept beside it, so that it reads no less.
func tarParse(c *call) optParse {
	return archiveSpecs()["tar gtar"].parse(c.name, c.args)
}

func tarCommand(c *call) flow {
	p := tarParse(c)
	opt := map[string][]optUse{}
	for _, u := range p.uses {
		if !u.raw {
			opt[u.e.canon] = append(opt[u.e.canon], u)
		}
	}
	mode := ""
	if len(c.args) > 0 && !c.args[0].dyn && !strings.HasPrefix(c.args[0].val, "-") {
		mode = c.args[0].val // old-style "tar xzf FILE"
	}
	has := func(short, long string) bool {
		for l := range strings.FieldsSeq(long) {
			if len(opt[l]) > 0 {
				return true
			}
		}
		return short != "" && (strings.ContainsAny(mode, short) || c.hasOpt("-"+short)) || c.hasOpt(long)
	}
	runs := false
	for _, o := range tarRun {
		runs = runs || len(opt[o]) > 0
	}
	if runs || c.hasOpt("--to-command --checkpoint-action --use-compress-program -I --rsh-command --info-script -F --new-volume-script") ||
		hasPrefixOpt(c.args, "-I") || tarExecAbbrev(c.args) {
		c.raise(r("tar-exec", High, "makes tar run another program"))
		for _, o := range tarRun {
			for _, u := range opt[o] {
				if u.val != nil && !u.val.dyn && (o != "--checkpoint-action" || strings.HasPrefix(u.val.val, "exec=")) {
					c.runScript(FrameScript, strings.TrimPrefix(u.val.val, "exec="))
				}
			}
		}
	}
	var files []arg
	for _, u := range opt["--file"] {
		if u.val != nil {
			files = append(files, *u.val)
		}
	}
	if len(files) == 0 {
		if file, ok := c.optValue("-f --file"); ok {
			files = []arg{file}
		}
	}
	if len(opt["--force-local"]) == 0 && !c.hasOpt("--force-local") {
		for _, f := range files {
			if i := strings.IndexByte(f.val, ':'); !f.dyn && i > 0 && !strings.Contains(f.val[:i], "/") {
				c.raise(r("tar-remote", High, "reads or writes the archive on another machine"))
				break
			}
		}
	}
	switch {
	case has("x", "--extract --get") || tarClusterX(c.args):
		c.raise(r("tar-extract", Low, "extracts files"))
		// a second -C may lead anywhere from the first: members not
		// known, judged from here
		d := arg{val: ".", pos: c.pos}
		if dirs := opt["--directory"]; len(dirs) > 0 && dirs[0].val != nil {
			if ru, bad := c.ctx.writeRule(*dirs[0].val); bad && ru.level > Low {
				c.raise(ru)
			}
			// the members stay not known unless -C is spelled as the
			// members' judgement has always read it (plainTar): the
			// engine's listing is trusted only for the plain spellings
			if _, ok := c.optValue("-C --directory"); ok && len(dirs) == 1 && countOpt(c.args, "-C", "--directory") == 1 &&
				!strings.Contains(mode, "C") && !tarClusterC(c.args) {
				d = *dirs[0].val
			}
		} else if v, ok := c.optValue("-C --directory"); ok {
			if ru, bad := c.ctx.writeRule(v); bad && ru.level > Low {
				c.raise(ru)
			}
		}
		if top, ok := c.optValue("--one-top-level"); ok && !top.dyn {
			// the members go into a directory of that name
			if strings.HasPrefix(top.val, "/") {
				d.val = top.val
			} else {
				d.val = strings.TrimSuffix(d.val, "/") + "/" + top.val
			}
			if ru, bad := c.ctx.writeRule(d); bad && ru.level > Low {
				c.raise(ru)
			}
		} else if c.hasOpt("--one-top-level") {
			d = arg{}
		}
		if has("P", "--absolute-names") {
			// members named /home/u/.claude/settings.json land there
			d = arg{val: "/", pos: c.pos}
		}
		if d.val != "" && !has("O", "--to-stdout --to-command") {
			// the members as the engine listed them, only when every
			// option is one known to leave names and places alone
			// (design §2.9)
			pf, pd, plain := plainTar(c)
			if ms, known := c.ctx.archiveMembers(pf, "tar zip"); plain && known {
				c.extractInto(pd, ms)
			} else if ru, bad := c.ctx.unknownInto(d); bad {
				c.raise(ru)
			}
			if plain {
				c.extractLinks(pd, c.ctx.archiveLinks(pf))
			}
		}
		if has("P", "--absolute-names") {
			c.raise(r("tar-absolute", High, "extracts absolute paths, which may be anywhere on the system"))
		}
	case has("c", "--create") || has("r", "--append") || has("u", "--update"):
		c.raise(r("tar-create", Low, "writes an archive"))
		for _, f := range files {
			if ru, bad := c.ctx.writeRule(f); bad {
				c.raise(ru)
			}
		}
		// tar packs each operand whole, hidden names too, and reads a
		// relative one from -C's directory (each -C counts: tar applies
		// them in order)
		var dirs []*arg
		for _, u := range opt["--directory"] {
			dirs = append(dirs, u.val)
		}
		packsSecret(c, p.operands, dirs)
		writeOpts(c, "-g --listed-incremental --index-file")
		if has("", "--remove-files") {
			c.raise(ruleRm)
			// tar deletes each member it added, a directory with all
			// below it: judged as rm -r of each operand, from -C's
			// directory when there is one
			var dir *arg
			if dirs := opt["--directory"]; len(dirs) > 0 {
				dir = dirs[len(dirs)-1].val
			}
			deletesPacked(c, p.operands, dir, true)
		}
	default:
		c.raise(r("tar-list", Minimal, "lists an archive"))
	}
	return flow{kind: flowData}
}
