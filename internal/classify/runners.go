package classify

import (
	"strings"
	"unicode"
)

// Task runners run a project's scripts by name, as npm run does, and the
// name is judged the same way whatever runs it: a name that deploys,
// publishes or releases is high (design §2.8: deploys are high), a server
// or watcher is high. Runners of package.json scripts (lerna, nx, turbo,
// yarn workspaces) follow npm run all the way, so a name that says nothing
// is high too; make, just and task run recipes of the project, which are
// development work unless their name says otherwise.

var ruleRunDeploy = rule{id: "run-script-deploy", level: High, why: "runs a project script that deploys, publishes or releases"}

// deployWords are the words of a script name that mean it ships something
// out of the machine. Names are split into words (deploy:prod, docs-publish,
// releaseCandidate), so the list holds words, not names.
var deployWords = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"deploy": true, "deployment": true, "deploys": true, "publish": true, "publishing": true, "release": true,
		"releases": true, "ship": true, "upload": true, "push": true, "promote": true, "rollout": true, "unpublish": true,
		"provision": true, "distribute": true,
	}
}}

// scriptNameWords splits a script name into lower-case words at separators and
// at lower-to-upper case changes.
func scriptNameWords(name string) []string {
	var words []string
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, strings.ToLower(name[start:end]))
		}
	}
	for i, ch := range name {
		switch {
		case ch == ':' || ch == '-' || ch == '_' || ch == '.' || ch == '/' || ch == ' ' || ch == '@' || ch == '+':
			flush(i)
			start = i + 1
		case i > start && unicode.IsUpper(ch) && unicode.IsLower(rune(name[i-1])):
			flush(i)
			start = i
		}
	}
	flush(len(name))
	return words
}

// namesDeploy reports a script name with a word of deployWords.
func namesDeploy(name string) bool {
	for _, w := range scriptNameWords(name) {
		if deployWords.get()[w] {
			return true
		}
	}
	return false
}

// recipeRule judges a make target, just recipe or task name: development
// work unless the name deploys or starts a server.
func recipeRule(name string) (rule, bool) {
	if namesDeploy(name) {
		return ruleRunDeploy, true
	}
	if ru := scriptRuleFor(name, false); ru.id == serverRule.id {
		return ru, true
	}
	return rule{}, false
}

// judgeScript raises c for running the script named by a: dynamic, a
// deploy, or as npm run judges it.
func judgeScript(c *call, a arg) {
	if a.dyn {
		c.raise(ruleToolDynamic)
		return
	}
	c.raise(scriptRuleFor(a.val, true))
}

// makeTargets judges the goals of a make command line.
func makeTargets(c *call) {
	for _, a := range c.words("-f --file --makefile -C --directory -I --include-dir -o --old-file --assume-old -W --what-if --new-file --assume-new -j --jobs -l --load-average -O --output-sync") {
		if a.dyn && !strings.Contains(a.val, "=") {
			// a goal only known at run time could be any target, or a
			// variable naming another program
			c.raise(ruleToolDynamic)
			continue
		}
		if a.dyn || strings.Contains(a.val, "=") {
			continue
		}
		if ru, bad := recipeRule(a.val); bad {
			c.raise(ru)
		}
	}
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

// rakeTasks names the deploy among rake's tasks, which are all high.
func rakeTasks(c *call) {
	for _, a := range positional(c.args) {
		name, _, _ := strings.Cut(a.val, "[") // rake release[patch]
		if !a.dyn && namesDeploy(name) {
			c.raise(ruleRunDeploy)
			return
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
	c.w.inner(c, "yarn "+which, argv, flow{})
}
