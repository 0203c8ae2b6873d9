package classify

import "strings"

// The JavaScript package managers take global options before the script or
// subcommand name (pnpm --filter api build, npm -w pkg run test, yarn --cwd
// web lint). To find the name, each manager's options are data: which take
// a value and which take none. An option that is in neither list could
// take the next word as its value, so the name after it is unclear; that
// is judged high rather than guessed (issue 14, class 1).

// pmOpts lists one package manager's global options.
type pmOpts struct {
	value string // options that take the next word as their value
	flags string // options that take none
	dirs  string // options whose value is the directory the command works in
}

var pmOptions = lazy[map[string]pmOpts]{build: func() map[string]pmOpts {
	return map[string]pmOpts{
		"npm": {
			value: "-w --workspace --prefix -C --loglevel --userconfig --globalconfig --cache --tag --access --otp " +
				"--omit --include --install-strategy --registry --script-shell --node-options --before --cpu --os --libc",
			flags: "-ws --workspaces --include-workspace-root --if-present --ignore-scripts --silent -s -q --quiet -d -dd -ddd " +
				"--verbose --json --parseable -p --long -l --yes -y --no --offline --prefer-offline --prefer-online " +
				"--foreground-scripts --no-audit --no-fund --color --no-color --progress --no-progress --dry-run " +
				"--save-dev -D --save -S --save-exact -E --save-optional -O --save-peer --no-save --legacy-peer-deps " +
				"--strict-peer-deps --force -f --global -g --production --workspaces-update --ci",
			dirs: "-C --prefix",
		},
		"pnpm": {
			value: "-C --dir --filter -F --filter-prod --reporter --loglevel --workspace-concurrency --test-pattern " +
				"--changed-files-ignore-pattern --resume-from --registry --store-dir --virtual-store-dir --modules-dir " +
				"--lockfile-dir --global-dir --config-dir --node-options --cpu --os --libc --reporter-hide-prefix",
			flags: "-r --recursive -w --workspace-root --parallel --stream --silent -s --if-present --bail --no-bail " +
				"--sort --no-sort --reverse --aggregate-output --include-workspace-root --fail-if-no-match -D --dev " +
				"-P --prod --frozen-lockfile --no-frozen-lockfile --prefer-frozen-lockfile --offline --prefer-offline " +
				"--shamefully-hoist --color --no-color --report-summary --no-optional --ignore-scripts --reverse " +
				"--use-stderr --json --long --depth --global -g --save-dev --save-exact -E --save-peer --save-optional -O " +
				"--strict-peer-dependencies --verbose",
			dirs: "-C --dir --lockfile-dir",
		},
		"yarn": {
			value: "--cwd --mutex --network-timeout --cache-folder --modules-folder --registry --use-yarnrc " +
				"--link-folder --global-folder --preferred-cache-folder --network-concurrency",
			flags: "--silent -s --verbose --frozen-lockfile --offline --prefer-offline --non-interactive --ignore-scripts " +
				"--production --prod --pure-lockfile --immutable --immutable-cache --check-cache --inline-builds --json " +
				"--no-progress --ignore-engines --ignore-optional --ignore-platform --force --check-files -T --top-level " +
				"-D --dev -E --exact -P --peer -O --optional --no-lockfile --skip-integrity-check -W --ignore-workspace-root-check",
			dirs: "--cwd --modules-folder",
		},
		"bun": {
			value: "--cwd --filter -F --config -c --backend --cache-dir --registry --conditions --env-file --tsconfig-override " +
				"--preload -r --require --import --jsx-factory --jsx-fragment --jsx-import-source --main-fields --extension-order " +
				"--timeout --rerun-each --test-name-pattern -t --coverage-reporter --coverage-dir --bail",
			flags: "--silent --verbose --bun -b --watch --hot --smol --frozen-lockfile --production --no-save --dry-run " +
				"--force -f --dev -d --optional --exact -E --global -g --no-install --prefer-offline --if-present " +
				"--only --todo --coverage --update-snapshots -u --ignore-scripts --elide-lines --workspaces",
			dirs: "--cwd --cache-dir",
		},
	}
}}

var (
	rulePMUnclearOption = rule{id: "pm-unknown-option", level: High, why: "has an option permguard does not know before the script or subcommand name, so which one runs is unclear"}
	rulePMElsewhere     = rule{id: "build-elsewhere", level: High, why: "runs a project's build, scripts or package manager in a directory outside the workspace"}
)

// pmWords returns the words of a package-manager call that are neither
// options nor option values: the subcommand or script name first. unclear
// is set when an option it does not know comes before that name.
func pmWords(c *call) (words []arg, unclear bool) {
	opts, ok := pmOptions.get()[c.name]
	if !ok {
		return positional(c.args), false
	}
	named := false // the script or subcommand name has been seen
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			words = append(words, a)
			named = true
			continue
		}
		if a.val == "--" {
			return append(words, c.args[i+1:]...), unclear
		}
		if !strings.HasPrefix(a.val, "-") || a.val == "-" {
			words = append(words, a)
			named = true
			continue
		}
		if named {
			// after the name the options belong to the script or
			// subcommand, which the tables judge by themselves
			if hasWord(opts.value, a.val) && i+1 < len(c.args) {
				i++
			}
			continue
		}
		name, _, glued := strings.Cut(a.val, "=")
		switch {
		case hasWord(opts.value, name):
			if !glued {
				i++
			}
		case hasWord(opts.flags, name) || strings.HasPrefix(name, "--no-") || glued:
		case len(name) > 2 && name[1] != '-' && hasWord(opts.value, name[:2]):
			// a value glued to a short option: -Fapi, -wpkg
		default:
			if i+1 < len(c.args) {
				unclear = true
			}
		}
	}
	return words, unclear
}

// pmCheck applies to every call of a JavaScript package manager: an
// unknown option before the name makes the name unclear, and a directory
// option outside the workspace runs the project found there.
func pmCheck(c *call) {
	if _, unclear := pmWords(c); unclear {
		c.raise(rulePMUnclearOption)
	}
	if c.hasOpt("--node-options --script-shell") {
		c.raise(r("build-exec", High, "makes the build run another program"))
	}
	for d := range strings.FieldsSeq(pmOptions.get()[c.name].dirs) {
		if v, ok := c.optValue(d); ok {
			if ru, bad := c.ctx.writeInto(v); bad && ru.level > Low {
				c.raise(rulePMElsewhere)
			}
		}
	}
}

// addPMCheck gives a package manager's row its global options and check
// (see finishRow).
func addPMCheck(t *tool) {
	opts, ok := pmOptions.get()[t.names]
	if !ok {
		return
	}
	// the table lookup skips the same option values
	t.valueOpts = opts.value
	prev := t.check
	t.check = func(c *call) {
		pmCheck(c)
		if prev != nil {
			prev(c)
		}
	}
}
