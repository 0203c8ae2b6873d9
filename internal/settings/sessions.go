package settings

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
	"github.com/agent-permguard/permguard/internal/safefile"
)

// SessionsFile is the name, in the state directory, of what people
// granted for one session: "allow for this session" approvals and the
// session's level and mode. Everything in it expires after [SessionTTL].
const SessionsFile = "sessions.json"

// SessionTTL is how long a session's approvals, level and mode last.
const SessionTTL = 24 * time.Hour

// Bounds on the store, so that it stays small and quick to read on every
// call; past them the oldest entries go first.
const (
	maxSessions         = 256
	maxSessionApprovals = 200
)

// Session is what was granted for one session.
type Session struct {
	Level     string     `json:"level,omitempty"` // as ParsePermission reads it
	Mode      string     `json:"mode,omitempty"`
	Set       time.Time  `json:"set,omitzero"` // when Level or Mode was set
	Approvals []Approval `json:"approvals,omitempty"`
	Updated   time.Time  `json:"updated"`
}

// Approval is one "allow for this session": the call exactly as shown, in
// one workspace, needing at most Level. A call that needs more (because
// the settings changed) is not covered. Dangerous calls are never
// approved for a session.
type Approval struct {
	Command   string    `json:"command"`
	Workspace string    `json:"workspace"`
	Level     string    `json:"level"`
	Granted   time.Time `json:"granted"`
}

// sessionStore is the content of SessionsFile. Sessions are keyed by a
// hash of their id, so the file does not collect agents' session ids.
type sessionStore struct {
	Sessions map[string]*Session `json:"sessions"`
}

func sessionKey(id string) string {
	sum := sha256.Sum256([]byte("permguard session\x00" + id))
	return hex.EncodeToString(sum[:16])
}

// ReadSession returns what is granted, now, in the session id. A missing
// store is an empty session; an unreadable one, or one that is not the
// user's alone (a link, another user's file, a file others can write), is
// an empty session and a problem, so that nothing is approved by a file
// that cannot be read or that someone else could have written.
func ReadSession(stateDir, id string, now time.Time) (Session, *Problem) {
	if stateDir == "" || id == "" {
		return Session{}, nil
	}
	path := filepath.Join(stateDir, SessionsFile)
	// This runs on every call: only this session's entry is decoded, the
	// others are only scanned.
	var st struct {
		Sessions map[string]json.RawMessage `json:"sessions"`
	}
	data, err := readOwn(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Session{}, nil
	}
	var s Session
	if err == nil {
		err = json.Unmarshal(data, &st)
	}
	if raw, ok := st.Sessions[sessionKey(id)]; err == nil && ok {
		err = json.Unmarshal(raw, &s)
	}
	if err != nil {
		return Session{}, &Problem{File: path, Msg: fmt.Sprintf("cannot be read (%v); nothing approved for a session applies until it is fixed or removed", err)}
	}
	s.expire(now)
	return s, nil
}

func readSessions(path string) (sessionStore, error) {
	var st sessionStore
	data, err := readOwn(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	if err == nil {
		err = json.Unmarshal(data, &st)
	}
	return st, err
}

// UpdateSession changes the session id under the store's lock and writes
// the store atomically, dropping whatever has expired in every session.
// An unreadable store is replaced by a fresh one (it only ever grants, so
// losing it loses approvals, never a restriction).
func UpdateSession(stateDir, id string, now time.Time, change func(*Session)) error {
	if stateDir == "" {
		return errors.New("permguard's state directory is not known")
	}
	if id == "" {
		return errors.New("the session is not known")
	}
	if err := ownDir(stateDir); err != nil {
		return err
	}
	path := filepath.Join(stateDir, SessionsFile)
	unlock, err := lockFile(path, safefile.NoFollow)
	if err != nil {
		return err
	}
	defer unlock()
	st, err := readSessions(path)
	if err != nil && !errors.Is(err, ErrTooLarge) {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		if !errors.As(err, &syn) && !errors.As(err, &typ) {
			return fmt.Errorf("cannot read %s: %w", path, err)
		}
		st = sessionStore{}
	}
	if st.Sessions == nil {
		st.Sessions = map[string]*Session{}
	}
	key := sessionKey(id)
	s := st.Sessions[key]
	if s == nil {
		s = &Session{}
		st.Sessions[key] = s
	}
	change(s)
	s.Updated = now
	if len(s.Approvals) > maxSessionApprovals {
		s.Approvals = s.Approvals[len(s.Approvals)-maxSessionApprovals:]
	}
	for k, s := range st.Sessions {
		if s.expire(now) {
			delete(st.Sessions, k)
		}
	}
	if len(st.Sessions) > maxSessions {
		keys := make([]string, 0, len(st.Sessions))
		for k := range st.Sessions {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return st.Sessions[keys[i]].Updated.Before(st.Sessions[keys[j]].Updated) })
		for _, k := range keys[:len(keys)-maxSessions] {
			delete(st.Sessions, k)
		}
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(data, '\n'), safefile.NoFollow)
}

// expire drops what is older than SessionTTL and reports whether nothing
// is left.
func (s *Session) expire(now time.Time) (empty bool) {
	live := func(t time.Time) bool { return !t.After(now.Add(time.Minute)) && now.Sub(t) < SessionTTL }
	if !live(s.Set) {
		s.Level, s.Mode, s.Set = "", "", time.Time{}
	}
	kept := s.Approvals[:0]
	for _, a := range s.Approvals {
		if live(a.Granted) {
			kept = append(kept, a)
		}
	}
	s.Approvals = kept
	return s.Level == "" && s.Mode == "" && len(s.Approvals) == 0
}

// Approved reports whether the session approved command in workspace at
// a level of at least need.
func (s Session) Approved(command, workspace string, need classify.Level) bool {
	for _, a := range s.Approvals {
		if a.Command != command || a.Workspace != workspace {
			continue
		}
		if l, ok := classify.ParseLevel(a.Level); ok && need <= l {
			return true
		}
	}
	return false
}

// Approve adds an approval of command in workspace at level.
func (s *Session) Approve(command, workspace string, level classify.Level, now time.Time) {
	kept := s.Approvals[:0]
	for _, a := range s.Approvals {
		if a.Command != command || a.Workspace != workspace {
			kept = append(kept, a)
		}
	}
	s.Approvals = append(kept, Approval{Command: command, Workspace: workspace, Level: level.String(), Granted: now})
}
