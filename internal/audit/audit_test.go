package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var redactTests = []struct {
	name, in, want string
}{
	{name: "nothing secret", in: "git push origin main", want: "git push origin main"},
	{name: "empty", in: "", want: ""},
	{name: "token variable", in: "GITHUB_TOKEN=abc123 gh pr list", want: "GITHUB_TOKEN=*** gh pr list"},
	{name: "key variable", in: "export OPENAI_API_KEY=sk-proj-abc", want: "export OPENAI_API_KEY=***"},
	{name: "aws secret", in: "AWS_SECRET_ACCESS_KEY='wJalr/XUtnF' aws s3 ls", want: "AWS_SECRET_ACCESS_KEY=*** aws s3 ls"},
	{name: "quoted secret with spaces", in: `TOKEN='a b c' cmd "x"`, want: `TOKEN=*** *** *** cmd "x"`},
	{name: "double-quoted secret with spaces", in: `API_KEY="a b" cmd`, want: `API_KEY=*** *** cmd`},
	{name: "quoted assignment keeps quotes around the word", in: `env "DB_PASSWORD=hunter2" psql`, want: `env "DB_PASSWORD=***" psql`},
	{name: "author is not auth", in: "GIT_AUTHOR_NAME=ann git commit", want: "GIT_AUTHOR_NAME=ann git commit"},
	{name: "ordinary variable", in: "NODE_ENV=production npm run build", want: "NODE_ENV=production npm run build"},
	{name: "password option with value", in: "mysql --password=hunter2 db", want: "mysql --password=*** db"},
	{name: "password option then value", in: "docker login --password hunter2 -u me", want: "docker login --password *** -u me"},
	{name: "token option", in: "vault login -token s.abcdef", want: "vault login -token ***"},
	{name: "url password", in: "git clone https://ann:hunter2@example.com/r.git", want: "git clone https://ann:***@example.com/r.git"},
	{name: "url token as user", in: "git remote add o https://ghp_0123456789abcdefghijklmnopqrstuvwxyz@github.com/a/b", want: "git remote add o https://***@github.com/a/b"},
	{name: "url user only", in: "ssh://git@github.com/a/b", want: "ssh://git@github.com/a/b"},
	{name: "url at in path is not user info", in: "curl https://example.com/@scope/pkg", want: "curl https://example.com/@scope/pkg"},
	{name: "two urls in one word", in: "--mirror=https://a:b@x.org,https://c:d@y.org/p", want: "--mirror=https://a:***@x.org,https://c:***@y.org/p"},
	{name: "secret query parameters", in: "curl 'https://api.x.com/v1?access_token=abc&page=2&api_key=k#frag'", want: "curl 'https://api.x.com/v1?access_token=***&page=2&api_key=***#frag'"},
	{name: "authorization header", in: `curl -H "Authorization: Bearer abc.def" https://x`, want: `curl -H "Authorization: Bearer ***" https://x`},
	{name: "authorization header glued", in: `curl -H 'Authorization:Basic dXNlcjpwdw==' x`, want: `curl -H 'Authorization:Basic ***' x`},
	{name: "authorization without scheme", in: `curl -H "Authorization: abc123" x`, want: `curl -H "Authorization: ***" x`},
	{name: "api key header", in: `curl --header "X-Api-Key: k123" x`, want: `curl --header "X-Api-Key: ***" x`},
	{name: "header value in one word", in: `curl -H 'PRIVATE-TOKEN:glpat-xyz' x`, want: `curl -H 'PRIVATE-TOKEN:***' x`},
	{name: "curl user and password", in: "curl -u ann:hunter2 https://x", want: "curl -u ann:*** https://x"},
	{name: "sort -u is not a user", in: "sort -u names.txt", want: "sort -u names.txt"},
	{name: "github token anywhere", in: "echo ghp_0123456789abcdefghijklmnopqrstuvwxyz | gh auth login --with-token", want: "echo ghp_*** | gh auth login --with-token"},
	{name: "openai key in json", in: `{"key":"sk-proj-0123456789abcdefghij"}`, want: `{"key":"sk-***"}`},
	{name: "aws key id", in: "aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE", want: "aws configure set aws_access_key_id AKIA***"},
	{name: "jwt", in: "x eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature-x", want: "x eyJ***"},
	{name: "short prefix words are not tokens", in: "pip install sk-learn npm_config ghp_x", want: "pip install sk-learn npm_config ghp_x"},
	{name: "prefix inside a word is not a token", in: "task-0123456789abcdefghijklmnop", want: "task-0123456789abcdefghijklmnop"},
	{name: "whitespace kept", in: "a\tb\n  TOKEN=x", want: "a\tb\n  TOKEN=***"},
}

func TestRedact(t *testing.T) {
	for _, tt := range redactTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Redact(tt.in); got != tt.want {
				t.Errorf("Redact(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzRedact(f *testing.F) {
	for _, tt := range redactTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Redact(s)
		// masking only replaces: what is not a secret keeps its place,
		// so the result is never longer than the input plus the masks
		if len(got) > len(s)+len(Mask)*(strings.Count(s, " ")+strings.Count(s, "://")+2)*2 {
			t.Fatalf("Redact(%q) grew to %q", s, got)
		}
		if Redact(got) != got {
			t.Fatalf("Redact is not idempotent on %q: %q then %q", s, got, Redact(got))
		}
	})
}

func record(i int) Record {
	return Record{Time: time.Date(2026, 11, 22, 10, 0, i, 0, time.UTC), Via: "hook", Agent: "claude",
		Command: fmt.Sprintf("echo %d", i), Level: "minimal", Decision: Allow, By: BySetting}
}

func TestAppendAndRead(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	r := record(1)
	r.Command = "GITHUB_TOKEN=abc gh pr list\nrm -rf /"
	r.Detail = "curl -u a:b"
	if err := Append(dir, r); err != nil {
		t.Fatal(err)
	}
	if err := Append(dir, record(2)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n != 2 {
		t.Fatalf("%d lines, want 2:\n%s", n, data)
	}
	if bytes.Contains(data, []byte("abc")) || bytes.Contains(data, []byte("a:b")) {
		t.Errorf("a secret reached the log:\n%s", data)
	}
	recs, probs, err := Read(dir)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	if len(recs) != 2 || recs[0].Command != "GITHUB_TOKEN=*** gh pr list\nrm -rf /" || recs[1].Command != "echo 2" {
		t.Errorf("read back %+v", recs)
	}
	for _, p := range []string{dir, filepath.Join(dir, FileName)} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if perm := st.Mode().Perm(); perm&0o077 != 0 {
			t.Errorf("%s has mode %v: the log is the user's alone", p, perm)
		}
	}
}

func TestLongCommandIsClipped(t *testing.T) {
	dir := t.TempDir()
	r := record(1)
	r.Command = strings.Repeat("é", 10000)
	if err := Append(dir, r); err != nil {
		t.Fatal(err)
	}
	recs, _, err := Read(dir)
	if err != nil || len(recs) != 1 {
		t.Fatal(err, recs)
	}
	if len(recs[0].Command) > maxCommandBytes || !strings.HasSuffix(recs[0].Command, "é…") {
		t.Errorf("command of %d bytes, ending %q", len(recs[0].Command), recs[0].Command[len(recs[0].Command)-8:])
	}
}

func TestReadSkipsDamagedLines(t *testing.T) {
	dir := t.TempDir()
	good, _ := encode(record(1))
	long := strings.Repeat("x", maxLineBytes+10)
	content := "not json\n" + string(good) + `{"time":"2026-11-22T10:00:00Z"}` + "\n" + long + "\n\n" + strings.TrimSuffix(string(good), "\n")
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	recs, probs, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Errorf("%d records, want 2 (the last one has no newline)", len(recs))
	}
	var lines []int
	for _, p := range probs {
		lines = append(lines, p.Line)
	}
	if fmt.Sprint(lines) != "[1 3 4]" {
		t.Errorf("problems on lines %v, want [1 3 4]: %v", lines, probs)
	}
}

func TestReadMissingLog(t *testing.T) {
	recs, probs, err := Read(filepath.Join(t.TempDir(), "nothing"))
	if err != nil || recs != nil || probs != nil {
		t.Errorf("Read of no log = %v, %v, %v; want nothing", recs, probs, err)
	}
}

// Every Append opens the file itself, as separate processes do: the lines
// must come out whole and all there.
func TestConcurrentAppends(t *testing.T) {
	dir := t.TempDir()
	const n = 100
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := record(i)
			r.Command = fmt.Sprintf("echo %d %s", i, strings.Repeat("x", 3000))
			if err := Append(dir, r); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	recs, probs, err := Read(dir)
	if err != nil || len(probs) > 0 {
		t.Fatal(err, probs)
	}
	seen := map[string]bool{}
	for _, r := range recs {
		seen[strings.Fields(r.Command)[1]] = true
	}
	if len(recs) != n || len(seen) != n {
		t.Errorf("%d records, %d distinct, want %d", len(recs), len(seen), n)
	}
}

// A full log is rotated once, however many writers find it full, and no
// line is lost.
func TestRotation(t *testing.T) {
	dir := t.TempDir()
	line, _ := encode(record(0))
	full := bytes.Repeat(line, MaxBytes/len(line))
	if err := os.WriteFile(filepath.Join(dir, FileName), full, 0o600); err != nil {
		t.Fatal(err)
	}
	before := bytes.Count(full, []byte("\n"))
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := Append(dir, record(i+1)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	old, err := os.ReadFile(filepath.Join(dir, FileName+".1"))
	if err != nil {
		t.Fatalf("not rotated: %v", err)
	}
	cur, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(old, full) {
		t.Errorf("the rotated log does not start with the old log (%d bytes)", len(old))
	}
	if got := bytes.Count(old, []byte("\n")) + bytes.Count(cur, []byte("\n")); got != before+n {
		t.Errorf("%d lines after rotation, want %d", got, before+n)
	}
	if len(cur) == 0 || len(cur) > n*len(line)*2 {
		t.Errorf("the new log holds %d bytes", len(cur))
	}
	recs, probs, err := Read(dir)
	if err != nil || len(probs) > 0 || len(recs) != before+n {
		t.Errorf("Read after rotation: %d records, %v, %v", len(recs), probs, err)
	}
}

func TestAppendFailure(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := Append(filepath.Join(file, "state"), record(1))
	if err == nil || !strings.Contains(err.Error(), "failed to open "+filepath.Join(file, "state", FileName)) {
		t.Errorf("Append under a file: %v", err)
	}
	// a state directory that does not exist yet is made (0700)
	dir := filepath.Join(t.TempDir(), "a", "b")
	if err := Append(dir, record(1)); err != nil {
		t.Fatalf("Append into a new directory: %v", err)
	}
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("new state directory: %v, %v", st, err)
	}
	// and one that cannot be made says so
	err = Append(filepath.Join(file, "x", "state"), record(1))
	if err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Append under a file, deeper: %v", err)
	}
}

func TestRecordJSONNames(t *testing.T) {
	r := record(1)
	r.Dangerous, r.Session, r.Cwd, r.Tool, r.Effective, r.Detail = true, "s", "/w", "Bash", "low", "d"
	line, err := encode(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	want := "agent by command cwd dangerous decision detail effective_level level session time tool via"
	if got := strings.Join(sorted(keys), " "); got != want {
		t.Errorf("keys %q, want %q", got, want)
	}
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}
