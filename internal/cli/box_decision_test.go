package cli_test

// The box red team's findings against the decision (issue 25), fixed:
// each test failed while its finding stood.

import (
	"path/filepath"
	"strings"
	"testing"
)

// RT-7: "ss -K" closes the sockets its filter matches (as root, any
// process's); the hook allows it at minimal, unboxed.
func TestBoxDecisionSsKill(t *testing.T) {
	r := newRedteam(t)
	proj := r.project(filepath.Join(r.root, "proj"), nil)
	payload := `{"session_id":"rt","transcript_path":"/x.jsonl","cwd":` + quoteJSON(proj) +
		`,"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ss -K dst 127.0.0.1"}}`
	out, _ := r.run("minimal", proj, payload, "permguard", "hook", "--agent", "claude")
	if strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("ss -K allowed at minimal: %s", out)
	}
}
