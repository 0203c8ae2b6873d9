package classify

import "strings"

// shortVersion lists the programs for which a lone -v prints the version;
// elsewhere -v means verbose and the program does its work (pytest -v,
// ninja -v).
var shortVersion = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"npm": true, "yarn": true, "pnpm": true, "bun": true, "docker": true, "podman": true, "make": true,
		"gmake": true, "terraform": true, "tofu": true, "mvn": true, "gradle": true, "node": true, "nodejs": true,
		"ruby": true, "perl": true, "php": true, "lua": true, "deno": true,
	}
}}

// versionFlag reports an option that only prints a version or help.
func versionFlag(name, v string) bool {
	switch v {
	case "--version", "-V", "--help", "-h", "-version", "-help":
		return true
	case "-v":
		return shortVersion.get()[name]
	}
	return false
}

var ruleToolchainPath = rule{id: "toolchain-path", level: High, why: "runs a Rust toolchain from a directory the command names", effect: EffectRun}

// toolchainIsPath reports a +TOOLCHAIN word that names a directory
// (+/opt/tc, +./tc, +~/tc, +$T) rather than a channel or version
// (+nightly, +1.75).
func toolchainIsPath(w string) bool {
	return strings.ContainsAny(w, "/\\~$") || strings.HasPrefix(w, "+.")
}

// toolchainProxy reports a program rustup runs as a proxy, which reads a
// first word +TOOLCHAIN as the toolchain to use.
func toolchainProxy(name string) bool {
	switch name {
	case "cargo", "rustc", "rustdoc", "rustfmt", "cargo-clippy", "clippy-driver", "rust-gdb", "rust-lldb":
		return true
	}
	return false
}

var ruleToolDynamic = rule{id: "dynamic-subcommand", level: High, why: "runs a subcommand only known at run time"}

// applyTool judges a call to a program in the tables.
func applyTool(c *call, t *tool) {
	if len(c.args) == 1 && !c.args[0].dyn && t.level > Minimal && versionFlag(c.name, c.args[0].val) {
		c.raise(ruleVersion)
		return
	}
	t.splitPaths()
	if toolchainProxy(c.name) && len(c.args) > 0 && !c.args[0].dyn && strings.HasPrefix(c.args[0].val, "+") &&
		toolchainIsPath(c.args[0].val) {
		// rustup's +TOOLCHAIN given as a path runs the toolchain there
		c.raise(ruleToolchainPath)
	}
	words := c.words(t.valueOpts)
	if len(words) > 0 && !words[0].dyn && strings.HasPrefix(words[0].val, "+") && toolchainProxy(c.name) &&
		!toolchainIsPath(words[0].val) {
		// (a path after + names a toolchain directory, any code: then
		// the word stays, and no subcommand matches)
		// cargo +nightly fmt: rustup's proxy picks an installed
		// toolchain by the word and drops it (rustup's "Toolchain
		// override shorthand"); the subcommand follows
		words = words[1:]
	}
	var best *sub
	bestLen := 0
	for i := range t.subs {
		sb := &t.subs[i]
		path := sb.path
		if len(path) <= bestLen || len(path) > len(words) {
			continue
		}
		match := true
		for k, p := range path {
			if words[k].dyn || words[k].val != p {
				match = false
				break
			}
		}
		if match {
			best, bestLen = sb, len(path)
		}
	}
	devRow := true
	if best == nil && patternFound(c, words, &devRow) {
		// a row found by the shape of the words (tool_patterns.go)
	} else if best == nil {
		if len(t.subs) > 0 && len(words) > 0 && words[0].dyn {
			c.raise(ruleToolDynamic)
		}
		c.raise(t.rule)
	} else {
		c.action = c.name + " " + best.words
		c.raise(best.rule)
		var worst rule
		for _, fr := range best.flags {
			if rank(fr.rule) > rank(worst) {
				worst = fr.rule
			}
			if c.hasOpt(fr.opts) {
				c.raise(fr.rule)
			}
		}
		// an unknown word counts as the worst flag this row cares about
		if len(best.flags) > 0 && c.anyDynamic() && (worst.level > c.out.Level || worst.dangerous && !c.out.Dangerous) {
			c.raiseWith(rule{id: "dynamic-argument", level: worst.level, dangerous: worst.dangerous,
				why: "has an argument only known at run time, which could be one of the flags that raise the command"}, occurrence{detail: worst.why})
		}
		if best.check != nil {
			best.check(c)
		}
	}
	if t.check != nil {
		t.check(c)
	}
	// Whether it is a development tool is the tool's level without the
	// variables set for it: X=1 is already high, and must not skip what
	// devChecks finds (X=1 buf / writes the root too).
	// The project's program run by a build tool (go run, cargo run, mvn
	// spring-boot:run) is high only as code nobody has seen: where it
	// builds and what it writes are judged as a build's (the red team of
	// issue 29: mvn -f ~/x/pom.xml spring-boot:run was boxed).
	own, seen := Minimal, Minimal
	for _, r := range c.out.Reasons {
		if r.Rule != ruleEnvUnknown.id && r.Rule != ruleEnvUnknownPath.id && r.Rule != ruleEnvProgram.id && !selfProtectID(r.Rule) {
			own = max(own, r.Level)
			if !r.Unseen {
				seen = max(seen, r.Level)
			}
		}
	}
	if own >= Low && seen < High && devRow {
		devChecks(c)
	}
}

// devChecks applies to development tools (builds, formatters, package
// managers): where they write, and the flags that take them outside the
// workspace or make them run other programs.
func devChecks(c *call) {
	buildOutputs(c)
	buildTree(c)
	lintOtherEffects(c)
	for _, ru := range c.out.Reasons {
		if ru.Rule == lintRule.id && lintWrites(c) {
			// formatters rewrite the files they are given, in their
			// writing form (tools_lintwrites.go): each operand is judged,
			// the worst counting (a word only known at run time before a
			// guard file must not hide it)
			for _, t := range positional(c.args) {
				if w, bad := c.ctx.writeRule(t); bad && w.level > Low {
					c.raise(w)
				}
			}
			break
		}
	}
	if ps := positional(c.args); len(ps) > 1 && (c.name == "cargo" || c.name == "uv") {
		switch ps[0].val {
		case "new", "init", "vendor", "venv":
			if ru, bad := c.ctx.writeRule(ps[1]); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
}
