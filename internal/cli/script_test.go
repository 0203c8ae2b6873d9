package cli_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/agent-permguard/permguard/internal/cli"
	"github.com/agent-permguard/permguard/internal/install"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// TestMain lets the test binary run as permguard itself: scripts say
// "exec permguard ...", which runs the very cli.Main that cmd/permguard runs.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"permguard": func() {
			if path := os.Getenv("TEST_NOTIFY_LOG"); path != "" {
				cli.SetTestNotifier(path, os.Getenv("TEST_NOTIFY_FOCUS"))
			}
			if ok, err := strconv.ParseBool(os.Getenv("TEST_NAMESPACES")); err == nil {
				cli.SetTestNamespaces(ok)
			}
			if n, err := strconv.Atoi(os.Getenv("TEST_PLANTED_ENTRIES")); err == nil {
				cli.SetTestPlantedEntries(n)
			}
			os.Exit(cli.Main())
		},
	})
}

// TestScript runs the end-to-end scripts in testdata/script, one behaviour
// per file, named category first (check_json.txtar).
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") == "1",
		Setup: func(env *testscript.Env) error {
			// Settings, state, a managed file and a home of the script's
			// own, so no script ever sees the real user's or machine's
			// settings. The managed file does not exist unless a script
			// writes it.
			env.Setenv("PERMGUARD_CONFIG_DIR", env.WorkDir+"/cfg")
			env.Setenv("PERMGUARD_STATE_DIR", env.WorkDir+"/state")
			env.Setenv("PERMGUARD_MANAGED_FILE", env.WorkDir+"/etc/permguard/settings.json")
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("PERMGUARD_CLAUDE_MANAGED_FILE", env.WorkDir+"/etc/claude-code/managed-settings.json")
			// Never prompt on the terminal of whoever runs the tests; the
			// scripts that test the prompt unset this and give the
			// command a terminal of its own (ttyin). Notifications go to
			// a file the scripts can read.
			env.Setenv("PERMGUARD_NO_PROMPT", "1")
			env.Setenv("TEST_NOTIFY_LOG", env.WorkDir+"/notify.log")
			// No box can be had, as on a machine without user namespaces,
			// whatever this one allows: the scripts' answers are the
			// decisions themselves, the same on every machine. Scripts
			// about the boxes say "env TEST_NAMESPACES=1" (a box can be
			// had) or "env TEST_NAMESPACES=" (ask the kernel).
			env.Setenv("TEST_NAMESPACES", "0")
			// One session for the whole script unless it says otherwise.
			env.Setenv("PERMGUARD_SESSION", "script")
			if err := os.MkdirAll(env.WorkDir+"/home", 0o755); err != nil {
				return err
			}
			// $REPO is the checkout, for scripts that run one of its
			// scripts (demo.txtar runs scripts/demo.sh).
			repo, err := filepath.Abs("../..")
			if err != nil {
				return err
			}
			env.Setenv("REPO", repo)
			// $EXE is the binary's path as install writes it into an
			// entry, for scripts that compare an agent's file exactly.
			for _, dir := range filepath.SplitList(env.Getenv("PATH")) {
				if exe, err := filepath.EvalSymlinks(filepath.Join(dir, "permguard")); err == nil {
					env.Setenv("EXE", exe)
					break
				}
			}
			// $FALLBACK_<AGENT> is what the agent's entry runs after "||",
			// for scripts that compare a file or a report exactly.
			for _, t := range install.Targets() {
				if t.Fallback != "" {
					env.Setenv("FALLBACK_"+strings.ToUpper(t.Name), t.Fallback)
				}
			}
			// The shared payloads of every agent (testdata/payloads), for
			// scripts to feed with "stdin payloads/claude/bash-ls.json".
			return os.CopyFS(env.WorkDir+"/payloads", os.DirFS("../../testdata/payloads"))
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "root":
				// root reads files whatever their mode
				return os.Geteuid() == 0, nil
			case "landlock":
				_, err := sandbox.ABI()
				return err == nil, nil
			case "namespaces":
				// the build profile's namespaces can be made here
				code, err := sandbox.Run(sandbox.Profile{}, "/bin/true", []string{"true"}, nil)
				return err == nil && code == 0, nil
			case "outside":
				wd, err := os.Getwd()
				return err == nil && !inTemp(wd), err
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitcode,
			"repeat":   cmdRepeat,
			"expand":   cmdExpand,
			"outside":  cmdOutside,
			"jsonget":  cmdJSONGet,
		},
	})
}

// cmdExitcode runs "exitcode N program args..." and asserts that the program
// exits with status N exactly: "! exec" only says "not zero", and for
// permguard 1 (usage) and 2 (blocked) mean different things. stdout and
// stderr are kept for the commands that follow.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exitcode")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil || want < 0 {
		ts.Fatalf("exitcode: %q is not an exit status", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdRepeat runs "repeat NAME N TEXT": it sets $NAME to TEXT repeated N
// times, so scripts can pass inputs past the classifier's limits as an
// argument without a 100 KB script.
func cmdRepeat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: repeat NAME N TEXT")
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 0 {
		ts.Fatalf("repeat: %q is not a count", args[1])
	}
	ts.Setenv(args[0], strings.Repeat(args[2], n))
}

// cmdExpand runs "expand SRC DST": it writes DST with the text of SRC,
// $NAME and ${NAME} replaced by the script's variables, so that a payload
// can hold a value "repeat" made (a field past a bound) without a 5 KB
// line in the script.
func cmdExpand(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: expand SRC DST")
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(os.Expand(ts.ReadFile(args[0]), ts.Getenv)), 0o666))
}

// cmdJSONGet runs "jsonget NAME FILE KEY...": it sets $NAME to the
// string in the JSON file FILE at KEY..., each an object's key or a
// list's index, so that a script can run what an agent's file says, as
// the agent reads it.
func cmdJSONGet(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: jsonget NAME FILE KEY...")
	}
	var v any
	ts.Check(json.Unmarshal([]byte(ts.ReadFile(args[1])), &v))
	for _, k := range args[2:] {
		switch c := v.(type) {
		case map[string]any:
			v = c[k]
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(c) {
				ts.Fatalf("jsonget: no element %s", k)
			}
			v = c[i]
		default:
			ts.Fatalf("jsonget: nothing under %s", k)
		}
	}
	s, ok := v.(string)
	if !ok {
		ts.Fatalf("jsonget: %s %q holds %v, not a string", args[1], args[2:], v)
	}
	ts.Setenv(args[0], s)
}

// cmdOutside runs "outside NAME": it makes a directory outside every
// temporary directory (the sandbox lets programs write to those, and the
// script's own directory is one) and sets $NAME to it. It is made in the
// package's directory and removed when the script ends. Scripts check
// the [outside] condition first: where the package directory is in a
// temporary directory too, nothing could show the sandbox at work.
func cmdOutside(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: outside NAME")
	}
	wd, err := os.Getwd()
	ts.Check(err)
	if inTemp(wd) {
		ts.Fatalf("outside: %s is in a temporary directory; check [outside] first", wd)
	}
	dir, err := os.MkdirTemp(wd, ".sandbox-outside-")
	ts.Check(err)
	ts.Defer(func() { os.RemoveAll(dir) })
	ts.Setenv(args[0], dir)
}

// inTemp reports a directory in one the sandbox lets programs write.
func inTemp(dir string) bool {
	for _, tmp := range []string{"/tmp", "/var/tmp", os.Getenv("TMPDIR")} {
		if tmp != "" && (dir == tmp || strings.HasPrefix(dir, strings.TrimSuffix(tmp, "/")+"/")) {
			return true
		}
	}
	return false
}
