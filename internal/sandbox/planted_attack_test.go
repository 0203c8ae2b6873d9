//go:build linux

package sandbox

// The second red team's attacks on ScanPlanted and Quarantine, kept as
// tests once fixed: each case runs a hostile script CONFINED, in a fake home
// and workspace under t.TempDir, then does what exec does afterwards
// (the scan, with a time limit the real exec lacks, and the quarantine),
// then runs an ordinary git status where the agent would. A case that
// makes git run $PROG after all that is a bypass.
//

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// evilRepo is a shell function the scripts use: DIR becomes a git
// directory whose config makes git status run $PROG.
const evilRepo = `
evil() { mkdir -p "$1/objects" "$1/refs"; echo 'ref: refs/heads/main' > "$1/HEAD"; printf '[core]\n\tfsmonitor = %s\n' "$PROG" > "$1/config"; }
`

var redTeamCases = []struct {
	name     string
	script   string
	runs     int      // confined runs, each with its own baseline and scan (default 1)
	triggers []string // where the agent runs git status afterwards
	fifo     string   // a FIFO to open for writing if the scan hangs, to let it end
}{
	{
		// the .git file is a FIFO: resolveGit -> readGitfile -> os.Open
		// blocks until someone opens it for writing, and nobody will
		name: "a FIFO .git hangs the scan, and the repository after it is never set aside",
		script: evilRepo + `
mkdir -p a && mkfifo a/.git
evil b/.git
mkdir -p build && echo built > build/out.txt
`,
		triggers: []string{"b"}, fifo: "a/.git",
	},
	{
		// a FIFO config in a new .git directory: configRuns -> os.Open
		name: "a FIFO config hangs the scan",
		script: evilRepo + `
mkdir -p a/.git/objects a/.git/refs && echo 'ref: refs/heads/main' > a/.git/HEAD && mkfifo a/.git/config
evil b/.git
`,
		triggers: []string{"b"}, fifo: "a/.git/config",
	},
	{
		// git strips only \n and \r from the end of a .git file; the
		// scan strips spaces and tabs too, and looks at another directory
		name: "a .git file whose path ends in a space",
		script: evilRepo + `
evil "$SCRATCH/evil "
mkdir -p "$SCRATCH/evil"
mkdir -p sub && printf 'gitdir: %s \n' "$SCRATCH/evil" > sub/.git
`,
		triggers: []string{"sub"},
	},
	{
		// the scan joins a relative gitdir lexically (filepath.Join
		// cleans l/.. away); the kernel follows the link l first
		name: "a relative .git file through a symbolic link and ..",
		script: evilRepo + `
mkdir -p "$SCRATCH/a/b" sub/evil
evil "$SCRATCH/a/evil"
ln -s "$SCRATCH/a/b" sub/l
printf 'gitdir: l/../evil\n' > sub/.git
`,
		triggers: []string{"sub"},
	},
	{
		// HEAD, refs and objects/ in one directory make the walk take it
		// for a bare repository and skip its objects/; any repository
		// below objects/ is never seen
		name: "a repository below a fake bare repository's objects/",
		script: evilRepo + `
mkdir -p pkg/objects/lib && : > pkg/HEAD && : > pkg/refs
echo 'x' > pkg/objects/lib/index.js
evil pkg/objects/lib/.git
`,
		triggers: []string{"pkg/objects/lib"},
	},
	{
		// the walk follows no symbolic link, so a directory of the
		// workspace that is one is never looked into
		name: "a symbolic link to a directory outside holding a repository",
		script: evilRepo + `
mkdir -p "$SCRATCH/x/lib" && echo x > "$SCRATCH/x/lib/index.js"
evil "$SCRATCH/x/lib/.git"
ln -s "$SCRATCH/x/lib" vendored
`,
		triggers: []string{"vendored"},
	},
	{
		// run 1 hides a repository in the workspace's own .git/objects
		// (writable, never scanned); run 2 renames its PARENT into the
		// work tree: the .git and everything in it keep run 1's ctimes
		name: "a repository made by one run, moved into place by its parent by the next",
		script: evilRepo + `
if [ -d .git/objects/pack/.stash/lib ]; then
  mv .git/objects/pack/.stash/lib vendor-lib
else
  mkdir -p .git/objects/pack/.stash/lib && echo x > .git/objects/pack/.stash/lib/index.js
  evil .git/objects/pack/.stash/lib/.git
fi
`,
		runs: 2, triggers: []string{"vendor-lib"},
	},
	{
		// the same trailing-space .git file, plus a gitlink for sub in the
		// workspace's own index (writable: builds commit): a plain git
		// status at the ROOT recurses into sub and runs the program
		name: "root git status through a gitlink in the index",
		script: evilRepo + `
evil "$SCRATCH/evil "
mkdir -p "$SCRATCH/evil"
mkdir -p sub && printf 'gitdir: %s \n' "$SCRATCH/evil" > sub/.git
git update-index --add --cacheinfo 160000,1111111111111111111111111111111111111111,sub
`,
		triggers: []string{"."},
	},
	{
		// held? a planted repository under a name with a newline
		name: "held: a planted repository under a name with a newline",
		script: evilRepo + `
d="$(printf 'a\nb')"; mkdir -p "$d"; evil "$d/.git"
`,
		triggers: []string{"a\nb"},
	},
	{
		// every name Quarantine tries for the next 21 seconds is taken:
		// exec warns and exits 77, but the repository stays
		name: "the quarantine names taken in advance",
		script: evilRepo + `
evil sub/.git
now=$(date -u +%s)
for s in $(seq 0 20); do
  ts=$(date -u -d "@$((now + s))" +%Y%m%dT%H%M%SZ)
  mkdir -p "sub/.git.permguard-quarantine-$ts"
  for i in $(seq 1 99); do mkdir "sub/.git.permguard-quarantine-$ts-$i"; done
done
`,
		triggers: []string{"sub"},
	},
}

func TestPlantedAttacks(t *testing.T) {
	for _, tc := range redTeamCases {
		t.Run(tc.name, func(t *testing.T) {
			e := newPlantedEnv(t)
			scratch := filepath.Join(e.root, "scratch")
			must(t, os.MkdirAll(scratch, 0o755))
			e.mustGit(".", "init", "-q")
			e.mustGit(".", "commit", "-q", "--allow-empty", "-m", "a")
			e.write("attack.sh", tc.script)
			runs := max(tc.runs, 1)
			var rep PlantedReport
			for i := range runs {
				waitTick(t)
				var hung bool
				rep, hung = confinedRunAndScan(t, e, scratch)
				t.Logf("run %d: findings %+v, incomplete %q, hung %v", i+1, rep.Findings, rep.Incomplete, hung)
				if hung {
					// what the agent's tool timeout leaves: permguard
					// killed mid-scan, nothing set aside
					for _, dir := range tc.triggers {
						e.ran()
						e.git(dir, "status")
						if e.ran() {
							t.Errorf("BYPASS: the scan hangs (exec never returns); git status in %q runs the program", dir)
						}
					}
					unblockFIFO(t, filepath.Join(e.ws, tc.fifo))
					return
				}
				for _, f := range rep.Findings {
					if _, err := Quarantine(f, time.Now()); err != nil {
						t.Errorf("Quarantine(%q): %v", f.Path, err)
					}
				}
			}
			for _, dir := range tc.triggers {
				e.ran()
				out := e.git(dir, "status")
				if e.ran() {
					t.Errorf("BYPASS: after the scan and quarantine, git status in %q runs the program (findings %d, incomplete %q)\n%s",
						dir, len(rep.Findings), rep.Incomplete, out)
				}
			}
		})
	}
}

// confinedRunAndScan runs attack.sh confined as exec does, then scans
// with a deadline; hung reports a scan that did not end.
func confinedRunAndScan(t *testing.T, e *plantedEnv, scratch string) (rep PlantedReport, hung bool) {
	t.Helper()
	base := e.runConfined(scratch, "attack.sh")
	done := make(chan PlantedReport, 1)
	go func() { done <- ScanPlanted(e.ws, base, DefaultBudget) }()
	select {
	case rep = <-done:
		return rep, false
	case <-time.After(DefaultBudget.Time + 5*time.Second):
		return PlantedReport{}, true
	}
}

// unblockFIFO lets a scan blocked opening p go on: a writer that opens
// and closes it gives the reader EOF.
func unblockFIFO(t *testing.T, p string) {
	fd, err := unix.Open(p, unix.O_RDWR|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Logf("unblock %s: %v", p, err)
		return
	}
	time.Sleep(100 * time.Millisecond)
	unix.Close(fd)
}

// TestPlantedAttackBudget: a run that leaves more entries than the budget
// (here scaled down to 1,000 for the machine's sake; DefaultBudget is
// 1,000,000) in one directory hides a repository below it: the walk reads
// the big directory, passes the budget, and queues nothing more. (One
// beside it in a small branch is found: the other workers get there
// while one reads the big directory.)
// The exec then exits 77 with a warning, or with the program's own status
// if it failed; nothing is set aside and the repository stays.
func TestPlantedAttackBudget(t *testing.T) {
	e := newPlantedEnv(t)
	e.mustGit(".", "init", "-q")
	waitTick(t)
	base := TakeBaseline(e.ws)
	for i := range 1001 {
		e.write(fmt.Sprintf("a/f%d", i), "")
	}
	e.mustGit("a/y", "init", "-q")
	e.appendTo("a/y/.git/config", e.evil())
	rep := ScanPlanted(e.ws, base, Budget{Entries: 1000})
	t.Logf("findings %+v, incomplete %q, entries %d", rep.Findings, rep.Incomplete, rep.Entries)
	if rep.Incomplete == "" {
		t.Fatalf("the budget was not reached")
	}
	for _, f := range rep.Findings {
		if strings.HasPrefix(f.Path, filepath.Join(e.ws, "a", "y")) {
			return
		}
	}
	// not found: the report says the check is incomplete, and exec ends
	// with 77 and a warning whatever the program's status
	// (exec_planted.txtar)
}
