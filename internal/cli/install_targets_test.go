package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/permguard/permguard/integrations"
)

// TestInstallTargets: every agent install knows has what install, uninstall
// and doctor need, and a testscript that installs it, so that a new
// dialect's target cannot be half there.
func TestInstallTargets(t *testing.T) {
	scripts, err := filepath.Glob("testdata/script/*.txtar")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no testscripts: %v", err)
	}
	var all strings.Builder
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	const exe = "/usr/local/bin/permguard"
	for _, name := range integrations.Agents() {
		if tg, ok := findTarget(name); !ok || !tg.Extension {
			t.Errorf("integrations/ has an extension for %s, but no dialect installs it", name)
		}
	}
	for _, tg := range installTargets() {
		if !regexp.MustCompile(`permguard install ` + regexp.QuoteMeta(tg.Name) + `\b`).MatchString(all.String()) {
			t.Errorf("%s: no testscript runs permguard install %s", tg.Name, tg.Name)
		}
		if tg.Extension {
			ext, err := integrations.Extension(tg.Name, exe)
			if err != nil || !integrations.IsExtension(tg.Name, ext) {
				t.Errorf("%s: no extension in integrations/: %v", tg.Name, err)
			}
			continue
		}
		if len(tg.Events) == 0 || tg.Entry == nil {
			t.Errorf("%s: no events or no entry to install", tg.Name)
			continue
		}
		// uninstall and doctor find permguard's entries by their command:
		// an entry that hides it would stay behind forever
		for _, event := range tg.Events {
			if entry := mustJSON(tg.Entry(event, tg.command(exe))); !isPermguardEntry(entry) {
				t.Errorf("%s: the entry under %s is not one uninstall can find: %s", tg.Name, event, entry)
			}
		}
	}
}

// TestDoctorCoversTargets: doctor reports every agent install knows, in
// every place install writes to, and takes what install wrote as current.
func TestDoctorCoversTargets(t *testing.T) {
	dir := t.TempDir()
	home, repo := filepath.Join(dir, "home"), filepath.Join(dir, "repo")
	for _, d := range []string{home, filepath.Join(repo, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, "PERMGUARD_CONFIG_DIR": filepath.Join(dir, "cfg"), "PERMGUARD_STATE_DIR": filepath.Join(dir, "state")}
	ios, _, out, _ := TestIO()
	getenv := func(k string) string { return env[k] }
	getwd := func() (string, error) { return repo, nil }
	now := func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }
	executable := func() (string, error) { return "/usr/local/bin/permguard", nil }

	want := map[string]bool{}
	for _, tg := range installTargets() {
		for _, project := range []bool{false, true} {
			if !project && tg.User == "" {
				continue
			}
			opts := &InstallOptions{IO: ios, Getenv: getenv, Getwd: getwd, Now: now, Executable: executable, Agent: tg.Name, Project: project}
			if err := installRun(opts); err != nil {
				t.Fatalf("install %s (project %v): %v", tg.Name, project, err)
			}
			want[tg.Name+" "+map[bool]string{false: "user", true: "project"}[project]] = true
		}
	}
	out.Reset()
	r := &doctorReport{}
	doctorAgents(&DoctorOptions{settingsIO: settingsIO{IO: ios, Getenv: getenv, Getwd: getwd, Now: now}, Executable: executable}, r)
	for line := range strings.Lines(r.b.String()) {
		f := strings.Fields(line)
		if len(f) < 4 || !want[f[0]+" "+f[1]] {
			continue
		}
		if !strings.HasPrefix(line, "  "+f[0]) || !strings.Contains(line, " installed, current ") {
			t.Errorf("doctor: %q, want installed, current", strings.TrimSpace(line))
		}
		delete(want, f[0]+" "+f[1])
	}
	for k := range want {
		t.Errorf("doctor does not report %s", k)
	}
	if r.problems != 0 {
		t.Errorf("doctor found %d problems after install:\n%s", r.problems, r.b.String())
	}
}
