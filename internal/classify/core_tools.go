package classify

import (
	"slices"
	"strings"
)

// Rules shared by many rows.
var (
	readFiles  = rule{id: "read-only", level: Minimal, why: "reads files or prints information without changing anything"}
	searchRule = rule{id: "search", level: Minimal, why: "searches files"}
	infoRule   = rule{id: "system-info", level: Minimal, why: "prints information about the system"}
	textRule   = rule{id: "text-filter", level: Minimal, why: "transforms text as it passes through"}
	archiveW   = rule{id: "archive-write", level: Low, why: "packs or unpacks files"}
	editorRule = rule{id: "editor", level: High, why: "opens an interactive program that can change any file"}
	netRule    = rule{id: "network", level: High, why: "talks to the network", sends: true}
	procRead   = rule{id: "process-info", level: High, why: "lists the open files and connections of every process"}
	termRule   = rule{id: "terminal", level: Minimal, why: "changes how the terminal displays output"}
)

// withOperands returns a check that raises a call with any operand to ru
// (hostname NAME sets the host name; hostname alone prints it).
func withOperands(ru rule) func(c *call) {
	return func(c *call) { raiseWithOperands(c, ru) }
}

// raiseWithOperands is withOperands for a table row: a row's check is a
// func literal, because a call in a package-level initializer is work at
// start-up.
func raiseWithOperands(c *call, ru rule) {
	if len(positional(c.args)) > 0 {
		c.raise(ru)
	}
}

var ruleSetHostname = rule{id: "set-hostname", level: High, why: "changes the machine's host name"}

// coreTools are the everyday programs of a Unix system.
var coreTools = []tool{
	{names: "cat head tail bat batcat tac nl od hexdump strings fold fmt rev", rule: readFiles},
	{names: "glow", rule: readFiles, check: func(c *call) {
		for _, a := range positional(c.args) {
			if strings.Contains(a.val, "://") || strings.HasPrefix(a.val, "github.com/") || strings.HasPrefix(a.val, "gitlab.com/") {
				c.raise(netRule)
				return
			}
		}
	}},
	{names: "xxd", rule: readFiles, check: xxdOutput},
	{names: "less more most", rule: readFiles, check: func(c *call) {
		pagerCommands(c)
		execOpts(c, "-k --lesskey-file --lesskey-src --lesskey-content", "loads a key file, which can set commands to run")
		writeOpts(c, "-o -O --log-file --LOG-FILE")
	}},
	{names: "man", rule: rule{id: "man", level: Minimal, why: "shows a manual page"}, check: func(c *call) {
		execOpts(c, "-P --pager -C --config-file -H --html -X --gxditview", "makes man run another program")
	}},
	{names: "info", rule: rule{id: "man", level: Minimal, why: "shows a manual page"}, check: func(c *call) { writeOpts(c, "-o --output") }},
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
	{names: "grep egrep fgrep zgrep ag ack", rule: searchRule},
	{names: "whoami id date cal uname uptime nproc lscpu lsusb lspci tty groups users who w arch getconf locale logname ps top htop btop pgrep pidof free vmstat iostat", rule: infoRule,
		check: func(c *call) {
			if c.name == "date" && c.hasOpt("-s --set") {
				c.raise(r("set-clock", High, "sets the system clock"))
			}
			if c.name == "ps" && len(c.args) > 0 && !c.args[0].dyn && !strings.HasPrefix(c.args[0].val, "-") && strings.Contains(c.args[0].val, "e") {
				c.raise(r("print-env", High, "prints the environment of every process, which often holds secrets"))
			}
		}},
	{names: "hostname", rule: infoRule, check: func(c *call) { raiseWithOperands(c, ruleSetHostname) }},
	{names: "sort", rule: textRule, check: func(c *call) {
		writeOpts(c, "-o --output")
		execOpts(c, "--compress-program", "makes sort run another program on its temporary files")
	}},
	{names: "uniq", rule: textRule, check: func(c *call) { operandWrites(c, 2) }},
	{names: "shuf iconv", rule: textRule, check: func(c *call) { writeOpts(c, "-o --output") }},
	{names: "cut tr column paste join comm expand unexpand tsort numfmt expr factor seq yes jless", rule: textRule},
	{names: "jq gojq", rule: textRule, check: func(c *call) {
		for _, a := range positional(c.args) {
			if strings.Contains(a.val, "$ENV") || hasWordFunc(a.val, "env") {
				c.raise(r("print-env", High, "prints environment variables, which often hold secrets"))
				return
			}
		}
	}},
	{names: "yq", rule: textRule, subs: nil, check: func(c *call) {
		if c.hasOpt("-i --inplace --in-place") {
			c.raise(ruleWriteFile)
			for _, t := range positional(c.args)[1:] {
				if ru, ok := c.w.writeRule(t); ok && ru.level > Low {
					c.raise(ru)
				}
			}
		}
	}},
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
		ps := valueArgs(c.args, "-d -p -o -i -r -B -z -Y -V -F -D --directory --output --input --reject-file", "")
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
	{names: "sleep type which whereis help apropos whatis tldr fg bg wait disown clear reset tput", rule: rule{id: "shell-builtin", level: Minimal, why: "a shell builtin or lookup that changes nothing"}},
	{names: "getopts return exit break continue dirs caller times compopt logout", rule: rule{id: "shell-builtin", level: Minimal, why: "a shell builtin or lookup that changes nothing"}},
	{names: "printenv", rule: rule{id: "print-env", level: High, why: "prints environment variables, which often hold secrets"}},
	{names: "stty", rule: termRule},
	{names: "umask", rule: rule{id: "umask", level: Minimal, why: "sets the default permissions of new files in this shell"}},
	{names: "lsof", rule: procRead},
	{names: "netstat", rule: rule{id: "net-info", level: Minimal, why: "lists network connections"}},
	{names: "ss", rule: rule{id: "net-info", level: Minimal, why: "lists network connections"}, check: ssCheck},
	{names: "ping ping6 traceroute tracepath mtr dig nslookup host whois nc ncat netcat socat telnet ftp", rule: netRule},
	{names: "http https httpie xh xhs", rule: netRule, check: httpRequestCheck},
	{names: "aria2c lynx w3m links", rule: netRule},
	{names: "ip ifconfig route", rule: rule{id: "net-config", level: High, why: "shows or changes network configuration"},
		subs: []sub{{words: "addr", rule: infoRule}, {words: "a", rule: infoRule}, {words: "addr show", rule: infoRule}, {words: "link", rule: infoRule}, {words: "link show", rule: infoRule}, {words: "route", rule: infoRule}, {words: "route show", rule: infoRule}, {words: "r", rule: infoRule}, {words: "neigh", rule: infoRule}},
		check: func(c *call) {
			if c.hasOpt("add del set flush change replace") || len(positional(c.args)) > 2 {
				for _, a := range c.args {
					switch a.val {
					case "add", "del", "delete", "set", "flush", "change", "replace", "up", "down":
						c.raise(r("net-config", High, "changes network configuration"))
						return
					}
				}
			}
		}},
	{names: "gzip gunzip bzip2 bunzip2 xz unxz zstd unzstd lz4 zip unzip 7z 7za unrar compress uncompress", rule: archiveW,
		check: func(c *call) {
			if c.name == "zip" {
				execOpts(c, "-TT --unzip-command", "makes zip run another program to test the archive")
			}
			if c.name == "unzip" && c.hasOpt("-:") {
				c.raise(r("unzip-unsafe-paths", High, "extracts paths that may point outside the target directory"))
			}
			dir, ok := c.optValue("-d")
			if strings.HasPrefix(c.name, "7z") {
				dir, ok = arg{}, false
				for _, a := range c.args {
					if !a.dyn && strings.HasPrefix(a.val, "-o") && len(a.val) > 2 {
						dir, ok = arg{val: a.val[2:], pos: a.pos}, true
					}
				}
			}
			if ok {
				if ru, bad := c.w.writeRule(dir); bad && ru.level > Low {
					c.raise(ru)
				}
			}
			// (7z's options are words, -o DIR glued: -osrc is no -c)
			if c.name == "unzip" && c.hasOpt("-l -v -t -Z -p -c -z") ||
				!strings.HasPrefix(c.name, "7z") && c.name != "zip" && c.hasOpt("-c --stdout -l --list -t --test") ||
				strings.HasPrefix(c.name, "7z") && slices.ContainsFunc(c.args, func(a arg) bool { return !a.dyn && a.val == "-so" }) {
				return
			}
			if ps := positional(c.args); c.name == "unzip" || strings.HasPrefix(c.name, "7z") && len(ps) > 0 && (ps[0].val == "x" || ps[0].val == "e") {
				// an archive's members are not known now, unless the
				// engine listed them (design §2.9)
				if !ok || countOpt(c.args, "-d", "") > 1 {
					dir = arg{val: ".", pos: c.pos}
				}
				pf, pd, plain := plainUnzip(c)
				if ms, known := c.w.archiveMembers(pf, "zip"); c.name == "unzip" && plain && known {
					c.extractInto(pd, ms)
				} else if ru, bad := c.w.unknownInto(dir); bad {
					c.raise(ru)
				}
			}
			for _, t := range positional(c.args) {
				if ru, ok := c.w.writeRule(t); ok && ru.level > Low {
					c.raise(r("archive-outside", High, "packs or unpacks files outside the workspace"))
					return
				}
			}
		}},
	{names: "zcat bzcat xzcat zless zmore", rule: readFiles},
	{names: "vi vim nvim nano emacs pico ed ex view code subl micro helix hx kak joe mcedit", rule: editorRule, check: func(c *call) {
		// an editor run by commands (vim -c, ed with a script on stdin)
		// changes the files it opens without anyone at the keyboard
		c.guardChanges(positional(c.args), false)
	}},
	{names: "open xdg-open gio start explorer", rule: rule{id: "open", level: High, why: "opens a file or URL in another application"}},
	{names: "sysctl", rule: infoRule, check: func(c *call) {
		if c.hasOpt("-w --write -p --load") || hasAssignArg(c.args) {
			c.raise(r("sysctl-write", High, "changes kernel settings"))
		}
	}},
	{names: "mktemp", rule: rule{id: "mktemp", level: Low, why: "creates an empty temporary file or directory"}, check: mktempCheck},
	{names: "ulimit", rule: rule{id: "ulimit", level: Minimal, why: "limits this shell's resources"}},
	{names: "dos2unix unix2dos", rule: textRule, check: func(c *call) {
		// they convert the named files in place
		for _, t := range positional(c.args) {
			if ru, bad := c.w.writeRule(t); bad {
				c.raise(ru)
			}
		}
	}},
	{names: "ssh-keygen", rule: rule{id: "ssh-keygen", level: High, why: "creates or changes SSH keys"}},
	{names: "gpg gpg2", rule: rule{id: "gpg", level: High, why: "uses or changes your GPG keys"}},
	{names: "openssl", rule: rule{id: "openssl", level: Medium, why: "runs cryptographic operations"}, check: func(c *call) {
		writeOpts(c, "-out")
		execOpts(c, "-engine", "loads a program into openssl")
	}, subs: []sub{
		{words: "s_client", rule: netRule}, {words: "s_server", rule: netRule}, {words: "s_time", rule: netRule}, {words: "ocsp", rule: netRule},
	}},
	{names: "crontab", rule: rule{id: "crontab", level: High, why: "changes scheduled jobs that run later"},
		subs: nil,
		check: func(c *call) {
			switch {
			case c.hasOpt("-r"):
				c.raise(danger("crontab-remove", "deletes every scheduled job of the user"))
			}
		}},
	{names: "xclip xsel pbcopy pbpaste wl-copy wl-paste", rule: rule{id: "clipboard", level: Low, why: "reads or writes the clipboard"}},
	{names: "espeak espeak-ng", rule: rule{id: "notify", level: Minimal, why: "shows a notification"}, check: func(c *call) { writeOpts(c, "-w") }},
	{names: "notify-send say", rule: rule{id: "notify", level: Minimal, why: "shows a notification"}},
	{names: "screen tmux zellij", rule: rule{id: "multiplexer", level: High, why: "starts or drives terminal sessions that keep running"}},
	{names: "at batch", rule: rule{id: "schedule", level: High, why: "schedules commands to run later"}},
}

// pagerCommands: less +CMD runs CMD at start, and a CMD of !x runs the
// shell command x.
func pagerCommands(c *call) {
	for _, a := range c.args {
		if a.dyn || !strings.HasPrefix(a.val, "+") {
			continue
		}
		if i := strings.IndexByte(a.val, '!'); i >= 0 {
			c.raise(r("pager-shell", High, "makes the pager run a shell command"))
			c.runScript(FrameScript, a.val[i+1:])
		}
	}
}

// execOpts raises a call that uses an option making the program run
// other code.
func execOpts(c *call, opts, why string) {
	if c.hasOpt(opts) {
		c.raise(r("runs-program", High, why))
		for o := range strings.FieldsSeq(opts) {
			if v, ok := c.optValue(o); ok && !v.dyn && strings.ContainsAny(v.val, " ;|&") {
				c.runScript(FrameScript, v.val)
			}
		}
	}
}

// writeOpts judges the files named by output options.
func writeOpts(c *call, opts string) {
	for o := range strings.FieldsSeq(opts) {
		if v, ok := c.optValue(o); ok {
			if ru, bad := c.w.writeRule(v); bad {
				c.raise(ru)
			}
		}
	}
}

// operandWrites checks programs whose n-th operand is an output file
// (uniq IN OUT, xxd IN OUT).
func operandWrites(c *call, n int) {
	if ps := positional(c.args); len(ps) >= n {
		if ru, bad := c.w.writeRule(ps[n-1]); bad {
			c.raise(ru)
		}
	}
}

// hasWordFunc reports name as a word of a jq program ("env", "env.X").
func hasWordFunc(prog, name string) bool {
	for i := strings.Index(prog, name); i >= 0; {
		before := i == 0 || !isIdentByte(prog[i-1])
		end := i + len(name)
		after := end >= len(prog) || !isIdentByte(prog[end])
		if before && after {
			return true
		}
		next := strings.Index(prog[end:], name)
		if next < 0 {
			break
		}
		i = end + next
	}
	return false
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
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
			c.w.inner(c, c.name+" "+a.val, inner, flow{})
		}
		return
	}
}

func hasAssignArg(args []arg) bool {
	for _, a := range args {
		if !a.dyn && len(a.val) > 1 && a.val[0] != '-' && containsByte(a.val, '=') {
			return true
		}
	}
	return false
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// ssCheck raises what ss does besides listing: -K (--kill) closes every
// socket its filter matches, any process's when run as root, and -D
// (--diag) writes the raw answer to a file. ss takes long options
// abbreviated (getopt_long): --ki is --kill.
func ssCheck(c *call) {
	if c.hasOpt("-K") || longPrefixOf(c.args, "--kill", 3) {
		c.raise(rule{id: "ss-kill", level: High, why: "closes network connections, any process's when run as root"})
	}
	writeOpts(c, "-D --diag")
}

// longPrefixOf reports an argument that is long option full, or a prefix
// of it at least min bytes long (an abbreviation getopt_long accepts),
// with or without "=value".
func longPrefixOf(args []arg, full string, min int) bool {
	for _, a := range args {
		v := optWord(a)
		if v == "--" {
			return false
		}
		name, _, _ := strings.Cut(v, "=")
		if len(name) >= min && strings.HasPrefix(full, name) {
			return true
		}
	}
	return false
}
