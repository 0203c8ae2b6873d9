package classify

import "strings"

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
		{words: "exec", rule: runPackage}, {words: "global", rule: globalRule}, {words: "create-project", rule: runPackage}, {words: "run-script", rule: scriptRule}, {words: "run", rule: scriptRule},
		{words: "self-update", rule: globalRule}, {words: "selfupdate", rule: globalRule}, {words: "config", rule: rule{id: "composer-config", level: High, why: "changes composer configuration"}},
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
// helpers in infra.go); they are built on the first lookup of one of
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
