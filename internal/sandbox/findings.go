package sandbox

import "time"

// What the check after a confined run reports (planted.go, Linux; none
// elsewhere, planted_other.go): the same types on every system, so that
// exec builds for all.

// Budget bounds the walk of [ScanPlanted].
type Budget struct {
	Entries int           // directory entries read
	Time    time.Duration // wall time
}

// DefaultBudget covers a workspace with a large node_modules ten times
// over: about 0.2 s per 100,000 entries, warm, on two cores (design §4).
// The time is a bound for a file system that answers slowly (a network
// one), not one a local workspace within the entries should reach.
var DefaultBudget = Budget{Entries: 1_000_000, Time: 10 * time.Second}

// Kind says what a [Finding] is.
type Kind uint8

const (
	// Planted is a repository created or changed during the run that can
	// run programs: a .git entry (set aside whole), or a directory that
	// is a bare repository (its HEAD set aside).
	Planted Kind = iota
	// RootPart is a part of the workspace's own repository that can run
	// programs (a hook, commondir, config.worktree) changed during the
	// run: set aside alone, the repository kept. Its Why is "changed",
	// or "replaced" for a directory swapped for another.
	RootPart
	// RootMoved is the workspace's own .git moved or replaced during the
	// run; nothing is set aside for it.
	RootMoved
	// PythonStart is a file Python runs at every start (a .pth,
	// sitecustomize.py) made or changed in a site-packages of the
	// workspace: set aside alone.
	PythonStart
	// HoleMade is a file hole of the build profile (.envrc, .mcp.json,
	// .gitmodules, ...) that did not exist before the run and does now:
	// no placeholder covered it (holes_linux.go), so the run could make
	// it; set aside whole, whatever it is.
	HoleMade
)

// Finding is one foothold a confined run left for git or Python.
type Finding struct {
	Kind Kind
	// Path is what to set aside; for RootMoved, where the workspace's
	// .git was found after the run ("" when not found).
	Path string
	Why  string // what can run, or what happened: "core.fsmonitor in config", "hooks/pre-commit"
}

// LinkOut is a symbolic link the run made or changed in the workspace
// that leads out of it (and out of the temporary directories): what is
// written through it changes a file outside. Reported, left in place: a
// virtual environment's bin/python leads to the system's Python.
type LinkOut struct {
	Path string
	// Target is where the link leads, its links followed as the kernel
	// would; a part that does not exist is taken as written. Loop says
	// the links went on past what the kernel follows (Target is then
	// the link's own text).
	Target string
	Loop   bool
}

// PlantedReport is what [ScanPlanted] found.
type PlantedReport struct {
	Findings []Finding
	LinksOut []LinkOut // by path
	Entries  int       // directory entries read
	Elapsed  time.Duration
	// Incomplete says why part of the workspace was not looked at (the
	// budget ran out, a directory could not be read); "" when all was.
	Incomplete string
}

// QuarantineSuffix begins the name a set-aside entry gets after its own.
const QuarantineSuffix = ".permguard-quarantine-"
