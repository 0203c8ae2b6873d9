package hook

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Server answers one tool call as an agent's pre-tool hook: it reads the
// hook's own command line and at most [MaxPayloadBytes] of the call, has
// the call judged, and writes exactly one reply, in the agent's dialect.
// It fails closed: an unknown agent, a bad flag, a payload it cannot
// read, a judgement that fails, a panic, and no answer within Deadline
// are each the agent's deny, never an error the agent could read as "go
// ahead".
type Server struct {
	// Args are the command line after "hook" (ParseArgs).
	Args []string
	In   io.Reader
	// Write writes a reply: stdout exactly the reply, the reason on
	// stderr. What it returns, [Server.Serve] returns.
	Write func(Output) error
	// Answer judges a call decoded from In and gives its reply; an error
	// is the call's deny.
	Answer func(*Call) (Output, error)
	// Failed records a call denied without a judgement (the audit log):
	// agent as far as it is known, call once it is decoded.
	Failed func(agent Agent, call *Call, reason string)
	// Deadline bounds the call; at it, the reply is the deny and Exit ends
	// the process. 0 is no deadline.
	Deadline time.Duration
	Exit     func(code int)
}

// ParseArgs reads hook's command line: --agent NAME or --agent=NAME,
// nothing else. The agent is found first, so that any other mistake is
// answered in the dialect it names.
func ParseArgs(args []string) (agent string, err error) {
	agent = string(Auto)
	var problem error
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if problem == nil && i+1 < len(args) {
				problem = fmt.Errorf("hook takes no arguments, got %q: the tool call is read from stdin", args[i+1:])
			}
			break
		}
		switch {
		case a == "--agent":
			if i+1 == len(args) {
				problem = errors.New("flag needs an argument: --agent")
				continue
			}
			agent, i = args[i+1], i+1
		case strings.HasPrefix(a, "--agent="):
			agent = strings.TrimPrefix(a, "--agent=")
		case problem != nil:
			// the first mistake is the one reported
		case strings.HasPrefix(a, "-") && a != "-":
			problem = fmt.Errorf("unknown flag: %s", strings.SplitN(a, "=", 2)[0])
		default:
			problem = fmt.Errorf("hook takes no arguments, got %q: the tool call is read from stdin", args[i:])
		}
	}
	return agent, problem
}

// Serve answers the call: it returns what Write returned for the one
// reply, after writing it.
func (s *Server) Serve() (err error) {
	known := Auto
	var call *Call
	// One reply only: the call's, or the deadline's.
	var replied sync.Mutex
	done := false
	reply := func(out Output) error {
		replied.Lock()
		if done {
			// the deadline answered and is ending the process
			replied.Unlock()
			select {}
		}
		done = true
		defer replied.Unlock()
		return s.Write(out)
	}
	fail := func(reason string) error {
		s.Failed(known, call, reason)
		return reply(Failure(known, reason))
	}
	defer func() {
		// A panic anywhere below is the agent's deny, never a crash that
		// the agent could read as "go ahead".
		if r := recover(); r != nil {
			err = reply(Failure(known, fmt.Sprintf("permguard: internal error (%v); the tool call is denied. This is a bug in permguard.", r)))
			func() {
				defer func() { recover() }() // the reply is out; the log is best effort
				s.Failed(known, call, fmt.Sprintf("internal error: %v", r))
			}()
		}
	}()
	name, argErr := ParseArgs(s.Args)
	agent, ok := ParseAgent(name)
	if !ok {
		return fail(UnknownAgentError(name))
	}
	known = agent
	if s.Deadline > 0 {
		t := time.AfterFunc(s.Deadline, func() {
			replied.Lock()
			if done {
				replied.Unlock()
				return
			}
			done = true
			out := Failure(agent, fmt.Sprintf("permguard: no decision within %v; the tool call is denied. Run permguard doctor, and report it if it happens again.", s.Deadline))
			s.Write(out)
			s.Exit(out.Exit)
		})
		defer t.Stop()
	}
	if argErr != nil {
		return fail("permguard: " + argErr.Error() + "; the tool call is denied")
	}
	data, readErr := io.ReadAll(io.LimitReader(s.In, MaxPayloadBytes+1))
	if readErr != nil {
		return fail("permguard: cannot read the tool call on stdin (" + readErr.Error() + "); the tool call is denied")
	}
	call, decErr := Decode(data, agent)
	if decErr == nil && agent == Auto && call.Variant == Bare {
		decErr = &DecodeError{Err: ErrUnknownDialect}
	}
	if decErr != nil {
		if de, ok := decErr.(*DecodeError); ok && de.Agent != "" {
			known = de.Agent
		}
		call = nil
		return fail("permguard: " + decErr.Error() + "; the tool call is denied")
	}
	known = call.Agent
	out, err := s.Answer(call)
	if err != nil {
		return fail("permguard: " + err.Error() + "; the tool call is denied")
	}
	return reply(out)
}
