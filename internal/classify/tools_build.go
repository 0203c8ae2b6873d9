package classify

import "strings"

// Compilers, build systems, test runners, linters and formatters, and the
// read-only inspectors of what they build.

var buildTools = []tool{
	{names: "cargo", rule: rule{id: "cargo", level: High, why: "runs a cargo command permguard does not know"}, check: cargoConfig, subs: []sub{
		{words: "tree", rule: pkgRead}, {words: "metadata", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "info", rule: pkgQuery}, {words: "locate-project", rule: pkgRead}, {words: "pkgid", rule: pkgRead},
		{words: "verify-project", rule: pkgRead}, {words: "help", rule: pkgRead}, {words: "read-manifest", rule: pkgRead}, {words: "version", rule: pkgRead},
		{words: "build", rule: buildRule}, {words: "b", rule: buildRule}, {words: "check", rule: buildRule}, {words: "c", rule: buildRule}, {words: "test", rule: buildRule}, {words: "t", rule: buildRule},
		{words: "bench", rule: buildRule}, {words: "clippy", rule: lintRule}, {words: "fmt", rule: lintRule}, {words: "doc", rule: buildRule, flags: []flagRule{{opts: "--open", rule: rule{id: "open", level: High, why: "opens a file or URL in another application"}}}},
		{words: "add", rule: pkgInstall}, {words: "remove", rule: pkgInstall},
		{words: "rm", rule: pkgInstall}, {words: "update", rule: pkgInstall}, {words: "fetch", rule: pkgInstall}, {words: "generate-lockfile", rule: pkgInstall}, {words: "clean", rule: buildRule},
		{words: "vendor", rule: pkgInstall}, {words: "fix", rule: lintRule}, {words: "package", rule: buildRule}, {words: "new", rule: pkgInstall}, {words: "init", rule: pkgInstall}, {words: "nextest", rule: buildRule},
		{words: "llvm-cov", rule: buildRule}, {words: "deny", rule: lintRule}, {words: "audit", rule: pkgQuery}, {words: "audit fix", rule: pkgInstall}, {words: "outdated", rule: pkgQuery}, {words: "udeps", rule: lintRule}, {words: "machete", rule: lintRule},
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
		{words: "tool", rule: buildRule}, {words: "tool pprof", rule: buildRule, flags: []flagRule{{opts: "-http --http", rule: serverRule}}}, {words: "run", rule: runBuilt, check: goRunCheck}, {words: "generate", rule: rule{id: "go-generate", level: High, why: "runs the commands in //go:generate comments"}},
		{words: "telemetry", rule: pkgRead},
	}},
	{names: "gofmt goimports gofumpt rustfmt", rule: lintRule},
	{names: "make gmake", rule: buildRule, check: makeCheck},
	{names: "cmake", rule: buildRule, check: cmakeCheck},
	{names: "ninja meson bazelisk buck buck2 scons ant mvnw nox", rule: buildRule, check: buildOutputs},
	{names: "tox", rule: buildRule, subs: []sub{{words: "exec", rule: runProgram}, {words: "run", rule: buildRule}}, check: buildOutputs},
	{names: "gradlew", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "bootRun", rule: runBuilt}, {words: "publish", rule: publishRule}}, check: buildOutputs},
	{names: "bazel", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}}, check: buildOutputs},
	{names: "mvn", rule: buildRule, subs: []sub{{words: "deploy", rule: publishRule}, {words: "exec:java", rule: runProgram}, {words: "exec:exec", rule: runProgram}, {words: "spring-boot:run", rule: runProgram}}, check: buildOutputs},
	{names: "gradle", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "bootRun", rule: runBuilt}, {words: "publish", rule: publishRule}}, check: buildOutputs},
	{names: "sbt", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "console", rule: runProgram}, {words: "publish", rule: publishRule}}, check: buildOutputs},
	{names: "rails rake", rule: rule{id: "rails", level: High, why: "runs a Rails or Rake task of the project"}, check: rakeTasks, subs: []sub{
		{words: "db:drop", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops the database, deleting all its data"}},
		{words: "db:reset", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops the database, deleting all its data"}},
		{words: "db:schema:load", rule: rule{id: "db-drop", level: High, dangerous: true, why: "replaces the database schema, deleting its data"}},
	}},
	{names: "gcc g++ cc c++ clang clang++", rule: buildRule, check: func(c *call) { compilerCheck(c); compilerFlags(c) }},
	{names: "javac kotlinc scalac swiftc ghc ocamlfind tsc esbuild rollup", rule: buildRule, check: compilerCheck},
	{names: "webpack", rule: buildRule, subs: []sub{{words: "serve", rule: serverRule}}, check: buildOutputs},
	{names: "parcel", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}}},
	{names: "vite", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}, {words: "optimize", rule: buildRule}}},
	{names: "next nuxt astro remix", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}, {words: "lint", rule: lintRule}, {words: "check", rule: lintRule}}},
	{names: "playwright", rule: buildRule, subs: []sub{{words: "codegen", rule: serverRule}, {words: "open", rule: serverRule}, {words: "show-report", rule: serverRule},
		{words: "install", rule: buildRule, flags: []flagRule{{opts: "--with-deps", rule: rule{id: "install-system", level: High, why: "installs system packages"}}}}}},
	{names: "jest mocha vitest pytest py.test ava tap karma jasmine cypress rspec phpunit pest", rule: buildRule,
		check: func(c *call) {
			// vitest watches only on a terminal; an agent's call runs once
			// (vitest.dev/guide/cli): vitest watch and vitest dev watch always
			if ps := positional(c.args); c.hasOpt("--watch --watchAll") || c.name == "vitest" && len(ps) > 0 && (ps[0].val == "watch" || ps[0].val == "dev") {
				c.raise(serverRule)
			}
		}},
	{names: "buf", rule: lintRule, subs: []sub{{words: "push", rule: publishRule}, {words: "registry", rule: registryAcc}}},
	{names: "eslint prettier black flake8 pylint ruff pyflakes bandit mypy pyright tslint standard xo rubocop standardrb reek brakeman golangci-lint golint staticcheck errcheck misspell swiftlint swiftformat ktlint detekt dartanalyzer dartfmt clang-tidy clang-format cppcheck checkstyle pmd spotbugs sonarqube phpcs phpmd phpstan psalm php-cs-fixer luacheck shellcheck checkov tflint sqlfluff yamllint markdownlint markdownlint-cli2 djlint djhtml commitlint isort autopep8 yapf biome oxlint shfmt stylelint hadolint actionlint taplo govulncheck revive gosec codespell typos vale editorconfig-checker hlint ormolu fourmolu stylish-haskell cabal-fmt", rule: lintRule},
	{names: "dotnet", rule: buildRule, check: fileOperandRuns, subs: []sub{
		{words: "list", rule: pkgRead}, {words: "nuget", rule: pkgRead}, {words: "nuget push", rule: publishRule}, {words: "--info", rule: pkgRead}, {words: "--list-sdks", rule: pkgRead},
		{words: "nuget delete", rule: unpublish}, {words: "nuget add", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget update", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget remove", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget enable", rule: rule{id: "nuget-source", level: High, why: "changes where packages are downloaded from"}},
		{words: "nuget locals", rule: pkgInstall}, {words: "user-secrets", rule: ruleReadSecret}, {words: "dev-certs", rule: globalRule}, {words: "workload", rule: globalRule},
		{words: "tool update", rule: globalRule}, {words: "tool uninstall", rule: globalRule}, {words: "fsi", rule: runProgram},
		{words: "ef database drop", rule: rule{id: "ef-database-drop", level: High, dangerous: true, why: "drops the database, deleting all its data"}},
		{words: "run", rule: runProgram}, {words: "watch", rule: serverRule}, {words: "tool install", rule: globalRule}, {words: "tool run", rule: runPackage}, {words: "exec", rule: runProgram},
	}},
	{names: "flutter", rule: buildRule, subs: []sub{
		{words: "doctor", rule: pkgRead}, {words: "devices", rule: pkgRead}, {words: "config", rule: rule{id: "flutter-config", level: High, why: "changes flutter's configuration for every project"}},
		{words: "emulators", rule: pkgRead, flags: []flagRule{{opts: "--launch --create", rule: runProgram}}}, {words: "run", rule: runProgram}, {words: "drive", rule: runProgram},
		{words: "channel", rule: globalRule}, {words: "pub global", rule: globalRule},
		{words: "install", rule: runProgram}, {words: "attach", rule: runProgram}, {words: "upgrade", rule: globalRule}, {words: "pub publish", rule: publishRule},
	}},
	{names: "dart", rule: buildRule, subs: []sub{{words: "info", rule: pkgRead}, {words: "run", rule: runBuilt}, {words: "pub publish", rule: publishRule}, {words: "pub global", rule: globalRule},
		{words: "devtools", rule: serverRule}}, check: fileOperandRuns},
	{names: "swift", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "repl", rule: runProgram}}, check: fileOperandRuns},
	{names: "mix", rule: buildRule, subs: []sub{{words: "run", rule: runProgram}, {words: "phx.server", rule: serverRule}, {words: "hex.publish", rule: publishRule, flags: []flagRule{{opts: "--revert", rule: unpublish}}},
		{words: "ecto.drop", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops the database, deleting all its data"}}, {words: "ecto.reset", rule: rule{id: "db-drop", level: High, dangerous: true, why: "drops the database, deleting all its data"}},
		{words: "archive.install", rule: globalRule}, {words: "escript.install", rule: globalRule}, {words: "local.hex", rule: globalRule}, {words: "local.rebar", rule: globalRule},
		{words: "hex.retire", rule: registryAcc}, {words: "help", rule: pkgRead}, {words: "deps.tree", rule: pkgRead}, {words: "deps", rule: pkgRead}, {words: "hex.info", rule: pkgQuery}}},
	{names: "cabal stack", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "exec", rule: runProgram}, {words: "repl", rule: runProgram}, {words: "ghci", rule: runProgram},
		{words: "upload", rule: publishRule}, {words: "install", rule: globalRule}, {words: "runghc", rule: runProgram}, {words: "runhaskell", rule: runProgram}, {words: "script", rule: runProgram}}},
	{names: "zig", rule: buildRule, subs: []sub{{words: "run", rule: runBuilt}, {words: "build run", rule: runBuilt}}},
	{names: "deno", rule: rule{id: "deno", level: High, why: "runs a deno command permguard does not know"}, subs: []sub{
		{words: "fmt", rule: lintRule}, {words: "lint", rule: lintRule}, {words: "check", rule: buildRule}, {words: "test", rule: buildRule}, {words: "bench", rule: buildRule}, {words: "info", rule: pkgRead},
		{words: "doc", rule: pkgRead}, {words: "task", rule: rule{id: "run-script-list", level: Minimal, why: "runs a project script (judged by its name)"}}, {words: "run", rule: runProgram},
		{words: "eval", rule: ruleInline}, {words: "repl", rule: ruleInterpTTY}, {words: "install", rule: globalRule},
		{words: "compile", rule: buildRule}, {words: "publish", rule: publishRule}, {words: "add", rule: pkgInstall}, {words: "cache", rule: pkgInstall},
	}},
	{names: "direnv", rule: rule{id: "direnv", level: High, why: "trusts an .envrc file, which then runs on every cd"}},
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
	{names: "sphinx-build", rule: buildRule, check: buildOutputs},
	{names: "mkdocs", rule: buildRule, subs: []sub{{words: "serve", rule: serverRule}, {words: "gh-deploy", rule: rule{id: "deploy", level: High, why: "deploys the site"}}}, check: buildOutputs},
	{names: "maturin", rule: buildRule, subs: []sub{{words: "publish", rule: publishRule}, {words: "upload", rule: publishRule}}, check: buildOutputs},
	{names: "xcodebuild", rule: buildRule, check: buildOutputs},
	{names: "cucumber", rule: buildRule, check: buildOutputs},
	// java runs a program (java -jar, java Main); -version only prints
	{names: "java", rule: runProgram},
}
