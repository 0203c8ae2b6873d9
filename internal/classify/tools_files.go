package classify

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
		execOpts(c, "--filter", "makes ugrep run another program on every file")
	}},
	{names: "ls dir vdir locate plocate realpath readlink basename dirname stat wc du df lsblk lsattr", rule: readFiles},
	{names: "diff diff3 cmp colordiff delta difft", rule: readFiles},
	{names: "patch", rule: rule{id: "patch", level: Low, why: "applies a diff to files in the workspace"}, check: func(c *call) {
		writeOpts(c, "-o --output")
		d, dirOK := c.optValue("-d --directory")
		if dirOK {
			if ru, bad := c.w.writeInto(d); bad && ru.level > Low {
				c.raise(ru)
			}
		} else {
			d = arg{val: ".", pos: c.pos}
		}
		// the operands as patch's spec reads them: an option with its
		// value glued on (-o"$F") is no operand
		ps := specOperands(c)
		if len(ps) > 0 {
			if ru, bad := c.w.writeRule(ps[0]); bad && ru.level > Low {
				c.raise(ru)
			}
		} else if !c.hasOpt("-o --output --dry-run --check") {
			// the diff names the files it changes, in header styles,
			// indentations and -p readings no one reads here as patch
			// does: not known (design §2.9)
			if ru, bad := c.w.unknownInto(d); bad {
				c.raise(ru)
			}
		}
	}},
	{names: "md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum base32 shasum md5", rule: readFiles},
	{names: "mktemp", rule: rule{id: "mktemp", level: Low, why: "creates an empty temporary file or directory"}, check: mktempCheck},
	{names: "dos2unix unix2dos", rule: textRule, check: func(c *call) {
		// they convert the named files in place
		for _, t := range positional(c.args) {
			if ru, bad := c.w.writeRule(t); bad {
				c.raise(ru)
			}
		}
	}},
}
