package classify

// What a project script's name says it does (npm run NAME and the other
// runners of scripts): build, test and lint scripts are development work,
// servers and watchers run on, other names are not known.

import (
	"strings"
)

var safeScripts = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"build": true, "compile": true, "test": true, "lint": true, "format": true, "fmt": true, "check": true,
		"typecheck": true, "type-check": true, "types": true, "validate": true, "verify": true, "prepare": true,
		"prepublish": true, "prepublishOnly": true, "prepack": true, "postpack": true, "clean": true, "tsc": true,
	}
}}

// devScriptWords are the words of a script or task name that say it
// builds, tests, checks, formats, documents or generates the project:
// development work, whatever else the name holds (test-e2e-local,
// lint:js, docs-build, build:packages, examples:generate), unless a word
// deploys (deployWords) or runs a server (serverScriptWords). Names are
// read as words (scriptNameWords), so the list holds words.
var devScriptWords = lazy[map[string]bool]{build: func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`build builds compile test tests testing spec specs unit e2e integration lint lints linter
		format fmt prettier eslint stylelint check checks typecheck types type tsc validate verify clean clear docs doc
		generate gen codegen bundle coverage cov bench benchmark benchmarks size analyze ci precommit prepare
		rubocop standardrb eslint stylelint prettier biome ruff mypy pylint flake8 black isort clippy ktlint detekt spotless
		phpstan psalm phpcs checkstyle cspell typos autocorrect sorbet`) {
		m[w] = true
	}
	return m
}}

// serverScriptWords are the words of a name that say it runs on: a
// server, a watcher, a preview.
var serverScriptWords = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"start": true, "dev": true, "develop": true, "serve": true, "server": true, "watch": true, "preview": true}
}}

// scriptRuleFor judges `npm run NAME` and every other runner's script or
// task by its name, read as words: a deploy is high, a server or watcher
// runs on, a development word (devScriptWords) is development work, and
// a name that says none of these is not known. Every runner reads a name
// the same way (issue 29: `yarn build:prod` as `npm run build:prod`).
func scriptRuleFor(name string) rule {
	if safeScripts.get()[name] {
		return scriptSafe
	}
	words := scriptNameWords(name)
	if namesDeploy(name) {
		return ruleRunDeploy
	}
	for _, w := range words {
		if serverScriptWords.get()[w] {
			return serverRule
		}
	}
	for _, w := range words {
		if devScriptWords.get()[w] {
			return scriptSafe
		}
	}
	return scriptRule
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
		c.raise(scriptRuleFor(ws[0].val))
	}
}
