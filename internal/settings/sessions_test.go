package settings

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

func TestSessionApprovals(t *testing.T) {
	l := newLayout(t)
	now := fixedNow()
	approve := func(id, cmd, ws string, lvl classify.Level, at time.Time) {
		t.Helper()
		if err := UpdateSession(l.state, id, at, func(s *Session) { s.Approve(cmd, ws, lvl, at) }); err != nil {
			t.Fatal(err)
		}
	}
	approve("claude:abc", "curl x", "/w", classify.High, now.Add(-25*time.Hour))
	approve("claude:abc", "npm publish", "/w", classify.Medium, now.Add(-23*time.Hour))
	approve("claude:abc", "git push", "/w", classify.High, now)
	approve("claude:other", "rm x", "/w", classify.High, now)

	tests := []struct {
		name, id, cmd, ws string
		need              classify.Level
		at                time.Time
		want              bool
	}{
		{"same session, command, workspace", "claude:abc", "git push", "/w", classify.High, now, true},
		{"needs less than approved", "claude:abc", "git push", "/w", classify.Medium, now, true},
		{"needs more than approved", "claude:abc", "npm publish", "/w", classify.High, now, false},
		{"another workspace", "claude:abc", "git push", "/v", classify.High, now, false},
		{"another command", "claude:abc", "git push --force", "/w", classify.High, now, false},
		{"another session", "claude:abd", "git push", "/w", classify.High, now, false},
		{"another session's approval", "claude:abc", "rm x", "/w", classify.High, now, false},
		{"23 h old", "claude:abc", "npm publish", "/w", classify.Medium, now, true},
		{"25 h old", "claude:abc", "curl x", "/w", classify.High, now, false},
		{"expires at 24 h", "claude:abc", "git push", "/w", classify.High, now.Add(SessionTTL), false},
		{"granted in the future", "claude:abc", "git push", "/w", classify.High, now.Add(-time.Hour), false},
	}
	for _, tt := range tests {
		s, p := ReadSession(l.state, tt.id, tt.at)
		if p != nil {
			t.Fatal(p)
		}
		if got := s.Approved(tt.cmd, tt.ws, tt.need); got != tt.want {
			t.Errorf("%s: Approved(%q, %q, %v) = %v, want %v", tt.name, tt.cmd, tt.ws, tt.need, got, tt.want)
		}
	}
	data, err := os.ReadFile(filepath.Join(l.state, SessionsFile))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "claude:abc") {
		t.Errorf("the store holds the raw session id:\n%s", data)
	}
	if strings.Contains(string(data), "curl x") {
		t.Errorf("an expired approval was kept:\n%s", data)
	}
	if fi, _ := os.Stat(filepath.Join(l.state, SessionsFile)); fi.Mode().Perm() != 0o600 {
		t.Errorf("store mode = %v, want 0600", fi.Mode().Perm())
	}
}

func TestSessionStoreDamaged(t *testing.T) {
	l := newLayout(t)
	path := l.write(t, filepath.Join(l.state, SessionsFile), `{"sessions": {`)
	s, p := ReadSession(l.state, "x", fixedNow())
	if p == nil || !strings.Contains(p.String(), "nothing approved for a session applies") || len(s.Approvals) != 0 {
		t.Errorf("damaged store: session %+v, problem %v", s, p)
	}
	if err := UpdateSession(l.state, "x", fixedNow(), func(s *Session) { s.Approve("ls", "/w", classify.Low, fixedNow()) }); err != nil {
		t.Fatalf("UpdateSession over a damaged store: %v", err)
	}
	if s, p = ReadSession(l.state, "x", fixedNow()); p != nil || !s.Approved("ls", "/w", classify.Low) {
		t.Errorf("after rewrite: %+v, %v", s, p)
	}
	os.Remove(path)
	os.Mkdir(path, 0o700)
	if err := UpdateSession(l.state, "x", fixedNow(), func(*Session) {}); err == nil {
		t.Error("UpdateSession replaced a directory")
	}
}

func TestSessionWritersSerialize(t *testing.T) {
	l := newLayout(t)
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := "cmd " + string(rune('a'+i))
			if err := UpdateSession(l.state, "s", fixedNow(), func(s *Session) { s.Approve(cmd, "/w", classify.High, fixedNow()) }); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	s, _ := ReadSession(l.state, "s", fixedNow())
	if len(s.Approvals) != 30 {
		t.Errorf("30 concurrent approvals left %d", len(s.Approvals))
	}
}

func TestSessionLevelPrecedence(t *testing.T) {
	l := newLayout(t)
	l.write(t, l.global(), `{"level": "low"}`)
	o := l.options()
	o.SessionLevel, o.SessionMode = "medium", "block"
	e, _ := Load(o)
	if e.Level.Value.Level != classify.Medium || e.Level.Src.Kind != FromSession || e.Mode.Value != ModeBlock {
		t.Errorf("session level = %v (%v), mode %v", e.Level.Value, e.Level.Src, e.Mode.Value)
	}
	o.EnvLevel = "high"
	if e, _ = Load(o); e.Level.Value.Level != classify.High || e.Level.Src.Kind != FromEnv {
		t.Errorf("env under a session level = %v (%v), want env", e.Level.Value, e.Level.Src)
	}
	o.EnvLevel = ""
	l.write(t, l.managed, `{"level": "low"}`)
	if e, _ = Load(o); e.Level.Value.Level != classify.Low || !e.Capped {
		t.Errorf("managed cap under a session level = %v, capped %v", e.Level.Value, e.Capped)
	}
	o.SessionLevel = "sudo"
	os.Remove(l.managed)
	if e, _ = Load(o); e.Level.Value.Level != classify.Low || e.Level.Src.Kind != FromGlobal {
		t.Errorf("a damaged session level = %v (%v), want the global one", e.Level.Value, e.Level.Src)
	}
}
