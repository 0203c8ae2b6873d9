package classify

import (
	"strings"
)

// handlers are programs that need more than a table row: wrappers that run
// another command, shells and interpreters that run code, and commands
// whose targets decide the verdict.
// Built on first use; the build function is set in init, as the handlers
// reach back into the walker, which reads this table.
var handlers lazy[map[string]func(c *call) flow]

func buildHandlers() map[string]func(c *call) flow {
	handlers := map[string]func(c *call) flow{
		"cat": catCommand, "git": gitCommand, "rm": rmCommand, "rmdir": rmdirCommand, "unlink": unlinkCommand,
		"mv": withFileOpts(mvCommand), "cp": withFileOpts(cpCommand), "ln": withFileOpts(lnCommand), "install": withFileOpts(cpCommand),
		"chmod": chmodCommand, "setfacl": setfaclCommand, "getfacl": setfaclCommand, "chown": chownCommand, "chgrp": chownCommand,
		"dd": ddCommand, "truncate": truncateCommand, "mkdir": withFileOpts(touchCommand), "touch": withFileOpts(touchCommand),
		"tee": teeCommand, "find": findCommand, "xargs": xargsCommand, "sed": sedCommand, "gsed": sedCommand,
		"awk": awkCommand, "gawk": awkCommand, "mawk": awkCommand, "nawk": awkCommand,
		"curl": curlCommand, "wget": wgetCommand, "tar": tarCommand, "bsdtar": tarCommand, "gtar": tarCommand, "rg": rgCommand,
		"base64": base64Command, "permguard": permguardCommand, "parallel": parallelCommand,
		"claude": agentCommand, "codex": agentCommand, "gemini": agentCommand, "copilot": agentCommand, "cursor-agent": agentCommand,
		"opencode": agentCommand, "pi": agentCommand, "aider": agentCommand, "goose": agentCommand,
		"watch": watchCommand, "flock": flockCommand, "script": scriptCommand, "env": envCommand, "cross-env": envCommand,
		"sudo": sudoCommand, "doas": sudoCommand, "pkexec": sudoCommand, "run0": sudoCommand, "sudoedit": sudoCommand,
		"su": suCommand, "runuser": suCommand, "npx": launcher, "pnpx": launcher, "bunx": launcher, "uvx": launcher,
		"nice": wrapper("-n --adjustment", ""), "nohup": wrapper("", "nohup"), "time": wrapper("-f --format -o --output", ""),
		"timeout": timeoutCommand, "stdbuf": wrapper("-i -o -e --input --output --error", ""),
		"setsid": wrapper("", "setsid"), "chronic": wrapper("", ""), "unbuffer": wrapper("", ""),
		"ionice": wrapper("-c -n -t --class --classdata", ""), "caffeinate": wrapper("-t -w", ""),
		"strace": wrapper("-o -e -s -u -E -a -b -I -O -S -X -P", "trace"), "ltrace": wrapper("-o -e -s -u -E -a -n", "trace"),
		"taskset": tasksetCommand, "chrt": chrtCommand, "busybox": wrapper("", ""), "toybox": wrapper("", ""), "doit": nil,
		"unshare": specWrapper(0), "chroot": specWrapper(1), "systemd-run": specWrapper(0), "prlimit": specWrapper(0),
		"setpriv": specWrapper(0), "choom": specWrapper(0), "dbus-run-session": specWrapper(0), "numactl": specWrapper(0),
		"firejail": specWrapper(0), "cpulimit": specWrapper(0), "xcrun": xcrunCommand,
		"fdisk":    fixed(danger("disk-partition", "changes disk partitions, which can destroy every file on the disk"), flowData),
		"sfdisk":   fixed(danger("disk-partition", "changes disk partitions, which can destroy every file on the disk"), flowData),
		"cfdisk":   fixed(danger("disk-partition", "changes disk partitions, which can destroy every file on the disk"), flowData),
		"parted":   fixed(danger("disk-partition", "changes disk partitions, which can destroy every file on the disk"), flowData),
		"format":   fixed(danger("disk-format", "formats a disk, destroying what is on it"), flowData),
		"shutdown": fixed(danger("power", "shuts down or restarts the machine"), flowData),
		"reboot":   fixed(danger("power", "shuts down or restarts the machine"), flowData),
		"halt":     fixed(danger("power", "shuts down or restarts the machine"), flowData),
		"poweroff": fixed(danger("power", "shuts down or restarts the machine"), flowData),
		"init":     fixed(danger("power", "shuts down or restarts the machine"), flowData),
		"telinit":  fixed(danger("power", "shuts down or restarts the machine"), flowData),
	}
	delete(handlers, "doit")
	for _, sh := range []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "yash", "csh", "tcsh", "rbash"} {
		handlers[sh] = shellCommand
	}
	for _, in := range []string{"node", "nodejs", "ruby", "perl", "php", "lua", "luajit", "rscript", "osascript",
		"pwsh", "powershell", "tclsh", "irb", "jshell", "groovy", "julia", "elixir", "erl", "ts-node", "tsx"} {
		handlers[in] = interpreter
	}
	wrapHTTPClients(handlers)
	return handlers
}

// runFrom runs the words of c from index i as the command it wraps.
func runFrom(c *call, i int) flow {
	if i >= len(c.args) {
		c.raise(r("wrapper-alone", Minimal, "runs no command"))
		return flow{}
	}
	return c.ctx.dispatch(c, c.args[i:])
}

var (
	ruleBackground = rule{id: "detach", level: High, why: "starts a process that keeps running after the session ends"}
	ruleTrace      = rule{id: "trace", level: High, why: "traces a program, reading its memory and system calls"}
	ruleSudo       = rule{id: "sudo", level: High, dangerous: true, why: "runs a command as root"}
	ruleShellC     = rule{id: "shell-script", level: Minimal, why: "runs a shell script given inline (its commands are classified on their own)"}
	ruleShellFile  = rule{id: "run-script-file", level: High, why: "runs a script file nobody has reviewed"}
	ruleShellStdin = rule{id: "shell-stdin", level: High, why: "runs commands read from a file or another program's output"}
	// An interactive shell or interpreter takes its commands from what is
	// typed into it later, which reaches no hook (Codex's write_stdin into
	// a shell started with tty: true, measured): whatever could be typed
	// in, dangerous included.
	ruleShellTTY   = rule{id: "shell-interactive", level: High, dangerous: true, why: "starts an interactive shell: what is typed into it later passes no check", effect: EffectRun}
	ruleDynScript  = rule{id: "dynamic-script", level: High, why: "runs a script only known at run time", effect: EffectRun}
	ruleDownload   = rule{id: "run-download", level: High, dangerous: true, why: "runs code downloaded from the network", effect: EffectRun}
	ruleInline     = rule{id: "inline-code", level: High, why: "runs inline code", unseen: true}
	ruleInlineDel  = rule{id: "inline-code-destructive", level: High, dangerous: true, why: "runs inline code that deletes or overwrites files or data", effect: EffectRun}
	ruleInterpFile = rule{id: "run-program-file", level: High, why: "runs a program from a file nobody has reviewed", effect: EffectRun}
	ruleInterpTTY  = rule{id: "interpreter-interactive", level: High, dangerous: true, why: "starts an interactive interpreter: what is typed into it later passes no check", effect: EffectRun}
)

// skipOpts returns the index of the first word that is not an option of a
// wrapper; valueOpts take the next word unless written "--opt=value".
// A dynamic word ends the options: it may be the command.
func skipOpts(args []arg, valueOpts string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return i
		}
		if a.val == "--" {
			return i + 1
		}
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			return i
		}
		for o := range strings.FieldsSeq(valueOpts) {
			if a.val == o {
				i++
				break
			}
		}
	}
	return len(args)
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return false
		}
	}
	return true
}

// ruleEnvEmpty: a command started with an empty environment runs without
// the level and mode the user gave permguard in its variables.
var ruleEnvEmpty = rule{id: "self-protect-env", level: High, dangerous: true, why: "could switch the guard off: runs the command without permguard's variables (an empty environment)", effect: EffectEnvironment}

// isStdinPath reports a script path that is standard input.
func isStdinPath(a arg) bool {
	return !a.dyn && (a.val == "/dev/stdin" || a.val == "/dev/fd/0" || a.val == "/proc/self/fd/0")
}

// codeFromFd judges the script a shell reads from a path that names
// another file descriptor (/dev/fd/3, /proc/self/fd/3) as standard input's
// script is judged, when the command gives that descriptor a heredoc, a
// here-string or a file (3<<EOF), and reports whether it did.
func codeFromFd(c *call, a arg) bool {
	if a.dyn {
		return false
	}
	n, ok := strings.CutPrefix(a.val, "/dev/fd/")
	if !ok {
		n, ok = strings.CutPrefix(a.val, "/proc/self/fd/")
	}
	in, given := c.stdin.fds[n]
	if !ok || !given {
		return false
	}
	saved := c.stdin
	c.stdin = in
	codeFromStdin(c, true)
	c.stdin = saved
	return true
}

// anyNet reports an argument filled from the network.
func anyNet(args []arg) bool {
	for _, a := range args {
		if a.net {
			return true
		}
	}
	return false
}

// joinArgsRaw joins values with spaces, as programs that hand their
// arguments to sh -c do.
func joinArgsRaw(args []arg) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.val)
	}
	return b.String()
}

// codeFromStdin judges a shell or interpreter that reads its program from
// standard input.
func codeFromStdin(c *call, shell bool) {
	switch c.stdin.kind {
	case flowText:
		if shell {
			// a pipe or heredoc into a shell is high (design §2.5), and
			// the text is judged as the script it is
			c.raise(ruleShellStdin)
			c.runScript(FrameStdinScript, c.stdin.text)
		} else {
			inlineCode(c, c.stdin.text)
		}
	case flowDownload:
		c.raise(ruleDownload)
	case flowData:
		c.raise(ruleShellStdin)
		if c.stdin.text != "" && destructiveCode(c.stdin.text) {
			c.raise(ruleInlineDel)
		}
	default:
		if shell {
			c.raise(ruleShellTTY)
		} else {
			c.raise(ruleInterpTTY)
		}
	}
}

// ruleInlineGuard: the code names a file or a variable the guard relies
// on (the detail says which).
var ruleInlineGuard = rule{id: "inline-code-guard", level: High, dangerous: true, effect: EffectRun,
	why: "could switch the guard off: runs inline code that names what the guard relies on"}

// inlineCode judges code given on the command line or as static text.
func inlineCode(c *call, code string) {
	c.raise(ruleInline)
	if destructiveCode(code) {
		c.raise(ruleInlineDel)
	}
	if forkLoop(code) {
		c.raise(ruleForkLoop)
	}
	if what, ok := c.ctx.mentionsGuard(code); ok {
		c.raiseWith(ruleInlineGuard, occurrence{detail: what})
	}
	for _, sh := range shellStrings(code) {
		c.runScript(FrameScript, sh)
	}
}

// destructiveMarkers are calls that delete or overwrite in the languages
// agents run inline. Inline code is already high; these make it dangerous.
var destructiveMarkers = []string{
	"rmtree", "os.remove", "os.unlink", "os.rmdir", "removedirs", "unlink(", "unlink ", ".unlink", "rmsync",
	"rmdirsync", "unlinksync", "fs.rm(", "fs.rmdir(", "promises.rm", "rimraf", "rm_rf", "rm_r ", "rm_r(",
	"file.delete", "fileutils.rm", "remove-item", "rm -rf", "rm -fr", "shred ", "mkfs",
	"drop database", "drop table", "drop schema", "truncate table", "format-volume", "clear-disk", "rmdir",
	"deltree", "os.truncate", "writefilesync('/", "writefilesync(\"/",
}

func destructiveCode(code string) bool {
	lc := strings.ToLower(code)
	for _, m := range destructiveMarkers {
		if strings.Contains(lc, m) {
			return true
		}
	}
	return false
}
