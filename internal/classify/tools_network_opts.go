package classify

import "strings"

// curl and wget are high (they talk to the network); what their options
// can add is a file written where a write is dangerous (a cookie jar, a
// trace or a log over a startup or guard file) and a secret read to be
// sent. Their specs say which option's value is which, so every spelling
// of the option (a prefix, a cluster, a glued value) meets the same
// judgement as a redirect to the file or a read of it.

var (
	ruleWgetExecute = rule{id: "wget-execute", level: High,
		why: "runs a wgetrc command or loads a wgetrc file, which can set any of wget's options"}
	ruleCurlConfig = rule{id: "curl-config", level: High,
		why: "loads a curl configuration file, which can carry any of curl's options"}
)

// netSpecs are the options of curl and wget.
func netSpecs() map[string]*toolSpec {
	return map[string]*toolSpec{
		// curl reads --opt value only, not --opt=value, and stops with an
		// error on the latter; read as the option, it is judged as it
		// would be if curl took it. The data options read a file named
		// after @ or <; curlCommand judges those, so the words stay.
		"curl": {opts: newOptTable(curlOpts, true), ownWords: true, dashStdout: true, from: "curl 7.88.1 --help all"},
		// -n takes the rest of its word: -nv, -nc, -nd, -nH, -np
		"wget": {opts: newOptTable(wgetOpts, true), ownWords: true, dashStdout: true, from: "GNU Wget 1.21.3 --help"},
		// -S runs the program scp talks through instead of ssh, -D the
		// sftp server; -i is the key scp logs in with, not a file it sends
		"scp": {opts: newOptTable(scpOpts, false), from: "scp(1) of OpenSSH 9.2p1"},
	}
}

const scpOpts = "-3, -4, -6, -A, -B, -C, -c=, -D= run, -F=, -i=, -J=, -l=, -O, -o=, -P=, -p, -q, -R, -r, " +
	"-S= run, -s, -T, -v, -X="

const wgetOpts = "-V/--version, -h/--help, -b/--background, -e=/--execute=, -o=/--output-file= write, " +
	"-a=/--append-output= write, -d/--debug, -q/--quiet, -v/--verbose, -n=, --no-verbose, --report-speed=, " +
	"-i=/--input-file= read, -F/--force-html, -B=/--base=, --config= read, --no-config, --rejected-log= write, " +
	"-t=/--tries=, --retry-connrefused, --retry-on-http-error=, -O=/--output-document= write, --no-clobber, " +
	"--no-netrc, -c/--continue, --start-pos=, --progress=, --show-progress, -N/--timestamping, " +
	"--no-if-modified-since, --no-use-server-timestamps, -S/--server-response, --spider, -T=/--timeout=, " +
	"--dns-timeout=, --connect-timeout=, --read-timeout=, -w=/--wait=, --waitretry=, --random-wait, --no-proxy, " +
	"-Q=/--quota=, --bind-address=, --limit-rate=, --no-dns-cache, --restrict-file-names=, --ignore-case, " +
	"-4/--inet4-only, -6/--inet6-only, --prefer-family=, --user=, --password=, --ask-password, " +
	"--use-askpass= run, --no-iri, --local-encoding=, --remote-encoding=, --unlink, --xattr, --no-directories, " +
	"-x/--force-directories, --no-host-directories, --protocol-directories, -P=/--directory-prefix= dir, " +
	"--cut-dirs=, --http-user=, --http-password=, --no-cache, --default-page=, -E/--adjust-extension, " +
	"--ignore-length, --header=, --compression=, --max-redirect=, --proxy-user=, --proxy-password=, --referer=, " +
	"--save-headers, -U=/--user-agent=, --no-http-keep-alive, --no-cookies, --load-cookies= read, " +
	"--save-cookies= write, --keep-session-cookies, --post-data=, --post-file= read, --method=, --body-data=, " +
	"--body-file= read, --content-disposition, --content-on-error, --auth-no-challenge, --secure-protocol=, " +
	"--https-only, --no-check-certificate, --certificate= read, --certificate-type=, --private-key= read, " +
	"--private-key-type=, --ca-certificate= read, --ca-directory=, --crl-file= read, --pinnedpubkey= read, " +
	"--ciphers=, --no-hsts, --hsts-file= write, --ftp-user=, --ftp-password=, --no-remove-listing, --no-glob, " +
	"--no-passive-ftp, --preserve-permissions, --retr-symlinks, --ftps-implicit, --ftps-resume-ssl, " +
	"--ftps-clear-data-connection, --ftps-fallback-to-ftp, --warc-file=, --warc-header=, --warc-max-size=, " +
	"--warc-cdx, --warc-dedup= read, --no-warc-compression, --no-warc-digests, --no-warc-keep-log, " +
	"--warc-tempdir= dir, -r/--recursive, -l=/--level=, --delete-after, -k/--convert-links, --convert-file-only, " +
	"--backups=, -K/--backup-converted, -m/--mirror, -p/--page-requisites, --strict-comments, -A=/--accept=, " +
	"-R=/--reject=, --accept-regex=, --reject-regex=, --regex-type=, -D=/--domains=, --exclude-domains=, " +
	"--follow-ftp, --follow-tags=, --ignore-tags=, -H/--span-hosts, -L/--relative, -I=/--include-directories=, " +
	"--trust-server-names, -X=/--exclude-directories=, --no-parent"

const curlOpts = "--abstract-unix-socket=, --alt-svc= write, --anyauth, -a/--append, --aws-sigv4=, --basic, " +
	"--cacert= read, --capath=, -E=/--cert= read, --cert-status, --cert-type=, --ciphers=, --compressed, " +
	"--compressed-ssh, -K=/--config=, --connect-timeout=, --connect-to=, -C=/--continue-at=, -b=/--cookie=, " +
	"-c=/--cookie-jar= write, --create-dirs, --create-file-mode=, --crlf, --crlfile= read, --curves=, -d=/--data=, " +
	"--data-ascii=, --data-binary=, --data-raw=, --data-urlencode=, --delegation=, --digest, -q/--disable, " +
	"--disable-eprt, --disable-epsv, --disallow-username-in-url, --dns-interface=, --dns-ipv4-addr=, " +
	"--dns-ipv6-addr=, --dns-servers=, --doh-cert-status, --doh-insecure, --doh-url=, -D=/--dump-header= write, " +
	"--egd-file= read, --engine=, --etag-compare= read, --etag-save= write, --expect100-timeout=, -f/--fail, " +
	"--fail-early, --fail-with-body, --false-start, -F=/--form=, --form-escape, --form-string=, --ftp-account=, " +
	"--ftp-alternative-to-user=, --ftp-create-dirs, --ftp-method=, --ftp-pasv, -P=/--ftp-port=, --ftp-pret, " +
	"--ftp-skip-pasv-ip, --ftp-ssl-ccc, --ftp-ssl-ccc-mode=, --ftp-ssl-control, -G/--get, -g/--globoff, " +
	"--happy-eyeballs-timeout-ms=, --haproxy-protocol, -I/--head, -H=/--header=, -h/--help, --hostpubmd5=, " +
	"--hostpubsha256=, --hsts= write, --http0.9, -0/--http1.0, --http1.1, --http2, --http2-prior-knowledge, " +
	"--http3, --http3-only, --ignore-content-length, -i/--include, -k/--insecure, --interface=, -4/--ipv4, " +
	"-6/--ipv6, --json=, -j/--junk-session-cookies, --keepalive-time=, --key= read, --key-type=, --krb=, " +
	"--libcurl= write, --limit-rate=, -l/--list-only, --local-port=, -L/--location, --location-trusted, " +
	"--login-options=, --mail-auth=, --mail-from=, --mail-rcpt=, --mail-rcpt-allowfails, -M/--manual, " +
	"--max-filesize=, --max-redirs=, -m=/--max-time=, --metalink, --negotiate, -n/--netrc, --netrc-file= read, " +
	"--netrc-optional, -:/--next, --no-alpn, -N/--no-buffer, --no-clobber, --no-keepalive, --no-npn, " +
	"--no-progress-meter, --no-sessionid, --noproxy=, --ntlm, --ntlm-wb, --oauth2-bearer=, -o=/--output= write, " +
	"--output-dir= dir, -Z/--parallel, --parallel-immediate, --parallel-max=, --pass=, --path-as-is, " +
	"--pinnedpubkey= read, --post301, --post302, --post303, --preproxy=, -#/--progress-bar, --proto=, " +
	"--proto-default=, --proto-redir=, -x=/--proxy=, --proxy-anyauth, --proxy-basic, --proxy-cacert= read, " +
	"--proxy-capath=, --proxy-cert= read, --proxy-cert-type=, --proxy-ciphers=, --proxy-crlfile= read, " +
	"--proxy-digest, --proxy-header=, --proxy-insecure, --proxy-key= read, --proxy-key-type=, --proxy-negotiate, " +
	"--proxy-ntlm, --proxy-pass=, --proxy-pinnedpubkey= read, --proxy-service-name=, --proxy-ssl-allow-beast, " +
	"--proxy-ssl-auto-client-cert, --proxy-tls13-ciphers=, --proxy-tlsauthtype=, --proxy-tlspassword=, " +
	"--proxy-tlsuser=, --proxy-tlsv1, -U=/--proxy-user=, --proxy1.0=, -p/--proxytunnel, --pubkey= read, " +
	"-Q=/--quote=, --random-file= read, -r=/--range=, --rate=, --raw, -e=/--referer=, -J/--remote-header-name, " +
	"-O/--remote-name, --remote-name-all, -R/--remote-time, --remove-on-error, -X=/--request=, --request-target=, " +
	"--resolve=, --retry=, --retry-all-errors, --retry-connrefused, --retry-delay=, --retry-max-time=, " +
	"--sasl-authzid=, --sasl-ir, --service-name=, -S/--show-error, -s/--silent, --socks4=, --socks4a=, " +
	"--socks5=, --socks5-basic, --socks5-gssapi, --socks5-gssapi-nec, --socks5-gssapi-service=, " +
	"--socks5-hostname=, -Y=/--speed-limit=, -y=/--speed-time=, --ssl, --ssl-allow-beast, --ssl-auto-client-cert, " +
	"--ssl-no-revoke, --ssl-reqd, --ssl-revoke-best-effort, -2/--sslv2, -3/--sslv3, --stderr= write, " +
	"--styled-output, --suppress-connect-headers, --tcp-fastopen, --tcp-nodelay, -t=/--telnet-option=, " +
	"--tftp-blksize=, --tftp-no-options, -z=/--time-cond=, --tls-max=, --tls13-ciphers=, --tlsauthtype=, " +
	"--tlspassword=, --tlsuser=, -1/--tlsv1, --tlsv1.0, --tlsv1.1, --tlsv1.2, --tlsv1.3, --tr-encoding, " +
	"--trace= write, --trace-ascii= write, --trace-time, --unix-socket=, -T=/--upload-file= read, --url=, " +
	"--url-query=, -B/--use-ascii, -u=/--user=, -A=/--user-agent=, -v/--verbose, -V/--version, -w=/--write-out=, " +
	"--xattr"

// curlDataFiles are curl's options whose value names a file read (and
// sent) when it starts with @ (or, for -F, holds =@ or =<), and how.
var curlDataFiles = map[string]string{
	"--data": "@", "--data-ascii": "@", "--data-binary": "@", "--json": "@", "--header": "@",
	"--proxy-header": "@", "--write-out": "@", "--data-urlencode": "name@", "--url-query": "name@",
	"--form": "form",
}

// curlReads judges the files curl's data options read: -d @FILE,
// --data-urlencode name@FILE, -F name=@FILE or name=<FILE, -b FILE (a
// cookie file when the value has no =), and -K FILE, whose options are
// not known here.
func curlReads(c *call) {
	for _, u := range specUses(c) {
		if u.val == nil {
			continue
		}
		v := *u.val
		if u.e.canon == "--config" {
			raiseOnce(c, ruleCurlConfig, occurrence{target: v.val})
			if c.ctx.readsSecret(v, false) {
				raiseOnce(c, ruleReadSecret, occurrence{target: c.target(v)})
			}
			continue
		}
		var file arg
		found := false
		switch how := curlDataFiles[u.e.canon]; {
		case u.e.canon == "--cookie":
			file, found = v, !strings.Contains(v.val, "=")
		case how == "@" && strings.HasPrefix(v.val, "@"):
			file, found = cutArg(v, 1), true
		case how == "name@":
			if i := strings.IndexByte(v.val, '@'); i >= 0 && !strings.ContainsRune(v.val[:i], '=') {
				file, found = cutArg(v, i+1), true
			}
		case how == "form":
			if i := strings.IndexByte(v.val, '='); i >= 0 && i+1 < len(v.val) && strings.ContainsRune("@<", rune(v.val[i+1])) {
				f := cutArg(v, i+2)
				// ;type=... and ;filename=... follow the file's name
				if j := strings.IndexByte(f.val, ';'); j >= 0 && !f.dyn {
					f.val = f.val[:j]
				}
				file, found = f, true
			}
		}
		if found && c.ctx.readsSecret(file, false) {
			raiseOnce(c, ruleReadSecret, occurrence{target: c.target(file)})
		}
	}
}

// cutArg is a's word from byte i on: a file named inside an option's
// value. A word only known at run time keeps its dynamic part.
func cutArg(a arg, i int) arg {
	if i > len(a.val) {
		i = len(a.val)
	}
	if a.dyn && i > len(a.head) {
		// the file's name starts in the part only known at run time
		return arg{val: a.val[i:], dyn: true, pos: a.pos}
	}
	return gluedValue(a, i)
}

// wgetReads raises wget's -e (a wgetrc command) and --config (a wgetrc
// file): either can set any option, the output file among them.
func wgetReads(c *call) {
	for _, u := range specUses(c) {
		if u.e.canon == "--execute" || u.e.canon == "--config" {
			raiseOnce(c, ruleWgetExecute, occurrence{})
		}
	}
}
