//go:build unix

// Package scripts holds the tests of the shell scripts beside them.
package scripts

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestProgressThroughPipe runs test.sh as CI and "make test | tee" do,
// with its stdout a pipe, under each awk this machine has (Debian's awk is
// mawk), with a stand-in for go whose events the test hands over one
// package at a time: each package's line must arrive before the next
// package's events are written, with its duration as a person reads it and
// its count in words. An awk that holds its output, or its input, until
// the end makes the test wait for a line that never comes.
func TestProgressThroughPipe(t *testing.T) {
	found := 0
	for _, name := range []string{"mawk", "gawk", "original-awk", "busybox"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		found++
		t.Run(name, func(t *testing.T) { progressThroughPipe(t, name, path) })
	}
	if found == 0 {
		t.Skip("no awk known here (mawk, gawk, original-awk, busybox)")
	}
}

func progressThroughPipe(t *testing.T, name, path string) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	awk := "#!/bin/sh\nexec " + path + " \"$@\"\n"
	if name == "busybox" {
		awk = "#!/bin/sh\nexec " + path + " awk \"$@\"\n"
	}
	events := filepath.Join(dir, "events")
	if err := syscall.Mkfifo(events, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	// go vet passes; go test streams what the test writes into the FIFO
	fakeGo := "#!/bin/sh\n[ \"$1\" = vet ] && exit 0\nexec cat \"$PG_EVENTS\"\n"
	for file, text := range map[string]string{filepath.Join(bin, "awk"): awk, filepath.Join(dir, "go"): fakeGo} {
		if err := os.WriteFile(file, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("./test.sh")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GO="+filepath.Join(dir, "go"), "PG_EVENTS="+events)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string)
	go func() {
		defer close(lines)
		r := bufio.NewReader(stdout)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	// wait reads lines until one is want, within a time no test run takes
	// to print one package's line.
	var seen []string
	wait := func(want string) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("%s: test.sh ended before %q; it printed %q; stderr %q", name, want, seen, stderr.String())
				}
				seen = append(seen, line)
				if line == want {
					return
				}
			case <-timeout:
				t.Fatalf("%s: %q did not arrive through the pipe within 10s of its package ending; so far %q", name, want, seen)
			}
		}
	}
	w, err := os.OpenFile(events, os.O_WRONLY, 0) // waits for the stand-in's cat
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	send := func(format string, args ...any) {
		t.Helper()
		if _, err := fmt.Fprintf(w, format+"\n", args...); err != nil {
			t.Fatal(err)
		}
	}
	const module = "github.com/agent-permguard/permguard/"
	send(`{"Action":"pass","Package":"%sinternal/one","Test":"TestA","Elapsed":0.01}`, module)
	send(`{"Action":"pass","Package":"%sinternal/one","Elapsed":10.475999999999999}`, module)
	wait(".\n")
	wait("ok    internal/one (1 test, 10.5s)\n")
	send(`{"Action":"pass","Package":"%sinternal/two","Test":"TestA","Elapsed":0}`, module)
	send(`{"Action":"pass","Package":"%sinternal/two","Test":"TestB","Elapsed":0}`, module)
	send(`{"Action":"pass","Package":"%sinternal/two","Elapsed":0.04}`, module)
	wait("..\n")
	wait("ok    internal/two (2 tests, 0.0s)\n")
	send(`{"Action":"skip","Package":"%sinternal/three","Elapsed":0}`, module)
	wait("      internal/three (no tests)\n")
	w.Close()
	for line := range lines {
		seen = append(seen, line)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%s: test.sh: %v; stdout %q; stderr %q", name, err, seen, stderr.String())
	}
	if last := seen[len(seen)-1]; !strings.HasPrefix(last, "== all tests passed in ") {
		t.Errorf("%s: last line %q", name, last)
	}
}
