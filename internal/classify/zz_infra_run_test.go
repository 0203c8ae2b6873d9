package classify

import (
	"strings"
	"testing"
)

// temporary: runs infraCases against an index that includes infraTools.
func TestZZInfraTmp(t *testing.T) {
	saved := toolIndex
	toolIndex = buildToolIndex([][]tool{coreTools, devTools, infraTools})
	defer func() { toolIndex = saved }()
	env := Env{Workspace: "/work/proj", Home: "/home/u", TempDirs: []string{"/tmp"}}
	for _, tc := range infraCases {
		v := Classify(tc.cmd, env)
		found := tc.rule == ""
		var rs []string
		for _, r := range v.Reasons {
			rs = append(rs, r.String())
			if r.Rule == tc.rule {
				found = true
			}
		}
		if v.Level != tc.level || v.Dangerous != tc.dangerous || !found {
			t.Errorf("%q: got %s dangerous=%v, want %s dangerous=%v rule %s\n    %s", tc.cmd, v.Level, v.Dangerous, tc.level, tc.dangerous, tc.rule, strings.Join(rs, "\n    "))
		}
	}
	t.Logf("%d cases", len(infraCases))
}
