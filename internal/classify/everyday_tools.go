package classify

import "strings"

// Everyday development tools that were missing from the tables (issue 14,
// classes 2 to 4): Python project managers, test drivers, and the
// read-only inspectors of compiled files and source trees. They sit in a
// table of their own so the index stays one sorted array (tool_index.go).

var (
	ruleInspectBinary = r("inspect-binary", Minimal, "reads a compiled file and prints what is in it")
	ruleCountLines    = r("count-lines", Minimal, "counts lines of code in the source tree")
	ruleBuildInfo     = r("build-info", Minimal, "prints how installed libraries are built and linked")
	ruleLdd           = r("ldd", High, "may run the program whose libraries it lists (see man ldd)")
	ruleIndexOption   = r("package-index", High, "installs packages from an index other than the default, which could serve any code")
)

var everydayTools = []tool{
	{names: "hatch", rule: r("hatch", High, "runs a hatch command permguard does not know"),
		valueOpts: "-e --env -p --project --data-dir --cache-dir --config",
		subs: []sub{
			s("run", ruleRunnerSync), s("build", buildRule), s("test", buildRule), s("fmt", lintRule), s("clean", buildRule),
			s("env create", pkgInstall), s("env prune", pkgInstall), s("env remove", pkgInstall), s("env show", pkgRead),
			s("env find", pkgRead), s("dep show", pkgRead), s("dep hash", pkgRead), s("status", pkgRead),
			s("project metadata", pkgRead), s("new", pkgInstall), s("shell", ruleShellTTY), s("publish", publishRule),
			s("python", globalRule), s("self", globalRule), s("config", r("hatch-config", High, "changes hatch's configuration")),
			{words: "version", rule: pkgRead, check: func(c *call) {
				if ps := positional(c.args); len(ps) > 1 {
					c.raise(ruleWriteFile) // hatch version minor sets the version
				}
			}},
		}},
	{names: "pdm", rule: r("pdm", High, "runs a pdm command permguard does not know"),
		valueOpts: "-p --project -c --config",
		subs: []sub{
			s("run", ruleRunnerEnv), s("install", pkgInstall), s("sync", pkgInstall), s("add", pkgInstall), s("remove", pkgInstall),
			s("update", pkgInstall), s("lock", pkgInstall), s("init", pkgInstall), s("venv create", pkgInstall), s("venv remove", pkgInstall),
			s("venv list", pkgRead), s("use", pkgInstall), s("list", pkgRead), s("show", pkgRead), s("info", pkgRead), s("outdated", pkgRead),
			s("export", pkgRead), s("build", buildRule), s("publish", publishRule), s("self", globalRule), s("python", globalRule),
			s("config", pkgRead, f("-d --delete -l --local -g --global", r("pdm-config", High, "changes pdm's configuration"))),
		},
		check: func(c *call) {
			writeOpts(c, "-o --output")
			if ps := positional(c.args); len(ps) > 2 && ps[0].val == "config" {
				c.raise(r("pdm-config", High, "changes pdm's configuration"))
			}
		}},
	{names: "coverage", rule: r("coverage", High, "runs a coverage command permguard does not know"), subs: coverageSubs,
		check: func(c *call) { writeOpts(c, "-o --data-file --directory -d") }},
	{names: "ctest", rule: buildRule, check: buildOutputs},
	{names: "pip-compile pip-sync", rule: pkgInstall, check: func(c *call) {
		writeOpts(c, "-o --output-file")
		if c.hasOpt("-i --index-url --extra-index-url -f --find-links") {
			c.raise(ruleIndexOption)
		}
	}},
	{names: "nm objdump readelf otool size c++filt addr2line dwarfdump llvm-nm llvm-objdump llvm-readelf llvm-readobj llvm-size llvm-cxxfilt llvm-dwarfdump", rule: ruleInspectBinary},
	{names: "cloc tokei scc", rule: ruleCountLines, check: func(c *call) {
		writeOpts(c, "--report-file --out --sql")
		if c.name == "scc" {
			writeOpts(c, "--output")
		}
	}},
	{names: "pkg-config pkgconf", rule: ruleBuildInfo},
	{names: "ldd", rule: ruleLdd},
	{names: "javap", rule: r("javap", Minimal, "prints what compiled Java classes hold"), check: func(c *call) {
		for _, a := range c.args {
			if !a.dyn && strings.HasPrefix(a.val, "-J") {
				c.raise(r("jvm-options", High, "passes options to the Java runtime, which can load other code"))
			}
		}
	}},
	{names: "jar", rule: archiveW, check: func(c *call) {
		if _, list := jarList(c, nil); !list {
			writeOpts(c, "-f --file -C")
		}
	}},
	{names: "sphinx-build", rule: buildRule, check: buildOutputs},
	{names: "mkdocs", rule: buildRule, subs: []sub{s("serve", serverRule), s("gh-deploy", r("deploy", High, "deploys the site"))}, check: buildOutputs},
	{names: "maturin", rule: buildRule, subs: []sub{s("publish", publishRule), s("upload", publishRule)}, check: buildOutputs},
	{names: "twine", rule: r("twine", High, "uploads packages to a registry"), subs: []sub{s("check", r("twine-check", Minimal, "checks built packages' metadata"))}},
	{names: "xcodebuild", rule: buildRule, check: buildOutputs},
	{names: "cucumber", rule: buildRule, check: buildOutputs},
	// java runs a program (java -jar, java Main); -version only prints
	{names: "java", rule: runProgram},
}

// extraSubs are subcommand rows added to programs whose row lives in
// another table: the everyday forms those rows lacked.
var extraSubs = map[string][]sub{
	"npm": {
		s("pkg get", pkgRead),
		s("pkg set", r("npm-pkg-write", Low, "changes package.json")),
		s("pkg delete", r("npm-pkg-write", Low, "changes package.json")),
		s("pkg fix", r("npm-pkg-write", Low, "changes package.json")),
	},
}

func init() {
	for _, g := range [][]tool{coreTools, devTools} {
		for i := range g {
			if rows, ok := extraSubs[g[i].names]; ok {
				g[i].subs = append(g[i].subs[:len(g[i].subs):len(g[i].subs)], rows...)
			}
		}
	}
}
