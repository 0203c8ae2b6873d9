package classify

import "testing"

// TestFootholdsHeldOut holds spellings written after the foothold class
// (policy_footholds.go) was built and kept out of integrityCases: other
// programs, other files of the same tools, other depths and cases. Each
// is at least high and never dangerous-free low.
func TestFootholdsHeldOut(t *testing.T) {
	for _, cmd := range []string{
		"install -m 644 /tmp/c pkg/.pre-commit-config.yaml",
		"sed -i 's/a/b/' .lefthook.json",
		"dd if=/tmp/x of=lefthook.jsonc",
		"echo x > .lefthook-local/commit-msg/check",
		"cp /tmp/x hk.pkl",
		"printf x | tee gradle/wrapper/gradle-wrapper.jar",
		"echo x > .mvn/jvm.config",
		"ln -sf /tmp/r .yarn/releases/yarn-4.cjs",
		"cp /tmp/h .pnpmfile.mjs",
		"echo x > web/.bunfig.toml",
		"mv /tmp/rc user.bazelrc",
		"echo x > tools/bazel",
		"cp /tmp/m .mise/config.toml",
		"echo x > .config/mise/conf.d/10.toml",
		"echo x > ~/.config/direnv/direnvrc",
		"echo x >> .direnvrc",
		"cp x .devcontainer.json",
		"echo x > Gradle/Wrapper/GRADLE-WRAPPER.PROPERTIES",
		"rsync /tmp/x ./.overcommit.yml",
		// issue 27, class 1: editors' MCP servers and hooks, more
		// start-up files
		"sed -i 's/a/b/' .VSCode/MCP.json",
		"install -m 600 /tmp/s web/.zed/settings.json",
		"cp /tmp/h .kiro/hooks/",
		"echo '{}' > .kiro/settings/mcp.json",
		"cp /tmp/a .amazonq/default.json",
		"echo x > .continue/mcpServers/db.yaml",
		"ln -sf /tmp/d devbox.json",
		"printf 'x' | tee -a app/.bazeliskrc",
		"mv /tmp/o .mill-jvm-opts",
		"echo stable > rust-toolchain",
		"echo '[hook]' > .flox/env/manifest.toml",
		"cp /tmp/j svc/.jvmopts",
	} {
		v := Classify(cmd, testEnv)
		if v.Level < High {
			t.Errorf("Classify(%q) = %v (rules %v), want at least high: a file that runs code later", cmd, v.Level, ruleIDs(v))
		}
	}
}
