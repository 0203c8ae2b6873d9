package cli

import (
	"testing"

	"github.com/agent-permguard/permguard/internal/settings"
)

func TestParsePermission(t *testing.T) {
	for s, want := range map[string]string{"minimal": "minimal", "low": "low", "medium": "medium", "high": "high",
		"bypassed": "bypassed", "High": "high", "BYPASSED": "bypassed", "read": "minimal"} {
		p, ok := settings.ParsePermission(s)
		if !ok || p.String() != want {
			t.Errorf("ParsePermission(%q) = %v, %v; want %s, true", s, p, ok, want)
		}
	}
	// "write" meant high, not writing: refused where a person types a
	// level, read as it always was where it was written before
	for _, s := range []string{"", "none", "dangerous", "bypass", "high ", "write", "Write"} {
		if p, ok := settings.ParsePermission(s); ok {
			t.Errorf("ParsePermission(%q) = %v, true; want false", s, p)
		}
	}
	for s, want := range map[string]string{"write": "high", "WRITE": "high", "medium": "medium"} {
		p, ok, warning := settings.ParseStoredPermission(s)
		if !ok || p.String() != want || (warning != "") != (want == "high") {
			t.Errorf("ParseStoredPermission(%q) = %v, %v, %q; want %s with a warning for write", s, p, ok, warning, want)
		}
	}
}
