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
}

func TestInstalled(t *testing.T) {
	env := testEnv
	env.Installed = []string{"@biomejs/biome", "eslint", "my-internal-cli", "tsc", "typescript", "vitest"}
	for _, tc := range installedCases {
		checkCase(t, tc, env)
	}
	// without the list nothing is installed
	for _, cmd := range []string{"npx vitest", "npx eslint ."} {
		if v := Classify(cmd, testEnv); v.Level != High {
			t.Errorf("Classify(%q) without Installed = %v, want high", cmd, v.Level)
		}
	}
}
