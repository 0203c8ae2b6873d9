//go:build !linux

package sandbox

import (
	"errors"
	"time"
)

// Baseline is the workspace as it was just before a confined run. The
// build profile runs on Linux only; elsewhere there is nothing to scan.
type Baseline struct{ Start time.Time }

// TakeBaseline reads the clock.
func TakeBaseline(string) Baseline { return Baseline{Start: time.Now()} }

// Budget bounds the walk of [ScanPlanted].
type Budget struct {
	Entries int
	Time    time.Duration
}

// DefaultBudget is Linux's.
var DefaultBudget = Budget{Entries: 1_000_000, Time: 10 * time.Second}

// Kind says what a [Finding] is.
type Kind uint8

const (
	Planted Kind = iota
	RootPart
	RootMoved
)

// Finding is one foothold a confined run left for git.
type Finding struct {
	Kind Kind
	Path string
	Why  string
}

// PlantedReport is what [ScanPlanted] found.
type PlantedReport struct {
	Findings   []Finding
	Entries    int
	Elapsed    time.Duration
	Incomplete string
}

// ScanPlanted finds nothing where no confined run can happen.
func ScanPlanted(string, Baseline, Budget) PlantedReport { return PlantedReport{} }

// QuarantineSuffix begins the name a set-aside entry gets after its own.
const QuarantineSuffix = ".permguard-quarantine-"

// Quarantine is Linux's only.
func Quarantine(Finding, time.Time) (string, error) {
	return "", errors.New("not supported on this system")
}
