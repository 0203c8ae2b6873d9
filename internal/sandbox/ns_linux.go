//go:build linux

package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"syscall"

	"golang.org/x/sys/unix"
)

// InitArg is the first argument with which permguard runs itself as the
// sandbox's init: in new user, mount and network namespaces, it makes
// the holes, hides the secrets, drops its capabilities, applies Landlock
// and replaces itself with the program. cli.Main hands it to [Init]
// before anything else runs.
const InitArg = "__permguard-sandbox-init"

// initConfig is what the parent tells the init, on file descriptor 3.
type initConfig struct {
	Profile  Profile
	Path     string
	Argv     []string
	UID, GID int // the user's own, which the program runs as
}

// Fds 3, 4 and 5 of the init: its configuration; where it writes why it
// failed, close-on-exec, so that the parent reads end of file without a
// word once the program runs; and where the first init tells the parent
// that the program stopped (a byte each time), so that permguard stops
// too (session_linux.go). With Profile.Forward, fd 6: the init's end of
// the socketpair over which it makes the box's servers reachable
// (forward_linux.go). No other descriptor reaches the init, and none
// the program.
const (
	configFd  = 3
	statusFd  = 4
	eventsFd  = 5
	forwardFd = 6
)

// Run runs the program at path with argv and env confined by p, waits
// for it, and returns its exit status (128+N for a signal, as a shell
// says). It returns ErrNoNamespaces, having run nothing, when the kernel
// refuses the namespaces, and an error wrapping what failed when the
// init could not set the profile up; the program has not run then
// either.
func Run(p Profile, path string, argv, env []string) (int, error) {
	if p.Forward && p.Network {
		// its servers listen on the machine's network already
		return 0, errors.New("the sandbox could not be set up: a box with the network has no ports to forward")
	}
	self, err := os.Executable()
	if err != nil {
		return 0, fmt.Errorf("%w: cannot find permguard's own binary: %v", ErrNoNamespaces, err)
	}
	cfgR, cfgW, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	defer cfgR.Close()
	defer cfgW.Close()
	stR, stW, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	defer stR.Close()
	defer stW.Close()
	evR, evW, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	defer evR.Close()
	defer evW.Close()
	extra := []*os.File{cfgR, stW, evW}
	var fwd *forwarder
	var fwdInit *os.File
	if p.Forward {
		var fwdParent *os.File
		if fwdParent, fwdInit, err = forwardPair(); err != nil {
			return 0, err
		}
		defer fwdInit.Close()
		if fwd, err = newForwarder(fwdParent, forwardLog); err != nil {
			return 0, err
		}
		defer fwd.ch.Close()
		extra = append(extra, fwdInit)
	}

	// A PID namespace of its own: when the init ends, the kernel kills
	// whatever the program left running, so nothing confined outlives the
	// run and sees its holes' placeholders go (see [Holes.Remove]).
	flags := uintptr(syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID)
	if !p.Network {
		flags |= syscall.CLONE_NEWNET
	}
	uid, gid := os.Getuid(), os.Getgid()
	// The init must mount, which takes capabilities in its namespace.
	// Root's init is root there. Any other user's init is that user
	// there too, holding only the capabilities it mounts with, kept
	// across its exec as ambient ones, and drops them before the program
	// runs: the program is the user, as outside, with no nested user
	// namespace and no third process (which cost a Go start, about 4 ms).
	inside, insideGID := 0, 0
	var caps []uintptr
	if uid != 0 {
		inside, insideGID, caps = uid, gid, initCaps
	}
	cmd := &exec.Cmd{
		Path:       self,
		Args:       []string{"permguard", InitArg},
		Env:        env,
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		ExtraFiles: extra,
		SysProcAttr: &syscall.SysProcAttr{
			Cloneflags: flags,
			// no controlling terminal (session_linux.go)
			Setsid: true,
			// setgroups must be denied to map a group without
			// privileges
			UidMappings:                []syscall.SysProcIDMap{{ContainerID: inside, HostID: uid, Size: 1}},
			GidMappings:                []syscall.SysProcIDMap{{ContainerID: insideGID, HostID: gid, Size: 1}},
			GidMappingsEnableSetgroups: false,
			AmbientCaps:                caps,
			Pdeathsig:                  syscall.SIGKILL,
		},
	}
	closeInherited()
	// ^Z: the first init stops the program's group from inside, for a
	// SIGSTOP from here would stop it too (the kernel forces that one on
	// a namespace's init), and it must go on waiting to report the stop
	r := newRelay(func(pid int) { _ = unix.Kill(pid, unix.SIGTSTP) })
	if err := cmd.Start(); err != nil {
		r.end()
		return 0, fmt.Errorf("%w: %v", ErrNoNamespaces, err)
	}
	r.to(cmd.Process.Pid)
	cfgR.Close()
	stW.Close()
	evW.Close()
	if fwd != nil {
		fwdInit.Close()
		fwd.start()
	}
	go func() {
		var b [1]byte
		for {
			if _, err := evR.Read(b[:]); err != nil {
				return
			}
			stopSelf()
		}
	}()
	err = json.NewEncoder(cfgW).Encode(initConfig{Profile: p, Path: path, Argv: argv, UID: uid, GID: gid})
	cfgW.Close()
	if err != nil {
		_ = cmd.Process.Kill()
	}
	why, _ := io.ReadAll(io.LimitReader(stR, 4096))
	werr := cmd.Wait()
	if fwd != nil {
		// the box has ended: nothing of it stays reachable
		fwd.stop()
	}
	r.end()
	if len(why) > 0 {
		return 0, fmt.Errorf("the sandbox could not be set up: %s", why)
	}
	if err != nil {
		return 0, fmt.Errorf("the sandbox could not be set up: %v", err)
	}
	var ee *exec.ExitError
	if werr != nil && !errors.As(werr, &ee) {
		return 0, werr
	}
	return exitStatus(werr), nil
}

// Init is the sandbox's init (see [InitArg]). It never returns: it
// replaces itself with the program, or exits 126 saying why not.
func Init() {
	// Capabilities and securebits belong to one thread: the one that
	// drops them must be the one that runs the program.
	runtime.LockOSThread()
	status := os.NewFile(statusFd, "status")
	fail := func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if status != nil {
			_, _ = status.WriteString(msg)
		}
		os.Exit(126)
	}
	unix.CloseOnExec(statusFd)
	var cfg initConfig
	if err := json.NewDecoder(os.NewFile(configFd, "config")).Decode(&cfg); err != nil {
		fail("cannot read the sandbox's configuration: %v", err)
	}
	unix.CloseOnExec(configFd)
	events := os.NewFile(eventsFd, "events")
	unix.CloseOnExec(eventsFd)
	if cfg.Profile.Forward {
		unix.CloseOnExec(forwardFd)
	}
	// whatever else this process was given, the program is not given
	closeInherited()
	var ports *boxPorts
	if cfg.Profile.Forward {
		var err error
		if ports, err = newBoxPorts(os.NewFile(forwardFd, "forward")); err != nil {
			fail("%v", err)
		}
	}
	if err := setUp(cfg.Profile); err != nil {
		fail("%v", err)
	}
	if ownTerminals() {
		cfg.Profile.Writable.Terminals = []string{"/dev/pts"}
	}
	if err := dropCapabilities(); err != nil {
		fail("%v", err)
	}

	if err := Restrict(cfg.Profile.Writable); err != nil && !errors.Is(err, ErrUnavailable) {
		fail("%v", err)
	}
	leaveSessionKeyring()
	if err := denyBuild(); err != nil {
		fail("%v", err)
	}
	// Not dumpable: the program is the same user in the same namespaces,
	// and could otherwise trace the init (PTRACE_ATTACH on its thread
	// whose capabilities are dropped, then every thread through their
	// shared memory) or take its descriptors (pidfd_getfd, /proc/1/fd),
	// the events pipe and the forwarding socketpair among them. Only a
	// holder of CAP_SYS_PTRACE in the init's user namespace may do either
	// to a process that is not dumpable, and the program holds no
	// capability. The program's own exec makes it dumpable again, for a
	// debugger in the box.
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		fail("cannot keep the program from tracing the sandbox's init: %v", err)
	}
	if ports != nil {
		// after the seccomp filter and Landlock (forward_linux.go)
		go ports.serve()
	}
	// The init is the PID namespace's first process, which the kernel
	// spares the signals it has no handler for: the program runs as its
	// child, so that ^C and a kill reach it as usual.
	os.Exit(runChild(cfg, status, events))
}

// leaveSessionKeyring joins a new, empty, anonymous session keyring in
// place of the caller's (red team RT-14): the program inherits this
// one, and the caller's tokens and tickets kept with keyctl are not in
// it. The seccomp filter then refuses the key calls altogether, so a
// failure here (a kernel without keys, a container whose own filter
// refuses keyctl) leaves nothing reachable and is not fatal.
func leaveSessionKeyring() {
	// a name of NULL: an anonymous keyring, which no one can join by name
	_, _, _ = unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0)
}

// initCaps are the capabilities the init of a user other than root
// holds in its namespace until it drops them: the mounts (the holes,
// the layers, /proc, devpts), the loopback brought up, and the dropping
// itself (the bounding set and the securebits); and those an overlay
// does its copy-up and whiteouts with, which are its mounter's (the
// file's owner, mode and times kept, a whiteout device made). Each is
// in every kernel that has user namespaces: one the kernel did not know
// would fail the init's start.
var initCaps = []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_NET_ADMIN, unix.CAP_SETPCAP,
	unix.CAP_CHOWN, unix.CAP_DAC_OVERRIDE, unix.CAP_DAC_READ_SEARCH, unix.CAP_FOWNER, unix.CAP_FSETID, unix.CAP_MKNOD}

// catchGroupSignals keeps the init alive through the signals permguard
// sends the sandbox's whole process group (session_linux.go), which
// reach the program that way: caught and dropped here, not ignored,
// for the program would inherit an ignored signal (^C would not stop a
// confined test run). The channel is never read; the runtime does not
// wait for it.
func catchGroupSignals() {
	signal.Notify(make(chan os.Signal, 1), groupSignals...)
}

// waitForwarding passes the signals that permguard sends the init alone
// (those a kill sends permguard alone) on to the started cmd until it
// exits, stops the sandbox's process group on SIGTSTP (permguard's ^Z),
// tells events each time cmd stops, and returns its exit status.
func waitForwarding(cmd *exec.Cmd, events *os.File) int {
	fwd := make(chan os.Signal, 4)
	signal.Notify(fwd, append(processSignals, syscall.SIGTSTP)...)
	go func() {
		for s := range fwd {
			if s == syscall.SIGTSTP {
				// this init's own group, which the kernel's SIGSTOP
				// from inside the namespace spares it
				_ = unix.Kill(0, unix.SIGSTOP)
				continue
			}
			_ = cmd.Process.Signal(s)
		}
	}()
	ws, err := waitStopping(cmd.Process.Pid, func() {
		if events != nil {
			_, _ = events.Write([]byte{'T'})
		}
	})
	if err != nil {
		return 126
	}
	return statusOf(ws)
}

// runChild runs the program as a child of this init and returns its exit
// status.
func runChild(cfg initConfig, status, events *os.File) int {
	cmd := &exec.Cmd{Path: cfg.Path, Args: cfg.Argv, Env: os.Environ(), Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	catchGroupSignals()
	if err := cmd.Start(); err != nil {
		_, _ = status.WriteString(fmt.Sprintf("cannot run %s: %v", cfg.Path, err))
		return 126
	}
	status.Close()
	return waitForwarding(cmd, events)
}

// exitStatus is a shell's status for how a program ended: its exit
// code, or 128+N for signal N.
func exitStatus(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	if err != nil {
		return 126
	}
	return 0
}

// setUp makes the mounts of p in the init's own mount namespace.
func setUp(p Profile) error {
	// The current directory is a directory of the mounts below the ones
	// made here (read-only, RT-2); entered again by its name, it is the
	// writable one on top.
	if wd, err := os.Getwd(); err == nil {
		defer func() { _ = os.Chdir(wd) }()
	}
	// nothing done here may reach the mounts of the rest of the system
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("cannot make the mounts private: %v", err)
	}
	// The caches' layers first: an overlay shows its lower directory
	// without the mounts below it, so the holes and hidden secrets come
	// after, on top.
	for _, l := range p.Layers {
		if err := layer(l); err != nil {
			// a kernel before 5.11, or a file system overlayfs cannot
			// keep a layer on: the cache is still read, never changed
			fmt.Fprintf(os.Stderr, "permguard: warning: the sandbox cannot give %s a layer of its own (%v); it is read-only in the sandbox\n", l.Dir, err)
			if err := bindReadOnly(l.Dir, l.Dir); err != nil {
				return fmt.Errorf("cannot make %s read-only: %v", l.Dir, err)
			}
		}
	}
	for _, d := range p.Private {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			continue // nothing there to write either
		}
		if err := unix.Mount("tmpfs", d, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777"); err != nil {
			return fmt.Errorf("cannot give %s a file system of the sandbox's own: %v", d, err)
		}
	}
	// Every mount read-only but the writable directories (red team RT-2):
	// Landlock governs writes to a file's content, not its metadata, and
	// chmod, utimes and setxattr would otherwise reach every file the
	// user owns outside them. After the layers and the private file
	// systems, which must be writable to be mounted and are kept as they
	// are with the writable directories they lie in.
	if err := readOnlyButWritable(p.Writable.Dirs); err != nil {
		return err
	}
	// The PID namespace's own /proc: under the machine's, getpid and
	// /proc/self/task name different processes, and a program that
	// signals its threads by their ids (libcap's psx) waits for good. A
	// container that covers parts of /proc forbids this mount; the old
	// one then stays, which confines no less.
	_ = unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "")
	// Terminals of its own (see ownTerminals); where devpts cannot be
	// mounted, the machine's stay, and their ioctls stay denied.
	if unix.Mount("devpts", "/dev/pts", "devpts", unix.MS_NOSUID|unix.MS_NOEXEC, "newinstance,ptmxmode=0666,mode=0620") == nil {
		if err := unix.Mount("/dev/pts/ptmx", "/dev/ptmx", "", unix.MS_BIND, ""); err != nil {
			// a /dev/ptmx of the machine's instance next to /dev/pts of
			// this one would make terminals that cannot be opened
			_ = unix.Unmount("/dev/pts", unix.MNT_DETACH)
		}
	}
	// Pinned before the holes go on top of them: a mount point cannot be
	// renamed or removed (EBUSY), so the box can neither move the
	// workspace away and put another in its place (RT-10) nor move a
	// hole's parent directory with the hole and make a new one (RT-9).
	for _, d := range p.Pinned {
		if err := unix.Mount(d, d, "", unix.MS_BIND|unix.MS_REC, ""); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("cannot pin %s in place: %v", d, err)
		}
	}
	for _, h := range p.ReadOnly {
		if err := bindReadOnly(h, h); err != nil {
			return fmt.Errorf("cannot make %s read-only: %v", h, err)
		}
	}
	for _, s := range p.Hidden {
		if err := hide(s); err != nil {
			return fmt.Errorf("cannot hide %s: %v", s, err)
		}
	}
	if !p.Network {
		// The new network namespace's own loopback, up, so that tests
		// can run local servers; the machine's is another device.
		if err := loopbackUp(); err != nil {
			return fmt.Errorf("cannot bring the sandbox's loopback up: %v", err)
		}
	}
	return nil
}

// readOnlyButWritable makes every mount of the namespace read-only, and
// each writable directory, with the mounts below it, writable as it was.
// Each writable tree is cloned as it is (open_tree), before the whole
// tree is made read-only (mount_setattr, Linux 5.12, which the boxes'
// Landlock already needs), and the clone is then mounted back over its
// directory, parents first: mounts that were read-only stay so, and one
// the parent namespace locked read-only cannot be made writable anyway.
// Device nodes such as /dev/null stay writable on a read-only mount, and
// /proc and /dev/pts are mounted anew after this.
func readOnlyButWritable(dirs []string) error {
	dirs = slices.Clone(dirs)
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	type tree struct {
		dir string
		fd  int
	}
	var trees []tree
	defer func() {
		for _, t := range trees {
			unix.Close(t.fd)
		}
	}()
	for _, d := range dirs {
		fd, err := unix.OpenTree(unix.AT_FDCWD, d, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
		if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) {
			continue // missing: nothing to write there either
		}
		if err != nil {
			return fmt.Errorf("cannot keep %s writable: %v", d, err)
		}
		trees = append(trees, tree{d, fd})
	}
	if err := unix.MountSetattr(unix.AT_FDCWD, "/", unix.AT_RECURSIVE, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
		return fmt.Errorf("cannot make the file systems read-only: %v", err)
	}
	for _, t := range trees {
		if err := unix.MoveMount(t.fd, "", unix.AT_FDCWD, t.dir, unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
			return fmt.Errorf("cannot keep %s writable: %v", t.dir, err)
		}
	}
	return nil
}

// ownTerminals reports whether /dev/pts is the sandbox's own devpts
// instance, holding only the terminals made inside it. Only then may the
// program use terminal ioctls on what it opens there (Landlock's
// IOCTL_DEV): test suites that make a pseudo-terminal need them, and on
// the machine's instance they would reach the user's other terminals,
// where TIOCSTI types commands into a shell outside the sandbox. The
// terminal the program inherited is open already, so Landlock does not
// restrict it either way.
func ownTerminals() bool {
	var st unix.Stat_t
	if unix.Stat("/dev/pts/ptmx", &st) != nil {
		return false
	}
	var px unix.Stat_t
	return unix.Stat("/dev/ptmx", &px) == nil && px.Rdev == st.Rdev && px.Ino == st.Ino && px.Dev == st.Dev
}

func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return err
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	return unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr)
}

// bindReadOnly mounts src over dst, read-only. A remount inside a user
// namespace must keep the flags the mount below was locked with.
func bindReadOnly(src, dst string) error {
	if err := unix.Mount(src, dst, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return err
	}
	var st unix.Statfs_t
	if err := unix.Statfs(dst, &st); err != nil {
		return err
	}
	keep := uintptr(0)
	for _, f := range []struct{ st, ms uintptr }{
		{unix.ST_NOSUID, unix.MS_NOSUID}, {unix.ST_NODEV, unix.MS_NODEV}, {unix.ST_NOEXEC, unix.MS_NOEXEC},
		{unix.ST_NOATIME, unix.MS_NOATIME}, {unix.ST_NODIRATIME, unix.MS_NODIRATIME}, {unix.ST_RELATIME, unix.MS_RELATIME},
	} {
		if uintptr(st.Flags)&f.st != 0 {
			keep |= f.ms
		}
	}
	return unix.Mount("", dst, "", unix.MS_BIND|unix.MS_REMOUNT|unix.MS_RDONLY|keep, "")
}

// layer mounts an overlay over l.Dir, with l.Dir below and l.Upper
// above: what the program writes there goes to l.Upper. userxattr: the
// overlay's own marks are user.* attributes, which a user namespace may
// set.
func layer(l Layer) error {
	opts := "lowerdir=" + l.Dir + ",upperdir=" + l.Upper + ",workdir=" + l.Work + ",userxattr"
	if l.Throwaway {
		// an unmount syncs the upper layer's whole file system: a cost
		// on every run, for writes that are removed anyway
		if unix.Mount("overlay", l.Dir, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts+",volatile") == nil {
			return nil
		}
	}
	return unix.Mount("overlay", l.Dir, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts)
}

// hide puts an empty, read-only directory over a secret directory, and
// /dev/null over a secret file.
func hide(p string) error {
	st, err := os.Stat(p)
	if err != nil {
		return nil // gone since the list was made: nothing to read
	}
	if st.IsDir() {
		return unix.Mount("tmpfs", p, "tmpfs", unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "size=4k,mode=000")
	}
	return bindReadOnly("/dev/null", p)
}

// dropCapabilities empties the bounding, ambient, effective, permitted
// and inheritable sets, and keeps root from regaining them on exec: the
// init holds capabilities in its user namespace (all of them as root,
// initCaps as another user), and with CAP_SYS_ADMIN there the program
// could unmount the holes.
func dropCapabilities() error {
	for c := 0; c <= 63; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
			if errors.Is(err, unix.EINVAL) {
				break
			}
			return fmt.Errorf("cannot drop capability %d: %v", c, err)
		}
	}
	_ = unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	const bits = 1<<0 | 1<<1 | 1<<2 | 1<<3 // SECBIT_NOROOT, _LOCKED, SECBIT_NO_SETUID_FIXUP, _LOCKED
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, bits, 0, 0, 0); err != nil {
		return fmt.Errorf("cannot set the securebits: %v", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("cannot drop the capabilities: %v", err)
	}
	return nil
}

// NamespacesAllowed reports, from the kernel's settings alone and without
// making any, whether the build profile's namespaces can be made: nil, or
// ErrNoNamespaces with the setting that forbids them. It is cheap enough
// for the hook, which rewrites a call only where exec can confine it.
func NamespacesAllowed() error {
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			return ""
		}
		return string(bytes.TrimSpace(b))
	}
	if read("/proc/sys/user/max_user_namespaces") == "0" {
		return fmt.Errorf("%w: user.max_user_namespaces is 0", ErrNoNamespaces)
	}
	if os.Getuid() == 0 {
		return nil
	}
	if read("/proc/sys/kernel/unprivileged_userns_clone") == "0" {
		return fmt.Errorf("%w: kernel.unprivileged_userns_clone is 0", ErrNoNamespaces)
	}
	if read("/proc/sys/kernel/apparmor_restrict_unprivileged_userns") == "1" {
		return fmt.Errorf("%w: AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns is 1)", ErrNoNamespaces)
	}
	return nil
}
