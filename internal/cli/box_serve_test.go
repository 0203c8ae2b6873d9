package cli_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExecServeReached runs a development server as the hook's rewrite does
// (design §4, "Servers in the medium box"): `exec --box --level medium
// --serve` with Python's http.server, which permguard judges a server.
// From outside the box, the test reads the project's listing through the
// machine's 127.0.0.1; without --serve the same server in the same box is
// out of reach, and once the box ends, so is the port.
func TestExecServeReached(t *testing.T) {
	r := newRedteam(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	proj := r.project(filepath.Join(r.root, "proj"), map[string]string{"served-marker.txt": "hello\n"})
	self, env := r.self, r.env("medium")

	// serve starts the server in the box, with the flags given, and
	// returns a function that ends the box and waits for permguard
	serve := func(t *testing.T, port int, flags ...string) func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		args := append([]string{"exec", "--box", "--level", "medium"}, flags...)
		args = append(args, "--cwd", proj, "--", "python3", "-m", "http.server", strconv.Itoa(port), "--bind", "127.0.0.1")
		cmd := exec.CommandContext(ctx, self, args...)
		cmd.Args[0] = "permguard"
		cmd.Env, cmd.Dir = env, proj
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		return func() {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				<-done
			}
			cancel()
			if t.Failed() {
				t.Logf("permguard's stderr: %s", stderr.String())
			}
		}
	}
	get := func(port int) (string, error) {
		c := http.Client{Timeout: 2 * time.Second}
		resp, err := c.Get("http://127.0.0.1:" + strconv.Itoa(port) + "/")
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}

	t.Run("with --serve", func(t *testing.T) {
		port := freePort(t)
		stop := serve(t, port, "--serve")
		var body string
		var err error
		for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if body, err = get(port); err == nil {
				break
			}
		}
		if err != nil || !strings.Contains(body, "served-marker.txt") {
			stop()
			t.Fatalf("the box's server was not reached at 127.0.0.1:%d: %v %q", port, err, body)
		}
		stop()
		if _, err := get(port); err == nil {
			t.Errorf("127.0.0.1:%d still answers after the box ended", port)
		}
	})
	t.Run("without --serve", func(t *testing.T) {
		port := freePort(t)
		stop := serve(t, port)
		defer stop()
		time.Sleep(3 * time.Second) // ample for the server to listen in the box
		if body, err := get(port); err == nil {
			t.Errorf("the box's server was reached without --serve: %q", body)
		}
	})
}

// freePort is a TCP port no one listens on at 127.0.0.1 now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
