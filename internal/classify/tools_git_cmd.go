package classify

import (
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// git gets a semantic model (design §2 "Git"): global options first, then
// the subcommand and the flags that change what it does. Each row below is
// a rule; gitCommand picks among them.
var (
	gitRead        = rule{id: "git-read", level: Minimal, why: "reads the repository"}
	gitFetch       = rule{id: "git-fetch", level: Minimal, why: "downloads commits into the repository without changing your files", sends: true}
	gitLocal       = rule{id: "git-local", level: Medium, why: "changes the local repository (commits, branches, index, working tree)"}
	gitClone       = rule{id: "git-clone", level: Medium, why: "clones a repository", sends: true}
	gitPush        = rule{id: "git-push", level: High, why: "pushes commits to a remote repository"}
	gitPushDelete  = rule{id: "git-push-delete", level: High, dangerous: true, why: "deletes a branch or tag on a remote repository", effect: EffectDelete}
	gitForcePush   = rule{id: "git-force-push", level: High, dangerous: true, why: "rewrites the history of a remote branch, which can destroy other people's work"}
	gitRemoteWrite = rule{id: "git-remote-write", level: High, why: "changes where the repository fetches from and pushes to"}
	gitConfigWrite = rule{id: "git-config-write", level: High, why: "changes git configuration, which can make git run programs"}
	gitConfigOpt   = rule{id: "git-config-option", level: High, why: "sets git configuration for this command, which can make git run programs"}
	gitExec        = rule{id: "git-exec", level: High, why: "makes git run another program (pager, diff driver, hook, helper)"}
	gitUnknown     = rule{id: "git-unknown", level: High, why: "runs a git subcommand permguard does not know (it may be an alias)"}
	gitDynamic     = rule{id: "git-dynamic", level: High, why: "runs git with a subcommand only known at run time"}
	// (high, not dangerous: the harm is bounded to the files named, which
	// agents revert this way many times a day; the whole tree stays
	// dangerous, gitDiscardAll; design §2.8, Git)
	gitDiscard    = rule{id: "git-discard-files", level: High, why: "discards uncommitted changes in the named files for good", effect: EffectDelete}
	gitDiscardDyn = rule{id: "git-discard-dynamic", level: High, dangerous: true, why: "discards uncommitted changes in files only known at run time, which may be the whole tree", effect: EffectDelete}
	gitAbort      = rule{id: "git-abort", level: High, dangerous: true, why: "abandons the merge, rebase or cherry-pick in progress with its conflict resolutions"}
	gitTagDelete  = rule{id: "git-tag-delete", level: High, dangerous: true, why: "deletes a tag, which git keeps no record of", effect: EffectDelete}
	gitRmForce    = rule{id: "git-rm-force", level: High, dangerous: true, why: "deletes files together with their uncommitted changes", effect: EffectDelete}
	gitNetwork    = rule{id: "git-network", level: High, why: "talks to a remote server"}
	gitSubmodule  = rule{id: "git-submodule", level: High, why: "updates submodules, fetching and checking out code from other repositories"}
	gitResetHard  = rule{id: "git-reset-hard", level: High, dangerous: true, why: "throws away uncommitted changes for good (reset --hard)"}
	gitClean      = rule{id: "git-clean", level: High, dangerous: true, why: "deletes untracked files for good", effect: EffectDelete}
	gitDiscardAll = rule{id: "git-discard-all", level: High, dangerous: true, why: "discards every uncommitted change in the working tree", effect: EffectDelete}
	gitStashDrop  = rule{id: "git-stash-drop", level: High, dangerous: true, why: "deletes stashed changes for good", effect: EffectDelete}
	gitBranchDel  = rule{id: "git-branch-force-delete", level: High, dangerous: true, why: "deletes a branch even if its commits are not merged anywhere", effect: EffectDelete}
	gitRewrite    = rule{id: "git-rewrite-history", level: High, dangerous: true, why: "rewrites or prunes history so that lost commits cannot be recovered"}
	gitWorktreeRm = rule{id: "git-worktree-force-remove", level: High, dangerous: true, why: "removes a worktree with its uncommitted changes", effect: EffectDelete}
	gitRefDelete  = rule{id: "git-update-ref-delete", level: High, dangerous: true, why: "deletes a ref directly, bypassing every safety check", effect: EffectDelete}
	gitDynamicArg = rule{id: "git-dynamic-argument", level: High, dangerous: true, why: "passes git an argument only known at run time where a flag could make it destroy work"}
	// the guard's files that are not committed go into the stash
	ruleGitStashGuard = rule{id: "git-stash-guard", level: High, dangerous: true, effect: EffectDelete,
		why: "could switch the guard off: takes untracked files away, an agent's settings and hooks among them"}
)

// gitValueOpts are global options that take the next word.
var gitValueOpts = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true, "--config-env": true, "--super-prefix": true, "--list-cmds": true}
}}

func gitCommand(c *call) flow {
	args := c.args
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		// a global option with its value glued on is read like one
		// with the value apart: -C"$D" is -C "$D"
		v := optWord(a)
		if a.dyn && !gitGlued(v) {
			c.raise(gitDynamic)
			return flow{kind: flowData}
		}
		if !strings.HasPrefix(v, "-") {
			break
		}
		name, _, hasVal := strings.Cut(v, "=")
		switch {
		case name == "-c" || name == "--config-env" || strings.HasPrefix(v, "-c"):
			c.raise(gitConfigOpt)
		case name == "--exec-path" && hasVal:
			c.raise(gitExec)
		case name == "--git-dir" || name == "--work-tree":
			c.raise(r("git-dir", Medium, "points git at another repository or work tree"))
		case v == "--version" || v == "--help" || v == "-h" || name == "--exec-path" || v == "--html-path" || v == "--man-path" || v == "--info-path":
			c.raise(ruleVersion)
			return flow{kind: flowData}
		case v == "-p" || v == "--paginate":
			// the pager is the user's own configuration
		}
		if gitValueOpts.get()[v] && !a.dyn {
			i++
		}
	}
	if i >= len(args) {
		c.raise(r("git-bare", Minimal, "prints git's usage"))
		return flow{kind: flowData}
	}
	// case-insensitive file systems find git-RESET as git-reset
	sub := strings.ToLower(args[i].val)
	rest := args[i+1:]
	// git changes to each -C directory before it does anything else, so
	// the paths the subcommand (or an alias) names are relative to it:
	// judged from there, as after a cd
	var rc *call
	if dir, moved, _ := gitDirs(c.ctx.cwdArg(), args[:i]); moved {
		restore := c.ctx.chdir(dir)
		c.ctx.secretArgs(&call{ctx: c.ctx, name: c.name, args: rest, pos: c.pos, snippet: c.snippet, out: c.out})
		rc, sub = gitRun(c, args[:i], sub, rest)
		restore()
	} else {
		rc, sub = gitRun(c, args[:i], sub, rest)
	}
	if rc != nil {
		gitTree(rc, args[:i], sub, rc.args)
		gitMayLink(rc, args[:i], sub, rc.args)
	}
	return flow{kind: flowData}
}

// gitRun judges the subcommand sub of git with its arguments rest, after
// the global options (-c aliases, commands set for git to run). It
// returns the subcommand's call and name, an alias expanded, or a nil
// call when an alias ran a shell command.
func gitRun(c *call, global []arg, sub string, rest []arg) (*call, string) {
	aliases := gitAliases(append(gitEnvConfig(c.env), global...))
	for _, k := range slices.Sorted(maps.Keys(aliases)) {
		if strings.HasPrefix(k, "\x00cmd") {
			// -c core.sshCommand=..., core.pager=...: git will run it
			c.runScript(FrameScript, strings.TrimPrefix(aliases[k], "!"))
		}
	}
	if def, ok := aliases[sub]; ok {
		// an alias set with -c alias.NAME=...: judge what it expands to
		c.raise(gitConfigOpt)
		if strings.HasPrefix(def, "!") {
			c.runScript(FrameScript, def[1:]+" "+joinArgs(rest))
			return nil, sub
		}
		words := strings.Fields(def)
		if len(words) == 0 {
			return nil, sub
		}
		sub = strings.ToLower(words[0])
		var pre []arg
		for _, wd := range words[1:] {
			pre = append(pre, arg{val: wd, pos: c.pos})
		}
		rest = append(pre, rest...)
	}
	rc := &call{ctx: c.ctx, name: c.name, args: rest, pos: c.pos, snippet: c.snippet, out: c.out, stdin: c.stdin, env: c.env, abbrev: true, action: "git " + sub}
	gitSub(rc, sub)
	return rc, sub
}

// gitGlued reports the static start of a global option whose value is
// glued on: -C, -c, --git-dir=, --work-tree= and their kin.
func gitGlued(head string) bool {
	if strings.HasPrefix(head, "-C") || strings.HasPrefix(head, "-c") {
		return true
	}
	name, _, ok := strings.Cut(head, "=")
	return ok && (gitValueOpts.get()[name] || name == "--exec-path")
}

// gitCommandKeys are configuration keys whose value is a command git runs.
var gitCommandKeys = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"core.sshcommand": true, "core.pager": true, "core.editor": true, "core.fsmonitor": true, "diff.external": true,
		"sequence.editor": true, "gpg.program": true, "credential.helper": true, "core.askpass": true, "core.hookspath": false,
		"uploadpack.packobjectshook": true, "gpg.ssh.program": true, "gpg.x509.program": true,
	}
}}

// gitEnvConfig turns configuration passed through the environment
// (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n and
// GIT_CONFIG_VALUE_n) into the -c options it is equivalent to.
func gitEnvConfig(env map[string]string) []arg {
	var out []arg
	if ps, ok := env["GIT_CONFIG_PARAMETERS"]; ok {
		for _, part := range strings.Split(ps, "'") {
			if strings.Contains(part, "=") && strings.TrimSpace(part) == part {
				out = append(out, arg{val: "-c"}, arg{val: part})
			}
		}
	}
	for k := 0; k < 64; k++ {
		key, ok := env["GIT_CONFIG_KEY_"+strconv.Itoa(k)]
		if !ok {
			break
		}
		out = append(out, arg{val: "-c"}, arg{val: key + "=" + env["GIT_CONFIG_VALUE_"+strconv.Itoa(k)]})
	}
	return out
}

// gitAliases collects alias.NAME=VALUE from -c options.
func gitAliases(global []arg) map[string]string {
	var out map[string]string
	for i, a := range global {
		v := a.val
		switch {
		case v == "-c" && i+1 < len(global):
			v = global[i+1].val
		case strings.HasPrefix(v, "-c") && len(v) > 2:
			v = v[2:]
		default:
			continue
		}
		k, val, ok := strings.Cut(v, "=")
		switch lk := strings.ToLower(k); {
		case gitCommandKeys.get()[lk] || strings.HasPrefix(lk, "pager."):
			if out == nil {
				out = map[string]string{}
			}
			out["\x00cmd"+lk] = val
		}
		if name, isAlias := strings.CutPrefix(strings.ToLower(k), "alias."); ok && isAlias {
			if out == nil {
				out = map[string]string{}
			}
			out[name] = val
		}
	}
	return out
}

func anyDyn(args []arg) bool {
	for _, a := range args {
		if a.dyn {
			return true
		}
	}
	return false
}

func gitSub(c *call, sub string) {
	dyn := c.anyDynamic()
	execFlags := func() {
		if c.hasOpt("--ext-diff --textconv --filters --exec --upload-pack --receive-pack --open-files-in-pager -O --extcmd --tool") ||
			hasPrefixOpt(c.args, "-O") && sub == "grep" {
			c.raise(gitExec)
		}
		if o, ok := c.optValue("--output"); ok {
			if ru, bad := c.ctx.writeRule(o); bad {
				c.raise(ru)
			}
		}
	}
	switch sub {
	case "mv", "rm", "checkout", "restore", "stash", "reset", "checkout-index":
		// each puts back, moves or removes the paths it names, which may
		// be an agent's hook configuration
		c.guardChanges(positional(c.args), true)
		if sub == "stash" && c.hasOpt("-u --include-untracked -a --all") && !c.hasOpt("--staged -S") {
			// untracked (and with --all ignored) files go into the stash and
			// leave the tree: .claude/settings.local.json, .codex/, .mcp.json
			ps := valueArgs(c.args, "-m --message --pathspec-from-file", "")
			if len(ps) == 0 || ps[0].val == "save" || len(ps) == 1 && ps[0].val == "push" {
				if _, bad := c.ctx.unknownInto(arg{val: ".", pos: c.pos}); bad {
					c.raiseWith(ruleGitStashGuard, occurrence{target: c.target(arg{val: "."})})
				}
			}
		}
	}
	switch sub {
	case "status", "log", "diff", "show", "ls-files", "ls-tree", "cat-file", "rev-parse", "describe", "shortlog",
		"blame", "annotate", "whatchanged", "rev-list", "show-ref", "for-each-ref", "name-rev", "merge-base",
		"count-objects", "var", "help", "version", "check-ignore", "check-attr", "check-ref-format", "verify-commit",
		"verify-tag", "show-branch", "cherry", "diff-tree", "diff-files", "diff-index", "range-diff", "grep", "fsck",
		"ls-remote", "get-tar-commit-id", "column", "stripspace", "hash-object":
		if sub == "hash-object" && c.hasOpt("-w") {
			c.raise(gitLocal)
		} else if sub == "ls-remote" {
			c.raise(gitFetch)
		} else {
			c.raise(gitRead)
		}
		execFlags()
	case "fetch":
		c.raise(gitFetch)
		execFlags()
	case "reflog":
		switch w := positional(c.args); {
		case len(w) > 0 && (w[0].val == "expire" || w[0].val == "delete" || w[0].dyn):
			c.raise(gitRewrite)
		default:
			c.raise(gitRead)
		}
	case "branch":
		switch {
		case c.hasOpt("-D") || c.hasOpt("--delete -d") && c.hasOpt("--force -f"):
			c.raise(gitBranchDel)
		case c.hasOpt("-M -C") || c.hasOpt("--move -m --copy -c") && c.hasOpt("--force -f"):
			c.raise(danger("git-branch-overwrite", "renames or copies over an existing branch, which loses its commits"))
		case dyn:
			c.raise(gitDynamicArg)
		case c.hasOpt("-d --delete -m -M --move -c -C --copy -u --set-upstream-to --unset-upstream --edit-description -t --track"):
			c.raise(gitLocal)
		case c.hasOpt("-f --force"):
			c.raise(danger("git-branch-force", "moves an existing branch, which can orphan its commits"))
		case len(positional(c.args)) > 0 && !c.hasOpt("-l --list --contains --no-contains --merged --no-merged --points-at"):
			c.raise(gitLocal)
		default:
			c.raise(gitRead)
		}
	case "tag":
		switch {
		case c.hasOpt("-d --delete"):
			c.raise(gitTagDelete)
		case dyn:
			c.raise(gitLocal)
		case c.hasOpt("-l --list -n --contains --no-contains --merged --no-merged --points-at -v --verify"):
			c.raise(gitRead)
		case len(positional(c.args)) > 0 || c.hasOpt("-a -s -d -f -m -F -u --delete"):
			c.raise(gitLocal)
		default:
			c.raise(gitRead)
		}
	case "remote":
		w := positional(c.args)
		switch {
		case len(w) == 0 || w[0].val == "show" || w[0].val == "get-url":
			c.raise(gitRead)
		default:
			c.raise(gitRemoteWrite)
		}
	case "config":
		gitConfig(c)
	case "push":
		gitPushCmd(c)
	case "reset":
		switch {
		case c.hasOpt("--hard"):
			c.raise(gitResetHard)
		case c.hasOpt("--merge"):
			c.raise(danger("git-reset-merge", "resets the working tree to another commit, which can discard changes"))
		case dyn:
			c.raise(gitDynamicArg)
		default:
			c.raise(gitLocal)
		}
	case "clean":
		if c.hasOpt("-n --dry-run") {
			c.raise(r("git-clean-dry-run", Minimal, "lists the untracked files git clean would delete"))
		} else {
			c.raise(gitClean)
		}
	case "checkout", "restore", "switch":
		gitCheckout(c, sub)
	case "stash":
		w := positional(c.args)
		switch {
		case len(w) == 0:
			c.raise(gitLocal)
		case w[0].dyn:
			c.raise(gitDynamicArg)
		case w[0].val == "drop" || w[0].val == "clear":
			c.raise(gitStashDrop)
		case w[0].val == "list" || w[0].val == "show":
			c.raise(gitRead)
		default:
			c.raise(gitLocal)
		}
	case "filter-branch", "filter-repo", "prune", "replace":
		c.raise(gitRewrite)
	case "gc":
		if o, ok := c.optValue("--prune"); ok && (o.dyn || o.val == "now" || o.val == "all") {
			c.raise(gitRewrite)
		} else {
			c.raise(gitLocal)
		}
	case "update-ref":
		if c.hasOpt("-d --delete --stdin") || dyn {
			c.raise(gitRefDelete)
		} else {
			c.raise(r("git-update-ref", High, "moves a ref directly, bypassing git's safety checks"))
		}
	case "worktree":
		w := positional(c.args)
		switch {
		case len(w) > 0 && w[0].val == "list":
			c.raise(gitRead)
		case len(w) > 0 && w[0].val == "remove" && c.hasOpt("-f --force"):
			c.raise(gitWorktreeRm)
		default:
			c.raise(gitLocal)
		}
	case "read-tree", "checkout-index":
		switch {
		case sub == "read-tree" && c.hasOpt("-u") && c.hasOpt("--reset"), sub == "checkout-index" && c.hasOpt("-f --force") && c.hasOpt("-a --all"):
			c.raise(gitDiscardAll)
		default:
			c.raise(gitLocal)
		}
		if p, ok := c.optValue("--prefix"); ok {
			if ru, bad := c.ctx.writeRule(p); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	case "maintenance":
		if w := positional(c.args); len(w) > 0 && (w[0].val == "start" || w[0].val == "register") {
			c.raise(r("git-maintenance-schedule", High, "schedules background jobs (cron, systemd timers) and changes your git configuration"))
		} else {
			c.raise(gitLocal)
		}
	case "add", "commit", "pull", "merge", "rebase", "cherry-pick", "revert", "rm", "mv", "init", "am", "apply",
		"format-patch", "bisect", "notes", "repack", "mergetool-ignore", "sparse-checkout", "pack-refs",
		"commit-graph", "multi-pack-index", "rerere", "bundle", "archive", "write-tree", "commit-tree",
		"update-index", "symbolic-ref", "mktag", "mktree", "unpack-objects", "pack-objects", "index-pack":
		if sub == "pull" {
			// fetches first: the box has no network
			c.raise(hostOnly(gitLocal))
		} else {
			c.raise(gitLocal)
		}
		if t, ok := c.optValue("--template"); ok && !t.dyn {
			c.raise(r("git-template", High, "copies hooks from a template directory, which run on later git commands"))
		}
		writeOpts(c, "-o --output-directory")
		switch sub {
		case "pull":
			c.sendsCheck()
		case "bisect":
			gitBisectRun(c)
		}
		if sub == "bundle" {
			if ps := positional(c.args); len(ps) > 1 && ps[0].val == "create" {
				if ru, bad := c.ctx.writeRule(ps[1]); bad && ru.level > Low {
					c.raise(ru)
				}
			}
		}
		if sub == "apply" && !c.hasOpt("--check --stat --numstat --summary --cached") ||
			sub == "am" && !c.hasOpt("--abort --quit --show-current-patch") {
			// a patch names the files it changes, but nobody has read it
			// as git does (design §2.9)
			if ru, bad := c.ctx.unknownInto(arg{val: ".", pos: c.pos}); bad {
				c.raise(ru)
			}
		}
		if sub == "apply" && c.hasOpt("--unsafe-paths") {
			c.raise(r("git-apply-unsafe", High, "applies a patch to paths outside the repository"))
		}
		if sub == "archive" && c.hasOpt("--remote") {
			c.raise(gitNetwork)
		}
		if (sub == "merge" || sub == "rebase" || sub == "cherry-pick" || sub == "revert" || sub == "am") && c.hasOpt("--abort") {
			c.raise(gitAbort)
		}
		if sub == "rm" && (c.hasOpt("-f --force") || c.hasOpt("-r") && hasWholeTree(positional(c.args))) {
			c.raise(gitRmForce)
		}
		if sub == "pull" || sub == "archive" && c.hasOpt("--remote") {
			execFlags()
		}
		if sub == "rebase" && c.hasOpt("--exec -x") {
			c.raise(gitExec)
		}
		if sub == "commit" || sub == "merge" || sub == "am" {
			// hooks run on commit, but they are the repository's own; --no-verify skips them
		}
		if sub == "archive" {
			if o, ok := c.optValue("--output -o"); ok {
				if ru, bad := c.ctx.writeRule(o); bad && ru.level > Low {
					c.raise(ru)
				}
			}
		}
	case "clone":
		c.raise(gitClone)
		execFlags()
		if c.hasOpt("--config -c") {
			c.raise(gitConfigOpt)
		}
		if c.hasOpt("-u --upload-pack --template") {
			c.raise(gitExec)
		}
		if ps := positional(c.args); len(ps) > 1 {
			if ru, bad := c.ctx.writeRule(ps[1]); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	case "submodule":
		w := positional(c.args)
		switch {
		case len(w) == 0 || w[0].val == "status" || w[0].val == "summary":
			c.raise(gitRead)
		case w[0].val == "deinit" && c.hasOpt("-f --force"):
			c.raise(destroy("git-submodule-deinit", "removes submodule working trees with their uncommitted changes"))
		default:
			c.raise(gitSubmodule)
		}
	case "mergetool", "difftool", "daemon", "instaweb", "send-email", "credential", "credential-store",
		"credential-cache", "hook", "filter-process", "upload-pack", "receive-pack", "shell", "web--browse":
		c.raise(gitExec)
	case "svn", "p4", "request-pull", "imap-send", "http-push", "http-fetch":
		c.raise(gitNetwork)
	case "lfs":
		w := positional(c.args)
		switch {
		case len(w) > 0 && (w[0].val == "ls-files" || w[0].val == "status" || w[0].val == "env" || w[0].val == "version"):
			c.raise(gitRead)
		case len(w) > 0 && w[0].val == "push":
			c.raise(gitPush)
		default:
			c.raise(gitLocal)
		}
	default:
		c.raise(gitUnknown)
	}
}

// gitConfigSpec is git config's options, from `git config -h` of git
// 2.39.5 on this machine and git-config(1) of git 2.46 (the options of
// its subcommands: --all, --value, --url, --comment, ...). git reads a
// unique prefix of a long option as the option. It is read by the one
// option parser to find the file the call reads or writes and its
// operands; an option it does not know stays a word of its own.
var gitConfigSpec = lazy[*toolSpec]{build: func() *toolSpec {
	return &toolSpec{opts: newOptTable("--global, --system, --local, --worktree, -f=/--file=, --blob=, "+
		"--get, --get-all, --get-regexp, --get-urlmatch, --replace-all, --add, --unset, --unset-all, "+
		"--rename-section, --remove-section, -l/--list, --fixed-value, -e/--edit, --get-color, --get-colorbool, "+
		"-t=/--type=, --bool, --int, --bool-or-int, --bool-or-str, --path, --expiry-date, --no-type, "+
		"-z/--null, --name-only, --includes, --no-includes, --show-origin, --show-scope, --default=, "+
		"--all, --regexp, --value=, --url=, --show-names, --comment=, --append", false),
		from: "git config -h (git 2.39.5), git-config(1) (git 2.46)"}
}}

// gitConfig judges git config: a read of the configuration, or a write.
// The file -f (or GIT_CONFIG) names is read or written as any other
// program's would be: a guard file or a startup file written, a secret
// printed.
func gitConfig(c *call) {
	p := gitConfigSpec.get().parse("git config", c.args)
	var file *arg
	for _, u := range p.uses {
		if u.e.canon == "--file" && u.val != nil {
			v := *u.val
			file = &v
		}
	}
	if v, set := c.env["GIT_CONFIG"]; set && file == nil {
		file = &arg{val: v, pos: c.pos}
	}
	if file != nil && !file.dyn && file.val == "-" {
		file = nil // standard input
	}
	w := p.operands
	if c.hasOpt("--get --get-all --get-regexp --get-urlmatch --list -l --show-origin --show-scope --get-color --get-colorbool --name-only") ||
		len(w) > 0 && (w[0].val == "get" || w[0].val == "list") ||
		len(w) == 1 && !w[0].dyn && !c.hasOpt("--unset --unset-all --remove-section --rename-section --add --replace-all -e --edit") {
		c.raise(gitRead)
		if file != nil && c.ctx.readsSecret(*file, false) {
			raiseOnce(c, ruleReadSecret, occurrence{target: c.target(*file)})
		}
		return
	}
	c.raise(gitConfigWrite)
	if file != nil {
		if ru, bad := c.ctx.writeRule(*file); bad {
			c.raise(ru)
		}
	}
	if len(w) > 0 && w[0].val == "set" {
		w = w[1:]
	}
	if len(w) > 1 && strings.EqualFold(w[0].val, "core.hooksPath") && !w[1].dyn {
		// later writes into that directory plant hooks
		if d, ok := c.ctx.abs(w[1].val); ok {
			c.ctx.noteHooksDir(d)
		}
	}
}

func gitPushCmd(c *call) {
	c.raise(gitPush)
	switch {
	case c.hasOpt("--force -f --force-with-lease --force-if-includes --mirror") || hasPrefixOpt(c.args, "--force"):
		c.raise(gitForcePush)
		return
	case c.anyDynamic():
		c.raise(gitDynamicArg)
		return
	}
	for _, a := range positional(c.args) {
		switch {
		case strings.HasPrefix(a.val, "+") || strings.Contains(a.val, ":+"):
			c.raise(gitForcePush)
			return
		case strings.HasPrefix(a.val, ":"):
			c.raise(gitPushDelete)
		}
	}
	if c.hasOpt("--delete -d --prune") {
		c.raise(gitPushDelete)
	}
	if c.hasOpt("--receive-pack --exec") {
		c.raise(gitExec)
	}
}

// optIs matches a long option, also abbreviated (git accepts --stag for
// --staged), or its short form.
func optIs(v, long, short string) bool {
	if v == long || short != "" && v == short {
		return true
	}
	return len(v) >= 4 && strings.HasPrefix(v, "--") && strings.HasPrefix(long, v) && !strings.HasPrefix(v, "--no-") == !strings.HasPrefix(long, "--no-")
}

// hasWholeTree reports a pathspec that names the whole tree.
func hasWholeTree(paths []arg) bool {
	for _, p := range paths {
		switch v := strings.TrimSuffix(p.val, "/"); {
		case p.dyn:
		case v == "." || v == "" || v == ":/" || v == "*" || v == ":(top)" || v == ":" || strings.HasPrefix(v, ":(top"):
			return true
		}
	}
	return false
}

// checkoutValueOpts take a value as the next word (or attached).
var checkoutValueOpts = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"-b": true, "-B": true, "-c": true, "-C": true, "--orphan": true, "--conflict": true, "-s": true, "--source": true,
		"-U": true, "--unified": true, "--inter-hunk-context": true, "--pathspec-from-file": true, "--track": false,
	}
}}

// gitCheckout judges checkout, switch and restore: moving to a branch is
// local work; overwriting files in the working tree loses uncommitted
// changes for good.
func gitCheckout(c *call, sub string) {
	var paths, opts []arg
	afterDash := false
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		switch {
		case afterDash || a.dyn:
			paths = append(paths, a)
		case a.val == "--":
			afterDash = true
		case strings.HasPrefix(a.val, "--"):
			name, _, hasVal := strings.Cut(a.val, "=")
			opts = append(opts, arg{val: name})
			if !hasVal && checkoutValueOpts.get()[name] {
				i++
			}
			if name == "--pathspec-from-file" || strings.HasPrefix("--pathspec-from-file", name) && len(name) > 12 {
				paths = append(paths, arg{val: "{pathspec file}", dyn: true})
			}
		case strings.HasPrefix(a.val, "-") && len(a.val) > 1:
			// a cluster: -qb NAME, -bNAME; a value option ends it
			for k := 1; k < len(a.val); k++ {
				o := "-" + a.val[k:k+1]
				opts = append(opts, arg{val: o})
				if checkoutValueOpts.get()[o] {
					if k == len(a.val)-1 {
						i++
					}
					break
				}
			}
		default:
			paths = append(paths, a)
		}
	}
	has := func(o string) bool { return hasOptAbbrev(opts, o) }
	// the last of --staged/--no-staged (and the others) wins
	staged, worktree, patch := false, false, false
	for _, o := range opts {
		switch {
		case optIs(o.val, "--staged", "-S"):
			staged = true
		case optIs(o.val, "--no-staged", ""):
			staged = false
		case optIs(o.val, "--worktree", "-W"):
			worktree = true
		case optIs(o.val, "--no-worktree", ""):
			worktree = false
		case optIs(o.val, "--patch", "-p"):
			patch = true
		case optIs(o.val, "--no-patch", ""):
			patch = false
		}
	}
	switch sub {
	case "switch":
		if has("--discard-changes -f --force") {
			c.raise(gitDiscardAll)
		} else if anyDyn(paths) {
			c.raise(r("git-switch-dynamic", High, "switches to a branch only known at run time"))
		} else {
			c.raise(gitLocal)
		}
		return
	case "restore":
		switch {
		case has("-h --help --version"):
			c.raise(ruleVersion)
		case staged && !worktree:
			c.raise(gitLocal)
		case !worktree && hasOptAbbrev(opts, "--no-worktree"):
			// neither the index nor the working tree: git refuses
			c.raise(gitLocal)
		case hasWholeTree(paths):
			c.raise(gitDiscardAll)
		case len(paths) == 0 && !patch:
			// git refuses to restore without paths
			c.raise(gitLocal)
		case anyDyn(paths) || has("--pathspec-from-file"):
			// the unknown word may be "." (design §2.3: the worst value
			// counts)
			c.raise(gitDiscardDyn)
		default:
			c.raise(gitDiscard)
		}
		return
	}
	// checkout
	switch {
	case has("-b -B --orphan") && !has("-f --force"):
		// a new branch: git refuses to check out paths at the same time
		c.raise(gitLocal)
	case has("-f --force"):
		c.raise(gitDiscardAll)
	case hasWholeTree(paths) && (afterDash || len(paths) > 0):
		c.raise(gitDiscardAll)
	case afterDash && anyDyn(paths), has("--pathspec-from-file"):
		c.raise(gitDiscardDyn)
	case afterDash && len(paths) > 0, len(paths) > 1, has("-p --patch"):
		c.raise(gitDiscard)
	case anyDyn(paths):
		// the unknown word may be "." (design §2.3: the worst value counts)
		c.raise(danger("git-checkout-dynamic", "checks out a branch or files only known at run time, which may discard uncommitted changes"))
	case len(paths) == 1 && strings.ContainsAny(paths[0].val, "*?[\\:"):
		// no branch name holds a glob character, a backslash or a colon
		// (git check-ref-format): a pattern (*.lock, G*, ':(glob)**/*.go')
		// names only files
		c.raise(gitDiscard)
	case len(paths) == 1:
		// git checkout X switches to the branch X, or, where no branch
		// has that name, discards the uncommitted changes of the file X:
		// where a file X is there, the worse counts (issue 29)
		if p, ok := c.ctx.abs(paths[0].val); ok {
			if slices.Contains(c.ctx.environment().Existing, p) {
				c.raiseWith(gitDiscard, occurrence{detail: "a file of that name is there, and git takes the name for the file where no branch has it"})
				return
			}
			c.ctx.noteMaybePath(p)
		}
		c.raise(gitLocal)
	default:
		c.raise(gitLocal)
	}
}

// gitBisectRun: git bisect run CMD runs CMD at every step of the search;
// it is judged as CMD, and at least high, since it runs over and over on
// commits nobody has looked at.
func gitBisectRun(c *call) {
	for i, a := range c.args {
		if a.dyn || strings.HasPrefix(a.val, "-") {
			continue
		}
		if a.val != "run" {
			return
		}
		c.raise(r("git-bisect-run", High, "runs a command on every commit git bisect checks out"))
		if i+1 < len(c.args) {
			c.ctx.inner(c, "git bisect run", c.args[i+1:], flow{})
		}
		return
	}
}

// gitTree raises a git command that changes a repository outside the
// workspace: the current directory moved by -C, --git-dir and
// --work-tree, and the directory init, clone and worktree add create.
func gitTree(c *call, global []arg, sub string, rest []arg) {
	// what the subcommand does, without the medium --git-dir adds to a
	// read
	own := Minimal
	for _, r := range c.out.Reasons {
		if r.Rule != "git-dir" && r.Level > own {
			own = r.Level
		}
	}
	if own != Medium || c.out.Level == High {
		return
	}
	base, _, dirs := gitDirs(c.ctx.cwdArg(), global)
	ops := valueArgs(rest, "-b -B --reason --initial-branch --template --separate-git-dir --object-format -m --message -c --config --depth --branch -o --origin --reference --jobs -j --filter", "")
	switch {
	case sub == "init" && len(ops) > 0:
		dirs = append(dirs, joinDir(base, ops[len(ops)-1]))
	case sub == "worktree" && len(ops) > 1 && !ops[0].dyn && ops[0].val == "add":
		dirs = append(dirs, joinDir(base, ops[1]))
	case sub == "clone":
		// the clone's own directory is judged by clone; where git runs
		// matters only for a relative one, which the walk resolves
	default:
		dirs = append(dirs, base)
	}
	if sub == "clone" && len(dirs) == 0 {
		return
	}
	for _, d := range dirs {
		if c.treeOutside(ruleGitOutside, d) {
			return
		}
	}
}

// gitDirs reads the directories git's global options name, from cwd:
// each -C moves where git works, relative to the one before (-C a -C b
// is a/b; -C "" stays), and moved says one did; --git-dir and
// --work-tree name a repository and a work tree from where git is then.
func gitDirs(cwd arg, global []arg) (dir arg, moved bool, trees []arg) {
	dir = cwd
	for i := 0; i < len(global); i++ {
		a := global[i]
		ov := optWord(a)
		name, _, hasVal := strings.Cut(ov, "=")
		var v arg
		switch {
		case (ov == "-C" || name == "--git-dir" || name == "--work-tree") && !a.dyn && !hasVal:
			if i+1 >= len(global) {
				continue
			}
			i++
			v = global[i]
		case strings.HasPrefix(ov, "-C") && len(ov) > 2 || a.dyn && ov == "-C":
			v = gluedValue(a, 2)
		case (name == "--git-dir" || name == "--work-tree") && hasVal:
			v = gluedValue(a, len(name)+1)
		default:
			continue
		}
		d := joinDir(dir, v)
		if strings.HasPrefix(ov, "-C") {
			dir, moved = d, true
		} else {
			trees = append(trees, d)
		}
	}
	return dir, moved, trees
}

// joinDir resolves dir against base, both path arguments: unknown when
// either is.
func joinDir(base, dir arg) arg {
	if !dir.dyn && strings.HasPrefix(dir.val, "/") {
		return dir
	}
	if base.dyn || dir.dyn {
		out := arg{val: dir.val, dyn: true, pos: dir.pos}
		if !base.dyn {
			for _, k := range dir.known {
				if strings.HasPrefix(k, "/") {
					out.known = append(out.known, k)
				} else {
					out.known = append(out.known, path.Join(base.val, k))
				}
			}
		}
		return out
	}
	return arg{val: path.Join(base.val, dir.val), pos: dir.pos}
}

// apiMethodCheck raises del for an API call whose method (-X, --method) is
// DELETE, and dyn when the method is only known at run time.
func apiMethodCheck(del, dyn rule) func(c *call) {
	return func(c *call) {
		m, ok := c.optValue("-X --method")
		switch {
		case !ok:
		case m.dyn:
			c.raise(dyn)
		case strings.EqualFold(m.val, "DELETE"):
			c.raise(del)
		}
	}
}
