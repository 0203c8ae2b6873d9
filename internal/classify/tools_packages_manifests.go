package classify

import "strings"

// Files a program writes without naming them on its command line: the
// manifests and lock files a package manager keeps where it runs (design
// §2.6, Links). Each is judged as a write there, so that a package.json
// that is a link to permguard's settings makes `npm pkg set` what it is.
// A file in the workspace with nothing special about it changes nothing.

// manifestWrites maps a program and the subcommands that change its
// manifest or lock file (space-separated) to those files.
var manifestWrites = lazy[map[string]manifestWrite]{build: func() map[string]manifestWrite {
	npm := manifestWrite{subs: "install i add uninstall remove rm un update up upgrade pkg version init dedupe prune link audit",
		files: "package.json package-lock.json npm-shrinkwrap.json"}
	return map[string]manifestWrite{
		"npm":      npm,
		"pnpm":     {subs: "add remove rm uninstall install i update up upgrade init link dedupe", files: "package.json pnpm-lock.yaml pnpm-workspace.yaml"},
		"yarn":     {subs: "add remove install up upgrade init link dedupe", files: "package.json yarn.lock"},
		"bun":      {subs: "add remove rm install i update init link pm", files: "package.json bun.lock bun.lockb"},
		"go":       {subs: "mod get work", files: "go.mod go.sum go.work go.work.sum"},
		"cargo":    {subs: "add remove rm update generate-lockfile init", files: "Cargo.toml Cargo.lock"},
		"uv":       {subs: "add remove lock sync init version", files: "pyproject.toml uv.lock"},
		"poetry":   {subs: "add remove lock install update init version", files: "pyproject.toml poetry.lock"},
		"bundle":   {subs: "install add remove update lock init", files: "Gemfile Gemfile.lock"},
		"composer": {subs: "require remove update install init", files: "composer.json composer.lock"},
	}
}}

type manifestWrite struct{ subs, files string }

// manifestFiles judges the files c's program writes by its subcommand,
// where it runs: only a write that means more than a file in the
// workspace raises the command.
func (c *call) manifestFiles() {
	mw, ok := manifestWrites.get()[c.name]
	if !ok {
		return
	}
	ps := positional(c.args)
	if len(ps) == 0 || ps[0].dyn || !containsWord(mw.subs, ps[0].val) {
		return
	}
	// where it runs: here, or the directory an option names
	dirs := []arg{{val: ".", pos: c.pos}}
	if d, ok := c.optValue("--prefix -C --dir --cwd --directory"); ok {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		for f := range strings.FieldsSeq(mw.files) {
			a := d
			a.val = strings.TrimSuffix(d.val, "/") + "/" + f
			if ru, bad := c.ctx.writeRule(a); bad && (ru.level > Low || ru.dangerous) {
				c.raiseWith(ru, occurrence{detail: "writes " + f + " where it runs", target: c.target(a)})
			}
		}
	}
}

func containsWord(list, w string) bool {
	for f := range strings.FieldsSeq(list) {
		if f == w {
			return true
		}
	}
	return false
}
