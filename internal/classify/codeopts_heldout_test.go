package classify

import (
	"slices"
	"strings"
	"testing"
)

// TestCodeOptsHeldOut holds spellings of the options that load code
// (tools_codeopts.go), written before that table and not tuned on: other
// abbreviations, clusters, glued values, wrappers and project copies. A
// file outside the workspace is the user's or the system's, not code
// nobody has seen: high, and high besides unseen code. One in the
// workspace or a temporary directory adds nothing.
func TestCodeOptsHeldOut(t *testing.T) {
	outside := []string{
		`make --makefil=/home/u/other/x.mk`,
		`gmake -sk -f ../sibling/Makefile all`,
		`make -sf /srv/build/x.mk`,
		`make --include-dir /home/u/mk test`,
		`make -I/opt/mk check`,
		`make -f Makefile -f /opt/extra.mk`,
		`gradle -q -Ibuild/../../x.gradle test`,
		`./gradlew test --settings-file=/home/u/s.gradle`,
		`gradlew --init-script ../x/init.gradle assemble`,
		`vendor/bin/phpunit --bootstrap=/home/u/x.php`,
		`vendor/bin/phpunit -c /etc/phpunit.xml`,
		`phpunit --configuration ../other/phpunit.xml tests`,
		`pnpm exec eslint --rulesdir /opt/rules src`,
		`node_modules/.bin/eslint -c ../shared/eslint.config.js .`,
		`node_modules/.bin/eslint --resolve-plugins-relative-to=/home/u src`,
		`node_modules/.bin/prettier --plugin=/home/u/p.js --check .`,
		`node_modules/.bin/jest --config=/srv/jest.config.js`,
		`node_modules/.bin/vitest run --config /home/u/vitest.config.ts`,
		`bundle exec rspec --require /home/u/spec_helper.rb`,
		`bundle exec rubocop --config=../other/.rubocop.yml`,
		`bin/rspec -r/opt/x.rb`,
		`php -dauto_append_file=/home/u/x.php artisan list`,
		`php --define auto_prepend_file=/opt/x.php vendor/bin/phpunit`,
		`php -d zend_extension=/home/u/x.so artisan list`,
		`uv run pytest -c /home/u/pytest.ini`,
		`pytest --rootdir=/home/u`,
		`mocha --require /home/u/setup.js`,
		`node_modules/.bin/mocha -r ../x/hooks.js test/`,
		`node_modules/.bin/webpack --config /opt/webpack.config.js`,
		`node_modules/.bin/rollup -c /home/u/rollup.config.mjs`,
		`node_modules/.bin/babel src --config-file=/home/u/b.json -d lib`,
		`cabal exec --project-dir=/opt/proj -- ghc --version`,
		`node --require /home/u/x.js test.js`,
		`make -f "$MK"`,
		`vendor/bin/phpunit --bootstrap "$B"`,
	}
	for _, cmd := range outside {
		v := Classify(cmd, testEnv)
		if v.Level != High {
			t.Errorf("Classify(%q) = %v (rules %s), want high", cmd, v.Level, ruleIDs(v))
			continue
		}
		if got := v.LevelBesidesUnseen(); got != High {
			t.Errorf("Classify(%q).LevelBesidesUnseen() = %v (rules %s), want high: a file outside the workspace is not unseen code", cmd, got, ruleIDs(v))
		}
	}
	inside := []string{
		`make --makefile=build/x.mk`,
		`make -sf build/x.mk all`,
		`make -f /tmp/x.mk`,
		`gmake -I mk check`,
		`./gradlew -I gradle/init.gradle test`,
		`vendor/bin/phpunit --bootstrap tests/bootstrap.php`,
		`node_modules/.bin/eslint --rulesdir=tools/rules src`,
		`node_modules/.bin/jest -c jest.ci.config.js`,
		`bundle exec rspec -r ./spec/support/x.rb`,
		`php -d auto_prepend_file=tests/prepend.php artisan list`,
		`pytest -c /tmp/pytest.ini`,
	}
	for _, cmd := range inside {
		v := Classify(cmd, testEnv)
		if slices.Contains(strings.Fields(ruleIDs(v)), "load-code-outside") {
			t.Errorf("Classify(%q) rules = %s: a file in the workspace or a temporary directory is the project's", cmd, ruleIDs(v))
		}
		if got := v.LevelBesidesUnseen(); got > Medium {
			t.Errorf("Classify(%q).LevelBesidesUnseen() = %v (rules %s), want at most medium", cmd, got, ruleIDs(v))
		}
	}
}
