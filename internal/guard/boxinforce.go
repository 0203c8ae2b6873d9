package guard

import (
	"fmt"
	"path/filepath"

	"github.com/agent-permguard/permguard/internal/settings"
)

// BoxInForce is which box the shell calls of the level in force run in
// (design §4, rows boxed and sandboxed), for doctor and the status line:
// the level whose box it is, or why none is.
type BoxInForce struct {
	On    bool
	Level settings.Permission // the level in force, whose box it is
	// why no box is in force, in full (doctor) and in a few words (the
	// status line)
	Why, Short string
}

// BoxOf says which box is in force for eff, where available says whether
// the boxes can be had here (sandbox.BoxAvailable). The setting and the
// level are read first: where they rule a box out, the kernel is not
// asked.
func BoxOf(eff *settings.Effective, available func() (bool, string)) BoxInForce {
	perm := eff.Level.Value
	switch {
	case eff.Sandbox.Value == settings.SandboxOff:
		return BoxInForce{Why: fmt.Sprintf(`"sandbox" is "off" (%s): allowed calls run unboxed, code nobody has seen is asked about`, eff.Sandbox.Src),
			Short: "sandbox off"}
	case perm.Bypassed:
		return BoxInForce{Why: "the level is bypassed, which has no box: allowed calls run unboxed", Short: "bypassed"}
	case BoxAllows(perm.Level) == "":
		return BoxInForce{Why: fmt.Sprintf("level %s has no box: allowed calls run unboxed", perm), Short: "level " + perm.String()}
	}
	if available == nil {
		return BoxInForce{Why: "whether a box can be had here is unknown", Short: "unknown here"}
	}
	if ok, why := available(); !ok {
		return BoxInForce{Why: "no box can be had here: " + why + "; calls run unboxed, code nobody has seen is asked about", Short: "none here, see permguard doctor"}
	}
	return BoxInForce{On: true, Level: perm}
}

// Text is the box in force for doctor: the box and what it allows, or
// why there is none.
func (b BoxInForce) Text() string {
	if !b.On {
		return "none: " + b.Why
	}
	return fmt.Sprintf("the box of level %s: %s", b.Level, BoxAllows(b.Level.Level))
}

// Status is the box in force for the status line.
func (b BoxInForce) Status() string {
	if !b.On {
		return "no box: " + b.Short
	}
	return "boxed"
}

// StatusLine is the line permguard statusline prints for eff: the level
// in force, marked where a session set it or a file it cannot use capped
// it, the mode, and the box in force ("permguard medium · ask · boxed").
// available is as for [BoxOf].
func StatusLine(eff *settings.Effective, available func() (bool, string)) string {
	level := eff.Level.Value.String()
	switch {
	case eff.Level.Src.Unsafe:
		level += " (capped: " + filepath.Base(eff.Level.Src.Name) + " not yours alone)"
	case eff.Level.Src.Unusable:
		// the one problem a prompt shows: the level is not what was set
		level += " (capped: " + filepath.Base(eff.Level.Src.Name) + " unreadable)"
	case eff.Level.Src.Kind == settings.FromSession:
		level += " (session)"
	}
	return fmt.Sprintf("permguard %s · %s · %s", level, eff.Mode.Value, BoxOf(eff, available).Status())
}
