package classify

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZInfraDbg(t *testing.T) {
	in := os.Getenv("IDBG")
	if in == "" {
		t.Skip()
	}
	saved := toolIndex
	toolIndex = buildToolIndex([][]tool{coreTools, devTools, infraTools})
	defer func() { toolIndex = saved }()
	env := Env{Workspace: "/work/proj", Home: "/home/u", TempDirs: []string{"/tmp"}}
	for _, line := range strings.Split(in, "\n") {
		v := Classify(strings.ReplaceAll(line, `\n`, "\n"), env)
		fmt.Printf("%-40q %s dangerous=%v\n", line, v.Level, v.Dangerous)
		for _, r := range v.Reasons {
			fmt.Printf("    %s\n", r)
		}
	}
}
