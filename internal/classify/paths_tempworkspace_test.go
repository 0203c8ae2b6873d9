package classify

import "testing"

// TestWorkspaceInTemp: a workspace below a temporary directory (the
// corpus scorer's /tmp/corpus/project) is still the user's: a .. inside it
// climbs where it says, as in a workspace anywhere else, while a .. in a
// directory of the temporary directory that is not the workspace, or in a
// workspace that is the temporary directory itself, stays unknown (design
// §2.6: anyone may have made that name a link).
func TestWorkspaceInTemp(t *testing.T) {
	inTemp := Env{Workspace: "/tmp/w/proj", Home: "/tmp/w/home", TempDirs: []string{"/tmp", "/var/tmp"}, Protected: projectProtected()}
	isTemp := Env{Workspace: "/tmp", Home: "/home/u", TempDirs: []string{"/tmp", "/var/tmp"}, Protected: projectProtected()}
	cases := []struct {
		name string
		env  Env
		cmd  string
		want Level
	}{
		{"detour inside", inTemp, "echo hi > src/../build/out.txt", Low},
		{"out and back in by name", inTemp, "echo hi > ../proj/build/out.txt", Low},
		{"detour in a value", inTemp, `f=src/../build/out.txt; echo hi > "$f"`, Low},
		{"detour in a copy", inTemp, "cp a.txt src/../build/out.txt", Low},
		{"out through another directory", inTemp, "echo hi > ../other/../proj/build/out.txt", High},
		{"through a directory of /tmp", inTemp, "echo hi > /tmp/x/../w/proj/build/out.txt", High},
		{"workspace is /tmp", isTemp, "echo hi > x/../out.txt", High},
	}
	for _, tc := range cases {
		v := Classify(tc.cmd, tc.env)
		if v.Level != tc.want || v.Dangerous {
			t.Errorf("%s: Classify(%q) = %v dangerous=%v (%s), want %v", tc.name, tc.cmd, v.Level, v.Dangerous, ruleIDs(v), tc.want)
		}
	}
}
