package classify

import (
	"path"
	"slices"
	"strings"
)

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

// Files a program sends to a server (design §2.10, sends): the module
// and package names a download fetches come from the manifest and lock
// files where it runs (go.mod's require lines are URLs, package.json's
// dependencies names a registry is asked for), a requirements file given
// by an option, and a request body or upload named by an option (curl
// -d @FILE, -T FILE, wget --post-file). Such a file written earlier in
// the same input from text not known now sends that text out
// (shell_written.go, sendsWritten).

// manifestReads maps a program, one row per tool family, to the
// subcommands that fetch what its manifests name ("-" is the program run
// with no subcommand, which installs; "*" is any), to those files (a
// pattern such as *.tf meets every file written there), and to the
// options whose value is a file it reads the same way.
var manifestReads = lazy[map[string]manifestRead]{build: func() map[string]manifestRead {
	npm := manifestRead{subs: "install i ci add update up upgrade audit outdated exec x dedupe rebuild",
		files: "package.json package-lock.json npm-shrinkwrap.json .npmrc"}
	// pip install . and -e DIR build the project there: its build files
	// name the dependencies fetched (pip's "local project" installs)
	pip := manifestRead{subs: "install download wheel", opts: "-r --requirement -c --constraint",
		dirOpts: "-e --editable", dirOperands: true, dirFiles: pyprojectFiles}
	pipTools := manifestRead{subs: "*", fileOperands: true, opts: "-r --requirement -c --constraint"}
	terraform := manifestRead{subs: "init get", files: "*.tf *.tf.json .terraform.lock.hcl", dirOpts: "-chdir"}
	conda := manifestRead{subs: "env install create update", opts: "-f --file"}
	return map[string]manifestRead{
		// go loads the module graph for every command that builds or
		// lists packages, and downloads what go.mod requires (go help
		// modules); -modfile names another go.mod (go help
		// build)
		"go":    {subs: "build run test vet list install get mod work generate", files: "go.mod go.sum go.work go.work.sum", opts: "-modfile"},
		"npm":   npm,
		"pnpm":  {subs: "- install i add update up upgrade audit outdated fetch", files: "package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc"},
		"yarn":  {subs: "- install add up upgrade audit outdated", files: "package.json yarn.lock .yarnrc.yml .npmrc"},
		"bun":   {subs: "- install i add update", files: "package.json bun.lock bun.lockb bunfig.toml"},
		"cargo": {subs: "build b run r test t check c fetch update install add bench doc clippy tree vendor", files: "Cargo.toml Cargo.lock"},
		"pip":   pip, "pip3": pip,
		// uv pip install DIR and uv pip compile FILE read as pip and
		// pip-compile do (uvPip)
		"uv":          {subs: "sync lock add pip run", files: "pyproject.toml uv.lock", opts: "-r --requirement -c --constraint"},
		"poetry":      {subs: "install lock update add", files: "pyproject.toml poetry.lock"},
		"pdm":         {subs: "install sync lock add update", files: "pyproject.toml pdm.lock"},
		"pipenv":      {subs: "install sync lock update", files: "Pipfile Pipfile.lock"},
		"pip-compile": pipTools, "pip-sync": pipTools,
		"conda": conda, "mamba": conda, "micromamba": conda,
		"bundle":   {subs: "- install update lock", files: "Gemfile Gemfile.lock"},
		"composer": {subs: "install update require", files: "composer.json composer.lock"},
		// terraform init and get fetch every module's source URL and the
		// providers the .tf files name; -chdir moves where it reads them
		"terraform": terraform, "tofu": terraform,
		// helm dependency update and build fetch what Chart.yaml lists,
		// in the chart named as the operand (helmChart)
		"helm": {subs2: []string{"dependency update", "dependency build", "dependency up", "dep update", "dep build", "dep up",
			"dependencies update", "dependencies build"}, dirOperands: true, dirFiles: "Chart.yaml Chart.lock requirements.yaml"},
	}
}}

// pyprojectFiles are the files a Python project's build reads its
// dependencies from.
const pyprojectFiles = "pyproject.toml setup.py setup.cfg"

type manifestRead struct {
	subs, files, opts string
	// subs2 are subcommands of two words ("dependency update")
	subs2 []string
	// dirOpts are options whose value is a directory whose dirFiles are
	// read (pip -e DIR, terraform -chdir=DIR, with files there)
	dirOpts string
	// dirOperands: the operands after the subcommand that name a local
	// directory (".", or a word with a slash: pip install ./pkg) have
	// their dirFiles read
	dirOperands bool
	dirFiles    string
	// fileOperands: the operands after the subcommand are files read
	// (pip-compile requirements.in)
	fileOperands bool
}

// sentFiles lists the files c sends to a server: the manifests where it
// runs, and the files its options name as a body or an upload.
func sentFiles(c *call) []arg {
	var out []arg
	switch c.name {
	case "curl":
		return curlSentFiles(c)
	case "wget":
		for _, o := range []string{"--post-file", "--body-file"} {
			if v, ok := c.optValue(o); ok {
				out = append(out, v)
			}
		}
		return out
	}
	mr, ok := manifestReads.get()[c.name]
	if !ok {
		return nil
	}
	ps := positional(c.args)
	words := 0 // the subcommand's words
	switch {
	case mr.subs == "*":
	case len(ps) == 0:
		if !containsWord(mr.subs, "-") {
			return nil
		}
	case ps[0].dyn:
		// any subcommand: every file counts
		words = 1
	case len(ps) > 1 && !ps[1].dyn && slices.Contains(mr.subs2, ps[0].val+" "+ps[1].val):
		words = 2
	case containsWord(mr.subs, ps[0].val):
		words = 1
	default:
		return nil
	}
	if c.name == "uv" && words == 1 && !ps[0].dyn && ps[0].val == "pip" && len(ps) > 1 && !ps[1].dyn {
		// uv pip install DIR, uv pip compile FILE: as pip and pip-compile
		switch ps[1].val {
		case "install":
			mr = manifestReads.get()["pip"]
		case "compile", "sync":
			mr = manifestReads.get()["pip-compile"]
		}
		words = 2
	}
	dirs := []arg{{val: ".", pos: c.pos}}
	if d, ok := c.optValue("--prefix -C --dir --cwd --directory --manifest-path --project"); ok && !d.dyn {
		if strings.HasSuffix(d.val, ".toml") {
			d.val = path.Dir(d.val) // cargo's --manifest-path names the file
		}
		dirs = append(dirs, d)
	}
	if mr.dirOpts != "" {
		dirs = append(dirs, c.optValuesOf(mr.dirOpts)...)
	}
	for _, d := range dirs {
		for f := range strings.FieldsSeq(mr.files + " " + mr.dirFiles) {
			a := d
			a.val = strings.TrimSuffix(d.val, "/") + "/" + f
			out = append(out, a)
		}
	}
	for _, o := range ps[min(words, len(ps)):] {
		switch {
		case mr.fileOperands:
			out = append(out, o)
		case mr.dirOperands && !o.dyn && (o.val == "." || o.val == ".." || strings.Contains(o.val, "/")):
			for f := range strings.FieldsSeq(mr.dirFiles) {
				a := o
				a.val = strings.TrimSuffix(o.val, "/") + "/" + f
				out = append(out, a)
			}
		}
	}
	if mr.opts != "" {
		out = append(out, c.optValuesOf(mr.opts)...)
	}
	return out
}

// curlSentFiles are the files curl reads into a request: a body
// (-d @FILE, --data-binary @FILE, --data-urlencode [NAME]@FILE, --json
// @FILE), a form field (-F NAME=@FILE, NAME=<FILE), an upload (-T FILE)
// and a config file (-K FILE), which may hold any of these.
func curlSentFiles(c *call) []arg {
	var out []arg
	for _, v := range c.optValuesOf("-d --data --data-binary --data-ascii --json --data-urlencode -F --form") {
		s := v.val
		if v.dyn {
			continue
		}
		i := strings.IndexAny(s, "@<")
		if i < 0 || s[i] == '<' && !strings.Contains(s[:i], "=") && i > 0 {
			continue
		}
		f := v
		f.val = s[i+1:]
		if semi := strings.IndexByte(f.val, ';'); semi >= 0 {
			f.val = f.val[:semi] // -F name=@file;type=text/plain
		}
		if f.val != "" && f.val != "-" {
			out = append(out, f)
		}
	}
	for _, v := range c.optValuesOf("-T --upload-file -K --config") {
		if v.val != "-" {
			out = append(out, v)
		}
	}
	return out
}

// optValuesOf returns the value of every use of the options opts: read
// with the program's spec where it has one (the canonical names count),
// else as --opt=V, --opt V, -oV or -o V.
func (c *call) optValuesOf(opts string) []arg {
	var out []arg
	if optionSpecs.get()[c.name] != nil {
		for _, u := range specUses(c) {
			if u.raw || u.val == nil {
				continue
			}
			if containsWord(opts, u.e.canon) || containsWord(opts, u.written) || u.abbrev != "" && containsWord(opts, u.abbrev) {
				out = append(out, *u.val)
			}
		}
		return out
	}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if a.dyn {
			if v, ok := gluedOptValue(a, opts); ok {
				out = append(out, v)
			}
			continue
		}
		if a.val == "--" {
			break
		}
		for o := range strings.FieldsSeq(opts) {
			switch {
			case a.val == o && i+1 < len(c.args):
				out = append(out, c.args[i+1])
				i++
			case strings.HasPrefix(a.val, o+"=") && (strings.HasPrefix(o, "--") || len(o) > 2):
				// --opt=V, and -opt=V of a long option with one dash
				// (go's -modfile=F, terraform's -chdir=D)
				v := a
				v.val = a.val[len(o)+1:]
				out = append(out, v)
			case len(o) == 2 && !strings.HasPrefix(a.val, "--") && strings.HasPrefix(a.val, o) && len(a.val) > 2:
				v := a
				v.val = a.val[2:]
				out = append(out, v)
			default:
				continue
			}
			break
		}
	}
	return out
}
