package classify

// lintWriteCases: a linter's file operands are written only in its writing
// form (tools_lintwrites.go). A pattern that may reach a guard file is a
// read for a report (a held-out corpus: cspell "**/*" ".github/**/*" was
// dangerous) and stays a write of the guard file in the writing form, in
// every spelling, and where a word only known at run time may be the
// writing option. A linter the table does not list writes in every form.
var lintWriteCases = []classifyCase{
	medium(`cspell "**/*" ".github/**/*"`, "lint"),
	medium(`prettier --check ".github/**/*"`, "lint"),
	medium(`eslint ".claude/**/*.js"`, "lint"),
	medium(`markdownlint ".github/**/*"`, "lint"),
	medium(`rubocop .claude/settings.json`, "lint"),
	medium(`php-cs-fixer fix --dry-run .claude/settings.json`, "lint"),
	medium(`ormolu --mode check ".claude/**/*"`, "lint"),
	medium(`djhtml --check ".claude/**/*"`, "lint"),
	dangerous(`prettier --write ".github/**/*"`, "guard-file"),
	dangerous(`prettier -w ".github/**/*"`, "guard-file"),
	dangerous(`eslint --fix ".claude/**/*"`, "guard-file"),
	dangerous(`eslint --fix=true ".claude/**/*"`, "guard-file"),
	dangerous(`markdownlint --fix ".github/**/*"`, "guard-file"),
	dangerous(`rubocop -A .claude/settings.json`, "guard-file"),
	dangerous(`rubocop --autocorrect-all .claude/settings.json`, "guard-file"),
	dangerous(`php-cs-fixer fix .claude/settings.json`, "guard-file"),
	dangerous(`ormolu --mode inplace ".claude/**/*"`, "guard-file"),
	dangerous(`ormolu --mode=inplace ".claude/**/*"`, "guard-file"),
	dangerous(`djhtml ".claude/**/*"`, "guard-file"),
	dangerous(`phpcbf ".claude/**/*"`, "guard-file"),
	dangerous(`eslint $FLAGS ".claude/**/*"`, ""),
	// every spelling the tools' parsers take (the red team of issue 29)
	dangerous(`markdownlint -f ".github/**/*"`, "guard-file"),
	dangerous(`misspell --w ".claude/**/*"`, "guard-file"),
	dangerous(`rubocop --autocorrect-al .claude/settings.json`, "guard-file"),
	dangerous(`yapf --in ".claude/**/*"`, "guard-file"),
	dangerous(`autopep8 --in-pl ".claude/**/*"`, "guard-file"),
	dangerous(`php-cs-fixer f .claude/settings.json`, "guard-file"),
	dangerous(`rector proc .claude/settings.json`, "guard-file"),
	dangerous(`markdownlint-cli2 ".github/**/*"`, "guard-file"),
	// a linter's report or cache is a file written
	dangerous(`eslint --output-file=$HOME/.bashrc src`, "write-startup-unknown"),
	dangerous(`eslint --output-file ~/.bashrc src`, "write-startup-unknown"),
	dangerous(`mypy --junit-xml ~/.bashrc src`, "write-startup-unknown"),
	dangerous(`prettier --check --cache-location ~/.zshrc src`, "write-startup-unknown"),
	dangerous(`flake8 --output-file=/home/u/.profile src`, "write-startup-unknown"),
	medium(`eslint --output-file reports/eslint.txt src`, "lint"),
	dangerous(`pylint --output-format=json:$HOME/.bashrc src`, ""),
	dangerous(`gosec -out $HOME/.bashrc ./...`, ""),
	dangerous(`phpstan analyse --generate-baseline=$HOME/.bashrc`, ""),
	dangerous(`golangci-lint run --output.json.path=$HOME/.bashrc`, ""),
	dangerous(`ktlint --reporter=plain,output=$HOME/.bashrc`, ""),
	dangerous(`detekt --report txt:$HOME/.bashrc`, ""),
	dangerous(`mocha --reporter xunit --reporter-option output=$HOME/.bashrc`, ""),
	dangerous(`luacheck --cache $HOME/.bashrc .`, ""),
	dangerous(`clang-tidy --export-fixes=$HOME/.bashrc a.c`, ""),
	medium(`pylint --output-format=colorized src`, "lint"),
	medium(`pylint --output-format=json:reports/pylint.json src`, "lint"),
	medium(`mocha --reporter spec`, ""),
	// a linter's options and commands that do more than check
	high(`eslint --init`, "run-package"),
	high(`eslint --inspect-config`, "run-package"),
	high(`checkov -d . --bc-api-key k --repo-id a/b`, "lint-upload"),
	high(`ktlint installGitPreCommitHook`, "git-hooks"),
	medium(`mypy --junit-xml build/mypy.xml src`, "lint"),
	dangerous(`sqlfluff "$SUB" ".claude/**/*"`, ""),
}
