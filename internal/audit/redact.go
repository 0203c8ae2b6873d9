package audit

import (
	"strings"
)

// Mask replaces a secret's value.
const Mask = "***"

// MaxParseBytes bounds the text Redact parses as shell: the classifier's
// own input limit.
const MaxParseBytes = 64 << 10

// Redact returns s with the secrets people put on command lines replaced
// by [Mask]. First, read as shell, the secret arguments of each program
// by its own options (secretargs.go): mysql -pX, sshpass -p X, docker
// login -p X, redis-cli -a X, ldapsearch -w X, htpasswd -b FILE USER X,
// in every command, after wrappers and in sh -c scripts too. Then word by
// word: values of variables named like secrets (GITHUB_TOKEN=...,
// AWS_SECRET_ACCESS_KEY=...), of options named like them (--password X,
// --token=X), passwords in URLs (https://user:pw@host), secret query
// parameters and chat webhook URLs (Slack, Discord, Teams), the
// credentials of Authorization-style headers, curl's -u user:password,
// and tokens recognised by their prefix (ghp_, glpat-, sk-, xoxb-, AKIA,
// JWTs, ...).
//
// The text as displayed may be shell, a file path or a URL: the log
// records what was asked. Only the first [MaxParseBytes] are parsed (the
// log keeps far less); the word pass reads all of it. It errs toward
// masking.
func Redact(s string) string {
	if s == "" {
		return s
	}
	if len(s) > MaxParseBytes {
		s = maskArgs(s[:MaxParseBytes]) + s[MaxParseBytes:]
	} else {
		s = maskArgs(s)
	}
	return redactWords(s)
}

// redactWords is Redact's second pass, word by word.
func redactWords(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	next := nextNone
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		b.WriteString(s[i:j])
		if j == len(s) {
			break
		}
		k := j
		for k < len(s) && !isSpace(s[k]) {
			k++
		}
		var out string
		out, next = redactWord(s[j:k], next)
		b.WriteString(out)
		i = k
	}
	return b.String()
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// What the previous word says about this one.
const (
	nextNone     = iota
	nextSecret   // the value of --password and its kin
	nextAuth     // a header's credentials, maybe after a scheme word (Bearer)
	nextUserPass // curl -u user:password
	nextInSingle // inside a quoted secret: masked up to its closing quote
	nextInDouble
)

// secretHeaders carry credentials in their value.
var secretHeaders = []string{
	"authorization:", "proxy-authorization:", "x-api-key:", "api-key:", "x-auth-token:",
	"private-token:", "x-goog-api-key:", "cookie:", "x-amz-security-token:",
}

// authScheme reports the first word of an Authorization value, kept as
// it is.
func authScheme(w string) bool {
	switch strings.ToLower(w) {
	case "bearer", "basic", "token", "digest", "bot", "apikey":
		return true
	}
	return false
}

func redactWord(w string, next int) (string, int) {
	// quotes and brackets around a word are kept as they are
	lead := len(w) - len(strings.TrimLeft(w, `'"(`))
	core := strings.TrimLeft(w, `'"(`)
	trail := len(core) - len(strings.TrimRight(core, `'";),`))
	pre, post := w[:lead], core[len(core)-trail:]
	core = core[:len(core)-trail]
	if core == "" {
		return w, next
	}
	switch next {
	case nextInSingle, nextInDouble:
		q := "'"
		if next == nextInDouble {
			q = `"`
		}
		if i := strings.Index(w, q); i >= 0 {
			return Mask + w[i+1:], nextNone
		}
		return Mask, next
	case nextSecret:
		return pre + Mask + post, nextNone
	case nextAuth:
		if authScheme(core) {
			return w, nextAuth
		}
		return pre + Mask + post, nextNone
	case nextUserPass:
		if user, _, ok := strings.Cut(core, ":"); ok {
			return pre + user + ":" + Mask + post, nextNone
		}
	}
	lower := asciiLower(core)
	for _, h := range secretHeaders {
		// -H"Authorization: ..." and "Authorization:Bearer" as well
		i := strings.Index(lower, h)
		if i < 0 || (i > 0 && isWordByte(lower[i-1])) {
			continue
		}
		value := core[i+len(h):]
		switch {
		case value == "":
			return w, nextAuth
		case authScheme(value):
			return w, nextAuth
		}
		return pre + core[:i+len(h)] + Mask + post, nextNone
	}
	if strings.HasPrefix(core, "-") {
		name, value, hasValue := strings.Cut(strings.TrimLeft(core, "-"), "=")
		if secretName(name) {
			if hasValue {
				return pre + core[:len(core)-len(value)] + Mask + post, nextNone
			}
			return w, nextSecret
		}
		if core == "-u" || core == "--user" || core == "--proxy-user" {
			return w, nextUserPass
		}
	}
	if name, value, ok := strings.Cut(core, "="); ok && value != "" && isName(name) && secretName(name) {
		if q := value[0]; (q == '\'' || q == '"') && lead == 0 {
			// the quotes are the value's: TOKEN='a b' masks up to the
			// closing quote, in a later word if need be
			if !strings.Contains(value[1:]+post, string(q)) {
				return name + "=" + Mask, map[byte]int{'\'': nextInSingle, '"': nextInDouble}[q]
			}
			return name + "=" + Mask + strings.TrimLeft(post, `'"`), nextNone
		}
		return pre + name + "=" + Mask + post, nextNone
	}
	if strings.Contains(core, "://") {
		core = redactURL(core)
	}
	return pre + redactTokens(core) + post, nextNone
}

// SecretName reports a variable, option or parameter name that holds a
// secret: API_TOKEN, --password, client_secret, aws_secret_access_key.
// The boxes leave such variables out of the program's environment.
func SecretName(name string) bool { return secretName(name) }

// secretName is SecretName.
func secretName(name string) bool {
	n := strings.ToLower(name)
	for _, part := range []string{"token", "secret", "password", "passwd", "passphrase", "credential", "apikey", "api_key", "api-key", "private_key", "private-key", "access_key", "access-key", "auth"} {
		if strings.Contains(n, part) {
			// "author" is a name, not a credential
			return part != "auth" || !strings.Contains(n, "author")
		}
	}
	return strings.HasSuffix(n, "_key") || strings.HasSuffix(n, "-key") || strings.HasSuffix(n, "_pat") || n == "key" || n == "pw" || n == "pass" || n == "sig"
}

// asciiLower lowers ASCII letters only, so indexes into the result are
// indexes into s (strings.ToLower changes the length of invalid UTF-8).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// redactURL masks the password (or a lone token) in the user info of each
// URL in w (git clone https://..., --url=https://...) and the values of
// secret query parameters.
func redactURL(w string) string {
	var b strings.Builder
	for {
		i := strings.Index(w, "://")
		if i < 0 {
			b.WriteString(w)
			break
		}
		b.WriteString(w[:i+3])
		rest := w[i+3:]
		end := strings.IndexAny(rest, "/?#")
		if end < 0 {
			end = len(rest)
		}
		if at := strings.LastIndexByte(rest[:end], '@'); at >= 0 {
			user, _, hasPass := strings.Cut(rest[:at], ":")
			switch {
			case hasPass:
				b.WriteString(user + ":" + Mask)
			case len(user) >= minTokenBytes:
				b.WriteString(Mask) // https://ghp_xxx@github.com: the user is the token
			default:
				b.WriteString(user)
			}
			rest, end = rest[at:], end-at
		}
		w = maskWebhook(rest, end)
	}
	return redactParams(b.String())
}

// webhooks are URLs whose path is the credential: whoever has one posts
// to the channel as the integration. host is the host, or with a leading
// dot every host below it; the path after marker is masked.
var webhooks = []struct{ host, marker string }{
	{"hooks.slack.com", "/services/"},
	{"hooks.slack.com", "/workflows/"},
	{"hooks.slack.com", "/triggers/"},
	{"discord.com", "/webhooks/"},
	{".discord.com", "/webhooks/"},
	{"discordapp.com", "/webhooks/"},
	{".webhook.office.com", "/webhookb2/"},
	{"outlook.office.com", "/webhook/"},
	{"outlook.office365.com", "/webhook/"},
	{"hooks.zapier.com", "/hooks/catch/"},
	{"maker.ifttt.com", "/key/"},
	{"api.telegram.org", "/bot"},
}

// maskWebhook masks the secret path of rest, a URL after its scheme whose
// host (with a port, after the user info) ends at hostEnd, when it is a
// known webhook. Google Chat's and Teams workflows' webhooks carry their
// secrets in query parameters (key, token, sig), which redactParams masks.
func maskWebhook(rest string, hostEnd int) string {
	host := strings.TrimPrefix(rest[:hostEnd], "@")
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	host = asciiLower(host)
	path := rest[hostEnd:]
	for _, h := range webhooks {
		if host != h.host && !(strings.HasPrefix(h.host, ".") && strings.HasSuffix(host, h.host)) {
			continue
		}
		i := strings.Index(path, h.marker)
		if i < 0 {
			continue
		}
		from := hostEnd + i + len(h.marker)
		to := from
		for to < len(rest) && isURLSecretByte(rest[to]) {
			to++
		}
		if to == from {
			return rest
		}
		return rest[:from] + Mask + rest[to:]
	}
	return rest
}

// isURLSecretByte: the bytes a webhook's secret path is made of, and the
// query after it. A quote, a bracket or a blank ends it.
func isURLSecretByte(c byte) bool {
	return isTokenByte(c) || strings.IndexByte("./~%?=&:@+", c) >= 0
}

// redactParams masks the values of query parameters named like secrets:
// ?access_token=..., &api_key=..., &sig=....
func redactParams(w string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(w); i++ {
		if w[i] != '?' && w[i] != '&' {
			continue
		}
		eq := strings.IndexByte(w[i+1:], '=')
		if eq < 0 {
			break
		}
		name := w[i+1 : i+1+eq]
		if strings.ContainsAny(name, "&?#/") || !secretName(name) {
			continue
		}
		start := i + 1 + eq + 1
		end := start
		for end < len(w) && w[end] != '&' && w[end] != '#' {
			end++
		}
		if end == start {
			continue
		}
		b.WriteString(w[last:start])
		b.WriteString(Mask)
		last, i = end, end-1
	}
	if last == 0 {
		return w
	}
	b.WriteString(w[last:])
	return b.String()
}

// tokenPrefixes start credentials whose format is public: GitHub, GitLab,
// Slack, OpenAI/Anthropic/Stripe-style keys, npm, PyPI, AWS access key
// ids, Google API keys, JWTs.
var tokenPrefixes = []string{
	"github_pat_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "glpat-", "xoxb-", "xoxp-", "xoxa-", "xoxs-", "xapp-",
	"sk-", "sk_live_", "sk_test_", "rk_live_", "pk_live_", "npm_", "pypi-", "AKIA", "ASIA", "AIza", "eyJ", "hf_", "dop_v1_",
}

// minTokenBytes is how long a run must be to be taken for a token: long
// enough that ordinary words (sk-learn, npm_config) are not.
const minTokenBytes = 20

// redactTokens masks every run of token characters in w that starts with a
// known prefix at a word boundary and is long enough to be a credential.
func redactTokens(w string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(w); i++ {
		if i > 0 && isTokenByte(w[i-1]) {
			continue
		}
		for _, p := range tokenPrefixes {
			if !strings.HasPrefix(w[i:], p) {
				continue
			}
			j := i + len(p)
			for j < len(w) && (isTokenByte(w[j]) || p == "eyJ" && w[j] == '.') {
				j++
			}
			if j-i < minTokenBytes {
				break
			}
			b.WriteString(w[last:i])
			b.WriteString(p + Mask)
			last, i = j, j-1
			break
		}
	}
	if last == 0 {
		return w
	}
	b.WriteString(w[last:])
	return b.String()
}

func isTokenByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
