package classify

// Programs that talk to other machines: lookups, fetchers, remote shells
// and copies, scanners.

var networkTools = []tool{
	{names: "ping ping6 traceroute tracepath mtr dig nslookup host whois nc ncat netcat socat telnet ftp", rule: netRule},
	{names: "http https httpie xh xhs", rule: netRule, check: httpRequestCheck},
	{names: "aria2c lynx w3m links", rule: netRule},
}

// networkInfraTools returns the network rows that are built by functions (the
// helpers in infra.go); they are built on the first lookup of one of
// their programs (networkInfraTable).
func networkInfraTools() []tool {
	return []tool{
		// Remote access and the network.
		{
			names: "rsync",
			// a copy on this machine is judged by where it writes, like cp
			// (design §1); a host, a remote shell or a daemon is the network
			rule:  r("rsync", Low, "copies files"),
			check: rsyncCheck,
		},
		{names: "scp sftp", rule: r("scp", High, "copies files to or from another machine")},
		{names: "ssh mosh autossh", rule: r("ssh", High, "runs commands on another machine")},
		{names: "ssh-copy-id", rule: r("ssh-copy-id", High, "installs a public key on another machine, granting it access")},
		{names: "ssh-add ssh-agent", rule: r("ssh-add", High, "changes the keys the SSH agent holds")},
		{names: "ssh-keyscan", rule: r("ssh-keyscan", High, "fetches host keys over the network")},
		{names: "tftp lftp", rule: r("tftp", High, "transfers files to or from another machine")},
		{names: "nmap masscan", rule: r("nmap", High, "scans machines on the network")},
	}
}
