package classify

import (
	"slices"
	"strings"
	"testing"
)

// whereLine renders a command with the frames it sits in, outermost
// first: "pipeline > script(bash) > rm -rf /".
func whereLine(c Command) string {
	var b strings.Builder
	for _, f := range c.Where {
		b.WriteString(f.Kind.String())
		if f.Name != "" {
			b.WriteString("(" + f.Name + ")")
		}
		b.WriteString(" > ")
	}
	b.WriteString(strings.Join(c.Argv, " "))
	return b.String()
}

func whereLines(v Verdict) []string {
	out := make([]string, 0, len(v.Commands))
	for _, c := range v.Commands {
		out = append(out, whereLine(c))
	}
	return out
}

var whereCases = []struct {
	name string
	src  string
	want []string // one line per command, in the order of Commands
}{
	{name: "top level", src: "ls -la", want: []string{"ls -la"}},
	{name: "list", src: "git status && rm -f x || true", want: []string{"git status", "rm -f x", "true"}},
	{name: "pipeline of 3", src: "cat a | grep x | wc -l", want: []string{
		"pipeline > cat a", "pipeline > grep x", "pipeline > wc -l"}},
	{name: "pipe all", src: "make |& tee log", want: []string{"pipeline > make", "pipeline > tee log"}},
	{name: "subshell", src: "(cd sub && rm -f x)", want: []string{"subshell > cd sub", "subshell > rm -f x"}},
	{name: "group", src: "{ ls; rm -f x; } > out", want: []string{"group > ls", "group > rm -f x"}},
	{name: "pipeline in a subshell in a pipeline", src: "ls | (sort | uniq) | wc -l", want: []string{
		"pipeline > ls", "pipeline > subshell > pipeline > sort", "pipeline > subshell > pipeline > uniq", "pipeline > wc -l"}},
	{name: "if", src: "if test -f a; then rm -f a; elif true; then ls; else cat b; fi", want: []string{
		"if > test -f a", "if > rm -f a", "if > true", "if > ls", "if > cat b"}},
	{name: "while", src: "while read -r l; do echo $l; done < list", want: []string{"while > read -r l", "while > echo $l"}},
	{name: "until", src: "until make; do sleep 1; done", want: []string{"until > make", "until > sleep 1"}},
	{name: "for", src: "for f in *.go; do gofmt -w $f; done", want: []string{"for > gofmt -w $f", "for > expanded > gofmt -w *.go"}},
	{name: "c-style for", src: "for ((i=0; i<3; i++)); do ls; done", want: []string{"for > ls"}},
	{name: "select", src: "select x in a b; do echo $x; done", want: []string{"select > echo $x"}},
	{name: "case", src: "case $(uname) in Linux) rm -f x;; *) ls;; esac", want: []string{
		"case > command substitution > uname", "case > rm -f x", "case > ls"}},
	{name: "function body", src: "deploy() { git push --force; }; deploy", want: []string{
		"function(deploy) > git push --force", "deploy", "function(deploy) > git push --force"}},
	{name: "function with a subshell body", src: "f() ( rm -f x )", want: []string{"function(f) > subshell > rm -f x"}},
	{name: "command substitution", src: "echo $(rm -rf /)", want: []string{
		"command substitution > rm -rf /", "echo $(rm -rf /)"}},
	{name: "backticks", src: "echo `whoami`", want: []string{"command substitution > whoami", "echo `whoami`"}},
	{name: "substitution in an assignment", src: "x=$(date)", want: []string{"command substitution > date"}},
	{name: "nested substitutions", src: "echo $(cat $(ls))", want: []string{
		"command substitution > command substitution > ls", "command substitution > cat $(ls)", "echo $(cat $(ls))"}},
	{name: "process substitution", src: "diff <(ls a) >(cat)", want: []string{
		"process substitution > ls a", "process substitution > cat", "diff <(ls a) >(cat)"}},
	{name: "process substitution in [[ ]]", src: "[[ -s <(ls) ]]", want: []string{"process substitution > ls"}},
	{name: "coproc", src: "coproc worker { ls; }; coproc rm -f x", want: []string{
		"coproc(worker) > group > ls", "coproc > rm -f x"}},
	{name: "substitution in a heredoc", src: "cat <<EOF\n$(id)\nEOF", want: []string{"command substitution > id", "cat"}},
	{name: "bash -c", src: "bash -c 'rm -rf /'", want: []string{"bash -c rm -rf /", "script(bash) > rm -rf /"}},
	{name: "sh -c in bash -c", src: `bash -c "sh -c 'rm -rf /'"`, want: []string{
		"bash -c sh -c 'rm -rf /'", "script(bash) > sh -c rm -rf /", "script(bash) > script(sh) > rm -rf /"}},
	{name: "bash -c in a pipeline", src: "echo x | bash -c 'cat | wc -l'", want: []string{
		"pipeline > echo x", "pipeline > bash -c cat | wc -l",
		"pipeline > script(bash) > pipeline > cat", "pipeline > script(bash) > pipeline > wc -l"}},
	{name: "sudo bash -c", src: "sudo bash -c 'rm -rf /'", want: []string{"bash -c rm -rf /", "script(bash) > rm -rf /"}},
	{name: "eval", src: `eval "rm -rf /"`, want: []string{"eval rm -rf /", "script(eval) > rm -rf /"}},
	{name: "heredoc into sh", src: "sh <<EOF\nrm -rf /\nEOF", want: []string{"sh", "stdin script(sh) > rm -rf /"}},
	{name: "echo into sh", src: "echo 'rm -rf /' | sh", want: []string{
		"pipeline > echo rm -rf /", "pipeline > sh", "pipeline > stdin script(sh) > rm -rf /"}},
	{name: "xargs", src: "find . -name '*.o' | xargs rm", want: []string{
		"pipeline > find . -name *.o", "pipeline > xargs rm", "pipeline > run by(xargs) > rm ./{}"}},
	{name: "xargs sh -c", src: "echo a | xargs -I{} sh -c 'rm {}'", want: []string{
		"pipeline > echo a", "pipeline > xargs -I{} sh -c rm {}",
		"pipeline > run by(xargs) > sh -c rm {}", "pipeline > run by(xargs) > script(sh) > rm a"}},
	{name: "find -exec", src: `find . -name '*.o' -exec rm {} \;`, want: []string{
		"find . -name *.o -exec rm {} ;", "run by(find -exec) > rm ./{}"}},
	{name: "find -exec and -execdir", src: `find . -exec ls {} \; -execdir cat {} +`, want: []string{
		"find . -exec ls {} ; -execdir cat {} +", "run by(find -exec) > ls .", "run by(find -execdir) > cat ."}},
	{name: "npx", src: "npx prettier --write .", want: []string{"npx prettier --write .", "run by(npx) > prettier --write ."}},
	{name: "sudo", src: "sudo rm -rf /", want: []string{"rm -rf /"}},
	{name: "time", src: "time rm -rf /", want: []string{"rm -rf /"}},
	{name: "time as a program", src: "command time -p make", want: []string{"make"}},
	{name: "git alias", src: "git -c alias.x='!rm -rf /' x", want: []string{"git -c alias.x=!rm -rf / x", "script(git) > rm -rf /"}},
	{name: "command variable", src: `GIT_SSH_COMMAND="rm -rf /" git fetch`, want: []string{
		"script(GIT_SSH_COMMAND) > rm -rf /", "git fetch"}},
	// subprocess.run( and run( both find the string: each is a script
	{name: "python -c", src: `python3 -c 'import subprocess; subprocess.run("rm -rf /")'`, want: []string{
		`python3 -c import subprocess; subprocess.run("rm -rf /")`, "script(python3) > rm -rf /", "script(python3) > rm -rf /"}},
	// watch runs its words joined, unquoted: with every word known, that
	// is the one script (issue 29); with a word only known at run time the
	// quoted reading is judged too, in one frame for both
	{name: "watch: one reading, known words", src: "watch 'ls | wc -l'", want: []string{
		"watch ls | wc -l", "script(watch) > pipeline > ls", "script(watch) > pipeline > wc -l"}},
	{name: "watch: two readings, one script", src: `watch "$C" '| wc -l'`, want: []string{
		`watch "$C" | wc -l`, "script(watch) > pipeline > ", "script(watch) > pipeline > wc -l",
		"script(watch) > | wc -l"}},
	{name: "parallel", src: "parallel rm {} ::: a b", want: []string{
		"parallel rm {} ::: a b", "script(parallel) > rm a", "script(parallel) > rm a",
		"script(parallel) > rm b", "script(parallel) > rm b"}},
	// the readings of an input that does not parse, of a comment that
	// ends in a backslash, of a dynamic program name and of arithmetic
	// over a value are the same text read again: no frame of their own
	{name: "parse error", src: "ls; ) rm -rf /", want: []string{"ls", "rm -rf /"}},
	{name: "parse error read as subshells", src: "((ls) | wc", want: []string{
		"subshell > pipeline > subshell > ls", "subshell > pipeline > wc"}},
	{name: "comment continuation", src: "ls # \\\nrm -rf /", want: []string{"ls rm -rf /", "ls", "rm -rf /"}},
	{name: "dynamic program with a known value", src: "x=rm; $x -rf /", want: []string{"-rf /", "rm -rf /", "rm -rf /", "expanded > rm -rf /"}},
	{name: "arithmetic substitution", src: "x='a[$(id)]'; echo $((x))", want: []string{
		"command substitution > id", `: "a[$(id)]"`, "echo $((x))"}},
}

func TestWhere(t *testing.T) {
	for _, tc := range whereCases {
		v := Classify(tc.src, testEnv)
		if got := whereLines(v); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Classify(%q) commands:\n  got  %q\n  want %q", tc.name, tc.src, got, tc.want)
		}
		checkFrames(t, tc.src, v)
	}
}

// A frame is shared by every command in it, and told apart by its ID from
// another that reads alike.
func TestFrameIDs(t *testing.T) {
	v := Classify("bash -c 'ls | wc -l; ls | wc -l'", testEnv)
	if len(v.Commands) != 5 {
		t.Fatalf("got %q, want bash and two pipelines of two", whereLines(v))
	}
	p1, p2 := v.Commands[1].Where[1], v.Commands[3].Where[1]
	if p1.Kind != FramePipeline || p2.Kind != FramePipeline {
		t.Fatalf("got %q, want two pipelines", whereLines(v))
	}
	if p1.ID == p2.ID {
		t.Errorf("two pipelines share ID %d", p1.ID)
	}
	if p1.Pos != p2.Pos || p1.Snippet != p2.Snippet {
		t.Errorf("pipelines in one script: %+v and %+v, want the same position and text", p1, p2)
	}
	if v.Commands[2].Where[1] != p1 || v.Commands[4].Where[1] != p2 {
		t.Errorf("the commands of one pipeline have different frames: %+v", v.Commands)
	}
	if s := v.Commands[1].Where[0]; s.ID >= p1.ID || v.Commands[3].Where[0] != s {
		t.Errorf("script frame %+v, want one frame, pushed before the pipelines", s)
	}
}

func TestFramePosSnippet(t *testing.T) {
	for _, tc := range []struct {
		src  string
		cmd  int // index in Commands
		want []Frame
	}{
		{src: "ls && echo $(rm -rf /)", cmd: 1, want: []Frame{
			{Kind: FrameCmdSubst, Pos: Pos{1, 12}, Snippet: "$(rm -rf /)"}}},
		{src: "ls\necho x | (cd a; rm -rf b)", cmd: 3, want: []Frame{
			{Kind: FramePipeline, Pos: Pos{2, 1}, Snippet: "echo x | (cd a; rm -rf b)"},
			{Kind: FrameSubshell, Pos: Pos{2, 10}, Snippet: "(cd a; rm -rf b)"}}},
		{src: "if true; then\n  rm x\nfi", cmd: 1, want: []Frame{
			{Kind: FrameIf, Pos: Pos{1, 1}, Snippet: "if true; then …"}}},
		{src: "ls; echo 'rm -rf /' | sh", cmd: 3, want: []Frame{
			{Kind: FramePipeline, Pos: Pos{1, 5}, Snippet: "echo 'rm -rf /' | sh"},
			{Kind: FrameStdinScript, Name: "sh", Pos: Pos{1, 23}, Snippet: "rm -rf /"}}},
		{src: "ls; bash -c 'echo $(id)'", cmd: 2, want: []Frame{
			{Kind: FrameScript, Name: "bash", Pos: Pos{1, 5}, Snippet: "echo $(id)"},
			{Kind: FrameCmdSubst, Pos: Pos{1, 5}, Snippet: "$(id)"}}},
		{src: "cd a; find . -exec rm {} +", cmd: 2, want: []Frame{
			{Kind: FrameRunBy, Name: "find -exec", Pos: Pos{1, 7}, Snippet: "find . -exec rm {} +"}}},
	} {
		v := Classify(tc.src, testEnv)
		if tc.cmd >= len(v.Commands) {
			t.Errorf("Classify(%q): %q, want command %d", tc.src, whereLines(v), tc.cmd)
			continue
		}
		got := v.Commands[tc.cmd].Where
		if len(got) != len(tc.want) {
			t.Errorf("Classify(%q) command %d: frames %+v, want %+v", tc.src, tc.cmd, got, tc.want)
			continue
		}
		for i, f := range got {
			f.ID = 0
			if f != tc.want[i] {
				t.Errorf("Classify(%q) command %d frame %d: %+v, want %+v", tc.src, tc.cmd, i, f, tc.want[i])
			}
		}
	}
}

func TestFrameKindString(t *testing.T) {
	for k := FramePipeline; k <= FrameRunBy; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "FrameKind(") {
			t.Errorf("FrameKind(%d) has no name", k)
		}
	}
	if s := FrameKind(0).String(); s != "FrameKind(0)" {
		t.Errorf("FrameKind(0) = %q", s)
	}
}

// checkFrames fails t when the commands of v do not form a tree: every
// slot taken is filled, frames nest outermost first with growing IDs, one
// ID is one frame at one place, and a command that runs others (xargs,
// bash -c) comes before them, at the level above.
func checkFrames(t *testing.T, src string, v Verdict) {
	t.Helper()
	type seen struct {
		f       Frame
		parents []int
	}
	byID := map[int]seen{}
	ids := func(fs []Frame) []int {
		out := make([]int, len(fs))
		for i, f := range fs {
			out[i] = f.ID
		}
		return out
	}
	for k, c := range v.Commands {
		if c.Pos.Line < 1 {
			t.Fatalf("Classify(%q): command %d was never filled in: %+v", src, k, c)
		}
		for i, f := range c.Where {
			if s := f.Kind.String(); strings.HasPrefix(s, "FrameKind(") || f.ID < 1 {
				t.Fatalf("Classify(%q): command %d has frame %+v", src, k, f)
			}
			if i > 0 && f.ID <= c.Where[i-1].ID {
				t.Fatalf("Classify(%q): command %d frames are not outermost first: %+v", src, k, c.Where)
			}
			parents := ids(c.Where[:i])
			if prev, ok := byID[f.ID]; ok && (prev.f != f || !slices.Equal(prev.parents, parents)) {
				t.Fatalf("Classify(%q): frame ID %d is %+v in %v and %+v in %v", src, f.ID, prev.f, prev.parents, f, parents)
			}
			byID[f.ID] = seen{f, parents}
			runner, _, _ := strings.Cut(f.Name, " ")
			if f.Kind != FrameRunBy && (f.Kind != FrameScript && f.Kind != FrameStdinScript || runner == strings.ToUpper(runner)) {
				continue // not run by a command: a variable's value, or a construct
			}
			if strings.ContainsAny(runner, "$\"'`") {
				continue // a program only known at run time ($RUNNER rm -rf ~): its command has no name
			}
			found := false
			for _, p := range v.Commands[:k] {
				if len(p.Argv) > 0 && p.Argv[0] == runner && slices.Equal(ids(p.Where), parents) {
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("Classify(%q): no command %s comes before command %d in %+v", src, runner, k, c.Where)
			}
		}
	}
}

func TestFrameInvariants(t *testing.T) {
	for _, table := range allCases() {
		for _, tc := range table {
			checkFrames(t, tc.cmd, Classify(tc.cmd, testEnv))
			for _, w := range wrappings(tc.cmd) {
				checkFrames(t, w, Classify(w, testEnv))
			}
		}
	}
	for _, src := range limitInputs() {
		checkFrames(t, src, Classify(src, testEnv))
	}
}
