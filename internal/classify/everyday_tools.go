package classify

import "strings"

// Everyday development tools that were missing from the tables (issue 14,
// classes 2 to 4): Python project managers, test drivers, and the
// read-only inspectors of compiled files and source trees. They sit in a
// table of their own so the index stays one sorted array (tool_index.go).

var (
	ruleInspectBinary = rule{id: "inspect-binary", level: Minimal, why: "reads a compiled file and prints what is in it"}
	ruleCountLines    = rule{id: "count-lines", level: Minimal, why: "counts lines of code in the source tree"}
	ruleBuildInfo     = rule{id: "build-info", level: Minimal, why: "prints how installed libraries are built and linked"}
	ruleLdd           = rule{id: "ldd", level: High, why: "may run the program whose libraries it lists (see man ldd)"}
	ruleIndexOption   = rule{id: "package-index", level: High, why: "installs packages from an index other than the default, which could serve any code"}
)

var everydayTools = []tool{
	{names: "hatch", rule: rule{id: "hatch", level: High, why: "runs a hatch command permguard does not know"},
		valueOpts: "-e --env -p --project --data-dir --cache-dir --config",
		subs: []sub{
			{words: "run", rule: ruleRunnerSync}, {words: "build", rule: buildRule}, {words: "test", rule: buildRule}, {words: "fmt", rule: lintRule}, {words: "clean", rule: buildRule},
			{words: "env create", rule: pkgInstall}, {words: "env prune", rule: pkgInstall}, {words: "env remove", rule: pkgInstall}, {words: "env show", rule: pkgRead},
			{words: "env find", rule: pkgRead}, {words: "dep show", rule: pkgRead}, {words: "dep hash", rule: pkgRead}, {words: "status", rule: pkgRead},
			{words: "project metadata", rule: pkgRead}, {words: "new", rule: pkgInstall}, {words: "shell", rule: ruleShellTTY}, {words: "publish", rule: publishRule},
			{words: "python", rule: globalRule}, {words: "self", rule: globalRule}, {words: "config", rule: rule{id: "hatch-config", level: High, why: "changes hatch's configuration"}},
			{words: "version", rule: pkgRead, check: func(c *call) {
				if ps := positional(c.args); len(ps) > 1 {
					c.raise(ruleWriteFile) // hatch version minor sets the version
				}
			}},
		}},
	{names: "pdm", rule: rule{id: "pdm", level: High, why: "runs a pdm command permguard does not know"},
		valueOpts: "-p --project -c --config",
		subs: []sub{
			{words: "run", rule: ruleRunnerEnv}, {words: "install", rule: pkgInstall}, {words: "sync", rule: pkgInstall}, {words: "add", rule: pkgInstall}, {words: "remove", rule: pkgInstall},
			{words: "update", rule: pkgInstall}, {words: "lock", rule: pkgInstall}, {words: "init", rule: pkgInstall}, {words: "venv create", rule: pkgInstall}, {words: "venv remove", rule: pkgInstall},
			{words: "venv list", rule: pkgRead}, {words: "use", rule: pkgInstall}, {words: "list", rule: pkgRead}, {words: "show", rule: pkgRead}, {words: "info", rule: pkgRead}, {words: "outdated", rule: pkgRead},
			{words: "export", rule: pkgRead}, {words: "build", rule: buildRule}, {words: "publish", rule: publishRule}, {words: "self", rule: globalRule}, {words: "python", rule: globalRule},
			{words: "config", rule: pkgRead, flags: []flagRule{{opts: "-d --delete -l --local -g --global", rule: rule{id: "pdm-config", level: High, why: "changes pdm's configuration"}}}},
		},
		check: func(c *call) {
			writeOpts(c, "-o --output")
			if ps := positional(c.args); len(ps) > 2 && ps[0].val == "config" {
				c.raise(r("pdm-config", High, "changes pdm's configuration"))
			}
		}},
	{names: "coverage", rule: rule{id: "coverage", level: High, why: "runs a coverage command permguard does not know"}, subs: coverageSubs,
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
	{names: "javap", rule: rule{id: "javap", level: Minimal, why: "prints what compiled Java classes hold"}, check: func(c *call) {
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
	{names: "mkdocs", rule: buildRule, subs: []sub{{words: "serve", rule: serverRule}, {words: "gh-deploy", rule: rule{id: "deploy", level: High, why: "deploys the site"}}}, check: buildOutputs},
	{names: "maturin", rule: buildRule, subs: []sub{{words: "publish", rule: publishRule}, {words: "upload", rule: publishRule}}, check: buildOutputs},
	{names: "twine", rule: rule{id: "twine", level: High, why: "uploads packages to a registry"}, subs: []sub{{words: "check", rule: rule{id: "twine-check", level: Minimal, why: "checks built packages' metadata"}}}},
	{names: "xcodebuild", rule: buildRule, check: buildOutputs},
	{names: "cucumber", rule: buildRule, check: buildOutputs},
	// java runs a program (java -jar, java Main); -version only prints
	{names: "java", rule: runProgram},
}

// extraSubs are subcommand rows added to programs whose row lives in
// another table: the everyday forms those rows lacked.
var extraSubs = lazy[map[string][]sub]{build: func() map[string][]sub {
	return map[string][]sub{
		"npm": {
			sub{words: "pkg get", rule: pkgRead},
			sub{words: "pkg set", rule: rule{id: "npm-pkg-write", level: Low, why: "changes package.json"}},
			sub{words: "pkg delete", rule: rule{id: "npm-pkg-write", level: Low, why: "changes package.json"}},
			sub{words: "pkg fix", rule: rule{id: "npm-pkg-write", level: Low, why: "changes package.json"}},
		},
	}
}}

// addExtraSubs adds the everyday subcommands to a core or development
// row (see finishRow).
func addExtraSubs(t *tool) {
	if rows, ok := extraSubs.get()[t.names]; ok {
		t.subs = append(t.subs[:len(t.subs):len(t.subs)], rows...)
	}
}
