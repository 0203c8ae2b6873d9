package cli

import (
	"fmt"

	"github.com/agent-permguard/permguard/internal/guard"
	"github.com/agent-permguard/permguard/internal/settings"
)

// boxInForce is which box the shell calls of the level in force run in
// (design §4, rows boxed and sandboxed): the level whose box it is, or ""
// with why none is.
type boxInForce struct {
	on    bool
	level settings.Permission // the level in force, whose box it is
	// why no box is in force, in full (doctor) and in a few words (the
	// status line)
	why, short string
}

// boxOf says which box is in force for eff, where available says whether
// the boxes can be had here (sandbox.BoxAvailable). The setting and the
// level are read first: where they rule a box out, the kernel is not
// asked.
func boxOf(eff *settings.Effective, available func() (bool, string)) boxInForce {
	perm := eff.Level.Value
	switch {
	case eff.Sandbox.Value == settings.SandboxOff:
		return boxInForce{why: fmt.Sprintf(`"sandbox" is "off" (%s): allowed calls run unboxed, code nobody has seen is asked about`, eff.Sandbox.Src),
			short: "sandbox off"}
	case perm.Bypassed:
		return boxInForce{why: "the level is bypassed, which has no box: allowed calls run unboxed", short: "bypassed"}
	case guard.BoxAllows(perm.Level) == "":
		return boxInForce{why: fmt.Sprintf("level %s has no box: allowed calls run unboxed", perm), short: "level " + perm.String()}
	}
	if available == nil {
		return boxInForce{why: "whether a box can be had here is unknown", short: "unknown here"}
	}
	if ok, why := available(); !ok {
		return boxInForce{why: "no box can be had here: " + why + "; calls run unboxed, code nobody has seen is asked about", short: "none here, see permguard doctor"}
	}
	return boxInForce{on: true, level: perm}
}

// text is the box in force for doctor: the box and what it allows, or
// why there is none.
func (b boxInForce) text() string {
	if !b.on {
		return "none: " + b.why
	}
	return fmt.Sprintf("the box of level %s: %s", b.level, guard.BoxAllows(b.level.Level))
}

// status is the box in force for the status line.
func (b boxInForce) status() string {
	if !b.on {
		return "no box: " + b.short
	}
	return "boxed"
}
