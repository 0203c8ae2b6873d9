package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/rogpeppe/go-internal/txtar"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// The pages for users whose examples TestReadmeExamples runs. How an
// example is written so that it runs is in docs/development.md
// ("Examples in the documentation").
var examplePages = []string{"README.md", "docs/usage.md", "docs/settings.md"}

// maxNotRun is how many blocks of permguard commands the pages may mark
// "not run". Raising it is a decision, made here where a reviewer sees it.
const maxNotRun = 6

// exampleHome and exampleEtc are what the examples show for the test's
// home directory and its /etc: the pages read as they would on a
// person's machine, and the test never touches the real ones.
const (
	exampleHome = "/home/me"
	exampleEtc  = "/etc"
)

// execExamplePrograms are the programs an example of "permguard exec"
// may name. An example runs for real when permguard allows it, so only
// programs that are harmless in the test's scratch directories, whatever
// their arguments, may appear; anything else fails the test unrun.
var execExamplePrograms = map[string]bool{"echo": true, "git": true, "ls": true, "true": true}

// TestReadmeExamples runs every example of the pages for users against
// the permguard command (issue 28): each "$ permguard ..." line of a sh
// block, comparing what it prints (stdout and stderr, as a terminal shows
// them) with the lines shown under it and its exit status with the line's
// "# exits N" (0 when there is none); and each line of a sh block without
// prompts that runs permguard, for its exit status alone. The commands of
// one page run in order in a home directory of their own, as a person
// would type them.
func TestReadmeExamples(t *testing.T) {
	bin, err := exec.LookPath("permguard")
	if err != nil {
		t.Fatalf("permguard is not on PATH (TestMain puts the test binary there): %v", err)
	}
	notRun := 0
	for _, page := range examplePages {
		t.Run(page, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join("../..", page))
			if err != nil {
				t.Fatal(err)
			}
			blocks := markdownBlocks(string(text))
			s := newExampleShell(t, bin)
			ran := 0
			for _, b := range blocks {
				if b.lang != "sh" {
					continue
				}
				cmds, err := b.commands()
				if err != nil {
					t.Errorf("%s:%d: %v", page, b.line, err)
					continue
				}
				if !callsPermguard(cmds) {
					continue
				}
				if b.notRun != "" {
					notRun++
					t.Logf("%s:%d: not run: %s", page, b.line, b.notRun)
					continue
				}
				for _, c := range cmds {
					if c.argv == nil {
						continue
					}
					ran++
					s.check(t, page, c)
				}
			}
			if ran == 0 {
				t.Errorf("%s: no example of permguard was run", page)
			}
			t.Logf("%s: %d commands run", page, ran)
		})
	}
	if notRun > maxNotRun {
		t.Errorf("%d blocks are marked \"not run\", more than %d: run them, or raise maxNotRun with a reason", notRun, maxNotRun)
	}
}

// TestReadmeShape: the README is for people who use permguard: at most
// 400 lines, with the first "permguard install" within its first 100
// (issue 28). What is for people working on permguard is in
// docs/development.md, the reference in docs/usage.md.
func TestReadmeShape(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(readPage(t, "README.md"), "\n"), "\n")
	if len(lines) > 400 {
		t.Errorf("README.md has %d lines, more than 400: move reference material to docs/usage.md or docs/settings.md, and what is for people working on permguard to docs/development.md", len(lines))
	}
	first := 0
	for _, b := range markdownBlocks(strings.Join(lines, "\n")) {
		cmds, err := b.commands()
		if err != nil {
			continue
		}
		for _, c := range cmds {
			if first == 0 && len(c.words) >= 2 && c.words[0] == "permguard" && c.words[1] == "install" {
				first = c.line
			}
		}
	}
	if first == 0 || first > 100 {
		t.Errorf("README.md's first permguard install is at line %d; want it within the first 100", first)
	}
}

// TestReadmeInstall: the README's install steps build permguard from a
// clone of this module and put the binary the Makefile builds on PATH,
// and they claim no download or published version (issue 28).
func TestReadmeInstall(t *testing.T) {
	readme := readPage(t, "README.md")
	sec := markdownSection(readme, "Install")
	if sec == "" {
		t.Fatal(`README.md has no "## Install" section`)
	}
	mod := modulePath(t)
	var clone, build, onPath, goInstall bool
	for _, b := range markdownBlocks(sec) {
		if b.lang != "sh" {
			continue
		}
		cmds, err := b.commands()
		if err != nil {
			t.Fatalf("README.md, Install: %v", err)
		}
		for _, c := range cmds {
			w := c.words
			switch {
			case len(w) >= 3 && w[0] == "git" && w[1] == "clone":
				clone = true
				if w[len(w)-1] != "https://"+mod {
					t.Errorf("README.md, Install: git clone %s, want https://%s (go.mod's module)", w[len(w)-1], mod)
				}
			case len(w) == 2 && w[0] == "make" && w[1] == "build":
				build = true
			case len(w) >= 2 && (w[0] == "cp" || w[0] == "ln" || w[0] == "install") && namesFile(w, "bin/permguard"):
				onPath = true
			case len(w) == 3 && w[0] == "go" && w[1] == "install":
				goInstall = true
				if w[2] != "./cmd/permguard" {
					t.Errorf("README.md, Install: go install %s, want ./cmd/permguard from the clone (no version is published)", w[2])
				}
			}
		}
	}
	if !clone || !build || !onPath || !goInstall {
		t.Errorf("README.md, Install: git clone %v, make build %v, bin/permguard copied onto PATH %v, go install ./cmd/permguard %v: want all", clone, build, onPath, goInstall)
	}
	makefile := readPage(t, "Makefile")
	if !strings.Contains(makefile, "\nBIN      := bin/permguard\n") || !strings.Contains(makefile, "\nbuild:\n") {
		t.Error("the Makefile no longer builds bin/permguard with make build, which README.md's Install copies onto PATH")
	}
	for _, claim := range []string{"@v1", "@latest", "releases/download", "brew install permguard"} {
		if strings.Contains(readme, claim) {
			t.Errorf("README.md says %q: no version is published and nothing can be downloaded", claim)
		}
	}
}

// TestReadmeQuickstart: readme_quickstart.txtar runs the README's quick
// start, the steps verbatim and in order, and feeds the hook the two calls
// the README tells the reader to ask Claude Code for (issue 28).
func TestReadmeQuickstart(t *testing.T) {
	sec := markdownSection(readPage(t, "README.md"), "Quick start")
	if sec == "" {
		t.Fatal(`README.md has no "## Quick start" section`)
	}
	var steps []string
	for _, b := range markdownBlocks(sec) {
		cmds, err := b.commands()
		if err != nil {
			t.Fatalf("README.md, Quick start: %v", err)
		}
		for _, c := range cmds {
			if c.argv != nil {
				steps = append(steps, fmt.Sprintf("exitcode %d %s", c.exit, strings.Join(c.words, " ")))
			}
		}
	}
	if len(steps) == 0 {
		t.Fatal("README.md, Quick start: no permguard command")
	}
	ar, err := txtar.ParseFile("testdata/script/readme_quickstart.txtar")
	if err != nil {
		t.Fatal(err)
	}
	// The script's lines are testscript's, not shell: its words are split
	// at spaces, which the README's steps never quote.
	var script []string
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "exitcode" && f[2] == "permguard" {
			script = append(script, strings.Join(f, " "))
		}
	}
	if strings.Join(script, "\n") != strings.Join(steps, "\n") {
		t.Errorf("readme_quickstart.txtar runs\n\t%s\nbut README.md's quick start says\n\t%s", strings.Join(script, "\n\t"), strings.Join(steps, "\n\t"))
	}
	for _, f := range ar.Files {
		if !strings.HasSuffix(f.Name, ".json") {
			continue
		}
		cmd := jsonField(t, f.Data, "tool_input", "command")
		if !strings.Contains(sec, "`"+cmd+"`") {
			t.Errorf("readme_quickstart.txtar's %s asks for `%s`, which README.md's quick start does not tell the reader to ask for", f.Name, cmd)
		}
	}
}

// TestReadmeTestCommand: the README gives, near its end, the command that
// shows permguard on real examples and the one that runs every test, and
// .ci/run runs that same test command (issue 28).
func TestReadmeTestCommand(t *testing.T) {
	readme := readPage(t, "README.md")
	var demo, test int
	for _, b := range markdownBlocks(readme) {
		cmds, err := b.commands()
		if err != nil || b.lang != "sh" {
			continue
		}
		for _, c := range cmds {
			if strings.Join(c.words, " ") == "make demo" {
				demo = b.line
			}
			if strings.Join(c.words, " ") == "make test" {
				test = b.line
			}
		}
	}
	lines := strings.Count(readme, "\n")
	if demo == 0 || test == 0 || demo < lines*3/4 || test < lines*3/4 {
		t.Errorf("README.md: make demo at line %d, make test at line %d; want both in its last quarter (after line %d)", demo, test, lines*3/4)
	}
	ci := readPage(t, ".ci/run")
	f, err := syntax.NewParser().Parse(strings.NewReader(ci), ".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) >= 2 &&
			call.Args[0].Lit() == "make" && call.Args[1].Lit() == "test" {
			found = true
		}
		return true
	})
	if !found {
		t.Error(".ci/run does not run make test, the command README.md gives for running every test")
	}
}

// exampleShell runs the examples of one page: a home directory, a
// workspace in it that is a repository, and an environment of its own.
type exampleShell struct {
	bin, root, home, work string
	env                   []string
}

func newExampleShell(t *testing.T, bin string) *exampleShell {
	t.Helper()
	// Outside every temporary directory: permguard judges a write to /tmp
	// as a write to the workspace, so a home there would change the
	// levels the examples show.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if inTemp(wd) {
		t.Skipf("%s is in a temporary directory, where the examples' home would change their levels", wd)
	}
	root, err := os.MkdirTemp(wd, ".readme-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	s := &exampleShell{bin: bin, root: root, home: filepath.Join(root, "home")}
	s.work = filepath.Join(s.home, "project")
	for _, dir := range []string{filepath.Join(s.work, ".git"), filepath.Join(root, "etc")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Nothing of the caller's environment but PATH: no PERMGUARD_LEVEL or
	// XDG directory of whoever runs the tests reaches an example.
	s.env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + s.home,
		"PERMGUARD_MANAGED_FILE=" + filepath.Join(root, "etc/permguard/settings.json"),
		"PERMGUARD_CLAUDE_MANAGED_FILE=" + filepath.Join(root, "etc/claude-code/managed-settings.json"),
		// No terminal, no prompt: the pages say their examples show what
		// permguard prints when nobody can be asked.
		"PERMGUARD_NO_PROMPT=1",
		"PERMGUARD_SESSION=readme",
		// A box can be had, as on Linux with user namespaces, whatever
		// this machine allows: the pages show that case.
		"TEST_NAMESPACES=1",
		"TEST_NOTIFY_LOG=" + filepath.Join(root, "notify.log"),
		"VISUAL=true", "EDITOR=true",
	}
	return s
}

// check runs one example and compares it with the page.
func (s *exampleShell) check(t *testing.T, page string, c exampleCmd) {
	t.Helper()
	where := fmt.Sprintf("%s:%d: %s", page, c.line, c.text)
	argv, env, err := expandCall(c.call, s.home, s.work)
	if err != nil {
		t.Errorf("%s: %v", where, err)
		return
	}
	if len(argv) >= 2 && argv[1] == "exec" {
		prog := ""
		for i, a := range argv {
			if a == "--" && i+1 < len(argv) {
				prog = argv[i+1]
				break
			}
		}
		if !execExamplePrograms[prog] {
			t.Errorf("%s: an example of exec must name its program after -- and it must be one of the harmless ones the test knows (execExamplePrograms), not %q; not run", where, prog)
			return
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.bin, argv[1:]...)
	cmd.Dir = s.work
	cmd.Env = append(append([]string{}, s.env...), env...)
	// One pipe for both, so the lines come in the order permguard wrote
	// them, as on a terminal.
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	code := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Errorf("%s: %v", where, err)
			return
		}
		code = ee.ExitCode()
	}
	got := s.shown(out.String())
	if code != c.exit {
		t.Errorf("%s: exit status %d, the page says %d\n%s", where, code, c.exit, got)
	}
	if c.output == nil {
		return
	}
	if !matchLines(c.output, splitLines(got)) {
		t.Errorf("%s: the page shows\n%s\npermguard printed\n%s", where, indent(strings.Join(c.output, "\n")), indent(got))
	}
}

// shown is what permguard printed as the page shows it: the test's home
// and /etc under the names a person's machine has.
func (s *exampleShell) shown(out string) string {
	out = strings.ReplaceAll(out, s.home, exampleHome)
	out = strings.ReplaceAll(out, filepath.Join(s.root, "etc"), exampleEtc)
	return strings.TrimSuffix(out, "\n")
}

// exampleCmd is one command of a sh block.
type exampleCmd struct {
	line   int      // in the page
	text   string   // as the page writes it
	words  []string // its words, expanded with the reader's $HOME and $PWD; for any command
	argv   []string // permguard and its arguments as the page shows them; nil for another command
	call   *syntax.CallExpr
	exit   int      // from "# exits N"
	output []string // the lines shown after a "$ " line; nil in a block without prompts
}

// mdBlock is one fenced block of a markdown page.
type mdBlock struct {
	line   int    // the line of the opening fence
	lang   string // its info string
	body   []string
	notRun string // the reason of a "<!-- not run: REASON -->" line just before it
}

// markdownBlocks returns the fenced blocks of a page.
func markdownBlocks(text string) []mdBlock {
	var blocks []mdBlock
	var cur *mdBlock
	prev := ""
	for i, line := range strings.Split(text, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &mdBlock{line: i + 1, lang: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
			if r, ok := strings.CutPrefix(prev, "<!-- not run:"); ok {
				cur.notRun = strings.TrimSpace(strings.TrimSuffix(r, "-->"))
				if cur.notRun == "" {
					cur.notRun = "(no reason given)"
				}
			}
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.body = append(cur.body, line)
		}
		prev = strings.TrimSpace(line)
	}
	return blocks
}

// markdownSection returns the text under the "## TITLE" heading, up to
// the next heading of that rank.
func markdownSection(text, title string) string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			in = strings.TrimPrefix(line, "## ") == title
			continue
		}
		if in {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// commands parses a sh block. In a block whose lines start with "$ ",
// each such line is a command and the lines up to the next one are its
// output; in any other block, every line is shell.
func (b mdBlock) commands() ([]exampleCmd, error) {
	session := false
	for _, l := range b.body {
		session = session || strings.HasPrefix(l, "$ ")
	}
	var cmds []exampleCmd
	if !session {
		src := strings.Join(b.body, "\n")
		f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(src), "")
		if err != nil {
			return nil, fmt.Errorf("the block at line %d is not shell: %v", b.line, err)
		}
		for _, st := range f.Stmts {
			c, err := exampleStmt(st, src)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", b.line+int(st.Pos().Line()), err)
			}
			c.line = b.line + int(st.Pos().Line())
			cmds = append(cmds, c)
		}
		return cmds, nil
	}
	for i, l := range b.body {
		if !strings.HasPrefix(l, "$ ") {
			if len(cmds) == 0 {
				return nil, fmt.Errorf("line %d: output before the first \"$ \" line", b.line+i+1)
			}
			cmds[len(cmds)-1].output = append(cmds[len(cmds)-1].output, l)
			continue
		}
		src := strings.TrimPrefix(l, "$ ")
		f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(src), "")
		if err != nil || len(f.Stmts) != 1 {
			return nil, fmt.Errorf("line %d: not one shell command: %q", b.line+i+1, src)
		}
		c, err := exampleStmt(f.Stmts[0], src)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", b.line+i+1, err)
		}
		if c.argv == nil {
			return nil, fmt.Errorf("line %d: a \"$ \" line runs permguard, and only permguard: %q", b.line+i+1, src)
		}
		c.line, c.output = b.line+i+1, []string{}
		cmds = append(cmds, c)
	}
	return cmds, nil
}

// exampleStmt reads one statement of a page. A simple command's words are
// expanded as a shell would, with $HOME and $PWD the reader's; a
// statement that is more than a simple command (a pipeline, a list, a
// command substitution) is kept as text and never run.
func exampleStmt(st *syntax.Stmt, src string) (exampleCmd, error) {
	c := exampleCmd{text: strings.TrimSpace(src[st.Pos().Offset():st.End().Offset()])}
	for _, cm := range st.Comments {
		f := strings.Fields(cm.Text)
		if len(f) >= 2 && f[0] == "exits" {
			n, err := strconv.Atoi(strings.TrimRight(f[1], ":;,."))
			if err != nil {
				return c, fmt.Errorf("%q: %q is not an exit status", c.text, f[1])
			}
			c.exit = n
		}
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || len(st.Redirs) > 0 || len(call.Args) == 0 {
		return c, nil
	}
	words, _, err := expandCall(call, exampleHome, exampleHome+"/project")
	if err != nil {
		return c, nil // a command substitution: text only
	}
	c.words = words
	if words[0] == "permguard" {
		c.argv, c.call = words, call
	}
	return c, nil
}

// expandCall expands a simple command's words and assignments as a shell
// whose $HOME and $PWD are home and pwd would.
func expandCall(call *syntax.CallExpr, home, pwd string) (words, env []string, err error) {
	cfg := &expand.Config{Env: expand.ListEnviron("HOME="+home, "PWD="+pwd)}
	if words, err = expand.Fields(cfg, call.Args...); err != nil {
		return nil, nil, err
	}
	for _, a := range call.Assigns {
		v, err := expand.Literal(cfg, a.Value)
		if err != nil {
			return nil, nil, err
		}
		env = append(env, a.Name.Value+"="+v)
	}
	return words, env, nil
}

func callsPermguard(cmds []exampleCmd) bool {
	for _, c := range cmds {
		if c.argv != nil {
			return true
		}
	}
	return false
}

// matchLines reports whether got has the lines want shows: a line "..."
// stands for any lines, none included, and "<...>" in a line for any
// text within it.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && matchLine(want[0], got[0]) && matchLines(want[1:], got[1:])
}

func matchLine(want, got string) bool {
	parts := strings.Split(want, "<...>")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	rest := got[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return strings.HasSuffix(rest, parts[len(parts)-1])
}

func splitLines(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, "\n")
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}

func readPage(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func modulePath(t *testing.T) string {
	t.Helper()
	for _, line := range strings.Split(readPage(t, "go.mod"), "\n") {
		if m, ok := strings.CutPrefix(line, "module "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatal("go.mod has no module line")
	return ""
}

// namesFile reports whether one of words is the relative path rel, or
// ends in it.
func namesFile(words []string, rel string) bool {
	for _, x := range words {
		if x == rel || strings.HasSuffix(x, "/"+rel) {
			return true
		}
	}
	return false
}

// jsonField returns the string at KEY... of a JSON object.
func jsonField(t *testing.T, data []byte, keys ...string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("no %s in %s", k, data)
		}
		v = m[k]
	}
	s, ok := v.(string)
	if !ok {
		t.Fatalf("%v in %s is not a string", keys, data)
	}
	return s
}

// TestDocLinks: every relative link of the pages for people, to a file
// or to a heading, leads somewhere (issue 28 moved most of the README
// into docs/).
func TestDocLinks(t *testing.T) {
	for _, page := range append(append([]string{}, examplePages...), "docs/development.md") {
		text := readPage(t, page)
		for _, l := range markdownLinks(text) {
			if strings.Contains(l.target, "://") || strings.HasPrefix(l.target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(l.target, "#")
			target := page
			if file != "" {
				target = filepath.ToSlash(filepath.Join(filepath.Dir(page), file))
			}
			if _, err := os.Stat(filepath.Join("../..", target)); err != nil {
				t.Errorf("%s:%d: the link to %s leads nowhere: %v", page, l.line, l.target, err)
				continue
			}
			if anchor != "" && !slices.Contains(markdownAnchors(readPage(t, target)), anchor) {
				t.Errorf("%s:%d: %s has no heading #%s", page, l.line, target, anchor)
			}
		}
	}
}

type mdLink struct {
	line   int
	target string
}

// markdownLinks returns the targets of a page's inline links, outside its
// fenced blocks.
func markdownLinks(text string) []mdLink {
	var links []mdLink
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		for rest := line; !fenced; {
			_, after, ok := strings.Cut(rest, "](")
			if !ok {
				break
			}
			target, tail, ok := strings.Cut(after, ")")
			if !ok {
				break
			}
			links = append(links, mdLink{line: i + 1, target: target})
			rest = tail
		}
	}
	return links
}

// markdownAnchors returns the anchors GitHub gives a page's headings:
// lower case, punctuation but '-' and '_' dropped, spaces as '-'.
func markdownAnchors(text string) []string {
	var anchors []string
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchors = append(anchors, b.String())
	}
	return anchors
}
