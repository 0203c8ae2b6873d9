package classify

import "testing"

// TestGuardHeldOut holds spellings that were kept out of integrityCases
// while the rule was written, and run only once it was done: they check
// that the rule is about the files and the variables, not about the words
// of the table. None of these commands, programs or path forms appear in
// guardSpellings.
func TestGuardHeldOut(t *testing.T) {
	for _, cmd := range []string{
		// other programs that write, link, sync or change a file
		"install -m 644 /tmp/x .claude/settings.json",
		"ln -sf /tmp/evil.json .claude/settings.local.json",
		"truncate -s 0 .cursor/hooks.json",
		"rsync -a /tmp/evil/ .github/hooks/",
		"perl -pi -e 's/permguard/true/' .gemini/settings.json",
		"chown nobody .cursor/hooks.json",
		"setfacl -m u:nobody:--- .claude/settings.json",
		"touch .claude/settings.local.json",
		"sed -i.bak 's/a/b/' ~/.cursor/hooks.json",
		"dd of=.github/hooks/x.json if=/tmp/x",
		"cp -t .pi/extensions /tmp/evil.ts",
		"cp -r /tmp/evil ~/.gemini/extensions/",
		"ln -s /tmp/evilplugins .opencode/plugins",
		"mv .claude .claude.off",
		"rm -rf ~/.pi/agent/extensions",
		"git restore --source HEAD~3 .claude/settings.json",
		"git stash push -- .cursor/hooks.json",
		// other redirections
		"echo '{}' &> .mcp.json",
		"echo '{}' >| .codex/config.toml",
		"exec 3> .opencode/plugin/permguard.js",
		": > .github/hooks/permguard.json",
		"> .claude/settings.local.json",
		"printf '{}' > /home/u/proj/.mcp.json",
		"tee -a ~/.claude/settings.json < /tmp/x",
		"cat > .cursor/hooks.json <<'EOF'\n{}\nEOF",
		// other interpreters
		`node -e 'require("fs").writeFileSync(".claude/settings.json", "{}")'`,
		`ruby -e 'File.write(".codex/hooks.json", "{}")'`,
		`awk 'BEGIN{print "x" > ".claude/settings.json"}'`,
		// wrapped, and the path spelled otherwise
		"bash -c 'echo {} > .claude/settings.local.json'",
		`sh -c "rm -f ~/.codex/hooks.json"`,
		"cd .claude && echo '{}' > settings.local.json",
		"echo '{}' > .Claude/Settings.Local.json",
		"echo '{}' > ./src/../.claude/settings.json",
		`echo x >'.claude'/"settings.json"`,
		"echo '{}' > $HOME/.claude/settings.json",
		`rm "${HOME}/.codex/hooks.json"`,
		"cd /elsewhere/repo && echo '{}' > .claude/settings.json",
		// permguard's variables
		"echo 'PERMGUARD_LEVEL=high' >> ~/.profile",
		`printf 'export PERMGUARD_MODE=ask\n' >> ~/.zshrc`,
		"cat >> ~/.bashrc <<'EOF'\nexport PERMGUARD_LEVEL=high\nEOF",
		"echo 'export PERMGUARD''_LEVEL=high' >> ~/.bashrc",
		"export -n PERMGUARD_LEVEL",
		"declare +x PERMGUARD_LEVEL",
		"typeset -x PERMGUARD_LEVEL=high",
		"env -uPERMGUARD_LEVEL claude",
		"launchctl unsetenv PERMGUARD_LEVEL",
		"systemctl --user unset-environment PERMGUARD_LEVEL",
		"tmux setenv -u PERMGUARD_LEVEL",
		"screen -X setenv PERMGUARD_LEVEL high",
		// permguard itself
		"permguard deny 'rm *'",
		"permguard config edit",
		"permguard uninstall claude",
		"/usr/local/bin/permguard level high",
		"permguard exec --level \"$L\" ls",
	} {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v (rules %s), want dangerous", cmd, v.Level, ruleIDs(v))
		}
	}
	for _, tc := range []struct {
		call ToolCall
	}{
		{ToolCall{Kind: ToolFileWrite, Name: "MultiEdit", Paths: []string{".claude/settings.json"}}},
		{ToolCall{Kind: ToolFileWrite, Name: "apply_patch", Paths: []string{"src/a.go", ".codex/config.toml"}}},
		{ToolCall{Kind: ToolFileWrite, Name: "write_file", Paths: []string{"/home/u/.gemini/settings.json"}}},
		{ToolCall{Kind: ToolFileDelete, Name: "Delete", Paths: []string{".cursor/mcp.json"}}},
		{ToolCall{Kind: ToolFileWrite, Name: "edit", Paths: []string{"../other/.github/hooks/x.json"}}},
	} {
		if v := ClassifyTool(tc.call, testEnv); !v.Dangerous {
			t.Errorf("ClassifyTool(%+v) = %v, want dangerous", tc.call, v.Level)
		}
	}
	// footholds, at least high
	for _, cmd := range []string{
		"cp /tmp/hook .husky/pre-push",
		"tee .vscode/settings.json < /tmp/x",
		"mkdir -p .devcontainer && echo '{}' > .devcontainer/devcontainer.json",
		"echo 'import os' > venv/lib/python3.11/site-packages/zz.pth",
		"git -C sub config core.hooksPath .hooks; echo x > sub/.hooks/pre-commit",
		"sed -i s/a/b/ .git/modules/lib/config",
	} {
		if v := Classify(cmd, testEnv); v.Level < High {
			t.Errorf("Classify(%q) = %v (rules %s), want at least high", cmd, v.Level, ruleIDs(v))
		}
	}
}
