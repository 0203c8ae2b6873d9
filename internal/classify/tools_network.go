package classify

import (
	"path"
	"strings"
)

// Programs that talk to other machines: lookups, fetchers, remote shells
// and copies, scanners.

var networkTools = []tool{
	{names: "ping ping6 traceroute tracepath mtr dig nslookup host whois nc ncat netcat socat telnet ftp", rule: netRule},
	{names: "http https httpie xh xhs", rule: netRule, check: httpRequestCheck},
	{names: "aria2c lynx w3m links", rule: netRule},
}

// networkInfraTools returns the network rows that are built by functions (the
// helpers in tool_sharedrules.go); they are built on the first lookup of one of
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
		{names: "scp sftp", rule: r("scp", High, "copies files to or from another machine"), check: scpCheck},
		{names: "ssh mosh autossh", rule: r("ssh", High, "runs commands on another machine")},
		{names: "ssh-copy-id", rule: r("ssh-copy-id", High, "installs a public key on another machine, granting it access")},
		{names: "ssh-add ssh-agent", rule: r("ssh-add", High, "changes the keys the SSH agent holds")},
		{names: "ssh-keyscan", rule: r("ssh-keyscan", High, "fetches host keys over the network")},
		{names: "tftp lftp", rule: r("tftp", High, "transfers files to or from another machine")},
		{names: "nmap masscan", rule: r("nmap", High, "scans machines on the network")},
	}
}

func curlCommand(c *call) flow {
	c.raise(rule{id: "network", level: High, effect: EffectSend, why: "talks to the network"})
	curlReads(c)
	if o, ok := c.optValue("-o --output"); ok {
		if ru, bad := c.ctx.writeRule(o); bad && ru.level > Low {
			c.raiseWith(ru, occurrence{target: c.target(o)})
		}
	}
	curlOutputs(c)
	if c.hasOpt("-o --output -O --remote-name --remote-name-all") {
		return flow{}
	}
	return flow{kind: flowDownload}
}

// curlOutputs judges the files curl writes where they land: a relative
// -o FILE is FILE in --output-dir, and -O (--remote-name,
// --remote-name-all) names the file after the last part of the URL's
// path, in --output-dir or here; with -J (--remote-header-name) the
// server names it, so only the directory is known.
func curlOutputs(c *call) {
	var dir *arg
	var outs []arg
	remote, serverNames := false, false
	for _, u := range specUses(c) {
		switch u.e.canon {
		case "--output-dir":
			if u.val != nil {
				d := *u.val
				dir = &d
			}
		case "--output":
			if u.val != nil {
				outs = append(outs, *u.val)
			}
		case "--remote-name", "--remote-name-all":
			remote = true
		case "--remote-header-name":
			serverNames = true
		}
	}
	in := func(name string, at arg) arg {
		if dir == nil || strings.HasPrefix(name, "/") {
			return arg{val: name, pos: at.pos}
		}
		if dir.dyn {
			return arg{val: dir.val + "/" + name, dyn: true, pos: at.pos}
		}
		return arg{val: strings.TrimSuffix(dir.val, "/") + "/" + name, pos: at.pos}
	}
	if dir != nil {
		for _, o := range outs {
			if !o.dyn && !strings.HasPrefix(o.val, "/") && o.val != "-" {
				c.raiseJudged(c.ctx.writeRule, in(o.val, o))
			}
		}
	}
	if !remote {
		return
	}
	for _, u := range specOperands(c) {
		name := ""
		if !u.dyn && !serverNames {
			name = urlFileName(u.val)
		}
		if name == "" {
			// a name not known now, in the directory
			where := c.ctx.cwdArg()
			if dir != nil {
				where = *dir
			}
			c.raiseJudged(c.ctx.writeInto, where)
			continue
		}
		c.raiseJudged(c.ctx.writeRule, in(name, u))
	}
}

// urlFileName is the name curl -O gives the file a URL downloads: the
// last part of its path, without a query or fragment; "" when it has
// none.
func urlFileName(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	u, _, _ = strings.Cut(u, "#")
	u, _, _ = strings.Cut(u, "?")
	i := strings.IndexByte(u, '/')
	if i < 0 {
		return ""
	}
	if name := path.Base("/" + u[i+1:]); name != "/" {
		return name
	}
	return ""
}

func wgetCommand(c *call) flow {
	c.raise(rule{id: "network", level: High, effect: EffectSend, why: "talks to the network"})
	wgetReads(c)
	if o, ok := c.optValue("-O --output-document"); ok {
		if o.val == "-" {
			return flow{kind: flowDownload}
		}
		if ru, bad := c.ctx.writeRule(o); bad && ru.level > Low {
			c.raise(ru)
		}
	}
	if c.hasOpt("-qO- -O-") {
		return flow{kind: flowDownload}
	}
	return flow{}
}

// scpCheck judges what scp writes and reads on this machine: a local
// target is written as cp writes it (a startup file is as dangerous as a
// redirect to it), and a local source that is a secret is read to be
// sent. A word with a colon before any slash names another host's file.
func scpCheck(c *call) {
	if c.name != "scp" {
		return
	}
	ps := specOperands(c)
	if len(ps) < 2 {
		return
	}
	dest, srcs := ps[len(ps)-1], ps[:len(ps)-1]
	if !scpRemote(dest) {
		for _, judge := range []func(arg) (rule, bool){c.ctx.writeInto, func(a arg) (rule, bool) { return destRule(c, a) }} {
			if ru, bad := judge(dest); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
	recursive := c.hasOpt("-r")
	for _, s := range srcs {
		if !scpRemote(s) && (recursive && c.ctx.treeReadsSecret(s, true) || !recursive && c.ctx.readsSecret(s, false)) {
			c.raise(ruleReadSecret)
			break
		}
	}
	if scpRemote(dest) {
		return
	}
	// each source lands in a local target by its name, as with cp: the
	// name of another host's file is what follows its host
	names := make([]arg, len(srcs))
	for i, s := range srcs {
		names[i] = s
		if scpRemote(s) {
			names[i].val = s.val[strings.IndexByte(s.val, ':')+1:]
			if names[i].val == "" || strings.HasPrefix(s.val, "scp://") {
				// the remote login directory, or a URI: its name is
				// not known here
				names[i].dyn = true
			}
		}
	}
	c.guardCopies(dest, names, recursive && len(names) == 1, recursive)
	landsIn(c, dest, names)
}

// scpRemote reports an scp operand that names a file of another host:
// host:path, user@host:path, scp://host/path. A dynamic word may be
// either; it is judged as local too, the worse counting.
func scpRemote(a arg) bool {
	if a.dyn {
		return false
	}
	if strings.HasPrefix(a.val, "scp://") {
		return true
	}
	colon := strings.IndexByte(a.val, ':')
	return colon > 0 && !strings.Contains(a.val[:colon], "/")
}

// rsyncCheck: rsync between two directories of this machine writes like
// cp -r; a host:path, an rsync:// URL or a remote shell talks to another
// machine, and the options that delete are deletes where they act.
func rsyncCheck(c *call) {
	normalizeFileOpts(c)
	ps := fileOperands(c.args)
	remote := c.hasOpt("-e --rsh --rsync-path --daemon --server --connect-program") || len(ps) < 2
	for _, p := range ps {
		if p.dyn || strings.Contains(p.val, ":") {
			remote = true
		}
	}
	if remote {
		c.raise(r("rsync-remote", High, "copies files, possibly to or from another machine"))
	}
	var dest arg
	var srcs []arg
	if len(ps) > 1 {
		dest, srcs = ps[len(ps)-1], ps[:len(ps)-1]
	}
	if c.hasOpt("--delete --del --delete-before --delete-during --delete-delay --delete-after --delete-excluded --delete-missing-args") {
		c.raise(r("rsync-delete", Medium, "deletes files in the destination that are missing from the source"))
		// the destination loses everything the source lacks: an empty
		// source empties it, so judge it like rm -rf DEST
		if len(ps) > 1 && !strings.Contains(dest.val, ":") {
			if ru, ok := c.ctx.deleteRuleTree(dest, true, true); ok {
				if ru.dangerous {
					c.raiseWith(ru, occurrence{detail: "the destination " + dest.val + " loses what the source lacks", target: c.target(dest), kind: EffectDelete})
				} else {
					c.raiseWith(ru, occurrence{target: c.target(dest), kind: EffectDelete})
				}
			}
		}
	}
	if c.hasOpt("--archive --recursive") {
		// a tree copied whole reads the secrets in it (cp -r ~ does too)
		for _, s := range srcs {
			if !strings.Contains(s.val, ":") && c.ctx.treeReadsSecret(s, true) {
				c.raise(ruleReadSecret)
				break
			}
		}
	}
	if c.hasOpt("--remove-source-files") {
		c.raise(r("rsync-remove-source", Medium, "deletes the source files after copying them"))
		for _, s := range srcs {
			if ru, ok := c.ctx.deleteRuleTree(s, true, false); ok && !strings.Contains(s.val, ":") {
				c.raise(ru)
			}
		}
	}
	if len(ps) < 2 || strings.Contains(dest.val, ":") {
		return
	}
	// dest is a file (one source) or a directory that gets each source by
	// name, or a trailing slash's contents, as with cp
	for _, judge := range []func(arg) (rule, bool){c.ctx.writeInto, func(a arg) (rule, bool) { return destRule(c, a) }} {
		if ru, bad := judge(dest); bad && ru.level > Low {
			c.raise(ru)
		}
	}
	landsIn(c, dest, srcs)
	for _, s := range srcs {
		if c.ctx.readsSecret(s, true) {
			c.raise(ruleReadSecret)
		}
	}
	c.guardCopies(dest, srcs, false, true)
	rsyncElsewhere(c, dest, srcs)
}

// rsyncElsewhere judges the rsync options that write somewhere other than
// the destination, read files, or set modes.
func rsyncElsewhere(c *call, dest arg, srcs []arg) {
	// directories a relative path is read from the destination's
	for _, o := range []string{"--backup-dir", "--temp-dir", "--partial-dir", "--link-dest", "--copy-dest", "--compare-dest"} {
		for _, v := range normValues(c, o) {
			if !v.dyn && !strings.HasPrefix(v.val, "/") && !strings.HasPrefix(v.val, "~") && !dest.dyn {
				v.val = strings.TrimSuffix(dest.val, "/") + "/" + v.val
			}
			if ru, bad := c.ctx.writeInto(v); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
	for _, o := range []string{"--log-file", "--write-batch", "--only-write-batch"} {
		for _, v := range normValues(c, o) {
			if ru, bad := c.ctx.writeRule(v); bad && ru.level > Low {
				c.raise(ru)
			}
		}
	}
	for _, o := range []string{"--exclude-from", "--include-from", "--files-from", "--password-file", "--filter"} {
		for _, v := range normValues(c, o) {
			if o == "--filter" {
				// merge and dir-merge rules read a file: "merge FILE", ". FILE", ":- FILE"
				rule, file, found := strings.Cut(strings.TrimSpace(v.val), " ")
				if v.dyn || !found || !strings.HasPrefix(rule, "merge") && !strings.HasPrefix(rule, "dir-merge") &&
					!strings.HasPrefix(rule, ".") && !strings.HasPrefix(rule, ":") {
					if v.dyn {
						c.raise(r("rsync-filter", High, "reads filter rules that are only known at run time"))
					}
					continue
				}
				v.val = strings.TrimSpace(file)
			}
			if c.ctx.readsSecret(v, false) {
				c.raise(ruleReadSecret)
			}
		}
	}
	if c.hasOpt("--files-from --read-batch") {
		// the names come from a file permguard does not read
		if ru, bad := c.ctx.unknownInto(dest); bad {
			c.raise(ru)
		}
	}
	if c.hasOpt("-b --backup") && !c.hasOpt("--backup-dir") {
		backupRules(c, "--suffix", []arg{dest}, srcs)
	}
	if c.hasOpt("--relative") {
		underDest(c, dest, srcs)
	}
	for _, v := range normValues(c, "--chmod") {
		for _, clause := range strings.Split(v.val, ",") {
			m := v
			m.val = strings.TrimLeft(clause, "DF")
			modeRules(c, m)
		}
	}
}

// An HTTP client is a remote control for whatever service the URL names,
// and the request says what the service is asked to do. DELETE asks it to
// destroy a resource (an Elasticsearch index, a server, a repository), and
// so does a state-changing request to an endpoint named for destruction
// (_delete_by_query, doDelete, delete_series): that is the verb whose
// purpose is irreversible destruction (design §2.8), spelled as HTTP.

var (
	ruleHTTPDelete   = rule{id: "http-delete", level: High, dangerous: true, why: "sends an HTTP DELETE request, which deletes a resource on the server"}
	ruleHTTPDestroys = rule{id: "http-destroy-endpoint", level: High, dangerous: true, why: "calls an endpoint that deletes data on the server"}
)

// destroyWords are the words of a URL path that name a destructive
// endpoint when the request changes state.
var destroyWords = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"delete": true, "destroy": true, "drop": true, "purge": true, "truncate": true, "wipe": true, "erase": true,
		"flush": true, "flushall": true, "remove": true,
	}
}}

// httpClients knows where each client takes its method and whether a
// request sends data; the URL is any operand with a scheme or a host.
func wrapHTTPClients(handlers map[string]func(c *call) flow) {
	for _, name := range []string{"curl", "wget"} {
		if h := handlers[name]; h != nil {
			handlers[name] = func(c *call) flow {
				out := h(c)
				c.sendsCheck()
				httpRequestCheck(c)
				return out
			}
		}
	}
}

// httpRequestCheck judges the method and URL of curl, wget, httpie and xh.
func httpRequestCheck(c *call) {
	method, changes := "", false
	var urls []arg
	switch c.name {
	case "curl":
		if v, ok := c.optValue("-X --request"); ok {
			method = strings.ToUpper(v.val)
			if v.dyn {
				method = "DELETE" // the worst value a method can have
			}
		}
		changes = c.hasOpt("-d --data --data-raw --data-binary --data-urlencode --json -F --form -T --upload-file")
		urls = valueArgs(c.args, "-X --request -H --header -d --data --data-raw --data-binary --data-urlencode --json -F --form -T --upload-file -o --output -u --user -A --user-agent -e --referer -b --cookie -c --cookie-jar -w --write-out -K --config --connect-timeout -m --max-time --retry -x --proxy --cacert --cert --key -r --range --resolve --limit-rate", "")
	case "wget":
		if v, ok := c.optValue("--method"); ok {
			method = strings.ToUpper(v.val)
		}
		changes = c.hasOpt("--post-data --post-file --body-data --body-file")
		urls = positional(c.args)
	case "http", "https", "httpie", "xh", "xhs":
		ps := positional(c.args)
		if len(ps) > 1 && !ps[0].dyn && isHTTPMethod(strings.ToUpper(ps[0].val)) {
			method = strings.ToUpper(ps[0].val)
			urls = ps[1:2]
		} else if len(ps) > 0 {
			urls = ps[:1]
		}
		changes = len(ps) > 2 // key=value items send data
	default:
		return
	}
	if method == "DELETE" {
		c.raise(ruleHTTPDelete)
		return
	}
	if method == "" && !changes || method == "GET" || method == "HEAD" || method == "OPTIONS" {
		return
	}
	for _, u := range urls {
		if !u.dyn && urlPathDestroys(u.val) {
			c.raise(ruleHTTPDestroys)
			return
		}
	}
}

func isHTTPMethod(m string) bool {
	switch m {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
		return true
	}
	return false
}

// urlPathDestroys reports a URL whose path (not its host or query) has a
// word of destroyWords: /idx/_delete_by_query, /job/x/doDelete.
func urlPathDestroys(u string) bool {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	_, path, ok := strings.Cut(u, "/")
	if !ok {
		return false
	}
	for _, w := range scriptNameWords(path) {
		if destroyWords.get()[w] {
			return true
		}
	}
	return false
}
