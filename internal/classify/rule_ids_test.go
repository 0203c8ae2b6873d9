package classify

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// ruleDef is one literal definition of a rule found in the package source.
type ruleDef struct {
	id        string
	level     string
	dangerous bool
	why       string // a message ending in a run-time part keeps its literal prefix and "…"
	at        string // file:line
	file      string
	policy    bool   // policy: true
	effect    string // the effect kind's constant, "" when not declared
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
			var dangerous, policy bool
			effect := ""
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
					case "policy":
						b, ok := val.(*ast.Ident)
						policy = ok && b.Name == "true"
					case "effect":
						if k, ok := val.(*ast.Ident); ok {
							effect = k.Name
						}
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
				case (fn.Name == "danger" || fn.Name == "destroy") && len(x.Args) == 2:
					id, why = x.Args[0], x.Args[1]
					level, dangerous = ast.NewIdent("High"), true
					if fn.Name == "destroy" {
						effect = "EffectDelete"
					}
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
			defs = append(defs, ruleDef{id: idText, level: lv.Name, dangerous: dangerous, why: msg, at: loc, file: name, policy: policy, effect: effect})
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

// knownReasons are the reasons of every input the tests know: every table
// command, the differential's combinations of them, the tool calls and the
// MCP calls.
func knownReasons(t *testing.T) (rs []Reason, inputs []string) {
	t.Helper()
	add := func(v Verdict, in string) {
		for _, r := range allReasons(v) {
			rs, inputs = append(rs, r), append(inputs, in)
		}
	}
	for _, cmd := range differentialInputs(3000) {
		add(Classify(cmd, testEnv), cmd)
	}
	for _, tc := range toolCallCases {
		add(ClassifyTool(tc.call, testEnv), tc.call.Name)
	}
	withSeedFamilies(t)
	for _, tc := range mcpCases {
		add(ClassifyTool(tc.call, testEnv), tc.call.Name)
	}
	// the floor keeps the tests from passing because they saw nothing
	if len(rs) < 20000 {
		t.Fatalf("only %d reasons over the known inputs: the tables are no longer read", len(rs))
	}
	return rs, inputs
}

// TestRuleIDsOneMessage: over every input the tests know, each rule id
// comes with one message. What one occurrence adds (the variable set, the
// argument, the link) is its Detail, so that `check --json` and explain
// say the same sentence for the same id, and a site cannot give an id a
// sentence of its own.
func TestRuleIDsOneMessage(t *testing.T) {
	rs, inputs := knownReasons(t)
	msgs := map[string]map[string]string{} // id -> message -> an input that gave it
	for i, r := range rs {
		if msgs[r.Rule] == nil {
			msgs[r.Rule] = map[string]string{}
		}
		if _, ok := msgs[r.Rule][r.Message]; !ok {
			msgs[r.Rule][r.Message] = inputs[i]
		}
	}
	t.Logf("%d reasons, %d rule ids", len(rs), len(msgs))
	for _, id := range slices.Sorted(maps.Keys(msgs)) {
		if len(msgs[id]) == 1 {
			if oneMessagePending[id] != "" {
				t.Errorf("rule id %q now has one message: remove it from oneMessagePending", id)
			}
			continue
		}
		if oneMessagePending[id] != "" {
			continue
		}
		var b strings.Builder
		for _, m := range slices.Sorted(maps.Keys(msgs[id])) {
			fmt.Fprintf(&b, "\n\t%q, from %q", m, short80(msgs[id][m]))
		}
		t.Errorf("rule id %q has %d messages; keep the rule's own in Message and put what differs in the occurrence's detail:%s", id, len(msgs[id]), b.String())
	}
}

// oneMessagePending lists the ids still given more than one message, with
// why; it only shrinks.
var oneMessagePending = map[string]string{}

func short80(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// TestReasonsStageAndEffect: every reason over every input the tests know
// names the stage that raised it and the kind of effect it judged, from
// the closed lists of verdict.go, and a reason of a policy rule says
// policy, wherever it was raised.
func TestReasonsStageAndEffect(t *testing.T) {
	defs, _ := collectRuleDefs(t)
	policyOnly := map[string]bool{} // ids defined in the policy files only
	elsewhere := map[string]bool{}
	for _, d := range defs {
		if pathRuleFiles[d.file] {
			policyOnly[d.id] = true
		} else {
			elsewhere[d.id] = true
		}
	}
	for id := range elsewhere {
		delete(policyOnly, id)
	}
	if len(policyOnly) < 20 {
		t.Fatalf("only %d rule ids defined in the policy files alone: the parser no longer sees them", len(policyOnly))
	}
	rs, inputs := knownReasons(t)
	bad := map[string]bool{}
	for i, r := range rs {
		why := ""
		switch {
		case !slices.Contains(Stages(), r.Stage):
			why = "no stage"
		case !slices.Contains(EffectKinds(), r.Effect.Kind):
			why = "no effect kind"
		case policyOnly[r.Rule] && r.Stage != StagePolicy:
			why = "a policy rule, not raised as one"
		case r.Effect.Kind == EffectAction && r.Effect.Target == "" && r.Stage != StageToolCall:
			why = "the tool's action, with no tool named"
		}
		if why != "" && !bad[r.Rule] {
			bad[r.Rule] = true
			t.Errorf("%s: rule %s has stage %v, effect %v %q, from %q", why, r.Rule, r.Stage, r.Effect.Kind, r.Effect.Target, short80(inputs[i]))
		}
	}
}

// pathRuleFiles hold the policy stage's rules: the judgements of a path,
// in the policy files (policySeamFiles) and tool_follow.go's read through a
// link.
var pathRuleFiles = map[string]bool{"policy.go": true, "policy_paths.go": true, "policy_guardpaths.go": true, "policy_pathvalues.go": true, "policy_globmeet.go": true, "tool_follow.go": true}

// TestPolicyRulesDeclared: every rule the policy files define says so, and
// the kind of effect it judges, as data on its definition; the rules built
// inside the policy functions' bodies are listed by inlinePolicyKind until
// the policy stage gets its own type.
func TestPolicyRulesDeclared(t *testing.T) {
	defs, _ := collectRuleDefs(t)
	n := 0
	for _, d := range defs {
		if !pathRuleFiles[d.file] {
			continue
		}
		n++
		switch {
		case inlinePolicyKind(d.id) != 0:
		case !d.policy:
			t.Errorf("%s: rule %s is the policy stage's and does not say policy: true", d.at, d.id)
		case d.effect != "EffectWrite" && d.effect != "EffectDelete" && d.effect != "EffectRead":
			t.Errorf("%s: rule %s judges a path and declares the effect %q, not EffectWrite, EffectDelete or EffectRead", d.at, d.id, d.effect)
		}
	}
	if n < 20 {
		t.Fatalf("only %d rule definitions in the policy files: the parser no longer sees them", n)
	}
}

// allReasons lists a verdict's reasons, its floors and its commands'.
func allReasons(v Verdict) []Reason {
	rs := append(append([]Reason(nil), v.Reasons...), v.Floors...)
	for _, c := range v.Commands {
		rs = append(rs, c.Reasons...)
	}
	return rs
}

// tableMessages is the message of each rule id over the table commands.
var tableMessages = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, table := range allCases() {
		for _, tc := range table {
			for _, r := range allReasons(Classify(tc.cmd, testEnv)) {
				m[r.Rule] = r.Message
			}
		}
	}
	return m
})

// checkReasons checks what holds of every reason whatever the input (the
// fuzz targets): a stage and an effect kind from the closed lists, and
// for an id the tables know, the message they give it.
func checkReasons(t *testing.T, in string, v Verdict) {
	t.Helper()
	for _, r := range allReasons(v) {
		if !slices.Contains(Stages(), r.Stage) || !slices.Contains(EffectKinds(), r.Effect.Kind) {
			t.Fatalf("%q: rule %s has stage %v and effect %v", in, r.Rule, r.Stage, r.Effect.Kind)
		}
		if m, ok := tableMessages()[r.Rule]; ok && m != r.Message && oneMessagePending[r.Rule] == "" {
			t.Fatalf("%q: rule %s has the message %q, and %q in the tables", in, r.Rule, r.Message, m)
		}
	}
}

// TestDestructionIsDelete: a dangerous rule whose action deletes what a
// tool holds (a database, a stack, a queue, a volume, a disk's data) is
// one class, a delete, whatever the tool calls the verb (issue 27,
// "destruction by class"): declared with destroy, its reasons carry a
// delete effect. The message's first word is how the tables say it.
func TestDestructionIsDelete(t *testing.T) {
	defs, _ := collectRuleDefs(t)
	verbs := []string{"deletes", "destroys", "erases", "drops", "purges", "wipes", "empties", "discards", "permanently deletes", "removes"}
	for _, d := range defs {
		if !d.dangerous || d.policy || d.effect == "EffectDelete" {
			continue
		}
		for _, v := range verbs {
			if strings.HasPrefix(d.why, v+" ") {
				t.Errorf("%s: dangerous rule %q %q deletes: declare it with destroy, so that its effect is a delete", d.at, d.id, d.why)
			}
		}
	}
	for _, tc := range []struct{ in, target string }{
		{"redis-cli flushall", "redis-cli"},
		{"dropdb app", "dropdb"},
		{"pulumi destroy --yes", "pulumi destroy"},
		{"terraform destroy -auto-approve", "terraform destroy"},
		{"aws sqs purge-queue --queue-url https://sqs.example/q", "aws sqs purge-queue"},
		{"kubectl delete namespace prod", "kubectl delete"},
		{"psql -c 'DROP TABLE users'", "psql"},
		{"docker volume rm data", "docker volume rm"},
		{"supabase db reset", "supabase db reset"},
		{"flyway clean", "flyway clean"},
		{"kind delete cluster", "kind delete cluster"},
		{"php artisan migrate:fresh", "artisan migrate:fresh"},
	} {
		v := Classify(tc.in, testEnv)
		found := false
		for _, r := range v.Reasons {
			if r.Dangerous && r.Effect.Kind == EffectDelete && r.Effect.Target == tc.target {
				found = true
			}
		}
		if !v.Dangerous || !found {
			t.Errorf("%s: want a dangerous reason with effect delete of %q, got %+v", tc.in, tc.target, v.Reasons)
		}
	}
}
