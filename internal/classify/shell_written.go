package classify

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A file written earlier in the same input and then run is judged as the
// content written (design §2.10). The walker notes, in execution order,
// the files the input writes (redirections, tee, cp/mv/ln/install/dd
// destinations, sed -i, downloads), with their text when it is static;
// a later command that runs one of them as code (a shell or source, the
// path itself, a task runner whose configuration it is) is judged by that
// text, or as running unknown code when the text is not known.

// written is what this input wrote to one file.
type written struct {
	texts   []string // static contents, any of which the file may hold
	unknown bool     // a write whose content is not known
	net     bool     // a write of content from the network
}

var (
	ruleWrittenUnknown = rule{id: "run-written", level: High, why: "runs a file written earlier in this input whose content is not known", effect: EffectRun}
	ruleWrittenOpaque  = rule{id: "run-written-unread", level: High, why: "runs a file written earlier in this input that permguard cannot read as commands", effect: EffectRun}
	ruleWrittenKnown   = rule{id: "run-written-known", level: Minimal, why: "runs a file written earlier in this input (judged as the text written)", effect: EffectRun}
)

const maxTexts = 4

// noteWrite records a write of content to the file a names.
func (w *walker) noteWrite(a arg, content flow, appending bool) {
	if a.dyn || a.val == "" || strings.HasPrefix(a.val, "/dev/") {
		return
	}
	p, ok := w.abs(a.val)
	if !ok {
		return
	}
	w.noteWritePath(p, content, appending)
}

func (w *walker) noteWritePath(p string, content flow, appending bool) {
	if w.files == nil {
		w.files = map[string]*written{}
	}
	wr := w.files[p]
	if wr == nil {
		if len(w.files) >= maxFiles {
			return
		}
		wr = &written{}
		w.files[p] = wr
	}
	switch content.kind {
	case flowText:
		if appending && len(wr.texts) > 0 {
			for i := range wr.texts {
				wr.texts[i] += content.text
			}
			return
		}
		if len(wr.texts) >= maxTexts {
			wr.unknown = true
			return
		}
		wr.texts = append(wr.texts, content.text)
	case flowDownload:
		wr.net, wr.unknown = true, true
	default:
		wr.unknown = true
	}
}

// copyWritten records that dst now holds what src held.
func (w *walker) copyWritten(src, dst arg) {
	if dst.dyn {
		return
	}
	sp, ok := w.abs(src.val)
	from := w.files[sp]
	if !ok || src.dyn || from == nil {
		w.noteWrite(dst, flow{kind: flowData}, false)
		return
	}
	dp, ok := w.abs(dst.val)
	if !ok {
		return
	}
	for _, t := range from.texts {
		w.noteWritePath(dp, flow{kind: flowText, text: t}, false)
	}
	if from.unknown {
		kind := flowData
		if from.net {
			kind = flowDownload
		}
		w.noteWritePath(dp, flow{kind: kind}, false)
	}
}

// quietWord is the static value of a word, found without classifying it
// again (its substitutions were judged where it was resolved).
func (w *walker) quietWord(word *syntax.Word) (arg, bool) {
	if word == nil {
		return arg{}, false
	}
	if staticParts(word.Parts) && !strings.ContainsAny(w.text(word), "{*?[") {
		s, err := expand.Literal(w.expandConfig(), word)
		return arg{val: s}, err == nil
	}
	if s, ok := w.literalKnown(word); ok {
		return arg{val: s}, true
	}
	return arg{}, false
}

// noteRedirects records the files a statement's output goes to.
func (w *walker) noteRedirects(s *syntax.Stmt, out flow) {
	if s == nil || len(s.Redirs) == 0 {
		return
	}
	if s.Cmd == nil {
		out = flow{kind: flowText}
	}
	for _, rd := range s.Redirs {
		switch rd.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
		default:
			continue
		}
		a, ok := w.quietWord(rd.Word)
		if !ok {
			continue
		}
		content := out
		if rd.N != nil && rd.N.Value != "1" {
			content = flow{kind: flowData} // another descriptor's output
		}
		w.noteWrite(a, content, rd.Op == syntax.AppOut || rd.Op == syntax.AppAll)
	}
}

// notesWrites records the files a command c writes.
func (w *walker) notesWrites(c *call) {
	switch c.name {
	case "tee":
		for _, t := range targets(c.args) {
			w.noteWrite(t, c.stdin, c.hasOpt("-a --append"))
		}
	case "cp", "mv", "install", "ln":
		ts := targets(c.args)
		if c.name == "install" {
			ts = positional(c.words("-m --mode -o --owner -g --group -t --target-directory -S --suffix"))
		}
		if dir, ok := c.optValue("-t --target-directory"); ok {
			for _, s := range ts {
				if !dir.dyn && !s.dyn {
					w.copyWritten(s, arg{val: path.Join(dir.val, path.Base(s.val))})
				}
			}
			return
		}
		if len(ts) < 2 {
			return
		}
		dst := ts[len(ts)-1]
		for _, s := range ts[:len(ts)-1] {
			w.copyWritten(s, dst)
			if !dst.dyn && !s.dyn {
				// the destination may be a directory
				w.copyWritten(s, arg{val: path.Join(dst.val, path.Base(s.val))})
			}
		}
	case "dd":
		var in, out *arg
		for i := range c.args {
			a := c.args[i]
			if v, ok := strings.CutPrefix(a.val, "of="); ok && !a.dyn {
				out = &arg{val: v}
			}
			if v, ok := strings.CutPrefix(a.val, "if="); ok && !a.dyn {
				in = &arg{val: v}
			}
		}
		switch {
		case out == nil:
		case in != nil:
			w.copyWritten(*in, *out)
		default:
			w.noteWrite(*out, c.stdin, false)
		}
	case "sed", "gsed", "perl":
		if c.hasOpt("-i --in-place") || hasPrefixOpt(c.args, "-i") {
			for _, t := range positional(c.args) {
				w.noteWrite(t, flow{kind: flowData}, false)
			}
		}
	case "curl":
		if o, ok := c.optValue("-o --output"); ok {
			w.noteWrite(o, flow{kind: flowDownload}, false)
		}
		if c.hasOpt("-O --remote-name --remote-name-all") {
			w.noteURLNames(c)
		}
	case "wget":
		if o, ok := c.optValue("-O --output-document"); ok {
			w.noteWrite(o, flow{kind: flowDownload}, false)
		} else {
			w.noteURLNames(c)
		}
	}
}

// noteURLNames records the files curl -O and wget name after the URL.
func (w *walker) noteURLNames(c *call) {
	for _, a := range c.args {
		if a.dyn || !strings.Contains(a.val, "://") {
			continue
		}
		u, _, _ := strings.Cut(a.val, "?")
		if base := path.Base(u); base != "" && base != "." && base != "/" {
			w.noteWrite(arg{val: base}, flow{kind: flowDownload}, false)
		}
	}
}

// fileFormat says how a runner reads a file as code.
type fileFormat uint8

const (
	fmtShell   fileFormat = iota // a shell script
	fmtCode                      // a program in an interpreter's language
	fmtMake                      // a Makefile: recipes are shell
	fmtJust                      // a justfile: indented recipe lines are shell
	fmtPackage                   // package.json: scripts are shell
	fmtOpaque                    // run as code in a form not read here
)

// codeRunner is a tool that reads files of the project as code.
type codeRunner struct {
	files  []string // names in the current directory; "*.x" for a suffix
	opts   string   // options that name the file instead
	subs   string   // only for these subcommands ("" for any)
	format fileFormat
	// spec reads the options that make the runner work in another
	// directory (value kind dir: make -C, npm --prefix), where it looks
	// for its files as after a cd, and, when every option is listed
	// (whole), the files it is told to read (value kind read: make -f).
	// An abbreviation counts only when whole: with some options missing,
	// a prefix may be another option's.
	spec  *toolSpec
	whole bool
	// nested: each directory is relative to the one before (make -C a
	// -C b is a/b); else the last one counts
	nested bool
}

// codeRunners lists, per program, the files it runs as code.
var codeRunners = lazy[map[string]codeRunner]{build: func() map[string]codeRunner {
	return map[string]codeRunner{
		"make":       {files: []string{"Makefile", "makefile", "GNUmakefile", "*.mk"}, spec: makeOpts.get(), whole: true, nested: true, format: fmtMake},
		"gmake":      {files: []string{"Makefile", "makefile", "GNUmakefile", "*.mk"}, spec: makeOpts.get(), whole: true, nested: true, format: fmtMake},
		"npm":        {files: []string{"package.json", ".npmrc"}, spec: runnerDirOpts("-C=/--prefix= dir", false), format: fmtPackage},
		"pnpm":       {files: []string{"package.json", ".npmrc"}, spec: runnerDirOpts("-C=/--dir= dir", true), format: fmtPackage},
		"yarn":       {files: []string{"package.json", ".yarnrc", ".yarnrc.yml"}, spec: runnerDirOpts("--cwd= dir", true), format: fmtPackage},
		"bun":        {files: []string{"package.json", "bunfig.toml"}, spec: runnerDirOpts("--cwd= dir", true), format: fmtPackage},
		"just":       {files: []string{"justfile", ".justfile", "Justfile"}, opts: "-f --justfile", format: fmtJust},
		"task":       {files: []string{"Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"}, opts: "-t --taskfile", format: fmtOpaque},
		"tox":        {files: []string{"tox.ini", "pyproject.toml", "setup.cfg"}, opts: "-c", format: fmtOpaque},
		"nox":        {files: []string{"noxfile.py"}, opts: "-f --noxfile", format: fmtOpaque},
		"pre-commit": {files: []string{".pre-commit-config.yaml", ".pre-commit-hooks.yaml"}, opts: "-c --config", format: fmtOpaque},
		"cargo":      {files: []string{"build.rs", "Cargo.toml", ".cargo/config.toml"}, format: fmtOpaque},
		"go":         {files: []string{"*.go"}, subs: "generate", format: fmtOpaque},
		"pytest":     {files: []string{"conftest.py", "pytest.ini", "pyproject.toml", "*.py"}, opts: "-c", format: fmtOpaque},
		"rake":       {files: []string{"Rakefile", "rakefile"}, opts: "-f --rakefile", format: fmtOpaque},
		"gradle":     {files: []string{"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"}, format: fmtOpaque},
		"mvn":        {files: []string{"pom.xml"}, opts: "-f --file", format: fmtOpaque},
		"invoke":     {files: []string{"tasks.py"}, format: fmtOpaque},
	}
}}

// runnerDirOpts is a spec of only the options that move a runner (npm's
// --prefix and -C, from npm 11's config definitions and checked with npm
// 11.19; pnpm's -C and --dir, from pnpm-cli(1); yarn's and bun's --cwd):
// npm reads them anywhere before "--"; pnpm, yarn and bun give the words
// after the script's name to the script (stops).
func runnerDirOpts(spec string, stops bool) *toolSpec {
	return &toolSpec{opts: newOptTable(spec, false), stops: stops}
}

// nodeLaunchers run a program from node_modules/.bin.
var nodeLaunchers = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{"npx": true, "pnpx": true, "bunx": true, "npm": true, "pnpm": true, "yarn": true, "bun": true}
}}

// runsWritten judges c when it runs a file this input wrote.
func (w *walker) runsWritten(c *call) {
	name := c.name
	switch {
	case isShellName(name):
		if f, ok := scriptOperand(c.args, true); ok {
			w.judgeWritten(c, f, fmtShell)
		}
	case name == "source" || name == ".":
		if ps := positional(c.args); len(ps) > 0 {
			w.judgeWritten(c, ps[0], fmtShell)
		}
	case handlers.get()[name] != nil && isInterpreter(name) || strings.HasPrefix(name, "python"):
		if m, ok := c.optValue("-m"); ok && strings.HasPrefix(name, "python") && !m.dyn {
			if cr, ok := codeRunners.get()[m.val]; ok {
				w.runnerFiles(c, cr)
			}
			return
		}
		if f, ok := scriptOperand(c.args, false); ok {
			w.judgeWritten(c, f, fmtCode)
		}
	}
	if cr, ok := codeRunners.get()[name]; ok {
		// as after a cd, for what the runner and the launchers below read
		if dir, moved := runnerDir(c.args, cr, w.cwdArg()); moved {
			defer w.chdir(dir)()
		}
		w.runnerFiles(c, cr)
	}
	if nodeLaunchers.get()[name] {
		for _, a := range c.args {
			if !a.dyn && !strings.HasPrefix(a.val, "-") && !strings.Contains(a.val, "/") {
				w.judgeWritten(c, arg{val: "node_modules/.bin/" + a.val}, fmtShell)
			}
		}
	}
}

// isInterpreter reports the interpreters handled by [interpreter].
func isInterpreter(name string) bool {
	switch name {
	case "node", "nodejs", "ruby", "perl", "php", "lua", "luajit", "rscript", "tclsh", "groovy", "julia",
		"elixir", "ts-node", "tsx", "deno":
		return true
	}
	return false
}

// scriptOperand returns the file a shell or interpreter runs: its first
// operand, when no option gives it code instead.
func scriptOperand(args []arg, shell bool) (arg, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return arg{}, false
		}
		v := a.val
		if v == "--" {
			if i+1 < len(args) {
				return args[i+1], true
			}
			return arg{}, false
		}
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") || v == "-" {
			return a, v != "-"
		}
		if shell && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v[1:], "cs") {
			return arg{}, false // -c SCRIPT, -s: not a file
		}
		if !shell && (v == "-c" || v == "-e" || v == "-E" || v == "-m" || v == "-r" || v == "--eval" || v == "-p") {
			return arg{}, false
		}
		switch v {
		case "-o", "+o", "-O", "+O", "--rcfile", "--init-file", "-W", "-X", "-I":
			i++
		}
	}
	return arg{}, false
}

// runnerDir is the directory a runner works in when its options move it
// (make -C, npm --prefix), from cwd, as a cd there would resolve it; moved
// is false when none does.
func runnerDir(args []arg, cr codeRunner, cwd arg) (dir arg, moved bool) {
	if cr.spec == nil {
		return arg{}, false
	}
	dir = cwd
	for _, u := range cr.spec.parse("", args).uses {
		if u.raw || u.val == nil || u.e.val != valDir || u.abbrev != "" && !cr.whole {
			continue
		}
		if cr.nested {
			dir = joinDir(dir, *u.val)
		} else {
			dir = joinDir(cwd, *u.val)
		}
		moved = true
	}
	return dir, moved
}

// runnerFiles judges the files a runner reads that this input wrote.
func (w *walker) runnerFiles(c *call, cr codeRunner) {
	if cr.subs != "" {
		ps := positional(c.args)
		if len(ps) == 0 || ps[0].dyn || !hasWord(cr.subs, ps[0].val) {
			return
		}
	}
	if cr.spec != nil && cr.whole {
		// every file it is told to read (make -f a.mk -f b.mk reads both)
		named := false
		for _, u := range cr.spec.parse(c.name, c.args).uses {
			if !u.raw && u.val != nil && u.e.val == valRead {
				w.judgeWritten(c, *u.val, cr.format)
				named = true
			}
		}
		if named {
			return
		}
	}
	if cr.opts != "" {
		if f, ok := c.optValue(cr.opts); ok {
			w.judgeWritten(c, f, cr.format)
			return
		}
	}
	for _, f := range cr.files {
		if suffix, ok := strings.CutPrefix(f, "*"); ok {
			if w.cwdDyn || w.cwd == "" {
				continue
			}
			for p := range w.files {
				if strings.HasSuffix(p, suffix) && within(p, w.cwd) {
					w.judgeWrittenPath(c, p, p, fmtOpaque)
				}
			}
			continue
		}
		w.judgeWritten(c, arg{val: f}, cr.format)
	}
}

// judgeWritten judges c running the file a as code in the given format.
func (w *walker) judgeWritten(c *call, a arg, format fileFormat) {
	if a.dyn {
		return
	}
	p, ok := w.abs(a.val)
	if !ok {
		return
	}
	w.judgeWrittenPath(c, p, a.val, format)
}

func (w *walker) judgeWrittenPath(c *call, p, name string, format fileFormat) {
	wr := w.files[p]
	if wr == nil {
		return
	}
	if wr.net {
		c.raise(ruleDownload)
	}
	if wr.unknown {
		c.raise(ruleWrittenUnknown)
	}
	if c.name != "source" && c.name != "." {
		// a shell, a task runner, a recipe: another process, whose
		// assignments do not come back
		mark := len(w.undo)
		defer w.rollback(mark)
	}
	for _, t := range wr.texts {
		c.raise(ruleWrittenKnown)
		f := format
		if f == fmtShell && strings.HasPrefix(t, "#!") {
			// the first line names the interpreter
			line, _, _ := strings.Cut(t, "\n")
			if fs := strings.Fields(line[2:]); len(fs) > 0 {
				prog := path.Base(fs[0])
				if prog == "env" && len(fs) > 1 {
					prog = path.Base(fs[len(fs)-1])
				}
				if !isShellName(prog) {
					f = fmtCode
				}
			}
		}
		switch f {
		case fmtShell:
			w.runWritten(c, name, t)
		case fmtCode:
			saved := w.push(FrameWritten, name, c.pos, t)
			inlineCode(c, t)
			w.frames = saved
		case fmtMake, fmtJust:
			recipes := makeRecipes
			if f == fmtJust {
				recipes = justRecipes
			}
			cmds, opaque := recipes(t)
			if opaque {
				c.raise(ruleWrittenOpaque)
			}
			for _, cmd := range cmds {
				w.runWritten(c, name, cmd)
			}
		case fmtPackage:
			var pkg struct {
				Scripts map[string]string `json:"scripts"`
			}
			if !strings.HasSuffix(p, ".json") {
				c.raise(ruleWrittenOpaque)
				continue
			}
			if err := json.Unmarshal([]byte(t), &pkg); err != nil {
				c.raise(ruleWrittenOpaque)
				continue
			}
			// npm runs pre- and post- scripts and lifecycle scripts
			// around the one named: every script counts
			for _, s := range sortedValues(pkg.Scripts) {
				w.runWritten(c, name, s)
			}
		default:
			c.raise(ruleWrittenOpaque)
		}
	}
}

func sortedValues(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// sorted for a verdict that is the same every time
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

// runWritten classifies src, shell code from the file name, as what c runs.
func (w *walker) runWritten(c *call, name, src string) {
	saved := w.push(FrameWritten, name, c.pos, src)
	w.script(src, &c.pos)
	w.frames = saved
}

// makeRecipes returns the shell lines of a Makefile's recipes. opaque is
// set when make itself would run something outside them ($(shell ...),
// !=) or run recipes with another program (SHELL).
func makeRecipes(text string) (cmds []string, opaque bool) {
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		for strings.HasSuffix(l, `\`) && i+1 < len(lines) {
			i++
			l = l[:len(l)-1] + " " + strings.TrimLeft(lines[i], "\t ")
		}
		if strings.Contains(l, "$(shell") || strings.Contains(l, "${shell") || strings.Contains(l, "!=") ||
			strings.Contains(l, "SHELL") || strings.Contains(l, "$(eval") || strings.Contains(l, "include") {
			opaque = true
		}
		recipe, ok := strings.CutPrefix(l, "\t")
		if !ok {
			// target: prerequisites ; recipe
			if _, after, found := strings.Cut(l, ";"); found && strings.Contains(l, ":") && !strings.HasPrefix(l, "#") {
				recipe, ok = after, true
			}
		}
		if !ok {
			continue
		}
		recipe = strings.TrimLeft(recipe, "@+- \t")
		cmds = append(cmds, strings.ReplaceAll(recipe, "$$", "$"))
	}
	return cmds, opaque
}

// justRecipes returns the shell lines of a justfile's recipes: the
// indented lines. opaque is set for what just runs another way:
// backticks, shebang recipes, another shell.
func justRecipes(text string) (cmds []string, opaque bool) {
	for _, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(l, " \t")
		if strings.Contains(l, "`") || strings.HasPrefix(trimmed, "#!") || strings.HasPrefix(trimmed, "set ") ||
			strings.Contains(l, "shell(") {
			opaque = true
		}
		if trimmed == l || trimmed == "" {
			continue
		}
		cmds = append(cmds, strings.TrimLeft(trimmed, "@-"))
	}
	return cmds, opaque
}

// runsWrittenPath judges a command run by its path (./x.sh) that this
// input wrote.
func (w *walker) runsWrittenPath(c *call, a arg) {
	if a.dyn || !strings.Contains(a.val, "/") {
		return
	}
	w.judgeWritten(c, a, fmtShell)
}

// archiveMembers returns the members of the archive file, when the caller
// listed them (Env.Archives) and they are still what the extraction will
// read: no member is a link, a device or a name that leaves the directory,
// nothing earlier in this input could have changed the file (it wrote
// nothing there, and ran nothing above low), and no loop or function may
// run the extraction again after a later command replaced it.
func (w *walker) archiveMembers(file arg, formats string) ([]string, bool) {
	if len(w.env.Archives) == 0 || file.dyn || file.val == "" || file.val == "-" {
		return nil, false
	}
	p, ok := w.abs(file.val)
	if !ok || w.v.Level > Low || w.v.Dangerous || w.files[p] != nil {
		return nil, false
	}
	for _, f := range w.frames {
		switch f.Kind {
		case FrameWhile, FrameUntil, FrameFor, FrameSelect, FrameFunction, FrameCoproc, FrameWritten:
			return nil, false
		}
	}
	for _, a := range w.env.Archives {
		if a.Path == p {
			if a.Unsafe || !slices.Contains(strings.Fields(formats), a.Format) || len(a.Members) > maxMembers {
				return nil, false
			}
			return a.Members, true
		}
	}
	return nil, false
}

// archiveLinks returns the members of the archive file that are links,
// as the caller listed them (an archive with links is Unsafe, so
// archiveMembers gives none).
func (w *walker) archiveLinks(file arg) []ArchiveLink {
	if len(w.env.Archives) == 0 || file.dyn || file.val == "" || file.val == "-" {
		return nil
	}
	p, ok := w.abs(file.val)
	if !ok {
		return nil
	}
	for _, a := range w.env.Archives {
		if a.Path == p {
			return a.Links
		}
	}
	return nil
}

// ruleSendsWritten: a program that sends a file's contents to a server
// (a module download reading go.mod, curl -d @FILE) is sent a file this
// input wrote from text not known now: whatever that text holds, a
// secret read into it, leaves the machine (design §2.10).
var ruleSendsWritten = rule{id: "sends-written", level: High, why: "sends out a file written earlier in this input from text not known now", effect: EffectSend}

// sendsWritten raises c when a file it sends (sentFiles) was written
// earlier in this input with content not known now.
func (w *walker) sendsWritten(c *call) {
	for _, a := range sentFiles(c) {
		if a.dyn || a.val == "" {
			continue
		}
		p, ok := w.abs(a.val)
		if !ok {
			continue
		}
		if wr := w.files[p]; wr != nil && wr.unknown {
			c.raiseWith(ruleSendsWritten, occurrence{detail: "sends " + a.val, target: p})
			return
		}
		if base := path.Base(p); strings.HasPrefix(base, "*") {
			// a pattern of the manifests (*.tf): every file written there
			// that it meets
			for q, wr := range w.files {
				if m, _ := path.Match(base, path.Base(q)); m && wr.unknown && path.Dir(q) == path.Dir(p) {
					c.raiseWith(ruleSendsWritten, occurrence{detail: "sends " + q, target: q})
					return
				}
			}
		}
	}
}
