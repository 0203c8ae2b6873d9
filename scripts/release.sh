#!/usr/bin/env bash
# release.sh: stamped archives of permguard for every platform a release
# supports, and their SHA-256 checksums, in dist/. Run by "make release";
# .ci/run runs it too, so every platform builds on every change.
#
# Each archive, permguard_<version>_<os>_<arch>.tar.gz (.zip for Windows),
# holds the static binary, stamped with the version (git describe) and the
# commit as make build stamps them, README.md, LICENSE and the docs/ pages the
# README links to, so that its links resolve inside an archive. Files in the archives
# carry the commit's time, so the same commit gives the same archives.
#
# Usage: scripts/release.sh [OS/ARCH...]   (default: PLATFORMS below)
# Needs GNU tar, zip and sha256sum (a Linux machine, as CI is).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}

# The platforms of issue 16: where people run coding agents. FreeBSD
# builds (since godbus v5.2, which beeep uses for notifications) but is
# not released: nothing tests it there.
PLATFORMS=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
[ $# -gt 0 ] && PLATFORMS=("$@")

version=$(git describe --tags --match 'v*' --always --dirty 2>/dev/null || echo dev)
commit=$(git rev-parse HEAD 2>/dev/null || echo "")
when=$(git log -1 --format=%ct 2>/dev/null || date +%s)
pkg=$("$GO" list -m)/internal/cli
ldflags="-s -w -X '$pkg.Version=$version' -X '$pkg.Commit=$commit'"

rm -rf dist
mkdir -p dist
for p in "${PLATFORMS[@]}"; do
	os=${p%/*} arch=${p#*/}
	name=permguard_${version}_${os}_${arch}
	dir=dist/$name
	exe=permguard
	[ "$os" = windows ] && exe=permguard.exe
	echo "== $p"
	mkdir -p "$dir"
	GOOS=$os GOARCH=$arch CGO_ENABLED=0 "$GO" build -trimpath -ldflags="$ldflags" -o "$dir/$exe" ./cmd/permguard
	mkdir -p "$dir/docs"
	cp README.md LICENSE "$dir/"
	cp docs/*.md "$dir/docs/"
	touch -d "@$when" "$dir" "$dir"/* "$dir"/docs/*
	if [ "$os" = windows ]; then
		(cd dist && zip -q -X -r "$name.zip" "$name")
	else
		tar -C dist --sort=name --mtime="@$when" --owner=0 --group=0 --numeric-owner -czf "dist/$name.tar.gz" "$name"
	fi
	rm -rf "$dir"
done
(cd dist && sha256sum permguard_* >checksums.txt)
echo "== dist/ ($version, commit ${commit:0:12})"
cat dist/checksums.txt
