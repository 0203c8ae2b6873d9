package classify

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
)

// stageOf is the stage a file of the package belongs to, by its name
// (design §2, docs/architecture.md "Inside the classifier"): the layout is
// the pipeline. A file whose name says no stage fails TestStageSeams, so a
// reader can tell where each file sits and the seams below hold.
func stageOf(file string) string {
	switch {
	case file == "classify.go" || strings.HasPrefix(file, "shell_"):
		return "shell" // the walk and the entry points that start one
	case strings.HasPrefix(file, "tool_") || strings.HasPrefix(file, "tools_"):
		return "tools" // tool_*: the engine; tools_<family>*: a family
	case file == "effects.go":
		return "effects"
	case file == "policy.go" || strings.HasPrefix(file, "policy_"):
		return "policy"
	case strings.HasPrefix(file, "mcp") || file == "toolcalls.go":
		return "toolcall"
	case file == "verdict.go" || strings.HasPrefix(file, "verdict_") || file == "vocabulary.go":
		return "vocabulary"
	}
	return ""
}

// TestStageSeams checks, from the source, that the tools and the tool-call
// judge reach the walk only through toolCtx: no code of theirs names the
// walker type, declares a method on it, or takes it back from a call
// (call.walk, the shell stage's own way). Issue 26: "no code outside the
// shell stage reads or writes the walk's state".
func TestStageSeams(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		stage := stageOf(name)
		if stage == "" {
			t.Errorf("%s: in no stage; add it to one in stages_test.go (and docs/architecture.md)", name)
			continue
		}
		if stage == "policy" && !slices.Contains(policySeamFiles, name) {
			t.Errorf("%s: a policy file missing from policySeamFiles, which TestPolicySeam checks", name)
		}
		if stage != "tools" && stage != "toolcall" && stage != "effects" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if n.Name == "walker" || n.Name == "newWalker" {
					t.Errorf("%s: the %s stage names the walker; ask through toolCtx instead", fset.Position(n.Pos()), stage)
				}
			case *ast.SelectorExpr:
				if n.Sel.Name == "walk" {
					t.Errorf("%s: the %s stage takes the walker back from a call; ask through toolCtx instead", fset.Position(n.Pos()), stage)
				}
			}
			return true
		})
	}
	if checked < 30 {
		t.Fatalf("checked %d files of the tools stages; the lists above are stale", checked)
	}
}
