package classify

// systemCases are the expected verdicts for the programs of the system
// (tools_system.go, disks and power): the rows of the tables named after the
// work that added them, gathered here by the program each row runs. Each
// part says where its rows came from.
var systemCases = []classifyCase{
	// ps: the BSD option e prints every process's environment wherever it
	// stands on the line; -e (every process) and option values do not
	high("ps -e -o pid,command e", "print-env-all"),
	high("ps o pid,command e", "print-env-all"),
	high("ps --format pid,args e", "print-env-all"),
	high("ps ewwx", "print-env-all"),
	high("ps -p 1 $OPTS", "print-env-all"),
	minimal("ps -ef", "system-info"),
	minimal("ps -eo pid,user,args", "system-info"),
	minimal("ps -o pid,etime -p 123", "system-info"),
	minimal("ps -p $PID -o rss=", "system-info"),
	minimal("ps aux --sort=-%mem", "system-info"),
	minimal("ps --sort -rss aux", "system-info"),
	minimal("ps opid,comm", "system-info"),
	// ==== from toolsCases: issue 13's command knowledge in the tables (tools_cases_test.go; further spellings in tools_heldout_test.go) ====
	// class 10: destructive verbs of less common tools
	dangerous("mkntfs -f /dev/sda1", "mkfs"),
	dangerous("mkdosfs /dev/sdb1", "mkfs"),
	dangerous("nvme format /dev/nvme0n1", "nvme-format"),
	dangerous("nvme sanitize -a 2 /dev/nvme0", "nvme-format"),
	minimal("nvme list", "nvme-list"),
	high("nvme fw-commit /dev/nvme0", "nvme"),
	dangerous("btrfs subvolume delete /mnt/x", "btrfs-subvolume-delete"),
	dangerous("btrfs sub del /mnt/x", "btrfs-subvolume-delete"),
	dangerous("btrfs check --repair /dev/sda1", "btrfs-check-repair"),
	dangerous("btrfs rescue zero-log /dev/sda1", "btrfs-rescue"),
	high("btrfs device remove /dev/sdb /mnt", "btrfs-device-remove"),
	minimal("btrfs subvolume list /", "btrfs-list"),
	dangerous("zfs rollback -r pool/x@snap", "zfs-rollback"),
	minimal("lvs", "lvm-list"),
	dangerous("flashrom -p internal -w bios.bin", "flashrom-write"),
	high("flashrom -p internal -r backup.bin", "flashrom"),
	medium("srm -z file.txt", "secure-rm"), // like rm -f inside the workspace (design §2.6)
	dangerous("srm -r /", "rm-recursive-force"),
	dangerous("wipe -rf ~", "rm-recursive-force"),
	dangerous("nwipe /dev/sda", "secure-delete"),
	dangerous("pkill -9 -u user", "pkill-all"),
	dangerous("killall -9 -u user", "pkill-all"),
	dangerous("pkill -f .", "pkill-all"),
	high("pkill -u user node", "pkill"),

	// ==== from everydayCases: issue 14: everyday development at the least level a person expects, and its neighbours (everyday_cases_test.go) ====
	// ---- class 4: read-only inspectors ----
	minimal("printenv HOME", "print-env-plain"),
	minimal("printenv GOPATH JAVA_HOME", "print-env-plain"),
	high("printenv", "print-env"),
	high("printenv AWS_SECRET_ACCESS_KEY", "print-env"),
	minimal("openssl req -noout -text -in x.csr", "openssl-inspect"),
	minimal("openssl x509 -in cert.pem -noout -subject -dates", "openssl-inspect"),
	minimal("openssl version", "openssl-inspect"),
	medium("openssl req -new -key k.pem -out x.csr", "openssl"),

	// ==== from redteamToolCases: under-ratings found by red-teaming the tool tables; redteam_tools_test.go lists the design sentences the comments quote ====
	// ===== B. minimal today, but writes outside the workspace =====
	dangerous(`espeak -w /home/u/.bashrc hi`, "write-startup-unknown"),

	// Printing the environment: printenv/env/set are high ("prints
	// environment variables, which often hold secrets"); these print the same.
	high(`ps eww`, ""),

	// ===== C. minimal (or low) today, but reads a secret =====
	high(`date --file=/home/u/.ssh/id_rsa`, "read-secret"),

	// ===== F. medium today, but high =====
	// openssl reads keys and writes files where -in/-out say; -engine loads
	// a shared library
	high(`openssl rsa -in /home/u/.ssh/id_rsa -text`, "read-secret"),
	dangerous(`openssl enc -aes256 -in x -out /home/u/.bashrc`, "write-startup-unknown"),
	high(`openssl req -engine ./evil.so -new`, ""),

	// ==== from coverageCases: rows that give each table rule a case (coverage_test.go, TestEveryTableRuleHasARow) ====
	// ---- Table rows: core tools (tools_files.go, tools_text.go, tools_system.go, ...) ----
	// lsof's network selection lists connections, as ss does (issue 29)
	minimal("lsof -i :3000", "net-info"),
	minimal("lsof -nP -iTCP -sTCP:LISTEN", "net-info"),
	high("lsof", "process-info"),
	high("lsof -p 1234", "process-info"),
	high("lsof -i :3000 +D /home/u", "process-info"),
	high("lsof -i +L1", "process-info"),
	minimal("lsof -i TCP:3000", "net-info"),
	minimal("ss -tlnp", "net-info"),
	high("ss -K dst 127.0.0.1", "ss-kill"), // box red team RT-7: closes any process's sockets as root
	high("ss -tK dst 127.0.0.1", "ss-kill"),
	high("ss --kill dst 127.0.0.1", "ss-kill"),
	high("ss --ki dport = 22", "ss-kill"),
	low("ss -D diag.bin", "write-file"),
	minimal("stty -echo", "terminal"),
	minimal("umask 077", "umask"),
	minimal("ulimit -n 4096", "ulimit"),
	minimal("notify-send 'build done'", "notify"),
	low("echo hello | pbcopy", "clipboard"),
	high("ssh-keygen -t ed25519 -f ./deploy_key -N ''", "ssh-keygen"),
	high("gpg --decrypt secrets.txt.gpg", "gpg"),
	// design: openssl is medium in the table, but s_client talks to the
	// network, and network is high (§1)
	high("openssl s_client -connect example.com:443", "network"),
	medium("openssl rand -hex 16", "openssl"),
	high("tmux new-session -d -s build make", "multiplexer"),
	high("echo 'make backup' | at midnight", "schedule"),
	high("date -s '2024-01-01 00:00:00'", "set-clock"),
	high("hostname build-box", "set-hostname"),
	high("sysctl -w net.ipv4.ip_forward=1", "sysctl-write"),
	high("ip link set eth0 down", "net-config"),

	// ---- Table rows: services, firewall, accounts, packages ----
	high("service nginx restart", "service"),
	high("nft add rule inet filter input tcp dport 22 accept", "nft"),
	high("ufw disable", "ufw-disable"),
	high("firewall-cmd --add-port=8080/tcp", "firewall-cmd"),
	high("visudo", "visudo"),

	// ---- Table rows: disks, virtual machines, network ----
	dangerous("cryptsetup luksErase /dev/sdb1", "cryptsetup-erase"),
	high("zfs snapshot tank/data@now", "zfs"),
	high("zpool scrub tank", "zpool"),
	minimal("zpool status", "zpool-list"),
	high("mdadm --detail /dev/md0", "mdadm"),
	dangerous("mdadm --zero-superblock /dev/sdb1", "mdadm-zero-superblock"),
	high("badblocks -sv /dev/sdb", "badblocks"),
	dangerous("badblocks -w /dev/sdb", "badblocks-write"),
}

// systemInfraCases are the rows of infraCases for these programs: the
// infrastructure programs' dangerous verbs, and the safe or merely high
// neighbours that must not be caught with them. infra_cases_test.go joins
// the families' parts into infraCases, which the invariant and fuzz tests read.
var systemInfraCases = []classifyCase{
	// Services, firewall, mounts, processes.
	{cmd: "systemctl status nginx", level: Minimal, rule: "systemctl-status"},
	{cmd: "systemctl --user list-units", level: Minimal, rule: "systemctl-status"},
	{cmd: "systemctl stop nginx", level: High, rule: "systemctl"},
	{cmd: "systemctl disable --now nginx", level: High, rule: "systemctl"},
	{cmd: "systemctl mask nginx", level: High, rule: "systemctl"},
	{cmd: "systemctl reboot", level: High, dangerous: true, rule: "systemctl-power"},
	{cmd: "systemctl poweroff", level: High, dangerous: true, rule: "systemctl-power"},
	{cmd: "systemctl isolate rescue.target", level: High, dangerous: true, rule: "systemctl-isolate"},
	{cmd: "launchctl list", level: Minimal, rule: "launchctl-list"},
	{cmd: "launchctl unload ~/Library/LaunchAgents/x.plist", level: High, rule: "launchctl"},
	{cmd: "launchctl reboot", level: High, dangerous: true, rule: "launchctl-reboot"},
	{cmd: "journalctl -u nginx -n 50", level: Minimal, rule: "journalctl"},
	{cmd: "journalctl --vacuum-time=1d", level: High, rule: "journalctl-vacuum"},
	{cmd: "iptables -L -n", level: High, rule: "iptables"},
	{cmd: "iptables -F", level: High, dangerous: true, rule: "iptables-flush"},
	{cmd: "iptables -t nat --flush", level: High, dangerous: true, rule: "iptables-flush"},
	{cmd: "nft list ruleset", level: Minimal, rule: "nft-list"},
	{cmd: "nft flush ruleset", level: High, dangerous: true, rule: "nft-flush-ruleset"},
	{cmd: "ufw status", level: Minimal, rule: "ufw-status"},
	{cmd: "ufw allow 22", level: High, rule: "ufw"},
	{cmd: "ufw reset", level: High, dangerous: true, rule: "ufw-reset"},
	{cmd: "mount", level: Minimal, rule: "mount-list"},
	{cmd: "mount /dev/sdb1 /mnt", level: High, rule: "mount"},
	{cmd: "umount /mnt", level: High, rule: "umount"},
	{cmd: "umount -a", level: High, dangerous: true, rule: "umount-all"},
	{cmd: "kill 1234", level: High, rule: "kill"},
	{cmd: "kill -9 1234", level: High, rule: "kill"},
	{cmd: "kill -9 -1", level: High, dangerous: true, rule: "kill-all"},
	{cmd: "kill -s KILL -1", level: High, dangerous: true, rule: "kill-all"},
	{cmd: "kill -- -1", level: High, dangerous: true, rule: "kill-all"},
	{cmd: "kill -HUP 1", level: High, dangerous: true, rule: "kill-init"},
	{cmd: "kill -l", level: High, rule: "kill"},
	{cmd: "pkill -f 'node server.js'", level: High, rule: "pkill"},
	{cmd: "killall node", level: High, rule: "pkill"},
	{cmd: "killall5 -9", level: High, dangerous: true, rule: "killall5"},
	{cmd: "chattr +i file", level: High, rule: "chattr"},

	// Accounts.
	{cmd: "useradd -m bob", level: High, rule: "useradd"},
	{cmd: "usermod -aG docker bob", level: High, rule: "usermod"},
	{cmd: "passwd bob", level: High, rule: "passwd"},
	{cmd: "userdel -r bob", level: High, dangerous: true, rule: "userdel"},

	// Disks.
	{cmd: "shred -u secret.txt", level: High, dangerous: true, rule: "shred"},
	{cmd: "shred /dev/sda", level: High, dangerous: true, rule: "shred"},
	{cmd: "wipefs -a /dev/sdb", level: High, dangerous: true, rule: "wipefs"},
	{cmd: "mkswap /dev/sdb2", level: High, dangerous: true}, // judged by the mkfs handler
	{cmd: "sgdisk --zap-all /dev/sda", level: High, dangerous: true, rule: "gdisk"},
	{cmd: "gdisk /dev/sda", level: High, dangerous: true, rule: "gdisk"},
	{cmd: "blkdiscard /dev/nvme0n1", level: High, dangerous: true, rule: "blkdiscard"},
	{cmd: "lvremove -f vg0/data", level: High, dangerous: true, rule: "lvremove"},
	{cmd: "cryptsetup luksFormat /dev/sdb1", level: High, dangerous: true, rule: "cryptsetup-format"},
	{cmd: "cryptsetup open /dev/sdb1 data", level: High, rule: "cryptsetup"},
	{cmd: "zfs list", level: Minimal, rule: "zfs-list"},
	{cmd: "zfs destroy -r tank/data", level: High, dangerous: true, rule: "zfs-destroy"},
	{cmd: "zpool destroy tank", level: High, dangerous: true, rule: "zpool-destroy"},
	{cmd: "hdparm -I /dev/sda", level: High, rule: "hdparm"},
	{cmd: "hdparm --security-erase pw /dev/sda", level: High, dangerous: true, rule: "hdparm-erase"},
}
