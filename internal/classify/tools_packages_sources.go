package classify

import "strings"

// Where packages come from (design §2.8): installing from the project's
// registry is development work, but an install from a URL, a git
// repository or a registry named on the command line runs code from a
// place nobody chose for the project: its install scripts and then the
// package itself. The options that name such a place are data per
// package manager; what counts as a package spelled as a location is the
// same for all of them.

var ruleInstallSource = rule{id: "install-source", level: High, why: "installs packages from a URL, a git repository or a registry other than the project's"}

// sourceOpts lists, per package manager, the options that name where
// packages are downloaded from.
var sourceOpts = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"npm":      "--registry",
		"pnpm":     "--registry",
		"yarn":     "--registry",
		"bun":      "--registry",
		"npx":      "--registry",
		"pip":      "-i --index-url --extra-index-url -f --find-links --trusted-host",
		"pip3":     "-i --index-url --extra-index-url -f --find-links --trusted-host",
		"uv":       "-i --index-url --extra-index-url -f --find-links --index --default-index --trusted-host --allow-insecure-host",
		"pipx":     "--index-url --pip-args",
		"poetry":   "--source",
		"gem":      "-s --source --clear-sources",
		"bundle":   "--source",
		"bundler":  "--source",
		"cargo":    "--git --index --registry",
		"composer": "--repository --repository-url",
		"conda":    "--override-channels",
		"mamba":    "--override-channels",
		"go":       "-insecure",
	}
}}

// sourceSubs lists the subcommands whose operands are packages to fetch;
// elsewhere a word like user/repo is a path or a script argument.
var sourceSubs = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"install": true, "i": true, "add": true, "a": true, "update": true, "up": true, "upgrade": true, "ci": true,
		"download": true, "wheel": true, "require": true, "get": true, "create": true, "exec": true, "x": true,
		"dlx": true,
	}
}}

// sourceCheck raises a package manager's call that fetches from a place
// of its own choosing.
func sourceCheck(c *call) {
	opts := sourceOpts.get()[c.name]
	if opts != "" {
		for _, a := range c.args {
			if a.dyn {
				continue
			}
			if a.val == "--" {
				break
			}
			// --@scope:registry=URL moves one npm scope elsewhere
			if (c.name == "npm" || c.name == "pnpm" || c.name == "yarn" || c.name == "bun") &&
				strings.HasPrefix(a.val, "--@") && strings.Contains(a.val, ":registry") {
				c.raise(ruleInstallSource)
				return
			}
		}
		if c.hasOpt(opts) {
			c.raise(ruleInstallSource)
			return
		}
	}
	var ps []arg
	if t := lookupTool(c.name); t != nil {
		ps = c.words(t.valueOpts)
	}
	if c.name == "uv" && len(ps) > 0 && !ps[0].dyn && ps[0].val == "pip" {
		ps = ps[1:] // uv pip install
	}
	for i, a := range ps {
		if i == 0 {
			if a.dyn || !sourceSubs.get()[a.val] {
				return
			}
			continue
		}
		if !a.dyn && packageLocation(c.name, a.val) {
			c.raise(ruleInstallSource)
			return
		}
	}
}

// packageLocation reports a package operand that names a location rather
// than a package of the registry: a URL (pip's "name @ URL" too), a git
// repository, or npm's GitHub shorthands (github:u/r, u/r).
func packageLocation(manager, v string) bool {
	lower := strings.ToLower(v)
	for _, p := range []string{"git+", "git@", "git:", "github:", "gitlab:", "bitbucket:", "gist:", "hg+", "svn+", "bzr+"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	if strings.Contains(lower, "://") {
		return true
	}
	switch manager {
	case "npm", "pnpm", "yarn", "bun", "npx":
		// npm reads user/repo (optionally #ref) as a GitHub repository;
		// @scope/name is a registry package, ./x and /x are paths
		name, _, _ := strings.Cut(v, "#")
		if !strings.HasPrefix(name, "@") && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "/") &&
			!strings.HasPrefix(name, "~") && strings.Count(name, "/") == 1 && !strings.HasSuffix(name, ".tgz") &&
			!strings.HasPrefix(name, "file:") && !strings.HasPrefix(name, "npm:") && !strings.HasPrefix(name, "workspace:") &&
			!strings.HasPrefix(name, "link:") {
			return true
		}
	}
	return false
}

// addSourceCheck adds the package-source check to a development row
// that takes one (see finishRow).
func addSourceCheck(t *tool) {
	for n := range strings.FieldsSeq(t.names) {
		if _, ok := sourceOpts.get()[n]; ok {
			own := t.check
			t.check = func(c *call) {
				if own != nil {
					own(c)
				}
				sourceCheck(c)
			}
			return
		}
	}
}
