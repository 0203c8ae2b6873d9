package guard

import "testing"

// TestBoxWorkspace: no box serves a workspace that is the home
// directory, holds it, or is the root (box red team RT-1).
func TestBoxWorkspace(t *testing.T) {
	tests := []struct {
		name, ws, home string
		boxes          bool
	}{
		{"project", "/home/u/src/app", "/home/u", true},
		{"home", "/home/u", "/home/u", false},
		{"above home", "/home", "/home/u", false},
		{"root", "/", "/home/u", false},
		{"root, home unknown", "/", "", false},
		{"sibling with the home's prefix", "/home/u2", "/home/u", true},
		{"home unknown", "/home/u", "", true},
		{"workspace unknown", "", "/home/u", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why := BoxWorkspace(tt.ws, tt.home)
			if (why == "") != tt.boxes {
				t.Errorf("BoxWorkspace(%q, %q) = %q, want boxes %v", tt.ws, tt.home, why, tt.boxes)
			}
		})
	}
}
