package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestOf(t *testing.T) {
	rev := "0123456789abcdef0123456789abcdef01234567"
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: "2026-11-24T00:53:04Z"}, {Key: "vcs.modified", Value: "false"}}
	tests := []struct {
		name            string
		version, commit string // -ldflags -X
		info            *debug.BuildInfo
		want            string
	}{
		{name: "nothing known", want: "dev"},
		{name: "test binary", info: &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, want: "dev"},
		{name: "make build", version: "v1.2.0-3-g0123456", commit: rev,
			info: &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, want: "v1.2.0-3-g0123456 (commit 0123456789ab)"},
		{name: "make build, uncommitted changes", version: "v1.2.0-dirty", commit: rev, want: "v1.2.0-dirty (commit 0123456789ab)"},
		{name: "make build without tags", version: "0123456", commit: rev, want: "0123456 (commit 0123456789ab)"},
		{name: "go install module@version", info: &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, want: "v1.2.0"},
		{name: "go build in a checkout", info: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261124005304-0123456789ab"},
			Settings: append(vcs[:2:2], debug.BuildSetting{Key: "vcs.modified", Value: "true"})},
			want: "v0.0.0-20261124005304-0123456789ab (commit 0123456789ab, modified)"},
		{name: "go build +dirty", info: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261124005304-0123456789ab+dirty"},
			Settings: append(vcs[:2:2], debug.BuildSetting{Key: "vcs.modified", Value: "true"})},
			want: "v0.0.0-20261124005304-0123456789ab+dirty (commit 0123456789ab)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Of(tt.version, tt.commit, tt.info)
			if got.String() != tt.want {
				t.Errorf("Of(%q, %q, ...) = %q, want %q", tt.version, tt.commit, got, tt.want)
			}
			if got.Go == "" || got.Platform == "" {
				t.Errorf("Go %q, platform %q: want both", got.Go, got.Platform)
			}
		})
	}
}
