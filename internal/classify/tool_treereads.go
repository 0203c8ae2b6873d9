package classify

import "strings"

// Programs that read every file below a directory they are given (design
// §2.6, Secrets): a recursive search, an archive made of a tree, a copy
// of a tree. Given the home directory, ~/.config or another project, they
// read the secrets in it as cat of each would. One class, one judgement
// (policy's treeReadsSecret), applied here to the searchers and archivers
// and by cp, rsync, scp and tar to their sources.

// treeRead says when a program reads a directory operand's files.
type treeRead struct {
	// recursive: options without which it reads no tree ("" when it
	// always does)
	recursive string
	// hidden: options that make it read hidden names, which it skips
	// without one; hiddenAlways: it reads them anyway
	hidden       string
	hiddenAlways bool
	// pattern: the first operand is a pattern, not a directory, unless
	// one of patternOpts gives the pattern; skip: operands before the
	// trees (zip's archive, 7z's verb and archive)
	pattern     bool
	patternOpts string
	skip        int
	// only: the first operand that must be this word (7z's a)
	only string
	// dirsOpt: an option whose value "recurse" makes it recursive too
	// (grep's -d/--directories, which argmatch lets abbreviate to rec)
	dirsOpt string
}

var treeReads = lazy[map[string]treeRead]{build: func() map[string]treeRead {
	grep := treeRead{recursive: "-r -R --recursive --dereference-recursive", hiddenAlways: true, pattern: true, patternOpts: "-e --regexp -f --file",
		dirsOpt: "-d --directories"}
	// ugrep reads the working directory's tree with no file operand
	// and recurses with -r; ug is ugrep with its configuration file
	ugrep := treeRead{recursive: "-r -R --recursive --dereference-recursive", hiddenAlways: true, pattern: true, patternOpts: "-e --regexp -f --file",
		dirsOpt: "-d --directories"}
	// diff reads both trees it compares with -r, and every file in them
	diff := treeRead{recursive: "-r --recursive", hiddenAlways: true}
	z7 := treeRead{hiddenAlways: true, skip: 2, only: "a"}
	return map[string]treeRead{
		"grep": grep, "egrep": grep, "fgrep": grep, "ugrep": ugrep, "ug": ugrep,
		"diff": diff, "colordiff": diff,
		"rgrep": {hiddenAlways: true, pattern: true, patternOpts: "-e --regexp -f --file"},
		// ripgrep and the silver searcher skip hidden files unless told
		// (rg's --hidden, -. and -uu; ag's --hidden, -u); ack reads them
		"rg":  {hidden: "--hidden -.", pattern: true, patternOpts: "-e --regexp -f --file"},
		"ag":  {hidden: "--hidden -u --unrestricted", pattern: true},
		"ack": {hiddenAlways: true, pattern: true},
		"zip": {recursive: "-r -R --recurse-paths", hiddenAlways: true, skip: 1},
		"7z":  z7, "7za": z7, "7zz": z7, "7zr": z7,
	}
}}

// readTrees raises a read of a secret when c reads a tree that holds one.
func (c *call) readTrees() {
	tr, ok := treeReads.get()[c.name]
	if !ok || tr.recursive != "" && !c.hasOpt(tr.recursive) && !recurseValue(c, tr.dirsOpt) {
		return
	}
	if c.name == "rg" && (c.hasOpt("--files --type-list") || len(positional(c.args)) == 0 && !c.hasOpt(tr.patternOpts)) {
		return // lists names only, or reads stdin
	}
	roots := positional(c.args)
	if tr.only != "" && (len(roots) == 0 || roots[0].dyn || roots[0].val != tr.only) {
		return
	}
	if tr.skip > 0 {
		if len(roots) <= tr.skip {
			return
		}
		roots = roots[tr.skip:]
	}
	if tr.pattern && len(roots) > 0 && (tr.patternOpts == "" || !c.hasOpt(tr.patternOpts)) {
		roots = roots[1:]
	}
	if len(roots) == 0 && tr.pattern {
		// a recursive search with no directory searches the current one
		roots = []arg{{val: ".", pos: c.pos}}
	}
	hidden := tr.hiddenAlways || tr.hidden != "" && c.hasOpt(tr.hidden) || c.name == "rg" && rgUnrestricted(c.args) >= 2
	for _, root := range roots {
		if c.ctx.treeReadsSecret(root, hidden) {
			c.raiseWith(ruleReadSecret, occurrence{target: c.ctx.pathTarget(root)})
			return
		}
	}
}

// rgUnrestricted counts ripgrep's -u (--unrestricted): two or more read
// hidden files too (-uu, -u -u, -uuu).
func rgUnrestricted(args []arg) int {
	n := 0
	for _, a := range args {
		v := optWord(a)
		switch {
		case v == "--":
			return n
		case v == "--unrestricted":
			n++
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			n += strings.Count(v[1:], "u")
		}
	}
	return n
}

// recurseValue reports an option of opts whose value makes the program
// recursive: "recurse", or a prefix of it argmatch accepts ("rec"), or a
// value not known now.
func recurseValue(c *call, opts string) bool {
	if opts == "" {
		return false
	}
	for _, v := range c.optValuesOf(opts) {
		if v.dyn || len(v.val) >= 3 && strings.HasPrefix("recurse", v.val) {
			return true
		}
	}
	return false
}
