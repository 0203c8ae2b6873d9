package classify

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// corpusEnv is the environment the corpus scorer gives permguard: a
// workspace and a home side by side under /tmp.
var corpusEnv = Env{Workspace: "/tmp/corpus/project", Home: "/tmp/corpus/home", TempDirs: []string{"/tmp", "/var/tmp"}}

// TestDeviations pins every deliberate disagreement with the peer corpora
// listed in testdata/deviations.tsv: if a verdict changes, the list (and
// the reason in it) must be looked at again.
func TestDeviations(t *testing.T) {
	f, err := os.Open("../../testdata/deviations.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 4 || cols[3] == "" {
			t.Errorf("deviations.tsv:%d: want 4 columns with a reason, got %d", line, len(cols))
			continue
		}
		n++
		cmd := unescapeCorpus(cols[0])
		v := Classify(cmd, corpusEnv)
		got := v.Level.String()
		if v.Dangerous {
			got += "+dangerous"
		}
		if got != cols[2] {
			t.Errorf("deviations.tsv:%d: Classify(%q) = %s, the list says %s (%s)", line, cmd, got, cols[2], cols[3])
		}
	}
	if n == 0 {
		t.Fatal("deviations.tsv lists nothing")
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
