package classify

// permguard itself, as a program an agent runs: changing its own rules or
// setup is a decision for the user.

import (
	"slices"
	"strings"
)

func permguardCommand(c *call) flow {
	ps := positional(c.args)
	if len(ps) > 0 && !ps[0].dyn {
		switch ps[0].val {
		case "check", "explain", "version", "help", "statusline", "doctor", "log", "completion":
			c.raise(r("permguard-read", Minimal, "asks permguard about a command or its state"))
			return flow{kind: flowData}
		case "exec":
			c.raise(r("permguard-exec", Minimal, "runs a command through permguard (classified on its own)"))
			// exec's flags stop at "--" or at the program: it runs
			// "permguard exec rm -rf ~" as surely as with "--"
			i := 0
			for i < len(c.args) && (c.args[i].dyn || c.args[i].val != "exec") {
				i++
			}
			for i++; i < len(c.args); i++ {
				a := c.args[i]
				if a.dyn || a.val == "--level" || strings.HasPrefix(a.val, "--level=") {
					// the agent would pick the level its own command is
					// judged at; a dynamic word may be that flag
					c.raise(danger("self-protect-level", "could switch the guard off: runs a command at a level the agent chooses"))
				}
				if a.val == "--" {
					i++
					break
				}
				if !a.dyn && !strings.HasPrefix(a.val, "-") {
					break
				}
				if a.val == "--level" || a.val == "--writable" {
					i++ // the flag's value
				}
			}
			if i < len(c.args) {
				return c.ctx.inner(c, "permguard exec", c.args[i:], c.stdin)
			}
			return flow{}
		case "config", "rules":
			if len(ps) > 1 && !ps[1].dyn && (ps[1].val == "show" || ps[1].val == "path" || ps[1].val == "validate") || ps[0].val == "rules" {
				c.raise(r("permguard-read", Minimal, "asks permguard about a command or its state"))
				return flow{kind: flowData}
			}
		case "level", "mode":
			if len(ps) == 1 {
				c.raise(r("permguard-read", Minimal, "asks permguard about a command or its state"))
				return flow{kind: flowData}
			}
		}
	}
	c.raise(ruleWriteOwn)
	return flow{kind: flowData}
}

// An agentCLI is a coding agent's own program, as an agent might start
// it: a second agent whose tool calls this guard sees only if its own
// hooks run permguard, which a moved home, a flag or an added extension
// can prevent.
type agentCLI struct {
	// display is how a person calls the agent, for the reason's detail.
	display string
	// target is the install target of internal/hook that guards it, ""
	// for an agent permguard cannot guard (TestAgentProgramsFromRegistry
	// checks that every target has a program here).
	target string
	// unguard are the options that turn the agent's hooks or permission
	// checks off, or load settings, servers or plugins from the command
	// line; with "=" at the end, only with that value glued or as the
	// next word ("--permission-mode=bypassPermissions").
	unguard []string
	// extend are the subcommands, as words, that add or change MCP
	// servers, extensions or plugins: programs the agent starts later.
	extend []string
	// valued are options whose value is the next word: a value not
	// known now there is a value, not an option that could turn the
	// guard off (a prompt, a model's name).
	valued []string
}

// agentProgram returns the agent a program name starts. Each entry's
// options and subcommands come from the agent's own reference, named
// beside it.
func agentProgram(name string) (agentCLI, bool) {
	switch name {
	case "claude":
		// code.claude.com/docs/en/cli-reference: --settings loads a
		// settings file or JSON (disableAllHooks), --setting-sources
		// leaves the user's or project's settings unread, --mcp-config
		// and --plugin-dir add servers and plugins; claude mcp, claude
		// plugin
		return agentCLI{display: "Claude Code", target: "claude",
			unguard: []string{"--dangerously-skip-permissions", "--allow-dangerously-skip-permissions", "--permission-mode=bypassPermissions",
				"--settings", "--setting-sources", "--mcp-config", "--plugin-dir"},
			extend: []string{"mcp add", "mcp add-json", "mcp add-from-claude-desktop", "mcp remove", "plugin install", "plugin enable",
				"plugin disable", "plugin uninstall", "plugin update", "plugin marketplace", "config set", "config add", "config remove"},
			valued: []string{"--model", "--fallback-model", "--output-format", "--input-format", "--max-turns", "--system-prompt",
				"--append-system-prompt", "--add-dir", "--allowedTools", "--allowed-tools", "--disallowedTools", "--disallowed-tools",
				"--resume", "-r", "--session-id", "--agent", "--agents"}}, true
	case "codex":
		// developers.openai.com/codex/cli/reference: -c/--config
		// overrides any key of config.toml (hooks, approvals, sandbox,
		// mcp_servers), --enable/--disable features, --yolo is
		// --dangerously-bypass-approvals-and-sandbox; codex mcp, codex
		// features
		return agentCLI{display: "Codex", target: "codex",
			unguard: []string{"--dangerously-bypass-approvals-and-sandbox", "--yolo", "-c", "--config", "--enable", "--disable",
				"--ask-for-approval=never", "-a=never", "--sandbox=danger-full-access", "-s=danger-full-access"},
			extend: []string{"mcp add", "mcp remove", "mcp login", "features enable", "features disable"},
			valued: []string{"--model", "-m", "--cd", "-C", "--image", "-i", "--profile", "-p", "--output-last-message", "-o", "--add-dir"}}, true
	case "gemini":
		// geminicli.com/docs/cli/cli-reference: --yolo, --approval-mode
		// yolo; gemini extensions, gemini mcp
		return agentCLI{display: "Gemini CLI", target: "gemini",
			unguard: []string{"--yolo", "-y", "--approval-mode=yolo"},
			extend: []string{"extensions install", "extensions link", "extensions uninstall", "extensions enable", "extensions disable",
				"extensions update", "mcp add", "mcp remove"},
			valued: []string{"--model", "-m", "--prompt", "-p", "--prompt-interactive", "-i", "--include-directories", "--output-format", "-o"}}, true
	case "copilot":
		// docs.github.com, GitHub Copilot CLI command reference:
		// --allow-all-tools, --allow-all and --yolo approve every tool,
		// --additional-mcp-config adds servers; copilot plugin, mcp
		return agentCLI{display: "GitHub Copilot CLI", target: "copilot",
			unguard: []string{"--allow-all-tools", "--allow-all", "--yolo", "--allow-all-paths", "--additional-mcp-config"},
			extend:  []string{"plugin install", "plugin uninstall", "plugin enable", "plugin disable", "mcp add", "mcp remove"},
			valued:  []string{"--prompt", "-p", "--model", "--add-dir", "--resume", "--agent"}}, true
	case "cursor-agent":
		// cursor.com/docs/cli/reference/parameters: --force (-f)
		// allows commands unless denied; cursor-agent mcp
		return agentCLI{display: "Cursor CLI", target: "cursor",
			unguard: []string{"--force", "-f", "--yolo"},
			extend:  []string{"mcp enable", "mcp disable", "mcp login"},
			valued:  []string{"--model", "-m", "--output-format", "--resume"}}, true
	case "opencode":
		// opencode.ai/docs/cli: opencode mcp add, opencode plugin
		return agentCLI{display: "opencode", target: "opencode",
			extend: []string{"mcp add", "mcp remove", "plugin install", "plugin add"},
			valued: []string{"--model", "-m", "--agent", "--session", "-s", "--prompt"}}, true
	case "pi":
		// pi's README: --extension (-e) loads an extension,
		// --no-extensions drops permguard's; pi install adds packages
		// of extensions
		return agentCLI{display: "pi", target: "pi",
			unguard: []string{"--extension", "-e", "--no-extensions", "-ne"},
			extend:  []string{"install", "remove", "update"},
			valued:  []string{"--model", "--provider", "--session", "--system-prompt", "--append-system-prompt"}}, true
	case "aider":
		return agentCLI{display: "aider"}, true
	case "goose":
		return agentCLI{display: "goose"}, true
	}
	return agentCLI{}, false
}

// agentPackages are the packages that install each agent's program, as
// its install instructions name them (npm install -g NAME; aider's pip
// package; e2e/agents/package.json pins five of them): a package runner
// (npx, bunx, pnpm dlx, yarn dlx, npm exec, uvx) that runs one, and node
// running a script inside one, start that agent with the words after
// it, judged as the agent's own command line (agentCommand).
// A list, not a map: package init allocates nothing (TestInitWork).
var agentPackages = [...]struct{ pkg, prog string }{
	{"@anthropic-ai/claude-code", "claude"},
	{"@openai/codex", "codex"},
	{"@google/gemini-cli", "gemini"},
	{"@github/copilot", "copilot"},
	{"opencode-ai", "opencode"},
	{"@mariozechner/pi-coding-agent", "pi"},
	{"aider-chat", "aider"},
}

// agentPackage returns the agent program a package name installs (a
// version after it, NAME@1.2, is not part of the name).
func agentPackage(name string) (string, bool) {
	if at := strings.LastIndexByte(name, '@'); at > 0 {
		name = name[:at]
	}
	for _, p := range agentPackages {
		if strings.EqualFold(p.pkg, name) {
			return p.prog, true
		}
	}
	return "", false
}

// agentScript returns the agent whose installed package holds the script
// p (node .../node_modules/@anthropic-ai/claude-code/cli.js): the package
// named after the last node_modules element.
func agentScript(p string) (string, bool) {
	i := strings.LastIndex(p, "node_modules/")
	if i < 0 {
		return "", false
	}
	rest := strings.Split(p[i+len("node_modules/"):], "/")
	name := rest[0]
	if strings.HasPrefix(name, "@") && len(rest) > 1 {
		name += "/" + rest[1]
	}
	return agentPackage(name)
}

// AgentPrograms lists the agents' programs and the install target that
// guards each ("" for none), for internal/guard's test that every agent
// install knows has one.
func AgentPrograms() map[string]string {
	out := map[string]string{}
	for _, n := range []string{"claude", "codex", "gemini", "copilot", "cursor-agent", "opencode", "pi", "aider", "goose"} {
		a, _ := agentProgram(n)
		out[n] = a.target
	}
	return out
}

var (
	ruleAgentStart     = r("agent-start", High, "starts another coding agent, whose tool calls this guard may not see")
	ruleAgentRelocated = danger("agent-relocated", "could switch the guard off: starts an agent with its home or configuration directory moved away from the files the guard protects")
	ruleAgentUnguarded = danger("agent-unguarded", "could switch the guard off: starts an agent with its hooks or permission checks turned off, or with settings, servers or plugins from the command line")
	ruleAgentExtend    = danger("agent-extend", "could switch the guard off: adds or changes an agent's MCP servers, extensions or plugins, programs it starts later")
)

// agentCommand judges an agent's program: at least high, naming the
// agent; dangerous with a home or configuration moved for it, with an
// option that turns its guard off, or with a subcommand that extends it.
func agentCommand(c *call) flow {
	ag, _ := agentProgram(c.name)
	c.raiseWith(ruleAgentStart, occurrence{detail: c.name + " (" + ag.display + ")", target: c.name})
	for _, v := range agentHomeVars {
		if _, set := c.env[v]; set || slices.Contains(c.dynEnv, v) {
			c.raiseWith(ruleAgentRelocated, occurrence{detail: v + " set for " + c.name, target: v})
		}
	}
	for i, a := range c.args {
		if !a.dyn && a.val == "--" {
			break // operands only from here: a prompt, never an option
		}
		if a.dyn {
			if len(a.known) == 0 && (a.pat == "" || strings.HasPrefix(a.pat, "*")) && (i == 0 || !agentValued(ag, c.args[i-1])) {
				// a word not known now may be any option, the ones that
				// turn the guard off included
				c.raiseWith(ruleAgentUnguarded, occurrence{detail: c.name + " " + a.val + " is not known now and may be an option that turns its hooks off (give a prompt after --, or on standard input)", target: c.name})
			}
			continue
		}
		for _, u := range ag.unguard {
			flag, val, valued := strings.Cut(u, "=")
			hit := a.val == flag || strings.HasPrefix(a.val, flag+"=")
			if hit && valued {
				got, open := strings.TrimPrefix(a.val, flag+"="), false
				if a.val == flag {
					got = ""
					if i+1 < len(c.args) {
						if n := c.args[i+1]; !n.dyn {
							got = n.val
						} else {
							open = len(n.known) == 0
						}
					}
				}
				// a value not known now may be the one that turns it off
				hit = open || strings.EqualFold(got, val)
			}
			if hit {
				c.raiseWith(ruleAgentUnguarded, occurrence{detail: c.name + " " + a.val, target: c.name})
			}
		}
	}
	ps := positional(c.args)
	for _, e := range ag.extend {
		words := strings.Fields(e)
		if len(ps) >= len(words) && slices.EqualFunc(words, ps[:len(words)], func(w string, a arg) bool { return !a.dyn && a.val == w }) {
			c.raiseWith(ruleAgentExtend, occurrence{detail: c.name + " " + e, target: c.name})
		}
	}
	return flow{kind: flowData}
}

// agentValued reports an option of the agent's whose value follows it
// as the next word, a value that is no option of its own (an unguarding
// option's value is judged with it).
func agentValued(ag agentCLI, a arg) bool {
	if a.dyn || !strings.HasPrefix(a.val, "-") || strings.Contains(a.val, "=") {
		return false
	}
	for _, u := range ag.unguard {
		if flag, _, valued := strings.Cut(u, "="); valued && flag == a.val {
			return true
		}
	}
	return slices.Contains(ag.valued, a.val)
}

// agentHomeVars move every agent's files at once: its home, and the
// configuration directory most of them read below it. Each agent's own
// variables (CLAUDE_CONFIG_DIR, CODEX_HOME, ...) are Env.GuardVars, which
// are dangerous for any program.
var agentHomeVars = []string{"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "USERPROFILE"}
