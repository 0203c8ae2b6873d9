package classify

import (
	"slices"
	"strings"
)

// A foothold is a file that makes a tool run a command, or load code,
// later and on its own: when git commits, when an editor opens the
// folder, when a package manager or build tool starts, when a shell
// enters the directory (design §2.9). What runs then runs outside the
// guard, so writing one is at least high, never low. The class has one
// source, footholds below, plus what a .git directory holds
// (projectFoothold) and the agents' own files that run code later
// (Env.AgentFootholds, from each agent's dialect in internal/hook).
type foothold struct {
	// elems meet a path's elements at any depth, as globs do, in lower
	// case: a project may sit anywhere, and a user-wide file (~/.bazelrc)
	// is the same name one level up.
	elems []string
	tree  bool // everything below counts too
	// by says what runs it, and when: the entry's source.
	by string
}

// footholds is the class. Not in it, with the reason: .tool-versions
// (asdf and mise read versions from it, no command), .vscode/launch.json
// and extensions.json (a person starts a launch and installs a
// recommendation), *.code-workspace and mise.<env>.toml (a pattern
// that every glob over the workspace would meet), a project's gradle.properties and build scripts (the
// project's own code, judged where the build runs).
var footholds = []foothold{
	// git hook managers
	{elems: []string{".husky"}, tree: true, by: "husky: git runs .husky/<hook> (core.hooksPath)"},
	{elems: []string{".githooks"}, tree: true, by: "git, with core.hooksPath=.githooks, the usual name for it"},
	{elems: []string{".pre-commit-config.yaml"}, by: "pre-commit: runs each hook's entry at git commit (pre-commit.com, repo: local)"},
	{elems: []string{".pre-commit-hooks.yaml"}, by: "pre-commit: the entries a repository using this one runs, and pre-commit try-repo"},
	{elems: []string{"lefthook.yml"}, by: "lefthook: runs its commands at each git hook (lefthook.dev/configuration, config file name)"},
	{elems: []string{"lefthook.yaml"}, by: "lefthook"}, {elems: []string{"lefthook.toml"}, by: "lefthook"},
	{elems: []string{"lefthook.json"}, by: "lefthook"}, {elems: []string{"lefthook.jsonc"}, by: "lefthook"},
	{elems: []string{".lefthook.yml"}, by: "lefthook"}, {elems: []string{".lefthook.yaml"}, by: "lefthook"},
	{elems: []string{".lefthook.toml"}, by: "lefthook"}, {elems: []string{".lefthook.json"}, by: "lefthook"},
	{elems: []string{".lefthook.jsonc"}, by: "lefthook"},
	{elems: []string{"lefthook-local.yml"}, by: "lefthook: merges lefthook-local, in every format, over the main file"},
	{elems: []string{"lefthook-local.yaml"}, by: "lefthook"}, {elems: []string{"lefthook-local.toml"}, by: "lefthook"},
	{elems: []string{"lefthook-local.json"}, by: "lefthook"}, {elems: []string{"lefthook-local.jsonc"}, by: "lefthook"},
	{elems: []string{".lefthook-local.yml"}, by: "lefthook"}, {elems: []string{".lefthook-local.yaml"}, by: "lefthook"},
	{elems: []string{".lefthook-local.toml"}, by: "lefthook"}, {elems: []string{".lefthook-local.json"}, by: "lefthook"},
	{elems: []string{".lefthook-local.jsonc"}, by: "lefthook"},
	{elems: []string{".lefthook"}, tree: true, by: "lefthook: source_dir, the scripts its hooks run"},
	{elems: []string{".lefthook-local"}, tree: true, by: "lefthook: source_dir_local"},
	{elems: []string{".overcommit.yml"}, by: "overcommit: runs each hook's command at git hook time"},
	{elems: []string{"hk.pkl"}, by: "hk: runs its steps at each git hook (hk.jdx.dev)"},

	// editors and dev containers
	{elems: []string{".vscode", "tasks.json"}, by: "VS Code: a task with runOn folderOpen runs when the folder opens"},
	{elems: []string{".vscode", "settings.json"}, by: "VS Code: settings name programs (interpreters, terminal environment) it starts"},
	{elems: []string{".devcontainer"}, tree: true, by: "dev containers: postCreateCommand and the Dockerfile run when the container is built"},
	{elems: []string{".devcontainer.json"}, by: "dev containers"},
	// the MCP servers an editor's agent starts on its own: the same kind
	// as .cursor/mcp.json, but no agent permguard guards reads these, so
	// they run code later without switching a guard off (as Copilot's
	// .copilot/mcp-config.json)
	{elems: []string{".vscode", "mcp.json"}, by: "VS Code: its agent mode starts the MCP servers listed here (code.visualstudio.com/docs/copilot/customization/mcp-servers)"},
	{elems: []string{".zed", "settings.json"}, by: "Zed: lsp.<server>.binary and context_servers name programs it starts when a file opens (zed.dev/docs/configuring-languages)"},
	{elems: []string{".kiro", "hooks"}, tree: true, by: "Kiro: a hook's runCommand runs a shell command when a file is saved, created or deleted (kiro.dev/docs/hooks/actions)"},
	{elems: []string{".kiro", "settings", "mcp.json"}, by: "Kiro: the workspace's MCP servers"},
	{elems: []string{".amazonq", "mcp.json"}, by: "Amazon Q in the IDE: the workspace's MCP servers, over the user's (docs.aws.amazon.com/amazonq, mcp-ide)"},
	{elems: []string{".amazonq", "default.json"}, by: "Amazon Q in the IDE: the workspace's agent, its MCP servers"},
	{elems: []string{".roo", "mcp.json"}, by: "Roo Code: loads the project's MCP servers on its own (docs.roocode.com/features/mcp/using-mcp-in-roo)"},
	{elems: []string{".continue", "mcpservers"}, tree: true, by: "Continue: the workspace's MCP server blocks (docs.continue.dev, MCP)"},

	// package managers and build tools that load code when they start
	{elems: []string{".npmrc"}, by: "npm: script-shell and node-options (--require) name what runs every script"},
	{elems: []string{".yarnrc"}, by: "yarn 1: yarn-path names the program yarn runs instead of itself"},
	{elems: []string{".yarnrc.yml"}, by: "yarn berry: yarnPath and plugins, loaded at every start"},
	{elems: []string{".yarn", "plugins"}, tree: true, by: "yarn berry: plugins .yarnrc.yml loads"},
	{elems: []string{".yarn", "releases"}, tree: true, by: "yarn berry: the release yarnPath points at, run as yarn"},
	{elems: []string{".pnpmfile.cjs"}, by: "pnpm: its hooks (readPackage, afterAllResolved) run at every install"},
	{elems: []string{".pnpmfile.mjs"}, by: "pnpm"},
	{elems: []string{"bunfig.toml"}, by: "bun: preload scripts run before every bun run and bun test"},
	{elems: []string{".bunfig.toml"}, by: "bun: the user-wide bunfig"},
	{elems: []string{".cargo", "config"}, by: "cargo: [target] runner and build.rustc-wrapper name programs it runs"},
	{elems: []string{".cargo", "config.toml"}, by: "cargo"},
	{elems: []string{".mvn"}, tree: true, by: "maven: extensions.xml loads extensions, jvm.config and the wrapper's properties pick what runs"},
	{elems: []string{".mavenrc"}, by: "maven: the mvn script sources ~/.mavenrc"},
	{elems: []string{"gradle", "wrapper", "gradle-wrapper.properties"}, by: "gradle: ./gradlew downloads and runs the distributionUrl"},
	{elems: []string{"gradle", "wrapper", "gradle-wrapper.jar"}, by: "gradle: ./gradlew runs this jar"},
	{elems: []string{".gradle", "init.d"}, tree: true, by: "gradle: init scripts in GRADLE_USER_HOME run before every build"},
	{elems: []string{".gradle", "init.gradle"}, by: "gradle"}, {elems: []string{".gradle", "init.gradle.kts"}, by: "gradle"},
	{elems: []string{".bazelrc"}, by: "bazel: options, --run_under and startup flags, for every command; ~/.bazelrc too"},
	{elems: []string{"user.bazelrc"}, by: "bazel: the file .bazelrc conventionally try-imports"},
	{elems: []string{"tools", "bazel"}, by: "bazelisk: runs <workspace>/tools/bazel instead of bazel"},
	{elems: []string{".bazeliskrc"}, by: "bazelisk: BAZELISK_BASE_URL and BAZELISK_FORMAT_URL name where the bazel it runs is downloaded from (bazelisk's README, .bazeliskrc)"},
	{elems: []string{".jvmopts"}, by: "sbt: the launcher passes these JVM options at every start; -javaagent runs an agent's code (scala-sbt.org, sbt's launcher)"},
	{elems: []string{".sbtopts"}, by: "sbt: the launcher's options at every start, -J-javaagent and -Dsbt.boot.properties among them"},
	{elems: []string{".mill-jvm-opts"}, by: "mill: JVM options for the server it starts (mill-build.org, .mill-jvm-opts)"},
	{elems: []string{"rust-toolchain.toml"}, by: "rustup: a toolchain's path names the directory whose cargo and rustc every cargo command runs (rust-lang.github.io/rustup, overrides)"},
	{elems: []string{"rust-toolchain"}, by: "rustup: the older name of rust-toolchain.toml"},
	{elems: []string{"go", "env"}, by: "go: the go env -w file (os.UserConfigDir); GOFLAGS=-toolexec names a program every go build runs"},

	// directory environments
	{elems: []string{".envrc"}, by: "direnv: sourced when a shell enters the directory"},
	{elems: []string{".direnvrc"}, by: "direnv: sourced before every .envrc"},
	{elems: []string{"direnv", "direnvrc"}, by: "direnv"}, {elems: []string{"direnv", "lib"}, tree: true, by: "direnv"},
	{elems: []string{"mise.toml"}, by: "mise: [hooks] enter, cd and postinstall run shell (mise.jdx.dev/hooks)"},
	{elems: []string{".mise.toml"}, by: "mise"}, {elems: []string{"mise.local.toml"}, by: "mise"},
	{elems: []string{".mise.local.toml"}, by: "mise"},
	{elems: []string{"mise", "config.toml"}, by: "mise: .config/mise/config.toml and mise/config.toml"},
	{elems: []string{".mise", "config.toml"}, by: "mise"}, {elems: []string{"mise", "conf.d"}, tree: true, by: "mise"},
	{elems: []string{"devbox.json"}, by: "devbox: shell.init_hook runs at every devbox shell and devbox run (jetify.com/devbox/docs, devbox.json)"},
	{elems: []string{"pixi.toml"}, by: "pixi: [activation] scripts run at every pixi shell and pixi run (pixi.sh, reference/pixi_manifest)"},
	{elems: []string{".flox", "env", "manifest.toml"}, by: "flox: [hook] on-activate and [profile] run at every flox activate (flox.dev/docs, manifest.toml)"},

	// what Python runs at every start
	{elems: []string{"site-packages", "*.pth"}, by: "python: site runs the import lines of every .pth"},
	{elems: []string{"dist-packages", "*.pth"}, by: "python"},
	{elems: []string{"site-packages", "sitecustomize.py"}, by: "python: imported at every start"},
	{elems: []string{"site-packages", "usercustomize.py"}, by: "python"},
	{elems: []string{"dist-packages", "sitecustomize.py"}, by: "python"},
	{elems: []string{"dist-packages", "usercustomize.py"}, by: "python"},
}

// projectFoothold reports whether p, a path or a glob, could name a
// foothold: one of footholds or of the agents' (Env.AgentFootholds), or a
// file in a .git directory that git runs or reads programs from. It
// compares in lower case: on macOS's and Windows' file systems .GIT/Hooks
// is .git/hooks.
func (po *policy) projectFoothold(p string) bool {
	pe := splitPath(strings.ToLower(p))
	for _, f := range footholds {
		if po.footholdAt(f.elems, f.tree, pe) {
			return true
		}
	}
	glob := hasGlobChar(p)
	for _, f := range po.env.AgentFootholds {
		// split only what the path may name: this runs for most paths
		k := strings.ToLower(strings.TrimSuffix(f, "/"))
		if k == "" || !glob && !strings.Contains(strings.ToLower(p), k) {
			continue
		}
		if po.footholdAt(splitPath(k), strings.HasSuffix(f, "/"), pe) {
			return true
		}
	}
	// in a .git directory, at any depth below it (a submodule's or a
	// worktree's, under modules/<name>/, whose name may hold slashes, and
	// worktrees/<name>/): hooks and everything in them, and the files
	// that hold or point to configuration
	for i := range pe {
		if !globsMeet(pe[i], ".git", po.st.dotglob()) {
			continue
		}
		for j := i + 1; j < len(pe); j++ {
			if globsMeet(pe[j], "hooks", true) {
				return true
			}
		}
		if last := pe[len(pe)-1]; len(pe) > i+1 {
			for _, f := range []string{"config", "config.worktree", "commondir", "gitdir"} {
				if globsMeet(last, f, true) {
					return true
				}
			}
		}
	}
	return false
}

// footholdAt reports whether elems meet the path's elements pe at some
// depth: ending there, or anywhere above the end for a tree.
func (po *policy) footholdAt(elems []string, tree bool, pe []string) bool {
	for i := 0; i+len(elems) <= len(pe); i++ {
		if (tree || i+len(elems) == len(pe)) && !globOnlyMeets(elems, pe[i:i+len(elems)]) && po.elemsMeet(elems, pe[i:i+len(elems)]) {
			return true
		}
	}
	return false
}

// globOnlyMeets reports a path element that starts with a glob
// character (*.c, ??*) against a foothold name without a leading dot
// (lefthook.yml): the glob would meet it only by matching any name, and
// every glob over the workspace would then be a foothold. A dot name is
// met only by a pattern that starts with a dot (bash's dotglob off), so
// it keeps meeting globs.
func globOnlyMeets(elems, pe []string) bool {
	for j, e := range elems {
		if e != "" && e[0] != '.' && pe[j] != "" && strings.ContainsRune("*?[", rune(pe[j][0])) {
			return true
		}
	}
	return false
}

// footholdNames hold, for each foothold, the longest literal part of its
// elements: a path that contains none of them is no foothold, which
// hasSpecialName decides without splitting it.
var footholdNames = lazy[[]string]{build: func() []string {
	var out []string
	for _, f := range footholds {
		k := literalKey(f.elems)
		// a name that holds one already kept adds nothing
		if !slices.ContainsFunc(out, func(o string) bool { return strings.Contains(k, o) }) {
			out = slices.DeleteFunc(out, func(o string) bool { return strings.Contains(o, k) })
			out = append(out, k)
		}
	}
	return out
}}

// literalKey is the longest run of elems' characters without a glob
// character: every path the elements meet holds it.
func literalKey(elems []string) string {
	best := ""
	for _, e := range elems {
		for _, part := range strings.FieldsFunc(e, func(r rune) bool { return r == '*' || r == '?' || r == '[' || r == ']' }) {
			if len(part) > len(best) {
				best = part
			}
		}
	}
	return best
}

// hasSpecialName is hasSpecialName with the agents' footholds too. It
// reads Env.AgentFootholds as they are, without splitting them: this runs
// for every path in the workspace. A path that names one holds it as
// text, elements in a row; a glob may name one without holding it.
func (po *policy) hasSpecialName(p string) bool {
	if hasSpecialName(p) {
		return true
	}
	if len(po.env.AgentFootholds) == 0 {
		return false
	}
	if hasGlobChar(p) {
		return true
	}
	lp := strings.ToLower(p)
	for _, f := range po.env.AgentFootholds {
		if k := strings.ToLower(strings.TrimSuffix(f, "/")); k != "" && strings.Contains(lp, k) {
			return true
		}
	}
	return false
}
