package launch

import "testing"

// withoutSecretVars leaves out the variables named like credentials, and
// only those.
func TestWithoutSecretVars(t *testing.T) {
	tests := map[string]struct {
		in   string
		kept bool
	}{
		"github token":      {"GITHUB_TOKEN=x", false},
		"aws secret":        {"AWS_SECRET_ACCESS_KEY=x", false},
		"aws key id":        {"AWS_ACCESS_KEY_ID=x", false},
		"api key":           {"OPENAI_API_KEY=x", false},
		"password":          {"PGPASSWORD=x", false},
		"npm token":         {"NPM_TOKEN=x", false},
		"ci job token":      {"CI_JOB_TOKEN=x", false},
		"path":              {"PATH=/usr/bin", true},
		"home":              {"HOME=/h", true},
		"gopath":            {"GOPATH=/g", true},
		"goflags":           {"GOFLAGS=-mod=mod", true},
		"git author":        {"GIT_AUTHOR_NAME=a", true},
		"goauth":            {"GOAUTH=netrc", true},
		"tokenizers":        {"TOKENIZERS_PARALLELISM=false", true},
		"permguard's level": {"PERMGUARD_LEVEL=low", true},
		"no value":          {"GITHUB_TOKEN", false},
	}
	for name, tt := range tests {
		got := withoutSecretVars([]string{tt.in})
		if kept := len(got) == 1; kept != tt.kept {
			t.Errorf("%s: %q kept %v, want %v", name, tt.in, kept, tt.kept)
		}
	}
}
