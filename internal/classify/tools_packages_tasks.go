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
		// hosting and reporting services a script uploads to
		"chromatic": true, "coveralls": true, "codecov": true, "sentry": true, "surge": true, "netlify": true,
		"vercel": true, "firebase": true, "heroku": true, "ghpages": true,
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
		case ch == ':' || ch == '-' || ch == '_' || ch == '.' || ch == '/' || ch == ' ' || ch == '@' || ch == '+' || ch == '#':
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
	words := scriptNameWords(name)
	for i, w := range words {
		if deployWords.get()[w] || w == "gh" && i+1 < len(words) && words[i+1] == "pages" {
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
	if ru := scriptRuleFor(name); ru.id == serverRule.id {
		return ru, true
	}
	return rule{}, false
}
