package notify

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/gen2brain/beeep"
)

// Desktop sends notifications to the desktop with beeep.
type Desktop struct {
	Getenv func(string) string
}

// Notify sends m, or returns ErrNoBus at once when there is no session
// bus to send it on (a headless machine, CI, ssh).
func (d Desktop) Notify(ctx context.Context, m Message) error {
	if !d.hasBus() {
		return ErrNoBus
	}
	beeep.AppName = "permguard"
	return withTimeout(ctx, Timeout, func() error {
		if m.Critical {
			if err := critical(m); err == nil {
				return nil
			}
		}
		return beeep.Notify(m.Title, m.Body, "")
	})
}

// Available says whether notifications can be delivered here, and why
// not, for permguard doctor.
func (d Desktop) Available() (bool, string) {
	if d.hasBus() {
		return true, "a desktop session is reachable"
	}
	return false, "no desktop session bus (DBUS_SESSION_BUS_ADDRESS unset and no $XDG_RUNTIME_DIR/bus)"
}

// hasBus reports whether a notification can be delivered without starting
// anything: on the D-Bus systems, a session bus address or the per-user
// bus socket must exist.
func (d Desktop) hasBus() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly", "illumos":
	default:
		return true
	}
	if addr := d.Getenv("DBUS_SESSION_BUS_ADDRESS"); addr != "" {
		// "autolaunch:" and "disabled:" would start a daemon or fail slowly
		return !strings.HasPrefix(addr, "autolaunch:") && !strings.HasPrefix(addr, "disabled:")
	}
	if dir := d.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		if fi, err := os.Stat(filepath.Join(dir, "bus")); err == nil && fi.Mode()&os.ModeSocket != 0 {
			return true
		}
	}
	return false
}

// focusTimeout bounds asking tmux or macOS where the focus is.
const focusTimeout = 300 * time.Millisecond

// Focused asks tmux whether our pane is the active pane of the active
// window of an attached session, or macOS whether the terminal app is
// frontmost. Anywhere else the focus is unknown.
func (d Desktop) Focused(ctx context.Context) (focused, known bool) {
	ctx, cancel := context.WithTimeout(ctx, focusTimeout)
	defer cancel()
	if d.Getenv("TMUX") != "" {
		args := []string{"display-message", "-p"}
		if pane := d.Getenv("TMUX_PANE"); pane != "" {
			args = append(args, "-t", pane)
		}
		out, err := exec.CommandContext(ctx, "tmux", append(args, "#{pane_active} #{window_active} #{session_attached}")...).Output()
		if err != nil {
			return false, false
		}
		return tmuxFocused(string(out))
	}
	if runtime.GOOS == "darwin" {
		app := macTerminalApp(d.Getenv("TERM_PROGRAM"))
		if app == "" {
			return false, false
		}
		out, err := exec.CommandContext(ctx, "osascript", "-e",
			`tell application "System Events" to get name of first application process whose frontmost is true`).Output()
		if err != nil {
			return false, false
		}
		return strings.EqualFold(strings.TrimSpace(string(out)), app), true
	}
	return false, false
}

// tmuxFocused reads "pane_active window_active session_attached".
func tmuxFocused(out string) (focused, known bool) {
	f := strings.Fields(out)
	if len(f) != 3 {
		return false, false
	}
	attached, err := strconv.Atoi(f[2])
	if err != nil {
		return false, false
	}
	return f[0] == "1" && f[1] == "1" && attached > 0, true
}

// macTerminalApp maps $TERM_PROGRAM to the process name macOS reports
// for the frontmost app; "" when the terminal is not one we know.
func macTerminalApp(termProgram string) string {
	switch termProgram {
	case "Apple_Terminal":
		return "Terminal"
	case "iTerm.app":
		return "iTerm2"
	case "vscode":
		return "Code"
	case "WezTerm":
		return "wezterm-gui"
	case "ghostty":
		return "ghostty"
	}
	return ""
}
