# permguard: build, test and try it. Every target but the pinned linters in
# bin/tools is phony: go decides what to rebuild.

GO       ?= go
BIN      := bin/permguard
FUZZTIME ?= 10s

# The linters are pinned here and nowhere else. Each version goes into its
# own directory under bin/tools, so a new pin installs afresh and nothing
# installed outside the checkout is assumed.
STATICCHECK_VERSION := v0.8.2
GOVULNCHECK_VERSION := v1.9.0
STATICCHECK := bin/tools/staticcheck@$(STATICCHECK_VERSION)/staticcheck
GOVULNCHECK := bin/tools/govulncheck@$(GOVULNCHECK_VERSION)/govulncheck

# VULNDB is the database govulncheck reads: a mirror, or a copy on disk
# (make lint VULNDB=file:///path/to/vulndb) where vuln.go.dev is out of reach.
VULNDB ?= https://vuln.go.dev

# The race detector needs cgo. Go turns cgo off when it finds no C compiler,
# so on such a machine the tests run without -race (and say so).
RACE := $(shell [ "$$($(GO) env CGO_ENABLED)" = 1 ] && echo -race)

.PHONY: all build schema cross release test test-race e2e e2e-agents agents-pins integrations-test fuzz bench budget bench-hook bench-box box-compat corpus lint demo clean

all: lint test build

# VERSION and COMMIT are stamped into the binary ("permguard version"):
# the nearest v* tag with the commits since and -dirty for uncommitted
# changes (the short commit when there is no tag), and the full commit. The
# package path comes from go list, so it follows the module path.
VERSION ?= $(shell git describe --tags --match 'v*' --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse HEAD 2>/dev/null)
CLI_PKG := $(shell $(GO) list -m)/internal/cli
LDFLAGS := -s -w -X '$(CLI_PKG).Version=$(VERSION)' -X '$(CLI_PKG).Commit=$(COMMIT)'

# The platforms a release supports (scripts/release.sh has the same list).
PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64

## build: a static binary in bin/, stamped with VERSION and COMMIT
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="$(LDFLAGS)" -o $(BIN) ./cmd/permguard

## schema: docs/settings.schema.json from the list of settings (internal/settings/keys.go)
schema:
	$(GO) generate ./internal/settings

## cross: go vet for every platform of a release (make release builds them)
cross:
	@set -e; for p in $(PLATFORMS); do \
		echo "== go vet $$p"; \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) vet ./...; \
	done

## release: stamped archives for every platform, with SHA-256 checksums, in dist/
release:
	GO=$(GO) scripts/release.sh $(PLATFORMS)

## test: go vet, then every test, with progress (a few minutes on 2 cores)
test:
	GO=$(GO) scripts/test.sh $(TESTFLAGS)

## test-race: the same with the race detector, which CI runs (.ci/run runs
## "make test TESTFLAGS=-race", the README's command); about three times as long
test-race:
ifeq ($(RACE),)
	@echo 'make test-race: cgo is off (no C compiler?), running the tests without -race'
endif
	$(MAKE) test TESTFLAGS=$(RACE)

## e2e: the terminal prompt of the real binary, driven in tmux (needs tmux)
e2e: build
	scripts/e2e-prompt.sh $(BIN)

## e2e-agents: the real agents (pinned in e2e/agents/package.json, from npm)
## against a mock model on 127.0.0.1, with permguard as their hook; needs Node
## and the npm registry. E2E_AGENTS=claude,codex and E2E_CASES=id,id narrow it.
# npm install, not npm ci: the lock names every platform's optional binary
# (opencode-darwin-arm64, ...), which this registry does not all serve, and
# npm ci refuses a lock whose optional packages it cannot find; npm install
# keeps the pinned versions and skips an optional package it cannot have.
# It runs only when the lock file is newer than the last install.
e2e-agents: build
	cd e2e/agents && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm install --no-audit --no-fund; }
	node e2e/agents/pins.mjs --warn
	node e2e/agents/run.mjs --bin $(BIN)

## agents-pins: fails when npm has had a newer release of an agent than its
## pin in e2e/agents/package.json for more than a week (a warning within it);
## CI runs it, so that a new release is seen the week it ships
agents-pins:
	node e2e/agents/pins.mjs

## integrations-test: the pi and opencode extensions, with Node's test runner,
## against fake permguards and the real binary, and the e2e pins check (needs
## Node 18 or later)
integrations-test: build
	@node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' 2>/dev/null || \
		{ echo 'make integrations-test: needs node 18 or later (node:test), found: '"$$(node --version 2>&1)"; exit 1; }
	node --test integrations/test/*.test.mjs e2e/agents/*.test.mjs

## fuzz: run every fuzz target for FUZZTIME (default 10s) each
fuzz:
	@set -e; found=0; \
	for pkg in $$($(GO) list ./...); do \
		for name in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			found=1; \
			echo "== $$pkg $$name"; \
			$(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime=$(FUZZTIME) $$pkg; \
		done; \
	done; \
	if [ $$found = 0 ]; then echo 'make fuzz: no fuzz targets found'; fi

## bench: every benchmark, with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## budget: the classifier benchmarks against the budgets of design §7
budget:
	scripts/bench-budget.sh

## bench-hook: whole-process permguard hook against a hello-world, interleaved
## (python3, Linux); BENCHFLAGS=--compare OTHER adds another binary's rows
bench-hook: build
	GO=$(GO) python3 scripts/bench-hook.py --bin $(BIN) $(BENCHFLAGS)

## bench-box: whole-process exec in each level's box against exec -- true,
## interleaved (python3, Linux, user namespaces)
bench-box: build
	python3 scripts/bench-box.py --bin $(BIN) $(BENCHFLAGS)

## box-compat: the everyday rows that can run here, in their level's box and
## unboxed, in two scratch projects under /var/tmp: the same exit status and
## output? (python3, Linux, user namespaces; about 4 minutes, not in make test)
box-compat: build
	python3 scripts/box-compat.py --bin $(BIN) $(COMPATFLAGS)

## corpus: score the classifier against other guards' labeled test cases
# The corpora and their scorer are not in this repository (they hold other
# projects' test cases): CORPUS and CORPUS_SCORE say where they are.
CORPUS       ?= ../shared/peer-corpus
CORPUS_SCORE ?= ../shared/tools/corpus-score
corpus:
	@ls $(CORPUS)/*.tsv >/dev/null 2>&1 && [ -f $(CORPUS_SCORE) ] || { \
		echo 'make corpus: needs the peer corpora (*.tsv in CORPUS=$(CORPUS)) and their scorer (CORPUS_SCORE=$(CORPUS_SCORE)),'; \
		echo 'which are kept outside this repository; run it as: make corpus CORPUS=DIR CORPUS_SCORE=FILE'; exit 2; }
	$(MAKE) -s build
	python3 $(CORPUS_SCORE) --bin ./$(BIN) --summary $(CORPUS)/*.tsv

## lint: gofmt -s, go vet, the dependency rules of scripts/check-deps.sh,
## staticcheck, and govulncheck when its database can be read
lint: $(STATICCHECK) $(GOVULNCHECK)
	@test -z "$$(gofmt -s -l .)" || { echo 'make lint: gofmt -s would change these files:'; gofmt -s -d .; exit 1; }
	$(GO) vet ./...
	scripts/check-deps.sh
	$(STATICCHECK) ./...
	scripts/govulncheck.sh $(GOVULNCHECK) $(VULNDB)

$(STATICCHECK):
	GOBIN=$(CURDIR)/$(@D) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

$(GOVULNCHECK):
	GOBIN=$(CURDIR)/$(@D) $(GO) install golang.org/x/vuln/cmd/govulncheck@$(GOVULNCHECK_VERSION)

## demo: build, then check a few telling commands (it shows, it never asks)
demo: build
	scripts/demo.sh $(BIN)

## clean: remove what build made
clean:
	rm -rf bin
