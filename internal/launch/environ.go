package launch

import (
	"strings"

	"github.com/agent-permguard/permguard/internal/audit"
)

// notSecretVars are named like credentials and hold none, and a build
// behaves otherwise without them.
var notSecretVars = map[string]string{
	"GOAUTH":                 "how the go command authenticates (a list of commands), not a credential",
	"TOKENIZERS_PARALLELISM": "Hugging Face tokenizers' thread setting",
}

// withoutSecretVars is environ without the variables named like
// credentials (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, NPM_TOKEN,
// *_PASSWORD, *_API_KEY, ...; the names the audit log masks): the boxes
// hide the secret files of design §2.6, and the same tokens in the
// environment would be read by any boxed script (red team RT-6). They
// are left out, not set empty: a program then sees what a machine
// without the credential gives it, and one that takes an empty token
// for a given one does not fail on it. PATH, HOME, GOPATH and the
// other variables builds need are not named so, and stay.
func withoutSecretVars(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if _, keep := notSecretVars[name]; !keep && audit.SecretName(name) {
			continue
		}
		out = append(out, kv)
	}
	return out
}
