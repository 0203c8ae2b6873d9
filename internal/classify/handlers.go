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
		"watch": watchCommand, "flock": flockCommand, "script": scriptCommand, "env": envCommand,
		"sudo": sudoCommand, "doas": sudoCommand, "pkexec": sudoCommand, "run0": sudoCommand, "sudoedit": sudoCommand,
		"su": suCommand, "runuser": suCommand, "npx": launcher, "pnpx": launcher, "bunx": launcher, "uvx": launcher,
		"nice": wrapper("-n --adjustment", ""), "nohup": wrapper("", "nohup"), "time": wrapper("-f --format -o --output", ""),
		"timeout": timeoutCommand, "stdbuf": wrapper("-i -o -e --input --output --error", ""),
		"setsid": wrapper("", "setsid"), "chronic": wrapper("", ""), "unbuffer": wrapper("", ""),
		"ionice": wrapper("-c -n -t --class --classdata", ""), "caffeinate": wrapper("-t -w", ""),
		"strace": wrapper("-o -e -s -u -E -a -b -I -O -S -X -P", "trace"), "ltrace": wrapper("-o -e -s -u -E -a -n", "trace"),
		"taskset": tasksetCommand, "chrt": chrtCommand, "busybox": wrapper("", ""), "toybox": wrapper("", ""), "doit": nil,
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
	return c.w.dispatch(c, c.args[i:])
}

var (
	ruleBackground = rule{id: "detach", level: High, why: "starts a process that keeps running after the session ends"}
	ruleTrace      = rule{id: "trace", level: High, why: "traces a program, reading its memory and system calls"}
	ruleSudo       = rule{id: "sudo", level: High, dangerous: true, why: "runs a command as root"}
	ruleShellC     = rule{id: "shell-script", level: Minimal, why: "runs a shell script given inline (its commands are classified on their own)"}
	ruleShellFile  = rule{id: "run-script", level: High, why: "runs a script file nobody has reviewed"}
	ruleShellStdin = rule{id: "shell-stdin", level: High, why: "runs commands read from a file or another program's output"}
	// An interactive shell or interpreter takes its commands from what is
	// typed into it later, which reaches no hook (Codex's write_stdin into
	// a shell started with tty: true, measured): whatever could be typed
	// in, dangerous included.
	ruleShellTTY   = rule{id: "shell-interactive", level: High, dangerous: true, why: "starts an interactive shell: what is typed into it later passes no check"}
	ruleDynScript  = rule{id: "dynamic-script", level: High, why: "runs a script only known at run time"}
	ruleDownload   = rule{id: "run-download", level: High, dangerous: true, why: "runs code downloaded from the network"}
	ruleInline     = rule{id: "inline-code", level: High, why: "runs inline code", unseen: true}
	ruleInlineDel  = rule{id: "inline-code-destructive", level: High, dangerous: true, why: "runs inline code that deletes or overwrites files or data"}
	ruleInterpFile = rule{id: "run-program-file", level: High, why: "runs a program from a file nobody has reviewed"}
	ruleInterpTTY  = rule{id: "interpreter-interactive", level: High, dangerous: true, why: "starts an interactive interpreter: what is typed into it later passes no check"}
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

// npmHarmless are npm's options that change nothing of what npm exec
// runs or where it looks for it.
var npmHarmless = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"--no": true, "--no-install": true, "--yes=false": true, "--silent": true, "-s": true, "-q": true, "--quiet": true,
		"--loglevel": true, "-d": true, "-dd": true, "-ddd": true, "--offline": true, "--prefer-offline": true, "--no-fund": true,
		"--no-audit": true, "--no-update-notifier": true, "--color": true, "--no-color": true, "--no-progress": true,
	}
}}

// npmOptionsHarmless reports that every option of an npm command line
// before "--" is in npmHarmless ("--loglevel=warn" by its name).
func npmOptionsHarmless(args []arg) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return false // it may be an option
		}
		if a.val == "--" {
			return true
		}
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			continue
		}
		name, _, glued := strings.Cut(a.val, "=")
		if !npmHarmless.get()[name] {
			return false
		}
		if name == "--loglevel" && !glued {
			i++ // its value
		}
	}
	return true
}

// afterOptions is args from the first word that is not an option (the
// options were all found harmless; --loglevel takes a value).
func afterOptions(args []arg) []arg {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a.val == "--loglevel":
			i++
		case a.val == "--":
			return args[i+1:]
		case !strings.HasPrefix(a.val, "-"):
			return args[i:]
		}
	}
	return nil
}

// optionBefore reports an option among args before the word sub.
func optionBefore(args []arg, sub string) bool {
	for _, a := range args {
		if !a.dyn && a.val == sub {
			return false
		}
		if a.dyn || strings.HasPrefix(a.val, "-") {
			return true
		}
	}
	return false
}

// ruleLaunch stands for npm exec and bun x until launchRule decides.
var ruleLaunch = rule{id: "run-package-or-local", level: Minimal, why: "runs a package's program (judged with what it runs)"}

// launchRule is what a launcher named by does itself: npx and npm exec
// (with --no, or of a program the project has installed) and bunx run
// the project's own copy; otherwise they download the package.
func launchRule(c *call, by string, args []arg) rule {
	if len(args) > 0 && !args[0].dyn && args[0].val == "--" {
		args = args[1:]
	}
	switch by {
	case "npm exec", "npm x":
		// npm reads its options anywhere before a "--", after the
		// program's name and before "exec" too: one that fetches or
		// moves what runs (--package, --prefix, -w, --userconfig) makes
		// it another program
		if !npmOptionsHarmless(c.args) {
			return runPackage
		}
		if npxLocalOnly(args) || c.w.installed(afterOptions(args)) {
			return ruleLocalBin
		}
	case "npx":
		if npxLocalOnly(args) || c.w.installed(args) {
			return ruleLocalBin
		}
	case "bunx", "bun x":
		// bunx has no --no: an installed program is the project's copy;
		// bun's own options before x (--cwd) may move it
		if c.w.installed(args) && (by == "bunx" || !optionBefore(c.args, "x")) {
			return ruleLocalBin
		}
	}
	return runPackage
}

// launched judges the program a package launcher (by: npx, npm exec)
// runs from args.
func launched(c *call, by string, args []arg) {
	i := skipOpts(args, "-p --package -c --call --registry --cache --from --with")
	if i < len(args) && !args[i].dyn {
		name := args[i].val
		if at := strings.LastIndexByte(name, '@'); at > 0 {
			name = name[:at] // prisma@5 is prisma
		}
		if handlerOf(name) != nil || lookupTool(name) != nil {
			argv := append([]arg{{val: name, pos: args[i].pos}}, args[i+1:]...)
			c.w.inner(c, by, argv, c.stdin)
			return
		}
	}
	// a program permguard does not know, installed or not, is high
	// (design §2.8)
	c.raise(ruleUnknown)
}

// launchSub is the check of `npm exec`, `pnpm dlx` and their kin.
func launchSub(c *call) {
	// the subcommand is the first of its names, not the first word that
	// is no option: a global option's value (npm --prefix DIR exec)
	// comes before it
	for k, a := range c.args {
		if !a.dyn && (a.val == "exec" || a.val == "x" || a.val == "dlx") {
			by, rest := c.name+" "+a.val, c.args[k+1:]
			switch by {
			case "npm exec", "npm x", "bun x":
				// their rows hold ruleLaunch: what they do is decided here
				c.raise(launchRule(c, by, rest))
			}
			launched(c, by, rest)
			return
		}
	}
}

// ruleEnvEmpty: a command started with an empty environment runs without
// the level and mode the user gave permguard in its variables.
var ruleEnvEmpty = rule{id: "self-protect", level: High, dangerous: true, why: "could switch the guard off: runs the command without permguard's variables (an empty environment)"}

// isStdinPath reports a script path that is standard input.
func isStdinPath(a arg) bool {
	return !a.dyn && (a.val == "/dev/stdin" || a.val == "/dev/fd/0" || a.val == "/proc/self/fd/0")
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

// inlineCode judges code given on the command line or as static text.
func inlineCode(c *call, code string) {
	c.raise(ruleInline)
	if destructiveCode(code) {
		c.raise(ruleInlineDel)
	}
	if forkLoop(code) {
		c.raise(ruleForkLoop)
	}
	if what, ok := c.w.mentionsGuard(code); ok {
		c.raise(danger("inline-code-guard", "could switch the guard off: runs inline code that names "+what))
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
