package audit

import (
	"testing"
	"time"
)

func TestFilter(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC)
	decisions := []string{Allow, Block, Ask, Allow, Block, Allow}
	recs := func() []Record {
		var out []Record
		for i, d := range decisions {
			out = append(out, Record{Time: t0.Add(time.Duration(i) * time.Hour), Decision: d, Command: string(rune('a' + i))})
		}
		return out
	}
	tests := []struct {
		decision string
		since    time.Time
		tail     int
		want     string
	}{
		{"", time.Time{}, 0, "abcdef"},
		{"", time.Time{}, 2, "ef"},
		{"", time.Time{}, 10, "abcdef"},
		{Allow, time.Time{}, 0, "adf"},
		{Block, time.Time{}, 1, "e"},
		{"", t0.Add(3 * time.Hour), 0, "def"},
		{Allow, t0.Add(90 * time.Minute), 1, "f"},
		{Ask, t0.Add(3 * time.Hour), 0, ""},
	}
	for _, tt := range tests {
		got := ""
		for _, r := range Filter(recs(), tt.decision, tt.since, tt.tail) {
			got += r.Command
		}
		if got != tt.want {
			t.Errorf("Filter(%q, %v, %d) = %q, want %q", tt.decision, tt.since, tt.tail, got, tt.want)
		}
	}
}

func TestParseAge(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"30m", 30 * time.Minute, true},
		{"24h", 24 * time.Hour, true},
		{"7d", 7 * 24 * time.Hour, true},
		{"0d", 0, true},
		{"1h30m", 90 * time.Minute, true},
		{"-1h", 0, false},
		{"-2d", 0, false},
		{"xd", 0, false},
		{"1.5d", 0, false},
		{"7", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseAge(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseAge(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
