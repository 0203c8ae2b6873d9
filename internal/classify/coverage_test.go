package classify

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var coverageCases = []classifyCase{}

// TestCoverageTable runs coverageCases exactly as TestClassifyTable runs
// the main table.
func TestCoverageTable(t *testing.T) {
	for _, tc := range coverageCases {
		v := Classify(tc.cmd, testEnv)
		if v.Level != tc.level || v.Dangerous != tc.dangerous {
			t.Errorf("Classify(%q) = %v dangerous=%v (rules %s), want %v dangerous=%v",
				tc.cmd, v.Level, v.Dangerous, ruleIDs(v), tc.level, tc.dangerous)
			continue
		}
		if tc.rule != "" && !slices.Contains(strings.Fields(ruleIDs(v)), tc.rule) {
			t.Errorf("Classify(%q) rules = %s, want rule %s", tc.cmd, ruleIDs(v), tc.rule)
		}
		if len(v.Reasons) == 0 {
			t.Errorf("Classify(%q) has no reasons", tc.cmd)
		}
	}
}

// producedRuleIDs returns every rule id that some row of the three tables
// produces among its reasons.
func producedRuleIDs() map[string]bool {
	got := map[string]bool{}
	for _, table := range [][]classifyCase{classifyCases, infraCases, coverageCases} {
		for _, tc := range table {
			for _, r := range Classify(tc.cmd, testEnv).Reasons {
				got[r.Rule] = true
			}
		}
	}
	return got
}

// tableRuleIDs returns every rule id in the tool tables.
func tableRuleIDs() map[string]bool {
	ids := map[string]bool{}
	for _, g := range allTools() {
		for i := range g {
			t := &g[i]
			ids[t.rule.id] = true
			for _, sb := range t.subs {
				ids[sb.rule.id] = true
				for _, fr := range sb.flags {
					ids[fr.rule.id] = true
				}
			}
		}
	}
	return ids
}

// checkRuleIDs returns the rule ids written as literals in the package's
// code: r("id", ...), danger("id", ...) and rule{id: "id"}, which covers
// the rules check functions raise inline.
func checkRuleIDs(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				fn, ok := x.Fun.(*ast.Ident)
				if !ok || (fn.Name != "r" && fn.Name != "danger") || len(x.Args) == 0 {
					return true
				}
				if id, ok := stringLit(x.Args[0]); ok {
					ids[id] = true
				}
			case *ast.CompositeLit:
				if typ, ok := x.Type.(*ast.Ident); !ok || typ.Name != "rule" {
					return true
				}
				for _, el := range x.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "id" {
							if id, ok := stringLit(kv.Value); ok {
								ids[id] = true
							}
						}
					}
				}
			}
			return true
		})
	}
	return ids
}

func stringLit(e ast.Expr) (string, bool) {
	bl, ok := e.(*ast.BasicLit)
	if !ok || bl.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(bl.Value)
	return s, err == nil
}

// unreachableRuleIDs are the ids written in check functions that no input
// can produce, with the reason. Table ids are never listed here.
var unreachableRuleIDs = map[string]string{}

func TestEveryTableRuleHasARow(t *testing.T) {
	got := producedRuleIDs()
	var missing []string
	for id := range tableRuleIDs() {
		if !got[id] {
			missing = append(missing, id)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d table rule ids have no row in classifyCases, infraCases or coverageCases:\n%s", len(missing), strings.Join(missing, "\n"))
	}
	var missingCheck []string
	for id := range checkRuleIDs(t) {
		if !got[id] && unreachableRuleIDs[id] == "" {
			missingCheck = append(missingCheck, id)
		}
	}
	sort.Strings(missingCheck)
	if len(missingCheck) > 0 {
		t.Errorf("%d rule ids raised by check functions have no row:\n%s", len(missingCheck), strings.Join(missingCheck, "\n"))
	}
}

// TEMPDEBUG
func TestZZDebugPrint(t *testing.T) {
	fn := os.Getenv("PG_DEBUG_CMDS")
	if fn == "" {
		t.Skip()
	}
	f, _ := os.Open(fn)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cmd := strings.ReplaceAll(sc.Text(), `\n`, "\n")
		v := Classify(cmd, testEnv)
		fmt.Printf("%-60q %v d=%v [%s]\n", cmd, v.Level, v.Dangerous, ruleIDs(v))
	}
}
