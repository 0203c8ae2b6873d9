package guard

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agent-permguard/permguard/internal/classify"
)

// Secrets found on disk (design §2.6): a private key saved under a name
// that says nothing (~/backup/prod, /opt/app/server) is still a secret,
// and so is the .env of another project a recursive search reads. The
// classifier lists the files outside the workspace a call reads and the
// trees it reads whole, where it found no secret by name
// (classify.Verdict.Reads, ReadTrees); this file reads the first bytes of
// each file and the names below each tree, and the classifier judges
// again with the secrets found (classify.Env.FoundSecrets). It reads only
// what the call itself would read, and only regular files: never a
// device, a pipe or a kernel file.

// Budgets for the look (design §7). Past them, what was not looked at is
// judged by its name, as it was before the look: the look can only add
// secrets. A read that hangs (a network file system) is left behind when
// the time is spent.
const (
	maxFoundHeads   = 256     // files whose first bytes are read
	maxFoundEntries = 4096    // entries of the trees listed
	maxKeyFileSize  = 1 << 20 // a key file is small: larger ones are not read
	maxGlobMatches  = 64      // files one pattern's matches are read of
	foundTime       = 40 * time.Millisecond
)

// headOf reads the first bytes of the regular file p, or nothing. It is
// a variable so that a test can make a read hang.
var headOf = func(p string) []byte {
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 || fi.Size() > maxKeyFileSize {
		return nil
	}
	f, err := openNonBlocking(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	// the name may have been replaced since the stat: a pipe opened
	// without blocking is met here, before any read
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	buf := make([]byte, classify.KeyHead)
	n, _ := io.ReadFull(f, buf)
	return buf[:n]
}

// foundSecrets returns the secrets among reads and below trees, within
// the budgets. The workspace is not looked into: its files are the
// project's, whatever they hold.
func foundSecrets(reads, trees []string, workspace string) []string {
	if len(reads) == 0 && len(trees) == 0 {
		return nil
	}
	found := make(chan string, maxFoundHeads+maxFoundEntries)
	done := make(chan struct{})
	stop := make(chan struct{})
	// the reader is taken once, here: a look left behind when the time
	// is spent keeps using it, whatever changes the variable later
	read := headOf
	go func() {
		defer close(done)
		look(read, reads, trees, workspace, found, stop)
	}()
	timer := time.NewTimer(foundTime)
	defer timer.Stop()
	var out []string
	for {
		select {
		case p := <-found:
			out = append(out, p)
		case <-done:
			for {
				select {
				case p := <-found:
					out = append(out, p)
				default:
					return out
				}
			}
		case <-timer.C:
			close(stop)
			return out
		}
	}
}

// look sends on found each file of reads that holds a key, and each
// file below trees that is a secret by name or holds a key, until stop.
func look(headOf func(string) []byte, reads, trees []string, workspace string, found chan<- string, stop <-chan struct{}) {
	heads, entries := 0, 0
	stopped := func() bool {
		select {
		case <-stop:
			return true
		default:
			return false
		}
	}
	key := func(p string) bool {
		if heads >= maxFoundHeads || stopped() {
			return false
		}
		heads++
		return classify.HoldsPrivateKey(headOf(p))
	}
	for _, p := range reads {
		if kernelFile(p) {
			continue
		}
		if !hasMeta(p) {
			if key(p) {
				found <- p
			}
			continue
		}
		// a pattern: what it matches now, as bash would expand it
		matches, _ := filepath.Glob(p)
		for i, m := range matches {
			if i == maxGlobMatches || stopped() {
				break
			}
			if !kernelFile(m) && key(m) {
				found <- m
			}
		}
	}
	for _, t := range trees {
		if kernelFile(t) {
			continue
		}
		queue := []string{t}
		for len(queue) > 0 && entries < maxFoundEntries && !stopped() {
			dir := queue[0]
			queue = queue[1:]
			des, err := readDirEntries(dir, maxFoundEntries-entries)
			if err != nil {
				continue
			}
			entries += len(des)
			for _, de := range des {
				p := joinPath(dir, de.Name())
				switch {
				case de.IsDir():
					if p != workspace {
						queue = append(queue, p)
					}
				case !de.Type().IsRegular():
					// a link is judged where it leads by the search for
					// links; a pipe or a device holds no file's secret
				case classify.SecretName(de.Name()) || key(p):
					found <- p
				}
			}
		}
	}
}

// kernelFile reports a path in the kernel's own file systems: reading
// one may have effects, and none holds a user's key.
func kernelFile(p string) bool {
	for _, d := range []string{"/proc", "/sys", "/dev"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// hasMeta reports a pattern as filepath.Match reads it.
func hasMeta(p string) bool { return strings.ContainsAny(p, "*?[") }
