package notify

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestHasBus(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the session bus is looked for on D-Bus systems only")
	}
	runtimeDir := t.TempDir()
	l, err := net.Listen("unix", filepath.Join(runtimeDir, "bus"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	emptyDir := t.TempDir()
	fileDir := t.TempDir()
	os.WriteFile(filepath.Join(fileDir, "bus"), nil, 0o600)

	tests := []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"nothing set", nil, false},
		{"address", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"}, true},
		{"autolaunch would start a daemon", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "autolaunch:"}, false},
		{"disabled", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "disabled:"}, false},
		{"runtime dir with the bus socket", map[string]string{"XDG_RUNTIME_DIR": runtimeDir}, true},
		{"runtime dir without it", map[string]string{"XDG_RUNTIME_DIR": emptyDir}, false},
		{"a plain file named bus is no bus", map[string]string{"XDG_RUNTIME_DIR": fileDir}, false},
	}
	for _, tt := range tests {
		if got := (Desktop{Getenv: envOf(tt.env)}).hasBus(); got != tt.want {
			t.Errorf("%s: hasBus() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNoBusSendsNothing(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("D-Bus systems only")
	}
	err := Desktop{Getenv: envOf(nil)}.Notify(context.Background(), Message{Title: "t", Body: "b"})
	if !errors.Is(err, ErrNoBus) {
		t.Errorf("Notify without a bus = %v, want ErrNoBus", err)
	}
}

// A bus that accepts the connection and never answers hangs beeep forever
// (go-notes §4c); the send must be abandoned at the timeout.
func TestSilentBusTimesOut(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("D-Bus systems only")
	}
	sock := filepath.Join(t.TempDir(), "bus")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // hold it open, say nothing
		}
	}()
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+sock)
	t.Setenv("PATH", t.TempDir()) // no notify-send, no kdialog
	done := make(chan error, 1)
	go func() {
		done <- Desktop{Getenv: os.Getenv}.Notify(context.Background(), Message{Title: "t", Body: "b", Critical: true})
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Notify on a silent bus = %v, want the deadline", err)
		}
	case <-time.After(10 * Timeout):
		t.Fatal("Notify on a silent bus did not return")
	}
}

func TestTmuxFocused(t *testing.T) {
	tests := []struct {
		out            string
		focused, known bool
	}{
		{"1 1 1\n", true, true},
		{"1 1 2\n", true, true},
		{"0 1 1\n", false, true},
		{"1 0 1\n", false, true},
		{"1 1 0\n", false, true},
		{"", false, false},
		{"1 1 x", false, false},
	}
	for _, tt := range tests {
		f, k := tmuxFocused(tt.out)
		if f != tt.focused || k != tt.known {
			t.Errorf("tmuxFocused(%q) = %v, %v; want %v, %v", tt.out, f, k, tt.focused, tt.known)
		}
	}
}

func TestFocusUnknownOutsideTmux(t *testing.T) {
	if runtime.GOOS == "darwin" {
		t.Skip("macOS asks System Events")
	}
	if _, known := (Desktop{Getenv: envOf(nil)}).Focused(context.Background()); known {
		t.Error("Focused() outside tmux claims to know")
	}
}
