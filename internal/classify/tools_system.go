package classify

import (
	"strings"
)

// The machine's state: system information, the terminal, processes,
// services, firewalls, mounts, accounts, disks and keys.

var systemTools = []tool{
	{names: "whoami id date cal uname uptime nproc lscpu lsusb lspci tty groups users who w arch getconf locale logname ps top htop btop pgrep pidof free vmstat iostat", rule: infoRule,
		check: func(c *call) {
			if c.name == "date" && c.hasOpt("-s --set") {
				c.raise(r("set-clock", High, "sets the system clock"))
			}
			if c.name == "ps" && psPrintsEnv(c.args) {
				c.raise(r("print-env-all", High, "prints the environment of every process, which often holds secrets"))
			}
		}},
	{names: "hostname", rule: infoRule, check: func(c *call) { raiseWithOperands(c, ruleSetHostname) }},
	{names: "sleep type which whereis help apropos whatis tldr fg bg wait disown clear reset tput", rule: rule{id: "shell-builtin", level: Minimal, why: "a shell builtin or lookup that changes nothing"}},
	{names: "getopts return exit break continue caller times compopt logout", rule: rule{id: "shell-builtin", level: Minimal, why: "a shell builtin or lookup that changes nothing"}},
	{names: "printenv", rule: rule{id: "print-env", level: High, why: "prints environment variables, which often hold secrets"}},
	{names: "stty", rule: termRule},
	{names: "umask", rule: rule{id: "umask", level: Minimal, why: "sets the default permissions of new files in this shell"}},
	// lsof: net-info for its network selection, process-info otherwise
	// (lsofNetwork)
	{names: "lsof", rule: ruleNetInfo, check: lsofNetwork},
	{names: "netstat", rule: ruleNetInfo},
	{names: "ss", rule: ruleNetInfo, check: ssCheck},
	{names: "ip ifconfig route", rule: rule{id: "net-config", level: High, why: "shows or changes network configuration"},
		subs: []sub{{words: "netns exec", rule: ruleNetnsExec, check: netnsExec}, {words: "addr", rule: infoRule}, {words: "a", rule: infoRule}, {words: "addr show", rule: infoRule}, {words: "link", rule: infoRule}, {words: "link show", rule: infoRule}, {words: "route", rule: infoRule}, {words: "route show", rule: infoRule}, {words: "r", rule: infoRule}, {words: "neigh", rule: infoRule}},
		check: func(c *call) {
			if c.hasOpt("add del set flush change replace") || len(positional(c.args)) > 2 {
				for _, a := range c.args {
					switch a.val {
					case "add", "del", "delete", "set", "flush", "change", "replace", "up", "down":
						c.raise(r("net-config", High, "shows or changes network configuration"))
						return
					}
				}
			}
		}},
	{names: "sysctl", rule: infoRule, check: func(c *call) {
		if c.hasOpt("-w --write -p --load") || hasAssignArg(c.args) {
			c.raise(r("sysctl-write", High, "changes kernel settings"))
		}
	}},
	{names: "ulimit", rule: rule{id: "ulimit", level: Minimal, why: "limits this shell's resources"}},
	{names: "ssh-keygen", rule: rule{id: "ssh-keygen", level: High, why: "creates or changes SSH keys"}},
	{names: "gpg gpg2", rule: rule{id: "gpg", level: High, why: "uses or changes your GPG keys"}},
	{names: "openssl", rule: rule{id: "openssl", level: Medium, why: "runs cryptographic operations"}, check: func(c *call) {
		writeOpts(c, "-out")
		execOpts(c, "-engine") // loads a program into openssl
	}, subs: []sub{
		{words: "s_client", rule: netRule}, {words: "s_server", rule: netRule}, {words: "s_time", rule: netRule}, {words: "ocsp", rule: netRule},
	}},
	{names: "crontab", rule: rule{id: "crontab", level: High, why: "changes scheduled jobs that run later"},
		subs: nil,
		check: func(c *call) {
			switch {
			case c.hasOpt("-r"):
				c.raise(destroy("crontab-remove", "deletes every scheduled job of the user"))
			}
		}},
	{names: "xclip xsel pbcopy pbpaste wl-copy wl-paste", rule: rule{id: "clipboard", level: Low, why: "reads or writes the clipboard"}},
	{names: "espeak espeak-ng", rule: rule{id: "notify", level: Minimal, why: "shows a notification"}, check: func(c *call) { writeOpts(c, "-w") }},
	{names: "notify-send say", rule: rule{id: "notify", level: Minimal, why: "shows a notification"}},
	{names: "screen tmux zellij", rule: rule{id: "multiplexer", level: High, why: "starts or drives terminal sessions that keep running"}},
	{names: "at batch", rule: rule{id: "schedule", level: High, why: "schedules commands to run later"}},
}

// systemInfraTools returns the system rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
// their programs (systemInfraTable).
func systemInfraTools() []tool {
	return []tool{
		// Services and the machine's state.
		{
			names:     "systemctl",
			rule:      r("systemctl", High, "manages system services"),
			valueOpts: "-H --host -M --machine -t --type --state -p --property -o --output -n --lines --root -s --signal --kill-whom",
			subs: infraJoin(
				infraEach("status, show, cat, list-units, list-unit-files, list-sockets, list-timers, list-jobs, list-dependencies, list-machines, is-active, is-enabled, is-failed, is-system-running, show-environment, get-default",
					r("systemctl-status", Minimal, "shows the state of system services")),
				infraEach("poweroff, reboot, halt, kexec, soft-reboot",
					danger("systemctl-power", "shuts down or restarts the machine")),
				infraEach("isolate, rescue, emergency",
					danger("systemctl-isolate", "switches the machine to another target, stopping every service not in it")),
			),
		},
		{
			names: "service",
			rule:  r("service", High, "starts, stops or restarts system services"),
		},
		{
			names: "launchctl",
			rule:  r("launchctl", High, "manages macOS launch services"),
			subs: infraJoin(
				infraEach("list, print, print-disabled, blame", r("launchctl-list", Minimal, "shows the state of launch services")),
				infraEach("reboot", danger("launchctl-reboot", "restarts the machine or logs every user out")),
			),
		},
		{
			names: "journalctl",
			rule:  r("journalctl", Minimal, "reads the system journal"),
			check: infraOpt("--vacuum-size --vacuum-time --vacuum-files --rotate --flush --relinquish-var --setup-keys",
				r("journalctl-vacuum", High, "deletes or rotates the system journal")),
		},
		{
			names: "iptables ip6tables iptables-legacy ip6tables-legacy iptables-nft ip6tables-nft ebtables arptables",
			rule:  r("iptables", High, "changes the firewall rules"),
			check: infraOpt("-F --flush", destroy("iptables-flush", "deletes every firewall rule in a chain or table")),
		},
		{
			names:     "nft",
			rule:      r("nft", High, "changes the firewall rules"),
			valueOpts: "-f --file -I --includepath",
			subs: []sub{
				s("flush ruleset", destroy("nft-flush-ruleset", "deletes every firewall rule on the machine")),
				s("list", r("nft-list", Minimal, "lists firewall rules")),
			},
		},
		{
			names: "ufw",
			rule:  r("ufw", High, "changes the firewall rules"),
			subs: []sub{
				s("reset", destroy("ufw-reset", "deletes every firewall rule and turns the firewall off")),
				s("disable", r("ufw-disable", High, "turns the firewall off")),
				s("status", r("ufw-status", Minimal, "shows the firewall rules")),
			},
		},
		{names: "firewall-cmd", rule: r("firewall-cmd", High, "changes the firewall rules")},
		{
			names: "mount",
			rule:  r("mount-list", Minimal, "lists mounted filesystems"),
			check: func(c *call) {
				for _, a := range c.args {
					if a.dyn || (a.val != "-l" && a.val != "--show-labels") {
						c.raise(r("mount", High, "mounts a filesystem, changing what the machine sees at that path"))
						return
					}
				}
			},
		},
		{
			names: "umount",
			rule:  r("umount", High, "unmounts a filesystem"),
			check: infraOpt("-a --all", danger("umount-all", "unmounts every filesystem")),
		},
		{names: "kill", rule: r("kill", High, "sends a signal to processes, which can stop them"), check: killCheck},
		{names: "pkill killall", rule: r("pkill", High, "stops every process matching a name or pattern"), check: pkillCheck},
		{names: "killall5", rule: danger("killall5", "sends a signal to every process on the machine")},
		{names: "chattr", rule: r("chattr", High, "changes file attributes such as immutable or append-only"), check: func(c *call) {
			if ps := positional(c.args); len(ps) > 1 {
				c.guardChanges(ps[1:], true)
			}
		}},

		// Accounts.
		{names: "useradd adduser", rule: r("useradd", High, "creates a user account")},
		{names: "usermod groupadd groupmod groupdel gpasswd chsh chfn", rule: r("usermod", High, "changes user or group accounts")},
		{names: "passwd chpasswd", rule: r("passwd", High, "changes account passwords")},
		{names: "userdel deluser", rule: destroy("userdel", "deletes a user account, and with -r their home directory")},
		{names: "visudo", rule: r("visudo", High, "edits who may run commands as root")},

		// Disks and storage.
		{names: "shred", rule: r("shred-usage", Minimal, "names no file, so it destroys nothing"),
			check: withOperands(danger("shred", "overwrites files or devices so their contents cannot be recovered"))},
		{names: "wipefs", rule: destroy("wipefs", "erases filesystem signatures from a device, making its data unreachable")},
		{names: "sgdisk gdisk", rule: danger("gdisk", "changes disk partitions, which can destroy every file on the disk")},
		{names: "blkdiscard", rule: destroy("blkdiscard", "discards every block on a device, erasing it")},
		{names: "lvremove vgremove pvremove", rule: destroy("lvremove", "deletes LVM volumes and the data on them")},
		{names: "lvs vgs pvs lvdisplay vgdisplay pvdisplay lvscan vgscan pvscan", rule: r("lvm-list", Minimal, "lists LVM volumes")},
		{names: "mkntfs mkdosfs mkexfatfs mkfs_exfat mkreiserfs mkudffs mkjfs mformat newfs newfs_msdos newfs_apfs newfs_hfs", rule: r("mkfs-image", High, "formats a disk image file in the workspace"),
			check: func(c *call) { mkfsCommand(c) }},
		{names: "srm wipe", rule: r("secure-rm", Medium, "deletes files so their contents cannot be recovered"), check: secureRm},
		{names: "sfill sswap sdmem nwipe scrub", rule: r("shred-usage", Minimal, "names no file, so it destroys nothing"),
			check: withOperands(danger("secure-delete", "overwrites files, free space or devices so their contents cannot be recovered"))},
		{
			names: "nvme",
			rule:  r("nvme", High, "manages NVMe drives"),
			subs: infraJoin(
				infraEach("format, sanitize, format-nvm, write-zeroes, delete-ns, detach-ns, ns-delete, dsm",
					destroy("nvme-format", "erases an NVMe drive or namespace, destroying every file on it")),
				infraEach("list, list-subsys, id-ctrl, id-ns, smart-log, error-log, fw-log, show-regs, get-feature, version, help",
					r("nvme-list", Minimal, "shows NVMe drives and their state")),
			),
		},
		{
			names: "btrfs",
			rule:  r("btrfs", High, "manages btrfs filesystems"),
			check: btrfsCheck,
			subs: infraEach("subvolume list, subvolume show, filesystem show, filesystem df, filesystem usage, device stats, qgroup show, scrub status, version",
				r("btrfs-list", Minimal, "shows btrfs filesystems and subvolumes")),
		},
		{
			names: "flashrom",
			rule:  r("flashrom", High, "reads or writes firmware chips"),
			check: infraOpt("-w --write -E --erase", danger("flashrom-write", "overwrites or erases a firmware chip, which can leave the machine unable to boot")),
		},
		{
			names: "hdparm",
			rule:  r("hdparm", High, "changes low-level disk settings"),
			check: infraOpt("--security-erase --security-erase-enhanced --trim-sector-ranges --write-sector --make-bad-sector --fwdownload",
				destroy("hdparm-erase", "erases or overwrites data on a disk")),
		},
		{
			names: "cryptsetup",
			rule:  r("cryptsetup", High, "manages encrypted block devices"),
			subs: infraJoin(
				infraEach("luksFormat", danger("cryptsetup-format", "formats a device as encrypted, destroying what is on it")),
				infraEach("erase, luksErase", destroy("cryptsetup-erase", "erases a device's encryption keys, making its data unreadable forever")),
			),
		},
		{
			names: "zfs",
			rule:  r("zfs", High, "changes ZFS datasets"),
			subs: []sub{
				s("destroy", destroy("zfs-destroy", "destroys a ZFS dataset or snapshot and its data")),
				s("rollback", danger("zfs-rollback", "rolls a dataset back to a snapshot, deleting every change made since")),
				s("list", r("zfs-list", Minimal, "shows ZFS datasets")),
				s("get", r("zfs-list", Minimal, "shows ZFS datasets")),
			},
		},
		{
			names: "zpool",
			rule:  r("zpool", High, "changes ZFS storage pools"),
			subs: infraJoin(
				infraEach("destroy, labelclear", destroy("zpool-destroy", "destroys a ZFS pool and every dataset in it")),
				infraEach("list, status, get, iostat", r("zpool-list", Minimal, "shows ZFS storage pools")),
			),
		},
		{
			names: "mdadm",
			rule:  r("mdadm", High, "manages software RAID arrays"),
			check: infraOpt("--zero-superblock", destroy("mdadm-zero-superblock", "erases RAID metadata from a device")),
		},
		{
			names: "badblocks",
			rule:  r("badblocks", High, "tests a disk for bad blocks"),
			check: infraOpt("-w", danger("badblocks-write", "overwrites every block of a device while testing it")),
		},
	}
}

// withOperands returns a check that raises a call with any operand to ru
// (hostname NAME sets the host name; hostname alone prints it).
func withOperands(ru rule) func(c *call) {
	return func(c *call) { raiseWithOperands(c, ru) }
}

// raiseWithOperands is withOperands for a table row: a row's check is a
// func literal, because a call in a package-level initializer is work at
// start-up.
func raiseWithOperands(c *call, ru rule) {
	if len(positional(c.args)) > 0 {
		c.raise(ru)
	}
}

var ruleSetHostname = rule{id: "set-hostname", level: High, why: "changes the machine's host name"}

func hasAssignArg(args []arg) bool {
	for _, a := range args {
		if !a.dyn && len(a.val) > 1 && a.val[0] != '-' && containsByte(a.val, '=') {
			return true
		}
	}
	return false
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// ssCheck raises what ss does besides listing: -K (--kill) closes every
// socket its filter matches, any process's when run as root, and -D
// (--diag) writes the raw answer to a file. ss takes long options
// abbreviated (getopt_long): --ki is --kill.
func ssCheck(c *call) {
	if c.hasOpt("-K") || longPrefixOf(c.args, "--kill", 3) {
		c.raise(rule{id: "ss-kill", level: High, why: "closes network connections, any process's when run as root"})
	}
	writeOpts(c, "-D --diag")
}

// longPrefixOf reports an argument that is long option full, or a prefix
// of it at least min bytes long (an abbreviation getopt_long accepts),
// with or without "=value".
func longPrefixOf(args []arg, full string, min int) bool {
	for _, a := range args {
		v := optWord(a)
		if v == "--" {
			return false
		}
		name, _, _ := strings.Cut(v, "=")
		if len(name) >= min && strings.HasPrefix(full, name) {
			return true
		}
	}
	return false
}

// pkillCheck: pkill -u USER or killall -u USER with no pattern signals
// every process of the user, which ends the session; so does a pattern
// that matches every name.
func pkillCheck(c *call) {
	user := c.hasOpt("-u --user -U --uid --euid --ruid")
	ps := valueArgs(c.args, "-u --user -U --uid --euid --ruid -g --pgroup -G --group -P --parent -s --session -t --terminal --signal -n -o --ns --nslist -F --pidfile -y --younger-than -o --older-than -Z --context", "")
	all := len(ps) == 0 && user
	for _, p := range ps {
		if !p.dyn && (p.val == "." || p.val == ".*" || p.val == "" || p.val == "^") {
			all = true
		}
	}
	if all {
		c.raise(danger("pkill-all", "stops every process of a user, or every process, which ends their session"))
	}
}

// btrfsCheck: btrfs accepts any unambiguous prefix of its command words
// (btrfs sub del), so the destructive verbs are matched by prefix; the
// table's read rows know only the full words, and a shortened read stays
// high.
func btrfsCheck(c *call) {
	ps := positional(c.args)
	if len(ps) < 2 || ps[0].dyn || ps[1].dyn {
		if len(ps) > 0 && ps[0].dyn {
			c.raise(ruleToolDynamic)
		}
		return
	}
	group, verb := ps[0].val, ps[1].val
	prefix := func(word, full string, min int) bool { return len(word) >= min && strings.HasPrefix(full, word) }
	switch {
	case prefix(group, "subvolume", 2) && prefix(verb, "delete", 1):
		c.raise(destroy("btrfs-subvolume-delete", "deletes a btrfs subvolume and every file in it"))
	case prefix(group, "check", 2) && c.hasOpt("--repair --init-csum-tree --init-extent-tree"):
		c.raise(danger("btrfs-check-repair", "rewrites filesystem metadata, which can lose data beyond repair"))
	case prefix(group, "rescue", 2) && (prefix(verb, "zero-log", 1) || prefix(verb, "chunk-recover", 2)):
		c.raise(danger("btrfs-rescue", "rewrites filesystem metadata, which can lose data beyond repair"))
	case prefix(group, "device", 3) && prefix(verb, "delete", 3) || prefix(group, "device", 3) && prefix(verb, "remove", 3):
		c.raise(r("btrfs-device-remove", High, "removes a device from a btrfs filesystem"))
	}
}

// secureRm: srm and wipe delete the files they name, as rm -f does, and
// overwrite them first; what they delete is judged as rm would judge it
// (a file of the workspace is ordinary work, / or ~ or a device is not).
func secureRm(c *call) {
	flags := "-f"
	if c.hasOpt("-r -R --recursive") {
		flags = "-rf"
	}
	argv := append([]arg{{val: "rm", pos: c.pos}, {val: flags, pos: c.pos}, {val: "--", pos: c.pos}}, positional(c.args)...)
	c.ctx.inner(c, c.name, argv, flow{})
}

// fixed returns a handler that always gives the same rule.
func fixed(ru rule, out flowKind) func(c *call) flow {
	return func(c *call) flow {
		c.raise(ru)
		return flow{kind: out}
	}
}

func sudoCommand(c *call) flow {
	c.raise(ruleSudo)
	i := skipOpts(c.args, "-u -g -p -C -D -r -t -T -U -h --user --group --prompt --chdir --close-from --role --type --command-timeout --other-user --host")
	for i < len(c.args) && !c.args[i].dyn && strings.Contains(c.args[i].val, "=") && !strings.HasPrefix(c.args[i].val, "=") {
		name, val, _ := strings.Cut(c.args[i].val, "=")
		c.ctx.setsEnv(name, &arg{val: val}, scopeCommand, c.pos, c.raiseWith)
		c.setEnv(name, val)
		i++
	}
	if i >= len(c.args) {
		if c.hasOpt("-s -i --shell --login") {
			c.raise(ruleShellTTY)
		}
		return flow{}
	}
	return c.ctx.dispatch(c, c.args[i:])
}

// suCommand: su and runuser run a command (-c CMD, or after the user) as
// another user, root by default.
func suCommand(c *call) flow {
	c.raise(ruleSudo)
	if cmd, ok := c.optValue("-c --command"); ok {
		if cmd.dyn {
			c.raise(ruleDynScript)
		} else {
			c.runScript(FrameScript, cmd.val)
		}
		return flow{kind: flowData}
	}
	if c.name == "runuser" {
		if i := skipOpts(c.args, "-u --user -g --group -G --supp-group -s --shell -w --whitelist-environment"); i < len(c.args) {
			return c.ctx.dispatch(c, c.args[i:])
		}
	}
	return flow{kind: flowData}
}

// killCheck marks signalling every process (kill -9 -1) or init (kill 1)
// as dangerous.
func killCheck(c *call) {
	args := c.args
	if len(args) > 0 && !args[0].dyn {
		switch v := args[0].val; {
		case v == "-s" || v == "-n" || v == "--signal":
			args = args[min(2, len(args)):]
		case v == "-l" || v == "-L" || v == "--list" || v == "--table":
			return
		case v != "--" && strings.HasPrefix(v, "-") && len(v) > 1:
			args = args[1:] // the signal: -9, -KILL, -SIGTERM
		}
	}
	for _, a := range args {
		if a.dyn {
			continue
		}
		switch a.val {
		case "-1":
			c.raise(danger("kill-all", "sends a signal to every process the user may signal, which ends the whole session"))
			return
		case "1":
			c.raise(danger("kill-init", "sends a signal to the init process, which can shut down or restart the machine"))
			return
		}
	}
}

// mkfsCommand: formatting a device destroys it; formatting an image file
// in the workspace is ordinary work.
func mkfsCommand(c *call) {
	ts := positional(c.args)
	for _, t := range ts {
		switch pl, _ := c.ctx.placeOf(t); pl {
		case placeWorkspace, placeTemp:
			continue
		}
		c.raise(danger("mkfs", "formats a disk, destroying what is on it"))
		return
	}
	if len(ts) == 0 {
		c.raise(danger("mkfs", "formats a disk, destroying what is on it"))
		return
	}
	c.raise(r("mkfs-image", High, "formats a disk image file in the workspace"))
}

// psPrintsEnv says whether procps ps is given the BSD option e, which
// prints every process's environment. BSD options have no dash and may
// stand anywhere on the line (ps -e -o pid,command e), alone or in a
// cluster (auxe); the words that are option values are skipped, and a
// word only known at run time may be e.
func psPrintsEnv(args []arg) bool {
	const dashVals, bsdVals = "CGgOopqstUuk", "Oopqtk"
	longVals := " cols columns format group Group lines pid ppid quick-pid rows sid sort tty user User "
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			return true
		}
		v := a.val
		switch {
		case strings.HasPrefix(v, "--"):
			if name, _, eq := strings.Cut(v[2:], "="); !eq && strings.Contains(longVals, " "+name+" ") {
				i++
			}
			continue
		case strings.HasPrefix(v, "-"):
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(dashVals, v[j]) >= 0 {
					if j == len(v)-1 {
						i++ // the value is the next word
					}
					break // else the rest of the word is the value
				}
			}
			continue
		}
		for j := 0; j < len(v); j++ {
			if v[j] == 'e' {
				return true
			}
			if strings.IndexByte(bsdVals, v[j]) >= 0 {
				if j == len(v)-1 {
					i++
				}
				break
			}
		}
	}
	return false
}

var ruleNetInfo = rule{id: "net-info", level: Minimal, why: "lists network connections"}

// lsofNetwork: lsof -i (alone, or narrowed to a protocol, a host or a
// port, -iTCP:3000) lists network connections, as ss and netstat do
// (issue 29); any other selection lists every process's open files.
func lsofNetwork(c *call) {
	network := false
	for i, a := range c.args {
		switch {
		case a.dyn:
			c.raise(procRead)
			return
		case strings.HasPrefix(a.val, "-i"):
			network = true
		case a.val == "-n" || a.val == "-P" || a.val == "-nP" || a.val == "-Pn" || a.val == "-t" || a.val == "-sTCP:LISTEN":
			// no names or port names looked up, terse output, a state
			// filter
		case i > 0 && c.args[i-1].val == "-i" && lsofAddress(a.val):
			// -i's address as a word of its own
		default:
			c.raise(procRead)
			return
		}
	}
	if !network {
		c.raise(procRead)
	}
}

// lsofAddress reports a word lsof -i reads as its address:
// [46][protocol][@host][:port], not another option such as +L1.
func lsofAddress(w string) bool {
	if w == "" || strings.HasPrefix(w, "-") || strings.HasPrefix(w, "+") {
		return false
	}
	up := strings.ToUpper(w)
	return strings.HasPrefix(w, ":") || strings.HasPrefix(w, "@") || w == "4" || w == "6" ||
		strings.HasPrefix(up, "TCP") || strings.HasPrefix(up, "UDP") || strings.HasPrefix(w, "4") || strings.HasPrefix(w, "6")
}
