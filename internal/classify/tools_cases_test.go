package classify

// toolsCases are issue 13's classes 6, 7, 9 and 10: command knowledge in
// the tables. Each class has several spellings here; further spellings
// written after the rules are in tools_heldout_test.go.
var toolsCases = []classifyCase{
	// class 6: a build told to run another program
	high("export npm_config_registry=http://x", "env-registry"),

	// class 7: a network query that carries data out
	high("cat .env | xargs git ls-remote", "git-fetch"),

	// class 10: destructive verbs of less common tools
	dangerous("python -c 'import os\nwhile 1: os.fork()'", "fork-bomb-inline"),
	dangerous("perl -e 'fork while 1'", "fork-bomb-inline"),
	dangerous("ruby -e 'loop { fork }'", "fork-bomb-inline"),
	high("perl -e 'fork'", "inline-code"),
}
