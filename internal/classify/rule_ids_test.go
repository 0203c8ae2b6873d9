package classify

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ruleDef is one literal definition of a rule found in the package source.
type ruleDef struct {
	id        string
	level     string
	dangerous bool
	why       string // a message ending in a run-time part keeps its literal prefix and "…"
	at        string // file:line
}

// meaning is what a user sees of a rule besides its id.
func (d ruleDef) meaning() string {
	bang := ""
	if d.dangerous {
		bang = "!"
	}
	return fmt.Sprintf("%s%s %q", d.level, bang, d.why)
}

// literalText returns the constant text of a string expression. A
// concatenation whose tail is only known at run time (a path, a name)
// returns its literal head with "…" and partial set: that tail is a slot
// of the one message, not a second message.
func literalText(e ast.Expr) (text string, ok, partial bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false, false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil, false
	case *ast.ParenExpr:
		return literalText(x.X)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false, false
		}
		l, ok, part := literalText(x.X)
		if !ok {
			return "", false, false
		}
		if part {
			return l, true, true
		}
		r, ok, part := literalText(x.Y)
		if !ok {
			return l + "…", true, true
		}
		return l + r, true, part
	}
	return "", false, false
}

var levelIdents = map[string]bool{"Minimal": true, "Low": true, "Medium": true, "High": true}

// collectRuleDefs parses the package's non-test files and returns every
// rule definition whose id, level and message are written out, and how
// many definitions it skipped because one of them is built at run time
// (infra's prefix families, ids passed through variables).
func collectRuleDefs(t *testing.T) (defs []ruleDef, skipped int) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var id, level, why ast.Expr
			var dangerous bool
			switch x := n.(type) {
			case *ast.CompositeLit:
				if tn, ok := x.Type.(*ast.Ident); !ok || tn.Name != "rule" {
					return true
				}
				for i, el := range x.Elts {
					key, val := "", el
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok {
							key = k.Name
						}
						val = kv.Value
					} else {
						key = []string{"id", "level", "dangerous", "why"}[min(i, 3)]
					}
					switch key {
					case "id":
						id = val
					case "level":
						level = val
					case "why":
						why = val
					case "dangerous":
						b, ok := val.(*ast.Ident)
						if !ok || (b.Name != "true" && b.Name != "false") {
							skipped++
							return true
						}
						dangerous = b.Name == "true"
					}
				}
			case *ast.CallExpr:
				fn, ok := x.Fun.(*ast.Ident)
				if !ok {
					return true
				}
				switch {
				case fn.Name == "r" && len(x.Args) == 3:
					id, level, why = x.Args[0], x.Args[1], x.Args[2]
				case fn.Name == "danger" && len(x.Args) == 2:
					id, why = x.Args[0], x.Args[1]
					level, dangerous = ast.NewIdent("High"), true
				default:
					return true
				}
			default:
				return true
			}
			at := fset.Position(n.Pos())
			loc := fmt.Sprintf("%s:%d", at.Filename, at.Line)
			idText, ok, part := literalText(id)
			if id == nil || !ok || part {
				skipped++
				return true
			}
			lv, ok := level.(*ast.Ident)
			if level == nil {
				lv, ok = ast.NewIdent("Minimal"), true // the zero Level
			}
			if !ok || !levelIdents[lv.Name] {
				skipped++
				return true
			}
			msg := ""
			if why != nil {
				if msg, ok, _ = literalText(why); !ok {
					skipped++
					return true
				}
			}
			defs = append(defs, ruleDef{id: idText, level: lv.Name, dangerous: dangerous, why: msg, at: loc})
			return true
		})
	}
	return defs, skipped
}

// TestRuleIDsOneMeaning checks that every rule id written in the package
// has one level, one dangerous flag and one message wherever it is
// defined: `check --json`, explain and the guard's lists name rules by
// id, so an id that means two things tells a user the wrong thing.
func TestRuleIDsOneMeaning(t *testing.T) {
	defs, skipped := collectRuleDefs(t)
	// The floor keeps the test from passing because it found nothing
	// (the package defines some 900 rules literally).
	if len(defs) < 800 {
		t.Fatalf("found only %d literal rule definitions (%d skipped): the parser no longer sees the tables", len(defs), skipped)
	}
	t.Logf("%d literal rule definitions, %d skipped (id, level or message built at run time)", len(defs), skipped)
	byID := map[string][]ruleDef{}
	for _, d := range defs {
		byID[d.id] = append(byID[d.id], d)
	}
	var ids []string
	for id, ds := range byID {
		for _, d := range ds[1:] {
			if d.meaning() != ds[0].meaning() {
				ids = append(ids, id)
				break
			}
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		if multiMeaningKnown[id] {
			continue
		}
		var b strings.Builder
		for _, d := range byID[id] {
			fmt.Fprintf(&b, "\n\t%s %s", d.at, d.meaning())
		}
		t.Errorf("rule id %q has more than one meaning; give each meaning its own id or one message:%s", id, b.String())
	}
	for id := range multiMeaningKnown {
		if !slices.Contains(ids, id) {
			t.Errorf("rule id %q now has one meaning: remove it from multiMeaningKnown", id)
		}
	}
}

// multiMeaningKnown lists the ids still defined with more than one
// meaning; it only shrinks.
var multiMeaningKnown = map[string]bool{}
