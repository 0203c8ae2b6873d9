package classify

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"testing"
)

// One path, many spellings, many positions (design §2.6): every spelling
// of a path reaches the same place, and a tool that writes, deletes or
// reads a file gets the same verdict whether the path is written plainly
// or through ~, $HOME, a variable, a command substitution, a
// /proc/self/root or /proc/self/cwd prefix, a .. detour or a link the
// input made first. The test generates every (position, class, spelling)
// and compares each with the plain spelling in the same position; and
// for every position that writes, the plain spelling with the redirect
// that writes the same content (cat in.txt > P).

// pathClass is one class of path (design §2.6) with a path of it, as
// testEnv sees it (home /home/u, workspace /home/u/proj, temp /tmp).
type pathClass struct {
	name string
	path string
}

var pathClasses = []pathClass{
	{"secret", "/home/u/.ssh/id_rsa"},
	{"guard-home", "/home/u/.codex/config.toml"},
	{"guard-workspace", "/home/u/proj/.mcp.json"},
	{"startup", "/home/u/.zshenv"},
	{"foothold", "/home/u/proj/.vscode/tasks.json"},
	{"own", "/home/u/.config/permguard/config.toml"},
	{"outside", "/home/u/notes/a.txt"},
	{"system", "/etc/cron.d/job"},
	{"temporary", "/tmp/pg/a.txt"},
	{"workspace", "/home/u/proj/src/a.txt"},
}

// effect is what a position does with the path.
type effect uint8

const (
	effWrite  effect = iota // replaces what the file holds
	effAppend               // keeps it: appends, creates, changes times
	effDelete
	effRead
)

// pathPosition is a tool and where the path goes in its command line:
// {p} is the path; {dir} and {base} its directory and last element, for
// the options that name a target directory (the source then has the same
// name in the workspace). Adding a tool, or an option from a tool's spec,
// is one row.
type pathPosition struct {
	tool     string
	template string
	eff      effect
}

var pathPositions = []pathPosition{
	// redirects: the same content (a file's) written
	{"redirect", "cat in.txt > {p}", effWrite},
	{"redirect", "cat in.txt >> {p}", effAppend},
	{"redirect", "cat in.txt >| {p}", effWrite},
	{"redirect", "cat in.txt &> {p}", effWrite},
	{"redirect", "cat in.txt &>> {p}", effAppend},
	{"redirect", "cat in.txt 1> {p}", effWrite},
	{"redirect", "cat in.txt 2>> {p}", effAppend},
	{"redirect", "cat in.txt >& {p}", effWrite},
	{"redirect", "cat in.txt 1<> {p}", effAppend},
	// operands that write
	{"tee", "tee {p} < in.txt", effWrite},
	{"tee", "tee -a {p} < in.txt", effAppend},
	{"cp", "cp in.txt {p}", effWrite},
	{"cp", "cp -t {dir} {base}", effWrite},
	{"cp", "cp --target-directory={dir} {base}", effWrite},
	{"mv", "mv in.txt {p}", effWrite},
	{"mv", "mv -t {dir} {base}", effWrite},
	{"install", "install -m 644 in.txt {p}", effWrite},
	{"install", "install -t {dir} {base}", effWrite},
	{"ln", "ln -sf in.txt {p}", effWrite},
	{"dd", "dd if=in.txt of={p}", effWrite},
	{"sort", "sort -o {p} in.txt", effWrite},
	{"sort", "sort --output={p} in.txt", effWrite},
	{"sort", "sort -o{p} in.txt", effWrite},
	{"sort", "sort -rno{p} in.txt", effWrite},
	{"shuf", "shuf -o {p} in.txt", effWrite},
	{"sed", "sed -i s/a/b/ {p}", effWrite},
	{"rsync", "rsync in.txt {p}", effWrite},
	{"curl", "curl -o {p} https://example.com/x", effWrite},
	{"curl", "curl -o{p} https://example.com/x", effWrite},
	{"wget", "wget -O {p} https://example.com/x", effWrite},
	{"wget", "wget -O{p} https://example.com/x", effWrite},
	{"touch", "touch {p}", effAppend},
	{"truncate", "truncate -s 0 {p}", effWrite},
	// operands that delete
	{"rm", "rm {p}", effDelete},
	{"rm", "rm -f {p}", effDelete},
	{"rm", "rm -rf {p}", effDelete},
	{"unlink", "unlink {p}", effDelete},
	{"shred", "shred -u {p}", effDelete},
	// operands that read
	{"redirect", "cat < {p}", effRead},
	{"cat", "cat {p}", effRead},
	{"head", "head {p}", effRead},
	{"tail", "tail -n 5 {p}", effRead},
	{"less", "less {p}", effRead},
	{"grep", "grep -i key {p}", effRead},
	{"grep", "grep -f{p} in.txt", effRead},
	{"curl", "curl -d @{p} https://example.com/x", effRead},
	{"curl", "curl -d@{p} https://example.com/x", effRead},
	{"curl", "curl -sd@{p} https://example.com/x", effRead},
	{"base64", "base64 {p}", effRead},
	{"xxd", "xxd {p}", effRead},
	{"od", "od -c {p}", effRead},
	{"strings", "strings {p}", effRead},
	{"wc", "wc -c {p}", effRead},
	{"diff", "diff in.txt {p}", effRead},
	{"md5sum", "md5sum {p}", effRead},
}

// pathSpelling is one way of writing a path: pre runs first, word is the
// path in the command.
type pathSpelling struct {
	name, pre, word string
}

// spellPath returns the spellings of the absolute path p in testEnv.
func spellPath(p string) []pathSpelling {
	home, cwd := testEnv.Home, testEnv.Workspace
	out := []pathSpelling{{"plain", "", p}}
	add := func(name, pre, word string) { out = append(out, pathSpelling{name, pre, word}) }
	if rest, ok := strings.CutPrefix(p, home+"/"); ok {
		add("tilde", "", "~/"+rest)
		add("tilde-user", "", "~u/"+rest)
		add("$HOME", "", "$HOME/"+rest)
		add("${HOME}", "", "${HOME}/"+rest)
		add(`"${HOME}"`, "", `"${HOME}/`+rest+`"`)
		add(`"$HOME"/`, "", `"$HOME"/`+rest)
		add("$(echo ~)", "", "$(echo ~)/"+rest)
		add(`"$(echo ~)"`, "", `"$(echo ~)/`+rest+`"`)
		add("var-dir=~", "h=~; ", "$h/"+rest)
		add("var-dir=~ quoted", "h=~; ", `"$h/`+rest+`"`)
		add("var-dir=$HOME", "h=$HOME; ", "$h/"+rest)
		add("var-dir=${HOME} quoted", `h="${HOME}"; `, `"$h/`+rest+`"`)
		// readonly, not export: an exported variable permguard does not
		// know is high for every later command (design §2.7), as its
		// prefix would be
		add("readonly var-dir", "readonly h=$HOME; ", `"$h"/`+rest)
	}
	add("var-path", "f="+p+"; ", "$f")
	add("var-path quoted", "f="+p+"; ", `"$f"`)
	add("var-dir", "d="+path.Dir(p)+"; ", "$d/"+path.Base(p))
	// values the walker follows, each taken as the path (issue 26)
	add("nameref", "f="+p+"; declare -n r=f; ", `"$r"`)
	add("nameref chain", "f="+p+"; declare -n r=f; declare -n s=r; ", `"$s"`)
	add("array element", "a=(x "+p+"); ", `"${a[1]}"`)
	add("associative element", "declare -A m=([k]="+p+"); ", `"${m[k]}"`)
	add("printf -v", "printf -v f %s "+p+"; ", `"$f"`)
	add("read", "read -r f <<< "+p+"; ", `"$f"`)
	add("mapfile", "mapfile -t a <<< "+p+"; ", `"${a[0]}"`)
	add("${x#prefix}", "x=XX"+p+"; ", `"${x#XX}"`)
	add("${x%suffix}", "x="+p+".bak; ", `"${x%.bak}"`)
	add("${x/a/b}", "x="+p+"@; ", `"${x/@/}"`)
	add("${x:0:n}", "x="+p+"XYZ; ", fmt.Sprintf(`"${x:0:%d}"`, len(p)))
	for _, proc := range []string{"/proc/self/root", "/proc/thread-self/root", "/proc/$$/root", "/proc/1/root"} {
		add(proc, "", proc+p)
	}
	if rel, ok := strings.CutPrefix(p, cwd+"/"); ok {
		add("relative", "", rel)
		add("./relative", "", "./"+rel)
		add("$PWD", "", "$PWD/"+rel)
		add("/proc/self/cwd", "", "/proc/self/cwd/"+rel)
		add("var-relative", "f="+rel+"; ", "$f")
		add("var-relative quoted", "f="+rel+"; ", `"$f"`)
		add("var-relative nameref", "f="+rel+"; declare -n r=f; ", `"$r"`)
		add("var-relative element", "a=(x "+rel+"); ", `"${a[1]}"`)
		add("var-relative associative", "declare -A m=([k]="+rel+"); ", `"${m[k]}"`)
		add("var-relative ${x#prefix}", "x=XX"+rel+"; ", `"${x#XX}"`)
		add("x/../relative", "", "x/../"+rel)
		add("../workspace/relative", "", "../"+path.Base(cwd)+"/"+rel)
		add("var-relative ..", "f=x/../"+rel+"; ", `"$f"`)
	} else if rest, ok := strings.CutPrefix(p, path.Dir(cwd)+"/"); ok {
		add("../", "", "../"+rest)
		add("/proc/self/cwd/..", "", "/proc/self/cwd/../"+rest)
	}
	add("/usr/..", "", "/usr/.."+p)
	if !strings.HasPrefix(p, "/tmp/") {
		// (.. below a temporary directory is judged as unknown on purpose:
		// anyone may have made the directory a link, design §2.6)
		add("dir/x/..", "", path.Dir(p)+"/x/../"+path.Base(p))
	}
	add("//", "", strings.Replace(p, "/", "//", 2))
	add("/./", "", path.Dir(p)+"/./"+path.Base(p))
	add("link made first", "ln -s "+path.Dir(p)+" lk; ", "lk/"+path.Base(p))
	return out
}

// spell puts the spelling s of a class's path into the position.
func (pp pathPosition) spell(p string, s func(string) []pathSpelling) []pathSpelling {
	var out []pathSpelling
	// bash expands ~ at a word's start, and after the = of a word that
	// looks like an assignment (of=~/x), but not in --output=~/x, which
	// names a directory called ~
	glued := strings.Contains(pp.template, "-") && (strings.Contains(pp.template, "={p}") || strings.Contains(pp.template, "={dir}"))
	if i := strings.Index(pp.template, "{p}"); i > 0 && !strings.ContainsRune(" =", rune(pp.template[i-1])) {
		glued = true // -o{p}, @{p}: no tilde prefix either
	}
	if strings.Contains(pp.template, "{dir}") {
		base := path.Base(p)
		for _, d := range s(path.Dir(p)) {
			if glued && strings.Contains(d.word, "~") {
				continue
			}
			cmd := strings.NewReplacer("{dir}", d.word, "{base}", base).Replace(pp.template)
			out = append(out, pathSpelling{d.name, d.pre, cmd})
		}
		return out
	}
	for _, sp := range s(p) {
		if glued && strings.Contains(sp.word, "~") {
			continue
		}
		out = append(out, pathSpelling{sp.name, sp.pre, strings.ReplaceAll(pp.template, "{p}", sp.word)})
	}
	return out
}

type verdictKey struct {
	level     Level
	dangerous bool
}

func (k verdictKey) String() string {
	if k.dangerous {
		return "dangerous"
	}
	return k.level.String()
}

func keyOf(v Verdict) verdictKey { return verdictKey{v.Level, v.Dangerous} }

// spellingGaps are (position, class, spelling) cells still judged apart
// from the plain spelling, with the reason: open work. A gap that closes
// fails the test until it is taken off the list.
var spellingGaps = map[string]string{
	"dd if=in.txt of={p} | secret | tilde-user":          "of=~user/x, a tilde after an assignment-like =, is not expanded for a user named",
	"dd if=in.txt of={p} | guard-home | tilde-user":      "of=~user/x, a tilde after an assignment-like =, is not expanded for a user named",
	"dd if=in.txt of={p} | guard-workspace | tilde-user": "of=~user/x, a tilde after an assignment-like =, is not expanded for a user named",
	"dd if=in.txt of={p} | startup | tilde-user":         "of=~user/x, a tilde after an assignment-like =, is not expanded for a user named",
	"dd if=in.txt of={p} | own | tilde-user":             "of=~user/x, a tilde after an assignment-like =, is not expanded for a user named",
}

// positionGaps are positions still judged apart from the redirect, by
// class and command: open work.
var positionGaps = map[string]string{
	`outside "mv -t /home/u/notes a.txt"`: "mv's -t is read as no option with a value: the target directory is judged as a source moved away (the option parser of issue 26 fixes it)",
}

func TestPathSpellings(t *testing.T) {
	cells, tools := 0, map[string]bool{}
	open := map[string]bool{}
	for _, pp := range pathPositions {
		tools[pp.tool] = true
		for _, pc := range pathClasses {
			var plain Verdict
			for i, sp := range pp.spell(pc.path, spellPath) {
				cmd := sp.pre + sp.word
				v := Classify(cmd, testEnv)
				if i == 0 {
					plain = v
					continue
				}
				cells++
				key := fmt.Sprintf("%s | %s | %s", pp.template, pc.name, sp.name)
				if strings.HasPrefix(sp.pre, "ln ") {
					// the link is judged too, as writing where it leads,
					// and a write that lands on a foothold or a secret
					// through a link is dangerous (design §2.6, Links):
					// never below the plain spelling or the link alone
					alone := Classify(strings.TrimSuffix(sp.pre, "; "), testEnv)
					if severity(v) < max(severity(plain), severity(alone)) {
						t.Errorf("%s: Classify(%q) = %v (%s), below the plain spelling (%v) or the link alone (%v)",
							key, cmd, keyOf(v), ruleIDs(v), keyOf(plain), keyOf(alone))
					}
					continue
				}
				if keyOf(v) != keyOf(plain) {
					if _, gap := spellingGaps[key]; gap {
						open[key] = true
						continue
					}
					t.Errorf("%s: Classify(%q) = %v (%s), plain %q = %v (%s)", key, cmd, keyOf(v), ruleIDs(v),
						pp.spell(pc.path, spellPath)[0].word, keyOf(plain), ruleIDs(plain))
				}
			}
		}
	}
	for key, why := range spellingGaps {
		if !open[key] {
			t.Errorf("spellingGaps: %q (%s) is closed: take it off the list", key, why)
		}
	}
	if len(tools) < 30 {
		t.Errorf("only %d tools in pathPositions, want at least 30", len(tools))
	}
	t.Logf("%d cells, %d tools", cells, len(tools))
}

// TestPathPositions compares, for each class outside the workspace and
// the temporary directories, every position that writes with the
// redirect that writes the same content to the same path, the same way
// (replacing, or keeping what is there): a redirect, an option's value
// and an operand that write one file get one verdict.
func TestPathPositions(t *testing.T) {
	for _, pc := range pathClasses {
		if pc.name == "workspace" || pc.name == "temporary" {
			continue // the tool's own level decides there
		}
		for _, eff := range []effect{effWrite, effAppend} {
			checkPositions(t, pc, eff)
		}
	}
}

func checkPositions(t *testing.T, pc pathClass, eff effect) {
	t.Helper()
	base := pathPositions[0] // cat in.txt > {p}
	if eff == effAppend {
		base = pathPositions[1] // cat in.txt >> {p}
	}
	{
		want := keyOf(Classify(base.spell(pc.path, spellPath)[0].word, testEnv))
		var bad []string
		for _, pp := range pathPositions {
			if pp.eff != eff {
				continue
			}
			cmd := pp.spell(pc.path, spellPath)[0].word
			if got := Classify(cmd, testEnv); keyOf(got) != want {
				bad = append(bad, fmt.Sprintf("%q = %v (%s)", cmd, keyOf(got), ruleIDs(got)))
			}
		}
		sort.Strings(bad)
		for _, b := range bad {
			if why, gap := positionGaps[pc.name+" "+b[:strings.Index(b, " = ")]]; gap {
				_ = why
				continue
			}
			t.Errorf("%s: %s, want %v as %q", pc.name, b, want, base.spell(pc.path, spellPath)[0].word)
		}
	}
}
