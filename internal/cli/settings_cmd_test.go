package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/settings"
)

// TestSettingsCommandFlags checks what the flags of the settings commands
// parse into, without running them.
func TestSettingsCommandFlags(t *testing.T) {
	ios, _, _, _ := testStreams()
	f := &Factory{IO: ios, Getenv: envFunc(nil), Getwd: fixedWd("/wd"), Now: time.Now}
	run := func(t *testing.T, cmd interface {
		SetArgs([]string)
		Execute() error
	}, args ...string) error {
		t.Helper()
		cmd.SetArgs(args)
		return cmd.Execute()
	}

	var allow *AllowOptions
	if err := run(t, NewCmdAllow(f, func(o *AllowOptions) error { allow = o; return nil }), "--level", "low", "npm run *"); err != nil ||
		allow.Pattern != "npm run *" || allow.Level != "low" || allow.Remove {
		t.Errorf("allow --level low 'npm run *' = %+v, %v", allow, err)
	}
	var deny *DenyOptions
	if err := run(t, NewCmdDeny(f, func(o *DenyOptions) error { deny = o; return nil }), "--remove", "sudo *"); err != nil ||
		deny.Pattern != "sudo *" || !deny.Remove {
		t.Errorf("deny --remove 'sudo *' = %+v, %v", deny, err)
	}
	var level *LevelOptions
	if err := run(t, NewCmdLevel(f, func(o *LevelOptions) error { level = o; return nil }), "write", "--global"); err != nil ||
		level.Level != "write" || !level.Global {
		t.Errorf("level write --global = %+v, %v", level, err)
	}
	var trust *TrustOptions
	if err := run(t, NewCmdTrust(f, func(o *TrustOptions) error { trust = o; return nil }), "--revoke"); err != nil ||
		trust.File != "" || !trust.Revoke {
		t.Errorf("trust --revoke = %+v, %v", trust, err)
	}
	var reset *ConfigResetOptions
	if err := run(t, NewCmdConfigReset(f, func(o *ConfigResetOptions) error { reset = o; return nil }), "-y"); err != nil || !reset.Yes {
		t.Errorf("config reset -y = %+v, %v", reset, err)
	}
	for _, args := range [][]string{{}, {"a", "b"}} {
		err := run(t, NewCmdDeny(f, func(*DenyOptions) error { return nil }), args...)
		if code := exitCode(err); code != ExitUsage {
			t.Errorf("deny %q: exit %d (%v), want %d", args, code, err, ExitUsage)
		}
	}
}

// TestDenyRunWritesTheGlobalFile runs deny and allow without cobra.
func TestDenyRunWritesTheGlobalFile(t *testing.T) {
	dir := t.TempDir()
	ios, _, out, errOut := testStreams()
	s := settingsIO{IO: ios, Getenv: envFunc(map[string]string{"PERMGUARD_CONFIG_DIR": dir, "HOME": dir}), Getwd: fixedWd(dir), Now: time.Now}
	if err := denyRun(&DenyOptions{settingsIO: s, Pattern: "curl *"}); err != nil {
		t.Fatal(err)
	}
	if err := allowRun(&AllowOptions{settingsIO: s, Pattern: "make *", Level: "medium"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"$schema\": \"" + settings.SchemaURL + "\",\n  \"deny\": [\n    \"curl *\"\n  ],\n  \"overrides\": {\n    \"medium\": [\n      \"make *\"\n    ]\n  }\n}\n"
	if string(data) != want {
		t.Errorf("settings.json:\n%s\nwant:\n%s", data, want)
	}
	if !strings.Contains(out.String(), `added "curl *" to the deny rules`) || errOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
}
