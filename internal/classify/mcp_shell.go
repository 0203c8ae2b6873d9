package classify

// The shell families: servers whose tool runs a command line.

// mcp-server-commands ("commands" once normalized): one tool that runs a
// command line through /bin/sh, in a directory the call may name, with
// text for its standard input (a script for an interpreter, often).
func mcpCommandsFamily() mcpFamily {
	// the command line decides, as the same text in a shell call would
	run := r("mcp-shell-run", Minimal, "runs a shell command on this machine")
	return mcpFamily{
		name:    "commands",
		servers: []string{"commands"},
		source:  "npm mcp-server-commands 0.5.0",
		tools: map[string]mcpTool{
			// stdin goes to the command, a script when the command is an
			// interpreter.
			"run_command": {rule: run, args: roles(argRoles{"command": argCommand, "stdin": argStdin, "workdir": argDir}, "")},
		},
	}
}

// OpenAI's shell tool for Codex as an MCP server: a bash command line in
// a working directory.
func mcpCodexShellFamily() mcpFamily {
	run := r("mcp-shell-run", Minimal, "runs a shell command on this machine")
	return mcpFamily{
		name:    "codex-shell",
		servers: []string{"codex-shell-tool", "codex-shell"},
		source:  "npm @openai/codex-shell-tool-mcp 0.97.0",
		tools: map[string]mcpTool{
			"shell": {rule: run, args: roles(argRoles{"command": argCommand, "workdir": argDir}, "login timeout_ms")},
		},
	}
}

// mcp-shell-server (Python, PyPI only, so read from its repository): runs
// a command given as a list of words, in which a word that is only |, >,
// >> or < is that operator. The words are judged as the one command line
// they make (argArgv), as the same command in a shell call would be.
func mcpShellFamily() mcpFamily {
	run := r("mcp-shell-words", Minimal, "runs a command given as a list of words on this machine")
	return mcpFamily{
		name:    "shell",
		servers: []string{"shell"},
		source:  "mcp-shell-server: tumf/mcp-shell-server src/mcp_shell_server/server.py at b0404b1 (1.1.8)",
		tools: map[string]mcpTool{
			// stdin goes to the command, a script when the command is an
			// interpreter.
			"shell_execute": {rule: run, args: roles(argRoles{"command": argArgv, "directory": argDir, "stdin": argStdin}, "timeout")},
		},
	}
}
