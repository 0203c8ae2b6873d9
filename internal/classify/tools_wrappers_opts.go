package classify

// wrapperSpecs are the options of the programs that run another
// program: their options end at the first operand (stops), which is a
// variable's assignment or the command, and everything after it is the
// command's own (env -u X make -n: -n is make's).
func wrapperSpecs() map[string]*toolSpec {
	return map[string]*toolSpec{
		// envCommand reads the uses itself (-S's string, -C's directory,
		// -u's name), so the words stay as written; -P, BSD env's search
		// path for the command, is one agents use on macOS
		"env": {opts: newOptTable("--help, --version, -i/--ignore-environment, -0/--null, -u=/--unset=, "+
			"-C=/--chdir=, -S=/--split-string=, --block-signal?, --default-signal?, --ignore-signal?, "+
			"--list-signal-handling, -v/--debug, -P=", false),
			stops: true, ownWords: true, from: "env (GNU coreutils 9.1) --help; -P from BSD env(1)"},
		// the isolation and scheduling tools of issue 27: each runs its
		// first operand as the command (after chroot's NEWROOT); their
		// options stop there
		"unshare": {opts: newOptTable("-h/--help, -V/--version, -m?/--mount?, -u?/--uts?, -i?/--ipc?, -n?/--net?, -p?/--pid?, "+
			"-U?/--user?, -C?/--cgroup?, -T?/--time?, -f/--fork, --map-user=, --map-group=, -r/--map-root-user, "+
			"-c/--map-current-user, --map-auto, --map-users=, --map-groups=, --kill-child?, --mount-proc?, "+
			"--propagation=, --setgroups=, --keep-caps, -R=/--root=, -w=/--wd=, -S=/--setuid=, -G=/--setgid=, "+
			"--monotonic=, --boottime=", false),
			stops: true, ownWords: true, from: "unshare (util-linux 2.38.1) --help"},
		"chroot": {opts: newOptTable("--groups=, --userspec=, --skip-chdir, --help, --version", false),
			stops: true, ownWords: true, from: "chroot (GNU coreutils 9.1) --help"},
		"systemd-run": {opts: newOptTable("-h/--help, --version, --no-ask-password, --user, --system, -H=/--host=, -M=/--machine=, "+
			"--scope, -u=/--unit=, -p=/--property=, --description=, --slice=, --slice-inherit, --no-block, "+
			"-r/--remain-after-exit, --wait, --send-sighup, --service-type=, --uid=, --gid=, --nice=, "+
			"--working-directory=, -d/--same-dir, -E=/--setenv=, -t/--pty, -P/--pipe, -q/--quiet, -G/--collect, "+
			"-S/--shell, --path-property=, --socket-property=, --on-active=, --on-boot=, --on-startup=, "+
			"--on-unit-active=, --on-unit-inactive=, --on-calendar=, --on-timezone-change, --on-clock-change, "+
			"--timer-property=", false),
			stops: true, ownWords: true, from: "systemd-run (systemd 252) --help"},
		"prlimit": {opts: newOptTable("-p=/--pid=, -o=/--output=, --noheadings, --raw, --verbose, -h/--help, -V/--version, "+
			"-c?/--core?, -d?/--data?, -e?/--nice?, -f?/--fsize?, -i?/--sigpending?, -l?/--memlock?, -m?/--rss?, "+
			"-n?/--nofile?, -q?/--msgqueue?, -r?/--rtprio?, -s?/--stack?, -t?/--cpu?, -u?/--nproc?, -v?/--as?, "+
			"-x?/--locks?, -y?/--rttime?", false),
			stops: true, ownWords: true, from: "prlimit (util-linux 2.38.1) --help"},
		"setpriv": {opts: newOptTable("-d/--dump, --nnp/--no-new-privs, --ambient-caps=, --inh-caps=, --bounding-set=, "+
			"--ruid=, --euid=, --rgid=, --egid=, --reuid=, --regid=, --clear-groups, --keep-groups, --init-groups, "+
			"--groups=, --securebits=, --pdeathsig=, --selinux-label=, --apparmor-profile=, --reset-env, "+
			"-h/--help, -V/--version", false),
			stops: true, ownWords: true, from: "setpriv (util-linux 2.38.1) --help"},
		"choom": {opts: newOptTable("-n=/--adjust=, -p=/--pid=, -h/--help, -V/--version", false),
			stops: true, ownWords: true, from: "choom (util-linux 2.38.1) --help"},
		"dbus-run-session": {opts: newOptTable("--dbus-daemon=, --config-file=, --help, --version", false),
			stops: true, ownWords: true, from: "dbus-run-session (dbus 1.14) --help"},
		"numactl": {opts: newOptTable("-a/--all, -i=/--interleave=, -w=/--weighted-interleave=, -p=/--preferred=, "+
			"-P=/--preferred-many=, -m=/--membind=, -N=/--cpunodebind=, -C=/--physcpubind=, -l/--localalloc, "+
			"-s/--show, -H/--hardware, -b/--balancing, -h/--help, -V/--version", false),
			stops: true, ownWords: true, from: "numactl(8), numactl 2.0.18 (not installed here); the shared-memory options are left out: unknown, so high"},
		"firejail": {opts: newOptTable("--noprofile, --profile=, --private?, --private-tmp, --private-dev, --private-home=, "+
			"--private-etc=, --private-bin=, --net=, --netfilter?, --dns=, --hostname=, --noroot, --nonewprivs, "+
			"--nogroups, --nosound, --novideo, --no3d, --nodbus, --quiet, --seccomp?, --caps.drop=, --caps.keep=, "+
			"--whitelist=, --blacklist=, --read-only=, --read-write=, --noexec=, --ignore=, --name=, --env=, "+
			"--rlimit-as=, --rlimit-cpu=, --rlimit-fsize=, --rlimit-nofile=, --rlimit-nproc=, --timeout=, "+
			"--cpu=, --nice=, --debug, --help, --version", false),
			stops: true, ownWords: true, from: "firejail(1), firejail 0.9.72 (not installed here): its sandboxing options; others are unknown, so high"},
		"cpulimit": {opts: newOptTable("-l=/--limit=, -p=/--pid=, -e=/--exe=, -P=/--path=, -z/--lazy, -i/--include-children, "+
			"-m/--monitor-forks, -b/--background, -q/--quiet, -v/--verbose, -k/--kill, -s=/--signal=, -c=/--cpu=, -h/--help", false),
			stops: true, ownWords: true, from: "cpulimit(1), cpulimit 3.0 (not installed here)"},
	}
}
