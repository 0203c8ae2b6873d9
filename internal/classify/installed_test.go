package classify

import (
	"testing"
)

// installedCases run with Env.Installed naming what the project has
// installed (issue 14, class 2): npx of one of those runs the project's
// own copy, judged as that program like npm exec; anything that may fetch
// another copy stays high.
var installedCases = []classifyCase{
	medium("npx vitest", "run-local-bin"),
	medium("npx vitest run --coverage", "build"),
	medium("npx tsc --noEmit", "build"),
	medium("npx eslint .", "lint"),
	// installed, but a program permguard does not know
	high("npx my-internal-cli", "unknown-program"),
	high("npx --no my-internal-cli", "unknown-program"),
	high("npx @biomejs/biome check .", "unknown-program"),
	// what may fetch another copy
	high("npx -y vitest", "run-package"),
	high("npx --yes tsc", "run-package"),
	high("npx vitest@1.2.0", "run-package"),
	high("npx --package=vitest vitest", "run-package"),
	high("npx -p typescript tsc", "run-package"),
	high("npx cowsay hi", "run-package"),
	high("npx ./vitest", "run-package"),
	high("npx $TOOL", "run-package"),
	// the list is of the directory the input starts in
	high("cd packages/web && npx vitest", "run-package"),
	// npm exec is npx; bunx and bun x run the project's copy first
	medium("npm exec eslint .", "lint"),
	medium("npm exec -- tsc --noEmit", "build"),
	medium("npm x vitest", "run-local-bin"),
	medium("bunx vitest", "run-local-bin"),
	medium("bun x eslint .", "lint"),
	high("npm exec cowsay hi", "run-package"),
	high("npm exec --yes vitest", "run-package"),
	high("bunx vitest@1.2.0", "run-package"),
	high("bun x cowsay", "run-package"),
	high("pnpm dlx vitest", "run-package"),
	// npm reads its options anywhere before "--"
	high("npm exec eslint --package=evil .", "run-package"),
	high("npm --package=evil exec eslint .", "run-package"),
	high("npm exec eslint --prefix=/tmp/evil .", "run-package"),
	high("npm --prefix /tmp/evil exec eslint .", "run-package"),
	high("npm exec eslint -w packages/x", "run-package"),
	high("npm exec eslint --userconfig=./evilrc", "run-package"),
	high("bun --cwd=/tmp/evil x eslint", "run-package"),
	medium("npm exec --silent eslint .", "lint"),
	medium("npm exec eslint -- --fix .", "lint"),
	high("export npm_config_package=evil; npm exec eslint .", "env-changes-program"),
	high("export YARN_YARN_PATH=./evil.cjs; yarn test", "env-changes-program"),
}

func TestInstalled(t *testing.T) {
	env := testEnv
	env.Installed = []string{"@biomejs/biome", "eslint", "my-internal-cli", "tsc", "typescript", "vitest"}
	for _, tc := range installedCases {
		checkCase(t, tc, env)
	}
	// without the list nothing is installed
	for _, cmd := range []string{"npx vitest", "npx eslint .", "npm exec vitest", "bunx vitest"} {
		if v := Classify(cmd, testEnv); v.Level != High {
			t.Errorf("Classify(%q) without Installed = %v, want high", cmd, v.Level)
		}
	}
}
