package classify

import (
	"slices"
	"strings"
	"testing"
)

// linkEnv is testEnv with the links a workspace may hold (design §2.6,
// "Links"), as the engine would find them on disk: each key is a path as
// the classifier spells it (Verdict.Paths), each value every name it
// reaches.
var linkEnv = func() Env {
	e := testEnv
	e.Links = map[string][]string{
		// notes.json -> ~/.config/permguard/settings.json
		"/home/u/proj/notes.json": {"/home/u/.config/permguard/settings.json"},
		// s.json -> ~/.claude/settings.json
		"/home/u/proj/s.json": {"/home/u/.claude/settings.json"},
		// rc -> ../.bashrc (relative, read from the workspace)
		"/home/u/proj/rc": {"/home/u/.bashrc"},
		// k -> ~/.ssh/id_ed25519, and reached again through sub/..
		"/home/u/proj/k":        {"/home/u/.ssh/id_ed25519"},
		"/home/u/proj/sub/../k": {"/home/u/.ssh/id_ed25519"},
		// h -> ~ (a directory): every path through it
		"/home/u/proj/h": {"/home/u"},
		// docs/up -> ../.. (the parent of the workspace)
		"/home/u/proj/docs/up": {"/home/u"},
		// chain: a -> b -> ~/.zshrc, each hop a name of its own
		"/home/u/proj/a": {"/home/u/proj/b", "/home/u/.zshrc"},
		// cfg -> /etc
		"/home/u/proj/cfg": {"/etc"},
		// a link in a temporary directory to a key
		"/tmp/x/key": {"/home/u/.aws/credentials"},
		// ok.txt -> src/ok.txt: stays inside
		"/home/u/proj/ok.txt": {"/home/u/proj/src/ok.txt"},
		// a hard-linked file: other names, none that matters
		"/home/u/proj/hard.txt": {"/home/u/proj/hard.txt", LinkElsewhere},
		// a hard link to the startup file, named by the caller
		"/home/u/proj/hard-rc": {"/home/u/proj/hard-rc", "/home/u/.bashrc"},
		// a search cut short
		"/home/u/proj/lost": {LinkNotKnown},
		// a manifest that is a link to permguard's settings
		"/home/u/proj/pkg/package.json": {"/home/u/.config/permguard/settings.json"},
		// a guard file that is itself a link into the workspace keeps
		// its own name's verdict
		"/home/u/proj/.claude/settings.json": {"/home/u/proj/shared/claude.json"},
	}
	return e
}()

// linkCases are judged in linkEnv. byLink marks the rows whose verdict
// comes from a link: in testEnv, without it, each must be lower, so that
// the row tests the link and not something else.
var linkCases = []struct {
	classifyCase
	byLink bool
}{
	// writes through a link: the shell and every spelling of a write
	{dangerous(`echo '{"level":"bypassed"}' > notes.json`, "self-protect"), true},
	{dangerous(`printf '{}' >> notes.json`, "self-protect"), true},
	{dangerous(`tee notes.json < x`, "self-protect"), true},
	{dangerous(`cp x notes.json`, "self-protect"), true},
	{dangerous(`sed -i s/a/b/ notes.json`, "self-protect"), true},
	{dangerous(`echo '{}' > ./notes.json`, "self-protect"), true},
	{dangerous(`cd sub/.. && echo '{}' > notes.json`, "self-protect"), true},
	{dangerous(`echo '{}' > s.json`, "guard-file"), true},
	{dangerous(`dd of=s.json if=x`, "guard-file"), true},
	// a startup file, a key: dangerous through a link even with static
	// text, which a direct write would make only high
	{dangerous(`echo 'alias ls=true' >> rc`, "write-persistence"), true},
	{dangerous(`echo x > a`, "overwrite-startup"), true},
	{dangerous(`echo x > h/.profile`, "overwrite-startup"), true},
	{dangerous(`echo x > h/.ssh/authorized_keys`, "overwrite-startup"), true},
	{dangerous(`cp x docs/up/.bashrc`, "write-startup-unknown"), true},
	{dangerous(`echo x > cfg/hosts`, "write-system"), true},
	{high(`echo x > h/notes.txt`, "write-outside"), true},
	// reads through a link
	{high(`cat k`, "read-secret"), true},
	{high(`head -c 100 k`, "read-secret"), true},
	{high(`base64 < k`, "read-secret"), true},
	{high(`cat h/.ssh/id_rsa`, "read-secret"), true},
	{high(`cat /tmp/x/key`, "read-secret"), true},
	{high(`cat sub/../k`, "read-secret"), true},
	// deletes: a link itself is deleted, not what it leads to; through a
	// link to a directory, or with a trailing slash, the target is
	{medium(`rm rc`, ""), false},
	{medium(`rm -f h`, ""), false},
	{dangerous(`rm -rf h/*`, ""), true},
	{dangerous(`rm -rf h/`, ""), true},
	{high(`rm h/.bashrc`, ""), true},
	// a hard link: other names that matter to nobody: a write is high
	// (it changes a file elsewhere), a read is a read; one that is a
	// startup file is that file
	{high(`echo x > hard.txt`, "write-unknown"), true},
	{minimal(`cat hard.txt`, ""), false},
	{dangerous(`echo x >> hard-rc`, "write-persistence"), true},
	// a name that could not be followed may be anything: a write is
	// dangerous (an input can spend the budget on purpose); a read is
	// read as a path only known at run time (not raised, design §2.3)
	{dangerous(`echo x > lost`, "write-unknown"), true},
	{minimal(`cat lost`, ""), false}, // read as a path only known at run time
	// a manifest a package manager writes without naming it
	{dangerous(`cd pkg && npm pkg set level=bypassed`, "self-protect"), true},
	{dangerous(`cd pkg && npm install left-pad`, "self-protect"), true},
	{dangerous(`npm --prefix pkg pkg set level=bypassed`, "self-protect"), true},
	{medium(`npm install left-pad`, ""), false},
	// links that stay inside change nothing
	{low(`echo x > ok.txt`, "write-file"), false},
	{minimal(`cat ok.txt`, ""), false},
	// a process's root is the machine's (the search cannot read that link)
	{high(`cat /proc/1/root/home/u/.ssh/id_ed25519`, "read-secret"), false},
	{high(`tar czf x.tgz /proc/self/root/home/u/.aws/credentials`, "read-secret"), false},
	{high(`echo x >> /proc/self/root/home/u/.bashrc`, "write-persistence"), false}, // the path itself, spelled another way: an append of static text
	// a link never lowers: a guard file's own name still counts
	{dangerous(`echo '{}' > .claude/settings.json`, "guard-file"), false},
	// making a link to something that matters is writing to it
	{dangerous(`cp -a notes.json copy.json`, "self-protect"), true},
	{dangerous(`cp -P s.json copy.json`, "guard-file"), true},
	{low(`cp notes.json copy.json`, ""), false},
}

func TestLinks(t *testing.T) {
	for _, tc := range linkCases {
		checkCase(t, tc.classifyCase, linkEnv)
		if !tc.byLink {
			continue
		}
		without := Classify(tc.cmd, testEnv)
		if rank(rule{level: without.Level, dangerous: without.Dangerous}) >= rank(rule{level: tc.level, dangerous: tc.dangerous}) {
			t.Errorf("Classify(%q) without its link = %v dangerous=%v: the row does not test the link", tc.cmd, without.Level, without.Dangerous)
		}
	}
}

// TestLinkToolCalls: the agents' own file tools go through links as the
// shell does.
func TestLinkToolCalls(t *testing.T) {
	for _, tc := range []struct {
		tc        ToolCall
		level     Level
		dangerous bool
		rule      string
	}{
		{ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"notes.json"}}, High, true, "self-protect"},
		{ToolCall{Kind: ToolFileWrite, Name: "Edit", Paths: []string{"/home/u/proj/rc"}}, High, true, "write-startup-unknown"},
		{ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"h/.config/permguard/settings.json"}}, High, true, "self-protect"},
		{ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"ok.txt"}}, Low, false, "tool-write"},
		{ToolCall{Kind: ToolFileRead, Name: "Read", Paths: []string{"k"}}, High, false, "read-secret"},
		{ToolCall{Kind: ToolFileRead, Name: "Read", Paths: []string{"h/.aws/credentials"}}, High, false, "read-secret"},
		{ToolCall{Kind: ToolFileDelete, Name: "Delete", Paths: []string{"k"}}, Low, false, ""},
	} {
		v := ClassifyTool(tc.tc, linkEnv)
		if v.Level != tc.level || v.Dangerous != tc.dangerous {
			t.Errorf("ClassifyTool(%s %v) = %v dangerous=%v (rules %s), want %v dangerous=%v", tc.tc.Name, tc.tc.Paths, v.Level, v.Dangerous, ruleIDs(v), tc.level, tc.dangerous)
			continue
		}
		if tc.rule != "" && !slices.Contains(strings.Fields(ruleIDs(v)), tc.rule) {
			t.Errorf("ClassifyTool(%s %v) rules = %s, want %s", tc.tc.Name, tc.tc.Paths, ruleIDs(v), tc.rule)
		}
		if without := ClassifyTool(tc.tc, testEnv); tc.dangerous && without.Dangerous {
			t.Errorf("ClassifyTool(%s %v) is dangerous without its link: the row does not test the link", tc.tc.Name, tc.tc.Paths)
		}
	}
}

// makeLinkCases: making a link is judged as writing to, and reading, what
// it leads to, by every tool that makes one; and a link this input made,
// or may have made, counts for the commands after it. They need no links
// on disk (testEnv).
var makeLinkCases = []classifyCase{
	dangerous("cp -s ~/.config/permguard/settings.json s.json", "self-protect"),
	dangerous("cp --symbolic-link ~/.config/permguard/settings.json s.json", "self-protect"),
	dangerous("cp --symb ~/.config/permguard/settings.json s.json", "self-protect"),
	dangerous("cp -l ~/.config/permguard/settings.json s.json", "self-protect"),
	dangerous("ln -s ~/.config/permguard/settings.json s.json", "self-protect"),
	dangerous("ln ~/.config/permguard/settings.json s.json", "self-protect"),
	dangerous("ln -s ~/.claude/settings.json c.json", "guard-file"),
	dangerous("ln -s ~/.bashrc b", "write-startup-unknown"),
	dangerous("cp -s ~/.bashrc b", "write-startup-unknown"),
	dangerous("ln -sr ~/.bashrc b", "write-startup-unknown"),
	dangerous("ln -s ../.bashrc b", "write-startup-unknown"),
	dangerous("ln -st sub ~/.zshrc", "write-startup-unknown"),
	high("ln -s ~/.ssh/id_ed25519 k", "link-secret"),
	high("cp -s ~/.aws/credentials k", "link-secret"),
	high("ln -s ~/.ssh keys", "link-secret"),
	high("ln -s ~ h", "write-outside"),
	high("ln -s .. up", "write-outside"),
	high(`ln -s "$X" y`, "write-unknown"),
	low("ln -s src/main.go m.go", "file-link"),
	low("ln -s ../proj/src s", "file-link"),
	low("cp -s /home/u/proj/a b", "file-copy"),
	low("ln -s /tmp/build out", "file-link"),
	// a link made earlier in the same input leads later paths
	dangerous("ln -s ~ h; rm -rf h/*", ""),
	dangerous("ln -s ~/.config/permguard x; echo '{}' > x/settings.json", "self-protect"),
	dangerous("ln -s /etc e && echo x > e/passwd", "write-system"),
	// a command that may make links the input does not show: later
	// writes below its directory land somewhere not known
	high(`git checkout feature && echo '{}' > notes.json`, "write-unknown"),
	high(`git merge origin/x && printf x > notes.md`, "write-unknown"),
	high(`git stash pop && echo x >> a.txt`, "write-unknown"),
	high(`tar xf x.tar -C sub && echo x > sub/notes.json`, "write-unknown"),
	high(`7z x a.7z -osub && echo x > sub/notes.json`, "write-unknown"),
	low(`tar xf x.tar -C sub && echo x > other.txt`, ""),
	medium(`git checkout -b feature && echo x > notes.md`, ""),
	medium(`echo x > notes.md && git checkout feature`, ""),
	medium("git stash && git pull --rebase && git stash pop", ""),
}

func TestMakeLinks(t *testing.T) {
	for _, tc := range makeLinkCases {
		checkCase(t, tc, testEnv)
	}
}

// TestVerdictPaths: the first classification lists the paths it judged
// inside the workspace and temporary directories, as the kernel will walk
// them, for the caller's search for links; nothing outside them.
func TestVerdictPaths(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
		not  []string
	}{
		{"echo x > notes.json", []string{"/home/u/proj/notes.json"}, nil},
		{"cat sub/../k", []string{"/home/u/proj/sub/../k"}, nil},
		{"cd docs && echo x > a", []string{"/home/u/proj/docs/a"}, nil},
		{"rm -f x", []string{"/home/u/proj"}, nil},
		{"cat /tmp/y", []string{"/tmp/y"}, nil},
		{"echo x > /etc/y; cat ~/.netrc", []string{"/etc/y", "/home/u/.netrc"}, nil},
	} {
		v := Classify(tc.cmd, testEnv)
		for _, p := range tc.want {
			if !slices.Contains(v.Paths, p) {
				t.Errorf("Classify(%q).Paths = %q, want %q among them", tc.cmd, v.Paths, p)
			}
		}
		for _, p := range tc.not {
			if slices.Contains(v.Paths, p) {
				t.Errorf("Classify(%q).Paths = %q, must not hold %q", tc.cmd, v.Paths, p)
			}
		}
	}
	if v := ClassifyTool(ToolCall{Kind: ToolFileWrite, Name: "Write", Paths: []string{"a/b.go"}}, testEnv); !slices.Contains(v.Paths, "/home/u/proj/a/b.go") {
		t.Errorf("ClassifyTool(Write a/b.go).Paths = %q", v.Paths)
	}
}

// TestArchiveLinks: an extraction makes the links its archive holds, and
// each is judged by where it leads, as ln's are; the archive's other
// members stay not known.
func TestArchiveLinks(t *testing.T) {
	env := testEnv
	env.Archives = []Archive{
		{Path: "/home/u/proj/evil.tar", Format: "tar", Unsafe: true, Members: []string{"notes.json", "a"},
			Links: []ArchiveLink{{Name: "notes.json", Target: "/home/u/.config/permguard/settings.json"}}},
		{Path: "/home/u/proj/up.tar", Format: "tar", Unsafe: true, Members: []string{"rc"},
			Links: []ArchiveLink{{Name: "rc", Target: "../../.bashrc"}}},
		{Path: "/home/u/proj/fine.tar", Format: "tar", Unsafe: true, Members: []string{"a", "b"},
			Links: []ArchiveLink{{Name: "b", Target: "a", Hard: true}}},
	}
	for _, tc := range []classifyCase{
		dangerous("tar xf evil.tar -C sub", "self-protect"),
		dangerous("tar -xzf evil.tar --directory=sub", "self-protect"),
		dangerous("tar xf up.tar -C sub", "write-startup-unknown"),
		low("tar xf fine.tar -C sub", ""),
	} {
		checkCase(t, tc, env)
	}
}

// TestTreeLinks: a program that walks a tree following the links below it
// reads (and with find -L -exec, changes) what they lead to, as the
// caller found them (Env.TreeLinks); the same programs without following,
// or in a tree without such links, read only the tree.
func TestTreeLinks(t *testing.T) {
	env := testEnv
	env.TreeLinks = map[string][]string{
		"/home/u/proj":     {"/home/u/.ssh/id_ed25519", "/home/u/.bashrc"},
		"/home/u/proj/h":   {"/home/u"},
		"/home/u/proj/big": {LinkNotKnown},
	}
	for _, tc := range []classifyCase{
		high("grep -R BEGIN .", "read-secret-link"),
		high("grep -rR key", "read-secret-link"),
		high("rg -L BEGIN", "read-secret-link"),
		high("rg --follow -e BEGIN .", "read-secret-link"),
		high("ag -f BEGIN", "read-secret-link"),
		high("find -L . -name 'id_*' -print", "read-secret-link"),
		dangerous("find -L . -name .bashrc -exec cp src/x {} \\;", ""),
		high("zip -r out.zip .", "read-secret-link"),
		high("tar -chzf out.tgz .", "read-secret-link"),
		high("cp -rL h copy", "read-secret-link"),
		high("rsync -aL h/ copy", "read-secret-link"),
		minimal("grep -R x big", ""), // past the walk's budget: read like a dynamic path
		minimal("grep -r BEGIN .", ""),
		minimal("rg BEGIN", ""),
		minimal("find . -name 'id_*'", ""),
		low("zip -ry out.zip .", ""),
		minimal("grep -R BEGIN src", ""),
	} {
		checkCase(t, tc, env)
	}
}

// TestLinksThroughTmpAndMade: $TMPDIR words are followed under the
// caller's TMPDIR; a link made in this input where the caller found a
// link on the way lands where that link leads, and its relative target is
// read from there.
func TestLinksThroughTmpAndMade(t *testing.T) {
	env := testEnv
	env.Vars = map[string]string{"USER": "u", "TMPDIR": "/tmp/u"}
	env.TempDirs = append(env.TempDirs, "/tmp/u")
	env.Links = map[string][]string{
		"/tmp/u/h/.ssh/id_ed25519":           {"/home/u/.ssh/id_ed25519"},
		"/tmp/u/h/.bashrc":                   {"/home/u/.bashrc"},
		"/home/u/proj/src/up":                {"/home/u/proj"},
		"/home/u/proj/src/up/hx":             {"/home/u/proj/hx"},
		"/home/u/proj/src/up/../home-of-u/x": {"/home/u/home-of-u/x"},
	}
	for _, tc := range []classifyCase{
		high(`cat "$TMPDIR/h/.ssh/id_ed25519"`, "read-secret"),
		dangerous(`printf x >> "$TMPDIR/h/.bashrc"`, "write-persistence"),
		// hx is made at src/up/hx, which is proj/hx: a later hx/ path
		// goes through it
		high("ln -s /home/u src/up/hx && cat hx/.ssh/id_ed25519", "read-secret"),
		dangerous("ln -s /home/u src/up/hx && printf x >> hx/.bashrc", "write-persistence"),
	} {
		checkCase(t, tc, env)
	}
}

// TestTreeCopies: a copy of a whole tree that holds secrets reads them; a
// tree of hard links to one is a way to write into it.
func TestTreeCopies(t *testing.T) {
	for _, tc := range []classifyCase{
		high("cp -r ~ backup", "read-secret"),
		high("cp -a ~/.config cfg", "read-secret"),
		high("cp -al ~ hh", "read-secret"),
		high("cp -rl ~ /tmp/hh", "write-outside"),
		high("rsync -a ~/ backup/", "read-secret"),
		high("rsync -r ~/.config/ cfg", "read-secret"),
		low("rsync -a src/ backup/", ""),
		low("cp -r src backup", ""),
		low("cp -a ~/proj/src backup", ""),
	} {
		checkCase(t, tc, testEnv)
	}
}
