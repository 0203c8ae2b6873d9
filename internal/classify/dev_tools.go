package classify

import (
	"strings"
)

// Development tools: package managers, builds, tests, linters (design §6,
// the seed's medium list). Running a project's own scripts is development
// work (medium) when the script name says build, test or lint; servers and
// unknown scripts are high, as are programs that download and run packages.
var (
	pkgRead    = rule{id: "package-info", level: Minimal, why: "reads package information"}
	pkgQuery   = rule{id: "package-query", level: Minimal, why: "asks the package registry about packages", sends: true}
	pkgInstall = rule{id: "package-install", level: Medium, why: "installs or changes the project's dependencies", sends: true}
	buildRule  = rule{id: "build", level: Medium, why: "builds, tests or checks the project", unseen: true}
	lintRule   = rule{id: "lint", level: Medium, why: "checks or formats the project's code", unseen: true}
	runProgram = rule{id: "run-program", level: High, why: "runs the program you are building"}
	// runBuilt is a build tool's run of the project's own program (go
	// run, cargo run, gradle run), which is project code (design §4, row
	// 4b); runProgram also covers consoles, REPLs and exec subcommands
	// that run any command, which are not.
	runBuilt    = rule{id: "run-program", level: High, why: "runs the program you are building", unseen: true}
	runPackage  = rule{id: "run-package", level: High, why: "downloads and runs a package"}
	publishRule = rule{id: "publish", level: High, why: "publishes to a package registry"}
	globalRule  = rule{id: "install-global", level: High, why: "installs programs outside the workspace"}
	serverRule  = rule{id: "run-server", level: High, why: "starts a long-running server or watcher"}
	scriptRule  = rule{id: "run-script-unknown", level: High, why: "runs a project script whose name does not say what it does"}
	scriptSafe  = rule{id: "run-script", level: Medium, why: "runs a build, test or lint script of the project", unseen: true}
	registryAcc = rule{id: "registry-account", level: High, why: "changes registry accounts, tokens or package owners"}
	unpublish   = rule{id: "unpublish", level: High, dangerous: true, why: "removes a published package for everyone who depends on it"}
)

var safeScripts = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"build": true, "compile": true, "test": true, "lint": true, "format": true, "fmt": true, "check": true,
		"typecheck": true, "type-check": true, "types": true, "validate": true, "verify": true, "prepare": true,
		"prepublish": true, "prepublishOnly": true, "prepack": true, "postpack": true, "clean": true, "tsc": true,
	}
}}

var safeScriptPrefixes = []string{"build:", "test:", "lint:", "format:", "check:", "type:", "typecheck:", "fmt:"}

var serverScripts = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"start": true, "dev": true, "develop": true, "serve": true, "server": true, "watch": true, "preview": true}
}}

var serverScriptPrefixes = []string{"start:", "dev:", "serve:", "watch:"}

// scriptRuleFor judges `npm run NAME`.
func scriptRuleFor(name string, allowPrefixed bool) rule {
	if safeScripts.get()[name] {
		return scriptSafe
	}
	for _, p := range safeScriptPrefixes {
		if strings.HasPrefix(name, p) && allowPrefixed {
			return scriptSafe
		}
	}
	if namesDeploy(name) {
		return ruleRunDeploy
	}
	if serverScripts.get()[name] {
		return serverRule
	}
	for _, p := range serverScriptPrefixes {
		if strings.HasPrefix(name, p) {
			return serverRule
		}
	}
	return scriptRule
}

// runScript is the check of a "run" subcommand: the first operand after it
// names the script.
// npmInit: npm init NAME downloads and runs create-NAME.
func npmInit(c *call) {
	if ps := positional(c.args); len(ps) > 1 && !strings.HasPrefix(ps[1].val, "-") {
		c.raise(runPackage)
	}
}

func runScript(c *call) {
	ws, _ := pmWords(c)
	// skip the program's own subcommand word ("run", "run-script")
	for len(ws) > 0 && !ws[0].dyn && (ws[0].val == "run" || ws[0].val == "run-script" || ws[0].val == "rum" || ws[0].val == "urn" || ws[0].val == "task") {
		ws = ws[1:]
	}
	switch {
	case len(ws) == 0:
		c.raise(r("list-scripts", Minimal, "lists the project's scripts"))
	case ws[0].dyn:
		c.raise(ruleToolDynamic)
	default:
		c.raise(scriptRuleFor(ws[0].val, true))
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
