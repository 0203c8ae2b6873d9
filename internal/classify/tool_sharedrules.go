package classify

// Rules, option checks and row builders that the rows of several tool
// families share; what one family alone uses is in its tools_<family>.go.

import (
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

// ruleRunsProgram: an option of the program names another program, a
// plug-in or a file of commands it runs (the detail names the option).
var ruleRunsProgram = rule{id: "runs-program", level: High, effect: EffectRun, why: "runs another program or loads code that an option names"}

// execOpts raises a call that uses one of opts, options that make the
// program run other code.
func execOpts(c *call, opts string) {
	if c.hasOpt(opts) {
		o := occurrence{}
		for opt := range strings.FieldsSeq(opts) {
			if c.hasOpt(opt) {
				o.detail = opt
				if v, ok := c.optValue(opt); ok && !v.dyn {
					o.target = v.val
				}
				break
			}
		}
		c.raiseWith(ruleRunsProgram, o)
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
			if ru, bad := c.ctx.writeRule(v); bad {
				c.raise(ru)
			}
		}
	}
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// Development tools: package managers, builds, tests, linters (design §6,
// the seed's medium list). Running a project's own scripts is development
// work (medium) when the script name says build, test or lint; servers and
// unknown scripts are high, as are programs that download and run packages.
var (
	pkgRead    = rule{id: "package-info", level: Minimal, why: "reads package information"}
	pkgQuery   = rule{id: "package-query", level: Minimal, why: "asks the package registry about packages", sends: true}
	pkgInstall = rule{id: "package-install", level: Medium, why: "installs or changes the project's dependencies", sends: true}
	buildRule  = rule{id: "build", level: Medium, why: "builds, tests or checks the project", unseen: true}
	lintRule   = rule{id: "lint", level: Medium, why: "checks or formats the project's code", unseen: true}
	runProgram = rule{id: "run-program", level: High, why: "runs the program you are building"}
	// runBuilt is a build tool's run of the project's own program (go
	// run, cargo run, gradle run), which is project code (design §4, row
	// 4b); runProgram also covers consoles, REPLs and exec subcommands
	// that run any command, which are not.
	runBuilt    = rule{id: "run-program", level: High, why: "runs the program you are building", unseen: true}
	runPackage  = rule{id: "run-package", level: High, why: "downloads and runs a package"}
	publishRule = rule{id: "publish", level: High, why: "publishes to a package registry"}
	globalRule  = rule{id: "install-global", level: High, why: "installs programs outside the workspace"}
	serverRule  = rule{id: "run-server", level: High, unseen: true, why: "starts a long-running server or watcher"}
	scriptRule  = rule{id: "run-script-unknown", level: High, why: "runs a project script whose name does not say what it does"}
	scriptSafe  = rule{id: "run-script", level: Medium, why: "runs a build, test or lint script of the project", unseen: true}
	registryAcc = rule{id: "registry-account", level: High, why: "changes registry accounts, tokens or package owners"}
	unpublish   = rule{id: "unpublish", level: High, dangerous: true, why: "removes a published package for everyone who depends on it", effect: EffectDelete}
)

// Rules of the everyday development tools that were missing from the
// tables (issue 14, classes 2 to 4): the read-only inspectors of compiled
// files and source trees, and package indexes.
var (
	ruleInspectBinary = rule{id: "inspect-binary", level: Minimal, why: "reads a compiled file and prints what is in it"}
	ruleCountLines    = rule{id: "count-lines", level: Minimal, why: "counts lines of code in the source tree"}
	ruleBuildInfo     = rule{id: "build-info", level: Minimal, why: "prints how installed libraries are built and linked"}
	ruleLdd           = rule{id: "ldd", level: High, why: "may run the program whose libraries it lists (see man ldd)"}
	ruleIndexOption   = rule{id: "package-index", level: High, why: "installs packages from an index other than the default, which could serve any code"}
)

// The helpers that build the rows of programs reaching beyond the
// workspace: container engines, clusters, infrastructure as code, cloud and
// hosting CLIs, databases, services, firewalls, disks, accounts, system
// package managers and remote access. Most talk to a remote system or to a
// daemon with root-equivalent power, so their default is high; the rows
// (the *InfraTools functions of tools_<family>.go) lower what is local and
// read-only and mark what destroys.

// infraJoin joins lists of subcommand rows.
func infraJoin(lists ...[]sub) []sub {
	var out []sub
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// infraEach gives every comma-separated subcommand path in paths the same
// rule.
func infraEach(paths string, ru rule, flags ...flagRule) []sub {
	var out []sub
	for _, p := range strings.Split(paths, ",") {
		out = append(out, s(strings.TrimSpace(p), ru, flags...))
	}
	return out
}

// infraOpt raises ru when any of opts is present.
func infraOpt(opts string, ru rule) func(c *call) {
	return func(c *call) {
		if c.hasOpt(opts) {
			c.raise(ru)
		}
	}
}
