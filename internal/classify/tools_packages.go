package classify

import (
	"slices"
	"strings"
)

// Package managers: the project's (npm, pip, cargo's neighbours), the
// system's (apt, dnf, brew) and task runners that install as they go.

var packageTools = []tool{
	{names: "npm", rule: rule{id: "npm", level: High, why: "runs an npm command permguard does not know"}, subs: npmSubs, valueOpts: "--prefix -w --workspace"},
	{names: "yarn", rule: pkgInstall, subs: yarnSubs, valueOpts: "--cwd", check: shorthandScript},
	{names: "pnpm", rule: rule{id: "pnpm", level: High, why: "runs a pnpm command permguard does not know"}, subs: pnpmSubs, valueOpts: "-C --dir --filter -F", check: shorthandScript},
	{names: "bun", rule: pkgInstall, subs: bunSubs, check: bunCheck},
	{names: "pip pip3", rule: rule{id: "pip", level: High, why: "runs a pip command permguard does not know"}, subs: []sub{
		{words: "list", rule: pkgRead}, {words: "show", rule: pkgRead}, {words: "freeze", rule: pkgRead}, {words: "check", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "index", rule: pkgQuery},
		{words: "inspect", rule: pkgRead}, {words: "help", rule: pkgRead}, {words: "debug", rule: pkgRead}, {words: "config list", rule: pkgRead}, {words: "config get", rule: pkgRead}, {words: "hash", rule: pkgRead},
		{words: "install", rule: pkgInstall}, {words: "uninstall", rule: pkgInstall}, {words: "download", rule: pkgInstall}, {words: "wheel", rule: pkgInstall}, {words: "cache", rule: pkgInstall},
		{words: "config", rule: rule{id: "pip-config", level: High, why: "changes pip configuration"}},
	}},
	{names: "pipx", rule: globalRule, subs: []sub{{words: "list", rule: pkgRead}, {words: "run", rule: runPackage}}},
	{names: "uv", rule: pkgInstall, subs: []sub{
		{words: "run", rule: runProgram}, {words: "tool run", rule: runPackage}, {words: "tool install", rule: globalRule}, {words: "tool", rule: globalRule}, {words: "pip list", rule: pkgRead},
		{words: "pip show", rule: pkgRead}, {words: "pip freeze", rule: pkgRead}, {words: "tree", rule: pkgRead}, {words: "python list", rule: pkgRead}, {words: "python install", rule: globalRule},
		{words: "publish", rule: publishRule}, {words: "self", rule: globalRule},
	}},
	{names: "poetry", rule: pkgInstall, subs: []sub{
		{words: "show", rule: pkgRead}, {words: "check", rule: pkgRead}, {words: "env info", rule: pkgRead}, {words: "env list", rule: pkgRead}, {words: "search", rule: pkgQuery},
		{words: "version", rule: pkgRead, flags: []flagRule{{opts: "major minor patch premajor preminor prepatch prerelease", rule: ruleWriteFile}}},
		{words: "run", rule: runProgram}, {words: "shell", rule: ruleShellTTY}, {words: "publish", rule: publishRule},
		{words: "config", rule: rule{id: "poetry-config", level: High, why: "changes poetry configuration"}}, {words: "self", rule: globalRule},
		{words: "source", rule: rule{id: "poetry-source", level: High, why: "changes where the project's packages are downloaded from"}}, {words: "source show", rule: pkgRead},
	}},
	{names: "pipenv", rule: pkgInstall, subs: []sub{{words: "graph", rule: pkgRead}, {words: "check", rule: pkgRead}, {words: "run", rule: runProgram}, {words: "shell", rule: ruleShellTTY}}},
	{names: "conda mamba micromamba", rule: pkgInstall, subs: []sub{{words: "list", rule: pkgRead}, {words: "info", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "run", rule: runProgram}, {words: "env list", rule: pkgRead},
		{words: "config", rule: rule{id: "conda-config", level: High, why: "changes conda configuration for every environment"}}}},
	{names: "rustup", rule: globalRule, subs: []sub{{words: "show", rule: pkgRead}, {words: "toolchain list", rule: pkgRead}, {words: "target list", rule: pkgRead}, {words: "component list", rule: pkgRead}, {words: "which", rule: pkgRead}}},
	{names: "just", rule: buildRule, check: justCheck},
	{names: "task", rule: buildRule, check: taskCheck},
	{names: "turbo", rule: buildRule, check: turboCheck},
	{names: "nx", rule: buildRule, subs: []sub{{words: "serve", rule: serverRule}, {words: "run-many", rule: buildRule}}, check: nxCheck},
	{names: "lerna", rule: buildRule, subs: []sub{{words: "exec", rule: runProgram}, {words: "run", rule: buildRule, check: lernaRun}, {words: "publish", rule: publishRule}}},
	{names: "gem", rule: rule{id: "gem", level: High, why: "runs a gem command permguard does not know"}, subs: []sub{
		{words: "list", rule: pkgRead}, {words: "info", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "query", rule: pkgQuery}, {words: "contents", rule: pkgRead}, {words: "env", rule: pkgRead},
		{words: "which", rule: pkgRead}, {words: "outdated", rule: pkgQuery}, {words: "dependency", rule: pkgRead}, {words: "install", rule: pkgInstall}, {words: "uninstall", rule: pkgInstall},
		{words: "update", rule: pkgInstall}, {words: "build", rule: buildRule}, {words: "push", rule: publishRule}, {words: "yank", rule: unpublish}, {words: "owner", rule: registryAcc}, {words: "signin", rule: registryAcc},
	}},
	{names: "bundle bundler", rule: pkgInstall, subs: []sub{
		{words: "check", rule: rule{id: "bundle-read", level: Medium, why: "evaluates the Gemfile, which is Ruby code of the project"}},
		{words: "list", rule: rule{id: "bundle-read", level: Medium, why: "evaluates the Gemfile, which is Ruby code of the project"}},
		{words: "show", rule: pkgRead}, {words: "outdated", rule: pkgRead}, {words: "info", rule: pkgRead}, {words: "exec", rule: runProgram},
		{words: "console", rule: runProgram}, {words: "open", rule: editorRule},
	}},
	{names: "composer", rule: pkgInstall, subs: []sub{
		{words: "show", rule: pkgRead}, {words: "info", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "outdated", rule: pkgQuery}, {words: "audit", rule: pkgQuery}, {words: "licenses", rule: pkgRead},
		{words: "validate", rule: pkgRead}, {words: "depends", rule: pkgRead}, {words: "why", rule: pkgRead}, {words: "why-not", rule: pkgRead}, {words: "diagnose", rule: pkgRead},
		{words: "exec", rule: ruleLocalBin, check: composerExecCheck}, {words: "global", rule: globalRule}, {words: "create-project", rule: runPackage}, {words: "run-script", rule: scriptRule}, {words: "run", rule: scriptRule},
		{words: "self-update", rule: globalRule}, {words: "selfupdate", rule: globalRule}, {words: "config", rule: ruleComposerRead, check: composerConfigCheck},
	}},
	{names: "conan", rule: rule{id: "conan", level: High, why: "runs a conan command permguard does not know"}, subs: []sub{
		// recipes are Python the project depends on, run to build what is
		// missing: an install like pip's
		{words: "install", rule: pkgInstall}, {words: "build", rule: buildRule}, {words: "create", rule: buildRule}, {words: "export", rule: buildRule}, {words: "lock create", rule: pkgInstall},
		{words: "graph info", rule: pkgQuery}, {words: "search", rule: pkgQuery}, {words: "list", rule: pkgQuery}, {words: "inspect", rule: pkgRead}, {words: "version", rule: pkgRead},
		{words: "profile detect", rule: rule{id: "conan-profile", level: Medium, why: "writes the default build profile for this machine into conan's home"}},
		{words: "profile show", rule: pkgRead}, {words: "profile list", rule: pkgRead}, {words: "profile path", rule: pkgRead},
		{words: "upload", rule: publishRule}, {words: "remove", rule: rule{id: "conan-remove", level: Medium, why: "removes packages from conan's local cache"}},
		{words: "remote add", rule: rule{id: "conan-remote", level: High, why: "changes where conan downloads packages from"}},
		{words: "remote update", rule: rule{id: "conan-remote", level: High, why: "changes where conan downloads packages from"}},
		{words: "remote list", rule: pkgRead},
	}},
	{names: "nimble", rule: buildRule, subs: []sub{{words: "run", rule: runProgram}, {words: "publish", rule: publishRule}, {words: "install", rule: globalRule}}},
	{names: "pod", rule: rule{id: "pod", level: High, why: "runs a CocoaPods command permguard does not know"}, subs: []sub{
		{words: "install", rule: pkgInstall}, {words: "update", rule: pkgInstall}, {words: "repo update", rule: pkgInstall}, {words: "outdated", rule: pkgInstall}, {words: "search", rule: pkgRead},
		{words: "trunk delete", rule: unpublish}, {words: "trunk deprecate", rule: registryAcc},
		{words: "list", rule: pkgRead}, {words: "init", rule: pkgInstall}, {words: "deintegrate", rule: pkgInstall}, {words: "trunk push", rule: publishRule},
	}},
	{names: "virtualenv", rule: pkgInstall},
}

// packageInfraTools returns the packages rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
// their programs (packageInfraTable).
func packageInfraTools() []tool {
	return []tool{
		// System package managers.
		{
			names:     "apt apt-get aptitude",
			rule:      r("apt", High, "installs, removes or upgrades system packages"),
			valueOpts: "-o --option -c --config-file -t --target-release",
			subs: infraJoin(
				infraEach("list, show, search, policy, depends, rdepends, showsrc, madison",
					r("apt-query", Minimal, "queries the local package lists")),
				infraEach("remove, purge, autoremove", r("apt-remove", High, "removes system packages")),
			),
		},
		{names: "apt-cache dpkg-query", rule: r("apt-cache", Minimal, "queries the local package lists")},
		{
			names: "dpkg",
			rule:  r("dpkg-query", Minimal, "queries installed packages"),
			check: func(c *call) {
				query := c.hasOpt("-l --list -L --listfiles -s --status -S --search -p --print-avail -c --contents -I --info -W --show --get-selections --print-architecture --print-foreign-architectures -C --audit -V --verify --compare-versions")
				if !query || c.hasOpt("-i --install -r --remove -P --purge --unpack --configure --triggers-only -x --extract -X --vextract -b --build --set-selections --clear-selections --clear-avail --update-avail --merge-avail --add-architecture --remove-architecture") {
					c.raise(r("dpkg", High, "installs, removes or changes system packages"))
				}
				dpkgForceRemove(c)
			},
		},
		{
			names: "rpm",
			rule:  r("rpm-query", Minimal, "queries installed packages"),
			check: func(c *call) {
				for _, a := range c.args {
					if a.dyn {
						break
					}
					if strings.HasPrefix(a.val, "-") {
						v := a.val
						if strings.HasPrefix(v, "--query") || strings.HasPrefix(v, "--verify") ||
							(len(v) > 1 && v[1] != '-' && (v[1] == 'q' || v[1] == 'V')) {
							return
						}
						break
					}
				}
				c.raise(r("rpm", High, "installs, removes or changes system packages"))
				rpmForceRemove(c)
			},
		},
		{
			names:     "yum dnf microdnf",
			rule:      r("dnf", High, "installs, removes or upgrades system packages"),
			valueOpts: "-c --config --setopt --releasever --installroot --enablerepo --disablerepo -x --exclude",
			subs: infraJoin(
				infraEach("list, info, search, provides, whatprovides, repolist, deplist, repoquery, history",
					r("dnf-query", Minimal, "queries the package lists")),
				infraEach("history undo, history redo, history rollback", r("dnf-history-undo", High, "undoes or repeats package transactions")),
			),
		},
		{
			names: "pacman",
			rule:  r("pacman-query", Minimal, "queries the package database"),
			check: func(c *call) {
				for _, a := range c.args {
					if a.dyn || !strings.HasPrefix(a.val, "-") {
						continue
					}
					v := a.val
					if strings.HasPrefix(v, "-Q") || v == "--query" || strings.HasPrefix(v, "-T") || v == "--deptest" {
						return
					}
					if strings.HasPrefix(v, "-S") && len(v) > 2 && strings.Trim(v[2:], "silgqv") == "" && strings.ContainsAny(v[2:], "silg") {
						return
					}
					break
				}
				c.raise(r("pacman", High, "installs, removes or upgrades system packages"))
				pacmanForceRemove(c)
			},
		},
		{
			names: "brew",
			rule:  r("brew", High, "installs, removes or upgrades Homebrew packages"),
			subs: infraEach("list, ls, info, leaves, deps, uses, config, doctor, outdated, shellenv, services list",
				r("brew-query", Minimal, "queries the installed Homebrew packages")),
		},
		{
			names: "snap",
			rule:  r("snap", High, "installs, removes or changes snap packages"),
			subs:  infraEach("list, connections, services, aliases", r("snap-query", Minimal, "queries the installed snap packages")),
		},
		{
			names: "flatpak",
			rule:  r("flatpak", High, "installs, removes or changes Flatpak applications"),
			subs:  infraEach("list, info", r("flatpak-query", Minimal, "queries the installed Flatpak applications")),
		},
		{
			names: "zypper",
			rule:  r("zypper", High, "installs, removes or upgrades system packages"),
			subs:  infraEach("search, se, info, if", r("zypper-query", Minimal, "queries the package lists")),
		},
		{
			names: "apk",
			rule:  r("apk", High, "installs, removes or upgrades system packages"),
			subs:  infraEach("info, list, search, policy", r("apk-query", Minimal, "queries the package lists")),
		},
	}
}

var packageEverydayTools = []tool{
	{names: "hatch", rule: rule{id: "hatch", level: High, why: "runs a hatch command permguard does not know"},
		valueOpts: "-e --env -p --project --data-dir --cache-dir --config",
		subs: []sub{
			{words: "run", rule: ruleRunnerSync}, {words: "build", rule: buildRule}, {words: "test", rule: buildRule}, {words: "fmt", rule: lintRule}, {words: "clean", rule: buildRule},
			{words: "env create", rule: pkgInstall}, {words: "env prune", rule: pkgInstall}, {words: "env remove", rule: pkgInstall}, {words: "env show", rule: pkgRead},
			{words: "env find", rule: pkgRead}, {words: "dep show", rule: pkgRead}, {words: "dep hash", rule: pkgRead}, {words: "status", rule: pkgRead},
			{words: "project metadata", rule: pkgRead}, {words: "new", rule: pkgInstall}, {words: "shell", rule: ruleShellTTY}, {words: "publish", rule: publishRule},
			{words: "python", rule: globalRule}, {words: "self", rule: globalRule}, {words: "config", rule: rule{id: "hatch-config", level: High, why: "changes hatch's configuration"}},
			{words: "version", rule: pkgRead, check: func(c *call) {
				if ps := positional(c.args); len(ps) > 1 {
					c.raise(ruleWriteFile) // hatch version minor sets the version
				}
			}},
		}},
	{names: "pdm", rule: rule{id: "pdm", level: High, why: "runs a pdm command permguard does not know"},
		valueOpts: "-p --project -c --config",
		subs: []sub{
			{words: "run", rule: ruleRunnerEnv}, {words: "install", rule: pkgInstall}, {words: "sync", rule: pkgInstall}, {words: "add", rule: pkgInstall}, {words: "remove", rule: pkgInstall},
			{words: "update", rule: pkgInstall}, {words: "lock", rule: pkgInstall}, {words: "init", rule: pkgInstall}, {words: "venv create", rule: pkgInstall}, {words: "venv remove", rule: pkgInstall},
			{words: "venv list", rule: pkgRead}, {words: "use", rule: pkgInstall}, {words: "list", rule: pkgRead}, {words: "show", rule: pkgRead}, {words: "info", rule: pkgRead}, {words: "outdated", rule: pkgRead},
			{words: "export", rule: pkgRead}, {words: "build", rule: buildRule}, {words: "publish", rule: publishRule}, {words: "self", rule: globalRule}, {words: "python", rule: globalRule},
			{words: "config", rule: pkgRead, flags: []flagRule{{opts: "-d --delete -l --local -g --global", rule: rule{id: "pdm-config", level: High, why: "changes pdm's configuration"}}}},
		},
		check: func(c *call) {
			writeOpts(c, "-o --output")
			if ps := positional(c.args); len(ps) > 2 && ps[0].val == "config" {
				c.raise(r("pdm-config", High, "changes pdm's configuration"))
			}
		}},
	{names: "pip-compile pip-sync", rule: pkgInstall, check: func(c *call) {
		writeOpts(c, "-o --output-file")
		if c.hasOpt("-i --index-url --extra-index-url -f --find-links") {
			c.raise(ruleIndexOption)
		}
	}},
	{names: "twine", rule: rule{id: "twine", level: High, why: "uploads packages to a registry"}, subs: []sub{{words: "check", rule: rule{id: "twine-check", level: Minimal, why: "checks built packages' metadata"}}}},
}

// forceRemove: removing a package while telling the manager to ignore
// what depends on it (rpm -e --nodeps, dpkg --force-all -P, pacman -Rdd)
// can remove the C library or the shell, and the machine no longer boots.
var ruleForceRemove = rule{id: "package-force-remove", level: High, dangerous: true, why: "removes system packages while ignoring what depends on them, which can leave the machine unable to run programs or boot", effect: EffectDelete}

func rpmForceRemove(c *call) {
	if c.hasOpt("-e --erase") && c.hasOpt("--nodeps --noscripts --force") {
		c.raise(ruleForceRemove)
	}
}

func dpkgForceRemove(c *call) {
	if !c.hasOpt("-r --remove -P --purge") {
		return
	}
	for _, a := range c.args {
		if a.dyn || !strings.HasPrefix(a.val, "--force") {
			continue
		}
		// --force-all, --force-depends, --force-remove-essential, and the
		// same words in the --force=LIST form
		for _, w := range []string{"all", "depends", "essential", "protected"} {
			if strings.Contains(a.val, w) {
				c.raise(ruleForceRemove)
				return
			}
		}
	}
}

// pacmanForceRemove: -R with two d's (-Rdd, -R -d -d, --nodeps --nodeps)
// skips every dependency check.
func pacmanForceRemove(c *call) {
	remove, ds := false, 0
	for _, a := range c.args {
		if a.dyn || !strings.HasPrefix(a.val, "-") {
			continue
		}
		switch {
		case a.val == "--remove":
			remove = true
		case a.val == "--nodeps":
			ds++
		case !strings.HasPrefix(a.val, "--"):
			if strings.ContainsRune(a.val, 'R') {
				remove = true
			}
			ds += strings.Count(a.val, "d")
		}
	}
	if remove && ds >= 2 {
		c.raise(ruleForceRemove)
	}
}

// shorthandScript handles `yarn NAME` and `pnpm NAME`, which run a script
// when NAME is no subcommand; only the plain safe names count as safe.
func shorthandScript(c *call) {
	ws, _ := pmWords(c)
	if len(ws) == 0 || ws[0].dyn {
		return
	}
	if safeScripts.get()[ws[0].val] {
		c.raise(scriptSafe)
		return
	}
	if _, known := shorthandSubs.get()[c.name+" "+ws[0].val]; known {
		return
	}
	scriptOrBin(c, ws)
}

var globalFlag = flagRule{opts: "-g --global --location=global", rule: globalRule}

var npmSubs = []sub{
	{words: "ls", rule: pkgRead}, {words: "list", rule: pkgRead}, {words: "ll", rule: pkgRead}, {words: "la", rule: pkgRead}, {words: "info", rule: pkgQuery}, {words: "view", rule: pkgQuery},
	{words: "show", rule: pkgQuery}, {words: "v", rule: pkgQuery}, {words: "outdated", rule: pkgQuery}, {words: "audit", rule: pkgQuery, flags: []flagRule{{opts: "fix", rule: pkgInstall}}}, {words: "explain", rule: pkgRead},
	{words: "why", rule: pkgRead}, {words: "search", rule: pkgQuery}, {words: "help", rule: pkgRead}, {words: "root", rule: pkgRead}, {words: "prefix", rule: pkgRead}, {words: "bin", rule: pkgRead},
	{words: "fund", rule: pkgRead}, {words: "config get", rule: pkgRead}, {words: "config list", rule: pkgRead}, {words: "query", rule: pkgRead}, {words: "doctor", rule: pkgRead},
	{words: "install", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "i", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "ci", rule: pkgInstall}, {words: "add", rule: pkgInstall, flags: []flagRule{globalFlag}},
	{words: "uninstall", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "remove", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "rm", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "un", rule: pkgInstall, flags: []flagRule{globalFlag}},
	{words: "update", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "up", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "upgrade", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "dedupe", rule: pkgInstall},
	{words: "prune", rule: pkgInstall}, {words: "rebuild", rule: pkgInstall}, {words: "init", rule: pkgInstall}, {words: "create", rule: runPackage}, {words: "pack", rule: buildRule},
	{words: "version", rule: pkgInstall}, {words: "shrinkwrap", rule: pkgInstall}, {words: "link", rule: globalRule}, {words: "ln", rule: globalRule}, {words: "cache", rule: pkgInstall},
	{words: "test", rule: buildRule}, {words: "t", rule: buildRule}, {words: "tst", rule: buildRule}, {words: "build", rule: buildRule}, {words: "run", rule: scriptRule}, {words: "run-script", rule: scriptRule},
	{words: "start", rule: serverRule}, {words: "restart", rule: serverRule}, {words: "stop", rule: serverRule}, {words: "exec", rule: runPackage}, {words: "x", rule: runPackage},
	{words: "publish", rule: publishRule}, {words: "unpublish", rule: unpublish}, {words: "deprecate", rule: registryAcc}, {words: "adduser", rule: registryAcc},
	{words: "login", rule: registryAcc}, {words: "logout", rule: registryAcc}, {words: "token", rule: registryAcc}, {words: "owner", rule: registryAcc}, {words: "access", rule: registryAcc},
	{words: "team", rule: registryAcc}, {words: "org", rule: registryAcc}, {words: "hook", rule: registryAcc}, {words: "dist-tag", rule: registryAcc}, {words: "star", rule: registryAcc},
	{words: "config set", rule: rule{id: "npm-config", level: High, why: "changes npm configuration, which can change what installs run"}},
	{words: "config", rule: rule{id: "npm-config", level: High, why: "changes npm configuration, which can change what installs run"}},
	{words: "set", rule: rule{id: "npm-config", level: High, why: "changes npm configuration, which can change what installs run"}},
}

var yarnSubs = []sub{
	{words: "install", rule: pkgInstall}, {words: "add", rule: pkgInstall}, {words: "remove", rule: pkgInstall}, {words: "upgrade", rule: pkgInstall}, {words: "up", rule: pkgInstall},
	{words: "upgrade-interactive", rule: pkgInstall}, {words: "import", rule: pkgInstall}, {words: "link", rule: pkgInstall}, {words: "unlink", rule: pkgInstall}, {words: "init", rule: pkgInstall},
	{words: "list", rule: pkgRead}, {words: "info", rule: pkgQuery}, {words: "why", rule: pkgRead}, {words: "outdated", rule: pkgQuery}, {words: "audit", rule: pkgQuery}, {words: "licenses", rule: pkgRead},
	{words: "config get", rule: pkgRead}, {words: "bin", rule: pkgRead}, {words: "cache", rule: pkgInstall}, {words: "pack", rule: buildRule}, {words: "version", rule: pkgInstall},
	{words: "test", rule: buildRule}, {words: "run", rule: scriptRule}, {words: "start", rule: serverRule}, {words: "dlx", rule: runPackage}, {words: "exec", rule: runPackage}, {words: "node", rule: runPackage},
	{words: "create", rule: runPackage}, {words: "publish", rule: publishRule}, {words: "npm publish", rule: publishRule}, {words: "login", rule: registryAcc}, {words: "logout", rule: registryAcc},
	{words: "owner", rule: registryAcc}, {words: "tag", rule: registryAcc}, {words: "global", rule: globalRule}, {words: "set", rule: rule{id: "yarn-config", level: High, why: "changes yarn configuration"}},
	{words: "config set", rule: rule{id: "yarn-config", level: High, why: "changes yarn configuration"}}, {words: "workspace", rule: pkgInstall}, {words: "workspaces", rule: pkgInstall},
}

var pnpmSubs = []sub{
	{words: "install", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "i", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "add", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "remove", rule: pkgInstall, flags: []flagRule{globalFlag}},
	{words: "rm", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "uninstall", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "update", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "up", rule: pkgInstall, flags: []flagRule{globalFlag}},
	{words: "prune", rule: pkgInstall}, {words: "fetch", rule: pkgInstall}, {words: "import", rule: pkgInstall}, {words: "rebuild", rule: pkgInstall}, {words: "link", rule: globalRule}, {words: "init", rule: pkgInstall},
	{words: "list", rule: pkgRead}, {words: "ls", rule: pkgRead}, {words: "ll", rule: pkgRead}, {words: "outdated", rule: pkgQuery}, {words: "audit", rule: pkgQuery, flags: []flagRule{{opts: "--fix", rule: pkgInstall}}}, {words: "why", rule: pkgRead}, {words: "licenses", rule: pkgRead},
	{words: "store", rule: pkgInstall}, {words: "view", rule: pkgQuery}, {words: "info", rule: pkgQuery}, {words: "pack", rule: buildRule}, {words: "test", rule: buildRule}, {words: "t", rule: buildRule}, {words: "run", rule: scriptRule}, {words: "start", rule: serverRule},
	{words: "exec", rule: runPackage}, {words: "dlx", rule: runPackage}, {words: "create", rule: runPackage}, {words: "publish", rule: publishRule}, {words: "setup", rule: globalRule},
	{words: "config set", rule: rule{id: "pnpm-config", level: High, why: "changes pnpm configuration"}},
}

var bunSubs = []sub{
	{words: "install", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "i", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "add", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "a", rule: pkgInstall, flags: []flagRule{globalFlag}},
	{words: "remove", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "rm", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "update", rule: pkgInstall, flags: []flagRule{globalFlag}}, {words: "link", rule: globalRule}, {words: "unlink", rule: pkgInstall},
	{words: "pm", rule: pkgRead}, {words: "pm ls", rule: pkgRead}, {words: "pm cache rm", rule: pkgInstall}, {words: "pm pack", rule: buildRule}, {words: "pm version", rule: pkgInstall},
	{words: "pm trust", rule: pkgInstall}, {words: "pm untrusted", rule: pkgRead}, {words: "pm bin", rule: pkgRead}, {words: "pm hash", rule: pkgRead}, {words: "outdated", rule: pkgQuery}, {words: "audit", rule: pkgQuery}, {words: "why", rule: pkgRead}, {words: "info", rule: pkgQuery},
	{words: "test", rule: buildRule}, {words: "build", rule: buildRule}, {words: "run", rule: scriptRule}, {words: "x", rule: runPackage}, {words: "create", rule: runPackage}, {words: "init", rule: pkgInstall},
	{words: "publish", rule: publishRule}, {words: "upgrade", rule: globalRule}, {words: "repl", rule: ruleInterpTTY},
}

// bunCheck: `bun FILE` runs a program, `bun -e CODE` runs inline code.
func bunCheck(c *call) {
	ws, _ := pmWords(c)
	if o, ok := c.optValue("-e --eval -p --print"); ok {
		inlineCode(c, o.val)
		return
	}
	if len(ws) > 0 && !ws[0].dyn && !shorthandSubs.get()["bun "+ws[0].val] {
		if strings.ContainsAny(ws[0].val, "./") {
			c.raiseRunFile(ruleInterpFile, ws[0])
		} else {
			scriptOrBin(c, ws)
		}
	}
}

// launcher: npx, bunx and their kin download a package and run its
// program, which usually has the package's name: judge that command too.
func launcher(c *call) flow {
	c.raise(launchRule(c, c.name, c.args))
	launched(c, c.name, c.args)
	return flow{kind: flowData}
}

var (
	ruleRunnerEnv    = rule{id: "run-in-env", level: Minimal, why: "runs a command in the project's environment (judged as that command)"}
	ruleRunnerSync   = rule{id: "run-in-env-sync", level: Medium, why: "installs the project's environment when needed and runs a command in it (judged as that command)"}
	ruleRunnerBundle = rule{id: "bundle-exec", level: Medium, why: "loads the Gemfile, which is Ruby code of the project, and runs a command (judged as that command)"}
	ruleRunnerOption = rule{id: "runner-unknown-option", level: High, why: "has an option permguard does not know before the command it runs, so which command runs is unclear"}
	ruleRunnerIndex  = rule{id: "runner-index", level: High, why: "installs packages from an index other than the default, which could serve any code"}
	ruleRunnerElse   = rule{id: "build-elsewhere", level: High, why: "runs a project's build, scripts or package manager in a directory outside the workspace"}
	ruleRunnerAlone  = rule{id: "runner-alone", level: Minimal, why: "runs no command"}
	ruleLocalBin     = rule{id: "run-local-bin", level: Minimal, why: "runs a program already installed in the project (judged as that program)"}
)

// scriptOrBin judges `yarn NAME` and `bun NAME`, which run the project
// script NAME, or else the program NAME installed in node_modules/.bin: a
// build, test or lint script by its name, a known program as that
// program, anything else by its name as a script.
func scriptOrBin(c *call, ws []arg) {
	if len(ws) == 0 || ws[0].dyn {
		return
	}
	name := ws[0].val
	// a program the tables do not know runs as the project's installed
	// copy where the project has it (pnpm glint): code nobody has seen,
	// as npx of it is; else the word is a script's name
	installed := slices.Contains(c.ctx.environment().Installed, name)
	if safeScripts.get()[name] || !knownProgram(name) && !installed || strings.Contains(name, "/") {
		c.raise(scriptRuleFor(name))
		return
	}
	for i, a := range c.args {
		if a.pos == ws[0].pos && a.val == ws[0].val && !a.dyn {
			c.raise(ruleLocalBin)
			c.ctx.inner(c, c.name, c.args[i:], c.stdin)
			return
		}
	}
	c.raise(scriptRuleFor(name))
}

// judgeScript raises c for running the script named by a: dynamic, a
// deploy, or as npm run judges it.
func judgeScript(c *call, a arg) {
	if a.dyn {
		c.raise(ruleToolDynamic)
		return
	}
	c.raise(scriptRuleFor(a.val))
}

// justCheck: just RECIPE ARGS... runs one recipe (or several, when none
// takes arguments); --shell picks the program that runs every line.
func justCheck(c *call) {
	buildOutputs(c)
	if c.hasOpt("--shell --shell-arg --command -c") {
		c.raise(ruleBuildExec)
	}
	ws := c.words("-f --justfile -d --working-directory --dotenv-filename --dotenv-path --color --dump-format --list-heading --list-prefix --chooser --set --shell --shell-arg --timestamp-format")
	for _, a := range ws {
		if a.dyn {
			c.raise(ruleToolDynamic)
			return
		}
		if strings.Contains(a.val, "=") {
			continue // NAME=VALUE overrides a variable
		}
		if ru, bad := recipeRule(a.val); bad {
			c.raise(ru)
		}
		return
	}
}

// taskCheck: go-task runs every task named on its command line.
func taskCheck(c *call) {
	buildOutputs(c)
	for _, a := range c.words("-t --taskfile -d --dir -o --output --output-group-begin --output-group-end -C --concurrency --interval --sort") {
		if a.dyn {
			c.raise(ruleToolDynamic)
			return
		}
		if a.val == "--" {
			return
		}
		if strings.Contains(a.val, "=") {
			continue
		}
		if ru, bad := recipeRule(a.val); bad {
			c.raise(ru)
		}
	}
}

// lernaRun: lerna run SCRIPT runs a package.json script in every package.
func lernaRun(c *call) {
	ws := c.words("--scope --ignore --since --concurrency --stream-prefix")
	if len(ws) > 1 {
		judgeScript(c, ws[1])
	}
}

// nxSubs are nx's own commands; any other first word is a target
// (nx build app, nx deploy app).
var nxSubs = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"run": true, "run-many": true, "affected": true, "graph": true, "dep-graph": true, "generate": true, "g": true,
		"migrate": true, "init": true, "list": true, "report": true, "reset": true, "show": true, "format": true,
		"format:check": true, "format:write": true, "daemon": true, "exec": true, "watch": true, "add": true,
		"release": true, "connect": true, "view-logs": true, "repair": true, "sync": true, "sync:check": true,
		"import": true, "login": true, "logout": true, "help": true, "serve": true,
	}
}}

// nxCheck judges the targets nx runs: nx run PROJECT:TARGET[:CONFIG],
// nx run-many/affected -t A,B, and nx TARGET PROJECT.
func nxCheck(c *call) {
	ws := c.words("-t --target --targets -p --projects --exclude --configuration -c --base --head --parallel --output-style --nxBail")
	if len(ws) == 0 {
		return
	}
	first := ws[0]
	if first.dyn {
		c.raise(ruleToolDynamic)
		return
	}
	switch first.val {
	case "run":
		if len(ws) > 1 {
			t := ws[1]
			if parts := strings.Split(t.val, ":"); !t.dyn && len(parts) > 1 {
				t.val = parts[1]
			}
			judgeScript(c, t)
		}
	case "run-many", "affected":
		if v, ok := c.optValue("-t --target --targets"); ok {
			for _, name := range strings.Split(v.val, ",") {
				judgeScript(c, arg{val: name, dyn: v.dyn})
			}
		}
	case "release":
		c.raise(publishRule)
	case "exec":
		c.raise(runProgram)
	case "watch":
		c.raise(serverRule)
	default:
		if !nxSubs.get()[first.val] {
			judgeScript(c, first)
		}
	}
}

// turboSubs are turbo's own commands; any other first word is a task.
var turboSubs = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"run": true, "prune": true, "login": true, "logout": true, "link": true, "unlink": true, "gen": true,
		"generate": true, "daemon": true, "ls": true, "info": true, "query": true, "watch": true, "boundaries": true,
		"telemetry": true, "scan": true, "bin": true, "completion": true, "devtools": true, "docs": true,
	}
}}

// turboCheck judges the tasks turbo runs: turbo run A B, turbo A B.
func turboCheck(c *call) {
	buildOutputs(c)
	ws := c.words("--filter -F --concurrency --cache-dir --graph --log-order --output-logs --cache --env-mode --log-prefix --ui --cwd --heap --profile --team --token --api --login")
	if len(ws) == 0 {
		return
	}
	if ws[0].dyn {
		c.raise(ruleToolDynamic)
		return
	}
	switch {
	case ws[0].val == "run":
		for _, a := range ws[1:] {
			judgeScript(c, a)
		}
	case ws[0].val == "watch":
		c.raise(serverRule)
	case ws[0].val == "login" || ws[0].val == "logout" || ws[0].val == "link" || ws[0].val == "unlink":
		c.raise(registryAcc)
	case !turboSubs.get()[ws[0].val]:
		for _, a := range ws {
			judgeScript(c, a)
		}
	}
}

// extraSubs are subcommand rows added to programs whose row lives in
// another table: the everyday forms those rows lacked.
var extraSubs = lazy[map[string][]sub]{build: func() map[string][]sub {
	return map[string][]sub{
		"npm": {
			sub{words: "pkg get", rule: pkgRead},
			sub{words: "pkg set", rule: rule{id: "npm-pkg-write", level: Low, why: "changes package.json"}},
			sub{words: "pkg delete", rule: rule{id: "npm-pkg-write", level: Low, why: "changes package.json"}},
			sub{words: "pkg fix", rule: rule{id: "npm-pkg-write", level: Low, why: "changes package.json"}},
		},
	}
}}

// addExtraSubs adds the everyday subcommands to a core or development
// row (see finishRow).
func addExtraSubs(t *tool) {
	if rows, ok := extraSubs.get()[t.names]; ok {
		t.subs = append(t.subs[:len(t.subs):len(t.subs)], rows...)
	}
}

// runScript is the check of a "run" subcommand: the first operand after it
// names the script.
// npmInit: npm init NAME downloads and runs create-NAME.
func npmInit(c *call) {
	if ps := positional(c.args); len(ps) > 1 && !strings.HasPrefix(ps[1].val, "-") {
		c.raise(runPackage)
	}
}

// shorthandSubs lists the words that are real subcommands (taken from the
// tables, so a script shorthand never shadows them); built on first use.
// (The build function is set in init: it reads the tables, whose checks
// reach back here, so naming it in the initializer would be a cycle.)
var shorthandSubs lazy[map[string]bool]

func buildShorthandSubs() map[string]bool {
	m := map[string]bool{}
	for _, g := range toolGroups {
		if g.kind != groupDev {
			continue
		}
		rows := g.rows()
		for i := range rows {
			t := &rows[i]
			t.finish(groupDev)
			for n := range strings.FieldsSeq(t.names) {
				for _, sb := range t.subs {
					first, _, _ := strings.Cut(sb.words, " ")
					m[n+" "+first] = true
				}
			}
		}
	}
	return m
}

// finishPackageManager gives the package managers' subcommand rows their
// checks (see finishRow).
func finishPackageManager(t *tool) {
	switch t.names {
	case "composer":
		// composer run-script NAME is composer NAME: judged by the
		// script's name like npm run
		for k := range t.subs {
			if w := t.subs[k].words; w == "run-script" || w == "run" {
				t.subs[k].check = runScript
				t.subs[k].rule = r("run-script-list", Minimal, "runs a project script (judged by its name)")
			}
		}
		return
	case "deno":
		for k := range t.subs {
			if t.subs[k].words == "task" {
				t.subs[k].check = runScript
			}
		}
		return
	case "npm":
		for i := range t.subs {
			if t.subs[i].words == "init" {
				t.subs[i].check = npmInit
			}
			if t.subs[i].words == "run" || t.subs[i].words == "run-script" {
				t.subs[i].check = runScript
				t.subs[i].rule = r("run-script-list", Minimal, "runs a project script (judged by its name)")
			}
		}
	case "yarn", "pnpm", "bun":
	default:
		return
	}
	for i := range t.subs {
		sb := &t.subs[i]
		switch sb.words {
		case "exec", "dlx", "x":
			sb.check = launchSub
			if sb.words != "dlx" && (t.names == "npm" || t.names == "bun") {
				// npm exec and bun x are npx and bunx: they run the
				// project's own copy when it has one (launchSub decides)
				sb.rule = ruleLaunch
			}
		case "workspace", "workspaces":
			sb.check = yarnWorkspace
		case "run":
			sb.check = runScript
			sb.rule = r("run-script-list", Minimal, "runs a project script (judged by its name)")
		}
	}
}

// npmHarmless are npm's options that change nothing of what npm exec
// runs or where it looks for it.
var npmHarmless = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"--no": true, "--no-install": true, "--yes=false": true, "--silent": true, "-s": true, "-q": true, "--quiet": true,
		"--loglevel": true, "-d": true, "-dd": true, "-ddd": true, "--offline": true, "--prefer-offline": true, "--no-fund": true,
		"--no-audit": true, "--no-update-notifier": true, "--color": true, "--no-color": true, "--no-progress": true,
	}
}}

// npmOptionsHarmless reports that every option of an npm command line
// before "--" is in npmHarmless ("--loglevel=warn" by its name).
func npmOptionsHarmless(args []arg) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return false // it may be an option
		}
		if a.val == "--" {
			return true
		}
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			continue
		}
		name, _, glued := strings.Cut(a.val, "=")
		if !npmHarmless.get()[name] {
			return false
		}
		if name == "--loglevel" && !glued {
			i++ // its value
		}
	}
	return true
}

// afterOptions is args from the first word that is not an option (the
// options were all found harmless; --loglevel takes a value).
func afterOptions(args []arg) []arg {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a.val == "--loglevel":
			i++
		case a.val == "--":
			return args[i+1:]
		case !strings.HasPrefix(a.val, "-"):
			return args[i:]
		}
	}
	return nil
}

// optionBefore reports an option among args before the word sub.
func optionBefore(args []arg, sub string) bool {
	for _, a := range args {
		if !a.dyn && a.val == sub {
			return false
		}
		if a.dyn || strings.HasPrefix(a.val, "-") {
			return true
		}
	}
	return false
}

// ruleLaunch stands for npm exec and bun x until launchRule decides.
var ruleLaunch = rule{id: "run-package-or-local", level: Minimal, why: "runs a package's program (judged with what it runs)"}

// launchRule is what a launcher named by does itself: npx and npm exec
// (with --no, or of a program the project has installed) and bunx run
// the project's own copy; otherwise they download the package.
func launchRule(c *call, by string, args []arg) rule {
	if len(args) > 0 && !args[0].dyn && args[0].val == "--" {
		args = args[1:]
	}
	switch by {
	case "npm exec", "npm x":
		// npm reads its options anywhere before a "--", after the
		// program's name and before "exec" too: one that fetches or
		// moves what runs (--package, --prefix, -w, --userconfig) makes
		// it another program
		if !npmOptionsHarmless(c.args) {
			return runPackage
		}
		if npxLocalOnly(args) || installed(c.ctx, afterOptions(args)) {
			return ruleLocalBin
		}
	case "npx":
		if npxLocalOnly(args) || installed(c.ctx, args) {
			return ruleLocalBin
		}
	case "bunx", "bun x":
		// bunx has no --no: an installed program is the project's copy;
		// bun's own options before x (--cwd) may move it
		if installed(c.ctx, args) && (by == "bunx" || !optionBefore(c.args, "x")) {
			return ruleLocalBin
		}
	}
	return runPackage
}

// launched judges the program a package launcher (by: npx, npm exec)
// runs from args.
func launched(c *call, by string, args []arg) {
	i := skipOpts(args, "-p --package -c --call --registry --cache --from --with")
	if i < len(args) && !args[i].dyn {
		name := args[i].val
		if prog, ok := agentPackage(name); ok {
			name = prog // npx @anthropic-ai/claude-code is claude
		} else if at := strings.LastIndexByte(name, '@'); at > 0 {
			name = name[:at] // prisma@5 is prisma
		}
		if handlerOf(name) != nil || lookupTool(name) != nil {
			argv := append([]arg{{val: name, pos: args[i].pos}}, args[i+1:]...)
			c.ctx.inner(c, by, argv, c.stdin)
			return
		}
	}
	// a program permguard does not know, installed or not, is high
	// (design §2.8)
	c.raise(ruleUnknown)
}

// launchSub is the check of `npm exec`, `pnpm dlx` and their kin.
func launchSub(c *call) {
	// the subcommand is the first of its names, not the first word that
	// is no option: a global option's value (npm --prefix DIR exec)
	// comes before it
	for k, a := range c.args {
		if !a.dyn && (a.val == "exec" || a.val == "x" || a.val == "dlx") {
			by, rest := c.name+" "+a.val, c.args[k+1:]
			switch by {
			case "npm exec", "npm x", "bun x":
				// their rows hold ruleLaunch: what they do is decided here
				c.raise(launchRule(c, by, rest))
			}
			launched(c, by, rest)
			return
		}
	}
}

// npxLocalOnly reports `npx --no NAME` and `npm exec --no`: they refuse
// to download, so what runs is a program already installed in the
// project.
func npxLocalOnly(args []arg) bool {
	for _, a := range args {
		if a.dyn || !strings.HasPrefix(a.val, "-") || a.val == "--" {
			return false
		}
		if a.val == "--no" || a.val == "--no-install" || a.val == "--yes=false" {
			return true
		}
	}
	return false
}

// installed reports `npx NAME ...` where NAME is a program the project
// has installed (Env.Installed) and the input has not moved away from the
// directory it was read in: npx runs that copy. Options before the name
// (--yes, --package) and a version (NAME@5) may fetch another.
func installed(w toolCtx, args []arg) bool {
	env := w.environment()
	if len(env.Installed) == 0 || len(args) == 0 || args[0].dyn {
		return false
	}
	if d := w.cwdArg(); d.dyn || d.val != startDir(*env) {
		return false
	}
	name := args[0].val
	if strings.HasPrefix(name, "-") || strings.LastIndexByte(name, '@') > 0 || strings.HasPrefix(name, ".") {
		return false
	}
	return slices.Contains(env.Installed, name)
}

// yarnWorkspace runs the rest of the line as a yarn command: yarn
// workspace NAME CMD..., yarn workspaces foreach [options] CMD..., and
// yarn 1's yarn workspaces run SCRIPT.
func yarnWorkspace(c *call) {
	i := skipOpts(c.args, "--cwd")
	if i >= len(c.args) || c.args[i].dyn {
		return
	}
	which := c.args[i].val
	rest := c.args[i+1:]
	switch {
	case which == "workspace" && len(rest) > 1:
		rest = rest[1:] // the workspace's name
	case which == "workspaces" && len(rest) > 0 && !rest[0].dyn && rest[0].val == "foreach":
		rest = rest[1:]
		rest = rest[skipOpts(rest, "-j --jobs --include --exclude --from --since -W --worktree"):]
	case which == "workspaces" && len(rest) > 0 && !rest[0].dyn && rest[0].val == "run":
		// yarn 1: the script is judged as yarn run judges it
	default:
		return
	}
	if len(rest) == 0 {
		return
	}
	if rest[0].dyn {
		c.raise(ruleToolDynamic)
		return
	}
	argv := append([]arg{{val: "yarn", pos: c.pos}}, rest...)
	c.ctx.inner(c, "yarn "+which, argv, flow{})
}
