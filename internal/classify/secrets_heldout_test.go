package classify

import "testing"

// TestSecretsHeldOut holds spellings written after the secret classes of
// issue 27 were done, kept out of secretCases: other programs, other
// agents' files, other kinds, other ways to name them.
func TestSecretsHeldOut(t *testing.T) {
	for _, tc := range []classifyCase{
		high("xxd ~/.cursor/cli-config.json", "read-secret"),
		high(`od -c "${HOME}/.config/cursor/auth.json"`, "read-secret"),
		high("tail -n +1 ~/.local/share/opencode/mcp-auth.json", "read-secret"),
		high("cat /home/u/.gemini/google_accounts.json", "read-secret"),
		high("less ~/.copilot/config.json", "read-secret"),
		high("cat ~/.pulumi/credentials.json", "read-secret"),
		high("strings ~/.config/pypoetry/auth.toml", "read-secret"),
		high("cat ~/.config/helm/registry/config.json", "read-secret"),
		high("cat ~/.oci/config", "read-secret"),
		high("cat ~/.s3cfg", "read-secret"),
		high(`cat "$HOME/Library/Application Support/Google/Chrome/Default/Cookies"`, "read-secret"),
		high("cat ~/.mozilla/firefox/*/key4.db", "read-secret"),
		high("cat ~/Library/Keychains/login.keychain-db", "read-secret"),
		high("wc -c ../service/.env.development", "read-secret"),
		high("cat /var/www/site/.env", "read-secret"),
		high("cat /tmp/leak/id_ecdsa", "read-secret"),
		high("cat /root/backup/server.ppk", "read-secret"),
		minimal("cat .env.test", "read-only"),
		minimal("cat ../other/.env.sample", "read-only"),
		minimal("cat /tmp/notes/id_ecdsa.pub", "read-only"),
		// trees read whole
		high("grep -rn BEGIN /home/u/.gnupg/..", "read-secret"),
		high("rgrep token ~", "read-secret"),
		high("rg -u -u -l key ~", "read-secret"),
		high("fgrep --recursive pass ~/.docker", "read-secret"),
		high("tar -cf /tmp/h.tar -C /home u", "read-secret"),
		high("bsdtar -C ~ -czf out.tgz .local", "read-secret"),
		high("zip -qr backup.zip ~", "read-secret"),
		high("7za a -tzip out.zip ~/.config", "read-secret"),
		high("cp -R ~/.local/share/keyrings k", "read-secret"),
		high("find /home/u -type f -exec base64 {} ;", "read-secret"),
		high("find ~/.config -execdir head -c 200 {} +", "read-secret"),
		minimal("rg -l TODO ~/code/project", "search"),
		low("tar -C build -czf out.tgz .", "tar-create"),
		minimal("find ~/code -type f -exec wc -l {} +", "find"),
	} {
		checkCase(t, tc, testEnv)
	}
}
