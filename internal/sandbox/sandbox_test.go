package sandbox

import (
	"errors"
	"testing"
)

func TestParseMode(t *testing.T) {
	tests := []struct {
		in   string
		want Mode
		ok   bool
	}{
		{in: "", want: BestEffort, ok: true},
		{in: "best-effort", want: BestEffort, ok: true},
		{in: "require", want: Require, ok: true},
		{in: "off", want: Off, ok: true},
		{in: "required", ok: false},
		{in: "Require", ok: false},
	}
	for _, tt := range tests {
		got, ok := ParseMode(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseMode(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// ABI either reports a version or says why there is none, never both.
func TestABI(t *testing.T) {
	v, err := ABI()
	switch {
	case err == nil && v < 1:
		t.Errorf("ABI() = %d without an error", v)
	case err != nil && !errors.Is(err, ErrUnavailable):
		t.Errorf("ABI() error %v is not ErrUnavailable", err)
	case err != nil:
		t.Logf("no Landlock here: %v", err)
	default:
		t.Logf("Landlock ABI %d", v)
	}
}
