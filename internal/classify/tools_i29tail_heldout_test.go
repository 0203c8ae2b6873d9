package classify

import "testing"

// TestI29TailHeldOut holds spellings written after the rows of buildCases,
// checkerCases and packageCases for the last classes of issue 29 were
// done: other options, orders and directories of the same classes.
func TestI29TailHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		// class 1: the build tools' wrappers
		medium("./gradlew --no-daemon --console=plain check", "run-build-wrapper"),
		medium("backend/mvnw -q -B package", "run-build-wrapper"),
		high("./gradlew -p app clean publishAllPublicationsToMavenRepository", "run-script-deploy"),
		high("./mvnw -s ci-settings.xml clean deploy -DskipTests", "publish"),
		high("./gradlew bootR", "run-program"),
		// class 2: a Ruby project's binstubs
		medium("./bin/rails db:migrate", "run-project-bin"),
		medium("bin/rake spec", "run-project-bin"),
		medium("bin/rubocop --parallel app lib", "lint"),
		medium("bin/brakeman -q --no-pager", "lint"),
		high("bin/rails runner 'Foo.bar'", "rails"),
		high("bin/deploy production", "run-path"),
		high("bin/kamal deploy", "run-path"),
		medium("bundle exec erb_lint --lint-all", "lint"),
		// class 3: formatters and checkers whose configuration is data
		low("tofu fmt -recursive infra", "format-write"),
		minimal("terraform fmt -check=true -diff", "check-only"),
		minimal("swiftformat --lint --config .swiftformat Sources Tests", "check-only"),
		low("swiftformat --swiftversion 5.9 Sources", "format-write"),
		minimal("taplo format --check --diff", "check-only"),
		low("gci write --skip-generated -s standard -s default -s 'prefix(example.com)' ./pkg", "format-write"),
		minimal("ruff check --output-format=github --no-fix .", "check-only"),
		low("ruff check --select I --fix", "format-write"),
		minimal("isort --profile black --check --diff src tests", "check-only"),
		minimal("vale --minAlertLevel=error CHANGELOG.md docs/index.md", "check-only"),
		low("genhtml --output-directory build/coverage lcov.info", "coverage-write"),
		// class 4: project tasks and tools
		medium("php artisan ide-helper:generate", "rails-test"),
		medium("php artisan config:clear", "rails-test"),
		medium("php artisan optimize", "rails-test"),
		high("php artisan db:seed --force", "run-program-file"),
		medium("dart run build_runner:build --delete-conflicting-outputs", "run-dependency-tool"),
		medium("cabal install --only-dependencies --enable-tests", "package-install"),
		medium("dotnet tool install --tool-path tools/bin dotnet-reportgenerator-globaltool", "package-install"),
		high("dotnet tool install --global --tool-path tools x", "install-global"),
		high("lychee README.md", "link-check"),
		medium("yarn exec lint-staged", "lint-staged"),
	} {
		checkCase(t, tc, testEnv)
	}
}
