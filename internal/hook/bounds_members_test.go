package hook

import (
	"strings"
	"testing"
	"time"
)

// TestPayloadMembers: a payload with more keys and values than any tool
// call needs is refused before it is decoded, and fast; a large Write's
// content, one string, is not counted.
func TestPayloadMembers(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"tool_name":"Write","tool_input":{"file_path":"a","content":"x"`)
	for i := range 300000 {
		b.WriteString(`,"k`)
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(`":1`)
	}
	b.WriteString(`}}`)
	start := time.Now()
	if _, err := Decode([]byte(b.String()), Claude); err == nil || !strings.Contains(err.Error(), "keys and values") {
		t.Errorf("Decode(300,000 keys) = %v, want refused", err)
	}
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Logf("refusing took %v", d)
	}
	content := strings.Repeat(`a:b,c`, 200000)
	if _, err := Decode([]byte(`{"session_id":"s","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/w/a","content":"`+content+`"}}`), Claude); err != nil {
		t.Errorf("Decode(a Write of 1 MB of text with colons and commas) = %v, want it read", err)
	}
}
