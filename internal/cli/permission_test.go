package cli

import (
	"testing"

	"github.com/agent-permguard/permguard/internal/settings"
)

func TestParsePermission(t *testing.T) {
	for s, want := range map[string]string{"minimal": "minimal", "low": "low", "medium": "medium", "high": "high",
		"bypassed": "bypassed", "High": "high", "BYPASSED": "bypassed", "read": "minimal", "write": "high"} {
		p, ok := settings.ParsePermission(s)
		if !ok || p.String() != want {
			t.Errorf("ParsePermission(%q) = %v, %v; want %s, true", s, p, ok, want)
		}
	}
	for _, s := range []string{"", "none", "dangerous", "bypass", "high "} {
		if p, ok := settings.ParsePermission(s); ok {
			t.Errorf("ParsePermission(%q) = %v, true; want false", s, p)
		}
	}
}
