package settings

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
)

// BenchmarkLoad is Load on every call of check and hook: a global file
// with a few rules, a project file, no managed file, a workspace three
// levels below the repository root. It is part of the whole-process budget
// of design §7 (1.5 ms).
func BenchmarkLoad(b *testing.B) {
	root := b.TempDir()
	l := layout{cfg: filepath.Join(root, "cfg"), state: filepath.Join(root, "state"), managed: filepath.Join(root, "none.json"), repo: filepath.Join(root, "repo")}
	l.ws = filepath.Join(l.repo, "a", "b", "c")
	l.write(b, filepath.Join(l.repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	l.write(b, l.global(), `{"level": "medium", "deny": ["git push --force*", "sudo *"], "overrides": {"low": ["npm run dev"], "high": ["make deploy*"]}, "prefixMappings": [{"from": "fvm flutter", "to": "flutter"}]}`)
	l.write(b, l.project(), `{"deny": ["terraform apply*"], "overrides": {"dangerous": ["kubectl delete*"]}}`)
	o := l.options()
	b.ReportAllocs()
	for b.Loop() {
		e, problems := Load(o)
		if len(problems) != 0 || len(e.Deny) != 3 {
			b.Fatalf("Load = %d deny rules, %v", len(e.Deny), problems)
		}
	}
}

// BenchmarkApply is matching the rules of BenchmarkLoad against a
// 200-byte pipeline's verdict.
func BenchmarkApply(b *testing.B) {
	e := &Effective{}
	for _, p := range []string{"git push --force*", "sudo *", "terraform apply", "npm publish$"} {
		g, _ := CompileDeny(p)
		e.Deny = append(e.Deny, Rule{Glob: g})
	}
	for _, p := range []string{"npm run dev", "make deploy*", "kubectl delete*"} {
		g, _ := CompileGlob(p)
		e.Overrides[classify.Low] = append(e.Overrides[classify.Low], Rule{Glob: g})
	}
	src := strings.Repeat("git log --oneline | grep fix | head -n 5 && ", 4) + "npm run dev"
	v := classify.Classify(src, classify.Env{Workspace: "/w"})
	b.ReportAllocs()
	for b.Loop() {
		e.Apply(v)
	}
}

// BenchmarkHostilePatterns is the worst a project file can ask for: 100
// deny patterns built to make a matcher backtrack, against a 64 KiB
// command. It must stay far below the 100 ms an input may take (design §7).
func BenchmarkHostilePatterns(b *testing.B) {
	e := &Effective{}
	// deny rules, so the ones without a final "*" are also tried with
	// more words after them
	shapes := []string{strings.Repeat("*a", 400) + "*b*", "*" + strings.Repeat("ab", 400) + "c*", strings.Repeat("?", 1000) + "*", strings.Repeat("*ab", 300) + "*",
		strings.Repeat("*a", 400) + "*b", strings.Repeat("*ab", 300) + "c", strings.Repeat("?", 1000)}
	for i := range 100 {
		g, err := CompileDeny(shapes[i%len(shapes)])
		if err != nil {
			b.Fatal(err)
		}
		e.Deny = append(e.Deny, Rule{Glob: g})
	}
	v := classify.Verdict{Commands: []classify.Command{{Argv: []string{"echo", strings.Repeat("ab", 32<<10)}}}}
	b.ReportAllocs()
	for b.Loop() {
		e.Apply(v)
	}
}
