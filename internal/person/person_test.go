package person

import "testing"

// TestChoiceAllows pins which choices let a call run: the decision table
// reads a person's answer through it, so a choice added later must say.
func TestChoiceAllows(t *testing.T) {
	want := map[Choice]bool{Deny: false, AllowOnce: true, AllowSession: true, AlwaysAllow: true, DenyWithReason: false, Choice(-1): false, Choice(99): false}
	for c, allows := range want {
		if c.Allows() != allows {
			t.Errorf("%v.Allows() = %v, want %v", c, c.Allows(), allows)
		}
	}
	if Choice(99).String() != "Deny" || AllowSession.String() != "Allow for this session" {
		t.Errorf("labels: %q, %q", Choice(99), AllowSession)
	}
}
