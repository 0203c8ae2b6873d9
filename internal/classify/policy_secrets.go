package classify

import (
	"path"
	"slices"
	"strings"
)

// Secrets known by class rather than by one path (design §2.6): the files
// a browser keeps its logins and cookies in, whatever the profile's name;
// private keys by their name, wherever they lie outside the workspace; a
// project's .env files outside the workspace. The files of one tool are
// in secretsHome (policy_paths.go), the agents' own in Env.Secrets.

// browserProfiles are where the browsers keep their profiles, under the
// home directory, on Linux and macOS (Chromium's "User Data Directory"
// document; Firefox's "Profiles - Where Firefox stores your bookmarks,
// passwords and other user data"). A profile's name is any name.
var browserProfiles = []string{
	".config/google-chrome/*", ".config/chromium/*", ".config/BraveSoftware/Brave-Browser/*",
	".config/microsoft-edge/*", ".config/vivaldi/*", ".config/opera",
	"Library/Application Support/Google/Chrome/*", "Library/Application Support/Chromium/*",
	"Library/Application Support/BraveSoftware/Brave-Browser/*", "Library/Application Support/Microsoft Edge/*",
	".mozilla/firefox/*", "Library/Application Support/Firefox/Profiles/*",
	".thunderbird/*", "snap/firefox/common/.mozilla/firefox/*",
	// the snap packages keep Chromium's user data directory under ~/snap
	"snap/chromium/common/chromium/*",
	// the other release channels, each a user data directory of its own
	".config/google-chrome-beta/*", ".config/google-chrome-unstable/*", ".config/microsoft-edge-beta/*",
	".config/microsoft-edge-dev/*", "Library/Application Support/Google/Chrome Beta/*",
	"Library/Application Support/Google/Chrome Canary/*", "Library/Application Support/Arc/User Data/*",
	// Flatpak keeps each app's home below ~/.var/app/ID
	".var/app/org.mozilla.firefox/.mozilla/firefox/*", ".var/app/com.google.Chrome/config/google-chrome/*",
	".var/app/org.chromium.Chromium/config/chromium/*", ".var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser/*",
	".var/app/com.microsoft.Edge/config/microsoft-edge/*",
}

// browserSecretFiles are the files of a profile that hold logins,
// cookies and session tokens (Chromium: Cookies, Login Data, Web Data,
// the key in Local State; Firefox: logins.json with key4.db, cookies.sqlite).
var browserSecretFiles = []string{
	"Cookies", "Login Data", "Login Data For Account", "Web Data", "Local State", "Network/Cookies",
	"logins.json", "key4.db", "key3.db", "cookies.sqlite", "signons.sqlite",
}

// browserSecretPats are browserProfiles × browserSecretFiles, as
// patterns relative to a home directory.
var browserSecretPats = lazy[[][]string]{build: func() [][]string {
	var out [][]string
	for _, p := range browserProfiles {
		for _, f := range browserSecretFiles {
			out = append(out, strings.Split(p+"/"+f, "/"))
		}
	}
	return out
}}

// browserSecret reports a path relative to a home directory, as
// elements, that could be a browser's login or cookie file.
func (po *policy) browserSecret(rel []string) bool {
	for _, s := range browserSecretPats.get() {
		if len(rel) == len(s) && po.elemsMeet(s, rel) {
			return true
		}
	}
	return false
}

// keyNames are the names OpenSSH gives private keys (ssh-keygen(1),
// FILES): a copy of one anywhere outside the workspace is still the key.
// The public half (.pub) is not a secret.
var keyNames = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ecdsa_sk", "id_ed25519", "id_ed25519_sk", "id_xmss"}

// keySuffixes are key files and key stores, secrets wherever they are
// outside the workspace: PEM keys and certificates with their keys,
// PKCS#12, PuTTY's, Java's key stores, KeePass databases, Apple's .p8
// keys. (A key under a generic name is known only by its content: the
// caller looks, Env.FoundSecrets.)
var keySuffixes = []string{"*.pem", "*.key", "*.p12", "*.pfx", "*.ppk", "*.jks", "*.keystore", "*.kdbx", "*.p8"}

// envTemplates are .env names that by convention hold no values, only
// the names a project expects.
var envTemplates = []string{".env.example", ".env.sample", ".env.template", ".env.dist", ".env.defaults",
	"example.env", "sample.env", "template.env", "defaults.env", "default.env"}

// secretByName reports a file whose name alone says it holds a secret,
// outside the workspace: a private key, a key store, a project's .env
// (another project's, ../other/.env: its own workspace's .env is the
// project's configuration, read in everyday work). p is absolute and
// clean; its last element may be a pattern.
func (po *policy) secretByName(p string) bool {
	if po.env.Workspace != "" && within(p, po.env.Workspace) {
		return false
	}
	b := path.Base(p)
	if b == "/" || b == "." {
		return false
	}
	if hasGlobChar(b) {
		// a pattern after a key or an .env must name one (.env*, id_*):
		// a bare * in a directory is not after one
		if !strings.Contains(b, ".") && !strings.HasPrefix(b, "id") {
			return false
		}
	}
	return secretBase(b, po.st.dotglob())
}

// SecretName reports whether a file named base (a plain name, no
// pattern) outside the workspace is a secret by its name: a private key,
// a key store, an .env file. The caller asks it of the files below a
// tree a call reads whole (Env.FoundSecrets).
func SecretName(base string) bool {
	return base != "" && !hasGlobChar(base) && secretBase(base, false)
}

// secretBase is secretByName for the last element b, a name or a pattern.
func secretBase(b string, dotglob bool) bool {
	meets := func(pat string) bool { return globsMeet(pat, b, dotglob) }
	for _, k := range keyNames {
		if meets(k) {
			return true
		}
	}
	for _, k := range keySuffixes {
		if meets(k) {
			return true
		}
	}
	if meets(".env") || meets(".env.*") {
		for _, t := range envTemplates {
			if b == t {
				return false
			}
		}
		return true
	}
	if meets("*.env") {
		// a named environment file, as docker compose's env_file and
		// many deployments call them (prod.env, db.env)
		return !slices.Contains(envTemplates, b)
	}
	return false
}

// treeReadsSecret reports whether reading every file below the
// directory a names reads a secret: a is one, or is in a directory of
// secrets, or holds one below it (the home directory, ~/.config, another
// project's tree with its .env). hidden says the walk reads hidden names;
// one that skips them (rg, ag without --hidden) reads only the secrets
// reached without passing a name that starts with a dot.
func (po *policy) treeReadsSecret(a arg, hidden bool) bool {
	if po.readsSecret(a, true) {
		return true
	}
	var trees []string
	for _, k := range append(knownArgs(a), a) {
		if k.dyn {
			continue
		}
		p, ok := po.abs(strings.TrimSuffix(k.val, "/."))
		if !ok {
			continue
		}
		if hidden && po.holdsSecrets(p) || !hidden && po.holdsVisibleSecret(p) {
			return true
		}
		trees = append(trees, p)
	}
	for _, p := range trees {
		if p = path.Clean(p); po.lookable(p) {
			po.st.noteReadTree(p)
		}
	}
	return false
}

// holdsVisibleSecret reports a directory p with a secret below it that a
// walk skipping hidden names reaches: every name between p and the
// secret starts with something other than a dot (~/Library/Keychains,
// ~/.config's gh/hosts.yml seen from ~/.config).
func (po *policy) holdsVisibleSecret(p string) bool {
	visible := func(s string) bool {
		if !within(s, p) || s == p {
			return false
		}
		rel := strings.TrimPrefix(s[len(p):], "/")
		for _, e := range strings.Split(rel, "/") {
			if strings.HasPrefix(e, ".") {
				return false
			}
		}
		return true
	}
	h := po.env.Home
	for _, s := range po.env.Secrets {
		if visible(s) {
			return true
		}
	}
	if po.holdsFound(p, true) {
		return true
	}
	if h == "" {
		return false
	}
	for _, s := range secretsHome {
		if visible(h + "/" + strings.TrimSuffix(s, "/")) {
			return true
		}
	}
	for _, b := range browserProfiles {
		if visible(h + "/" + b) {
			return true
		}
	}
	return false
}

// foundSecret reports p, or a file p could match as a pattern, among
// the secrets the caller found on disk (Env.FoundSecrets).
func (po *policy) foundSecret(p string) bool {
	if !hasGlobChar(p) {
		return slices.Contains(po.env.FoundSecrets, p)
	}
	for _, s := range po.env.FoundSecrets {
		if ok, _ := path.Match(p, s); ok {
			return true
		}
	}
	return false
}

// holdsFound reports a directory with a secret the caller found on disk
// below it (Env.FoundSecrets); visible: reached without passing a name
// that starts with a dot.
func (po *policy) holdsFound(p string, visible bool) bool {
	for _, s := range po.env.FoundSecrets {
		if s == p || !within(s, p) {
			continue
		}
		if !visible || !strings.Contains(strings.TrimPrefix(s, strings.TrimSuffix(p, "/")), "/.") {
			return true
		}
	}
	return false
}

// KeyHead is how much of a file's start HoldsPrivateKey reads: a PEM
// file may open with text before its block (openssl's "Bag Attributes",
// a chain of certificates before the key, each 1-2 KiB), a cloud service
// account's JSON key names its key after a few short fields, and a
// kubeconfig lists clusters before its users' keys.
const KeyHead = 64 << 10

// HoldsPrivateKey reports whether head, the first bytes of a file, holds
// a private key's marker: a PEM block whose label ends in "PRIVATE KEY"
// (PKCS#1, PKCS#8, SEC 1, OpenSSH, an encrypted key, an escaped one in
// JSON), an armored OpenPGP secret key, a PuTTY key file, or a
// kubeconfig's client key (client-key-data, a PEM key in base64) (design
// §2.6, "Secrets found on disk").
func HoldsPrivateKey(head []byte) bool {
	if len(head) > KeyHead {
		head = head[:KeyHead]
	}
	s := string(head)
	if strings.HasPrefix(s, "PuTTY-User-Key-File-") || strings.Contains(s, "client-key-data:") {
		return true
	}
	for {
		i := strings.Index(s, "-----BEGIN ")
		if i < 0 {
			return false
		}
		s = s[i+len("-----BEGIN "):]
		label, _, ok := strings.Cut(s, "-----")
		if ok && !strings.ContainsAny(label, "\r\n") &&
			(strings.HasSuffix(label, "PRIVATE KEY") || label == "PGP PRIVATE KEY BLOCK") {
			return true
		}
	}
}
