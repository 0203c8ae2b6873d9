package classify

import "testing"

// TestEverydayHeldOut holds spellings thought of only after issue 14's
// mechanisms were written, kept out of everydayCases: they check that the
// fixes are about option tables, runners, read patterns and where a
// delete lands, not about the words of the rows. Each gives the level a
// person expects (at most), or the harm that must stay.
func TestEverydayHeldOut(t *testing.T) {
	atMost := []struct {
		cmd   string
		level Level
	}{
		// class 1: other option spellings before the name
		{"pnpm --filter ./packages/ui... run build", Medium},
		{"pnpm -Fweb lint", Medium},
		{"pnpm --workspace-concurrency 2 -r test", Medium},
		{"npm --loglevel warn run typecheck", Medium},
		{"yarn --frozen-lockfile --cwd client test", Medium},
		// class 2: other runners and inner programs
		{"uv run --python 3.12 pytest -k smoke", Medium},
		{"poetry -C backend run pytest", Medium},
		{"pdm run -v pytest tests/unit", Medium},
		{"micromamba run -n ci python -m pytest", Medium},
		{"bundler exec rspec", Medium},
		{"pnpm --filter web exec vitest run", Medium},
		{"coverage run -p -m pytest tests", Medium},
		{"python3 -m ruff check src", Medium},
		// class 3 and 4
		{"python -m compileall -q src", Medium},
		{"llvm-objdump -d build/app.o", Minimal},
		{"printenv VIRTUAL_ENV", Minimal},
		{"openssl x509 -noout -fingerprint -sha256 -in ca.pem", Minimal},
		{"node --check scripts/release.mjs", Minimal},
		// class 5
		{"podman container ls --all", Minimal},
		{"docker compose -p web top", Minimal},
		{"kubectl -n staging get deploy,svc", Medium},
		{"gh run list --workflow ci.yml", Medium},
		{"aws logs describe-log-groups", Medium},
		{"gcloud beta run revisions list", Medium},
		// class 6
		{"rm -rf coverage htmlcov .pytest_cache", Medium},
		{"find src -name '*.orig' -delete", Medium},
		{"cd frontend && rm -rf node_modules/.cache", Medium},
		{"find . -name '*.class' -print0 | xargs -0 rm -f", Medium},
	}
	for _, tc := range atMost {
		v := Classify(tc.cmd, testEnv)
		if v.Level > tc.level || v.Dangerous {
			t.Errorf("Classify(%q) = %v dangerous=%v (rules %s), want at most %v", tc.cmd, v.Level, v.Dangerous, ruleIDs(v), tc.level)
		}
	}
	for _, cmd := range []string{
		"pdm run rm -rf ~",
		"bundle exec rm -rf /",
		"cd sub && rm -rf ../..",
		"rm -rf ./src/../.git",
		"find .git -delete",
		"hatch run -- rm -rf ~",
	} {
		if v := Classify(cmd, testEnv); !v.Dangerous {
			t.Errorf("Classify(%q) = %v (rules %s), want dangerous", cmd, v.Level, ruleIDs(v))
		}
	}
	for _, cmd := range []string{
		"kubectl -n prod get secret api-token -o jsonpath={.data}",
		"aws ssm get-parameters --with-decryption --names x",
		"gcloud secrets versions access latest --secret db",
		"npx cowsay hi",
		"uv run --extra-index-url https://x.example/simple pytest",
	} {
		if v := Classify(cmd, testEnv); v.Level < High {
			t.Errorf("Classify(%q) = %v (rules %s), want at least high", cmd, v.Level, ruleIDs(v))
		}
	}
}
