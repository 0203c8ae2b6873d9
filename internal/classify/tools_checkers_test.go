package classify

// checkerCases: checkers and formatters whose configuration is data (issue
// 29): a form that only reports is a read, a form that rewrites files is
// a write of them, in place.
var checkerCases = []classifyCase{
	minimal("gofmt -l .", "check-only"),
	minimal("gofmt -d -s .", "check-only"),
	minimal("goimports -l ./...", "check-only"),
	low("gofmt -w .", "format-write"),
	low("gofumpt -l -w -extra .", "format-write"),
	// every spelling of the option that writes: Go's flags with two
	// dashes or a value, clusters of short options
	low("gofmt --w .", "format-write"),
	low("gofmt -w=1 x.go", "format-write"),
	dangerous("gofmt --w /etc/x.go", "write-system"),
	minimal("gofmt -w=false -l .", "check-only"),
	low("shfmt -lw .", "format-write"),
	low("typos -wv", "format-write"),
	low("codespell -wi3", "format-write"),
	low("clang-format --i src/a.c", "format-write"),
	dangerous("gofmt -w /etc/x.go", "write-system"),
	high("gofmt -w ../other/x.go", "write-outside"),
	minimal("rustfmt --check src/main.rs", "check-only"),
	minimal("rustfmt --emit stdout src/main.rs", "check-only"),
	low("rustfmt src/main.rs", "format-write"),
	minimal("black --check --diff .", "check-only"),
	low("black src tests", "format-write"),
	minimal("shfmt -d -i 2 .", "check-only"),
	low("shfmt -w scripts", "format-write"),
	minimal("clang-format --dry-run --Werror src/a.c", "check-only"),
	minimal("shellcheck -x scripts/*.sh", "check-only"),
	minimal("yamllint --strict .", "check-only"),
	minimal("hadolint Dockerfile", "check-only"),
	minimal("actionlint", "check-only"),
	minimal("codespell --skip=.git", "check-only"),
	low("codespell -w", "format-write"),
	minimal("typos", "check-only"),
	low("typos --write-changes", "format-write"),
	minimal("swiftlint --strict", "check-only"),
	low("swiftlint --fix", "format-write"),
	minimal("hlint src tests", "check-only"),
	medium("hlint --refactor --refactor-options=-i src/A.hs", "lint"),
	minimal(`find . -name '*.sh' -exec shellcheck {} +`, "check-only"),
	// a secret is read whatever the checker
	high("shellcheck ~/.ssh/id_rsa", "read-secret"),
	// an operand not known now may be anywhere
	high(`shfmt -w "$F"`, ""),
	// cargo fmt writes unless --check; rustup's +TOOLCHAIN word is not the
	// subcommand (issue 29)
	minimal("cargo fmt --all --check", "check-only"),
	minimal("cargo fmt -- --check", "check-only"),
	minimal("cargo +nightly fmt --check", "check-only"),
	low("cargo fmt --all", "format-write"),
	medium("cargo +stable clippy --all-targets -- -D warnings", "lint"),
	medium("cargo +1.75 build", "build"),
	medium("cargo hack check --each-feature", "build"),
	medium("cargo miri test", "build"),
	high("cargo +nightly frobnicate", "cargo"),
	// runners that run a program in the project's environment, judged as
	// that program; a build tool's run of the project's own program runs
	// in the box (issue 29)
	minimal("stack exec -- hlint src app test", "check-only"),
	dangerous("stack exec -- rm -rf ~", ""),
	high("dotnet run", "run-program"),
	high("mvn exec:java -pl application", "run-program"),
	medium("make -j$(nproc)", "build"),
	medium(`make -j"$N" test`, "build"),
	high("make $TARGET", "dynamic-subcommand"),
	medium("rake rubocop:autocorrect", "rails-test"),
	medium("HUGO_ENV=production hugo --minify", "build"),
	// linters that load the project's code or plugins stay the lint rule
	medium("eslint .", "lint"),
	medium("golangci-lint run", "lint"),
}
