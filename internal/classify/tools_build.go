package classify

import (
	"slices"
	"strings"
)

// Compilers, build systems, test runners, linters and formatters, and the
// read-only inspectors of what they build.

var buildTools = []tool{
	{names: "cargo", rule: rule{id: "cargo", level: High, why: "runs a cargo command permguard does not know"}, check: cargoConfig, subs: []sub{
		{words: "tree", rule: pkgRead}, {words: "metadata", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "info", rule: pkgQuery}, {words: "locate-project", rule: pkgRead}, {words: "pkgid", rule: pkgRead},
		{words: "verify-project", rule: pkgRead}, {words: "help", rule: pkgRead}, {words: "read-manifest", rule: pkgRead}, {words: "version", rule: pkgRead},
		{words: "build", rule: buildRule}, {words: "b", rule: buildRule}, {words: "check", rule: buildRule}, {words: "c", rule: buildRule}, {words: "test", rule: buildRule}, {words: "t", rule: buildRule},
		{words: "bench", rule: buildRule}, {words: "clippy", rule: lintRule}, {words: "fmt", rule: ruleCheckOnly, check: cargoFmt}, {words: "doc", rule: buildRule, flags: []flagRule{{opts: "--open", rule: rule{id: "open", level: High, why: "opens a file or URL in another application"}}}},
		{words: "add", rule: pkgInstall}, {words: "remove", rule: pkgInstall},
		{words: "rm", rule: pkgInstall}, {words: "update", rule: pkgInstall}, {words: "fetch", rule: pkgInstall}, {words: "generate-lockfile", rule: pkgInstall}, {words: "clean", rule: buildRule},
		{words: "vendor", rule: pkgInstall}, {words: "fix", rule: lintRule}, {words: "package", rule: buildRule}, {words: "new", rule: pkgInstall}, {words: "init", rule: pkgInstall}, {words: "nextest", rule: buildRule},
		{words: "llvm-cov", rule: buildRule}, {words: "deny", rule: lintRule}, {words: "audit", rule: pkgQuery}, {words: "audit fix", rule: pkgInstall}, {words: "outdated", rule: pkgQuery}, {words: "udeps", rule: lintRule}, {words: "machete", rule: lintRule},
		// the third-party subcommands projects' CI runs most (issue 29):
		// each builds or tests the project, as cargo test does
		{words: "hack", rule: buildRule}, {words: "miri", rule: buildRule}, {words: "insta", rule: buildRule}, {words: "expand", rule: buildRule},
		{words: "tarpaulin", rule: buildRule}, {words: "semver-checks", rule: buildRule}, {words: "careful", rule: buildRule}, {words: "zigbuild", rule: buildRule},
		{words: "bloat", rule: buildRule}, {words: "msrv", rule: buildRule}, {words: "minimal-versions", rule: buildRule}, {words: "watch", rule: serverRule, check: cargoWatch},
		{words: "run", rule: runBuilt}, {words: "r", rule: runBuilt}, {words: "install", rule: globalRule}, {words: "uninstall", rule: globalRule}, {words: "publish", rule: publishRule},
		{words: "yank", rule: registryAcc}, {words: "owner", rule: registryAcc}, {words: "login", rule: registryAcc}, {words: "logout", rule: registryAcc},
	}},
	{names: "rustc", rule: buildRule, check: compilerFlags},
	{names: "go", rule: rule{id: "go", level: High, why: "runs a go command permguard does not know"}, subs: []sub{
		{words: "list", rule: pkgRead, flags: []flagRule{{opts: "-export -compiled", rule: buildRule}, goToolexec}},
		{words: "version", rule: pkgRead}, {words: "env", rule: pkgRead, flags: []flagRule{{opts: "-w -u", rule: rule{id: "go-env-write", level: High, why: "changes go's configuration for every later build"}}}},
		{words: "doc", rule: pkgRead, flags: []flagRule{{opts: "-http", rule: serverRule}}}, {words: "help", rule: pkgRead}, {words: "mod graph", rule: pkgRead}, {words: "mod why", rule: pkgRead}, {words: "mod verify", rule: pkgRead},
		{words: "telemetry on", rule: rule{id: "go-telemetry", level: High, why: "changes go's telemetry setting for every later command"}},
		{words: "telemetry off", rule: rule{id: "go-telemetry", level: High, why: "changes go's telemetry setting for every later command"}},
		{words: "telemetry local", rule: rule{id: "go-telemetry", level: High, why: "changes go's telemetry setting for every later command"}},
		{words: "clean", rule: buildRule, flags: []flagRule{{opts: "-modcache -cache -fuzzcache", rule: rule{id: "go-clean-cache", level: High, why: "deletes the module or build cache shared by every project"}}}},
		{words: "build", rule: buildRule, flags: []flagRule{goToolexec}}, {words: "test", rule: buildRule, flags: []flagRule{goToolexec}}, {words: "install", rule: globalRule, flags: []flagRule{goToolexec}},
		{words: "vet", rule: lintRule, flags: []flagRule{{opts: "-vettool --vettool", rule: rule{id: "go-toolexec", level: High, why: "makes go run another program for every tool call"}}}},
		{words: "fmt", rule: lintRule}, {words: "fix", rule: lintRule}, {words: "mod", rule: pkgInstall}, {words: "get", rule: pkgInstall}, {words: "work", rule: pkgInstall},
		{words: "tool", rule: buildRule}, {words: "tool pprof", rule: buildRule, flags: []flagRule{{opts: "-http --http", rule: serverRule}}}, {words: "run", rule: runBuilt, check: goRunCheck}, {words: "generate", rule: rule{id: "go-generate", level: Medium, why: "runs the commands in the project's //go:generate comments", unseen: true}},
		{words: "telemetry", rule: pkgRead},
	}},
	{names: "gofmt goimports gofumpt rustfmt black shfmt clang-format codespell typos swiftlint hlint shellcheck yamllint hadolint actionlint editorconfig-checker",
		rule: ruleCheckOnly, check: checkerForm},
	{names: "make gmake", rule: buildRule, check: makeCheck},
	{names: "cmake", rule: buildRule, check: cmakeCheck},
	{names: "ninja meson bazelisk buck buck2 scons ant nox", rule: buildRule, check: buildOutputs},
	{names: "tox", rule: buildRule, subs: []sub{{words: "exec", rule: runProgram}, {words: "run", rule: buildRule}}, check: buildOutputs},
	{names: "bazel", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}}, check: buildOutputs},
	// the project's wrappers (./mvnw, ./gradlew) run the build tool they
	// download, with the same goals and tasks (issue 29)
	{names: "mvn mvnw", rule: buildRule, valueOpts: jvmBuildOpts, subs: []sub{{words: "deploy", rule: publishRule}, {words: "exec:java", rule: runBuilt}, {words: "exec:exec", rule: runBuilt}, {words: "spring-boot:run", rule: runBuilt}}, check: jvmBuildGoals},
	{names: "gradle gradlew", rule: buildRule, valueOpts: jvmBuildOpts, subs: []sub{{words: "run", rule: runBuilt}, {words: "bootRun", rule: runBuilt}, {words: "publish", rule: publishRule}}, check: jvmBuildGoals},
	{names: "sbt", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "console", rule: runProgram}, {words: "publish", rule: publishRule}}, check: sbtTasks},
	{names: "rails rake", rule: rule{id: "rails", level: High, why: "runs a Rails or Rake task of the project"}, check: rakeTasks, subs: []sub{
		{words: "db:drop", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:reset", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:schema:load", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		// the other tasks that empty or recreate the database (Rails'
		// databases.rake): replant truncates every table before seeding
		{words: "db:purge", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:drop:all", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:purge:all", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:truncate_all", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:seed:replant", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:migrate:reset", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:structure:load", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "db:setup", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
	}},
	{names: "gcc g++ cc c++ clang clang++", rule: buildRule, check: func(c *call) { compilerCheck(c); compilerFlags(c) }},
	{names: "javac kotlinc scalac swiftc ghc ocamlfind tsc esbuild rollup", rule: buildRule, check: compilerCheck},
	{names: "webpack", rule: buildRule, subs: []sub{{words: "serve", rule: serverRule}}, check: buildOutputs},
	{names: "parcel", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}}},
	{names: "vite", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}, {words: "optimize", rule: buildRule}}},
	{names: "next nuxt astro remix", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}, {words: "lint", rule: lintRule}, {words: "check", rule: lintRule}}},
	{names: "playwright", rule: buildRule, subs: []sub{{words: "codegen", rule: serverRule}, {words: "open", rule: serverRule}, {words: "show-report", rule: serverRule},
		{words: "install", rule: buildRule, flags: []flagRule{{opts: "--with-deps", rule: rule{id: "install-system", level: High, why: "installs system packages"}}}}}},
	{names: "jest mocha vitest pytest py.test ava tap karma jasmine cypress rspec phpunit pest simple-phpunit", rule: buildRule,
		check: func(c *call) {
			// vitest watches only on a terminal; an agent's call runs once
			// (vitest.dev/guide/cli): vitest watch and vitest dev watch always
			if ps := positional(c.args); c.hasOpt("--watch --watchAll") || c.name == "vitest" && len(ps) > 0 && (ps[0].val == "watch" || ps[0].val == "dev") {
				c.raise(serverRule)
			}
		}},
	// buf lint and breaking run the check plugins buf.yaml names (local
	// programs since buf 1.40): the lint rule; buf format is a formatter
	{names: "buf", rule: lintRule, subs: []sub{{words: "push", rule: publishRule}, {words: "registry", rule: registryAcc},
		{words: "format", rule: ruleCheckOnly, check: bufFormat}}},
	{names: "swiftformat isort swift-format", rule: ruleCheckOnly, check: checkerForm},
	{names: "ruff", rule: lintRule, subs: []sub{{words: "format", rule: ruleCheckOnly, check: ruffFormat},
		{words: "check", rule: ruleCheckOnly, check: ruffCheck}}},
	{names: "taplo", rule: lintRule, subs: []sub{{words: "format", rule: ruleCheckOnly, check: taploFormat},
		{words: "fmt", rule: ruleCheckOnly, check: taploFormat}, {words: "check", rule: ruleCheckOnly}, {words: "lint", rule: ruleCheckOnly}}},
	{names: "gci", rule: lintRule, subs: []sub{{words: "write", rule: ruleCheckOnly, check: gciWrite},
		{words: "diff", rule: ruleCheckOnly}, {words: "list", rule: ruleCheckOnly}, {words: "print", rule: ruleCheckOnly}}},
	// vale reports on prose; vale sync downloads the style packages
	// .vale.ini names into the project, as an install does
	{names: "vale", rule: ruleCheckOnly, check: valeCheck, subs: []sub{{words: "sync", rule: pkgInstall}}},
	{names: "pana", rule: lintRule, check: func(c *call) {
		if c.hasOpt("--hosted") {
			c.raise(runPackage) // analyses a package it downloads
		}
	}},
	{names: "lychee htmlproofer", rule: ruleCheckOnly, check: linkCheck},
	{names: "doxybook2", rule: ruleNotebookConvert, check: func(c *call) {
		if o, ok := c.optValue("-o --output"); ok {
			c.raiseJudged(c.ctx.writeInto, o)
		}
	}},
	{names: "lint-staged", rule: unseen(rule{id: "lint-staged", level: Medium, why: "runs the commands the project's lint-staged configuration names on the files staged in git"})},
	{names: "genhtml", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}, check: genhtmlCheck},
	// terraform-docs writes into the module's README when --output-file
	// or the .terraform-docs.yml it finds there says so, which permguard
	// does not read: judged as that write
	{names: "terraform-docs", rule: ruleCheckOnly, check: terraformDocs},
	{names: "eslint prettier flake8 pylint pyflakes bandit mypy pyright tslint standard xo rubocop standardrb reek brakeman golangci-lint golint staticcheck errcheck misspell ktlint detekt dartanalyzer dartfmt clang-tidy cppcheck checkstyle pmd spotbugs sonarqube phpcs phpmd phpstan psalm php-cs-fixer luacheck checkov tflint sqlfluff markdownlint markdownlint-cli2 djlint djhtml commitlint autopep8 yapf biome oxlint stylelint htmlhint govulncheck revive gosec ormolu fourmolu stylish-haskell cabal-fmt phpcbf rector cspell srb erb_lint erblint slim-lint", rule: lintRule},
	{names: "dotnet", rule: buildRule, check: fileOperandRuns, subs: []sub{
		{words: "csharpier", rule: ruleCheckOnly, check: dotnetCsharpier},
		{words: "list", rule: pkgRead}, {words: "nuget", rule: pkgRead}, {words: "nuget push", rule: publishRule}, {words: "--info", rule: pkgRead}, {words: "--list-sdks", rule: pkgRead},
		{words: "nuget delete", rule: unpublish}, {words: "nuget add", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget update", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget remove", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget enable", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget locals", rule: pkgInstall}, {words: "user-secrets", rule: ruleReadSecret}, {words: "dev-certs", rule: globalRule}, {words: "workload", rule: globalRule},
		{words: "tool update", rule: globalRule}, {words: "tool uninstall", rule: globalRule}, {words: "fsi", rule: runProgram},
		{words: "ef database drop", rule: rule{id: "ef-database-drop", level: High, dangerous: true, why: "drops the database, deleting all its data", effect: EffectDelete}},
		{words: "run", rule: runBuilt}, {words: "watch", rule: serverRule}, {words: "tool install", rule: pkgInstall, check: dotnetToolInstall}, {words: "tool run", rule: runPackage}, {words: "exec", rule: runProgram},
	}},
	{names: "flutter", rule: buildRule, subs: []sub{
		{words: "doctor", rule: pkgRead}, {words: "devices", rule: pkgRead}, {words: "format", rule: ruleCheckOnly, check: dartFormatCheck}, {words: "config", rule: rule{id: "flutter-config", level: High, why: "changes flutter's configuration for every project"}},
		{words: "emulators", rule: pkgRead, flags: []flagRule{{opts: "--launch --create", rule: runProgram}}}, {words: "run", rule: runBuilt}, {words: "drive", rule: runProgram},
		{words: "channel", rule: globalRule}, {words: "pub global", rule: globalRule}, {words: "pub global list", rule: pkgRead},
		{words: "install", rule: runProgram}, {words: "attach", rule: runProgram}, {words: "upgrade", rule: globalRule}, {words: "pub publish", rule: publishRule},
	}},
	{names: "dart", rule: buildRule, subs: []sub{{words: "info", rule: pkgRead}, {words: "format", rule: ruleCheckOnly, check: dartFormatCheck}, {words: "fix", rule: ruleCheckOnly, check: dartFixCheck}, {words: "run", rule: ruleDepTool, check: dartRun}, {words: "pub publish", rule: publishRule}, {words: "pub global", rule: globalRule}, {words: "pub global list", rule: pkgRead},
		{words: "devtools", rule: serverRule}}, check: fileOperandRuns},
	{names: "swift", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "repl", rule: runProgram},
		{words: "format", rule: ruleCheckOnly, check: swiftFormat}}, check: fileOperandRuns},
	{names: "mix", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "phx.server", rule: serverRule}, {words: "hex.publish", rule: publishRule, flags: []flagRule{{opts: "--revert", rule: unpublish}}},
		{words: "ecto.drop", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}}, {words: "ecto.reset", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete}},
		{words: "archive.install", rule: globalRule}, {words: "escript.install", rule: globalRule}, {words: "local.hex", rule: globalRule}, {words: "local.rebar", rule: globalRule},
		{words: "hex.retire", rule: registryAcc}, {words: "help", rule: pkgRead}, {words: "deps.tree", rule: pkgRead}, {words: "deps", rule: pkgRead}, {words: "hex.info", rule: pkgQuery}}},
	{names: "cabal stack", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "exec", rule: runProgram}, {words: "repl", rule: runProgram}, {words: "ghci", rule: runProgram},
		{words: "upload", rule: publishRule}, {words: "install", rule: pkgInstall, check: depsOnlyInstall}, {words: "runghc", rule: runProgram}, {words: "runhaskell", rule: runProgram}, {words: "script", rule: runProgram}}},
	{names: "zig", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "build run", rule: runBuilt},
		{words: "version", rule: ruleToolInfo}, {words: "env", rule: ruleToolInfo}, {words: "fmt", rule: ruleCheckOnly, check: zigFmtCheck}}},
	{names: "deno", rule: rule{id: "deno", level: High, why: "runs a deno command permguard does not know"}, subs: []sub{
		{words: "fmt", rule: ruleCheckOnly, check: denoFmtCheck}, {words: "lint", rule: lintRule}, {words: "check", rule: buildRule}, {words: "test", rule: buildRule}, {words: "bench", rule: buildRule}, {words: "info", rule: pkgRead},
		{words: "coverage", rule: buildRule, check: func(c *call) { writeOpts(c, "--output") }},
		{words: "doc", rule: pkgRead}, {words: "task", rule: rule{id: "run-script-list", level: Minimal, why: "runs a project script (judged by its name)"}}, {words: "run", rule: runProgram},
		{words: "eval", rule: ruleInline}, {words: "repl", rule: ruleInterpTTY}, {words: "install", rule: globalRule},
		{words: "compile", rule: buildRule}, {words: "publish", rule: publishRule}, {words: "add", rule: pkgInstall}, {words: "cache", rule: pkgInstall},
	}},
	{names: "direnv", rule: rule{id: "direnv", level: High, why: "trusts an .envrc file, which then runs on every cd"},
		subs: []sub{{words: "exec", rule: ruleDirenvExec, check: direnvExec}}},
	{names: "pre-commit", rule: buildRule, subs: []sub{{words: "install", rule: rule{id: "git-hooks", level: High, why: "installs git hooks that run on every commit"}}, {words: "autoupdate", rule: pkgInstall}}},
	{names: "husky", rule: rule{id: "git-hooks", level: High, why: "installs git hooks that run on every commit"}},
}

var buildEverydayTools = []tool{
	{names: "coverage", rule: rule{id: "coverage", level: High, why: "runs a coverage command permguard does not know"}, subs: coverageSubs,
		check: func(c *call) { writeOpts(c, "-o --data-file --directory -d") }},
	{names: "ctest", rule: buildRule, check: buildOutputs},
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
	{names: "sphinx-build", rule: buildRule, check: sphinxBuild},
	{names: "mkdocs", rule: buildRule, subs: []sub{{words: "serve", rule: serverRule}, {words: "gh-deploy", rule: rule{id: "deploy", level: High, why: "deploys the site"}}}, check: buildOutputs},
	{names: "maturin", rule: buildRule, subs: []sub{{words: "publish", rule: publishRule}, {words: "upload", rule: publishRule}}, check: buildOutputs},
	{names: "cucumber", rule: buildRule, check: buildOutputs},
	// java runs a program (java -jar, java Main); -version only prints
	{names: "java", rule: runBuilt, check: javaJar},
}

// makeVars judges make's command-line variables (make CC=/tmp/x): they
// override the Makefile's own, so one naming a program replaces what the
// recipes run.
func makeVars(c *call) {
	for _, a := range positional(c.args) {
		name, val, ok := strings.Cut(a.val, "=")
		if !ok || name == "" {
			continue
		}
		name = strings.TrimRight(name, ":+?!")
		judgeBuildVar(c, name, arg{val: val, dyn: a.dyn}, "make")
	}
}

// judgeBuildVar raises c for setting the build variable name to val. For
// a word only known at run time, name is the text as written: a name that
// is itself dynamic could be any variable.
func judgeBuildVar(c *call, name string, val arg, tool string) {
	if val.dyn && !isArithName(name) {
		c.raiseWith(r("build-exec-dynamic-var", High, "sets a build variable whose name is only known at run time, which could name another program"), occurrence{detail: tool})
		return
	}
	if ru, bad := buildVarRule(name, val); bad {
		c.raiseWith(ru, occurrence{detail: "sets " + name, target: val.val})
	}
}

// cmakeVars judges cmake -D NAME[:TYPE]=VALUE, a toolchain file, and -C,
// which runs a cmake script to fill the cache.
func cmakeVars(c *call) {
	for i, a := range c.args {
		var def string
		dyn := a.dyn
		switch {
		case a.dyn && !strings.HasPrefix(a.val, "-D"):
			continue
		case a.val == "-D" && i+1 < len(c.args):
			def, dyn = c.args[i+1].val, c.args[i+1].dyn
		case strings.HasPrefix(a.val, "-D") && len(a.val) > 2:
			def = a.val[2:]
		case a.val == "--toolchain" || strings.HasPrefix(a.val, "--toolchain="):
			c.raise(ruleBuildExec)
			continue
		case a.val == "-C" || strings.HasPrefix(a.val, "-C") && len(a.val) > 2 && a.val[2] != '=':
			c.raise(r("cmake-script", High, "runs a cmake script"))
			continue
		default:
			continue
		}
		name, val, ok := strings.Cut(def, "=")
		if !ok {
			if dyn {
				judgeBuildVar(c, def, arg{dyn: true}, "cmake")
			}
			continue
		}
		name, _, _ = strings.Cut(name, ":")
		judgeBuildVar(c, name, arg{val: val, dyn: dyn}, "cmake")
	}
}

// compilerFlags judges a compiler's own options: a plugin, -B, a wrapper;
// an option only known at run time could be any of them.
func compilerFlags(c *call) {
	var opts []string
	for _, a := range c.args {
		if a.dyn {
			if !a.tmp {
				c.raise(ruleBuildDynOpt)
			}
			continue
		}
		opts = append(opts, a.val)
	}
	if flagsRunProgram(opts) {
		c.raise(ruleBuildFlags)
	}
	compilerOutputs(c)
}

// ruleOptionsFile: a compiler reads more options from @FILE, and any of
// them can run another program (-wrapper, -fplugin, -B) or write
// anywhere, as curl -K and wget -e can.
var ruleOptionsFile = rule{id: "compiler-options-file", level: High,
	why: "reads more options from a file (@FILE), which can make the compiler run another program or write anywhere"}

// compilerOutputs judges the files a compiler, and the linker it drives,
// write besides -o (which buildOutputs judges): dependency files (-MF,
// clang's -MJ), -aux-info, the directory -dumpdir names, the linker's map
// and dependency files and output (-Wl,-Map=F, -Xlinker -Map -Xlinker F,
// -Wl,-o,F), and rustc's --emit KIND=PATH. Each is judged as a redirect
// to the file is (design §2.6).
func compilerOutputs(c *call) {
	var linker []arg // the words given to the linker, in order
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			continue
		}
		v := a.val
		next := func() (arg, bool) {
			if i+1 < len(c.args) {
				i++
				return c.args[i], true
			}
			return arg{}, false
		}
		glued := func(n int) arg { return gluedValue(a, n) }
		switch {
		case v == "--":
			return
		case strings.HasPrefix(v, "@") && len(v) > 1:
			c.raise(ruleOptionsFile)
		case v == "-MF" || v == "-MJ" || v == "-aux-info":
			if f, ok := next(); ok {
				c.raiseJudged(c.ctx.writeRule, f)
			}
		case strings.HasPrefix(v, "-MF") || strings.HasPrefix(v, "-MJ"):
			c.raiseJudged(c.ctx.writeRule, glued(3))
		case v == "-dumpdir":
			if d, ok := next(); ok {
				c.raiseJudged(c.ctx.writeInto, d)
			}
		case v == "-Xlinker":
			if l, ok := next(); ok {
				linker = append(linker, l)
			}
		case strings.HasPrefix(v, "-Wl,"):
			for _, p := range strings.Split(v[len("-Wl,"):], ",") {
				linker = append(linker, arg{val: p, pos: a.pos})
			}
		case c.name == "rustc" && (v == "--emit" || strings.HasPrefix(v, "--emit=")):
			list, ok := strings.CutPrefix(v, "--emit=")
			if !ok {
				n, got := next()
				if !got || n.dyn {
					continue
				}
				list = n.val
			}
			for _, kind := range strings.Split(list, ",") {
				if _, p, ok := strings.Cut(kind, "="); ok && p != "-" {
					c.raiseJudged(c.ctx.writeRule, arg{val: p, pos: a.pos})
				}
			}
		}
	}
	linkerOutputs(c, linker)
}

// linkerOutputs judges the files the words a compiler passes to the
// linker make it write: ld's -Map, -o and --output, --dependency-file.
func linkerOutputs(c *call, words []arg) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w.dyn {
			continue
		}
		name, val, glued := strings.Cut(w.val, "=")
		switch name {
		case "-Map", "--Map", "-o", "--output", "--dependency-file":
			if glued {
				c.raiseJudged(c.ctx.writeRule, arg{val: val, pos: w.pos})
			} else if i+1 < len(words) {
				i++
				c.raiseJudged(c.ctx.writeRule, words[i])
			}
		}
	}
}

// goToolexec flags make go run another program for each tool call.
var goToolexec = flagRule{opts: "-toolexec --toolexec -exec --exec", rule: rule{id: "go-toolexec", level: High, why: "makes go run another program for every tool call"}}

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
		if !hasVal && len(name) > 2 && strings.HasPrefix(name, "-o") {
			// -oFILE is getopt's -o with its value glued on (gcc, cc, rustc):
			// judged as the file written, as -o FILE is. Where a tool has
			// another option spelled so, what follows -o is no path the
			// write rules object to.
			if ru, bad := c.ctx.writeRule(gluedValue(a, 2)); bad && ru.level > Low {
				c.raise(ru)
			}
		}
		if strings.HasPrefix(name, "--output.") && strings.HasSuffix(name, ".path") {
			// golangci-lint's --output.FORMAT.path
			raise(c.ctx.writeRule)
		}
		switch name {
		case "-o", "--output", "--outfile", "--out-file", "--outFile", "-coverprofile", "-cpuprofile", "-memprofile",
			"-blockprofile", "-mutexprofile", "-trace",
			// the reports and caches of linters and test runners (the red
			// team of issue 29: eslint --output-file, mypy --junit-xml):
			// a value that names no file outside is a write in the
			// workspace, raised by nothing here
			"--output-file", "--out", "--junit-xml", "--junitxml", "--cache-location", "--cache-file",
			"--report-file", "--log-file", "--xunit-file":
			raise(c.ctx.writeRule)
		case "--output-format", "--report", "--reporter", "--reporter-option", "--reporter-options", "-debug.cpuprofile",
			"-debug.memprofile", "-debug.trace", "-out", "--reportfile", "-output", "--generate-baseline", "--export-fixes",
			"--cache", "--dump-config":
			// the reports of linters, whose value may be a path or hold one
			// after a format (pylint json:PATH, detekt txt:PATH, ktlint
			// plain,output=PATH, mocha output=PATH; the red team of issue 29)
			if v, ok := value(); ok {
				for _, p := range pathParts(v) {
					if ru, bad := c.ctx.writeRule(p); bad && ru.level > Low {
						c.raise(ru)
					}
				}
			}
		case "--outdir", "--out-dir", "--output-dir", "--dest", "--prefix", "--root", "--install-dir", "--pack-destination",
			"--destination", "--wheel-dir", "--dir", "--target", "--path", "--directory", "--working-dir", "--bindir":
			raise(c.ctx.writeInto)
		case "-d", "-w", "-n", "-p":
			if name == "-d" && (c.name == "javac" || c.name == "composer") || c.name == "pip" || c.name == "pip3" ||
				c.name == "gem" || c.name == "conda" {
				raise(c.ctx.writeInto)
			}
		case "--target-dir", "--basetemp":
			raise(c.ctx.writeInto)
			if v, ok := value(); ok && (name == "--basetemp" || clean || hasWord(joinArgsRaw(positional(c.args)), "clean")) {
				// a directory the tool empties
				if ru, bad := c.ctx.deleteRuleTree(v, true, true); bad && ru.dangerous {
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

// makeOpts is GNU make's options, from make --help of GNU Make 4.3 on
// this machine and make(1) of 4.4 (--shuffle, --jobserver-style). Where
// make works (-C, kind dir) and the makefiles it reads (-f, kind read)
// are read from it by the one option parser, as getopt_long reads them
// (--dir=x is --directory=x, -sCx, options after the targets), to find a
// makefile this input wrote (shell_written.go).
var makeOpts = lazy[*toolSpec]{build: func() *toolSpec {
	return &toolSpec{opts: newOptTable("-b, -m, -B/--always-make, -C=/--directory= dir, -d, --debug?, "+
		"-e/--environment-overrides, -E=/--eval=, -f=/--file=/--makefile= read, -h/--help, -i/--ignore-errors, "+
		"-I=/--include-dir=, -j?/--jobs?, -k/--keep-going, -l?/--load-average?/--max-load?, -L/--check-symlink-times, "+
		"-n/--just-print/--dry-run/--recon, -o=/--old-file=/--assume-old=, -O?/--output-sync?, -p/--print-data-base, "+
		"-q/--question, -r/--no-builtin-rules, -R/--no-builtin-variables, -s/--silent/--quiet, --no-silent, "+
		"-S/--no-keep-going/--stop, -t/--touch, --trace, -v/--version, -w/--print-directory, --no-print-directory, "+
		"-W=/--what-if=/--new-file=/--assume-new=, --warn-undefined-variables, --shuffle?, --jobserver-style=", false),
		from: "make --help (GNU Make 4.3), make(1) (GNU Make 4.4)"}
}}

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
		if ru, bad := c.ctx.writeRule(d); bad && ru.level > Low {
			c.raise(r("build-elsewhere", High, "runs a project's build, scripts or package manager in a directory outside the workspace"))
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
			c.ctx.inner(c, c.name+" -E", argv, flow{})
		case "copy", "copy_directory", "copy_if_different", "rename", "create_symlink", "create_hardlink", "touch", "make_directory":
			if ps := positional(rest[1:]); len(ps) > 0 {
				if ru, bad := c.ctx.writeRule(ps[len(ps)-1]); bad {
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
		c.raiseRunFile(ruleInterpFile, ps[0])
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

// goRunCheck: `go run pkg@version` downloads the package it runs, which
// is no code of the project's.
func goRunCheck(c *call) {
	ps := positional(c.args)
	if len(ps) > 0 && !ps[0].dyn && ps[0].val == "run" {
		ps = ps[1:] // the subcommand word itself
	}
	// the package is the first word; the rest are its arguments
	if len(ps) > 0 && (ps[0].dyn || strings.Contains(ps[0].val, "@")) {
		c.raise(runPackage)
	}
}

// cargoConfigRule: every cargo command reads the project's
// .cargo/config.toml, which names programs cargo runs (build.rustc,
// build.rustc-wrapper, a target's runner, a credential provider), and
// rustup's cargo reads rust-toolchain.toml, which may name a toolchain
// directory of the project's: even cargo metadata runs them.
var cargoConfigRule = unseen(rule{id: "cargo-config", level: Minimal,
	why: "runs the programs the project's .cargo/config.toml and rust-toolchain.toml name (build.rustc, a toolchain path)"})

func cargoConfig(c *call) { c.raise(cargoConfigRule) }

// coverageSubs: coverage run is a runner; the reports write files.
var coverageSubs = []sub{
	{words: "run", rule: ruleRunnerEnv}, {words: "report", rule: rule{id: "coverage-report", level: Minimal, why: "prints a coverage report from the data file"}},
	{words: "debug", rule: rule{id: "coverage-report", level: Minimal, why: "prints a coverage report from the data file"}},
	{words: "html", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
	{words: "xml", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
	{words: "json", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
	{words: "lcov", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
	{words: "annotate", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
	{words: "combine", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
	{words: "erase", rule: rule{id: "coverage-write", level: Low, why: "writes a coverage report into the workspace"}},
}

// makeTargets judges the goals of a make command line.
func makeTargets(c *call) {
	for _, a := range c.words("-f --file --makefile -C --directory -I --include-dir -o --old-file --assume-old -W --what-if --new-file --assume-new -j --jobs -l --load-average -O --output-sync") {
		if a.dyn && (a.head != "" || strings.HasPrefix(a.val, "-")) {
			// an option with its value glued on (-j$(nproc)): the
			// option is certain, and its value is no goal
			continue
		}
		if a.dyn && !strings.Contains(a.val, "=") {
			// a goal only known at run time could be any target, or a
			// variable naming another program
			c.raise(ruleToolDynamic)
			continue
		}
		if a.dyn || strings.Contains(a.val, "=") {
			continue
		}
		if ru, bad := recipeRule(a.val); bad {
			c.raise(ru)
		}
	}
}

// rakeTasks names the deploy among rake's tasks, which are all high.
func rakeTasks(c *call) {
	var tasks []arg
	for _, a := range positional(c.args) {
		name, _, _ := strings.Cut(a.val, "[") // rake release[patch]
		if !a.dyn && namesDeploy(name) {
			c.raise(ruleRunDeploy)
			return
		}
		if !a.dyn && dropsDatabase(name) {
			// db:drop[x], and the tasks Rails makes for each database of
			// a multi-database application (db:drop:primary)
			c.raise(rule{id: "db-drop", level: High, dangerous: true, why: "drops or replaces the database, deleting its data", effect: EffectDelete})
		}
		if a.dyn || !strings.Contains(a.val, "=") {
			tasks = append(tasks, a)
		}
	}
	// rake runs every task named, in turn, and so does rails when the
	// first is a task (rails db:create db:schema:load db:seed): the row
	// judged the first; each other is judged as if alone, with the same
	// options and variables. The words after one of rails' own commands
	// are its arguments (rails generate model User, rails test
	// test/models), not tasks.
	if c.name == "rails" && len(tasks) > 0 && (tasks[0].dyn || railsArgCommand(tasks[0].val)) {
		return
	}
	for _, t := range tasks[min(1, len(tasks)):] {
		argv := []arg{{val: c.name, pos: c.pos}}
		for _, a := range c.args {
			if a.pos == t.pos && a.val == t.val || !slices.ContainsFunc(tasks, func(o arg) bool { return o.pos == a.pos && o.val == a.val }) {
				argv = append(argv, a)
			}
		}
		c.ctx.inner(c, c.name, argv, c.stdin)
	}
}

// pathParts are the paths a report option's value names: the whole value
// when it is one, else each part after a format or a key (json:PATH,
// plain,output=PATH) that looks like a path. A value only known at run
// time is itself.
func pathParts(v arg) []arg {
	if v.dyn || strings.HasPrefix(v.val, "/") || strings.HasPrefix(v.val, "~") || strings.HasPrefix(v.val, ".") {
		return []arg{v}
	}
	var out []arg
	for _, p := range strings.FieldsFunc(v.val, func(r rune) bool { return r == ':' || r == ',' || r == '=' }) {
		if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "..") {
			out = append(out, arg{val: p, pos: v.pos})
		}
	}
	return out
}

// cargoWatch: cargo watch runs, on every change, the cargo commands of
// its -x and the shell commands of its -s (the red team of issue 29:
// cargo watch -s '…' ran unjudged): each is judged as that command.
func cargoWatch(c *call) {
	for _, h := range optionValues(c.args, "-x --exec", optConv{}) {
		if h.val.dyn {
			c.raise(ruleDynScript)
			continue
		}
		argv := []arg{{val: "cargo", pos: h.val.pos}}
		for _, f := range strings.Fields(h.val.val) {
			argv = append(argv, arg{val: f, pos: h.val.pos})
		}
		c.ctx.inner(c, "cargo watch", argv, flow{})
	}
	for _, h := range optionValues(c.args, "-s --shell", optConv{}) {
		if h.val.dyn {
			c.raise(ruleDynScript)
			continue
		}
		c.runScript(FrameScript, h.val.val)
	}
}

// sphinxBuild: the linkcheck builder requests every URL the documents
// name, as lychee does (-b linkcheck, -M linkcheck, -blinkcheck,
// --builder=linkcheck).
func sphinxBuild(c *call) {
	// argparse: --builder (Sphinx 7.3) by any prefix, and every -b given
	// (the last counts; any may be the one)
	for _, h := range optionValues(c.args, "-b -M --builder", optConv{abbrev: true}) {
		if h.val.dyn || h.val.val == "linkcheck" {
			c.raise(ruleLinkCheck)
			break
		}
	}
	buildOutputs(c)
}

// sbtTasks judges the tasks of a subproject as the same tasks of the
// root (sbt backend/run runs the project's program as sbt run does, and
// backend/publish publishes), and then the build's outputs.
func sbtTasks(c *call) {
	for _, a := range positional(c.args) {
		if a.dyn {
			continue
		}
		_, task, ok := strings.Cut(a.val, "/")
		switch {
		case !ok:
		case task == "run" || strings.HasPrefix(task, "run "):
			c.raise(runBuilt)
		case task == "console":
			c.raise(runProgram)
		case task == "publish" || strings.HasPrefix(task, "publish"):
			c.raise(publishRule)
		}
	}
	buildOutputs(c)
}

// javaJar: java runs the project's program (design §4, row 4b: a jar or
// class of the workspace or a temporary directory is code nobody has
// seen, as a script there is), but a jar or class path outside them
// (java -jar ~/x.jar, -cp /opt/lib) is the user's or the system's: high,
// as running a script there is.
func javaJar(c *call) {
	if o, ok := c.optValue("-jar"); ok {
		c.raiseRunFile(ruleInterpFile, o)
	}
	paths := func(o arg) {
		if o.dyn {
			c.raise(ruleInterpFile)
			return
		}
		for _, e := range strings.Split(o.val, ":") {
			if e != "" {
				c.raiseRunFile(ruleInterpFile, arg{val: e, pos: o.pos})
			}
		}
	}
	if o, ok := c.optValue("-cp -classpath --class-path -p --module-path --upgrade-module-path"); ok {
		paths(o)
	}
	for _, a := range c.args {
		// the JVM's own options that load code: an agent, a native
		// agent, the boot class path, options or arguments read from a
		// file (the red team of issue 29)
		for _, p := range []string{"-javaagent:", "-agentpath:", "-Xbootclasspath/a:", "-Xbootclasspath/p:", "-Xbootclasspath:", "-XX:VMOptionsFile=", "@"} {
			if a.dyn && len(a.known) == 0 && strings.HasPrefix(a.val, p) {
				c.raise(ruleInterpFile) // a place only known at run time
				continue
			}
			if v, ok := strings.CutPrefix(a.val, p); ok && v != "" && !a.dyn {
				v, _, _ = strings.Cut(v, "=") // -javaagent:x.jar=options
				paths(arg{val: v, pos: a.pos})
			}
		}
		if !a.dyn && !strings.HasPrefix(a.val, "-") && strings.HasSuffix(a.val, ".java") {
			// java Main.java runs the source file
			c.raiseRunFile(ruleInterpFile, a)
		}
	}
}

// dropsDatabase reports a rails or rake task that drops, wipes or
// recreates a database, by its name with any suffix Rails adds: the task
// for one database of several (db:drop:primary, db:schema:load:animals)
// or an internal one (db:drop:_unsafe).
func dropsDatabase(task string) bool {
	for _, t := range []string{"db:drop", "db:reset", "db:schema:load", "db:purge", "db:truncate_all", "db:seed:replant",
		"db:migrate:reset", "db:structure:load", "db:setup"} {
		if task == t || strings.HasPrefix(task, t+":") {
			return true
		}
	}
	return false
}

// railsArgCommand reports one of rails' own commands, whose words are its
// arguments (rails --help, Rails 7 and 8).
func railsArgCommand(word string) bool {
	switch word {
	case "generate", "g", "destroy", "d", "new", "test", "t", "runner", "r", "server", "s", "console", "c",
		"dbconsole", "db", "credentials", "encrypted", "plugin", "app", "devcontainer", "help":
		return true
	}
	return strings.HasPrefix(word, "credentials:") || strings.HasPrefix(word, "encrypted:") || strings.HasPrefix(word, "test:")
}

// jvmBuildOpts are the options of mvn and gradle that take the next word
// as their value, so it is no goal or task: mvn --help (3.9) and gradle
// --help (8). The short options the two read differently (-s, -c and -t
// take a value in mvn and none in gradle) are left out, so a goal after
// them is still judged.
const jvmBuildOpts = "-pl --projects -f --file --settings -gs --global-settings -P --activate-profiles -rf --resume-from " +
	"-T --threads -D --define -l --log-file --toolchains -b --builder " +
	"-p --project-dir -x --exclude-task -I --init-script --settings-file -g --gradle-user-home --include-build " +
	"--console --warning-mode --priority --max-workers -M --write-verification-metadata --dependency-verification"

// jvmGoalRules are the goals and tasks that do more than build, wherever
// they stand on the command line: the table's rows match only the first.
var jvmGoalRules = lazy[map[string]rule]{build: func() map[string]rule {
	return map[string]rule{
		"deploy": publishRule, "publish": publishRule, "jib": publishRule, "jib:build": publishRule,
		"exec:java": runBuilt, "exec:exec": runBuilt, "run": runBuilt, "bootRun": runBuilt, "spring-boot:run": runBuilt,
	}
}}

// jvmBuildGoals judges every goal of mvn and task of gradle (and of the
// project's wrappers, ./mvnw and ./gradlew): `mvn clean deploy`
// publishes as `mvn deploy` does, and a name that deploys, publishes or
// releases (release:perform, publishToMavenCentral) is high.
// publishToMavenLocal only fills the user's local Maven repository, as
// `mvn install` does. gradle runs a task from an abbreviation of its
// name (`gradle pub`, `gradle bR`): one that abbreviates a task above is
// judged as that task. gradle -t (--continuous) runs on, as a watcher.
func jvmBuildGoals(c *call) {
	buildOutputs(c)
	for _, a := range c.args {
		if strings.HasPrefix(c.name, "gradle") && !a.dyn && (a.val == "-t" || a.val == "--continuous") {
			// gradle -t runs its tasks again on every change; gradle
			// reads no clusters (-xlint is -x lint)
			c.raise(serverRule)
		}
	}
	for _, a := range c.words(jvmBuildOpts) {
		if a.dyn || strings.HasPrefix(a.val, "-") || a.val == "publishToMavenLocal" {
			continue
		}
		if ru, ok := jvmGoalRules.get()[a.val]; ok {
			c.raise(ru)
			continue
		}
		if namesDeploy(a.val) {
			c.raise(ruleRunDeploy)
			continue
		}
		if !strings.HasPrefix(c.name, "gradle") {
			continue
		}
		for task, ru := range jvmGoalRules.get() {
			if !strings.Contains(task, ":") && abbreviates(a.val, task) {
				c.raise(ru)
			}
		}
	}
}

// abbreviates reports whether word names task as gradle's camel-case
// abbreviations do: each of word's camel-case parts begins the matching
// part of task (pub for publish, bR for bootRun).
func abbreviates(word, task string) bool {
	ws, ts := camelParts(word), camelParts(task)
	if len(ws) == 0 || len(ws) > len(ts) {
		return false
	}
	for i, w := range ws {
		if !strings.HasPrefix(strings.ToLower(ts[i]), strings.ToLower(w)) {
			return false
		}
	}
	return true
}

// camelParts splits a task name before each upper-case letter.
func camelParts(s string) []string {
	var parts []string
	start := 0
	for i := 1; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			parts = append(parts, s[start:i])
			start = i
		}
	}
	if s != "" {
		parts = append(parts, s[start:])
	}
	return parts
}

// ruleDepTool: `dart run PKG:TOOL` runs an executable of one of the
// project's dependencies, fetched as `dart pub get` fetches them (as
// npx runs a program the project installed).
var ruleDepTool = unseen(rule{id: "run-dependency-tool", level: Medium, why: "runs an executable of one of the project's dependencies"})

// dartRun: dart run PKG:TOOL runs a dependency's executable; anything
// else (dart run, dart run bin/x.dart, dart run NAME, which may be the
// project's own package) runs the project's program, and the VM
// service options start a server.
func dartRun(c *call) {
	if c.hasOpt("--observe --enable-vm-service --serve-devtools") {
		c.raise(serverRule)
	}
	ps := positional(c.args)
	if len(ps) > 0 && !ps[0].dyn && ps[0].val == "run" {
		ps = ps[1:]
	}
	if len(ps) > 0 && !ps[0].dyn && !ps[0].glob {
		pkg, tool, ok := strings.Cut(ps[0].val, ":")
		if ok && dartName(pkg) && dartName(tool) {
			return
		}
	}
	c.raise(runBuilt)
}

// dartName reports a Dart package or executable name: lower-case
// letters, digits and underscores (dart.dev/tools/pub/pubspec#name).
func dartName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// depsOnlyInstall: cabal install and stack install put the built
// programs outside the workspace; with --only-dependencies
// (--dependencies-only) they build only the project's dependencies
// into their store, as cargo fetch fills cargo's.
func depsOnlyInstall(c *call) {
	if !c.hasOpt("--only-dependencies --dependencies-only") {
		c.raise(globalRule)
	}
}

// dotnetToolInstall: dotnet tool install puts a tool in the user's
// tools (-g) unless --local (the project's tool manifest) or
// --tool-path DIR, judged as a write into DIR.
func dotnetToolInstall(c *call) {
	if d, ok := c.optValue("--tool-path"); ok {
		if ru, bad := c.ctx.writeInto(d); bad && ru.level > Low {
			c.raiseWith(ru, occurrence{target: c.target(d)})
		}
		if !c.hasOpt("-g --global") {
			return
		}
	}
	if c.hasOpt("--local") && !c.hasOpt("-g --global") {
		return
	}
	c.raise(globalRule)
}

// ruleLinkCheck: a link checker requests every URL the files it checks
// name: the files' content leaves this machine (design §2.8).
var ruleLinkCheck = rule{id: "link-check", level: High, sends: true, why: "requests every URL the checked files name, which sends them out"}

// linkCheck: lychee and html-proofer check the links of files; only
// local links with lychee --offline and htmlproofer --disable-external
// (a read of the files).
func linkCheck(c *call) {
	if c.hasOpt("--offline --disable-external --disable_external") {
		return
	}
	c.raise(ruleLinkCheck)
}
