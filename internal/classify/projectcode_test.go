package classify

import "testing"

// projectCodeCases say what each input needs besides running the
// project's own code (design §4, sandboxed allow). besides is
// LevelBesidesUnseen; level is the verdict's own.
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
	// inline code, files in a temporary directory, unknown programs:
	// code nobody has seen either
	{cmd: "python3 -c 'print(1)'", level: High, besides: Minimal},
	{cmd: "node -e 'console.log(1)'", level: High, besides: Minimal},
	{cmd: "perl -e 'print 1'", level: High, besides: Minimal},
	{cmd: "ruby -e 'puts 1'", level: High, besides: Minimal},
	{cmd: "php -r 'echo 1;'", level: High, besides: Minimal},
	{cmd: "deno eval 'console.log(1)'", level: High, besides: Minimal},
	{cmd: "bash /tmp/x.sh", level: High, besides: Minimal},
	{cmd: "python3 /tmp/gen.py", level: High, besides: Minimal},
	{cmd: "/tmp/prog --x", level: High, besides: Minimal},
	{cmd: `bash "$TMPDIR/x.sh"`, level: High, besides: Minimal},
	{cmd: "frobnicate --x", level: High, besides: Minimal},
	// the project's program, however it is started (issue 29's held-out
	// corpus: these were asked where go run and cargo run are boxed)
	{cmd: "java -jar target/app.jar", level: High, besides: Minimal},
	{cmd: "java -cp build/classes:lib/a.jar Main", level: High, besides: Minimal},
	{cmd: "./mvnw spring-boot:run", level: High, besides: Minimal},
	{cmd: "mvn spring-boot:run", level: High, besides: Minimal},
	{cmd: "sbt backend/run", level: High, besides: Minimal},
	{cmd: "mix run priv/repo/seeds.exs", level: High, besides: Minimal},
	// a server of the workspace's files is boxed; of another directory's,
	// the user's or the system's files, it is not (the red team of issue 29)
	{cmd: "python3 -m http.server 8000", level: High, besides: Minimal},
	{cmd: "python3 -m http.server -d build 8000", level: High, besides: Minimal},
	{cmd: "python3 -m http.server --directory ~", level: High, besides: High},
	{cmd: "python3 -m http.server -d /", level: High, besides: High},
	{cmd: "python3 -m http.server --dir ~", level: High, besides: High},
	{cmd: "python3 -m http.server -d/", level: High, besides: High},
	{cmd: "python3 -m http.server -d build -d ~", level: High, besides: High},
	{cmd: "cd ~ && python3 -m http.server", level: High, besides: High},
	{cmd: `python3 -m http.server --directory="$D"`, level: High, besides: High},
	// a variable permguard does not know is unseen code, unless its value
	// names a place outside the workspace (the red team of issue 29)
	{cmd: "NAME=Deno deno test", level: High, besides: Minimal},
	{cmd: "XDEBUG_MODE=coverage make test", level: High, besides: Minimal},
	{cmd: "OUT=build/x make", level: High, besides: Minimal},
	{cmd: "PHPRC=$HOME/php.ini make test", level: High, besides: High},
	{cmd: "BUNDLE_GEMFILE=/opt/x/Gemfile make", level: High, besides: High},
	{cmd: "MAKEFILES=../other/x.mk make", level: High, besides: High},
	{cmd: "FOO=$X make", level: High, besides: High},
	{cmd: "export PHPRC=~/x; make test", level: High, besides: High},
	// ... but a jar or class path outside the workspace is not the project's
	{cmd: "java -jar ~/Downloads/x.jar", level: High, besides: High},
	{cmd: "java -cp /opt/lib:build Main", level: High, besides: High},
	{cmd: `java -jar "$JAR"`, level: High, besides: High},
	{cmd: "java -javaagent:/opt/a.jar -jar target/app.jar", level: High, besides: High},
	{cmd: "java -javaagent:$X -jar target/app.jar", level: High, besides: High},
	{cmd: "java -agentpath:/opt/x.so -jar target/app.jar", level: High, besides: High},
	{cmd: "java -Xbootclasspath/a:/opt/x.jar -jar target/app.jar", level: High, besides: High},
	{cmd: "java @/home/u/args -jar target/app.jar", level: High, besides: High},
	{cmd: "java -XX:VMOptionsFile=/opt/vm.opts -jar target/app.jar", level: High, besides: High},
	{cmd: "java --module-path /opt/mods -m x/y", level: High, besides: High},
	{cmd: "java /opt/Main.java", level: High, besides: High},
	{cmd: "java -javaagent:lib/agent.jar=x -jar target/app.jar", level: High, besides: Minimal},
	{cmd: "java src/Main.java", level: High, besides: Minimal},
	// the project's program run from another tree is that tree's code
	{cmd: "mvn -f $HOME/x/pom.xml spring-boot:run", level: High, besides: High},
	{cmd: "cargo run --manifest-path ~/other/Cargo.toml", level: High, besides: High},
	{cmd: "go run -C /opt/x .", level: High, besides: High},
	// ... but what the inline code is seen to do keeps its level
	{cmd: `python3 -c 'import os; os.system("curl https://example.com")'`, level: High, besides: High},
	{cmd: "python3 -c 'print(1)' > /etc/x", level: High, besides: High},
	{cmd: "frobnicate --x && git push", level: High, besides: High},
	// files that are not the project's
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
	{cmd: "npm run dev", level: High, besides: Minimal},
	{cmd: "npm test && rm -rf ~", level: High, besides: High},
	{cmd: "git push", level: High, besides: High},
}

func TestLevelBesidesUnseen(t *testing.T) {
	for _, tc := range projectCodeCases {
		v := Classify(tc.cmd, testEnv)
		if v.Level != tc.level {
			t.Errorf("Classify(%q).Level = %v (rules %s), want %v", tc.cmd, v.Level, ruleIDs(v), tc.level)
		}
		if got := v.LevelBesidesUnseen(); got != tc.besides {
			t.Errorf("Classify(%q).LevelBesidesUnseen() = %v (rules %s), want %v", tc.cmd, got, ruleIDs(v), tc.besides)
		}
	}
}

// A dangerous verdict, or one whose level its reasons do not explain,
// is never lowered.
func TestLevelBesidesUnseenFailsClosed(t *testing.T) {
	tests := []struct {
		name string
		v    Verdict
	}{
		{name: "dangerous", v: Verdict{Level: High, Dangerous: true,
			Reasons: []Reason{{Rule: "build", Level: Medium, Unseen: true}}}},
		{name: "dangerous reason", v: Verdict{Level: High,
			Reasons: []Reason{{Rule: "x", Level: High, Dangerous: true, Unseen: true}}}},
		{name: "unexplained level", v: Verdict{Level: High,
			Reasons: []Reason{{Rule: "build", Level: Medium, Unseen: true}}}},
		{name: "no reasons", v: Verdict{Level: High}},
	}
	for _, tt := range tests {
		if got := tt.v.LevelBesidesUnseen(); got != High {
			t.Errorf("%s: LevelBesidesUnseen() = %v, want high", tt.name, got)
		}
	}
}

// TestBoxable: which box serves a call (design §4): none when its point
// is the host outside the box, or it needs the network at its level and
// is not an install ("What the box cannot serve"); the medium box with
// the network for an install; the medium box whose listening ports are
// reached from outside for a server ("Servers in the medium box"), but
// the box with the network when an install comes with it; any box for
// everything else.
func TestBoxable(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // box, network, listen or host
	}{
		{"ps aux", "host"},
		{"pgrep node", "host"},
		{"top -b -n1", "host"},
		{"ss -tlnp", "host"},
		{"netstat -an", "host"},
		{"lsof -i", "host"},
		{"docker ps", "host"},
		{"podman ps", "host"},
		{"systemctl --user status", "host"},
		{"journalctl -n 5", "host"},
		{"tmux ls", "host"},
		{"screen -ls", "host"},
		{"npm ci", "network"},
		{"pip install -r requirements.txt", "network"},
		{"go mod download", "network"},
		{"git fetch", "host"},
		{"git pull", "host"},
		{"npm view react", "host"},
		{"gh pr list", "host"},
		{"ls -la | ps aux", "host"},
		{"ls -la", "box"},
		{"uname -a", "box"},
		{"git status", "box"},
		{"git commit -m x", "box"},
		{"go test ./...", "box"},
		{"python3 -c 'print(1)'", "box"},
		{"./run.sh", "box"},
		{"frobnicate --x", "box"},
		{"echo hi > out.txt", "box"},
		{"hugo server -D", "listen"},
		{"npm run dev", "listen"},
		{"jupyter lab --no-browser", "listen"},
		{"go test ./... && npm run dev", "listen"},
		{"npm ci && npm run dev", "network"},
		{"npm run dev & ps aux", "host"},
		{"npm run dev | grep -v x", "listen"},
		// left running in the background, a server would outlive the call
		{"npm run dev &", "host"},
		{"hugo server -D & sleep 2", "host"},
		{"(npm run dev &)", "host"},
		{"npm run dev & npm test", "host"},
	}
	for _, tt := range tests {
		v := Classify(tt.cmd, Env{Workspace: "/home/dev/proj", Home: "/home/dev"})
		got := "host"
		switch {
		case v.Boxable():
			got = "box"
		case v.BoxableWithNetwork():
			got = "network"
		case v.BoxableListening():
			got = "listen"
		}
		if got != tt.want {
			t.Errorf("Classify(%q): served by %s (rules %s), want %s", tt.cmd, got, ruleIDs(v), tt.want)
		}
	}
}

// TestProjectChosenCode: a command that runs code the current directory
// or the project's configuration chooses has a reason marked Unseen,
// though its own level is minimal (box red team RT-3, RT-15): python -m
// imports the module from the current directory first; cargo runs what
// .cargo/config.toml and rust-toolchain.toml name.
func TestProjectChosenCode(t *testing.T) {
	tests := []struct {
		cmd  string
		want bool
	}{
		{"python3 -m json.tool x.json", true},
		{"python -m pip index versions requests", true},
		{"python3 -mjson.tool x.json", true},
		{"cargo metadata --format-version 1", true},
		{"cargo tree", true},
		{"cargo fetch", true},
		{"cargo search serde", true},
		{"python3 --version", false},
		{"ls -la", false},
		{"ps aux", false},
		{"npm ls", false},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			v := Classify(tt.cmd, testEnv)
			got := false
			for _, r := range v.Reasons {
				got = got || r.Unseen
			}
			if got != tt.want {
				t.Errorf("%q: a reason is Unseen = %v, want %v (%v)", tt.cmd, got, tt.want, v.Reasons)
			}
		})
	}
}
