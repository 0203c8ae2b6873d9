package classify

import "testing"

// projectCodeCases say what each input needs besides running the
// project's own code (design §4, sandboxed allow). besides is
// LevelBesidesProjectCode; level is the verdict's own.
var projectCodeCases = []struct {
	cmd            string
	level, besides Level
}{
	// builds, tests and package scripts: project code only
	{cmd: "npm test", level: Medium, besides: Minimal},
	{cmd: "make", level: Medium, besides: Minimal},
	{cmd: "pytest -q", level: Medium, besides: Minimal},
	{cmd: "go test ./...", level: Medium, besides: Minimal},
	{cmd: "cargo build", level: Medium, besides: Minimal},
	{cmd: "npm run build", level: Medium, besides: Minimal},
	{cmd: "cd sub && make", level: Medium, besides: Minimal},
	{cmd: "npm test 2>&1 | tail -5", level: Medium, besides: Minimal},
	{cmd: "make > build.log", level: Medium, besides: Low},
	// workspace scripts and programs at high
	{cmd: "./run.sh", level: High, besides: Minimal},
	{cmd: "bash scripts/x.sh", level: High, besides: Minimal},
	{cmd: "python3 tools/gen.py", level: High, besides: Minimal},
	{cmd: "node script.js", level: High, besides: Minimal},
	{cmd: "go run .", level: High, besides: Minimal},
	{cmd: "bash -c 'make'", level: Medium, besides: Minimal},
	{cmd: "cargo run --release", level: High, besides: Minimal},
	// consoles and exec subcommands run any command, not the project
	{cmd: "tox exec -- id", level: High, besides: High},
	{cmd: "sbt console", level: High, besides: High},
	{cmd: "uv run id", level: Medium, besides: Medium},
	{cmd: "go run golang.org/x/tools/cmd/stringer@latest", level: High, besides: High},
	// files that are not the project's
	{cmd: "bash /tmp/x.sh", level: High, besides: High},
	{cmd: "python3 ../x.py", level: High, besides: High},
	{cmd: "bash ~/x.sh", level: High, besides: High},
	{cmd: "/opt/tool/run", level: High, besides: High},
	{cmd: `bash "$SCRIPT"`, level: High, besides: High},
	// anything else in the input keeps its level
	{cmd: "make && curl https://example.com", level: High, besides: High},
	{cmd: "npx jest", level: High, besides: High},
	{cmd: "npm install", level: Medium, besides: Medium},
	{cmd: "make > /etc/hosts", level: High, besides: High},
	{cmd: "go build -o /usr/local/bin/x", level: High, besides: High},
	{cmd: "make install", level: High, besides: High},
	{cmd: "npm run dev", level: High, besides: High},
	{cmd: "npm test && rm -rf ~", level: High, besides: High},
	{cmd: "git push", level: High, besides: High},
}

func TestLevelBesidesProjectCode(t *testing.T) {
	for _, tc := range projectCodeCases {
		v := Classify(tc.cmd, testEnv)
		if v.Level != tc.level {
			t.Errorf("Classify(%q).Level = %v (rules %s), want %v", tc.cmd, v.Level, ruleIDs(v), tc.level)
		}
		if got := v.LevelBesidesProjectCode(); got != tc.besides {
			t.Errorf("Classify(%q).LevelBesidesProjectCode() = %v (rules %s), want %v", tc.cmd, got, ruleIDs(v), tc.besides)
		}
	}
}

// A dangerous verdict, or one whose level its reasons do not explain,
// is never lowered.
func TestLevelBesidesProjectCodeFailsClosed(t *testing.T) {
	tests := []struct {
		name string
		v    Verdict
	}{
		{name: "dangerous", v: Verdict{Level: High, Dangerous: true,
			Reasons: []Reason{{Rule: "build", Level: Medium, ProjectCode: true}}}},
		{name: "dangerous reason", v: Verdict{Level: High,
			Reasons: []Reason{{Rule: "x", Level: High, Dangerous: true, ProjectCode: true}}}},
		{name: "unexplained level", v: Verdict{Level: High,
			Reasons: []Reason{{Rule: "build", Level: Medium, ProjectCode: true}}}},
		{name: "no reasons", v: Verdict{Level: High}},
	}
	for _, tt := range tests {
		if got := tt.v.LevelBesidesProjectCode(); got != High {
			t.Errorf("%s: LevelBesidesProjectCode() = %v, want high", tt.name, got)
		}
	}
}
