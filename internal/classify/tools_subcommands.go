package classify

import (
	"slices"
	"strings"
)

// Subcommands that differ from their tool's other commands (issue 29,
// class 5): the formatters built into a toolchain, which rewrite source
// files and run none of the project's code (format-write, low) and only
// print with their check options (check-only, minimal; tools_checkers.go); composer's config and exec; the local
// renders of a compose file.

var (
	ruleToolInfo     = rule{id: "toolchain-info", level: Minimal, why: "prints the toolchain's version or environment"}
	ruleComposerRead = rule{id: "composer-config-read", level: Minimal, why: "prints a setting of the project's composer configuration"}
	ruleComposerSet  = rule{id: "composer-config-set", level: Low, why: "changes a setting in the project's composer.json"}
	ruleComposerConf = rule{id: "composer-config", level: High, why: "changes composer configuration"}
	ruleComposeNames = rule{id: "compose-config-names", level: Minimal, why: "prints the names of a compose file's services, volumes, networks, images or profiles"}
	ruleComposeDump  = rule{id: "compose-config-values", level: High, why: "prints the compose file with the values it reads from .env and env_file files, which can hold secrets"}
)

// formatUnless raises a formatter's write unless one of the options that
// make it only print is present.
func formatUnless(printOnly func(c *call) bool) func(c *call) {
	return func(c *call) {
		if printOnly(c) {
			return
		}
		c.raise(ruleFormatIn)
		// a formatter rewrites the files it is given, wherever they are
		for _, t := range positional(c.args) {
			if w, bad := c.ctx.writeRule(t); bad {
				c.raise(w)
			}
		}
	}
}

// zigFmtCheck: zig fmt --check and --stdin print; otherwise it rewrites.
var zigFmtCheck = formatUnless(func(c *call) bool { return c.hasOpt("--check --stdin") })

// denoFmtCheck: deno fmt --check prints; otherwise it rewrites.
var denoFmtCheck = formatUnless(func(c *call) bool { return c.hasOpt("--check") && !c.hasOpt("--watch") })

// dartFormatCheck: dart format -o none, show or json prints (the default,
// -o write, rewrites even with --set-exit-if-changed); flutter format's
// -n/--dry-run is the same.
var dartFormatCheck = formatUnless(func(c *call) bool {
	if v, ok := c.optValue("-o --output"); ok {
		return !v.dyn && (v.val == "none" || v.val == "show" || v.val == "json")
	}
	return c.hasOpt("-n --dry-run")
})

// dartFixCheck: dart fix --dry-run prints the fixes; --apply writes them.
var dartFixCheck = formatUnless(func(c *call) bool { return c.hasOpt("--dry-run -n") && !c.hasOpt("--apply") })

// composerAuthKeys are the settings that hold credentials: reading one
// prints a token, writing one stores it.
var composerAuthKeys = []string{"github-oauth", "gitlab-oauth", "gitlab-token", "http-basic", "bearer", "bitbucket-oauth", "forgejo-token"}

// composerSafeKeys are the settings a project commonly sets that change
// neither where packages come from nor what code runs.
var composerSafeKeys = []string{"sort-packages", "optimize-autoloader", "classmap-authoritative", "apcu-autoloader", "preferred-install",
	"process-timeout", "discard-changes", "lock", "notify-on-install", "platform-check", "bump-after-update", "platform.", "use-parent-dir",
	"minimum-stability", "prefer-stable", "description", "name", "type", "license", "homepage"}

// composerConfigCheck: composer config KEY prints the setting; KEY VALUE
// writes it into composer.json. The global or auth files, an editor, a
// setting holding credentials, a repository or any setting not known to be
// harmless stay high.
func composerConfigCheck(c *call) {
	if c.hasOpt("-g --global -a --auth -e --editor -f --file --unset") {
		c.raise(ruleComposerConf)
		return
	}
	ps := positional(c.args)
	if len(ps) > 0 && !ps[0].dyn && ps[0].val == "config" {
		ps = ps[1:]
	}
	if len(ps) == 0 {
		if c.hasOpt("-l --list") {
			c.raise(ruleComposerRead)
			return
		}
		c.raise(ruleComposerConf)
		return
	}
	key := ps[0]
	if key.dyn {
		c.raise(ruleComposerConf)
		return
	}
	for _, k := range composerAuthKeys {
		if strings.HasPrefix(key.val, k) {
			c.raise(ruleComposerConf)
			return
		}
	}
	if len(ps) == 1 {
		c.raise(ruleComposerRead)
		return
	}
	for _, k := range composerSafeKeys {
		if key.val == k || strings.HasSuffix(k, ".") && strings.HasPrefix(key.val, k) {
			for _, v := range ps[1:] {
				if v.dyn {
					c.raise(ruleComposerConf)
					return
				}
			}
			c.raise(ruleComposerSet)
			return
		}
	}
	c.raise(ruleComposerConf)
}

// composerExecCheck: composer exec NAME runs the program NAME from the
// project's vendor/bin and never downloads: judged as that program, and
// high when permguard does not know it.
func composerExecCheck(c *call) {
	args := c.args
	for i, a := range args {
		if !a.dyn && a.val == "exec" {
			args = args[i+1:]
			break
		}
	}
	i := skipOpts(args, "")
	if i < len(args) && !args[i].dyn && !strings.Contains(args[i].val, "/") {
		name := args[i].val
		if handlerOf(name) != nil || lookupTool(name) != nil {
			c.raise(ruleLocalBin)
			rest := args[i+1:]
			if !slices.ContainsFunc(args[:i], func(a arg) bool { return !a.dyn && a.val == "--" }) {
				// Symfony's console takes the first "--" for its own end
				// of options wherever it stands: composer exec phpunit --
				// --bootstrap x gives phpunit --bootstrap x
				if k := slices.IndexFunc(rest, func(a arg) bool { return !a.dyn && a.val == "--" }); k >= 0 {
					rest = append(slices.Clip(rest[:k]), rest[k+1:]...)
				}
			}
			argv := append([]arg{{val: name, pos: args[i].pos}}, rest...)
			c.ctx.inner(c, "composer exec", argv, c.stdin)
			return
		}
	}
	c.raise(ruleUnknown)
}

// composeConfigCheck: docker compose config with a names-only option
// prints names; the full render interpolates .env and env_file values.
func composeConfigCheck(c *call) {
	if c.hasOpt("--services --volumes --networks --images --profiles --hash -q --quiet") && !c.hasOpt("-o --output") {
		return
	}
	c.raise(ruleComposeDump)
}
