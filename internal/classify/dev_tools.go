package classify

import (
	"strings"
	"sync"
)

// Development tools: package managers, builds, tests, linters (design §6,
// the seed's medium list). Running a project's own scripts is development
// work (medium) when the script name says build, test or lint; servers and
// unknown scripts are high, as are programs that download and run packages.
var (
	pkgRead     = r("package-info", Minimal, "reads package information")
	pkgQuery    = sends(r("package-query", Minimal, "asks the package registry about packages"))
	pkgInstall  = sends(r("package-install", Medium, "installs or changes the project's dependencies"))
	buildRule   = r("build", Medium, "builds, tests or checks the project")
	lintRule    = r("lint", Medium, "checks or formats the project's code")
	runProgram  = r("run-program", High, "runs the program you are building")
	runPackage  = r("run-package", High, "downloads and runs a package")
	publishRule = r("publish", High, "publishes to a package registry")
	globalRule  = r("install-global", High, "installs programs outside the workspace")
	serverRule  = r("run-server", High, "starts a long-running server or watcher")
	scriptRule  = r("run-script-unknown", High, "runs a project script whose name does not say what it does")
	scriptSafe  = r("run-script", Medium, "runs a build, test or lint script of the project")
	registryAcc = r("registry-account", High, "changes registry accounts, tokens or package owners")
	unpublish   = danger("unpublish", "removes a published package for everyone who depends on it")
)

var safeScripts = map[string]bool{
	"build": true, "compile": true, "test": true, "lint": true, "format": true, "fmt": true, "check": true,
	"typecheck": true, "type-check": true, "types": true, "validate": true, "verify": true, "prepare": true,
	"prepublish": true, "prepublishOnly": true, "prepack": true, "postpack": true, "clean": true, "tsc": true,
}

var safeScriptPrefixes = []string{"build:", "test:", "lint:", "format:", "check:", "type:", "typecheck:", "fmt:"}

var serverScripts = map[string]bool{"start": true, "dev": true, "develop": true, "serve": true, "server": true, "watch": true, "preview": true}

var serverScriptPrefixes = []string{"start:", "dev:", "serve:", "watch:"}

// scriptRuleFor judges `npm run NAME`.
func scriptRuleFor(name string, allowPrefixed bool) rule {
	if safeScripts[name] {
		return scriptSafe
	}
	for _, p := range safeScriptPrefixes {
		if strings.HasPrefix(name, p) && allowPrefixed {
			return scriptSafe
		}
	}
	if namesDeploy(name) {
		return ruleRunDeploy
	}
	if serverScripts[name] {
		return serverRule
	}
	for _, p := range serverScriptPrefixes {
		if strings.HasPrefix(name, p) {
			return serverRule
		}
	}
	return scriptRule
}

// runScript is the check of a "run" subcommand: the first operand after it
// names the script.
// npmInit: npm init NAME downloads and runs create-NAME.
func npmInit(c *call) {
	if ps := positional(c.args); len(ps) > 1 && !strings.HasPrefix(ps[1].val, "-") {
		c.raise(runPackage)
	}
}

func runScript(c *call) {
	ws, _ := pmWords(c)
	// skip the program's own subcommand word ("run", "run-script")
	for len(ws) > 0 && !ws[0].dyn && (ws[0].val == "run" || ws[0].val == "run-script" || ws[0].val == "rum" || ws[0].val == "urn" || ws[0].val == "task") {
		ws = ws[1:]
	}
	switch {
	case len(ws) == 0:
		c.raise(r("list-scripts", Minimal, "lists the project's scripts"))
	case ws[0].dyn:
		c.raise(ruleToolDynamic)
	default:
		c.raise(scriptRuleFor(ws[0].val, true))
	}
}

// shorthandScript handles `yarn NAME` and `pnpm NAME`, which run a script
// when NAME is no subcommand; only the plain safe names count as safe.
func shorthandScript(c *call) {
	ws, _ := pmWords(c)
	if len(ws) == 0 || ws[0].dyn {
		return
	}
	if safeScripts[ws[0].val] {
		c.raise(scriptSafe)
		return
	}
	if _, known := shorthandSubs()[c.name+" "+ws[0].val]; known {
		return
	}
	scriptOrBin(c, ws)
}

// shorthandSubs lists the words that are real subcommands (taken from the
// tables, so a script shorthand never shadows them); built on first use.
var shorthandSubs func() map[string]bool

func init() { shorthandSubs = sync.OnceValue(buildShorthandSubs) }

func buildShorthandSubs() map[string]bool {
	m := map[string]bool{}
	for i := range devTools {
		t := &devTools[i]
		for n := range strings.FieldsSeq(t.names) {
			for _, sb := range t.subs {
				first, _, _ := strings.Cut(sb.words, " ")
				m[n+" "+first] = true
			}
		}
	}
	return m
}

var globalFlag = f("-g --global --location=global", globalRule)

var npmSubs = []sub{
	s("ls", pkgRead), s("list", pkgRead), s("ll", pkgRead), s("la", pkgRead), s("info", pkgQuery), s("view", pkgQuery),
	s("show", pkgQuery), s("v", pkgQuery), s("outdated", pkgQuery), s("audit", pkgQuery, f("fix", pkgInstall)), s("explain", pkgRead),
	s("why", pkgRead), s("search", pkgQuery), s("help", pkgRead), s("root", pkgRead), s("prefix", pkgRead), s("bin", pkgRead),
	s("fund", pkgRead), s("config get", pkgRead), s("config list", pkgRead), s("query", pkgRead), s("doctor", pkgRead),
	s("install", pkgInstall, globalFlag), s("i", pkgInstall, globalFlag), s("ci", pkgInstall), s("add", pkgInstall, globalFlag),
	s("uninstall", pkgInstall, globalFlag), s("remove", pkgInstall, globalFlag), s("rm", pkgInstall, globalFlag), s("un", pkgInstall, globalFlag),
	s("update", pkgInstall, globalFlag), s("up", pkgInstall, globalFlag), s("upgrade", pkgInstall, globalFlag), s("dedupe", pkgInstall),
	s("prune", pkgInstall), s("rebuild", pkgInstall), s("init", pkgInstall), s("create", runPackage), s("pack", buildRule),
	s("version", pkgInstall), s("shrinkwrap", pkgInstall), s("link", globalRule), s("ln", globalRule), s("cache", pkgInstall),
	s("test", buildRule), s("t", buildRule), s("tst", buildRule), s("build", buildRule), s("run", scriptRule), s("run-script", scriptRule),
	s("start", serverRule), s("restart", serverRule), s("stop", serverRule), s("exec", runPackage), s("x", runPackage),
	s("publish", publishRule), s("unpublish", unpublish), s("deprecate", registryAcc), s("adduser", registryAcc),
	s("login", registryAcc), s("logout", registryAcc), s("token", registryAcc), s("owner", registryAcc), s("access", registryAcc),
	s("team", registryAcc), s("org", registryAcc), s("hook", registryAcc), s("dist-tag", registryAcc), s("star", registryAcc),
	s("config set", r("npm-config", High, "changes npm configuration, which can change what installs run")),
	s("config", r("npm-config", High, "changes npm configuration, which can change what installs run")),
	s("set", r("npm-config", High, "changes npm configuration, which can change what installs run")),
}

func init() {
	for i := range devTools {
		if devTools[i].names == "deno" {
			for k := range devTools[i].subs {
				if devTools[i].subs[k].words == "task" {
					devTools[i].subs[k].check = runScript
				}
			}
		}
	}
	for i := range npmSubs {
		if npmSubs[i].words == "init" {
			npmSubs[i].check = npmInit
		}
		if npmSubs[i].words == "run" || npmSubs[i].words == "run-script" {
			npmSubs[i].check = runScript
			npmSubs[i].rule = r("run-script-list", Minimal, "runs a project script (judged by its name)")
		}
	}
	for _, group := range [][]sub{npmSubs, yarnSubs, pnpmSubs, bunSubs} {
		for i := range group {
			switch group[i].words {
			case "exec", "dlx", "x":
				group[i].check = launchSub
			}
			if group[i].words == "workspace" || group[i].words == "workspaces" {
				group[i].check = yarnWorkspace
			}
			if group[i].words == "run" {
				group[i].check = runScript
				group[i].rule = r("run-script-list", Minimal, "runs a project script (judged by its name)")
			}
		}
	}
}

var yarnSubs = []sub{
	s("install", pkgInstall), s("add", pkgInstall), s("remove", pkgInstall), s("upgrade", pkgInstall), s("up", pkgInstall),
	s("upgrade-interactive", pkgInstall), s("import", pkgInstall), s("link", pkgInstall), s("unlink", pkgInstall), s("init", pkgInstall),
	s("list", pkgRead), s("info", pkgQuery), s("why", pkgRead), s("outdated", pkgQuery), s("audit", pkgQuery), s("licenses", pkgRead),
	s("config get", pkgRead), s("bin", pkgRead), s("cache", pkgInstall), s("pack", buildRule), s("version", pkgInstall),
	s("test", buildRule), s("run", scriptRule), s("start", serverRule), s("dlx", runPackage), s("exec", runPackage), s("node", runPackage),
	s("create", runPackage), s("publish", publishRule), s("npm publish", publishRule), s("login", registryAcc), s("logout", registryAcc),
	s("owner", registryAcc), s("tag", registryAcc), s("global", globalRule), s("set", r("yarn-config", High, "changes yarn configuration")),
	s("config set", r("yarn-config", High, "changes yarn configuration")), s("workspace", pkgInstall), s("workspaces", pkgInstall),
}

var pnpmSubs = []sub{
	s("install", pkgInstall, globalFlag), s("i", pkgInstall, globalFlag), s("add", pkgInstall, globalFlag), s("remove", pkgInstall, globalFlag),
	s("rm", pkgInstall, globalFlag), s("uninstall", pkgInstall, globalFlag), s("update", pkgInstall, globalFlag), s("up", pkgInstall, globalFlag),
	s("prune", pkgInstall), s("fetch", pkgInstall), s("import", pkgInstall), s("rebuild", pkgInstall), s("link", globalRule), s("init", pkgInstall),
	s("list", pkgRead), s("ls", pkgRead), s("ll", pkgRead), s("outdated", pkgQuery), s("audit", pkgQuery, f("--fix", pkgInstall)), s("why", pkgRead), s("licenses", pkgRead),
	s("store", pkgInstall), s("pack", buildRule), s("test", buildRule), s("t", buildRule), s("run", scriptRule), s("start", serverRule),
	s("exec", runPackage), s("dlx", runPackage), s("create", runPackage), s("publish", publishRule), s("setup", globalRule),
	s("config set", r("pnpm-config", High, "changes pnpm configuration")),
}

var bunSubs = []sub{
	s("install", pkgInstall, globalFlag), s("i", pkgInstall, globalFlag), s("add", pkgInstall, globalFlag), s("a", pkgInstall, globalFlag),
	s("remove", pkgInstall, globalFlag), s("rm", pkgInstall, globalFlag), s("update", pkgInstall, globalFlag), s("link", globalRule), s("unlink", pkgInstall),
	s("pm", pkgRead), s("pm ls", pkgRead), s("pm cache rm", pkgInstall), s("pm pack", buildRule), s("pm version", pkgInstall),
	s("pm trust", pkgInstall), s("pm untrusted", pkgRead), s("pm bin", pkgRead), s("pm hash", pkgRead), s("outdated", pkgQuery), s("audit", pkgQuery), s("why", pkgRead), s("info", pkgQuery),
	s("test", buildRule), s("build", buildRule), s("run", scriptRule), s("x", runPackage), s("create", runPackage), s("init", pkgInstall),
	s("publish", publishRule), s("upgrade", globalRule), s("repl", ruleInterpTTY),
}

// bunCheck: `bun FILE` runs a program, `bun -e CODE` runs inline code.
func bunCheck(c *call) {
	ws, _ := pmWords(c)
	if o, ok := c.optValue("-e --eval -p --print"); ok {
		inlineCode(c, o.val)
		return
	}
	if len(ws) > 0 && !ws[0].dyn && !shorthandSubs()["bun "+ws[0].val] {
		if strings.ContainsAny(ws[0].val, "./") {
			c.raise(ruleInterpFile)
		} else {
			scriptOrBin(c, ws)
		}
	}
}

// goToolexec flags make go run another program for each tool call.
var goToolexec = f("-toolexec --toolexec -exec --exec", r("go-toolexec", High, "makes go run another program for every tool call"))

// buildOutputs judges where a build writes (-o, --out-dir, --target-dir,
// ...) and the options that make it run other programs. Directories a
// build empties (--target-dir of cargo clean, pytest --basetemp) are
// judged as deleted.
func buildOutputs(c *call) {
	// one pass over the options: this runs for every development command
	clean := false
	for i, a := range c.args {
		ov := optWord(a) // --prefix=$P is --prefix with an unknown value
		if len(ov) < 2 || ov[0] != '-' {
			if !a.dyn && a.val == "clean" {
				clean = true
			}
			continue
		}
		if ov == "--" {
			break
		}
		name, _, hasVal := strings.Cut(ov, "=")
		value := func() (arg, bool) {
			if hasVal || a.dyn {
				return gluedValue(a, min(len(name)+1, len(ov))), true
			}
			if i+1 < len(c.args) {
				return c.args[i+1], true
			}
			return arg{}, false
		}
		raise := func(judge func(arg) (rule, bool)) {
			if v, ok := value(); ok {
				if ru, bad := judge(v); bad && ru.level > Low {
					c.raise(ru)
				}
			}
		}
		switch name {
		case "-o", "--output", "--outfile", "--out-file", "--outFile", "-coverprofile", "-cpuprofile", "-memprofile",
			"-blockprofile", "-mutexprofile", "-trace":
			raise(c.w.writeRule)
		case "--outdir", "--out-dir", "--output-dir", "--dest", "--prefix", "--root", "--install-dir", "--pack-destination",
			"--destination", "--wheel-dir", "--dir", "--target", "--path", "--directory", "--working-dir", "--bindir":
			raise(c.w.writeInto)
		case "-d", "-w", "-n", "-p":
			if name == "-d" && (c.name == "javac" || c.name == "composer") || c.name == "pip" || c.name == "pip3" ||
				c.name == "gem" || c.name == "conda" {
				raise(c.w.writeInto)
			}
		case "--target-dir", "--basetemp":
			raise(c.w.writeInto)
			if v, ok := value(); ok && (name == "--basetemp" || clean || hasWord(joinArgsRaw(positional(c.args)), "clean")) {
				// a directory the tool empties
				if ru, bad := c.w.deleteRuleTree(v, true, true); bad && ru.dangerous {
					c.raise(ru)
				}
			}
		case "--watch", "--serve":
			c.raise(serverRule)
		case "-e":
			if c.name == "ghc" {
				c.raise(ruleInline)
			}
		case "--script-shell", "-toolexec", "--toolexec", "-wrapper", "-fplugin":
			c.raise(r("build-exec", High, "makes the build run another program"))
		case "--config":
			if c.name == "cargo" {
				c.raise(r("build-exec", High, "makes the build run another program"))
			}
		case "-C":
			if v, ok := value(); ok && c.name == "rustc" && strings.HasPrefix(v.val, "linker") {
				c.raise(r("build-exec", High, "makes the build run another program"))
			}
		case "-ldflags", "--ldflags":
			if v, ok := value(); ok && strings.Contains(v.val, "-extld") {
				c.raise(r("build-exec", High, "makes the build run another program"))
			}
		case "--user", "--user-install", "--system", "--break-system-packages", "--global", "-g":
			c.raise(globalRule)
		case "--location":
			if v, ok := value(); ok && v.val == "global" {
				c.raise(globalRule)
			}
		}
	}
}

func compilerCheck(c *call) { buildOutputs(c) }

// makeCheck: make runs the recipes of a Makefile (development work), but
// -f - or /dev/stdin, --eval, SHELL= and -C elsewhere run other code.
func makeCheck(c *call) {
	buildOutputs(c)
	if f, ok := c.optValue("-f --file --makefile"); ok && (f.val == "-" || strings.HasPrefix(f.val, "/dev/")) {
		c.raise(ruleShellStdin)
	}
	if c.hasOpt("--eval -E") {
		c.raise(ruleInline)
	}
	if d, ok := c.optValue("-C --directory"); ok {
		if ru, bad := c.w.writeRule(d); bad && ru.level > Low {
			c.raise(r("build-elsewhere", High, "runs the build of a directory outside the workspace"))
		}
	}
	makeVars(c)
	makeTargets(c)
	for _, a := range positional(c.args) {
		if a.val == "install" || a.val == "uninstall" {
			c.raise(r("make-install", High, "installs or removes files outside the workspace"))
		}
	}
}

// cmakeCheck: cmake -E runs file commands itself.
func cmakeCheck(c *call) {
	buildOutputs(c)
	cmakeVars(c)
	if c.hasOpt("-P") {
		c.raise(r("cmake-script", High, "runs a cmake script"))
	}
	if c.hasOpt("--install") {
		c.raise(globalRule)
	}
	for i, a := range c.args {
		if a.dyn || a.val != "-E" || i+1 >= len(c.args) {
			continue
		}
		rest := c.args[i+1:]
		switch rest[0].val {
		case "rm", "remove", "remove_directory", "rmdir":
			argv := append([]arg{{val: "rm", pos: c.pos}, {val: "-rf", pos: c.pos}}, positional(rest[1:])...)
			c.w.inner(c, c.name+" -E", argv, flow{})
		case "copy", "copy_directory", "copy_if_different", "rename", "create_symlink", "create_hardlink", "touch", "make_directory":
			if ps := positional(rest[1:]); len(ps) > 0 {
				if ru, bad := c.w.writeRule(ps[len(ps)-1]); bad {
					c.raise(ru)
				}
			}
		case "env", "time", "chdir":
			c.raise(r("build-exec", High, "makes the build run another program"))
		}
		return
	}
}

// fileOperandRuns: `dart x.dart`, `swift x.swift`, `dotnet app.dll` run
// a program file.
func fileOperandRuns(c *call) {
	if ps := positional(c.args); len(ps) > 0 && !ps[0].dyn && strings.Contains(ps[0].val, ".") && notSub(c, ps[0].val) {
		c.raise(ruleInterpFile)
	}
}

// notSub reports a first word that is no subcommand of the program.
func notSub(c *call, word string) bool {
	t := lookupTool(c.name)
	if t == nil {
		return false
	}
	for _, sb := range t.subs {
		if first, _, _ := strings.Cut(sb.words, " "); first == word {
			return false
		}
	}
	return true
}

var devTools = []tool{
	{names: "npm", rule: r("npm", High, "runs an npm command permguard does not know"), subs: npmSubs, valueOpts: "--prefix -w --workspace"},
	{names: "yarn", rule: pkgInstall, subs: yarnSubs, valueOpts: "--cwd", check: shorthandScript},
	{names: "pnpm", rule: r("pnpm", High, "runs a pnpm command permguard does not know"), subs: pnpmSubs, valueOpts: "-C --dir --filter -F", check: shorthandScript},
	{names: "bun", rule: pkgInstall, subs: bunSubs, check: bunCheck},
	{names: "pip pip3", rule: r("pip", High, "runs a pip command permguard does not know"), subs: []sub{
		s("list", pkgRead), s("show", pkgRead), s("freeze", pkgRead), s("check", pkgRead), s("search", pkgQuery), s("index", pkgQuery),
		s("inspect", pkgRead), s("help", pkgRead), s("debug", pkgRead), s("config list", pkgRead), s("config get", pkgRead), s("hash", pkgRead),
		s("install", pkgInstall), s("uninstall", pkgInstall), s("download", pkgInstall), s("wheel", pkgInstall), s("cache", pkgInstall),
		s("config", r("pip-config", High, "changes pip configuration")),
	}},
	{names: "pipx", rule: globalRule, subs: []sub{s("list", pkgRead), s("run", runPackage)}},
	{names: "uv", rule: pkgInstall, subs: []sub{
		s("run", runProgram), s("tool run", runPackage), s("tool install", globalRule), s("tool", globalRule), s("pip list", pkgRead),
		s("pip show", pkgRead), s("pip freeze", pkgRead), s("tree", pkgRead), s("python list", pkgRead), s("python install", globalRule),
		s("publish", publishRule), s("self", globalRule),
	}},
	{names: "poetry", rule: pkgInstall, subs: []sub{
		s("show", pkgRead), s("check", pkgRead), s("env info", pkgRead), s("env list", pkgRead), s("search", pkgQuery),
		s("version", pkgRead, f("major minor patch premajor preminor prepatch prerelease", ruleWriteFile)),
		s("run", runProgram), s("shell", ruleShellTTY), s("publish", publishRule),
		s("config", r("poetry-config", High, "changes poetry configuration")), s("self", globalRule),
		s("source", r("poetry-source", High, "changes where the project's packages are downloaded from")), s("source show", pkgRead),
	}},
	{names: "pipenv", rule: pkgInstall, subs: []sub{s("graph", pkgRead), s("check", pkgRead), s("run", runProgram), s("shell", ruleShellTTY)}},
	{names: "conda mamba micromamba", rule: pkgInstall, subs: []sub{s("list", pkgRead), s("info", pkgRead), s("search", pkgQuery), s("run", runProgram), s("env list", pkgRead),
		s("config", r("conda-config", High, "changes conda configuration for every environment"))}},
	{names: "cargo", rule: r("cargo", High, "runs a cargo command permguard does not know"), subs: []sub{
		s("tree", pkgRead), s("metadata", pkgRead), s("search", pkgQuery), s("info", pkgQuery), s("locate-project", pkgRead), s("pkgid", pkgRead),
		s("verify-project", pkgRead), s("help", pkgRead), s("read-manifest", pkgRead), s("version", pkgRead),
		s("build", buildRule), s("b", buildRule), s("check", buildRule), s("c", buildRule), s("test", buildRule), s("t", buildRule),
		s("bench", buildRule), s("clippy", lintRule), s("fmt", lintRule), s("doc", buildRule, f("--open", r("open", High, "opens a file or URL in another application"))),
		s("add", pkgInstall), s("remove", pkgInstall),
		s("rm", pkgInstall), s("update", pkgInstall), s("fetch", pkgInstall), s("generate-lockfile", pkgInstall), s("clean", buildRule),
		s("vendor", pkgInstall), s("fix", lintRule), s("package", buildRule), s("new", pkgInstall), s("init", pkgInstall), s("nextest", buildRule),
		s("llvm-cov", buildRule), s("deny", lintRule), s("audit", pkgQuery), s("audit fix", pkgInstall), s("outdated", pkgQuery), s("udeps", lintRule), s("machete", lintRule),
		s("run", runProgram), s("r", runProgram), s("install", globalRule), s("uninstall", globalRule), s("publish", publishRule),
		s("yank", registryAcc), s("owner", registryAcc), s("login", registryAcc), s("logout", registryAcc),
	}},
	{names: "rustup", rule: globalRule, subs: []sub{s("show", pkgRead), s("toolchain list", pkgRead), s("target list", pkgRead), s("component list", pkgRead), s("which", pkgRead)}},
	{names: "rustc", rule: buildRule, check: compilerFlags},
	{names: "go", rule: r("go", High, "runs a go command permguard does not know"), subs: []sub{
		s("list", pkgRead, f("-export -compiled", buildRule), goToolexec),
		s("version", pkgRead), s("env", pkgRead, f("-w -u", r("go-env-write", High, "changes go's configuration for every later build"))),
		s("doc", pkgRead, f("-http", serverRule)), s("help", pkgRead), s("mod graph", pkgRead), s("mod why", pkgRead), s("mod verify", pkgRead),
		s("telemetry on", r("go-telemetry", High, "changes go's telemetry setting for every later command")),
		s("telemetry off", r("go-telemetry", High, "changes go's telemetry setting for every later command")),
		s("telemetry local", r("go-telemetry", High, "changes go's telemetry setting for every later command")),
		s("clean", buildRule, f("-modcache -cache -fuzzcache", r("go-clean-cache", High, "deletes the module or build cache shared by every project"))),
		s("build", buildRule, goToolexec), s("test", buildRule, goToolexec), s("install", globalRule, goToolexec),
		s("vet", lintRule, f("-vettool --vettool", r("go-toolexec", High, "makes go run another program for every tool call"))),
		s("fmt", lintRule), s("fix", lintRule), s("mod", pkgInstall), s("get", pkgInstall), s("work", pkgInstall),
		s("tool", buildRule), s("tool pprof", buildRule, f("-http --http", serverRule)), s("run", runProgram), s("generate", r("go-generate", High, "runs the commands in //go:generate comments")),
		s("telemetry", pkgRead),
	}},
	{names: "gofmt goimports gofumpt rustfmt", rule: lintRule},
	{names: "make gmake", rule: buildRule, check: makeCheck},
	{names: "cmake", rule: buildRule, check: cmakeCheck},
	{names: "ninja meson bazelisk buck buck2 scons ant mvnw nox", rule: buildRule, check: buildOutputs},
	{names: "just", rule: buildRule, check: justCheck},
	{names: "task", rule: buildRule, check: taskCheck},
	{names: "turbo", rule: buildRule, check: turboCheck},
	{names: "tox", rule: buildRule, subs: []sub{s("exec", runProgram), s("run", buildRule)}, check: buildOutputs},
	{names: "gradlew", rule: buildRule, subs: []sub{s("run", runProgram), s("bootRun", runProgram), s("publish", publishRule)}, check: buildOutputs},
	{names: "bazel", rule: buildRule, subs: []sub{s("run", runProgram)}, check: buildOutputs},
	{names: "mvn", rule: buildRule, subs: []sub{s("deploy", publishRule), s("exec:java", runProgram), s("exec:exec", runProgram), s("spring-boot:run", runProgram)}, check: buildOutputs},
	{names: "gradle", rule: buildRule, subs: []sub{s("run", runProgram), s("bootRun", runProgram), s("publish", publishRule)}, check: buildOutputs},
	{names: "sbt", rule: buildRule, subs: []sub{s("run", runProgram), s("console", runProgram), s("publish", publishRule)}, check: buildOutputs},
	{names: "rails rake", rule: r("rails", High, "runs a Rails or Rake task of the project"), check: rakeTasks, subs: []sub{
		s("db:drop", danger("db-drop", "drops the database, deleting all its data")),
		s("db:reset", danger("db-drop", "drops the database, deleting all its data")),
		s("db:schema:load", danger("db-drop", "replaces the database schema, deleting its data")),
	}},
	{names: "gcc g++ cc c++ clang clang++", rule: buildRule, check: func(c *call) { compilerCheck(c); compilerFlags(c) }},
	{names: "javac kotlinc scalac swiftc ghc ocamlfind tsc esbuild rollup", rule: buildRule, check: compilerCheck},
	{names: "webpack", rule: buildRule, subs: []sub{s("serve", serverRule)}, check: buildOutputs},
	{names: "parcel", rule: serverRule, subs: []sub{s("build", buildRule)}},
	{names: "nx", rule: buildRule, subs: []sub{s("serve", serverRule), s("run-many", buildRule)}, check: nxCheck},
	{names: "lerna", rule: buildRule, subs: []sub{s("exec", runProgram), {words: "run", rule: buildRule, check: lernaRun}, s("publish", publishRule)}},
	{names: "vite", rule: serverRule, subs: []sub{s("build", buildRule), s("optimize", buildRule)}},
	{names: "next nuxt astro remix", rule: serverRule, subs: []sub{s("build", buildRule), s("lint", lintRule), s("check", lintRule)}},
	{names: "playwright", rule: buildRule, subs: []sub{s("codegen", serverRule), s("open", serverRule), s("show-report", serverRule),
		s("install", buildRule, f("--with-deps", r("install-system", High, "installs system packages")))}},
	{names: "jest mocha vitest pytest py.test ava tap karma jasmine cypress rspec phpunit pest", rule: buildRule,
		check: func(c *call) {
			// vitest watches only on a terminal; an agent's call runs once
			// (vitest.dev/guide/cli): vitest watch and vitest dev watch always
			if ps := positional(c.args); c.hasOpt("--watch --watchAll") || c.name == "vitest" && len(ps) > 0 && (ps[0].val == "watch" || ps[0].val == "dev") {
				c.raise(serverRule)
			}
		}},
	{names: "buf", rule: lintRule, subs: []sub{s("push", publishRule), s("registry", registryAcc)}},
	{names: "eslint prettier black flake8 pylint ruff pyflakes bandit mypy pyright tslint standard xo rubocop standardrb reek brakeman golangci-lint golint staticcheck errcheck misspell swiftlint swiftformat ktlint detekt dartanalyzer dartfmt clang-tidy clang-format cppcheck checkstyle pmd spotbugs sonarqube phpcs phpmd phpstan psalm php-cs-fixer luacheck shellcheck checkov tflint sqlfluff yamllint markdownlint markdownlint-cli2 djlint djhtml commitlint isort autopep8 yapf biome oxlint shfmt stylelint hadolint actionlint taplo govulncheck revive gosec codespell typos vale editorconfig-checker", rule: lintRule},
	{names: "gem", rule: r("gem", High, "runs a gem command permguard does not know"), subs: []sub{
		s("list", pkgRead), s("info", pkgRead), s("search", pkgQuery), s("query", pkgQuery), s("contents", pkgRead), s("env", pkgRead),
		s("which", pkgRead), s("outdated", pkgQuery), s("dependency", pkgRead), s("install", pkgInstall), s("uninstall", pkgInstall),
		s("update", pkgInstall), s("build", buildRule), s("push", publishRule), s("yank", unpublish), s("owner", registryAcc), s("signin", registryAcc),
	}},
	{names: "bundle bundler", rule: pkgInstall, subs: []sub{
		s("check", r("bundle-read", Medium, "evaluates the Gemfile, which is Ruby code of the project")),
		s("list", r("bundle-read", Medium, "evaluates the Gemfile, which is Ruby code of the project")),
		s("show", pkgRead), s("outdated", pkgRead), s("info", pkgRead), s("exec", runProgram),
		s("console", runProgram), s("open", editorRule),
	}},
	{names: "composer", rule: pkgInstall, subs: []sub{
		s("show", pkgRead), s("info", pkgRead), s("search", pkgQuery), s("outdated", pkgQuery), s("audit", pkgQuery), s("licenses", pkgRead),
		s("validate", pkgRead), s("depends", pkgRead), s("why", pkgRead), s("why-not", pkgRead), s("diagnose", pkgRead),
		s("exec", runPackage), s("global", globalRule), s("create-project", runPackage), s("run-script", scriptRule), s("run", scriptRule),
		s("self-update", globalRule), s("selfupdate", globalRule), s("config", r("composer-config", High, "changes composer configuration")),
	}},
	{names: "dotnet", rule: buildRule, check: fileOperandRuns, subs: []sub{
		s("list", pkgRead), s("nuget", pkgRead), s("nuget push", publishRule), s("--info", pkgRead), s("--list-sdks", pkgRead),
		s("nuget delete", unpublish), s("nuget add", r("nuget-source", High, "changes where packages are downloaded from")),
		s("nuget update", r("nuget-source", High, "changes where packages are downloaded from")),
		s("nuget remove", r("nuget-source", High, "changes where packages are downloaded from")),
		s("nuget enable", r("nuget-source", High, "changes where packages are downloaded from")),
		s("nuget locals", pkgInstall), s("user-secrets", ruleReadSecret), s("dev-certs", globalRule), s("workload", globalRule),
		s("tool update", globalRule), s("tool uninstall", globalRule), s("fsi", runProgram),
		s("ef database drop", danger("ef-database-drop", "drops the database, deleting all its data")),
		s("run", runProgram), s("watch", serverRule), s("tool install", globalRule), s("tool run", runPackage), s("exec", runProgram),
	}},
	{names: "flutter", rule: buildRule, subs: []sub{
		s("doctor", pkgRead), s("devices", pkgRead), s("config", r("flutter-config", High, "changes flutter's configuration for every project")),
		s("emulators", pkgRead, f("--launch --create", runProgram)), s("run", runProgram), s("drive", runProgram),
		s("channel", globalRule), s("pub global", globalRule),
		s("install", runProgram), s("attach", runProgram), s("upgrade", globalRule), s("pub publish", publishRule),
	}},
	{names: "dart", rule: buildRule, subs: []sub{s("info", pkgRead), s("run", runProgram), s("pub publish", publishRule), s("pub global", globalRule),
		s("devtools", serverRule)}, check: fileOperandRuns},
	{names: "swift", rule: buildRule, subs: []sub{s("run", runProgram), s("repl", runProgram)}, check: fileOperandRuns},
	{names: "mix", rule: buildRule, subs: []sub{s("run", runProgram), s("phx.server", serverRule), s("hex.publish", publishRule, f("--revert", unpublish)),
		s("ecto.drop", danger("db-drop", "drops the database, deleting all its data")), s("ecto.reset", danger("db-drop", "drops the database, deleting all its data")),
		s("archive.install", globalRule), s("escript.install", globalRule), s("local.hex", globalRule), s("local.rebar", globalRule),
		s("hex.retire", registryAcc)}},
	{names: "cabal stack", rule: buildRule, subs: []sub{s("run", runProgram), s("exec", runProgram), s("repl", runProgram), s("ghci", runProgram),
		s("upload", publishRule), s("install", globalRule), s("runghc", runProgram), s("runhaskell", runProgram), s("script", runProgram)}},
	{names: "zig", rule: buildRule, subs: []sub{s("run", runProgram), s("build run", runProgram)}},
	{names: "nimble", rule: buildRule, subs: []sub{s("run", runProgram), s("publish", publishRule), s("install", globalRule)}},
	{names: "pod", rule: r("pod", High, "runs a CocoaPods command permguard does not know"), subs: []sub{
		s("install", pkgInstall), s("update", pkgInstall), s("repo update", pkgInstall), s("outdated", pkgInstall), s("search", pkgRead),
		s("trunk delete", unpublish), s("trunk deprecate", registryAcc),
		s("list", pkgRead), s("init", pkgInstall), s("deintegrate", pkgInstall), s("trunk push", publishRule),
	}},
	{names: "deno", rule: r("deno", High, "runs a deno command permguard does not know"), subs: []sub{
		s("fmt", lintRule), s("lint", lintRule), s("check", buildRule), s("test", buildRule), s("bench", buildRule), s("info", pkgRead),
		s("doc", pkgRead), s("task", r("run-script-list", Minimal, "runs a project script (judged by its name)")), s("run", runProgram),
		s("eval", ruleInline), s("repl", ruleInterpTTY), s("install", globalRule),
		s("compile", buildRule), s("publish", publishRule), s("add", pkgInstall), s("cache", pkgInstall),
	}},
	{names: "prisma", rule: buildRule, subs: []sub{
		s("studio", serverRule),
		s("migrate reset", danger("prisma-migrate-reset", "drops the database and re-creates it, deleting all its data")),
		s("db push", buildRule, f("--force-reset --accept-data-loss", danger("prisma-force-reset", "resets the database, deleting all its data"))),
		s("migrate deploy", r("prisma-deploy", High, "applies migrations to a database that may be shared")),
		s("db execute", r("prisma-execute", High, "runs SQL against the database")),
	}},
	{names: "virtualenv", rule: pkgInstall},
	{names: "direnv", rule: r("direnv", High, "trusts an .envrc file, which then runs on every cd")},
	{names: "pre-commit", rule: buildRule, subs: []sub{s("install", r("git-hooks", High, "installs git hooks that run on every commit")), s("autoupdate", pkgInstall)}},
	{names: "husky", rule: r("git-hooks", High, "installs git hooks that run on every commit")},
}
