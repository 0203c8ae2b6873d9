package classify

import "strings"

// Rules shared by many rows.
var (
	readFiles  = r("read-only", Minimal, "reads files or prints information without changing anything")
	searchRule = r("search", Minimal, "searches files")
	infoRule   = r("system-info", Minimal, "prints information about the system")
	textRule   = r("text-filter", Minimal, "transforms text as it passes through")
	archiveW   = r("archive-write", Low, "packs or unpacks files")
	editorRule = r("editor", High, "opens an interactive program that can change any file")
	netRule    = r("network", High, "talks to the network")
	procRead   = r("process-info", High, "lists the open files and connections of every process")
	termRule   = r("terminal", Minimal, "changes how the terminal displays output")
)

// withOperands raises a call that has any operand (hostname NAME sets the
// host name; hostname alone prints it).
func withOperands(ru rule) func(c *call) {
	return func(c *call) {
		if len(positional(c.args)) > 0 {
			c.raise(ru)
		}
	}
}

// writesOpt raises a call whose option names an output file.
func writesOpt(opts string) func(c *call) {
	return func(c *call) {
		if o, ok := c.optValue(opts); ok {
			if ru, bad := c.w.writeRule(o); bad {
				c.raise(ru)
			}
		}
	}
}

// coreTools are the everyday programs of a Unix system.
var coreTools = []tool{
	{names: "cat head tail bat batcat tac nl od xxd hexdump strings fold fmt rev glow", rule: readFiles},
	{names: "less more most view", rule: readFiles, check: pagerCommands},
	{names: "ls tree pwd dir vdir fd fdfind locate plocate realpath readlink basename dirname stat file wc du df lsblk lsattr", rule: readFiles},
	{names: "grep egrep fgrep zgrep ag ack ugrep", rule: searchRule},
	{names: "whoami id date cal uname uptime nproc lscpu lsusb lspci tty groups users who w arch getconf locale logname ps top htop btop pgrep pidof free vmstat iostat", rule: infoRule,
		check: func(c *call) {
			if c.name == "date" && c.hasOpt("-s --set") {
				c.raise(r("set-clock", High, "sets the system clock"))
			}
		}},
	{names: "hostname", rule: infoRule, check: withOperands(r("set-hostname", High, "changes the machine's host name"))},
	{names: "sort", rule: textRule, check: writesOpt("-o --output")},
	{names: "uniq cut tr column paste join comm expand unexpand shuf tsort numfmt expr factor seq yes jq gojq jless", rule: textRule},
	{names: "yq", rule: textRule, subs: nil, check: func(c *call) {
		if c.hasOpt("-i --inplace") {
			c.raise(ruleWriteFile)
		}
	}},
	{names: "diff diff3 sdiff cmp colordiff delta difft", rule: readFiles},
	{names: "patch", rule: r("patch", Low, "applies a diff to files in the workspace"), check: writesOpt("-o --output")},
	{names: "md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum cksum sum base32 shasum md5", rule: readFiles},
	{names: "test [ [[ sleep type which whereis hash help man info apropos whatis tldr history jobs fg bg wait disown clear reset tput shopt", rule: r("shell-builtin", Minimal, "a shell builtin or lookup that changes nothing")},
	{names: "read mapfile readarray getopts shift return exit break continue dirs caller times complete compgen compopt logout local", rule: r("shell-builtin", Minimal, "a shell builtin or lookup that changes nothing")},
	{names: "unset", rule: r("shell-builtin", Minimal, "a shell builtin or lookup that changes nothing"), check: func(c *call) {
		for _, a := range c.args {
			if a.dyn || strings.HasPrefix(a.val, "PERMGUARD_") {
				c.raise(ruleEnvSelf)
				return
			}
		}
	}},
	{names: "printenv", rule: r("print-env", High, "prints environment variables, which often hold secrets")},
	{names: "stty", rule: termRule},
	{names: "umask", rule: r("umask", Minimal, "sets the default permissions of new files in this shell")},
	{names: "lsof", rule: procRead},
	{names: "netstat ss", rule: r("net-info", Minimal, "lists network connections")},
	{names: "ping ping6 traceroute tracepath mtr dig nslookup host whois nc ncat netcat socat telnet ftp", rule: netRule},
	{names: "http https httpie xh aria2c lynx w3m links", rule: netRule},
	{names: "ip ifconfig route", rule: r("net-config", High, "shows or changes network configuration"),
		subs: []sub{s("addr", infoRule), s("a", infoRule), s("addr show", infoRule), s("link", infoRule), s("link show", infoRule), s("route", infoRule), s("route show", infoRule), s("r", infoRule), s("neigh", infoRule)},
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
			if c.name == "unzip" && c.hasOpt("-l -v -t -Z") || c.hasOpt("-c --stdout -l --list -t --test") && c.name != "zip" {
				return
			}
			for _, t := range positional(c.args) {
				if ru, ok := c.w.writeRule(t); ok && ru.level > Low {
					c.raise(r("archive-outside", High, "packs or unpacks files outside the workspace"))
					return
				}
			}
		}},
	{names: "zcat bzcat xzcat zless zmore", rule: readFiles},
	{names: "vi vim nvim nano emacs pico ed ex code subl micro helix hx kak joe mcedit", rule: editorRule},
	{names: "open xdg-open gio start explorer", rule: r("open", High, "opens a file or URL in another application")},
	{names: "sysctl", rule: infoRule, check: func(c *call) {
		if c.hasOpt("-w --write -p --load") || hasAssignArg(c.args) {
			c.raise(r("sysctl-write", High, "changes kernel settings"))
		}
	}},
	{names: "mktemp", rule: r("mktemp", Low, "creates an empty temporary file or directory")},
	{names: "ulimit", rule: r("ulimit", Minimal, "limits this shell's resources")},
	{names: "iconv dos2unix unix2dos", rule: textRule, check: func(c *call) {
		if c.name != "iconv" && len(positional(c.args)) > 0 {
			c.raise(ruleWriteFile)
		}
	}},
	{names: "ssh-keygen", rule: r("ssh-keygen", High, "creates or changes SSH keys")},
	{names: "gpg gpg2", rule: r("gpg", High, "uses or changes your GPG keys")},
	{names: "openssl", rule: r("openssl", Medium, "runs cryptographic operations"), subs: []sub{
		s("s_client", netRule), s("s_server", netRule), s("s_time", netRule), s("ocsp", netRule),
	}},
	{names: "crontab", rule: r("crontab", High, "changes scheduled jobs that run later"),
		subs: nil,
		check: func(c *call) {
			switch {
			case c.hasOpt("-r"):
				c.raise(danger("crontab-remove", "deletes every scheduled job of the user"))
			}
		}},
	{names: "xclip xsel pbcopy pbpaste wl-copy wl-paste", rule: r("clipboard", Low, "reads or writes the clipboard")},
	{names: "notify-send say espeak", rule: r("notify", Minimal, "shows a notification")},
	{names: "screen tmux zellij", rule: r("multiplexer", High, "starts or drives terminal sessions that keep running")},
	{names: "at batch", rule: r("schedule", High, "schedules commands to run later")},
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
			c.w.script(a.val[i+1:], &c.pos)
		}
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
