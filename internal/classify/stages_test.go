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

// stageOf is the stage each file of the package belongs to (design §2,
// docs/architecture.md "Inside the classifier"). A new file must be put
// in one, so a reader can tell where it sits and the seams below hold.
func stageOf(file string) string {
	switch {
	case slices.Contains(shellFiles, file):
		return "shell"
	case slices.Contains(policySeamFiles, file):
		return "policy"
	case strings.HasPrefix(file, "mcp") || file == "toolcalls.go":
		return "toolcall"
	case file == "verdict.go" || file == "vocabulary.go" || file == "boxable.go":
		return "vocabulary"
	case strings.HasPrefix(file, "tools_") || slices.Contains(toolEngineFiles, file):
		return "tools"
	}
	return ""
}

// shellFiles are the shell stage: parsing, the walk, frames, the data
// flow, the builtins, and the entry points that start a walk.
var shellFiles = []string{
	"classify.go", "words.go", "braces.go", "arith.go", "limits.go", "dataflow.go",
	"builtins.go", "written.go", "exec.go", "links.go", "environment.go", "defaults.go",
	"namerefs.go", "assocarrays.go", "indexedarrays.go", "pathresolve.go",
	"toolctx.go", "reasons.go", "dirstack.go", "alternatives.go",
}

// toolEngineFiles are the tools stage's shared parts; each family's rows
// and handlers are in tools_<family>.go (and git.go, text.go, archives.go
// for the three largest handlers).
var toolEngineFiles = []string{
	"call.go", "table.go", "tools.go", "tool_index.go", "handlers.go", "sharedrules.go",
	"operands.go", "fileops.go", "sqlharm.go", "projectscripts.go", "options.go",
	"fileopts.go", "textopts.go", "readopts.go", "wrapperopts.go", "archiveopts.go",
	"netopts.go", "patterns.go", "pkgmanagers.go", "sources.go", "projrunners.go",
	"runners.go", "manifests.go", "elsewhere.go", "forkloop.go", "git.go", "text.go",
	"archives.go", "dbclients.go", "deletes.go", "follow.go", "netquery.go", "buildexec.go",
	"inline.go",
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
		if stage != "tools" && stage != "toolcall" {
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
