package classify

// Rules of the everyday development tools that were missing from the
// tables (issue 14, classes 2 to 4): Python project managers, test
// drivers, and the read-only inspectors of compiled files and source
// trees. Their rows are in tools_build.go, tools_packages.go and
// tools_archives.go (the *EverydayTools tables, whose rows keep the
// everyday finishing step: setRunners).

var (
	ruleInspectBinary = rule{id: "inspect-binary", level: Minimal, why: "reads a compiled file and prints what is in it"}
	ruleCountLines    = rule{id: "count-lines", level: Minimal, why: "counts lines of code in the source tree"}
	ruleBuildInfo     = rule{id: "build-info", level: Minimal, why: "prints how installed libraries are built and linked"}
	ruleLdd           = rule{id: "ldd", level: High, why: "may run the program whose libraries it lists (see man ldd)"}
	ruleIndexOption   = rule{id: "package-index", level: High, why: "installs packages from an index other than the default, which could serve any code"}
)

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
