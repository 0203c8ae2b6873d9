package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPreSkillShellCommand: Claude Code's entry goes under PreToolUse and
// PreSkillShellCommand alike, in and out, and a file an older install
// wrote, with PreToolUse alone, is not current: install adds the event,
// doctor says what runs unguarded without it, and uninstall still gives
// back the file as it was before either install, byte for byte.
func TestPreSkillShellCommand(t *testing.T) {
	claude, _ := Find("claude")
	if !slices.Equal(claude.Events, []string{"PreToolUse", "PreSkillShellCommand"}) {
		t.Fatalf("claude's events are %q", claude.Events)
	}
	older := claude
	older.Events = []string{"PreToolUse"} // what permguard installed before 2.1.332's event

	_, dir := testEnv(t)
	path := filepath.Join(dir, "home", ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	mine := "{\"model\": \"opus\",\n \"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify\"}]}]}}\n"
	if err := os.WriteFile(path, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	clock := now()
	tick := func() time.Time { clock = clock.Add(time.Second); return clock }

	// an older permguard installs
	if _, err := Install(Options{Target: older, Path: path, Exe: exe, Now: tick}); err != nil {
		t.Fatal(err)
	}
	olderFile, _ := os.ReadFile(path)
	got, fix := state(claude, path, exe, false)
	wantFix := "no permguard entry under hooks.PreSkillShellCommand: the inline shell of skills and slash commands (!`cmd`) runs unguarded; run permguard install claude"
	if got != "installed, out of date" || fix != wantFix {
		t.Errorf("state of an older install: %q, %q; want out of date, %q", got, fix, wantFix)
	}

	// dry run: says it, writes nothing
	res, err := Install(Options{Target: claude, Path: path, Exe: exe, Now: tick, DryRun: true})
	if err != nil || len(res.Changes) != 1 || !strings.HasPrefix(res.Changes[0], `added hooks.PreSkillShellCommand: {"hooks":[{"command":"'/usr/local/bin/permguard' hook --agent claude || `) ||
		!strings.HasSuffix(res.Changes[0], `"timeout":30,"type":"command"}],"matcher":"*"}`) {
		t.Errorf("Install --dry-run over an older install: %q, %v", res.Changes, err)
	}
	if data, _ := os.ReadFile(path); string(data) != string(olderFile) {
		t.Errorf("a dry run wrote the file")
	}

	// this permguard installs: the event is added, the rest stays
	res, err = Install(Options{Target: claude, Path: path, Exe: exe, Now: tick})
	if err != nil || res.Outcome != Changed || len(res.Changes) != 1 || res.Backup == "" {
		t.Errorf("Install over an older install: %+v, %v", res, err)
	}
	if state, fix := state(claude, path, exe, false); state != "installed, current" || fix != "" {
		t.Errorf("after install: %q, %q", state, fix)
	}
	if res, err := Install(Options{Target: claude, Path: path, Exe: exe, Now: tick}); err != nil || res.Outcome != Unchanged {
		t.Errorf("Install again: %+v, %v", res, err)
	}
	doc, _ := parseConfig(claude, mustRead(t, path))
	if !hasEntryUnder(doc, "PreToolUse") || !hasEntryUnder(doc, "PreSkillShellCommand") || !strings.Contains(string(mustRead(t, path)), `"command": "notify"`) {
		t.Errorf("after install: %s", mustRead(t, path))
	}

	// uninstall: both entries go, and the file is what it was before
	// permguard, from the backup the older install kept
	res, err = Uninstall(Options{Target: claude, Path: path, Exe: exe, Now: tick})
	if err != nil || len(res.Changes) != 3 ||
		!strings.HasPrefix(res.Changes[0], "removed from hooks.PreToolUse: ") ||
		!strings.HasPrefix(res.Changes[1], "removed from hooks.PreSkillShellCommand: ") ||
		!strings.HasPrefix(res.Changes[2], "restored the file as it was before install, from ") {
		t.Errorf("Uninstall: %q, %v", res.Changes, err)
	}
	if got := string(mustRead(t, path)); got != mine {
		t.Errorf("after uninstall:\n%s\nwant\n%s", got, mine)
	}

	// a file only the older install made is given back just as well:
	// removed, as install created it
	os.Remove(path)
	if _, err := Install(Options{Target: older, Path: path, Exe: exe, Now: tick}); err != nil {
		t.Fatal(err)
	}
	res, err = Uninstall(Options{Target: claude, Path: path, Exe: exe, Now: tick})
	if _, statErr := os.Stat(path); err != nil || !slices.Contains(res.Changes, "removed the file, which install created") || statErr == nil {
		t.Errorf("Uninstall of a file an older install created: %q, %v, %v", res.Changes, err, statErr)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
