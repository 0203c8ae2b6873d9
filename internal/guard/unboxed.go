package guard

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/classify"
)

// What may not run unboxed where boxes run (design §4, "Unboxed beside
// the boxes"). A box at low or medium writes the workspace and the
// temporary directories; what it wrote there is code nobody has seen,
// and a call that runs unboxed within the level (row 3b, because the
// box cannot serve it) must not run it with every right of the user.
// Each such call gets a reason one level above the level in force, so it
// is asked (or blocked in mode block) and says why.

// BoxWorkspace says why no box may serve calls in workspace, or "". A
// box writes its workspace whole; where that is the home directory, an
// ancestor of it, or the root, it would write the shell's startup files
// and ~/.local/bin, which run outside any box later (box red team RT-1).
// There, calls are decided as without boxes.
func BoxWorkspace(workspace, home string) string {
	switch {
	case workspace == "/":
		return "the workspace is the root directory"
	case home != "" && workspace == home:
		return "the workspace is the home directory"
	case home != "" && workspace != "" && within(workspace, home):
		return "the workspace holds the home directory"
	}
	return ""
}

// unboxedRules are the rules of reasons the guard adds to a verdict for
// what must not run unboxed beside the boxes.
const (
	ruleUnseenUnboxed = "unseen-unboxed"
)

// unboxedRisks returns v with a reason for each thing it would run
// unboxed that a box may have written, given that the call is within
// the level perm and would run unboxed there.
func (ev *Evaluation) unboxedRisks(v classify.Verdict, perm classify.Level) classify.Verdict {
	above := perm + 1
	var add []classify.Reason
	if host, unseen := firstHost(v), firstUnseen(v); unseen != nil {
		what := "something no box can serve"
		if host != nil {
			what = fmt.Sprintf("%s (%s)", host.Snippet, host.Message)
		}
		add = append(add, classify.Reason{Rule: ruleUnseenUnboxed, Level: above, Pos: unseen.Pos, Snippet: unseen.Snippet,
			Message: fmt.Sprintf("runs code nobody has seen (%s: %s) beside %s, so none of it can run in the box, and unboxed that code could do anything; run the two as separate calls",
				unseen.Snippet, unseen.Message, what)})
	}
	if len(add) == 0 {
		return v
	}
	v.Reasons = append(append([]classify.Reason(nil), v.Reasons...), add...)
	v.Level = max(v.Level, above)
	return v
}

// firstHost is the first reason of v no box can serve, or nil.
func firstHost(v classify.Verdict) *classify.Reason {
	for i, r := range v.Reasons {
		if r.Host {
			return &v.Reasons[i]
		}
	}
	return nil
}

// firstUnseen is the first reason of v raised for code nobody has seen,
// or nil.
func firstUnseen(v classify.Verdict) *classify.Reason {
	for i, r := range v.Reasons {
		if r.Unseen {
			return &v.Reasons[i]
		}
	}
	return nil
}
