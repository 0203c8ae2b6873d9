package sandbox

// Box is the box of one level (design §4, "The boxes"): what a call
// allowed at that level may touch, enforced by the kernel.
//
//   - BoxMinimal: reads anything but the secrets; writes only a private
//     temporary directory of its own and the caches through layers
//     thrown away after the run; the workspace is read-only.
//   - BoxLow: as BoxMinimal, and the workspace and the temporary
//     directories writable but for the build profile's read-only holes.
//   - BoxMedium: the build profile: as BoxLow, the caches through the
//     layers kept in permguard's state directory.
//
// Every box has no network but a loopback of its own, no Unix socket,
// no process of the user's outside it, and no terminal to type into.
// With Profile.Forward (Linux), the servers a box listens for on its
// loopback, from port 1024 up, are reached from the machine's 127.0.0.1
// at the same port: connections come in, none goes out.
type Box uint8

const (
	NoBox Box = iota // high, bypassed: the program runs unconfined
	BoxMinimal
	BoxLow
	BoxMedium
)

// BoxOf is the box of a level, by its name ("minimal", "low",
// "medium"); any other level, and a bypassed one, has none.
func BoxOf(level string, bypassed bool) Box {
	if bypassed {
		return NoBox
	}
	switch level {
	case "minimal":
		return BoxMinimal
	case "low":
		return BoxLow
	case "medium":
		return BoxMedium
	}
	return NoBox
}

func (b Box) String() string {
	return [...]string{"none", "minimal", "low", "medium"}[b]
}

// WorkspaceWritable reports whether the box lets the program write the
// workspace: then it has the read-only holes, their placeholders, and
// the check for planted repositories after the run.
func (b Box) WorkspaceWritable() bool { return b == BoxLow || b == BoxMedium }

// KeepsLayers reports whether the caches' layers are kept between runs
// (in permguard's state directory), rather than thrown away.
func (b Box) KeepsLayers() bool { return b == BoxMedium }
