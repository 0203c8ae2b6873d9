package cli

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/sandbox"
)

// boxRun is what exec --box did: the profile it confined the program to
// and the environment it gave it, or that it ran it unconfined.
type boxRun struct {
	confined bool
	profile  sandbox.Profile
	env      []string
	execed   bool
	res      checkResult
}

func runBoxExec(t *testing.T, level string, available bool, flags func(*ExecOptions)) (boxRun, string, string) {
	t.Helper()
	root := t.TempDir()
	ws, tmp, home := filepath.Join(root, "ws"), filepath.Join(root, "tmp"), filepath.Join(root, "home")
	for _, d := range []string{filepath.Join(ws, ".git", "hooks"), tmp, filepath.Join(home, ".cache"), filepath.Join(home, ".ssh")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(root, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ls", "npm", "curl", "bash"} {
		if err := os.WriteFile(filepath.Join(bin, name), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ios, _, out, errOut := testStreams()
	opts := &ExecOptions{callOptions: callOptions{IO: ios}, Level: level, Cwd: ws, Box: true, Args: []string{"ls"}}
	if flags != nil {
		flags(opts)
	}
	env := withState(t, map[string]string{"HOME": home, "PATH": bin, "PERMGUARD_NO_PROMPT": "1", "TMPDIR": tmp})
	opts.Getenv = envFunc(env)
	opts.Getwd = fixedWd(ws)
	opts.Environ = func() []string { return []string{"A=1", "TMPDIR=" + tmp} }
	opts.Classify = classify.Classify
	var r boxRun
	opts.Exec = func(string, []string, []string) error {
		r.execed = true
		return errors.New("exec stopped by the test")
	}
	opts.Confine = func(p sandbox.Profile, _ string, _, envv []string) (int, error) {
		r.confined, r.profile, r.env = true, p, envv
		return 0, nil
	}
	opts.BoxAvailable = func() (bool, string) { return available, "user.max_user_namespaces is 0" }
	err := execRun(opts)
	printError(errOut, err)
	r.res = checkResult{stdout: out.String(), stderr: errOut.String(), code: exitCode(err)}
	return r, ws, tmp
}

// TestExecBox: --box confines ls, allowed at every level, to the box of
// the level in force, and to none at high or bypassed.
func TestExecBox(t *testing.T) {
	tests := map[string]struct {
		level string
		// what the box lets the program write: the workspace, the real
		// temporary directory, a private one of its own
		wantConfined, wantWorkspace, wantTemp, wantPrivateTmp, wantHoles, wantShm bool
	}{
		"minimal":  {level: "minimal", wantConfined: true, wantPrivateTmp: true, wantShm: true},
		"low":      {level: "low", wantConfined: true, wantWorkspace: true, wantTemp: true, wantHoles: true, wantShm: true},
		"medium":   {level: "medium", wantConfined: true, wantWorkspace: true, wantTemp: true, wantHoles: true},
		"high":     {level: "high"},
		"bypassed": {level: "bypassed"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r, ws, tmp := runBoxExec(t, tt.level, true, nil)
			if r.confined != tt.wantConfined || r.execed == tt.wantConfined {
				t.Fatalf("confined %v, run unconfined %v; want confined %v (%+v)", r.confined, r.execed, tt.wantConfined, r.res)
			}
			if !tt.wantConfined {
				return
			}
			if r.res.code != 0 {
				t.Fatalf("exit %d: %s", r.res.code, r.res.stderr)
			}
			dirs := r.profile.Writable.Dirs
			if got := slices.Contains(dirs, ws); got != tt.wantWorkspace {
				t.Errorf("workspace writable = %v, want %v (%q)", got, tt.wantWorkspace, dirs)
			}
			if got := slices.Contains(dirs, tmp); got != tt.wantTemp {
				t.Errorf("$TMPDIR writable = %v, want %v (%q)", got, tt.wantTemp, dirs)
			}
			private := ""
			for _, kv := range r.env {
				if v, ok := strings.CutPrefix(kv, "TMPDIR="); ok && v != tmp {
					private = v
				}
			}
			if got := private != "" && slices.Contains(dirs, private) && strings.HasPrefix(private, tmp+"/permguard-box-"); got != tt.wantPrivateTmp {
				t.Errorf("private $TMPDIR = %q (writable %v), want one: %v", private, dirs, tt.wantPrivateTmp)
			}
			if private != "" {
				if _, err := os.Stat(private); err == nil {
					t.Errorf("the private temporary directory %s is left after the run", private)
				}
			}
			if got := slices.Contains(r.profile.ReadOnly, filepath.Join(ws, ".git", "hooks")); got != tt.wantHoles {
				t.Errorf("holes %q, want .git/hooks among them: %v", r.profile.ReadOnly, tt.wantHoles)
			}
			if got := slices.Contains(r.profile.Private, "/dev/shm"); got != tt.wantShm {
				t.Errorf("private %q, want /dev/shm: %v", r.profile.Private, tt.wantShm)
			}
			if r.profile.Network {
				t.Errorf("the box has the network")
			}
			if len(r.profile.Hidden) == 0 {
				t.Errorf("no secret hidden (~/.ssh exists)")
			}
			// the caches: a layer of the run's own below medium, gone
			// after it; the state directory's at medium
			if len(r.profile.Layers) != 1 {
				t.Fatalf("layers %+v, want ~/.cache's", r.profile.Layers)
			}
			upper := r.profile.Layers[0].Upper
			if tt.level == "medium" {
				if !strings.Contains(upper, "/state/") {
					t.Errorf("medium's layer %s is not in the state directory", upper)
				}
			} else if _, err := os.Stat(upper); err == nil || !strings.HasPrefix(upper, tmp+"/permguard-box-") {
				t.Errorf("the throwaway layer %s is kept, or not the run's own", upper)
			}
		})
	}
}

// TestExecBoxRefuses: no box, nothing runs; and --box takes no flag that
// would change the box.
func TestExecBoxRefuses(t *testing.T) {
	r, _, _ := runBoxExec(t, "low", false, nil)
	if r.confined || r.execed || r.res.code != 77 || !strings.Contains(r.res.stderr, "permguard: error: --box: the box of level low cannot be had here: user.max_user_namespaces is 0; nothing was run") {
		t.Errorf("no box at low: %+v", r)
	}
	// at high there is no box to have
	if r, _, _ := runBoxExec(t, "high", false, nil); !r.execed {
		t.Errorf("no box at high: %+v", r)
	}
	for name, f := range map[string]func(*ExecOptions){
		"sandbox":  func(o *ExecOptions) { o.Sandbox = "best-effort" },
		"profile":  func(o *ExecOptions) { o.Profile = "build" },
		"writable": func(o *ExecOptions) { o.Writable = []string{"/x"} },
	} {
		r, _, _ := runBoxExec(t, "low", true, f)
		if r.confined || r.execed || r.res.code != 1 {
			t.Errorf("--box with %s: %+v", name, r)
		}
	}
	if r, _, _ := runBoxExec(t, "low", true, func(o *ExecOptions) { o.Sandbox = "require" }); !r.confined {
		t.Errorf("--box --sandbox=require: %+v", r)
	}
}

// TestExecBoxNetwork: --box --network runs a package install within level
// medium in the medium box with the network, and --box --serve a server
// within medium in the medium box whose ports are reached from outside;
// exec, judging the command anew, refuses each for anything else before
// anything runs.
func TestExecBoxNetwork(t *testing.T) {
	tests := map[string]struct {
		level   string
		args    []string
		network bool // --network given
		serve   bool // --serve given
		want    bool // confined with the network
		// wantServe: confined with the box's ports reached from outside
		wantServe bool
		refused   bool // exit 77, nothing run
		// byDefault: no --box; a box can be had, so exec boxes as the
		// hook would
		byDefault bool
	}{
		"an install at medium":                {level: "medium", args: []string{"npm", "ci"}, network: true, want: true},
		"an install wrapped as the hook does": {level: "medium", args: []string{"bash", "-c", "npm ci"}, network: true, want: true},
		"an install at medium, no flag":       {level: "medium", args: []string{"npm", "ci"}},
		"a read at medium":                    {level: "medium", args: []string{"ls"}, network: true, refused: true},
		"the network at medium":               {level: "medium", args: []string{"curl", "https://example.com"}, network: true, refused: true},
		"an install and the network":          {level: "medium", args: []string{"bash", "-c", "npm ci && curl https://example.com"}, network: true, refused: true},
		"an install at low":                   {level: "low", args: []string{"npm", "ci"}, network: true, refused: true},
		"a read at low":                       {level: "low", args: []string{"ls"}, network: true, refused: true},
		// no sandbox flag: exec boxes as the hook would, the network too
		"an install at medium, by default": {level: "medium", args: []string{"npm", "ci"}, byDefault: true, want: true},
		"a read at medium, by default":     {level: "medium", args: []string{"ls"}, byDefault: true},
		// servers: --serve, at medium, for a server alone
		"a server at medium":                    {level: "medium", args: []string{"bash", "-c", "hugo server"}, serve: true, wantServe: true},
		"a dev script wrapped as the hook does": {level: "medium", args: []string{"bash", "-c", "npm run dev"}, serve: true, wantServe: true},
		"a server at medium, no flag":           {level: "medium", args: []string{"bash", "-c", "hugo server"}},
		"a server at medium, by default":        {level: "medium", args: []string{"bash", "-c", "hugo server"}, byDefault: true, wantServe: true},
		"a read with --serve":                   {level: "medium", args: []string{"ls"}, serve: true, refused: true},
		"an install with --serve":               {level: "medium", args: []string{"npm", "ci"}, serve: true, refused: true},
		"a server with --network":               {level: "medium", args: []string{"bash", "-c", "hugo server"}, network: true, refused: true},
		"a server at low":                       {level: "low", args: []string{"bash", "-c", "hugo server"}, serve: true, wantServe: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			r, ws, _ := runBoxExec(t, tt.level, true, func(o *ExecOptions) {
				o.Args, o.Network, o.Serve = tt.args, tt.network, tt.serve
				if tt.byDefault {
					o.Box = false
					o.Namespaces = func() error { return nil }
					o.Executable = func() (string, error) { return "/usr/bin/permguard", nil }
				}
			})
			if tt.refused {
				want := "permguard: error: --box --network: only a package install within level medium runs in a box with the network"
				if tt.serve {
					want = "permguard: error: --box --serve: only a server runs in a box whose ports are reached from outside"
				}
				if r.confined || r.execed || r.res.code != 77 || !strings.Contains(r.res.stderr, want) {
					t.Errorf("want a refusal, nothing run: %+v", r)
				}
				return
			}
			if !r.confined || r.execed || r.res.code != 0 {
				t.Fatalf("want it confined: %+v", r)
			}
			if r.profile.Network != tt.want {
				t.Errorf("network %v, want %v", r.profile.Network, tt.want)
			}
			if r.profile.Forward != tt.wantServe {
				t.Errorf("forward %v, want %v", r.profile.Forward, tt.wantServe)
			}
			if len(r.profile.Hidden) == 0 || !slices.Contains(r.profile.ReadOnly, filepath.Join(ws, ".git", "hooks")) {
				t.Errorf("the box with the network lost its holes or hidden secrets: %+v", r.profile)
			}
		})
	}
}
