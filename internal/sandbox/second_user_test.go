//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// secondUser is the user TestAttacksAsSecondUser becomes: nobody.
const secondUser = 65534

// attackTests are the tests that confine a hostile program, which
// TestAttacksAsSecondUser runs again as another user.
const attackTests = "^(TestTerminalAttacks|TestOwnTerminalInside|TestInheritedDescriptorAttacks|TestConfinedSignals|TestConfinedStops|TestConfinedHoldsNothing|TestBuildProfileAttacks|TestBuildProfileAttackControl|TestBuildProfileTerminals|TestBuildProfilePlantedRepository|TestPlantedAttacks|TestForwardReachesServer|TestForwardTakenPort|TestForwardOutboundClosed|TestBoxInitUnreachable|TestForwardEndsWithBox|TestForwardAtMost32Ports)$"

// TestAttacksAsSecondUser runs the attack tests again as a user without
// privileges, when the tests run as root: the build profile then takes
// its other path (the program as the user in a user namespace nested in
// the first), the kernel's terminal checks apply without CAP_SYS_ADMIN,
// and Landlock confines someone who owns nothing outside. It copies the
// test binary where that user can run it, with a home and a temporary
// directory of the user's own.
func TestAttacksAsSecondUser(t *testing.T) {
	if os.Getenv(asSecondUserEnv) != "" {
		t.Skip("this is the second user's run")
	}
	if os.Geteuid() != 0 {
		t.Skip("only root can run the tests as another user; as this one, they ran above")
	}
	dir := scratchDir(t)
	bin := filepath.Join(dir, "sandbox.test")
	must(t, copyFile(os.Args[0], bin, 0o755))
	// a short temporary directory: a Unix socket's path is at most 107
	// bytes, and the tests' own directories are named after them
	tmp, err := os.MkdirTemp("", "pg")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(tmp) })
	home := filepath.Join(dir, "home")
	must(t, os.Mkdir(home, 0o700))
	for _, d := range []string{home, tmp} {
		must(t, os.Chown(d, secondUser, secondUser))
	}
	cmd := exec.Command(bin, "-test.run", attackTests, "-test.v", "-test.count=1")
	cmd.Dir = home
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + home, "TMPDIR=" + tmp, asSecondUserEnv + "=1"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: secondUser, Gid: secondUser}}
	out, err := cmd.CombinedOutput()
	var summary []string
	for _, line := range strings.Split(string(out), "\n") {
		if regexp.MustCompile(`^\s*--- (PASS|FAIL|SKIP)`).MatchString(line) {
			summary = append(summary, line)
		}
	}
	t.Logf("as uid %d:\n%s", secondUser, strings.Join(summary, "\n"))
	if err != nil {
		t.Errorf("as uid %d: %v\n%s", secondUser, err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestTerminalAttacks/build") {
		t.Errorf("as uid %d the terminal attacks did not run confined:\n%s", secondUser, out)
	}
}
