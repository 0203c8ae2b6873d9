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

// policySeamFiles are the files of the policy stage (policy.go): they judge
// paths, and reach the walk only through walkState.
var policySeamFiles = []string{"policy.go", "policy_paths.go", "policy_guardpaths.go", "policy_pathvalues.go", "policy_globmeet.go", "policy_secrets.go", "policy_footholds.go"}

// TestPolicySeam keeps the policy stage apart from the walk, read from
// the source alone: no method of the walker is declared in a policy file
// and no policy file names the walker, so policy code can reach the walk's
// state only through walkState; every method of policy is in a policy
// file; and each of walkState's methods says why policy needs it.
func TestPolicySeam(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		isPolicy := slices.Contains(policySeamFiles, name)
		seen[name] = true
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
				continue
			}
			recv := fd.Recv.List[0].Type
			if st, ok := recv.(*ast.StarExpr); ok {
				recv = st.X
			}
			id, ok := recv.(*ast.Ident)
			if !ok {
				continue
			}
			switch {
			case isPolicy && id.Name == "walker":
				t.Errorf("%s: method %s of the walker is declared in a policy file: policy asks the walk through walkState",
					fset.Position(fd.Pos()), fd.Name.Name)
			case !isPolicy && id.Name == "policy":
				t.Errorf("%s: method %s of policy is declared outside the policy files (policySeamFiles)",
					fset.Position(fd.Pos()), fd.Name.Name)
			}
		}
		if !isPolicy {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == "walker" {
				t.Errorf("%s: a policy file names the walker: policy asks the walk through walkState", fset.Position(id.Pos()))
			}
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "walkState" {
				for _, m := range ts.Type.(*ast.InterfaceType).Methods.List {
					if m.Doc == nil {
						t.Errorf("%s: walkState's method %s does not say why policy needs it", fset.Position(m.Pos()), m.Names[0].Name)
					}
				}
			}
			return true
		})
	}
	for _, name := range policySeamFiles {
		if !seen[name] {
			t.Errorf("policy file %s does not exist: update policySeamFiles", name)
		}
	}
}
