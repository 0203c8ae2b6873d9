package classify

// Documentation builders (issue 29, class 1) and autotools (class 3).
// Building a site or a manual is a build: it runs the project's
// configuration, templates and plug-ins and writes into the workspace
// (medium, in the box). Serving one runs on (a server, high). A converter
// of single documents writes the file it is told to (low), judged as a
// write; an option that runs a program or loads code is high.
// Regenerating a build system (autoreconf and its parts) runs the
// project's configure.ac and Makefile.am macros and writes configure and
// Makefile.in into the workspace: a build. ./configure itself stays a
// workspace program (run-path).

var ruleDeploySite = rule{id: "deploy", level: High, why: "deploys the site"}

var docTools = []tool{
	{names: "mdbook", rule: rule{id: "mdbook", level: High, why: "runs an mdbook command permguard does not know"}, subs: []sub{
		{words: "build", rule: buildRule}, {words: "test", rule: buildRule}, {words: "clean", rule: buildRule}, {words: "init", rule: buildRule},
		{words: "serve", rule: serverRule}, {words: "watch", rule: serverRule}, {words: "--version", rule: pkgRead},
	}, check: func(c *call) { writeOpts(c, "-d --dest-dir") }},
	// hugo with no command builds the site
	{names: "hugo", rule: buildRule, valueOpts: "-d --destination -t --theme -s --source -c --contentDir --cacheDir --config -b --baseURL -e --environment --logLevel --themesDir --layoutDir",
		subs: []sub{{words: "server", rule: serverRule}, {words: "serve", rule: serverRule}, {words: "deploy", rule: ruleDeploySite},
			{words: "version", rule: pkgRead}, {words: "env", rule: pkgRead}, {words: "mod get", rule: pkgInstall}, {words: "mod tidy", rule: pkgInstall}},
		check: func(c *call) { writeOpts(c, "-d --destination --cacheDir") }},
	{names: "jekyll", rule: rule{id: "jekyll", level: High, why: "runs a jekyll command permguard does not know"}, subs: []sub{
		{words: "build", rule: buildRule}, {words: "b", rule: buildRule}, {words: "clean", rule: buildRule}, {words: "doctor", rule: buildRule},
		{words: "serve", rule: serverRule}, {words: "s", rule: serverRule}, {words: "server", rule: serverRule}, {words: "--version", rule: pkgRead},
	}, check: func(c *call) {
		writeOpts(c, "-d --destination")
		if c.hasOpt("-w --watch") {
			c.raise(serverRule)
		}
	}},
	{names: "doxygen", rule: buildRule},
	{names: "typedoc", rule: buildRule, check: func(c *call) {
		writeOpts(c, "--out --json")
		if c.hasOpt("--watch -w") {
			c.raise(serverRule)
		}
	}},
	{names: "vitepress", rule: serverRule, subs: []sub{{words: "build", rule: buildRule}}},
	{names: "docusaurus", rule: rule{id: "docusaurus", level: High, why: "runs a docusaurus command permguard does not know"}, subs: []sub{
		{words: "build", rule: buildRule}, {words: "clear", rule: buildRule}, {words: "start", rule: serverRule}, {words: "serve", rule: serverRule},
		{words: "deploy", rule: ruleDeploySite},
	}},
	{names: "sphinx-autobuild", rule: serverRule},
	{names: "asciidoctor", rule: ruleNotebookConvert, check: func(c *call) {
		execOpts(c, "-r --require")
		writeOpts(c, "-o --out-file -D --destination-dir")
	}},
	{names: "pandoc", rule: ruleNotebookConvert, check: pandocCheck},
	{names: "autoreconf autoconf aclocal automake autoheader libtoolize glibtoolize autopoint autoupdate", rule: buildRule, check: buildOutputs},
}

// pandocCheck: -o is a write; filters, a Lua filter and the PDF engine
// run a program; an input or a resource given as a URL is the network.
func pandocCheck(c *call) {
	execOpts(c, "-F --filter -L --lua-filter --pdf-engine --pdf-engine-opt")
	writeOpts(c, "-o --output --extract-media --log")
	for _, a := range c.args {
		if a.dyn {
			continue
		}
		if len(a.val) > 0 && a.val[0] != '-' && (hasURLScheme(a.val)) {
			c.raise(netRule)
		}
	}
}

// hasURLScheme reports an http(s) or ftp URL, which pandoc fetches.
func hasURLScheme(s string) bool {
	for _, p := range []string{"http://", "https://", "ftp://"} {
		if len(s) >= len(p) && s[:len(p)] == p {
			return true
		}
	}
	return false
}
