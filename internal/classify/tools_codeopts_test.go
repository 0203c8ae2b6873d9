package classify

import (
	"slices"
	"strings"
	"testing"
)

// codeOptCases are the options that load code (tools_codeopts.go): a
// file in the workspace or a temporary directory keeps the tool's own
// verdict; one in the home directory, elsewhere, only known at run time
// or from the network is high, and not code nobody has seen (checked in
// TestCodeOpts).
var codeOptCases = []classifyCase{
	// servers, which run in the box unasked: what they load from
	// elsewhere is the user's code (the red team of issue 29)
	high("jupyter lab --config $HOME/x.py", "load-code-outside"),
	high("mkdocs serve -f $HOME/x/mkdocs.yml", "load-code-outside"),
	high("jekyll serve --plugins ~/p", "load-code-outside"),
	high("astro dev --root /opt/site", "load-code-outside"),
	high("mkdocs serve -f docs/mkdocs.yml", "run-server"),
	high(`jest --transform '{"^.+$":"/opt/t.js"}'`, "load-code-outside"),
	high("jest --watchPlugins /opt/w.js", "load-code-outside"),
	high("jest --snapshotResolver=/opt/s.js", "load-code-outside"),
	high("jest --moduleDirectories /opt/mods", "load-code-outside"),
	medium("jest --moduleDirectories node_modules src", "build"),
	high("mocha --loader=$HOME/l.mjs", "load-code-outside"),
	high("php -d opcache.preload=$HOME/x.php vendor/bin/phpunit", "load-code-outside"),
	// linters' plugins and checks
	high("mypy --python-executable $HOME/evil/python src", "load-code-outside"),
	high("clang-tidy -load=$HOME/x.so a.c", "load-code-outside"),
	high("cppcheck --addon=$HOME/x.py .", "load-code-outside"),
	medium("cppcheck --addon=misra .", "lint"),
	high("brakeman --add-checks-path $HOME/checks", "load-code-outside"),
	high("htmlhint --rulesdir $HOME/rules .", "load-code-outside"),
	high("commitlint --extends $HOME/x.js", "load-code-outside"),
	medium("commitlint --extends @commitlint/config-conventional", "lint"),
	high("checkov -d . --external-checks-dir $HOME/checks", "load-code-outside"),
	high("cspell -c $HOME/x.cjs .", "load-code-outside"),
	high("spotbugs -textui -pluginList $HOME/p.jar app.jar", "load-code-outside"),
	// the red team's five
	high(`./gradlew --init-script=$HOME/Downloads/x.gradle test`, "load-code-outside"),
	high(`vendor/bin/phpunit --bootstrap ~/x.php`, "load-code-outside"),
	high(`node_modules/.bin/eslint --rulesdir ~/rules .`, "load-code-outside"),
	high(`php -d auto_prepend_file=~/x.php artisan list`, "load-code-outside"),
	high(`make -f ~/other/x.mk`, "load-code-outside"),

	// gradle and its wrapper: -I/--init-script, -c/--settings-file,
	// --include-build, -g/--gradle-user-home; Gradle's parser forgives
	// -long and --x, and takes -x=v
	medium(`./gradlew -I gradle/init.gradle test`, "build"),
	medium(`gradle --init-script=/tmp/init.gradle build`, "build"),
	medium(`gradle -c settings-ci.gradle build`, "build"),
	high(`gradle -I /home/u/init.gradle build`, "load-code-outside"),
	high(`gradle -I/opt/ci/init.gradle build`, "load-code-outside"),
	high(`gradle -I=/opt/ci/init.gradle build`, "load-code-outside"),
	high(`gradle -qI/opt/ci/init.gradle build`, "load-code-outside"),
	high(`gradle -init-script /opt/ci/init.gradle build`, "load-code-outside"),
	high(`gradle --I /opt/ci/init.gradle build`, "load-code-outside"),
	high(`./gradlew build --init-script "$INIT"`, "load-code-outside"),
	high(`./gradlew --settings-file ../other/settings.gradle build`, "load-code-outside"),
	high(`gradlew -c /home/u/settings.gradle.kts assemble`, "load-code-outside"),
	high(`gradle --include-build ../shared-build build`, "load-code-outside"),
	high(`gradle -g /opt/gradle-home build`, "load-code-outside"),
	dangerous(`gradle --include-build .codex build`, guardRuleID),
	// judged after the tool's own rules, which read the verdict so far:
	// the tree in a guard directory keeps its dangerous rule
	dangerous(`gradle -p .codex -I /opt/x.gradle build`, guardRuleID),
	dangerous(`./gradlew -I /opt/x.gradle -p .codex build`, guardRuleID),

	// make: -f/--file/--makefile, -I/--include-dir, read by make's own
	// option spec (abbreviations, clusters, several -f)
	medium(`make -f build/x.mk`, "build"),
	medium(`make --makefile=/tmp/x.mk all`, "build"),
	medium(`make -f "$TMPDIR/x.mk"`, "build"),
	medium(`make -f /var/tmp/x.mk`, "build"),
	medium(`gmake -I mk check`, "build"),
	high(`make -f /opt/x.mk`, "load-code-outside"),
	high(`make -f/opt/x.mk`, "load-code-outside"),
	high(`make --file=/home/u/x.mk`, "load-code-outside"),
	high(`make --file /home/u/x.mk`, "load-code-outside"),
	high(`make --makef=/home/u/x.mk`, "load-code-outside"),
	high(`make -kf /opt/x.mk all`, "load-code-outside"),
	high(`make -kf/opt/x.mk all`, "load-code-outside"),
	high(`make test -f /opt/x.mk`, "load-code-outside"),
	high(`make -f Makefile -f ../x.mk`, "load-code-outside"),
	high(`make -I /home/u/mk`, "load-code-outside"),
	high(`make --include-dir=/opt/mk`, "load-code-outside"),
	high(`make --inc /opt/mk all`, "load-code-outside"),
	high(`make -f "$MK"`, "load-code-outside"),
	high(`make -f $(cat which)`, "load-code-outside"),
	high(`make -f https://example.com/x.mk`, "load-code-outside"),
	high(`cd /opt && make -f x.mk`, "load-code-outside"),
	high(`make -C sub -f ../../x.mk`, "load-code-outside"),
	high(`env make -f /opt/x.mk`, "load-code-outside"),
	high(`timeout 60 make -f /opt/x.mk`, "load-code-outside"),
	high(`make -f .claude/settings.json`, "load-code-outside"),
	// an ambiguous abbreviation is an error to make: it runs nothing
	medium(`make --m /opt/x.mk`, "build"),

	// php: -c/--php-ini, -z/--zend-extension, -d/--define with the
	// directives that load code; php's options end at the script
	medium(`php -d auto_prepend_file=tests/prepend.php artisan list`, "run-project-bin"),
	medium(`php -d memory_limit=-1 artisan test`, "run-project-bin"),
	medium(`php -d extension=redis artisan list`, "run-project-bin"),
	medium(`php -d auto_prepend_file=/tmp/p.php artisan list`, "run-project-bin"),
	high(`php -dauto_prepend_file=/home/u/x.php artisan list`, "load-code-outside"),
	high(`php -d auto_append_file=/opt/x.php artisan list`, "load-code-outside"),
	high(`php --define=auto_prepend_file=/opt/x.php artisan list`, "load-code-outside"),
	high(`php -d AUTO_PREPEND_FILE=/opt/x.php artisan list`, "load-code-outside"),
	high(`php -d extension=/opt/x.so artisan list`, "load-code-outside"),
	high(`php -d zend_extension=../x.so artisan list`, "load-code-outside"),
	high(`php -d extension_dir=/opt/ext artisan list`, "load-code-outside"),
	high(`php -d include_path=.:/opt/lib artisan list`, "load-code-outside"),
	high(`php -d "$SETTING" artisan list`, "load-code-outside"),
	high(`php -d auto_prepend_file="$F" artisan list`, "load-code-outside"),
	high(`php -c /home/u/php.ini artisan list`, "load-code-outside"),
	high(`php --php-ini /opt/php.ini artisan list`, "load-code-outside"),
	high(`php -z /opt/xdebug.so artisan list`, "load-code-outside"),
	high(`php -c /opt/php.ini -r 'echo 1;'`, "load-code-outside"),
	// after the script, the words are the script's own
	medium(`php artisan list -c /opt/x`, "run-project-bin"),

	// phpunit: --bootstrap, -c/--configuration, --include-path, -d;
	// sebastian/cli-parser takes unique prefixes
	medium(`vendor/bin/phpunit --bootstrap tests/bootstrap.php`, "build"),
	medium(`phpunit -c phpunit.xml.dist`, "build"),
	medium(`phpunit --bootstrap=/tmp/b.php`, "build"),
	high(`phpunit --bootstrap /opt/b.php`, "load-code-outside"),
	high(`phpunit --bootstrap=/opt/b.php`, "load-code-outside"),
	high(`phpunit --boot=/opt/b.php`, "load-code-outside"),
	high(`phpunit -c /home/u/phpunit.xml`, "load-code-outside"),
	high(`phpunit -c/home/u/phpunit.xml`, "load-code-outside"),
	high(`phpunit --configuration=../phpunit.xml`, "load-code-outside"),
	high(`phpunit --include-path src:/opt/lib`, "load-code-outside"),
	high(`phpunit -d auto_prepend_file=/opt/x.php`, "load-code-outside"),
	high(`phpunit --bootstrap "$B"`, "load-code-outside"),
	high(`php vendor/bin/phpunit --bootstrap /opt/x.php`, "load-code-outside"),
	high(`composer exec phpunit -- --bootstrap /opt/x.php`, "load-code-outside"),
	high(`pest --bootstrap /opt/x.php`, "load-code-outside"),

	// eslint: -c/--config, --rulesdir, --resolve-plugins-relative-to,
	// -f/--format and --parser/--plugin when they are paths
	medium(`node_modules/.bin/eslint --rulesdir tools/rules src`, "lint"),
	medium(`eslint -c eslint.config.js .`, "lint"),
	medium(`eslint -f stylish .`, "lint"),
	medium(`eslint --plugin @foo/bar .`, "lint"),
	medium(`eslint --rulesdir=/tmp/rules .`, "lint"),
	high(`eslint --rulesdir /opt/rules .`, "load-code-outside"),
	high(`eslint --rulesdir=/opt/rules .`, "load-code-outside"),
	high(`eslint --resolve-plugins-relative-to /opt/plugins .`, "load-code-outside"),
	high(`eslint -f ../fmt.js .`, "load-code-outside"),
	high(`eslint --format=/opt/fmt.js .`, "load-code-outside"),
	high(`eslint --parser /opt/parser.js .`, "load-code-outside"),
	high(`npx --no-install eslint --rulesdir /opt/rules .`, "load-code-outside"),
	high(`pnpm exec eslint --rulesdir="$R" .`, "load-code-outside"),

	// prettier: --config, --plugin as a path, --plugin-search-dir
	medium(`prettier --config .prettierrc.js --check .`, "lint"),
	medium(`prettier --plugin prettier-plugin-tailwindcss --check .`, "lint"),
	medium(`prettier --plugin ./plugins/p.js --check .`, "lint"),
	high(`prettier --config /home/u/.prettierrc.js --check .`, "load-code-outside"),
	high(`prettier --plugin=/home/u/p.mjs --check .`, "load-code-outside"),
	high(`prettier --plugin-search-dir /opt --check .`, "load-code-outside"),

	// jest (yargs: kebab-case too, arrays), vitest, webpack, vite, rollup
	medium(`jest -c jest.config.js`, "build"),
	medium(`jest --testEnvironment jsdom`, "build"),
	medium(`jest --config=/tmp/jest.config.js`, "build"),
	high(`jest -c /opt/jest.config.js`, "load-code-outside"),
	high(`jest --config /home/u/jest.config.js`, "load-code-outside"),
	high(`jest --config '{"setupFiles": ["/opt/x.js"]}'`, "load-code-outside"),
	high(`jest --rootDir /opt/x`, "load-code-outside"),
	high(`jest --root-dir=/opt/x`, "load-code-outside"),
	high(`jest --roots src /opt/x`, "load-code-outside"),
	high(`jest --setupFilesAfterEnv ./a.js /opt/b.js`, "load-code-outside"),
	high(`jest --setup-files-after-env /opt/x.js`, "load-code-outside"),
	high(`jest --testEnvironment ../env.js`, "load-code-outside"),
	high(`jest --globalSetup=/opt/setup.js`, "load-code-outside"),
	high(`yarn jest --config /opt/x.js`, "load-code-outside"),
	medium(`vitest run -c vitest.config.ts`, "build"),
	high(`vitest run --config /home/u/vitest.config.ts`, "load-code-outside"),
	high(`vitest run -r /opt/app`, "load-code-outside"),
	high(`vitest --root=/opt/app`, "load-code-outside"),
	medium(`webpack -c webpack.config.js`, "build"),
	medium(`webpack --config=/tmp/w.js`, "build"),
	high(`webpack --config /opt/webpack.config.js`, "load-code-outside"),
	high(`webpack -c/opt/webpack.config.js`, "load-code-outside"),
	medium(`vite build -c vite.config.ts`, "build"),
	high(`vite build -c /home/u/vite.config.ts`, "load-code-outside"),
	high(`vite build --config=../vite.config.ts`, "load-code-outside"),
	medium(`rollup -c rollup.config.mjs`, "build"),
	medium(`rollup -c`, "build"),
	high(`rollup -c /home/u/rollup.config.mjs`, "load-code-outside"),
	high(`rollup --config=/opt/r.mjs`, "load-code-outside"),
	high(`rollup -c -p /opt/plugin.js`, "load-code-outside"),
	high(`rollup -c --configPlugin /opt/p.js`, "load-code-outside"),
	high(`rollup -c --config-plugin /opt/p.js`, "load-code-outside"),

	// babel (a program the tables do not know: high, but only unseen
	// code when its files are the project's)
	high(`babel src --config-file /home/u/b.json -d lib`, "load-code-outside"),
	high(`node_modules/.bin/babel src --presets @babel/env,/opt/p.js -d lib`, "load-code-outside"),

	// rubocop, rspec, rake: Ruby's OptionParser takes prefixes and -xVALUE
	medium(`rubocop -c .rubocop.yml`, "lint"),
	medium(`bundle exec rubocop -r rubocop-rails`, "lint"),
	high(`rubocop -c /home/u/.rubocop.yml`, "load-code-outside"),
	high(`rubocop --config=../.rubocop.yml`, "load-code-outside"),
	high(`rubocop --req ../x.rb`, "load-code-outside"),
	high(`rubocop -r/opt/x.rb`, "load-code-outside"),
	high(`rubocop --plugin /opt/p.rb`, "load-code-outside"),
	medium(`rspec -r ./spec/support.rb`, "build"),
	medium(`bundle exec rspec -r ./spec/x.rb`, "build"),
	medium(`rspec -I lib`, "build"),
	high(`rspec -r /opt/x.rb`, "load-code-outside"),
	high(`rspec --require=/home/u/x.rb`, "load-code-outside"),
	high(`rspec --requ /home/u/x.rb`, "load-code-outside"),
	high(`rspec -I lib:/opt/lib`, "load-code-outside"),
	high(`rspec -I/opt/lib`, "load-code-outside"),
	high(`rspec -O /home/u/.rspec`, "load-code-outside"),
	high(`rspec --default-path /opt/specs`, "load-code-outside"),
	high(`bin/rspec --require /opt/x.rb`, "load-code-outside"),
	high(`rake -f /opt/Rakefile`, "load-code-outside"),
	high(`rake --rakel /opt/tasks`, "load-code-outside"),

	// pytest: -c/--config-file, --rootdir, --confcutdir, -o pythonpath=,
	// @file; no abbreviations (argparse with allow_abbrev=False)
	medium(`pytest -c pytest.ini`, "build"),
	medium(`pytest --rootdir=.`, "build"),
	medium(`pytest --rootdir=/home/u/proj`, "build"),
	medium(`pytest -c /tmp/pytest.ini`, "build"),
	medium(`pytest @args.txt`, "build"),
	medium(`python3 -m pytest -c /tmp/p.ini`, "build"),
	high(`pytest -c /opt/pytest.ini`, "load-code-outside"),
	high(`pytest -qc /opt/pytest.ini`, "load-code-outside"),
	high(`pytest -qc/opt/pytest.ini`, "load-code-outside"),
	high(`pytest --config-file=/home/u/pytest.ini`, "load-code-outside"),
	high(`pytest --rootdir=/home/u`, "load-code-outside"),
	high(`pytest --rootdir=..`, "load-code-outside"),
	high(`pytest --confcutdir /`, "load-code-outside"),
	high(`pytest -o pythonpath="src /opt/x"`, "load-code-outside"),
	high(`pytest --override-ini=pythonpath=/opt/x`, "load-code-outside"),
	high(`pytest @/opt/args.txt`, "load-code-outside"),
	high(`python -m pytest --rootdir=/opt -q`, "load-code-outside"),
	high(`uv run pytest -c /home/u/pytest.ini`, "load-code-outside"),
	high(`poetry run pytest -c /opt/x.ini`, "load-code-outside"),
	dangerous(`pytest --rootdir=.codex`, guardRuleID),

	// mocha: -r/--require, --config, --package, --file, -R/--reporter, -u/--ui
	medium(`mocha --require ./test/setup.js`, "build"),
	medium(`mocha -r ts-node/register 'test/**/*.ts'`, "build"),
	high(`mocha --require /home/u/setup.js`, "load-code-outside"),
	high(`mocha -r ../x/hooks.js test/`, "load-code-outside"),
	high(`mocha --config /opt/.mocharc.js`, "load-code-outside"),
	high(`mocha --file=/opt/setup.js`, "load-code-outside"),
	high(`mocha -R /opt/reporter.js`, "load-code-outside"),

	// cabal: the project directory and file are its tree too
	medium(`cabal build --project-dir=.`, "build"),
	medium(`cabal build --project-file=cabal.project`, "build"),
	high(`cabal build --project-dir=/opt/x`, "load-code-outside"),
	high(`cabal build --project-file=/opt/x/cabal.project`, "load-code-outside"),
	high(`cabal exec --project-dir=/opt/proj -- ghc --version`, "load-code-outside"),
	high(`cabal exec --project-file=/opt/x/cabal.project -- ghc --version`, "load-code-outside"),
	dangerous(`cabal build --project-file=.codex/cabal.project`, guardRuleID),

	// uv run, uv tool run, uvx: --with-requirements, --with-editable;
	// after the command, the words are the command's
	medium(`uv run --with-requirements requirements-dev.txt pytest`, "run-in-env-sync"),
	medium(`uv run pytest --with-requirements /opt/r.txt`, "run-in-env-sync"),
	high(`uv run --with-requirements /opt/r.txt pytest`, "load-code-outside"),
	high(`uv run --with-requirements=/home/u/r.txt pytest`, "load-code-outside"),
	high(`uv run --with-editable ../lib pytest`, "load-code-outside"),
	high(`uvx --with-requirements /opt/r.txt ruff check`, "load-code-outside"),

	// interpreters: node -r/--require/--import/--loader, ruby -r/-I,
	// perl -I, before the script only
	high(`node -r /opt/x.js app.js`, "load-code-outside"),
	high(`node --require=/home/u/x.js app.js`, "load-code-outside"),
	high(`node --import /opt/x.mjs app.js`, "load-code-outside"),
	high(`node --loader ../loader.mjs app.js`, "load-code-outside"),
	high(`node --title t -r /opt/x.js app.js`, "load-code-outside"),
	high(`ruby -r/opt/x.rb t.rb`, "load-code-outside"),
	high(`ruby -I /opt/lib t.rb`, "load-code-outside"),
	high(`perl -I/opt/lib t.pl`, "load-code-outside"),
	high(`node node_modules/.bin/jest -c /opt/x.js`, "load-code-outside"),

	// other tools whose documentation names such an option
	high(`mypy --config-file /opt/m.ini src`, "load-code-outside"),
	high(`pylint --rcfile=/opt/pylintrc src`, "load-code-outside"),
	high(`flake8 --append-config /home/u/x.cfg`, "load-code-outside"),
	high(`tox -c /opt/tox.ini`, "load-code-outside"),
	high(`nox -f /opt/noxfile.py`, "load-code-outside"),
	high(`pre-commit run -c /home/u/x.yaml`, "load-code-outside"),
	high(`task -t /opt/Taskfile.yml build`, "load-code-outside"),
	high(`ninja -f /opt/build.ninja`, "load-code-outside"),
	high(`bazel --bazelrc=/home/u/x.rc build //...`, "load-code-outside"),
	high(`playwright test -c /opt/pw.config.ts`, "load-code-outside"),
	high(`cypress run --config-file /opt/c.js`, "load-code-outside"),
	high(`phpstan analyse --autoload-file=/opt/x.php`, "load-code-outside"),
	high(`php-cs-fixer fix --config=/opt/x.php`, "load-code-outside"),
	high(`phpcs --standard=/opt/ruleset.xml src`, "load-code-outside"),
	medium(`phpcs --standard=PSR12 src`, "lint"),
	high(`golangci-lint run -c /opt/x.yml`, "load-code-outside"),
}

func TestCodeOpts(t *testing.T) {
	for _, tc := range codeOptCases {
		checkCase(t, tc, testEnv)
		v := Classify(tc.cmd, testEnv)
		has := slices.Contains(strings.Fields(ruleIDs(v)), ruleLoadCodeOutside.id)
		switch {
		case tc.rule == ruleLoadCodeOutside.id && v.LevelBesidesUnseen() != High:
			t.Errorf("Classify(%q).LevelBesidesUnseen() = %v (rules %s), want high: code outside the workspace is not unseen code", tc.cmd, v.LevelBesidesUnseen(), ruleIDs(v))
		case tc.level < High && has:
			t.Errorf("Classify(%q) rules = %s: a file in the workspace or a temporary directory is the project's", tc.cmd, ruleIDs(v))
		}
	}
}

// TestCodeOptsSweep reads every option of the table in every spelling
// its program's parser takes, with a value in each kind of place: the
// workspace and a temporary directory add nothing, the home directory,
// elsewhere and a word only known at run time raise load-code-outside.
func TestCodeOptsSweep(t *testing.T) {
	places := []struct {
		val     string
		outside bool
	}{
		{"src/x", false}, {"/home/u/proj/x", false}, {"/tmp/x", false}, {"$TMPDIR/x", false},
		{"/home/u/x", true}, {"/opt/x", true}, {"../x", true}, {"$X", true},
	}
	for _, name := range codeToolNames() {
		for _, ct := range codeTools.get()[name] {
			pre := name
			if ct.sub != "" {
				pre += " " + ct.sub
			}
			post := " t"
			for _, o := range ct.opts {
				for spell := range strings.FieldsSeq(o.spell) {
					for _, pl := range places {
						val := pl.val
						if o.what == codeModule && !strings.HasPrefix(val, "/") && !strings.HasPrefix(val, "$") {
							val = "./" + val // a module is read as a path only when written as one
						}
						if o.what == codeSetting {
							for k := range ct.settings {
								val = k + "=" + val
								break
							}
						}
						for _, form := range codeOptForms(spell, ct) {
							cmd := pre + " " + strings.ReplaceAll(form, "V", val) + post
							v := Classify(cmd, testEnv)
							has := slices.Contains(strings.Fields(ruleIDs(v)), ruleLoadCodeOutside.id) || v.Dangerous
							// $TMPDIR glued to an option (--config=$TMPDIR/x)
							// is a word only known at run time: the shell
							// stage knows $TMPDIR/x only as a word of its own
							glued := !strings.Contains(form, " V") || o.what == codeSetting
							if want := pl.outside || glued && strings.HasPrefix(pl.val, "$TMPDIR"); has != want {
								t.Errorf("Classify(%q) rules = %s, want load-code-outside %v", cmd, ruleIDs(v), want)
							}
						}
					}
				}
			}
		}
	}
}

// codeOptForms are the spellings of option spell with the value V that
// the program's parser reads.
func codeOptForms(spell string, ct *codeTool) []string {
	conv := ct.conv
	if ct.spec != nil {
		conv = optConv{abbrev: true} // getopt_long
	}
	if strings.HasPrefix(spell, "--") {
		forms := []string{spell + " V", spell + "=V"}
		if conv.abbrev && len(spell) > 4 {
			forms = append(forms, spell[:len(spell)-1]+"=V")
		}
		if conv.dashLong {
			forms = append(forms, spell[1:]+" V")
		}
		return forms
	}
	if len(spell) > 2 {
		return []string{spell + " V", spell + "=V"} // a single-dash long option
	}
	forms := []string{spell + " V", spell + "V"}
	if conv.flags != "" || ct.spec != nil {
		flag := "-s" // make's
		if conv.flags != "" {
			flag = strings.Fields(conv.flags)[0]
		}
		forms = append(forms, flag+spell[1:]+" V", flag+spell[1:]+"V")
	}
	if conv.dashLong {
		forms = append(forms, "-"+spell+" V", spell+"=V")
	}
	return forms
}
