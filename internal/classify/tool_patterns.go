package classify

import (
	"slices"
	"strings"
)

// Some rows cannot be listed word by word: every aws describe-* or list-*
// operation, every kubectl get of a kind that is not a secret, a rake task
// named test:models. A pattern names the row of a call that no
// subcommand row matched, from the shape of its static words; the tool's
// checks still run after it and may raise the verdict. A pattern never
// reads a dynamic word: one in the places it looks leaves the tool's own
// rule in force (issue 14, classes 1, 4 and 5; design §2.8).

// patterns maps a program to its pattern. words are the call's words
// without global options (as the subcommand rows see them).
var patterns = lazy[map[string]func(c *call, words []arg) (rule, bool)]{build: func() map[string]func(c *call, words []arg) (rule, bool) {
	return map[string]func(c *call, words []arg) (rule, bool){
		"pnpm": scriptShorthand, "yarn": scriptShorthand, "bun": scriptShorthand,
		"docker": containerRead, "podman": containerRead, "nerdctl": containerRead,
		"docker-compose": composeRead, "podman-compose": composeRead,
		"kubectl": kubeRead, "oc": kubeRead,
		"gh": ghRead, "glab": glabRead,
		"aws": awsRead, "gcloud": cloudVerbRead("list describe"), "az": cloudVerbRead("list show"),
		"rails": railsTask, "rake": railsTask, "artisan": artisanTask,
		"dotnet": dotnetInfo, "printenv": printenvNames, "unzip": archiveList, "openssl": opensslInspect, "jar": jarList,
	}
}}

// patternRow raises the row a pattern names and reports whether one did,
// and whether the row is development work: a read of a remote service is
// not, so the options of builds (-g, -o) mean nothing there.
func patternRow(c *call, words []arg) (found, dev bool) {
	p := patterns.get()[c.name]
	if p == nil {
		return false, false
	}
	ru, ok := p(c, words)
	if ok {
		c.raise(ru)
	}
	return ok, !remoteReads.get()[ru.id]
}

// patternFound is patternRow for applyTool: dev is set to whether the row
// is development work.
func patternFound(c *call, words []arg, dev *bool) bool {
	found, d := patternRow(c, words)
	if found {
		*dev = d
	}
	return found
}

// remoteReads are the rows of queries to a service, not to the project.
var remoteReads = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"container-read": true, "container-read-remote": true, "cluster-read": true, "forge-read": true, "cloud-read": true,
	}
}}

// static reports whether the first n words exist and are known now.
func static(words []arg, n int) bool {
	if len(words) < n {
		return false
	}
	for _, w := range words[:n] {
		if w.dyn || w.glob {
			return false
		}
	}
	return true
}

var ruleShorthand = rule{id: "run-script-shorthand", level: Minimal, why: "runs a project script or an installed program (judged by its name)"}

// scriptShorthand: pnpm NAME, yarn NAME and bun NAME run a script or an
// installed program when NAME is no subcommand; the tool's check judges
// the name (scriptOrBin).
func scriptShorthand(c *call, words []arg) (rule, bool) {
	if !static(words, 1) || hasWord(pmBuiltins.get()[c.name], words[0].val) {
		return rule{}, false
	}
	return ruleShorthand, true
}

// pmBuiltins are each manager's own commands that the subcommand rows do
// not list: they never run a script of that name, so they keep the
// manager's rule for commands permguard does not know.
var pmBuiltins = lazy[map[string]string]{build: func() map[string]string {
	return map[string]string{
		"pnpm": "add install i update up remove rm link unlink import rebuild prune fetch install-test it dedupe patch " +
			"patch-commit patch-remove audit list ls outdated why licenses run test exec dlx create start publish pack " +
			"recursive server store root bin setup init deploy doctor config env cat-file cat-index find-hash self-update " +
			"approve-builds ignored-builds help",
		"yarn": "access add audit autoclean bin cache check config create exec generate-lock-entry global help import info " +
			"init install licenses link list login logout node outdated owner pack policies publish remove run tag team " +
			"test unlink unplug upgrade upgrade-interactive version versions why workspace workspaces dlx explain npm " +
			"plugin set up constraints dedupe rebuild stage patch patch-commit",
		"bun": "add audit build create exec i info init install link outdated patch pm publish remove repl run test unlink " +
			"update upgrade why x",
	}
}}

// Reads of the local container engine (design §2.8): listing and
// inspecting containers, images, volumes and networks, and their logs.
var containerReads = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"ps": true, "images": true, "logs": true, "inspect": true, "version": true, "info": true, "top": true,
		"port": true, "diff": true, "history": true, "stats": true,
		"container ls": true, "container list": true, "container ps": true, "container logs": true,
		"container inspect": true, "container top": true, "container port": true, "container diff": true, "container stats": true,
		"image ls": true, "image list": true, "image inspect": true, "image history": true,
		"volume ls": true, "volume list": true, "volume inspect": true, "network ls": true, "network list": true,
		"network inspect": true, "context ls": true, "context list": true, "context show": true, "context inspect": true,
		"system df": true, "system info": true, "buildx ls": true, "buildx version": true,
		"compose ps": true, "compose ls": true, "compose logs": true, "compose top": true, "compose images": true,
		"compose version": true,
	}
}}

var (
	ruleContainerRead = rule{id: "container-read", level: Minimal, why: "lists or inspects what the local container engine holds"}
	ruleRemoteEngine  = rule{id: "container-read-remote", level: Medium, why: "lists or inspects what a remote container engine holds"}
)

func containerRead(c *call, words []arg) (rule, bool) {
	if !static(words, 1) {
		return rule{}, false
	}
	if !containerReads.get()[words[0].val] && !(static(words, 2) && containerReads.get()[words[0].val+" "+words[1].val]) {
		return rule{}, false
	}
	if c.hasOpt("-H --host -c --context") || c.env["DOCKER_HOST"] != "" || c.env["DOCKER_CONTEXT"] != "" {
		return ruleRemoteEngine, true
	}
	return ruleContainerRead, true
}

func composeRead(c *call, words []arg) (rule, bool) {
	if !static(words, 1) || !containerReads.get()["compose "+words[0].val] {
		return rule{}, false
	}
	return containerRead(c, append([]arg{{val: "compose"}}, words...))
}

var ruleKubeRead = rule{id: "cluster-read", level: Medium, why: "reads resources of a Kubernetes cluster you are logged into"}

// kubeRead: get, describe, logs, top and the like read a cluster; a
// secret's values, the raw API, or a dump to files are not in the pattern.
func kubeRead(c *call, words []arg) (rule, bool) {
	if !static(words, 1) {
		return rule{}, false
	}
	switch words[0].val {
	case "get", "describe":
		if len(words) < 2 {
			return ruleKubeRead, true
		}
		if words[1].dyn || words[1].glob || c.hasOpt("--raw") {
			return rule{}, false
		}
		for _, item := range strings.Split(words[1].val, ",") {
			kind, _, _ := strings.Cut(item, "/")
			kind, _, _ = strings.Cut(strings.ToLower(kind), ".")
			if kind == "secret" || kind == "secrets" || kind == "all" && c.hasOpt("--show-managed-fields") {
				return rule{}, false
			}
		}
		return ruleKubeRead, true
	case "logs", "top", "explain", "api-resources", "api-versions", "version", "events":
		return ruleKubeRead, true
	case "cluster-info":
		if static(words, 2) && words[1].val == "dump" {
			return rule{}, false
		}
		return ruleKubeRead, true
	case "auth":
		if static(words, 2) && (words[1].val == "can-i" || words[1].val == "whoami") {
			return ruleKubeRead, true
		}
	}
	return rule{}, false
}

var ruleForgeRead = rule{id: "forge-read", level: Medium, why: "reads pull requests, issues or runs from the code host with your credentials"}

// ghReads are gh's read-only commands.
var ghReads = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"pr list": true, "pr view": true, "pr checks": true, "pr status": true, "pr diff": true,
		"issue list": true, "issue view": true, "issue status": true, "run list": true, "run view": true, "run watch": true,
		"workflow list": true, "workflow view": true, "release list": true, "release view": true, "repo view": true,
		"label list": true, "cache list": true, "ruleset list": true, "ruleset view": true, "status": true,
		"search issues": true, "search prs": true, "search repos": true, "search code": true, "search commits": true,
	}
}}

func ghRead(c *call, words []arg) (rule, bool) {
	return forgeRead(c, words, ghReads.get())
}

var glabReads = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"mr list": true, "mr view": true, "mr diff": true, "issue list": true, "issue view": true,
		"ci status": true, "ci view": true, "ci list": true, "pipeline list": true, "pipeline status": true,
		"release list": true, "release view": true, "repo view": true,
	}
}}

func glabRead(c *call, words []arg) (rule, bool) {
	return forgeRead(c, words, glabReads.get())
}

func forgeRead(c *call, words []arg, reads map[string]bool) (rule, bool) {
	if c.hasOpt("-w --web") {
		return rule{}, false // opens a browser
	}
	if static(words, 1) && reads[words[0].val] || static(words, 2) && reads[words[0].val+" "+words[1].val] {
		return ruleForgeRead, true
	}
	return rule{}, false
}

var ruleCloudRead = rule{id: "cloud-read", level: Medium, why: "lists or describes cloud resources with your account's credentials"}

// secretNouns mark a cloud command that could print a secret's value or a
// key, even when its verb lists or describes.
var secretNouns = []string{"secret", "password", "credential", "token", "key", "login", "decrypt", "setting", "connection", "sas"}

func secretish(words []arg) bool {
	for _, w := range words {
		lw := strings.ToLower(w.val)
		for _, n := range secretNouns {
			if strings.Contains(lw, n) {
				return true
			}
		}
	}
	return false
}

// awsRead: aws SERVICE describe-* and list-*, and aws s3 ls.
func awsRead(c *call, words []arg) (rule, bool) {
	if !static(words, 2) || secretish(words[:2]) {
		return rule{}, false
	}
	op := words[1].val
	if strings.HasPrefix(op, "describe-") || strings.HasPrefix(op, "list-") || words[0].val == "s3" && op == "ls" {
		return ruleCloudRead, true
	}
	return rule{}, false
}

// cloudVerbRead: gcloud GROUP... list|describe, az GROUP... list|show.
func cloudVerbRead(verbs string) func(c *call, words []arg) (rule, bool) {
	return func(c *call, words []arg) (rule, bool) {
		for i, w := range words {
			if i >= 6 || w.dyn || w.glob {
				return rule{}, false
			}
			if hasWord(verbs, w.val) {
				if i == 0 || secretish(words[:i+1]) {
					return rule{}, false
				}
				return ruleCloudRead, true
			}
		}
		return rule{}, false
	}
}

var (
	ruleRailsTest = rule{id: "rails-test", level: Medium, why: "runs the project's tests or another development task"}
	ruleRailsRead = rule{id: "rails-info", level: Medium, why: "loads the application to print information about it"}
)

// railsTask: rails and rake tasks that test, build or describe the
// application are development work; anything else stays high.
func railsTask(c *call, words []arg) (rule, bool) {
	if !static(words, 1) {
		switch {
		case len(words) == 0 && c.hasOpt("-T --tasks -D --describe -P --prereqs -W --where"):
			return ruleRailsRead, true
		case len(words) == 0 && c.name == "rake" && len(c.args) == 0:
			// the Rakefile's default task, as make runs the first target
			return ruleRailsTest, true
		}
		return rule{}, false
	}
	task := words[0].val
	base, _, _ := strings.Cut(task, ":")
	switch {
	case base == "test" || base == "spec":
		return ruleRailsTest, true
	case task == "routes" || task == "stats" || task == "notes" || task == "about" || task == "zeitwerk:check" ||
		task == "db:version" || task == "db:migrate:status" || task == "middleware" || task == "-T":
		return ruleRailsRead, true
	case task == "generate" || task == "g" || task == "assets:precompile" || task == "db:test:prepare":
		return ruleRailsTest, true
	case (task == "db:migrate" || task == "db:create" || task == "db:prepare" || task == "db:seed" || task == "db:migrate:status") && !railsAway(c, words[1:]):
		// the development database moved forward or made: development
		// work (issue 29); a task that drops, resets, purges or rolls
		// back is judged by its own row (db-drop) or stays high
		return ruleRailsTest, true
	case task == "server" || task == "s":
		return serverRule, true
	}
	// any other task by the words of its name, as a package script's
	// (ascii_spec, factory_bot:lint, documentation_syntax_check)
	return taskByWords(task)
}

// taskByWords judges a rails, rake or artisan task by the words of its
// name, as a package script's: development work, a deploy or a server,
// or not known (false).
func taskByWords(task string) (rule, bool) {
	switch ru := scriptRuleFor(task); ru.id {
	case scriptSafe.id:
		return ruleRailsTest, true
	case ruleRunDeploy.id, serverRule.id:
		return ru, true
	}
	return rule{}, false
}

// artisanTask: Laravel's artisan commands, as rails tasks are (issue 29):
// the ones that print, test, generate code or caches, or move the
// development database forward are development work, serve runs on, and
// any other is judged by the words of its name. --force, which runs a
// command in production, leaves it high. migrate:fresh and the
// other commands that empty the database are rows of their own
// (tools_databases.go), and tinker, a REPL, stays high.
func artisanTask(c *call, words []arg) (rule, bool) {
	if !static(words, 1) {
		if len(words) == 0 {
			return ruleRailsRead, true // artisan alone lists its commands
		}
		return rule{}, false
	}
	task := words[0].val
	base, _, _ := strings.Cut(task, ":")
	if c.hasOpt("--force") {
		// runs where the application's environment is production,
		// which artisan otherwise refuses without asking
		return rule{}, false
	}
	switch {
	case task == "list" || task == "about" || task == "env" || task == "route:list" || task == "migrate:status" || task == "help":
		return ruleRailsRead, true
	case task == "test" || base == "make" || task == "migrate" || task == "db:seed" || task == "package:discover" ||
		task == "optimize" || base == "ide-helper":
		return ruleRailsTest, true
	case task == "serve":
		return serverRule, true
	}
	return taskByWords(task)
}

// railsAway reports what takes a task away from moving the development
// database forward: an argument VERSION= or STEP= (db:migrate VERSION=0
// undoes every migration), or another environment than development or
// test, given as an argument (RAILS_ENV=production, -e production,
// --environment=production) or in the command's environment
// (RAILS_ENV=production bin/rails db:seed, export RAILS_ENV=production),
// or one only known at run time.
func railsAway(c *call, args []arg) bool {
	otherEnv := func(val string) bool { return val != "development" && val != "test" }
	for _, n := range []string{"RAILS_ENV", "RACK_ENV"} {
		if v, set := c.env[n]; set && otherEnv(v) || slices.Contains(c.dynEnv, n) {
			return true
		}
	}
	if v, ok := c.optValue("-e --environment"); ok && (v.dyn || otherEnv(v.val)) {
		return true
	}
	for _, a := range args {
		if a.dyn {
			return true
		}
		name, val, ok := strings.Cut(a.val, "=")
		switch {
		case !ok:
		case name == "VERSION" || name == "STEP":
			return true
		case (name == "RAILS_ENV" || name == "RACK_ENV") && otherEnv(val):
			return true
		}
	}
	return false
}

// plainEnv are environment variables that configure tools and hold no
// secret, by their documented purpose; printenv of only these reads.
var plainEnv = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"HOME": true, "PATH": true, "SHELL": true, "USER": true, "LOGNAME": true, "PWD": true, "OLDPWD": true, "LANG": true,
		"LC_ALL": true, "LC_CTYPE": true, "TERM": true, "TZ": true, "TMPDIR": true, "EDITOR": true, "VISUAL": true, "PAGER": true,
		"HOSTNAME": true, "SHLVL": true, "COLUMNS": true, "LINES": true, "XDG_CONFIG_HOME": true, "XDG_DATA_HOME": true,
		"XDG_CACHE_HOME": true, "XDG_STATE_HOME": true, "XDG_RUNTIME_DIR": true,
		"GOPATH": true, "GOROOT": true, "GOBIN": true, "GOOS": true, "GOARCH": true, "GOFLAGS": true, "GOCACHE": true,
		"GOMODCACHE": true, "CGO_ENABLED": true, "JAVA_HOME": true, "ANDROID_HOME": true, "ANDROID_SDK_ROOT": true,
		"NODE_ENV": true, "NODE_PATH": true, "NVM_DIR": true, "VIRTUAL_ENV": true, "CONDA_PREFIX": true,
		"CONDA_DEFAULT_ENV": true, "PYTHONPATH": true, "PYENV_VERSION": true, "RUSTUP_HOME": true, "CARGO_HOME": true,
		"CARGO_TARGET_DIR": true, "RUBY_VERSION": true, "GEM_HOME": true, "GEM_PATH": true, "BUNDLE_GEMFILE": true,
		"RAILS_ENV": true, "RACK_ENV": true, "DOTNET_ROOT": true, "CC": true, "CXX": true, "CFLAGS": true,
		"CXXFLAGS": true, "LDFLAGS": true, "PKG_CONFIG_PATH": true, "LD_LIBRARY_PATH": true, "MANPATH": true, "CI": true,
		"GITHUB_ACTIONS": true, "GITHUB_WORKSPACE": true, "GITHUB_REF": true, "GITHUB_SHA": true, "DISPLAY": true,
	}
}}

var rulePlainEnv = rule{id: "print-env-plain", level: Minimal, why: "prints configuration variables that hold no secrets"}

// printenvNames: printenv NAME... of variables that hold no secret.
func printenvNames(c *call, words []arg) (rule, bool) {
	if len(words) == 0 || len(words) != len(c.args) {
		return rule{}, false
	}
	for _, w := range words {
		if w.dyn || w.glob || !plainEnv.get()[w.val] {
			return rule{}, false
		}
	}
	return rulePlainEnv, true
}

var ruleArchiveList = rule{id: "archive-list", level: Minimal, why: "lists or tests an archive without unpacking it"}

// archiveList: unzip -l, -v, -t and -Z list or test; -p prints to
// standard output. None of them writes a file.
func archiveList(c *call, words []arg) (rule, bool) {
	if c.hasOpt("-l -v -t -Z -z -p") && !c.hasOpt("-d -x") {
		return ruleArchiveList, true
	}
	return rule{}, false
}

// jarList: jar tf FILE and jar --list name what an archive holds.
func jarList(c *call, words []arg) (rule, bool) {
	if len(c.args) == 0 || c.args[0].dyn {
		return rule{}, false
	}
	mode := strings.TrimPrefix(c.args[0].val, "-")
	if c.args[0].val == "--list" || c.args[0].val == "-t" || !strings.HasPrefix(mode, "-") && strings.HasPrefix(mode, "t") && isLetters(mode) && !strings.ContainsAny(mode, "cxu") {
		return ruleArchiveList, true
	}
	return rule{}, false
}

var ruleOpensslRead = rule{id: "openssl-inspect", level: Minimal, why: "prints what a certificate, request or other file holds"}

// opensslInspect: openssl x509, req, crl, pkcs7 and asn1parse print a
// file's contents unless an option makes them create, sign or write.
func opensslInspect(c *call, words []arg) (rule, bool) {
	if !static(words, 1) {
		return rule{}, false
	}
	switch words[0].val {
	case "x509", "req", "crl", "pkcs7", "asn1parse":
	case "version", "list", "ciphers", "errstr":
		return ruleOpensslRead, true
	default:
		return rule{}, false
	}
	for _, a := range c.args {
		if a.dyn {
			return rule{}, false
		}
		switch a.val {
		case "-out", "-new", "-newkey", "-keyout", "-signkey", "-CA", "-CAkey", "-req", "-x509", "-key", "-engine",
			"-passin", "-passout", "-genkey", "-set_serial", "-days", "-sign", "-gencrl", "-config", "-extfile":
			return rule{}, false
		}
	}
	return ruleOpensslRead, true
}

// dotnetInfo: dotnet --info, --list-sdks and --list-runtimes print what is
// installed.
func dotnetInfo(c *call, words []arg) (rule, bool) {
	if len(c.args) == 1 && !c.args[0].dyn && hasWord("--info --list-sdks --list-runtimes", c.args[0].val) {
		return pkgRead, true
	}
	return rule{}, false
}
