package classify

import "testing"

func TestGlobsMeet(t *testing.T) {
	tests := []struct {
		a, b    string
		dotglob bool
		want    bool
	}{
		{"credentials", "credentials", false, true},
		{"credentials", "credential", false, false},
		{".*", ".aws", false, true},
		{"*", ".aws", false, false},
		{"*", ".aws", true, true},
		{"?aws", ".aws", false, false},
		{".ss?", ".ssh", false, true},
		{"id_*", "id_*", false, true},
		{"id_*", "*.pub", false, true},
		{"*.log", "*.pem", false, false},
		{"*.p*", "*.pem", false, true},
		{"[a-c]ws", "aws", false, true},
		{"[!a]ws", "aws", false, false},
		{"[abc]", "[xyz]", false, true}, // two brackets are assumed to overlap
		{"c*r*e*d*s", "credentials", false, true},
		{"c*r*e*d*x", "credentials", false, false},
		{`\*`, "*", false, true},
	}
	for _, tt := range tests {
		if got := globsMeet(tt.a, tt.b, tt.dotglob); got != tt.want {
			t.Errorf("globsMeet(%q, %q, %v) = %v, want %v", tt.a, tt.b, tt.dotglob, got, tt.want)
		}
		if got := globsMeet(tt.b, tt.a, tt.dotglob); got != tt.want {
			t.Errorf("globsMeet(%q, %q, %v) = %v, want %v", tt.b, tt.a, tt.dotglob, got, tt.want)
		}
	}
}
