package classify

import (
	"path"
	"slices"
	"strings"
)

// place is what a path means for a write, a delete or a read.
type place uint8

const (
	placeUnknown       place = iota // dynamic, or relative after a cd to a dynamic path
	placeSink                       // /dev/null, /dev/stdout, ...: writing there changes nothing
	placeWorkspace                  // inside the workspace (not its root)
	placeWorkspaceRoot              // the workspace directory itself
	placeTemp                       // inside a temporary directory
	placeTempRoot                   // a temporary directory itself
	placeOutside                    // anywhere else
	placePersistence                // runs code later: shell rc files, cron, hooks, ...
	placeSystem                     // the system's own files: /etc, /usr, /boot, ...
	placeDevice                     // a block device or kernel memory
	placeCritical                   // /, the home directory, a parent of the workspace or home
	placeOwn                        // permguard's own settings and state
	placeGuard                      // a file that decides whether the guard runs (Env.Protected)
)

var sinks = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/fd/1": true, "/dev/fd/2": true,
		"/dev/tty": true, "/dev/zero": true,
	}
}}

// systemDirs are the top-level directories of the system: deleting or
// overwriting one of them is dangerous. Below the ones marked true (the
// operating system itself) every file is a system file; below the others
// (/opt/app, /srv/www) a path is merely outside the workspace.
var systemDirs = lazy[map[string]bool]{build: func() map[string]bool {
	return map[string]bool{
		"/etc": true, "/usr": true, "/bin": true, "/sbin": true, "/lib": true, "/lib32": true, "/lib64": true,
		"/libx32": true, "/boot": true, "/dev": true, "/proc": true, "/sys": true, "/System": true, "/var/lib": true,
		"/private/etc": true, "/Library": true, "/usr/local": false, "/var": false, "/opt": false, "/srv": false,
		"/root": false, "/home": false, "/snap": false, "/run": false, "/Applications": false, "/private": false,
		"/Users": false, "/Volumes": false, "/nix": false, "/mnt": false, "/media": false, "/var/log": false,
	}
}}

// devicePrefixes are disks and memory: writing there destroys data.
var devicePrefixes = []string{
	"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk", "/dev/disk", "/dev/rdisk",
	"/dev/mapper/", "/dev/md", "/dev/loop", "/dev/dm-", "/dev/mem", "/dev/kmem", "/dev/port", "/dev/sr",
}

// persistence paths run code later, outside the agent's session.
var persistenceHome = []string{
	".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile",
	".zshenv", ".zlogin", ".config/fish", ".ssh", ".config/autostart", ".config/systemd",
	".local/bin", ".gitconfig", ".config/git", "Library/LaunchAgents", ".xinitrc", ".xprofile",
	".pam_environment", ".config/environment.d", ".npmrc", ".pypirc", ".cargo/config",
	".cargo/config.toml", ".docker/config.json", ".kube/config",
}

var persistenceAbs = []string{
	"/etc/cron", "/etc/crontab", "/var/spool/cron", "/etc/systemd", "/lib/systemd", "/usr/lib/systemd",
	"/usr/local/bin", "/usr/local/sbin", "/etc/profile", "/etc/bash.bashrc", "/etc/zsh", "/etc/init.d",
	"/etc/rc.local", "/Library/LaunchAgents", "/Library/LaunchDaemons", "/etc/sudoers", "/etc/ld.so.preload",
}

// secretsHome are files in the home directory that hold credentials,
// by kind; a name is a prefix ("id_" is every id_*, ".netrc" .netrc.gpg
// too), a trailing / a directory. The sandbox hides each of them
// (internal/sandbox, TestBoxHidesClassifierSecrets). The agents' own
// credential files are not here: each agent's dialect lists its own
// (internal/hook, Secrets), and they arrive in Env.Secrets.
var secretsHome = []string{
	// keys and keyrings: OpenSSH's default identities (ssh(1), -i),
	// GnuPG's secret keys (gpg(1), FILES), pass's store, the GNOME
	// keyring's files and the macOS keychains
	".ssh/id_", ".ssh/identity", ".gnupg/private-keys", ".gnupg/secring", ".password-store",
	".local/share/keyrings/", "Library/Keychains/",
	// cloud: each CLI's documented credential file (AWS's "Configuration
	// and credential file settings", gcloud's config directory, Azure
	// CLI's ~/.azure, OCI's ~/.oci/config, doctl's, hcloud's and
	// flyctl's config files, Pulumi's credentials.json, rclone's remotes,
	// s3cmd's and boto's files, Vault's token helper, Terraform's
	// credentials.tfrc.json from terraform login)
	".aws/credentials", ".config/gcloud/credentials.db", ".config/gcloud/application_default_credentials.json",
	".config/gcloud/legacy_credentials", ".config/gcloud/access_tokens.db", ".azure/", ".oci/",
	".config/doctl/config.yaml", ".config/hcloud/cli.toml", ".fly/config.yml", ".pulumi/credentials.json",
	".config/rclone/rclone.conf", ".s3cfg", ".boto", ".vault-token", ".terraform.d/credentials",
	// forges: gh's and hub's hosts files, glab's config, git's credential
	// store (git-credential-store(1): both of its files), netrc, which
	// curl, git and heroku read
	".config/gh/hosts.yml", ".config/hub", ".config/glab-cli/config.yml", ".git-credentials",
	".config/git/credentials", ".netrc",
	// package registries: npm's and yarn's auth tokens, PyPI's upload
	// credentials, RubyGems', cargo's, Composer's auth.json, Poetry's
	// auth.toml (when it keeps no keyring)
	".npmrc", ".yarnrc.yml", ".pypirc", ".gem/credentials", ".cargo/credentials", ".composer/auth.json",
	".config/composer/auth.json", ".config/pypoetry/auth.toml",
	// databases: libpq's password file, MySQL's option and login-path
	// files
	".pgpass", ".my.cnf", ".mylogin.cnf",
	// container and cluster logins: docker login's and podman login's
	// auth files, kubeconfig, helm registry login
	".docker/config.json", ".config/containers/auth.json", ".kube/config", ".config/helm/registry/config.json",
	// Maven's server passwords and their master password
	// (maven.apache.org, "Settings Reference", "Password Encryption")
	".m2/settings.xml", ".m2/settings-security.xml",
	// model hubs: the Hugging Face token (huggingface_hub's HF_TOKEN_PATH
	// default, and its older place)
	".cache/huggingface/token", ".huggingface/token",
	// agents without a dialect here: goose keeps its keys in a file when
	// there is no keyring (goose's docs, "Configuration")
	".config/goose/secrets.yaml",
}

// secretDirsHome hold credentials and nothing else worth reading: a
// recursive read of one, or of any file in one, reads a secret.
var secretDirsHome = []string{".ssh", ".aws", ".gnupg", ".config/gh", ".docker", ".kube", ".azure", ".password-store",
	".config/gcloud", ".terraform.d", ".oci", ".local/share/keyrings", "Library/Keychains"}

// publicInSecrets reports a file of a secrets directory that holds
// nothing secret (ssh(1), FILES): a public key, the known hosts, the
// keys allowed in, the client's configuration.
func publicInSecrets(rel string) bool {
	dir, base := path.Split(rel)
	if dir != ".ssh/" {
		return false
	}
	return strings.HasSuffix(base, ".pub") || strings.HasPrefix(base, "known_hosts") ||
		strings.HasPrefix(base, "authorized_keys") || base == "config"
}

// own are permguard's default settings and state locations.
var ownHome = []string{".config/permguard", ".local/state/permguard"}

// abs resolves p against the current directory; ok is false when the
// result is unknown.
func (po *policy) abs(p string) (string, bool) {
	if strings.HasPrefix(p, "/") {
		if strings.Contains(p, "/proc") {
			return po.throughProc(p)
		}
		return path.Clean(p), true
	}
	cwd, cwdDyn := po.judgeDir()
	if cwdDyn || cwd == "" || strings.HasPrefix(p, "~") {
		return "", false
	}
	return path.Join(cwd, p), true
}

// throughProc resolves an absolute path that may go through a process's
// root or current directory: /proc/PID/root/x is /x (every process on
// this machine but a confined one has the machine's root), and
// /proc/self/cwd/x, /proc/thread-self/cwd/x are x in the current
// directory. The .. after either climbs from there, not from /proc, so
// the prefix is taken off before the path is cleaned. Another process's
// directory is not known: its path stays under /proc, a system directory.
func (po *policy) throughProc(p string) (string, bool) {
	for range 8 { // /proc/self/root/proc/self/root/...
		p = rawClean(p)
		rest, ok := strings.CutPrefix(p, "/proc/")
		if !ok {
			if c := path.Clean(p); c != p && strings.HasPrefix(c, "/proc/") {
				p = c // /tmp/../proc/self/root/x
				continue
			}
			break
		}
		pid, after, _ := strings.Cut(rest, "/")
		dir, tail, _ := strings.Cut(after, "/")
		switch {
		case pid == "" || pid == "..":
		case dir == "root":
			p = "/" + tail
			continue
		case dir == "cwd" && (pid == "self" || pid == "thread-self"):
			cwd, cwdDyn := po.judgeDir()
			if cwdDyn || cwd == "" {
				return "", false
			}
			p = cwd + "/" + tail
			continue
		}
		break
	}
	return path.Clean(p), true
}

// within reports whether p is dir or below it.
func within(p, dir string) bool {
	if dir == "" {
		return false
	}
	// (no dir+"/": this runs for every path judged, and that allocates)
	return p == dir || dir == "/" || len(p) > len(dir) && p[len(dir)] == '/' && strings.HasPrefix(p, dir)
}

// hasSpecialName reports a path inside the workspace that may be more
// than a file: in a .git directory, permguard's project settings, or a
// foothold (footholdNames). It compares in lower case, as isPersistence
// does: on macOS's file system .GIT is .git. (ToLower allocates only for
// a path with capitals.)
func hasSpecialName(p string) bool {
	p = strings.ToLower(p)
	if strings.Contains(p, ".git") || strings.Contains(p, ".permguard") {
		return true
	}
	for _, n := range footholdNames.get() {
		if strings.Contains(p, n) {
			return true
		}
	}
	return false
}

// tmpPlace judges the part of a path after $TMPDIR.
func tmpPlace(rest string) place {
	clean := path.Clean("/" + rest)
	switch {
	case clean == "/":
		return placeTempRoot
	case strings.Contains(rest, ".."):
		return placeUnknown
	}
	return placeTemp
}

// insideWorkspace reports, without allocating, a relative path that
// stays inside the workspace and names nothing special there: the common
// case, decided before any path is joined.
func (po *policy) insideWorkspace(v string) bool {
	cwd, cwdDyn := po.judgeDir()
	if !po.fastWS || cwdDyn || cwd != po.env.Workspace || v == "" || v[0] == '/' || v[0] == '~' ||
		v == "." || v == "./" || strings.Contains(v, "..") || po.hasSpecialName(v) || po.mayBeGuarded(v) || len(po.st.gitHooksDirs()) > 0 {
		return false
	}
	return true
}

// placeOf classifies an argument used as a path.
func (po *policy) placeOf(a arg) (place, string) {
	if a.tmp {
		return tmpPlace(a.val), ""
	}
	if a.dyn {
		return placeUnknown, ""
	}
	if po.insideWorkspace(a.val) {
		return placeWorkspace, ""
	}
	p, ok := po.abs(a.val)
	if !ok {
		return placeUnknown, ""
	}
	return po.placeOfAbs(p), p
}

func (po *policy) placeOfAbs(p string) place {
	if ws := po.env.Workspace; po.fastWS && len(p) > len(ws) && p[len(ws)] == '/' && p[:len(ws)] == ws && !po.hasSpecialName(p) &&
		!po.mayBeGuarded(p) && len(po.st.gitHooksDirs()) == 0 {
		// the common case, inside the workspace, without the checks below
		return placeWorkspace
	}
	if sinks.get()[p] || strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/") {
		return placeSink
	}
	if m, _ := po.guardOf(p); m == guardFile {
		return placeGuard
	}
	return po.basePlace(p)
}

// basePlace is placeOfAbs without the protected files: where p lies.
func (po *policy) basePlace(p string) place {
	if sinks.get()[p] || strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/") {
		return placeSink
	}
	if po.isOwn(p) {
		return placeOwn
	}
	if p == "/" || p == po.env.Home || (po.env.Workspace != "" && within(po.env.Workspace, p) && p != po.env.Workspace) ||
		(po.env.Home != "" && within(po.env.Home, p)) {
		return placeCritical
	}
	for _, d := range devicePrefixes {
		if strings.HasPrefix(p, d) {
			return placeDevice
		}
	}
	if po.inTempDirBelowSystem(p) {
		// a temporary directory inside a system one (/dev/shm)
		return placeTemp
	}
	if !within(p, po.env.Workspace) && !within(p, po.env.Home) && osPath(p) {
		// /etc/sudoers, /etc/crontab: a system file first, persistence too
		return placeSystem
	}
	if po.isPersistence(p) {
		return placePersistence
	}
	if po.env.Workspace != "" && p == po.env.Workspace {
		return placeWorkspaceRoot
	}
	if within(p, po.env.Workspace) {
		return placeWorkspace
	}
	if po.env.Home != "" && within(p, po.env.Home) {
		return placeOutside
	}
	for _, t := range po.env.TempDirs {
		t = path.Clean(t)
		// a workspace inside a temp dir keeps its neighbours: ../other is
		// outside the workspace, not scratch space
		if t != "" && within(p, t) && !(within(po.env.Workspace, t) && within(p, path.Dir(po.env.Workspace))) {
			return placeTemp
		}
	}
	if osPath(p) {
		return placeSystem
	}
	return placeOutside
}

// osPath reports a top-level system directory, or a path inside the
// operating system's own directories (/etc, /usr, /boot, ...): the
// deepest of its directories that systemDirs names decides. Only as many
// levels as the table's deepest are looked up, so that a path of
// thousands of elements costs its length, not its length squared.
func osPath(p string) bool {
	if _, top := systemDirs.get()[p]; top {
		return true
	}
	p = path.Clean(p)
	isOS := false
	for i, depth := 1, 0; i <= len(p) && depth < systemDirsDepth.get(); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		depth++
		if v, ok := systemDirs.get()[p[:i]]; ok {
			isOS = v
		}
	}
	return isOS
}

// systemDirsDepth is how many elements the deepest of systemDirs has.
var systemDirsDepth = lazy[int]{build: func() int {
	n := 0
	for d := range systemDirs.get() {
		n = max(n, strings.Count(d, "/"))
	}
	return n
}}

// relHome returns p relative to the home directory, without allocating.
func (po *policy) relHome(p string) (string, bool) {
	h := po.env.Home
	if h == "" || len(p) <= len(h) || p[len(h)] != '/' || p[:len(h)] != h {
		return "", false
	}
	return p[len(h)+1:], true
}

func (po *policy) isOwn(p string) bool {
	if hasGlobChar(p) && po.globUnderHome(p, ownHome) {
		return true
	}
	if rel, ok := po.relHome(p); ok {
		for _, o := range ownHome {
			if within(rel, o) {
				return true
			}
		}
	}
	for _, d := range po.env.OwnDirs {
		if d != "" && within(p, path.Clean(d)) {
			return true
		}
	}
	if hasGlobChar(p) && po.globElemAt(p, ".permguard", true) {
		return true
	}
	return within(p, "/etc/permguard") || strings.Contains(strings.ToLower(p)+"/", "/.permguard/")
}

func (po *policy) isPersistence(p string) bool {
	if po.projectFoothold(p) {
		return true
	}
	for _, d := range po.st.gitHooksDirs() {
		// core.hooksPath set earlier in the same input
		if within(p, d) {
			return true
		}
	}
	if hasGlobChar(p) && po.globUnderHome(p, persistenceHome) {
		return true
	}
	if rel, ok := po.relHome(p); ok {
		for _, s := range persistenceHome {
			if within(rel, s) {
				return true
			}
		}
	}
	for _, s := range persistenceAbs {
		if strings.HasPrefix(p, s) {
			return true
		}
	}
	return false
}

// globElemAt reports whether p, a path with glob characters, has an
// element that could be name (and, unless tree, is its last).
func (po *policy) globElemAt(p, name string, tree bool) bool {
	pe := splitPath(strings.ToLower(p))
	for i, e := range pe {
		if (tree || i == len(pe)-1) && globsMeet(e, name, po.st.dotglob()) {
			return true
		}
	}
	return false
}

// isSecretDir reports a directory of credentials, or a file in one:
// recursive tools (grep -r, tar, cp -r) read all of it.
func (po *policy) isSecretDir(p string) bool {
	rel, ok := po.relHome(p)
	if !ok || hasGlobChar(p) {
		return (hasGlobChar(p) || po.otherHome(p)) && po.globSecretDir(p)
	}
	if publicInSecrets(rel) {
		return false
	}
	for _, d := range secretDirsHome {
		if within(rel, d) {
			return true
		}
	}
	return false
}

// agentSecret reports a path that could name one of the agents' own
// credential files (Env.Secrets), or a file below one: p may be a pattern.
func (po *policy) agentSecret(p string) bool {
	pe := splitPath(p)
	for _, s := range po.env.Secrets {
		if po.treeMeets(splitPath(s), pe) {
			return true
		}
	}
	return false
}

// holdsAgentSecret reports a directory that could hold one of the
// agents' credential files below it.
func (po *policy) holdsAgentSecret(p string) bool {
	pe := splitPath(p)
	for _, s := range po.env.Secrets {
		if se := splitPath(s); len(pe) < len(se) && po.elemsMeet(se[:len(pe)], pe) {
			return true
		}
	}
	return false
}

// isSecret reports whether reading p exposes credentials.
func (po *policy) isSecret(p string) bool {
	if po.agentSecret(p) || po.foundSecret(p) {
		return true
	}
	if hasGlobChar(p) || po.otherHome(p) || strings.HasSuffix(p, "/secrets") || strings.Contains(p, "/secrets/") {
		// a pattern, someone else's home, a mounted secret: matched
		// against the tables as patterns
		if po.globSecret(p) {
			return true
		}
	}
	if rel, ok := po.relHome(p); ok && !publicInSecrets(rel) {
		for _, s := range secretsHome {
			if strings.HasPrefix(rel, s) {
				return true
			}
		}
	}
	switch p {
	case "/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/master.passwd":
		return true
	}
	if strings.HasPrefix(p, "/proc/") && strings.HasSuffix(p, "/environ") {
		return true // a process's environment
	}
	if strings.HasPrefix(p, "/etc/ssh/ssh_host_") && !strings.HasSuffix(p, ".pub") {
		return true
	}
	if strings.HasPrefix(p, "/run/") && po.treeMeets([]string{"run", "user", "*", "containers", "auth.json"}, splitPath(p)) {
		return true // podman login's default file, in XDG_RUNTIME_DIR
	}
	if rel, ok := po.relHome(p); ok && po.browserSecret(splitPath(rel)) {
		return true
	}
	return po.secretByName(p)
}

// holdsSecrets reports a directory that holds secrets below it: the home
// directory, or one on the way to a secret in it (~/.config). A command
// that reads the whole tree reads them.
func (po *policy) holdsSecrets(p string) bool {
	h := po.env.Home
	switch {
	case h == "":
		return false
	case within(h, p):
		// the home directory, or a directory above it
		return true
	case po.holdsAgentSecret(p) || po.holdsFound(p, false):
		return true
	case !within(p, h):
		return false
	}
	for _, s := range secretsHome {
		if within(h+"/"+strings.TrimSuffix(s, "/"), p) {
			return true
		}
	}
	if rel, ok := po.relHome(p); ok {
		// a browser's directory, or one of its profiles
		re := splitPath(rel)
		for _, s := range browserSecretPats.get() {
			if len(re) < len(s) && po.elemsMeet(s[:len(re)], re) {
				return true
			}
		}
	}
	return false
}

var (
	ruleWriteOwn         = rule{id: "self-protect", level: High, dangerous: true, why: "tries to change permguard's own settings", effect: EffectWrite, policy: true}
	ruleWriteDevice      = rule{id: "write-device", level: High, dangerous: true, why: "writes over a disk or kernel memory", effect: EffectWrite, policy: true}
	ruleWriteSystem      = rule{id: "write-system", level: High, dangerous: true, why: "overwrites a system file", effect: EffectWrite, policy: true}
	ruleWriteCritical    = rule{id: "write-critical", level: High, dangerous: true, why: "overwrites the root, home or a parent of the workspace", effect: EffectWrite, policy: true}
	ruleWritePersistence = rule{id: "write-persistence", level: High, why: "writes a file that runs code later (shell startup, cron, hooks, autostart, keys)", effect: EffectWrite, policy: true}
	ruleWriteOutside     = rule{id: "write-outside", level: High, why: "writes a file outside the workspace", effect: EffectWrite, policy: true}
	ruleWriteUnknown     = rule{id: "write-unknown", level: High, why: "writes to a file whose name is only known at run time", effect: EffectWrite, policy: true}
	ruleWriteFile        = rule{id: "write-file", level: Low, why: "writes a file in the workspace", effect: EffectWrite, policy: true}
	ruleReadSecret       = rule{id: "read-secret", level: High, why: "reads a secret", effect: EffectRead, policy: true}
	ruleOverwriteHome    = rule{id: "overwrite-startup", level: High, dangerous: true, why: "overwrites a shell startup, key or config file in your home directory", effect: EffectWrite, policy: true}
	ruleWriteSelfVars    = rule{id: "self-protect-startup", level: High, dangerous: true, why: "could switch the guard off: writes permguard's variables, or its name, into a file that later sessions run", effect: EffectWrite, policy: true}
)

// startupHome are the files in the home directory that a shell or a login
// session reads to set its environment, and startupAbs the system's own;
// .envrc sets direnv's environment in any directory. What is written there
// can set or unset permguard's variables, or alias permguard away, for
// every later session.
var (
	startupHome = []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile",
		".zshenv", ".zlogin", ".zlogout", ".config/fish", ".pam_environment", ".config/environment.d", ".xprofile",
		".xinitrc", ".xsessionrc", ".kshrc", ".mkshrc", ".tcshrc", ".cshrc", ".inputrc"}
	startupAbs = []string{"/etc/profile", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zsh", "/etc/environment", "/etc/fish"}
)

// ruleWriteStartupUnknown: a shell startup file gets content that cannot be
// read now (a file, another program's output, decoded or dynamic text).
var ruleWriteStartupUnknown = rule{id: "write-startup-unknown", level: High, dangerous: true, why: "could switch the guard off: writes content not known now into a shell startup file, where it could set or unset permguard's variables or alias permguard away", effect: EffectWrite, policy: true}

// isStartup reports a shell or session startup file (p is absolute, clean).
func (po *policy) isStartup(p string) bool {
	if b := path.Base(p); b == ".envrc" || hasGlobChar(b) && globsMeet(b, ".envrc", po.st.dotglob()) {
		return true
	}
	if hasGlobChar(p) && po.globUnderHome(p, startupHome) {
		return true
	}
	if rel, ok := po.relHome(p); ok {
		for _, s := range startupHome {
			if within(rel, s) {
				return true
			}
		}
	}
	for _, s := range startupAbs {
		if within(p, s) || strings.HasPrefix(p, s+".") {
			return true
		}
	}
	return false
}

// writeRuleOf is writeRule for a write whose content is content: static
// text that names neither permguard nor a variable that moves an agent's
// configuration keeps a startup file a foothold (high); anything else
// there could switch the guard off.
func (po *policy) writeRuleOf(a arg, content flow) (rule, bool) {
	ru, ok := po.writeRuleOfText(a, content)
	if ok && !ru.dangerous && content.kind == flowText && po.namesGuard(content.text) {
		// wherever it lands: a file that names permguard's variables or
		// files can only be meant to reach the guard (a .env a tool
		// loads, a script a hook runs)
		return po.judged(a, ruleWriteGuardText, true)
	}
	return ru, ok
}

// ruleWriteGuardText: a write whose text names a PERMGUARD_ variable or
// one of permguard's own files (design §2.9).
var ruleWriteGuardText = rule{id: "self-protect-content", level: High, dangerous: true, why: "could switch the guard off: writes text that names permguard's variables or its own files", effect: EffectWrite, policy: true}

// namesGuard reports text, as it will land in a file, that names one of
// permguard's variables (PERMGUARD_, as the shell and every loader of
// .env files spell it) or one of its own directories.
func (po *policy) namesGuard(text string) bool {
	if strings.Contains(text, "PERMGUARD_") {
		return true
	}
	if !strings.Contains(strings.ToLower(text), "permguard") {
		return false // most texts: no copy made
	}
	lt := strings.ToLower(text)
	for _, o := range ownHome {
		if strings.Contains(lt, o) {
			return true
		}
	}
	if strings.Contains(lt, ".permguard") || strings.Contains(lt, "/etc/permguard") {
		return true
	}
	for _, d := range po.env.OwnDirs {
		if d != "" && strings.Contains(text, d) {
			return true
		}
	}
	return false
}

// writeRuleOfText is writeRuleOf without the text that names the guard.
func (po *policy) writeRuleOfText(a arg, content flow) (rule, bool) {
	if content.kind == flowText && !content.decoded {
		if po.mentionsGuardVars(content.text) {
			if ru, ok := po.writeRule(a); !ok || ru.id != ruleWriteStartupUnknown.id {
				return ru, ok
			}
			return ruleWriteSelfVars, true
		}
		po.staticWrite = true
		defer func() { po.staticWrite = false }()
	}
	return po.writeRule(a)
}

// mentionsGuardVars reports text that names permguard, or a variable that
// moves an agent's configuration (Env.GuardVars) away from the files the
// guard protects.
func (po *policy) mentionsGuardVars(text string) bool {
	if strings.Contains(strings.ToLower(text), "permguard") {
		return true
	}
	for _, v := range po.env.GuardVars {
		if v != "" && strings.Contains(text, v) {
			return true
		}
	}
	return false
}

// mentionsSelfVars reports an input that spells out one of permguard's
// variables, once quotes and backslashes are gone: PERMGUARD""_LEVEL.
func mentionsSelfVars(src string) bool {
	if !strings.ContainsRune(src, 'P') || !strings.ContainsRune(src, '_') {
		return false // most inputs: no copy made
	}
	bare := strings.Map(func(r rune) rune {
		if r == '\'' || r == '"' || r == '\\' {
			return -1
		}
		return r
	}, src)
	return strings.Contains(bare, "PERMGUARD_")
}

// writeKeeping is writeRule for a write that keeps what the file holds:
// it appends, or only creates the file or changes its times, or makes a
// link to it.
func (po *policy) writeKeeping(a arg) (rule, bool) {
	keeps := po.keeps
	po.keeps = true
	defer func() { po.keeps = keeps }()
	return po.writeRule(a)
}

// writeKeepingOf is writeRuleOf for a write that keeps what the file
// holds (writeKeeping): tee -a.
func (po *policy) writeKeepingOf(a arg, content flow) (rule, bool) {
	keeps := po.keeps
	po.keeps = true
	defer func() { po.keeps = keeps }()
	return po.writeRuleOf(a, content)
}

// writeInto judges writing files into the directory a.
func (po *policy) writeInto(a arg) (rule, bool) {
	if a.dyn {
		return po.writeRule(a)
	}
	child := a
	child.val = strings.TrimSuffix(a.val, "/") + "/x"
	child.into = true
	ru, bad := po.writeRule(child)
	if bad && ru.target == po.mustAbs(child.val) {
		ru.target = "" // the directory, not the name that probes it
	}
	return po.judged(a, ru, bad)
}

// writeRule returns the rule for writing (creating, overwriting,
// appending to) the file at a, or ok=false when the write is harmless.
func (po *policy) writeRule(a arg) (rule, bool) {
	if a.dyn {
		if ru, bad := po.guardTarget(a, false); bad {
			return ru, bad
		}
	}
	ru, bad := po.worseOf(a, true, func(a arg) (rule, bool) {
		return po.worstOf(a, func() (rule, bool) { return po.writeRuleAt(a) })
	})
	return po.judged(a, ru, bad)
}

// judged gives a rule a judgement returns the path it judged, a, as the
// target of its effect, unless a deeper judgement named a better one.
func (po *policy) judged(a arg, ru rule, bad bool) (rule, bool) {
	if bad && ru.target == "" {
		ru.target = a.val
		if p, ok := po.abs(a.val); ok && !a.dyn {
			ru.target = p
		}
	}
	return ru, bad
}

func (po *policy) writeRuleAt(a arg) (rule, bool) {
	pl, p := po.placeOf(a)
	if isOS, top := systemDirs.get()[p]; pl == placeSystem && top && !isOS {
		// writing into /usr/local or /opt is installing, not overwriting
		// the system
		return ruleWriteOutside, true
	}
	switch pl {
	case placeSink:
		return rule{}, false
	case placeOwn:
		return ruleWriteOwn, true
	case placeGuard:
		_, what := po.guardOf(p)
		return guardRule("changes", what), true
	case placeDevice:
		return ruleWriteDevice, true
	case placeSystem:
		return ruleWriteSystem, true
	case placeCritical:
		return ruleWriteCritical, true
	case placePersistence:
		if po.selfVars {
			return ruleWriteSelfVars, true
		}
		if po.isStartup(p) && !po.staticWrite {
			return ruleWriteStartupUnknown, true
		}
		if !po.keeps && !a.into && within(p, po.env.Home) && !within(p, po.env.Workspace) {
			// whatever position names the file: a redirect, an operand,
			// an option's value (design §2.6)
			return ruleOverwriteHome, true
		}
		return ruleWritePersistence, true
	case placeOutside:
		return ruleWriteOutside, true
	case placeUnknown:
		return ruleWriteUnknown, true
	}
	// the workspace, a temporary directory
	if path.Base(strings.ToLower(p)) == ".git" || hasGlobChar(p) && po.globElemAt(p, ".git", false) {
		// a .git file ("gitdir: DIR") makes its directory a repository
		// whose configuration, DIR's, can name programs git runs
		return ruleWritePersistence, true
	}
	return ruleWriteFile, true
}

var (
	ruleDeleteUnknown  = rule{id: "delete-unknown", level: High, dangerous: true, why: "deletes recursively or by force a path only known at run time", effect: EffectDelete, policy: true}
	ruleDeleteCritical = rule{id: "delete-critical", level: High, dangerous: true, why: "deletes the root, your home directory or a parent of the workspace", effect: EffectDelete, policy: true}
	ruleDeleteRoot     = rule{id: "delete-workspace", level: High, dangerous: true, why: "deletes the whole workspace", effect: EffectDelete, policy: true}
	ruleDeleteSystem   = rule{id: "delete-system", level: High, dangerous: true, why: "deletes system files", effect: EffectDelete, policy: true}
	ruleDeleteOutside  = rule{id: "delete-tree-outside", level: High, dangerous: true, why: "deletes a directory tree outside the workspace", effect: EffectDelete, policy: true}
	ruleDeleteOwn      = rule{id: "self-protect", level: High, dangerous: true, why: "tries to change permguard's own settings", effect: EffectDelete, policy: true}
	ruleDeleteHigh     = rule{id: "delete-outside", level: High, why: "deletes files outside the workspace", effect: EffectDelete, policy: true}
	ruleDeleteRootHigh = rule{id: "delete-workspace-root", level: High, why: "deletes the workspace directory", effect: EffectDelete, policy: true}
	ruleDeletePersist  = rule{id: "delete-persistence", level: High, why: "deletes a file that controls shell startup, keys, cron or hooks", effect: EffectDelete, policy: true}
	ruleDeleteMaybe    = rule{id: "delete-dynamic", level: High, why: "deletes a file whose name is only known at run time", effect: EffectDelete, policy: true}
	// temporary directories count as workspace for deletes (design §2.6)
	ruleDeleteTemp = rule{id: "delete-temp", level: Medium, why: "deletes files in a temporary directory", effect: EffectDelete, policy: true}
)

// selfProtectID reports whether id is one of the rules that guard
// permguard's own settings and variables. They shared the id
// "self-protect" until each meaning got its own id; the checks that step
// aside for that rule still step aside for all of them.
func selfProtectID(id string) bool {
	switch id {
	case ruleWriteOwn.id, ruleEnvGuardVar.id, ruleEnvEmpty.id, ruleWriteSelfVars.id, ruleWriteGuardText.id, "self-protect-level":
		return true
	}
	return false
}

// deleteRule judges deleting (or moving away, or recursively changing the
// owner or mode of) the target a. forced means recursive or forced, the
// forms that do not stop to ask. ok is false when no rule beyond the
// command's own applies (a path inside the workspace or a temp directory).
func (po *policy) deleteRule(a arg, forced bool) (rule, bool) {
	return po.deleteRuleTree(a, forced, forced)
}

// deleteRuleTree is deleteRule with the two strengths apart: forced (any
// of recursive or force) decides for targets that matter everywhere, tree
// (recursive and force together) for a tree outside the workspace.
func (po *policy) deleteRuleTree(a arg, forced, tree bool) (rule, bool) {
	if a.dyn {
		if ru, bad := po.guardTargetFor(a, true, true); bad {
			return po.judged(a, ru, bad)
		}
	}
	ru, bad := po.worseOf(a, false, func(a arg) (rule, bool) {
		return po.worstOf(a, func() (rule, bool) { return po.deleteRuleAt(a, forced, tree) })
	})
	return po.judged(a, ru, bad)
}

// worstOf judges a relative path against the directory a cd moved to and
// against the workspace, and keeps the worse: a cd earlier in the input
// never makes a later command look safer than it would alone.
func (po *policy) worstOf(a arg, judge func() (rule, bool)) (rule, bool) {
	ru, ok := judge()
	alt, altDyn := po.st.altDir()
	cwd, cwdDyn := po.judgeDir()
	if a.dyn || strings.HasPrefix(a.val, "/") || strings.HasPrefix(a.val, "~") || po.env.Workspace == "" ||
		(!cwdDyn && cwd == alt && !altDyn) || (cwdDyn && altDyn) {
		return ru, ok
	}
	saved := po.alt
	po.alt = judgedIn{dir: alt, dyn: altDyn, set: true}
	ru2, ok2 := judge()
	po.alt = saved
	if ok2 && (!ok || rank(ru2) > rank(ru)) {
		return ru2, ok2
	}
	return ru, ok
}

func rank(ru rule) int {
	if ru.dangerous {
		return int(High) + 1
	}
	return int(ru.level)
}

func (po *policy) deleteRuleAt(a arg, forced, tree bool) (rule, bool) {
	if a.tmp {
		switch tmpPlace(a.val) {
		case placeTemp:
			return ruleDeleteTemp, true
		case placeTempRoot:
			return r("delete-temp-root", High, "deletes a temporary directory with everything in it"), true
		}
	}
	if a.dyn {
		if forced {
			return ruleDeleteUnknown, true
		}
		return ruleDeleteMaybe, true
	}
	v := a.val
	whole := false
	if a.glob {
		v, whole = globTarget(v)
	}
	p, ok := po.abs(v)
	if !ok {
		if forced {
			return ruleDeleteUnknown, true
		}
		return ruleDeleteMaybe, true
	}
	if a.glob && !whole {
		// files inside p, not p itself
		p = path.Join(p, "*")
	}
	ru, ok := po.deletePlaceRule(p, forced, tree)
	if !ok {
		ru, ok = po.gitDirRule(p, forced, tree)
	}
	if ok && ru.dangerous {
		// the root, home, a system directory: their own reason says more
		return ru, ok
	}
	if a.glob {
		// the glob as written: *.tmp selects no settings.json, though
		// it deletes in the directory that holds one
		var known bool
		if p, known = po.abs(a.val); !known {
			return ru, ok
		}
	}
	if m, what := po.guardDeleteOf(p); m != guardNone {
		// a directory that holds a protected file takes the file with it
		if m == guardHolder {
			what = "a directory that holds " + what
		}
		return guardRule("deletes", what), true
	}
	return ru, ok
}

// deletePlaceRule judges deleting the absolute path p by its place.
func (po *policy) deletePlaceRule(p string, forced, tree bool) (rule, bool) {
	switch po.basePlace(p) {
	case placeSink:
		return rule{}, false
	case placeOwn:
		return ruleDeleteOwn, true
	case placeCritical:
		return ruleDeleteCritical, true
	case placeWorkspaceRoot:
		if forced {
			return ruleDeleteRoot, true
		}
		return ruleDeleteRootHigh, true
	case placeSystem, placeDevice:
		return ruleDeleteSystem, true
	case placePersistence:
		if forced || po.env.Home != "" && within(p, path.Join(po.env.Home, ".ssh")) {
			return destroy("delete-keys-or-startup", "deletes keys or startup files in your home directory"), true
		}
		return ruleDeletePersist, true
	case placeOutside:
		if tree {
			return ruleDeleteOutside, true
		}
		return ruleDeleteHigh, true
	case placeTemp:
		return ruleDeleteTemp, true
	case placeUnknown:
		return ruleDeleteUnknown, true
	}
	return rule{}, false
}

var (
	ruleGitDirDelete = rule{id: "delete-git-dir", level: High, dangerous: true, why: "deletes the repository's history (.git), which cannot be recovered", effect: EffectDelete, policy: true}
	ruleGitInternals = rule{id: "delete-git-internal", level: High, why: "deletes files inside .git that git needs", effect: EffectDelete, policy: true}
)

// gitDirRule judges deleting p when it is a .git directory of the
// workspace or lies inside one; ok is false otherwise. A lone file inside
// (.git/index.lock) is high; the directory or a tree inside it is
// dangerous.
func (po *policy) gitDirRule(p string, forced, tree bool) (rule, bool) {
	if po.env.Workspace == "" || !within(p, po.env.Workspace) {
		return rule{}, false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, po.env.Workspace), "/")
	parts := strings.Split(rel, "/")
	for i, part := range parts {
		if part != ".git" {
			continue
		}
		if i == len(parts)-1 {
			if forced {
				return ruleGitDirDelete, true
			}
			return ruleGitInternals, true
		}
		if tree {
			return ruleGitDirDelete, true
		}
		return ruleGitInternals, true
	}
	return rule{}, false
}

// globTarget reduces a glob to the directory it selects in; whole reports a
// pattern that selects everything there ("*", "dir/*", ".*"), which is
// judged as deleting the directory itself.
func globTarget(v string) (dir string, whole bool) {
	i := strings.IndexAny(v, "*?[")
	slash := strings.LastIndexByte(v[:i], '/')
	rest := v[slash+1:]
	switch {
	case slash < 0:
		dir = "."
	case slash == 0:
		dir = "/"
	default:
		dir = v[:slash]
	}
	switch rest {
	case ".*", "*.*", "**/*", ".[!.]*", "..?*":
		whole = true
	default:
		whole = everyName(strings.TrimRight(rest, "/"))
	}
	return dir, whole
}

// everyName reports a glob element that matches every name a plain * does
// (every name that does not start with a dot), however it is spelled: ?*,
// *?, ?**, [!.]*. It holds a * and nothing that could turn a non-empty
// name away: at most one one-character token (every name has one
// character), and a class only first where it refuses no more than the
// dot a * refuses there too. Without globstar ** is *.
func everyName(el string) bool {
	star, one := false, 0
	for i, t := range globToks(el) {
		switch {
		case t.kind == '*':
			star = true
		case t.kind == '?':
			one++
		case t.kind == '[' && i == 0 && t.neg && t.class == ".":
			one++
		default:
			return false
		}
	}
	return star && one <= 1
}

// HomeFilesThatMatter lists, relative to the home directory, the files
// and directories whose change or reading the path rules single out:
// startup files, footholds, secrets and permguard's own directories. A
// caller that finds a file with other hard links compares it with these
// to name it (design §2.6, Links). An entry ending in "_" or "/" is a
// prefix: every file in its directory counts.
func HomeFilesThatMatter() []string {
	return homeFiles(persistenceHome, startupHome, secretsHome, ownHome)
}

// HomeFootholds is HomeFilesThatMatter without the secrets: the files a
// dotfiles repository links into place (~/.bashrc -> ~/dotfiles/bashrc),
// which keys seldom are.
func HomeFootholds() []string {
	return homeFiles(persistenceHome, startupHome, ownHome)
}

func homeFiles(lists ...[]string) []string {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	out := make([]string, 0, n)
	for _, list := range lists {
		for _, p := range list {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// inTempDirBelowSystem reports a path strictly inside a temporary
// directory that lies in a system directory (/dev/shm in /dev), which the
// system rule would otherwise claim.
func (po *policy) inTempDirBelowSystem(p string) bool {
	for _, t := range po.env.TempDirs {
		if t = path.Clean(t); t != "/" && strings.HasPrefix(p, t+"/") && osPath(t) {
			return true
		}
	}
	return false
}
