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
