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
	} {
		checkCase(t, tc, testEnv)
	}
}
