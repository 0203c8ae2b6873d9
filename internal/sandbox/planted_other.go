//go:build !linux

package sandbox

import (
	"errors"
	"time"
)

// Baseline is the workspace as it was just before a confined run. The
// build profile runs on Linux only; elsewhere there is nothing to scan.
type Baseline struct {
	Start    time.Time
	Writable []string
	TempDirs []string
}

// TakeBaseline reads the clock.
func TakeBaseline(string) Baseline { return Baseline{Start: time.Now()} }

// ScanPlanted finds nothing where no confined run can happen.
func ScanPlanted(string, Baseline, Budget) PlantedReport { return PlantedReport{} }

// Quarantine is Linux's only.
func Quarantine(Finding, time.Time) (string, error) {
	return "", errors.New("not supported on this system")
}
