package classify

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// corpusEnv is the environment the corpus scorer gives permguard: a
// workspace and a home side by side under /tmp.
// Like the real binary, it protects the agents' project files.
var corpusEnv = Env{Workspace: "/tmp/corpus/project", Home: "/tmp/corpus/home", TempDirs: []string{"/tmp", "/var/tmp"},
	Protected: projectProtected()}

// projectProtected are the project files of testProtected: the ones that
// do not depend on the home directory.
func projectProtected() []ProtectedPath {
	var out []ProtectedPath
	for _, pp := range testProtected {
		if !strings.HasPrefix(pp.Path, "/") {
			out = append(out, pp)
		}
	}
	return out
}

// TestDeviations pins every deliberate disagreement with the peer corpora
// listed in testdata/deviations.tsv, and every known gap the red-team
// review left open in testdata/known-gaps.tsv: if a verdict changes, the
// list (and the reason in it) must be looked at again. With -update the
// verdicts in known-gaps.tsv are rewritten.
func TestDeviations(t *testing.T) {
	checkVerdictList(t, "../../testdata/deviations.tsv", corpusEnv, false)
	checkVerdictList(t, "../../testdata/known-gaps.tsv", testEnv, *update)
}

func checkVerdictList(t *testing.T, file string, env Env, rewrite bool) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	n := 0
	for i, text := range lines {
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 4 || cols[3] == "" {
			t.Errorf("%s:%d: want 4 columns with a reason, got %d", file, i+1, len(cols))
			continue
		}
		n++
		cmd := unescapeCorpus(cols[0])
		v := Classify(cmd, env)
		got := v.Level.String()
		if v.Dangerous {
			got += "+dangerous"
		}
		if rewrite {
			cols[2] = got
			lines[i] = strings.Join(cols, "\t")
			continue
		}
		if got != cols[2] {
			t.Errorf("%s:%d: Classify(%q) = %s, the list says %s (%s)", file, i+1, cmd, got, cols[2], cols[3])
		}
	}
	if n == 0 {
		t.Fatalf("%s lists nothing", file)
	}
	if rewrite {
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// unescapeCorpus reverses the corpora's escapes: \\ \t \n \r \xHH.
func unescapeCorpus(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch s[i+1] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'x':
			if i+3 < len(s) {
				if v, err := strconv.ParseUint(s[i+2:i+4], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 3
					continue
				}
			}
			b.WriteString(`\x`)
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i+1])
		}
		i++
	}
	return b.String()
}
