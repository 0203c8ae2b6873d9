package audit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Filter keeps the records of recs that have the decision (any, when
// decision is "") and are not older than since, then the last tail of
// them (all, when tail is 0). It reuses recs' array.
func Filter(recs []Record, decision string, since time.Time, tail int) []Record {
	kept := recs[:0]
	for _, r := range recs {
		if (decision == "" || r.Decision == decision) && !r.Time.Before(since) {
			kept = append(kept, r)
		}
	}
	if tail > 0 && len(kept) > tail {
		kept = kept[len(kept)-tail:]
	}
	return kept
}

// ParseAge reads a duration as [time.ParseDuration] does, and whole days
// ("7d"), which is how people think of a log's age.
func ParseAge(s string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a number of days", days)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err == nil && d < 0 {
		err = errors.New("the duration is negative")
	}
	return d, err
}
