package audit

import (
	"strings"
	"testing"
)

// secretArgTests are commands that hold the secret S3cr3tX9 (and only
// where want says so), as each program takes it: the spellings of issue
// 22 and others of the same programs, behind wrappers, in scripts; and
// the same options where they are no secret.
var secretArgTests = []struct {
	name, in, want string
}{
	// issue 22, item 9
	{name: "mysql -p glued", in: "mysql -pS3cr3tX9", want: "mysql -p***"},
	{name: "sshpass -p", in: "sshpass -p S3cr3tX9 ssh host", want: "sshpass -p *** ssh host"},
	{name: "docker login -p", in: "docker login -p S3cr3tX9 registry.example.com", want: "docker login -p *** registry.example.com"},
	{name: "redis-cli -a", in: "redis-cli -a S3cr3tX9 ping", want: "redis-cli -a *** ping"},
	{name: "ldapsearch -w", in: "ldapsearch -x -w S3cr3tX9 -D cn=admin", want: "ldapsearch -x -w *** -D cn=admin"},
	{name: "htpasswd -b", in: "htpasswd -b .htpasswd ann S3cr3tX9", want: "htpasswd -b .htpasswd ann ***"},
	{name: "slack webhook", in: `curl -X POST -d '{"text":"hi"}' https://hooks.slack.com/services/T0001/B0001/S3cr3tX9`, want: `curl -X POST -d '{"text":"hi"}' https://hooks.slack.com/services/***`},
	{name: "discord webhook", in: "curl -d x https://discord.com/api/webhooks/1234/S3cr3tX9", want: "curl -d x https://discord.com/api/webhooks/***"},
	{name: "discord webhook, versioned", in: "curl -d x https://ptb.discord.com/api/v10/webhooks/1234/S3cr3tX9?wait=true", want: "curl -d x https://ptb.discord.com/api/v10/webhooks/***"},
	{name: "teams webhook", in: "curl -d x https://acme.webhook.office.com/webhookb2/a1@b2/IncomingWebhook/S3cr3tX9/c3", want: "curl -d x https://acme.webhook.office.com/webhookb2/***"},
	{name: "google chat webhook", in: `curl 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=S3cr3tX9&token=S3cr3tX9'`, want: `curl 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=***&token=***'`},
	// other spellings of the same programs
	{name: "mysql --password=", in: "mysql --password=S3cr3tX9 db", want: "mysql --password=*** db"},
	{name: "mysql -u glued, -p glued, database", in: "mysql -uroot -pS3cr3tX9 db", want: "mysql -uroot -p*** db"},
	{name: "mysqldump", in: "mysqldump -hdb -uroot -pS3cr3tX9 --all-databases", want: "mysqldump -hdb -uroot -p*** --all-databases"},
	{name: "mysql -p alone asks: the database is no secret", in: "mysql -u root -p shop", want: "mysql -u root -p shop"},
	{name: "mysql -p quoted", in: "mysql -p'S3cr3tX9' shop", want: "mysql *** shop"},
	{name: "mysql -p with a variable after", in: `mysql -pS3cr3tX9"$x" shop`, want: "mysql *** shop"},
	{name: "mysql -p from a variable", in: `mysql -p"$PW" shop`, want: `mysql -p"$PW" shop`},
	{name: "mysqladmin password", in: "mysqladmin -u root password S3cr3tX9", want: "mysqladmin -u root password ***"},
	{name: "PGPASSWORD", in: "PGPASSWORD=S3cr3tX9 psql -h db", want: "PGPASSWORD=*** psql -h db"},
	{name: "sshpass -p glued", in: "sshpass -pS3cr3tX9 ssh host", want: "sshpass -p*** ssh host"},
	{name: "curl -u", in: "curl -u ann:S3cr3tX9 https://x", want: "curl -u ann:*** https://x"},
	{name: "curl -u glued", in: "curl -uann:S3cr3tX9 https://x", want: "curl -uann:*** https://x"},
	{name: "curl --user=", in: "curl --user=ann:S3cr3tX9 https://x", want: "curl --user=ann:*** https://x"},
	{name: "curl -u without a password asks", in: "curl -u ann https://x", want: "curl -u ann https://x"},
	{name: "docker login --password", in: "cd /srv && docker login --username me --password S3cr3tX9 ghcr.io", want: "cd /srv && docker login --username me --password *** ghcr.io"},
	{name: "docker login after global options", in: "docker --config /c login -u me -p S3cr3tX9 r.io", want: "docker --config /c login -u me -p *** r.io"},
	{name: "docker run -p is a port", in: "docker run -p 8080:80 nginx", want: "docker run -p 8080:80 nginx"},
	{name: "ls -p is no password", in: "ls -p /tmp", want: "ls -p /tmp"},
	{name: "redis-cli -p is a port", in: "redis-cli -h cache -p 6379 -a S3cr3tX9", want: "redis-cli -h cache -p 6379 -a ***"},
	{name: "htpasswd -nb", in: "htpasswd -nb ann S3cr3tX9", want: "htpasswd -nb ann ***"},
	{name: "htpasswd -bc", in: "htpasswd -bc .htpasswd ann S3cr3tX9", want: "htpasswd -bc .htpasswd ann ***"},
	{name: "htpasswd with a cost", in: "htpasswd -B -C 12 -b .htpasswd ann S3cr3tX9", want: "htpasswd -B -C 12 -b .htpasswd ann ***"},
	{name: "htpasswd without -b asks", in: "htpasswd .htpasswd ann", want: "htpasswd .htpasswd ann"},
	{name: "ldappasswd", in: "ldappasswd -x -D cn=admin -w S3cr3tX9 uid=ann", want: "ldappasswd -x -D cn=admin -w *** uid=ann"},
	{name: "7z -p", in: "7z a -pS3cr3tX9 out.7z dir", want: "7z a -p*** out.7z dir"},
	{name: "zip -P", in: "zip -P S3cr3tX9 out.zip file", want: "zip -P *** out.zip file"},
	{name: "openssl -pass", in: "openssl enc -aes-256-cbc -pass pass:S3cr3tX9 -in f", want: "openssl enc -aes-256-cbc -pass *** -in f"},
	{name: "ssh-keygen -N", in: "ssh-keygen -t ed25519 -N S3cr3tX9 -f key", want: "ssh-keygen -t ed25519 -N *** -f key"},
	{name: "keytool -storepass", in: "keytool -importcert -storepass S3cr3tX9 -keystore ks.jks", want: "keytool -importcert -storepass *** -keystore ks.jks"},
	{name: "smbclient -U user%password", in: "smbclient //srv/share -U ann%S3cr3tX9", want: "smbclient //srv/share -U ann%***"},
	{name: "smbclient password operand", in: "smbclient //srv/share S3cr3tX9 -U ann", want: "smbclient //srv/share *** -U ann"},
	{name: "nmcli password", in: "nmcli dev wifi connect Home password S3cr3tX9", want: "nmcli dev wifi connect Home password ***"},
	{name: "az login -p", in: "az login --service-principal -u app -p S3cr3tX9 --tenant t", want: "az login --service-principal -u app -p *** --tenant t"},
	{name: "sqlcmd -P", in: "sqlcmd -S db -U sa -P S3cr3tX9", want: "sqlcmd -S db -U sa -P ***"},
	{name: "mongosh -p", in: "mongosh -u admin -p S3cr3tX9", want: "mongosh -u admin -p ***"},
	// wrappers, scripts and lists
	{name: "after sudo", in: "sudo -u root mysql -pS3cr3tX9", want: "sudo -u root mysql -p***"},
	{name: "after sudo -iu", in: "sudo -iu root mysql -pS3cr3tX9", want: "sudo -iu root mysql -p***"},
	{name: "after env and timeout", in: "env MYSQL_HOST=db timeout 30 mysql -pS3cr3tX9", want: "env MYSQL_HOST=db timeout 30 mysql -p***"},
	{name: "after an assignment", in: "LANG=C /usr/bin/mysql -pS3cr3tX9", want: "LANG=C /usr/bin/mysql -p***"},
	{name: "env -S", in: "env -S 'mysql -pS3cr3tX9 db'", want: "env -S 'mysql -p*** db'"},
	{name: "in bash -c", in: `bash -c 'mysql -pS3cr3tX9 -e "select 1"'`, want: `bash -c 'mysql -p*** -e "select 1"'`},
	{name: "in bash -lc", in: "bash -lc 'sshpass -p S3cr3tX9 ssh h'", want: "bash -lc 'sshpass -p *** ssh h'"},
	{name: "in eval", in: "eval 'redis-cli -a S3cr3tX9 ping'", want: "eval 'redis-cli -a *** ping'"},
	{name: "in ssh's command", in: "ssh db1 'mysql -pS3cr3tX9'", want: "ssh db1 'mysql -p***'"},
	{name: "in ssh's words", in: "ssh -p 2222 db1 mysql -pS3cr3tX9", want: "ssh -p 2222 db1 mysql -p***"},
	{name: "in a pipeline", in: "echo hi | sudo -S mysql -pS3cr3tX9 && ls", want: "echo hi | sudo -S mysql -p*** && ls"},
	{name: "in a substitution", in: "x=$(mysql -pS3cr3tX9 -e 'select 1')", want: "x=$(mysql -p*** -e 'select 1')"},
	{name: "does not parse", in: "mysql -pS3cr3tX9 )) fi", want: "mysql -p*** )) fi"},
	{name: "webhook in JSON", in: `notify '{"url":"https://hooks.slack.com/services/T1/B1/S3cr3tX9"}'`, want: `notify '{"url":"https://hooks.slack.com/services/***"}'`},
	{name: "webhook assigned", in: "HOOK=https://hooks.slack.com/services/T1/B1/S3cr3tX9 ./notify.sh", want: "HOOK=https://hooks.slack.com/services/*** ./notify.sh"},
	{name: "ifttt key", in: "curl https://maker.ifttt.com/trigger/done/with/key/S3cr3tX9", want: "curl https://maker.ifttt.com/trigger/done/with/key/***"},
	{name: "telegram bot token", in: "curl https://api.telegram.org/botS3cr3tX9/sendMessage", want: "curl https://api.telegram.org/bot***"},
	{name: "a slack page is no webhook", in: "curl https://api.slack.com/messaging/webhooks", want: "curl https://api.slack.com/messaging/webhooks"},
}

func TestRedactSecretArgs(t *testing.T) {
	for _, tt := range secretArgTests {
		t.Run(tt.name, func(t *testing.T) {
			got := Redact(tt.in)
			if got != tt.want {
				t.Errorf("Redact(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			if strings.Contains(got, "S3cr3tX9") {
				t.Errorf("Redact(%q) keeps the secret: %q", tt.in, got)
			}
		})
	}
}

// TestRedactBoundsTheParse checks that a secret past the part that is
// parsed is still masked by the word pass where it can be, and that the
// parse does not read megabytes.
func TestRedactBoundsTheParse(t *testing.T) {
	s := "mysql -pS3cr3tX9; " + strings.Repeat("ls; ", 2*MaxParseBytes/4) + "TOKEN=S3cr3tX9"
	if got := Redact(s); strings.Contains(got, "S3cr3tX9") || len(got) > len(s) {
		t.Errorf("Redact of %d bytes keeps a secret", len(s))
	}
}

// FuzzRedactSecretArgs puts any secret in place of S3cr3tX9 in each row
// that masks it: Redact never keeps it, and never panics.
func FuzzRedactSecretArgs(f *testing.F) {
	for i := range secretArgTests {
		f.Add(uint8(i), "S3cr3tX9")
	}
	f.Add(uint8(0), "p4ss-w0rd.with~dots")
	f.Fuzz(func(t *testing.T, row uint8, secret string) {
		tt := secretArgTests[int(row)%len(secretArgTests)]
		if !strings.Contains(tt.want, "***") || !strings.Contains(tt.in, "S3cr3tX9") {
			return
		}
		// a secret made of what such secrets are made of, long enough
		// not to be another word of the row
		secret = strings.Map(func(r rune) rune {
			if r < 0x80 && isTokenByte(byte(r)) {
				return r
			}
			return -1
		}, secret)
		rest := strings.ReplaceAll(tt.in, "S3cr3tX9", "")
		if len(secret) < 6 || strings.Contains(rest, secret) || strings.Contains(Mask, secret) {
			return
		}
		in := strings.ReplaceAll(tt.in, "S3cr3tX9", secret)
		if got := Redact(in); strings.Contains(got, secret) {
			t.Fatalf("Redact(%q) = %q keeps %q", in, got, secret)
		}
	})
}

// BenchmarkRedact is what masking costs each decision logged: a typical
// command and detail, both passes and the word pass alone.
func BenchmarkRedact(b *testing.B) {
	const command = `cd "$HOME/src/app" && npm ci --silent && npm test -- --grep "unit" | tee out.log`
	const detail = "level medium (global /home/dev/.config/permguard/settings.json)"
	b.Run("both passes", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Redact(command)
			Redact(detail)
		}
	})
	b.Run("words only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			redactWords(command)
			redactWords(detail)
		}
	})
}
