package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

// layout is a machine for Load: a config dir, a state dir, a managed file
// and a repository with a nested workspace.
type layout struct {
	cfg, state, managed, repo, ws string
}

func newLayout(t *testing.T) layout {
	t.Helper()
	root := t.TempDir()
	l := layout{
		cfg:     filepath.Join(root, "cfg"),
		state:   filepath.Join(root, "state"),
		managed: filepath.Join(root, "etc", "settings.json"),
		repo:    filepath.Join(root, "repo"),
	}
	l.ws = filepath.Join(l.repo, "sub")
	for _, d := range []string{l.cfg, l.state, filepath.Dir(l.managed), filepath.Join(l.repo, ".git"), l.ws} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

func (l layout) write(t testing.TB, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func (l layout) global() string    { return filepath.Join(l.cfg, FileName) }
func (l layout) project() string   { return filepath.Join(l.repo, ProjectDir, ProjectFile) }
func (l layout) projectWs() string { return filepath.Join(l.ws, ProjectDir, ProjectLocalFile) }
func (l layout) options() Options {
	return Options{ConfigDir: l.cfg, StateDir: l.state, ManagedFile: l.managed, Workspace: l.ws, Now: fixedNow}
}
func fixedNow() time.Time                      { return time.Date(2026, 11, 21, 10, 30, 0, 0, time.UTC) }
func (l layout) load() (*Effective, []Problem) { return Load(l.options()) }

func problemsText(ps []Problem) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintln(&b, p)
	}
	return b.String()
}

func TestLoadDefaults(t *testing.T) {
	l := newLayout(t)
	e, problems := l.load()
	if len(problems) != 0 || e.Level.Value.String() != "minimal" || e.Mode.Value != ModeAsk || e.Level.Src.Kind != FromDefault {
		t.Errorf("Load with no files = level %v (%v), mode %v, problems %v", e.Level.Value, e.Level.Src, e.Mode.Value, problems)
	}
}

// TestSandboxDefault: the box is on by default (design §5, sandbox); the
// global file turns it off; an untrusted project file can turn it off
// and never on.
func TestSandboxDefault(t *testing.T) {
	l := newLayout(t)
	if e, _ := l.load(); e.Sandbox.Value != SandboxAuto || e.Sandbox.Src.Kind != FromDefault {
		t.Errorf("no files: sandbox %v from %v, want auto by default", e.Sandbox.Value, e.Sandbox.Src)
	}
	l.write(t, l.project(), `{"sandbox": "off"}`)
	if e, _ := l.load(); e.Sandbox.Value != SandboxOff || e.Sandbox.Src.Kind != FromProject {
		t.Errorf("project off: sandbox %v from %v, want off", e.Sandbox.Value, e.Sandbox.Src)
	}
	l.write(t, l.global(), `{"sandbox": "off"}`)
	l.write(t, l.project(), `{"sandbox": "auto"}`)
	if e, _ := l.load(); e.Sandbox.Value != SandboxOff || e.Sandbox.Src.Kind != FromGlobal {
		t.Errorf("global off, project auto: sandbox %v from %v, want off from the global file", e.Sandbox.Value, e.Sandbox.Src)
	}
}

func TestLoadPrecedence(t *testing.T) {
	l := newLayout(t)
	l.write(t, l.global(), `{"level": "low", "mode": "ask"}`)
	o := l.options()
	e, _ := Load(o)
	if e.Level.Value.Level != classify.Low || e.Level.Src.Kind != FromGlobal || e.Level.Src.Line != 1 {
		t.Errorf("global level = %v from %v", e.Level.Value, e.Level.Src)
	}
	o.EnvLevel = "medium"
	if e, _ = Load(o); e.Level.Value.Level != classify.Medium || e.Level.Src.String() != "env PERMGUARD_LEVEL" {
		t.Errorf("env level = %v from %v", e.Level.Value, e.Level.Src)
	}
	o.FlagLevel = "high"
	if e, _ = Load(o); e.Level.Value.Level != classify.High || e.Level.Src.String() != "flag --level" {
		t.Errorf("flag level = %v from %v", e.Level.Value, e.Level.Src)
	}
	o.FlagLevel, o.EnvLevel = "", "sudo"
	e, problems := Load(o)
	if e.Level.Value.Level != classify.Minimal || !strings.Contains(problemsText(problems), `PERMGUARD_LEVEL="sudo" is not a level; using minimal`) {
		t.Errorf("bad env level = %v, problems %v; want minimal and a warning", e.Level.Value, problems)
	}
	o.EnvLevel, o.EnvMode = "", "later"
	if e, _ = Load(o); e.Mode.Value != ModeBlock {
		t.Errorf("bad PERMGUARD_MODE = %v, want block", e.Mode.Value)
	}
}

// TestProjectTightenOnly: an untrusted project file tightens and cannot
// loosen; trusted, it can, until it is edited.
func TestProjectTightenOnly(t *testing.T) {
	l := newLayout(t)
	l.write(t, l.global(), `{"level": "medium", "mode": "ask"}`)
	l.write(t, l.project(), `{"level": "low", "mode": "block", "deny": ["git push *"], "overrides": {"high": ["make deploy"], "minimal": ["make *"]}, "prefixMappings": [{"from": "x", "to": "ls"}]}`)
	e, problems := l.load()
	text := problemsText(problems)
	if e.Level.Value.Level != classify.Low || !e.Capped || e.Chosen.Value.Level != classify.Medium {
		t.Errorf("level = %v (chosen %v, capped %v), want low capped from medium", e.Level.Value, e.Chosen.Value, e.Capped)
	}
	if e.Mode.Value != ModeBlock || len(e.Deny) != 1 || len(e.Raises[classify.High]) != 1 || len(e.Overrides[classify.Minimal]) != 0 || len(e.PrefixMappings) != 0 {
		t.Errorf("mode %v, deny %d, raises %d, overrides.minimal %d, mappings %d", e.Mode.Value, len(e.Deny), len(e.Raises[classify.High]), len(e.Overrides[classify.Minimal]), len(e.PrefixMappings))
	}
	for _, want := range []string{"overrides.minimal can only lower", "prefixMappings can change how a command is judged", `permguard trust ` + l.project()} {
		if !strings.Contains(text, want) {
			t.Errorf("problems lack %q:\n%s", want, text)
		}
	}

	// A looser project level is ignored, with a warning.
	l.write(t, l.projectWs(), `{"level": "high", "mode": "ask"}`)
	e, problems = l.load()
	text = problemsText(problems)
	if e.Level.Value.Level != classify.Low || !strings.Contains(text, "level high is looser than low") || !strings.Contains(text, "mode ask is looser than block") {
		t.Errorf("level %v, problems:\n%s", e.Level.Value, text)
	}

	// Trusted, the inner file loosens: it takes precedence over the global
	// file; the outer (untrusted) file still caps.
	data, _ := os.ReadFile(l.projectWs())
	if _, err := SetTrust(l.state, l.projectWs(), data, false, fixedNow()); err != nil {
		t.Fatal(err)
	}
	os.Remove(l.project())
	e, problems = l.load()
	if e.Level.Value.Level != classify.High || e.Level.Src.Kind != FromProject || !e.Level.Src.Trusted || e.Mode.Value != ModeAsk {
		t.Errorf("trusted: level %v from %v, mode %v; problems %v", e.Level.Value, e.Level.Src, e.Mode.Value, problems)
	}

	// Any edit un-trusts it.
	l.write(t, l.projectWs(), `{"level": "high", "mode": "ask" }`)
	e, problems = l.load()
	if e.Level.Value.Level != classify.Medium || !strings.Contains(problemsText(problems), "changed since you trusted it") {
		t.Errorf("edited: level %v, problems %v; want medium and a warning", e.Level.Value, problems)
	}
}

func TestManagedCannotBeLoosened(t *testing.T) {
	l := newLayout(t)
	l.write(t, l.managed, `{"level": "low", "mode": "block", "deny": ["curl *"], "overrides": {"dangerous": ["terraform destroy*"]}}`)
	l.write(t, l.global(), `{"level": "bypassed", "mode": "ask", "overrides": {"minimal": ["curl *", "terraform *"]}}`)
	data := l.write(t, l.projectWs(), `{"level": "high", "mode": "ask"}`)
	content, _ := os.ReadFile(data)
	SetTrust(l.state, l.projectWs(), content, false, fixedNow())
	o := l.options()
	o.FlagLevel, o.EnvMode = "high", "ask"
	e, _ := Load(o)
	if e.Level.Value.Level != classify.Low || e.Level.Src.Kind != FromManaged || e.Mode.Value != ModeBlock {
		t.Fatalf("level %v from %v, mode %v; the managed file must win", e.Level.Value, e.Level.Src, e.Mode.Value)
	}
	res := e.Apply(classify.Classify("curl x", classify.Env{}))
	if res.Deny == nil || res.Deny.Rule.Src.Kind != FromManaged {
		t.Errorf("managed deny did not match: %+v", res.Deny)
	}
	res = e.Apply(classify.Classify("terraform destroy -auto-approve", classify.Env{}))
	if !res.Verdict.Dangerous {
		t.Errorf("managed dangerous override lost to the global minimal one: %+v", res.Verdict)
	}
}

func TestUnusableFiles(t *testing.T) {
	l := newLayout(t)
	broken := "{\n  \"level\": \"high\",\n  \"deny\": [\"git push *\"],\n}"
	l.write(t, l.global(), broken)
	l.write(t, l.managed, `{"level": `)
	e, problems := l.load()
	text := problemsText(problems)
	if got, err := os.ReadFile(l.global()); err != nil || string(got) != broken {
		t.Errorf("loading changed or moved the broken global file: %q, %v", got, err)
	}
	if matches, _ := filepath.Glob(l.global() + ".*"); len(matches) > 0 {
		t.Errorf("loading left copies of the broken global file: %v", matches)
	}
	if !strings.Contains(text, l.global()+":4:1: invalid JSON") || !strings.Contains(text, "left as it is, and the level is capped at minimal until it is fixed") {
		t.Errorf("problems do not name the global file, line and what was done:\n%s", text)
	}
	if !strings.Contains(text, l.managed+":1:11: invalid JSON") || e.Level.Value.Level != classify.Minimal || !e.Level.Src.Unusable {
		t.Errorf("a corrupt managed file must cap at minimal: level %v from %v\n%s", e.Level.Value, e.Level.Src, text)
	}

	// The broken global file caps at minimal on its own, whatever the
	// session, PERMGUARD_LEVEL or --level choose: its deny rules cannot be
	// read, so nothing may open up what they closed.
	os.Remove(l.managed)
	o := l.options()
	o.SessionLevel, o.EnvLevel, o.FlagLevel = "high", "high", "bypassed"
	e, _ = Load(o)
	if e.Level.Value != (Permission{Level: classify.Minimal}) || !e.Capped || e.Level.Src.Kind != FromGlobal || !e.Level.Src.Unusable {
		t.Errorf("a broken global file must cap at minimal: level %v from %+v, capped %v", e.Level.Value, e.Level.Src, e.Capped)
	}
	if n := len(e.Files); n == 0 || e.Files[n-1].State != "unusable: capped at minimal" {
		t.Errorf("files: %+v", e.Files)
	}

	// A write refuses it too, and leaves it as it was.
	_, err := Update(l.global(), fixedNow(), func(d *Document) error { return d.Set("level", "low") })
	var ue *UnusableError
	if !errors.As(err, &ue) || ue.Line != 4 {
		t.Errorf("Update on a broken file: %v, want an *UnusableError at line 4", err)
	}
	if got, _ := os.ReadFile(l.global()); string(got) != broken {
		t.Errorf("Update changed the broken file: %q", got)
	}

	// Too large, a directory, a FIFO: never read, never block.
	l.write(t, l.global(), `{"deny": ["`+strings.Repeat("x", maxFileBytes)+`"]}`)
	if _, problems = l.load(); !strings.Contains(problemsText(problems), "over the 1 MiB limit") {
		t.Errorf("huge file: %v", problems)
	}
	os.Remove(l.global())
	os.MkdirAll(l.global(), 0o755)
	if _, problems = l.load(); !strings.Contains(problemsText(problems), "not a regular file") {
		t.Errorf("directory: %v", problems)
	}
}

func TestUpdateSerializesWriters(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := Update(path, fixedNow(), func(d *Document) error {
				list, _ := d.Strings("deny", "")
				return d.SetStrings("deny", "", append(list, fmt.Sprintf("cmd%d", i)))
			})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	f, problems, err := Parse(Source{Name: path}, data)
	if err != nil || len(problems) != 0 || len(f.Deny) != 40 {
		t.Errorf("after 40 concurrent writers: %d patterns, %v, %v", len(f.Deny), problems, err)
	}
}

func TestUpdateKeepsOtherKeysAndMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	os.WriteFile(path, []byte(`{"zeta": {"keep": [1, 2]}, "overrides": {"high": ["a"]}, "level": "low"}`), 0o640)
	_, err := Update(path, fixedNow(), func(d *Document) error {
		return d.SetStrings("overrides", "low", []string{"b"})
	})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	// what was not changed is written as it was
	want := "{\n  \"zeta\": {\"keep\": [1, 2]},\n  \"overrides\": {\n    \"high\": [\"a\"],\n    \"low\": [\n      \"b\"\n    ]\n  },\n  \"level\": \"low\"\n}\n"
	if string(data) != want {
		t.Errorf("file after update:\n%s\nwant:\n%s", data, want)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
		t.Errorf("mode = %v, want 0640 kept", info.Mode().Perm())
	}
}

func TestWriteThroughSymlinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "settings.json")
	os.MkdirAll(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte(`{"level": "low"}`), 0o600)
	link := filepath.Join(dir, FileName)
	os.Symlink(real, link)
	if _, err := Update(link, fixedNow(), func(d *Document) error { return d.Set("mode", "block") }); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced by a file")
	}
	if data, _ := os.ReadFile(real); !strings.Contains(string(data), `"block"`) {
		t.Errorf("the target was not updated: %s", data)
	}

	for name, target := range map[string]string{"to a directory": dir, "to a device": "/dev/null", "dangling": filepath.Join(dir, "nowhere")} {
		link := filepath.Join(dir, "link-"+strings.ReplaceAll(name, " ", "-"))
		os.Symlink(target, link)
		if _, err := Update(link, fixedNow(), func(d *Document) error { return d.Set("mode", "block") }); err == nil {
			t.Errorf("Update through a symlink %s succeeded", name)
		}
	}
}

func TestPin(t *testing.T) {
	h, err := HashPin("2468")
	if err != nil {
		t.Fatal(err)
	}
	if !IsPinHash(h) || strings.Contains(h, "2468") || !VerifyPin(h, "2468") || VerifyPin(h, "2469") {
		t.Errorf("HashPin/VerifyPin round trip failed: %q", h)
	}
	if h2, _ := HashPin("2468"); h2 == h {
		t.Errorf("two hashes of one PIN are equal: the salt is not random")
	}
	if _, err := HashPin("12"); err == nil {
		t.Errorf("HashPin accepted a two-digit PIN")
	}
}

// TestClearPinIsHashed: a PIN written in clear in the global file is
// replaced by its hash on the next load.
func TestClearPinIsHashed(t *testing.T) {
	l := newLayout(t)
	l.write(t, l.global(), `{"approvalPin": "97531", "level": "low"}`)
	e, problems := l.load()
	data, _ := os.ReadFile(l.global())
	if strings.Contains(string(data), "97531") || !strings.Contains(problemsText(problems), "replaced it with its salted hash") {
		t.Fatalf("file after load: %s\nproblems: %v", data, problems)
	}
	if e.ApprovalPin == nil || !VerifyPin(e.ApprovalPin.Value, "97531") {
		t.Errorf("the effective PIN does not verify")
	}
}

// TestPlaces: config validate checks the global file when its directory
// is known, the managed file (the default one unless another is named),
// and the project files that exist from the workspace up to the
// repository's root, local before shared and innermost first.
func TestPlaces(t *testing.T) {
	root := t.TempDir()
	ws := filepath.Join(root, "sub")
	for _, dir := range []string{filepath.Join(root, ".git"), filepath.Join(root, ProjectDir), filepath.Join(ws, ProjectDir)} {
		must(t, os.MkdirAll(dir, 0o700))
	}
	for _, f := range []string{filepath.Join(root, ProjectDir, ProjectFile), filepath.Join(ws, ProjectDir, ProjectFile), filepath.Join(ws, ProjectDir, ProjectLocalFile)} {
		must(t, os.WriteFile(f, []byte("{}"), 0o600))
	}
	project := []Place{
		{filepath.Join(ws, ProjectDir, ProjectLocalFile), FromProject},
		{filepath.Join(ws, ProjectDir, ProjectFile), FromProject},
		{filepath.Join(root, ProjectDir, ProjectFile), FromProject},
	}
	tests := map[string]struct {
		configDir, managed, workspace string
		want                          []Place
	}{
		"everything": {
			configDir: "/cfg", managed: "/m.json", workspace: ws,
			want: append([]Place{{"/cfg/" + FileName, FromGlobal}, {"/m.json", FromManaged}}, project...),
		},
		"no config directory, the default managed file, no workspace": {
			want: []Place{{DefaultManagedFile, FromManaged}},
		},
		"a workspace without project files": {
			configDir: "/cfg", workspace: t.TempDir(),
			want: []Place{{"/cfg/" + FileName, FromGlobal}, {DefaultManagedFile, FromManaged}},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			if got := Places(tt.configDir, tt.managed, tt.workspace); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Places(%q, %q, %q) =\n  %v\nwant\n  %v", tt.configDir, tt.managed, tt.workspace, got, tt.want)
			}
		})
	}
}
